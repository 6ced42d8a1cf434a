"""A warp-synchronous instruction run by a lane that its own member mask leaves out.

``__shfl_sync(0xff, v, src)`` called by all 32 lanes of a warp, ``__ballot_sync(0xffff, p)`` from a whole warp:
the PTX ISA leaves ``shfl.sync``, ``vote.sync``, ``match.sync``, ``redux.sync`` and ``bar.warp.sync`` undefined
for a thread that is not in its membermask (the mask must name every lane that calls it). A GPU gives whatever
its hardware gives today, often the answer a full mask would; the emulator ran the instruction as before, and
says so here: the line, the first such lane, its mask, and how many lanes ran it so.

The second finding (``warp_sync_apart``, :func:`apart`): lanes at one of these instructions whose mask names a
live lane of their warp that waits somewhere it cannot leave for them (a ``__syncthreads()``, or a warp-synchronous
instruction of another kind). On a GPU the named lanes wait for each other: a hang, or values the ISA leaves
undefined. The emulator has to let them go on without their mates (they would wait forever), so it says so rather
than hand back what the absent lanes' registers happened to hold (the Euro-Par k-NN baseline at 1,780 points, whose
per-lane flush test sends lanes 20-31 to the full-mask shuffles one step early).
"""
from __future__ import annotations

import os

import numpy as np

from ..operands import read
from .findings import said

#: the operand that holds the member mask, per warp-synchronous op (bar.warp.sync: emu/isa.py's _bar_dispatch)
MASK_OPERAND = {"shfl": 4, "vote": 2, "match": 2, "redux": 2, "bar": 0}

_NAMES = {"shfl": "__shfl*_sync", "vote": "__all/__any/__ballot_sync", "match": "__match*_sync",
          "redux": "__reduce*_sync", "bar": "__syncwarp"}


def check(m, ins, idx):
    """Report the lanes of this group whose own member mask leaves them out (one finding per line)."""
    k = MASK_OPERAND[ins.op]
    if k >= len(ins.args):
        return
    op = ins.args[k]
    if op.kind == "imm" and (int(op.value) & 0xFFFFFFFF) == 0xFFFFFFFF:
        return                                              # the full mask: every lane is in it
    lanes = m.lanes(idx)
    mask = np.broadcast_to(np.asarray(read(m, op, "b32", idx)), (len(lanes),)).astype(np.uint64)
    out = ((mask >> m.lane[lanes].astype(np.uint64)) & np.uint64(1)) == 0
    if out.any():
        i = int(np.argmax(out))
        m.finding("warp_sync_mask", ins, int(lanes[i]), None,
                  said("finding.lane_not_in_mask", lane=int(m.lane[lanes[i]]), mask=f"0x{int(mask[i]):08x}",
                       what=_NAMES[ins.op]), int(out.sum()))


def parked_elsewhere(m, op: str):
    """Threads parked at a warp-synchronous instruction other than ``op`` (a shuffle's lanes cannot meet a vote's or a
    __syncwarp's; those let go alone too, until they run it), or waiting at a block barrier: the mates that cannot come
    to an ``op`` (a bool per thread), or None where no thread waits anywhere."""
    held = m.shfl_parked if m.shfl_alone is None else m.shfl_alone if m.shfl_parked is None else \
        m.shfl_parked | m.shfl_alone                       # parked, or let go alone and not yet run (machine._unpark)
    if held is None and not m.block_waiting.any():
        return None                                         # the common case, checked per block: nobody waits
    out = m.waiting.copy()
    if held is not None and held.any():
        p = np.flatnonzero(held)
        out[p[np.fromiter((m.fn.instrs[int(pc)].op != op for pc in m.pc[p]), dtype=bool, count=len(p))]] = True
    return out


def apart(m, lanes, elsewhere, ins=None) -> None:
    """Report the ``lanes`` (indices, each at its pc's warp-synchronous instruction, or all at ``ins`` when they run it
    now: their m.pc is stale while a group runs) whose member mask names a live lane of their warp in ``elsewhere``
    (a bool per thread) and not at the same instruction with them: one finding per line, naming the first such
    lane, the absent mate and where that mate waits."""
    if elsewhere is None or not elsewhere.any():
        return
    groups = [(ins, lanes)] if ins is not None else \
        [(m.fn.instrs[int(pc)], lanes[m.pc[lanes] == pc]) for pc in np.unique(m.pc[lanes])]
    for ins, at in groups:
        k = MASK_OPERAND.get(ins.op)
        if k is None or k >= len(ins.args):
            continue
        if ins.op in ("shfl", "vote") and "sync" not in ins.mods:
            mask = np.full(len(at), 0xFFFFFFFF, dtype=np.int64)     # the pre-Volta forms meet as a full mask's
        else:
            mask = np.broadcast_to(np.asarray(read(m, ins.args[k], "b32", at)), (len(at),)).astype(np.int64)
        gone = elsewhere & m.alive
        gone[at] = False
        warps, wrow = np.unique(m.warp_global[at], return_inverse=True)
        mates = np.flatnonzero(np.isin(m.warp_global, warps) & gone)
        if not len(mates):
            continue
        away = np.zeros(len(warps), dtype=np.int64)
        mrow = np.searchsorted(warps, m.warp_global[mates])
        np.bitwise_or.at(away, mrow, np.int64(1) << m.lane[mates].astype(np.int64))
        hit = (mask & away[wrow]) != 0
        if not hit.any():
            continue
        i = int(np.argmax(hit))
        t = int(at[i])
        named = mates[(mrow == wrow[i]) & (((mask[i] >> m.lane[mates].astype(np.int64)) & 1) != 0)]
        mate = int(named[0])
        file, line = m.where(m.fn.instrs[int(m.pc[mate])])
        there = said("finding.apart_barrier" if m.waiting[mate] else "finding.apart_other")
        m.finding("warp_sync_apart", ins, t, None,
                  said("finding.lanes_apart", lane=int(m.lane[t]), what=_NAMES.get(ins.op, ins.op),
                       mate=int(m.lane[mate]), mask=f"0x{int(mask[i]) & 0xFFFFFFFF:08x}",
                       place=f"{os.path.basename(file)}:{line}", there=there), int(hit.sum()))
