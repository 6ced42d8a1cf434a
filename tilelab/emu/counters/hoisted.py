"""Shared loads ptxas hoisted out of a loop (counts="sass"): read once a warp each time it enters the loop.

NVVM leaves a loop-invariant shared load inside a loop where something it cannot see through stands in the
loop: ``__ldg``'s inline asm (a memory clobber) in MNN's layer norms, ``for (...) out[i] = (in[i] - mean) *
rsqrtf(s_variance); if (gamma && beta) out[i] = ... __ldg(&gamma[i]) ...``. ptxas sees plain PTX, knows that
no store, atomic or barrier of shared memory stands in the loop, and reads the word once, before it: ncu
counts that ``LDS`` once a warp (bench/results/ncu-sass-lines-2026-12-06-unseen.json.gz, MNN's
``input_layernorm``: 32 executions, one a warp, where the PTX's load runs a warp's every trip).

The rule, proved from the SASS: a PTX shared load with no guard and no memory-order qualifier, in a loop (the
pcs from a backward ``bra``'s target to the ``bra``), off an address no instruction of the loop writes, with no
store, atomic, barrier, fence, call or async copy in the loop that could touch shared memory; its line has
that one shared load in the PTX and that one ``LDS`` in the SASS, and the ``LDS`` lies outside every SASS loop
while the line's loop still is one in the SASS (a backward ``BRA`` of one of the loop's lines). Such a load
counts for a warp only the first time it runs after the warp entered the loop (action ``("hoisted", entries)``:
the pcs from which control enters the loop, where the machine marks the warps as new to it).
"""
from __future__ import annotations

from .sunk import _plain_load

HOISTED = "hoisted"
#: what in a loop may write shared memory (or order it): a load outside it cannot be moved past these
_WRITERS = {"st", "atom", "red", "bar", "barrier", "membar", "fence", "call", "cp", "cp.async", "mbarrier", "stmatrix",
            "wmma", "tensormap", "cp.async.bulk", "ret", "exit", "trap"}


def _loops(fn, n_entry: int) -> list[tuple[int, int]]:
    """(target, branch) of every backward ``bra`` of the entry: the loops' pcs as the PTX lays them out."""
    out = []
    for pc in range(n_entry):
        ins = fn.instrs[pc]
        if ins.op == "bra" and ins.target is not None and ins.target <= pc:
            out.append((ins.target, pc))
    return out


def candidates(fn, n_entry: int, writes) -> dict:
    """{load pc: (loop target, loop branch)} of the PTX side of the rule (innermost loop first)."""
    out: dict = {}
    for t, b in sorted(_loops(fn, n_entry), key=lambda L: L[1] - L[0]):
        body = [fn.instrs[pc] for pc in range(t, b + 1)]
        if any(i.op in _WRITERS and not (i.op == "st" and "global" in i.mods) for i in body):
            continue
        written = set()
        for i in body:
            written |= writes(i)
        for pc in range(t, b + 1):
            ins = fn.instrs[pc]
            if pc in out or not (_plain_load(ins) and "shared" in ins.mods) or not ins.args or len(ins.args) < 2:
                continue
            addr = ins.args[1]
            if addr.kind != "mem" or addr.name in written:     # its base a symbol, or a register the loop keeps
                continue
            out[pc] = (t, b)
    return out


def _sass_loops(listing) -> list[tuple[int, int, tuple]]:
    """(target address, branch address, branch's source line) of every backward BRA of the listing."""
    at = {}
    for s in listing:
        for lab in s.labels:
            at[lab] = s.addr
    out = []
    for s in listing:
        if s.op == "BRA" and s.label in at and at[s.label] <= s.addr:
            out.append((at[s.label], s.addr, s.where))
    return out


def hoisted_loads(fn, n_entry: int, listing, where, writes) -> dict:
    """{load pc: ("hoisted", entry pcs)} of the loads the rule (module docstring) proves ptxas read once before
    their loop. ``listing``: a callable giving the entry's ``sass_listing`` (built only where a candidate
    exists); ``where``: a PTX instruction's (file, line); ``writes``: the registers an instruction writes."""
    cands = candidates(fn, n_entry, writes)
    if not cands:
        return {}
    sass = list(listing())
    loops = _sass_loops(sass)
    out: dict = {}
    for pc, (t, b) in cands.items():
        w = where(fn.instrs[pc])
        ptx_loads = [p for p in range(n_entry) if where(fn.instrs[p]) == w and fn.instrs[p].op in ("ld", "ldu")
                     and "shared" in fn.instrs[p].mods]
        lds = [s for s in sass if s.where == w and s.op == "LDS"]
        if len(ptx_loads) != 1 or len(lds) != 1 or lds[0].pred:
            continue
        loop_lines = {where(fn.instrs[p]) for p in range(t, b + 1)}
        sass_loop = [L for L in loops if L[2] in loop_lines]
        if not sass_loop or any(lo <= lds[0].addr <= hi for lo, hi, _ in loops):
            continue
        # where control enters the loop: falling into its first pc, and every branch to it from outside
        entries = ([t - 1] if t > 0 and not _unconditional_jump(fn.instrs[t - 1]) else []) + \
            [p for p in range(n_entry) if not t <= p <= b and fn.instrs[p].op == "bra" and fn.instrs[p].target == t]
        entries = tuple(sorted(set(entries)))
        if entries:
            out[pc] = (HOISTED, entries)
    return out


def _unconditional_jump(ins) -> bool:
    return ins.op in ("bra", "ret", "exit") and not ins.guard
