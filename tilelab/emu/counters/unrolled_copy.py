"""A copy loop ptxas unrolled fully (counts="sass"): its trips' accesses counted as the SASS makes them.

NVVM compiles a struct assignment it does not expand (``sdata[bl_tid] = gdata[tid];`` of BLAKE3-gpu's 1,200-byte
``struct Chunk``, collection/blz3_dark_blaze3.cu:298) into a one-block counted loop with no source line (``.loc 1
0``): ``ld.global.v2.u32`` off one induction register, ``st.shared.v2.u32`` off another, both stepped by 8, the
counter compared with 150. ``find_loops`` models a loop as unrolled only up to ``MAX_TRIPS`` (64) trips; ptxas
unrolls this one fully all the same: 150 ``LDG.E.64`` and 75 ``STS.128`` (each pair of adjacent trips' 8-byte
stores one 16-byte store, the shared array's elements lying on 16-byte multiples), which it places on the lines
of the instructions scheduled before them (298 and 235), none on line 0. It also drops the ``ld.global.u32
[%rd58+1092]`` NVVM reads just before the loop (the struct's flags): trip 136 loads those bytes again, and
nothing between writes global memory.

The rule (``copy_loops``, ``decide``), proved from the SASS:

- the PTX side: a one-block loop with a constant trip count above ``MAX_TRIPS`` (``find_loops`` with a larger
  bound) whose body is a copy: nothing but loads and stores of global or shared memory, without memory-order
  qualifiers, off registers the body only advances by a constant, those steps, and the counter's compare;
- the model: the whole entry predicted with the loop unrolled (``predict``), every access outside the loop cut
  as without it; a load before the loop, in the straight code that falls into it, unguarded and plain, whose
  bytes one trip's load of the same base register reads again, with no store, atomic, fence, barrier or call
  that could write global memory between (``redundant_loads``), taken as no access, but only where the cubin
  agrees (else it stays counted);
- the cubin's side: per SASS family the loop's accesses have (LDG, STS, ...), the whole entry's accesses of it
  are the model's key for key (width for width), and every line whose count of such a family differs from the
  model's (the lines ptxas moved the trips' accesses to) has its other families the model's key for key. Those
  lines, the loop's and the dropped load's are then decided together, as one group: their units planned the
  model's way (``sass_model._assign``: per trip, the first of each merged pair counts one 16-byte access, the
  second nothing), the dropped load silent.

Where any of that fails the lines stay as the check left them ("as in the PTX", undecided).
"""
from __future__ import annotations

from collections import Counter

from .sunk import ORDERED

#: the longest copy loop modelled as unrolled (ptxas unrolled BLAKE3's 150 trips, and a 300-trip ``u32`` copy)
MAX_COPY_TRIPS = 1024
#: what writes (or orders) global memory between a load and the copy's load of the same bytes
_GLOBAL_WRITERS = {"atom", "red", "bar", "barrier", "membar", "fence", "call", "cp", "cp.async", "mbarrier",
                   "stmatrix", "tensormap", "cp.async.bulk", "ret", "exit", "trap", "brx", "bra"}


def _fam(key: str) -> str:
    return key.split(".")[0]


def copy_loops(fn, loops, access, max_trips: int) -> list:
    """Of ``loops`` (the entry's one-block loops found up to ``MAX_COPY_TRIPS`` trips), those with a constant trip
    count above ``max_trips`` (what the model unrolls itself) whose body is a copy: only plain global and shared loads
    and stores off the registers the body advances by a constant, those advances, and the compare the back edge
    tests. ``access`` reads an instruction's memory access (sass_model passes its own: no import back)."""
    _access = access
    out = []
    for L in loops:
        if L.trips <= max_trips:
            continue
        step_pcs = {at for _, at in L.steps.values()}
        ok, any_access = True, False
        for pc in range(L.start, L.end):
            ins = fn.instrs[pc]
            if pc in step_pcs or (ins.op == "setp" and not ins.guard and ins.args
                                  and ins.args[0].name == fn.instrs[L.end].guard):
                continue
            acc = _access(pc, ins)
            if (acc is None or ins.guard or acc.space not in ("global", "shared") or acc.base not in L.steps
                    or any(q in ORDERED for q in acc.quals)):
                ok = False
                break
            any_access = True
        if ok and any_access:
            out.append(L)
    return out


