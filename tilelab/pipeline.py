"""Is there a pipeline? What a launch's Tensor Core instructions overlap with, measured on the emulator.

A cp.async pipeline (lesson 06) issues the copies of a later stage and commits them as a group,
then runs the Tensor Core instructions (``mma``) of the current stage while that group is still
in flight: issued, committed, not yet waited for (``cp.async.wait_group``). A kernel that waits
for every copy before it computes (one stage) never has a committed group in flight when its
``mma`` run. ``Overlap`` watches a launch (``tilelab.launch.launch(watch=...)``, called before every
instruction) and records, per ``mma`` instruction (pc), how many warps executed it and how many
of those had a committed copy group of their own in flight; ``per_line`` folds that by source line.
The grading judge's ``pipeline`` part compares the share of overlapped ``mma`` with the reference
pipeline's at the same size (tilelab/judge.py).

A TMA pipeline (lesson 07) is the same with ``wgmma.mma_async`` for ``mma`` and the block's TMA
loads for the warp's copy groups: a ``wgmma`` overlaps when a TMA load of its block is in flight
(issued, its mbarrier not yet waited for).
"""
from __future__ import annotations

import numpy as np


class Overlap:
    def __init__(self):
        self.per_pc: dict = {}        # pc -> [warp executions, those with a committed group in flight]
        self.lines: dict = {}         # pc -> source line

    def __call__(self, m, ins, idx):
        tensor = ins.op == "mma" or (ins.op == "wgmma" and "mma_async" in ins.mods)
        if not tensor:
            return
        lanes = m.lanes(idx)
        if not len(lanes):
            return
        if getattr(self, "_machine", None) is not m:          # warps as a mask over the launch's warp ids
            self._machine, self._nwarps = m, int(m.warp_global.max()) + 1
        warps = np.zeros(self._nwarps, dtype=bool)
        warps[m.warp_global[lanes]] = True
        busy = np.zeros(self._nwarps, dtype=bool)
        st = m.async_state
        if ins.op == "wgmma":
            busy[self._tma_busy(m, lanes)] = True
        elif st.entries:
            mine = np.zeros(m.T, dtype=bool)
            mine[lanes] = True
            ln = np.concatenate([e[0] for e in st.entries])      # every copy in flight, at once
            grp = np.concatenate([e[3] for e in st.entries])
            sel = mine[ln] & (grp < st.committed[ln])            # committed, and not landed yet
            busy[m.warp_global[ln[sel]]] = True
        pc = m_pc(m, ins)
        c = self.per_pc.setdefault(pc, [0, 0])
        c[0] += int(warps.sum())
        c[1] += int((warps & busy).sum())
        self.lines[pc] = ins.line

    @staticmethod
    def _tma_busy(m, lanes) -> np.ndarray:
        """The warps of ``lanes`` whose block has a TMA load in flight (issued, its barrier not
        waited for yet: tilelab/emu/tma.py lands a load only at the wait that needs it). One
        thread issues a block's loads for every warp, so the block, not the warp, owns them."""
        s = getattr(m, "tma", None)
        if s is None or not s.loads:
            return np.zeros(0, dtype=np.int64)
        blocks = np.unique(m.block_local[np.array([cp.lane for cp in s.loads])])
        mine = lanes[np.isin(m.block_local[lanes], blocks)]
        return np.unique(m.warp_global[mine])

    @property
    def mma(self) -> int:
        return sum(c[0] for c in self.per_pc.values())

    @property
    def overlapped(self) -> int:
        return sum(c[1] for c in self.per_pc.values())

    @property
    def share(self) -> float:
        return self.overlapped / self.mma if self.mma else 0.0

    def per_line(self) -> list[dict]:
        out: dict = {}
        for pc, (n, busy) in self.per_pc.items():
            d = out.setdefault(self.lines[pc], {"line": self.lines[pc], "mma": 0, "overlapped": 0})
            d["mma"] += n
            d["overlapped"] += busy
        return [out[k] for k in sorted(out)]


def m_pc(m, ins) -> int:
    """The pc of ``ins`` in the machine's function (instructions are unique objects)."""
    index = getattr(m, "_pipeline_pc", None)
    if index is None:
        index = m._pipeline_pc = {id(x): i for i, x in enumerate(m.fn.instrs)}
    return index[id(ins)]
