"""Lanes that leave a loop at different trips issue apart until their warp reconverges (docs/FIDELITY.md,
"the break store").

Why: a loop whose lanes break at different trips, with a store on the way out (ParallelGraphColoring's
``d_ColorVector[t] = NO_COLOR; break;``, collection/repro_breakstore.cu). ptxas keeps the store inside the loop's
``BSSY``/``BSYNC`` region, on the branch out of the loop, and the H200 runs the lanes that break at a trip through
it then: one request a trip at which some lane of the warp breaks (the 45 designed warps of
``references.breakstore_probe`` and 31 of the 34 warps of the graph's inputs, bench/results/fidelity-2026-12-04-
breakstore.json). The machine runs the lowest pc first, so the lanes that broke wait at the store until the loop is
done and the warp stored once.

How: each thread carries a group id (0 at the start). A branch inside a natural loop of the PTX that sends some of
a group's lanes out of the loop gives those lanes a new id, one per id they had (its parent), and the place where
the warp reconverges, the branch's immediate post-dominator (where ptxas puts the ``BSYNC``), gives them the
parent back. A global or shared access then counts a request, and its sectors or wavefronts, for each id among a
warp's lanes (``split_rows``), as the GPU issues each group apart. Only exits of loops make ids: lanes that part
at a branch inside a loop body and meet again before it ends (``if (a || b)``, whose two ways ptxas often merges
into one predicate) keep theirs.
"""
from __future__ import annotations

import numpy as np

from .cfg import flow, per_function
from .counters.sass_model import sass_key


def loop_exits(fn) -> dict | None:
    """``{branch pc: (taken side leaves, fall-through side leaves, join pc or -1)}`` for the conditional branches
    that leave a natural loop; None where there are none (or an indirect branch makes the flow unknown)."""
    return _parts(fn)[0]


def tail_joins(fn) -> dict | None:
    """``{branch pc: join}`` of the loop exits whose join is the head of a break path that ends the thread, taken
    because the loop's normal end returns at once (``_region``'s ``past``): where the cubin has a ``BSYNC`` there
    (PMPP's pull BFS), the breaking lanes wait at it; ``without_barrier`` checks."""
    return _parts(fn)[1]


def _parts(fn) -> tuple:
    """``loop_exits`` and ``tail_joins`` of ``fn``, from one pass of ``_region`` over each function (cached)."""
    got = fn.__dict__.get("_loop_exit_parts")
    if got is None:
        tails: dict = {}

        def region(instrs, a, b):
            exits, t = _region(instrs, a, b)
            tails.update(t)
            return exits
        got = fn.__dict__["_loop_exit_parts"] = (per_function(fn, "_loop_exits", region), tails or None)
    return got


_MEMORY = {"LDG", "STG", "LDS", "STS", "LD", "ST", "ATOM", "ATOMG", "ATOMS", "RED", "REDG"}


def _sass_kinds(x) -> set:
    """The SASS ops that may stand for the PTX access ``x``: a shared or global load or store's own (``sass_key``'s
    LDS, STS, LDG, STG), any memory op for another access."""
    space = next((m for m in ("shared", "global") if m in x.mods), None)
    key = sass_key(space, x.op, 4) if space else None
    return {key.split(".")[0]} if key else _MEMORY


def without_barrier(exits: dict, fn, listing, where) -> dict:
    """``exits`` with the join of each ``tail_joins`` exit dropped (-1: the lanes never meet again before they end)
    where the cubin enters the break path with no convergence barrier: the block holding the first SASS memory
    instruction of the path's first access line has no ``BSYNC`` before it and no ``BSSY``'s label in it.
    OpenPCDet's ``points_in_boxes_kernel`` (collection/opcdra_roiaware_pool3d_kernel.cu): ptxas puts no ``BSSY``
    around its box loop, and the lanes that
    break at a trip store then, one request a trip (ncu's 134 where a join at the break path's head gives 38);
    PMPP's pull BFS, the same shape in the PTX, has its ``BSYNC`` at the break path's head
    (tests/test_loop_exits.py)."""
    tails = tail_joins(fn)
    if not tails:
        return exits
    ins = fn.instrs
    out = dict(exits)
    reconverge = {ln.label for ln in listing if ln.op == "BSSY"}
    for b, j in tails.items():
        if b not in out or out[b][2] != j:
            continue
        pc, first, seen = j, None, set()        # the path from the join: straight (jumps followed) to the thread's end
        while 0 <= pc < len(ins) and pc not in seen:
            seen.add(pc)
            x = ins[pc]
            if x.op in ("ret", "exit") and x.guard is None:
                break
            if x.op == "bra" and x.guard is None:
                pc = x.target
                continue
            if x.op in ("bra", "ret", "exit", "call", "bar", "barrier"):
                pc = -1                             # not a tail that only ends the thread
                break
            if first is None and x.op in ("ld", "st", "atom", "red") and x.line:
                first = pc
            pc += 1
        if not (0 <= pc < len(ins)) or first is None:
            continue
        pc = first
        w = where(ins[pc])
        # the access's own SASS instruction: a line may hold the loop's loads too (ASTRA's DART mask, whose compare
        # `d[o1 + col] != d[o2]` and break store `m[o2] = 1.0f` share line 120: the LDG inside the loop has no
        # barrier in its block, the STG after the BSYNC has one), so one of the access's kind comes first
        kind = _sass_kinds(ins[pc])
        at = next((k for k, ln in enumerate(listing) if ln.where == w and ln.op in kind), None)
        if at is None and kind is not _MEMORY:
            at = next((k for k, ln in enumerate(listing) if ln.where == w and ln.op in _MEMORY), None)
        if at is None:
            continue
        barrier = False                         # a BSYNC, or a BSSY's reconvergence label, in the access's block
        for k in range(at, -1, -1):
            ln = listing[k]
            if ln.op == "BSYNC" or set(ln.labels) & reconverge:
                barrier = True
                break
            if k < at and ln.op in ("BRA", "EXIT", "RET", "BREAK") and not ln.pred:
                break
        if not barrier:
            out[b] = out[b][:2] + (-1,)
    return out


