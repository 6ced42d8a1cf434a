"""Shared stores ptxas makes one at a join (counts="sass"; docs/SASS_COUNTS.md, "A store a guarded store overwrites").

``s[tid] = -1; if (c) s[tid] = g[k];`` (AGAL's lattice-Boltzmann kernels): NVVM stores the -1, branches over
the guarded load and store, and joins::

    st.shared.u32 [%rd1], %r50;        // S1: every lane
    ... setp ...
    @%p bra L;
    ld.global.u32 %r31, [...];
    st.shared.u32 [%rd1], %r31;        // S2: the lanes that fall through
  L:

ptxas keeps the value in one register (-1, then the loaded word under the guard) and stores it once, after
the join: ``@!P0 LDG R13, ...; STS [R0], R13``. A warp issues that one STS for every lane that ran S1 (all of
them reach the join), at S1's addresses: S1's request and wavefronts, and none of S2's. The PTX counts both.

The rule (PTX side): an unguarded, unordered ``st.shared`` S2 right before the label of a conditional forward
branch that is the label's only way in, with nothing but register arithmetic and plain global / constant /
param loads between the branch and S2 and no other label there; before the branch, after only register
arithmetic (no label), an unguarded, unordered ``st.shared`` S1 of the same type, to the same address
operand (base and offset), whose base no instruction between S1 and S2 writes. ``build_plan`` then takes S2
out of the model's accesses and counts it as a part of S1 (nothing of its own) where the cubin holds one
STS less than the PTX over the kernel for each such pair.
"""
from __future__ import annotations

from .sunk import ORDERED

_BARRIER = {"st", "atom", "red", "bar", "barrier", "membar", "fence", "call", "ret", "exit", "trap", "cp",
            "mbarrier", "tex", "suld", "sust", "wmma", "mma", "ldmatrix", "stmatrix", "vote", "shfl", "match",
            "redux", "activemask", "bra", "brx", "setmaxnreg", "griddepcontrol", "prefetch", "prefetchu",
            "discard", "nanosleep", "cvta"}
_PLAIN_SPACES = ("global", "const", "param")


def _shared_store(ins) -> bool:
    return (ins.op == "st" and "shared" in ins.mods and not ins.guard and len(ins.args) >= 2
            and ins.args[0].kind == "mem" and not any(q in ins.mods for q in ORDERED))


def _quiet(ins) -> bool:
    """Register arithmetic, or a plain load of global / constant / param memory (no shared access, store,
    barrier, branch or anything with an effect another lane or the store could see)."""
    if ins.op in ("ld", "ldu"):
        return any(s in ins.mods for s in _PLAIN_SPACES) and not any(q in ins.mods for q in ORDERED)
    if ins.op == "cvta":
        return True                      # an address conversion, register arithmetic
    return ins.op not in _BARRIER


_TYPE_BITS = {"b8": 8, "u8": 8, "s8": 8, "b16": 16, "u16": 16, "s16": 16, "f16": 16, "bf16": 16,
              "b32": 32, "u32": 32, "s32": 32, "f32": 32, "f16x2": 32, "bf16x2": 32,
              "b64": 64, "u64": 64, "s64": 64, "f64": 64}


def _bytes(ins):
    """The bytes a store writes per lane (its type's width times its vector length), None if unknown."""
    t = next((m for m in reversed(ins.mods) if m in _TYPE_BITS), None)
    if t is None:
        return None
    return _TYPE_BITS[t] // 8 * next((int(m[1]) for m in ins.mods if m in ("v2", "v4", "v8")), 1)


def _same_kind(s1, s2) -> bool:
    """The same store but for its type's name: the same space and qualifiers, as many bytes (``st.shared.u64``
    of the 0.0 bit pattern and ``st.shared.f64`` of a loaded double are one STS.64 to ptxas)."""
    rest = lambda ins: tuple(m for m in ins.mods if m not in _TYPE_BITS and m not in ("v2", "v4", "v8"))  # noqa: E731
    return rest(s1) == rest(s2) and _bytes(s1) is not None and _bytes(s1) == _bytes(s2)


def overwritten_stores(fn, n_entry: int, writes) -> dict:
    """``{S2 pc: S1 pc}``: the PTX's shared stores a guarded store of the same address overwrites up to a join
    (module docstring); ``writes(ins)``: the registers an instruction writes (sass_model._writes).

    The guarded region may hold several such stores (``s[4t+0..3] = 0.0; if (c) { s[4t+0] = x[j]; ...
    s[4t+3] = q[j]; }``, Gauss-Legendre-Spherical-t's Coulomb tile): every instruction between the branch and
    its label is register arithmetic, a plain global / constant / param load, or an unguarded, unordered
    ``st.shared`` S2, the last one right before the label; each S2 has its own S1 in the run of unguarded,
    unordered ``st.shared`` and register arithmetic right before the branch (no label there), to the same
    address operand with as many bytes, whose base nothing between S1 and S2 writes. All the stores of both
    runs share one base register (two bases could alias, which ptxas would have to keep apart)."""
    instrs = fn.instrs[:n_entry]
    into: dict = {}
    for i, ins in enumerate(instrs):
        if ins.op == "bra" and getattr(ins, "target", None) is not None:
            into.setdefault(ins.target, []).append(i)
    out = {}
    for pb, br in enumerate(instrs):
        if br.op != "bra" or not br.guard or getattr(br, "target", None) is None:
            continue
        lab = br.target
        if lab <= pb + 1 or lab > len(instrs) or len(into.get(lab, ())) != 1:
            continue
        if any(q in into for q in range(pb + 1, lab)) or not _shared_store(instrs[lab - 1]):
            continue
        s2s = [q for q in range(pb + 1, lab) if _shared_store(instrs[q])]
        if not all(_quiet(instrs[q]) for q in range(pb + 1, lab) if q not in s2s):
            continue
        base = instrs[s2s[0]].args[0].name
        if any(instrs[q].args[0].name != base for q in s2s):
            continue
        # the run before the branch: the last store to each offset, back to a label or anything else
        s1_at: dict = {}
        p = pb - 1
        while p >= 0 and p + 1 not in into:
            ins = instrs[p]
            if _shared_store(ins):
                if ins.args[0].name != base:
                    break
                s1_at.setdefault(ins.args[0].offset, p)
            elif not _quiet(ins):
                break
            p -= 1
        pairs = {}
        for p2 in s2s:
            s2 = instrs[p2]
            p1 = s1_at.get(s2.args[0].offset)
            if p1 is None or p1 in pairs.values() or not _same_kind(instrs[p1], s2):
                break
            if any(base in writes(instrs[q]) for q in range(p1 + 1, p2)):
                break
            pairs[p2] = p1
        else:
            out.update(pairs)
    return out
