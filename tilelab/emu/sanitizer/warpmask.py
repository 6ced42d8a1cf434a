"""A warp-synchronous instruction run by a lane that its own member mask leaves out.

``__shfl_sync(0xff, v, src)`` called by all 32 lanes of a warp, ``__ballot_sync(0xffff, p)`` from a whole warp:
the PTX ISA leaves ``shfl.sync``, ``vote.sync``, ``match.sync``, ``redux.sync`` and ``bar.warp.sync`` undefined
for a thread that is not in its membermask (the mask must name every lane that calls it). A GPU gives whatever
its hardware gives today, often the answer a full mask would; the emulator ran the instruction as before, and
says so here: the line, the first such lane, its mask, and how many lanes ran it so.
"""
from __future__ import annotations

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