def _region(instrs, a: int, b: int) -> tuple[dict, dict]:
    """The loop exits of one function's instructions [a, b), and those of them ``tail_joins`` names."""
    f = flow(instrs, a, b)
    if f is None:
        return {}, {}
    heads, end, succ, back, state = f.heads, f.end, f.succ, f.back, f.reached
    block_of = {pc: h for h in heads for pc in range(h, end[h])}
    if not back:
        return {}, {}
    pred = {h: [] for h in heads}
    for h in heads:
        for t in succ[h]:
            pred[t].append(h)
    body = {}
    for u, hd in back:
        seen = body.setdefault(hd, {hd})
        work = [u]
        while work:
            x = work.pop()
            if x not in seen:
                seen.add(x)
                work.extend(pred[x])
    sides = {}                  # block -> (taken side leaves, fall-through side leaves), over every loop it is in
    for blocks in body.values():
        for h in blocks:
            ins = instrs[end[h] - 1]
            if ins.op != "bra" or not ins.guard or end[h] >= b:
                continue
            taken_out, fall_out = block_of.get(ins.target) not in blocks, end[h] not in blocks
            if taken_out != fall_out:
                t0, f0 = sides.get(h, (False, False))
                sides[h] = (t0 or taken_out, f0 or fall_out)
    exits = set(sides)
    if not exits:
        return {}, {}
    # where the join is a block that only ends the thread (the ``ret``), ptxas puts an EXIT on the ways that go
    # straight there: those lanes leave the warp's convergence barrier rather than wait at it, and the join is
    # where the other ways meet (a break path whose loop's normal end returns at once reconverges at the break
    # path's head: collection/pmppl_bfs.cu)
    gone = {h for h in heads if all(instrs[pc].op in ("ret", "exit") and not instrs[pc].guard
                                    and not instrs[pc].func for pc in range(h, end[h]))}
    more = True
    while more:                 # and a block that only jumps to one (``bra.uni $L__BB1_7;`` to the ``ret``)
        more = False
        for h in heads:
            ins = instrs[h]
            if h not in gone and end[h] == h + 1 and ins.op == "bra" and not ins.guard and ins.target in gone:
                gone.add(h)
                more = True
    live = {h: [t for t in succ[h] if t not in gone] for h in heads}
    reach = [h for h in heads if h in state]
    ipdom = _ipdoms(reach, succ, exits)
    past = [h for h in exits if ipdom.get(h) in gone]
    if past:
        ipdom.update(_ipdoms(reach, live, past))
    tails = {end[h] - 1: ipdom[h] for h in past if ipdom.get(h) is not None and ipdom[h] not in gone}
    lost = [h for h in exits if ipdom.get(h) is None or ipdom[h] in gone]
    if lost:
        ipdom.update(_past_returns(lost, body, succ, gone, end, instrs, reach))
    return {end[h] - 1: (t, f, -1 if ipdom.get(h) is None else ipdom[h]) for h, (t, f) in sides.items()}, tails


def _past_returns(lost, body, succ, gone, end, instrs, reach) -> dict:
    """Joins for the exits ``lost`` that have none before the thread ends, where a loop's ways out part into
    straight-line tails that each end the thread (a ``return`` inside the loop, with or without a store of its own,
    beside the code after the loops). ptxas gives each loop its convergence barrier at its own way out and takes
    the returning lanes out of it (``BREAK B0``, ``BREAK B1`` and a branch to the tail's ``BSYNC``, or an ``EXIT``):
    so an exit's join is its post-dominator with its loops' other ways into such tails left out, and an exit into a
    tail of its own (the returning lanes) joins at the tail's head, where the lanes returning from every trip and
    loop wait together (collection/cunsrch_kernels.cu, tests/test_loop_exit_returns.py)."""
    tails = set(gone)
    more = True
    while more:                 # blocks that run straight, with no branch of their own, into a tail or the ``ret``
        more = False
        for h in reach:
            if h in tails or len(succ[h]) != 1 or succ[h][0] not in tails:
                continue
            last = instrs[end[h] - 1]
            if last.guard and last.op in ("bra", "ret", "exit"):
                continue
            tails.add(h)
            more = True
    out = {}
    for h in lost:
        loops = [blocks for blocks in body.values() if h in blocks and any(t not in blocks for t in succ[h])]
        cut = {(g, t) for blocks in loops for g in blocks if g != h for t in succ[g]
               if t not in blocks and t in tails}
        if cut:
            j = _ipdoms(reach, {g: [t for t in succ[g] if (g, t) not in cut] for g in succ}, [h]).get(h)
            if j is not None:
                out[h] = j
                continue
        leave = [t for t in succ[h] if t in tails and t not in gone and any(t not in blocks for blocks in loops)]
        if len(leave) == 1:
            out[h] = leave[0]
    return out