def redundant_loads(fn, L, writes, access) -> dict:
    """``{pc: trip}`` of the global loads before copy loop ``L``, in the straight code that falls into it (no label
    nor branch between), unguarded and plain, whose bytes the loop's load of the same base register reads in that
    trip, the register unchanged up to the loop and nothing between that writes or orders global memory (no global
    or generic store, atomic, fence, barrier, call). ptxas reads those bytes once, in the copy. ``access`` as for
    ``copy_loops``."""
    _access = access
    targets = {ins.target for ins in fn.instrs if ins.op in ("bra", "brx")}
    copy_loads = [acc for pc in range(L.start, L.end) if (acc := _access(pc, fn.instrs[pc])) is not None
                  and acc.kind == "ld" and acc.space == "global"]
    # the body itself must not write global memory (a copy into global memory could overwrite the bytes first)
    if any((acc := _access(pc, fn.instrs[pc])) is not None and acc.kind == "st" and acc.space != "shared"
           for pc in range(L.start, L.end)):
        return {}
    out: dict = {}
    written: set = set()
    for pc in range(L.start - 1, -1, -1):
        ins = fn.instrs[pc]
        if (pc + 1 < L.start and pc + 1 in targets) or ins.op in _GLOBAL_WRITERS or ins.func:
            break
        acc = _access(pc, ins)
        if acc is not None and acc.kind == "st" and acc.space in ("global", "generic"):
            break
        if (acc is not None and acc.kind == "ld" and acc.space == "global" and not ins.guard
                and not any(q in ORDERED or q == "volatile" for q in acc.quals) and acc.base not in written):
            for c in copy_loads:
                if c.base != acc.base:
                    continue
                step, at = L.steps[c.base]
                for j in range(L.trips):
                    lo = c.offset + step * (j + (at < c.pc))
                    if lo <= acc.offset and acc.offset + acc.size <= lo + c.size:
                        out[pc] = j
                        break
                if pc in out:
                    break
        written |= writes(ins)
    return out


def _of(mixes, fam: str) -> Counter:
    """The keys of family ``fam`` over several lines' mixes, summed."""
    out: Counter = Counter()
    for m in mixes:
        out.update({k: n for k, n in m.items() if _fam(k) == fam})
    return out


def _counted_on(u, fn, where):
    """The (file, line) a unit's static count belongs to (``sass_model._agreeing``'s)."""
    return where(min((fn.instrs[pc] for pc in u.pcs), key=lambda i: (i.file, i.line)))


def decide(fn, L, base: list, units: list, trial: list, redundant: dict, cub: dict, where,
           compared) -> tuple | None:
    """Whether copy loop ``L`` is one ptxas unrolled fully, proved from the cubin ``cub`` (module docstring):
    ``base``, the entry's accesses as ``predict`` cut them without ``L`` unrolled; ``units``, as the check then
    planned them (``base`` after its other rules); ``trial``, as cut with ``L`` unrolled. Returns ``(the new units,
    the lines decided together, the pcs of the loads ptxas dropped)``, or None."""
    inside = set(range(L.start, L.end))
    mine = lambda u: any(pc in inside for pc in u.pcs)  # noqa: E731
    if Counter((u.pcs, u.key, u.size) for u in base if not mine(u)) != \
            Counter((u.pcs, u.key, u.size) for u in trial if not mine(u)):
        return None                      # unrolling it moved a merge outside the loop: not this rule
    looped = [u for u in trial if mine(u)]
    if not looped or any(not all(pc in inside for pc in u.pcs) for u in looped) or any(u.key is None for u in looped):
        return None
    fams = {_fam(u.key) for u in looped}
    have: dict = {}
    for w, mix in cub.items():
        have[w] = Counter({k: n for k, n in mix.items() if _fam(k) in compared})
    for dropped in ([redundant] if redundant else []) + [{}]:
        new = [u for u in units if not mine(u) and not (len(u.pcs) == 1 and u.pcs[0] in dropped)] + looped
        model: dict = {}
        for u in new:
            if u.key:
                model.setdefault(_counted_on(u, fn, where), Counter())[u.key] += 1
        if any(_of(have.values(), F) != _of(model.values(), F) for F in fams):
            continue
        lines = {where(fn.instrs[pc]) for u in looped for pc in u.pcs} | {where(fn.instrs[pc]) for pc in dropped}
        for w in set(have) | set(model):
            h, m = have.get(w, Counter()), model.get(w, Counter())
            if any(_of([h], F) != _of([m], F) for F in fams):
                lines.add(w)
        if any(Counter({k: n for k, n in have.get(w, {}).items() if _fam(k) not in fams}) !=
               Counter({k: n for k, n in model.get(w, {}).items() if _fam(k) not in fams}) for w in lines):
            continue
        return new, sorted(lines, key=lambda w: (str(w[0]), w[1])), frozenset(dropped)
    return None
