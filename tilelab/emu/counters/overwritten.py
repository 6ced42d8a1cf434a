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


def overwritten_stores(fn, n_entry: int, writes) -> dict:
    """``{S2 pc: S1 pc}``: the PTX's shared stores a guarded store of the same address overwrites up to a join
    (module docstring); ``writes(ins)``: the registers an instruction writes (sass_model._writes)."""
    instrs = fn.instrs[:n_entry]
    into: dict = {}
    for i, ins in enumerate(instrs):
        if ins.op == "bra" and getattr(ins, "target", None) is not None:
            into.setdefault(ins.target, []).append(i)
    out = {}
    for p2, s2 in enumerate(instrs):
        if not _shared_store(s2) or p2 + 1 >= len(instrs) or len(into.get(p2 + 1, ())) != 1:
            continue
        pb = into[p2 + 1][0]
        br = instrs[pb]
        if pb >= p2 or not br.guard:
            continue
        if any(q in into for q in range(pb + 1, p2 + 1)) or not all(_quiet(instrs[q]) for q in range(pb + 1, p2)):
            continue
        p1 = pb - 1
        while p1 >= 0 and _quiet(instrs[p1]) and p1 + 1 not in into:
            p1 -= 1
        if p1 < 0 or p1 + 1 in into:
            continue
        s1 = instrs[p1]
        a1, a2 = s1.args[0], s2.args[0]
        if not _shared_store(s1) or s1.mods != s2.mods or (a1.name, a1.offset) != (a2.name, a2.offset):
            continue
        if any(a1.name in writes(instrs[q]) for q in range(p1 + 1, p2)):
            continue
        out[p2] = p1
    return out
