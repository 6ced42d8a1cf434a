"""The order the scheduler runs a kernel's code in: the PTX's, unless a join lies above its way in.

The machine runs the runnable threads with the lowest place first (machine.py), and a warp's lanes
that parted at a branch meet again where the later of them arrives: the first place all of them reach.
That is the PTX's order where every forward edge of the control flow goes down the listing (NVVM's
usual layout). But NVVM sometimes puts a block above the code that jumps into it: SParry's
``delta_stepping`` ends its ``while (1)`` with ``*nowIsNull = 1; *quickBreak = 0; __syncthreads();``
in a block laid out above the loops that branch to it (``$L__BB0_42``, falling through to the outer
loop's head), so the lanes of a warp that skip the last inner loop ran those stores at once and the lanes
that ran the loop ran them again later: two stores where the GPU's warp stores once. ptxas brackets the
loop with ``BSSY B0, L`` ... ``L: BSYNC B0`` right above the two ``STG``: the warp waits for all its
lanes there and stores once (ncu: 2,240 executions of each store, 32 warps in each of 70 passes).

``schedule_order`` returns, for such a function, each instruction's rank in a topological order of its
blocks over the forward edges (the edges a depth-first walk from the function's start does not find
going back to a block on its path: loops' back edges), choosing at every step the ready block that
comes first in the PTX, so the order is the PTX's wherever the PTX's order is one (then it returns
None, and the scheduler compares places as before). A join block then ranks below every block that
jumps into it by a forward edge, and lanes wait there for the others, as at ptxas's ``BSYNC``.
A function with an indirect branch (``brx.idx``) keeps the PTX's order.
"""
from __future__ import annotations

import heapq

import numpy as np

from .cfg import flow, per_function


def schedule_order(fn) -> np.ndarray | None:
    """Each pc's rank (a permutation of ``range(len(fn.instrs) + 1)``), or None where it is the pc itself."""
    cached = fn.__dict__.get("_schedule_order", False)
    if cached is not False:
        return cached
    instrs = fn.instrs
    n = len(instrs)
    starts = sorted({0} | {int(v["start"]) for v in (getattr(fn, "func_info", None) or {}).values()})
    out = None
    if n and not any(i.op == "brx" for i in instrs):
        ranks = []
        for a, b in zip(starts, starts[1:] + [n]):
            r = _region(instrs, a, b)
            if r is None:
                ranks = None
                break
            ranks.extend(r)
        if ranks is not None and any(p != q for p, q in zip(ranks, range(n))):
            out = np.empty(n + 1, dtype=np.int64)           # and n itself (past the end) ranks n
            out[np.asarray(ranks + [n], dtype=np.int64)] = np.arange(n + 1, dtype=np.int64)
    fn.__dict__["_schedule_order"] = out
    return out


def _region(instrs, a: int, b: int):
    """The pcs of one function's instructions [a, b) in scheduling order (None: leave it as it is)."""
    f = flow(instrs, a, b)
    if f is None:
        return None
    heads, end, succ, back, state = f.heads, f.end, f.succ, set(f.back), f.reached
    reach = [h for h in heads if h in state]
    indeg = {h: 0 for h in reach}
    for h in reach:
        for t in succ[h]:
            if (h, t) not in back:
                indeg[t] += 1
    ready = [h for h in reach if indeg[h] == 0]
    heapq.heapify(ready)
    order = []
    while ready:
        h = heapq.heappop(ready)
        order.append(h)
        for t in succ[h]:
            if (h, t) not in back:
                indeg[t] -= 1
                if indeg[t] == 0:
                    heapq.heappush(ready, t)
    if len(order) != len(reach):
        return None
    if order == reach:                     # the PTX's order is one: keep every place as it is
        return list(range(a, b))
    placed = set(order)
    # blocks nothing reaches keep their place relative to nothing: after the rest, in the PTX's order
    order += [h for h in heads if h not in placed]
    return [pc for h in order for pc in range(h, end[h])]


def latch_joins(fn) -> dict | None:
    """``{(pc, head pc): body's last pcs}`` for the back edges of loops that have more than one (cu-smallpt's
    ``while (true)`` whose ``switch`` cases each jump back to the loop's head: collection/cusmpt_kernel.cu);
    ``pc`` is the last instruction of the block the back edge leaves (a ``bra`` to the head, or the instruction
    before the head where the block falls into it). None where there are none (or a ``brx.idx``).

    Why: the scheduler runs the lowest place first, so a warp's lanes meet again at a loop's one latch (its last
    block): every other lane of the trip comes first. With several latches the lanes of the earliest jump back
    and run the next trip, its loads included, while the others still finish this one: the warp issues the trip
    twice or more. ptxas gives such a loop one back edge, after the ``BSYNC`` where the ways of the body meet
    (cu-smallpt's SASS: ``BSYNC B2; BRA .L_x_106``), so the warp runs each trip once. The machine makes lanes
    that take one of these back edges wait, at the head, until no lane ranks below the loop body's last place
    (machine.py, ``latched``)."""
    return per_function(fn, "_latch_joins", _latches)


def _latches(instrs, a: int, b: int) -> dict:
    f = flow(instrs, a, b)
    if f is None:
        return {}
    heads, end, succ = f.heads, f.end, f.succ
    by_head: dict = {}
    for u, hd in f.back:
        by_head.setdefault(hd, set()).add(u)
    pred = {h: [] for h in heads}
    for h in heads:
        for t in succ[h]:
            pred[t].append(h)
    def natural(hd, us):
        body, work = {hd}, list(us)
        while work:
            x = work.pop()
            if x not in body:
                body.add(x)
                work.extend(pred[x])
        return body

    out = {}
    for hd, us in by_head.items():
        if len(us) < 2:
            continue
        # a back edge whose loop lies inside another's of the same head is an inner loop NVVM gave the outer
        # one's head (quicksort's ``for (;;) { while (a[++r] < p); ... }``: the ``while`` is the head block's
        # own back edge): ptxas makes it a loop of its own, nested in the outer one, whose lanes loop with no
        # wait for the outer trip's others; only the outer loop's latches wait
        own = {u: natural(hd, [u]) for u in us}
        us = {u for u in us if not any(v != u and own[u] < own[v] for v in us)}
        if len(us) < 2:
            continue
        lasts = sorted(end[h] - 1 for h in natural(hd, us))
        for u in us:
            out[(end[u] - 1, hd)] = lasts
    return out
