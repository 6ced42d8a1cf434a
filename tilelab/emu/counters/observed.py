"""The values a launch's own loads read, kept for the SASS replay (emu/counters/sass_replay.py).

Why: a loop whose trip count is a value loaded from memory (CSR row pointers, JDS row lengths in a
``__constant__`` array) makes the replay of the SASS's control flow give up, since it computes only
what the launch geometry and the parameters give. But the emulator has run the kernel: each thread's
load of that value was executed, at a known address, and read a known value.

How: statically (``candidates``, from the PTX alone): the 32-bit integer loads of global or constant
memory outside every PTX loop (a thread executes each at most once), that is, the loads a loop
bound or a guard is read with. Only for a launch whose count plan has a family the replay must
count over the whole kernel (sass_model's ``plan.pools``), the machine keeps, per such load and per
thread of the launch, the address it read and the value (``note``, from isa.execute). The replay
asks ``value`` for an LDG or LDC whose address it computed: where every lane's thread read that very
address with one of these loads, and all of its loads there read one value, that is the SASS's
value too (the same thread's read of the same location; a load does not move across the barriers
and stores that order it); else the value stays unknown and so does the line.
"""
from __future__ import annotations

import numpy as np

MAX_KEPT = 1 << 21           # thread slots kept per launch, all candidates together (12 bytes each)
_TYPES = ("b32", "u32", "s32")


def candidates(fn) -> tuple:
    """The pcs of the entry's 32-bit integer ld.global/ld.const outside every loop
    (cached on the function)."""
    got = fn.__dict__.get("_observed_candidates")
    if got is not None:
        return got
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    backs = [(ins.target, pc) for pc, ins in enumerate(fn.instrs[:n_entry])
             if ins.op == "bra" and isinstance(ins.target, int) and 0 <= ins.target <= pc]
    out = []
    for pc, ins in enumerate(fn.instrs[:n_entry]):
        if ins.op not in ("ld", "ldu") or not ({"global", "const"} & set(ins.mods)):
            continue
        if not any(t in ins.mods for t in _TYPES) or any(m.startswith("v") and m[1:].isdigit() for m in ins.mods):
            continue
        if len(ins.args) != 2 or ins.args[0].kind != "reg" or ins.args[1].kind != "mem":
            continue
        if any(s <= pc <= e for s, e in backs):
            continue
        out.append(pc)
    got = tuple(out)
    fn.__dict__["_observed_candidates"] = got
    return got


class Observed:
    """Per candidate load, per thread of the launch: the address read (-1: not executed) and the value."""

    def __init__(self, pcs, nthreads: int):
        self.pcs = {pc: i for i, pc in enumerate(pcs)}
        self.addr = np.full((len(pcs), nthreads), -1, dtype=np.int64)
        self.val = np.zeros((len(pcs), nthreads), dtype=np.uint32)

    @classmethod
    def for_launch(cls, fn, nthreads: int):
        """An ``Observed`` for the launch, or None (no candidate, or too many threads to keep)."""
        pcs = candidates(fn)
        if not pcs or len(pcs) * nthreads > MAX_KEPT:
            return None
        return cls(pcs, nthreads)

    def keep(self, pc: int, gtid, addr, value):
        """A candidate load executed (isa.execute): the launch's thread ids, their addresses, the values read."""
        k = self.pcs[pc]
        self.addr[k, gtid] = addr
        self.val[k, gtid] = np.asarray(value).astype(np.uint32, copy=False)

    def value(self, lanes, addr):
        """The value each of ``lanes`` (launch thread ids) read at ``addr`` (int64 per lane) with a candidate
        load, or None where one lane has no such read or its reads there disagree."""
        lanes = np.asarray(lanes)
        addr = np.broadcast_to(np.asarray(addr, dtype=np.int64), lanes.shape)
        hit = self.addr[:, lanes] == addr[None, :]              # [candidate, lane]
        if not hit.any(axis=0).all():
            return None
        vals = self.val[:, lanes]
        lo = np.where(hit, vals, np.uint32(0xFFFFFFFF)).min(axis=0)
        hi = np.where(hit, vals, np.uint32(0)).max(axis=0)
        if (lo != hi).any():
            return None
        return lo