def _ipdoms(blocks, succ, want) -> dict:
    """The immediate post-dominator of each block of ``want`` (None: only the exit), over bit sets of the blocks."""
    bit = {h: 1 << k for k, h in enumerate(blocks)}
    full = (1 << len(blocks)) - 1
    pdom = {h: (full if succ[h] else bit[h]) for h in blocks}
    order = blocks[::-1]
    changed = True
    while changed:
        changed = False
        for h in order:
            if not succ[h]:
                continue
            meet = full
            for t in succ[h]:
                meet &= pdom.get(t, full)
            new = bit[h] | meet
            if new != pdom[h]:
                pdom[h] = new
                changed = True
    out = {}
    for h in want:
        if h not in pdom or pdom[h] == full:     # no way from it ends the thread: no join to wait at
            continue
        strict = pdom[h] & ~bit[h]
        best, size = None, -1
        for d in blocks:
            if strict & bit[d]:
                c = pdom[d].bit_count()
                if c > size:
                    best, size = d, c
        out[h] = best
    return out


class ExitGroups:
    """The threads' group ids (see the module's docstring); made by the machine at the first loop exit that
    parts a group's lanes."""

    def __init__(self, T: int, exits: dict, n: int):
        self.ids = np.zeros(T, dtype=np.int64)
        self.first = np.zeros(T, dtype=bool)       # lanes that left a loop and run before its other lanes
        self.going = False
        self.parent = np.zeros(64, dtype=np.int64)
        self.join = np.full(64, -1, dtype=np.int64)
        self.next = 1
        self.is_join = np.zeros(n + 1, dtype=bool)
        for _, _, j in exits.values():
            if j >= 0:
                self.is_join[j] = True

    def leave(self, lanes, take, entry) -> None:
        """Lanes of a group part at a loop exit: those that leave get new ids (one per id they had)."""
        taken_out, fall_out, j = entry
        go = take if taken_out else ~take
        movers = lanes[go]
        if not len(movers):
            return
        old = self.ids[movers]
        u, inv = np.unique(old, return_inverse=True)
        base = self.next
        self.next += len(u)
        if self.next > len(self.parent):
            grow = max(self.next, 2 * len(self.parent))
            self.parent = np.concatenate([self.parent, np.zeros(grow - len(self.parent), np.int64)])
            self.join = np.concatenate([self.join, np.full(grow - len(self.join), -1, np.int64)])
        self.parent[base:base + len(u)] = u
        self.join[base:base + len(u)] = j
        self.ids[movers] = base + inv
        self.first[movers] = True
        self.going = True

    def arrive(self, lanes, pc: int) -> bool:
        """Lanes at ``pc``, where some loop exit's lanes reconverge: ids made for this join go back to their parents.
        True where some of them were going first (they now wait for the loop's other lanes)."""
        went = False
        if self.going:
            f = self.first[lanes]
            if f.any():
                self.first[lanes] = False
                went = True
        ids = self.ids[lanes]
        while True:
            mine = self.join[ids] == pc
            if not mine.any():
                break
            ids = np.where(mine, self.parent[ids], ids)
        self.ids[lanes] = ids
        return went

    def stop_going(self) -> None:
        """No lane that went first can run now (they ended, or wait at a barrier): the usual order again."""
        self.first[:] = False
        self.going = False

    def split_rows(self, m, idx, mat, act):
        """Rows of a warp access (``warp_matrix``'s) with lanes of several groups: one row per group, each with
        its own lanes on, as the GPU issues each group apart."""
        ids, _ = m.warp_matrix(idx, self.ids[m.lanes(idx)], fill=-1)
        big = np.iinfo(np.int64).max
        lo = np.where(act, ids, big).min(axis=1)
        hi = np.where(act, ids, -1).max(axis=1)
        multi = np.flatnonzero(hi > lo)
        if not multi.size:
            return mat, act
        act = act.copy()
        extra_m, extra_a = [], []
        for r in multi:
            row_act = act[r].copy()
            for k, v in enumerate(np.unique(ids[r][row_act])):
                sel = row_act & (ids[r] == v)
                if k == 0:
                    act[r] = sel
                else:
                    extra_m.append(mat[r])
                    extra_a.append(sel)
        return np.vstack([mat, np.array(extra_m)]), np.vstack([act, np.array(extra_a)])
