"""The values a launch's own loads read, kept for the SASS replay (emu/counters/sass_replay.py).

Why: a loop whose trip count is a value loaded from memory (CSR row pointers, JDS row lengths in a
``__constant__`` array) makes the replay of the SASS's control flow give up, since it computes only
what the launch geometry and the parameters give. But the emulator has run the kernel: each thread's
load of that value was executed, at a known address, and read a known value.

How: statically (``candidates``, from the PTX alone): the 32- and 64-bit integer loads of global or constant
memory outside every PTX loop (a thread executes each at most once), that is, the loads a loop
bound or a guard is read with. Only for a launch whose count plan has a family the replay must
count over the whole kernel (sass_model's ``plan.pools``), the machine keeps, per such load and per
thread of the launch, the address it read and the value (``note``, from isa.execute). The replay
asks ``value`` for an LDG or LDC whose address it computed: where every lane's thread read the bytes there
with one of these loads, and all of its loads of them read one value, that is the SASS's
value too (a 64-bit PTX load's low or high word where ptxas loads only the word the kernel uses: CUDA_AES's
``u32 threadRange = *range`` of a ``u64*``, an LDG of 4 bytes) (the same thread's read of the same location; a load does not move across the barriers
and stores that order it); else the value stays unknown and so does the line.
"""
from __future__ import annotations

import numpy as np

MAX_KEPT = 1 << 21           # thread slots kept per launch, all candidates together (16 bytes each)
_TYPES = {"b32": 4, "u32": 4, "s32": 4, "b64": 8, "u64": 8, "s64": 8}


def candidates(fn) -> tuple:
    """The pcs of the entry's 32- and 64-bit integer ld.global/ld.const outside every loop
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


def width(ins) -> int:
    """The bytes a candidate load reads (4 or 8)."""
    return next(w for t, w in _TYPES.items() if t in ins.mods)


class Observed:
    """Per candidate load, per thread of the launch: the address read (-1: not executed) and the value (its bytes
    little-endian in a uint64; ``width``: 4 or 8 bytes a candidate)."""

    def __init__(self, pcs, nthreads: int, widths=None):
        self.pcs = {pc: i for i, pc in enumerate(pcs)}
        self.width = np.asarray(widths if widths is not None else [4] * len(pcs), dtype=np.int64)
        self.addr = np.full((len(pcs), nthreads), -1, dtype=np.int64)
        self.val = np.zeros((len(pcs), nthreads), dtype=np.uint64)

    @classmethod
    def for_launch(cls, fn, nthreads: int):
        """An ``Observed`` for the launch, or None (no candidate, or too many threads to keep)."""
        pcs = candidates(fn)
        if not pcs or len(pcs) * nthreads > MAX_KEPT:
            return None
        return cls(pcs, nthreads, [width(fn.instrs[pc]) for pc in pcs])

    def type(self, pc: int) -> str:
        """The type a candidate's destination is read back as (isa.execute)."""
        return "u64" if self.width[self.pcs[pc]] == 8 else "u32"

    def keep(self, pc: int, gtid, addr, value):
        """A candidate load executed (isa.execute): the launch's thread ids, their addresses, the values read."""
        k = self.pcs[pc]
        self.addr[k, gtid] = addr
        self.val[k, gtid] = np.asarray(value).astype(np.uint64, copy=False)

    def value(self, lanes, addr, nbytes: int = 4):
        """The ``nbytes`` (4 or 8) each of ``lanes`` (launch thread ids) read at ``addr`` (int64 per lane) with
        candidate loads (a load of those bytes or of a wider range holding them), as uint32 or uint64, or None where
        one lane has no such read or its reads of them disagree."""
        lanes = np.asarray(lanes)
        addr = np.broadcast_to(np.asarray(addr, dtype=np.int64), lanes.shape)
        start = self.addr[:, lanes]                              # [candidate, lane]
        shift = addr[None, :] - start
        hit = (start >= 0) & (shift >= 0) & (shift + nbytes <= self.width[:, None])
        if not hit.any(axis=0).all():
            return None
        mask = np.uint64((1 << (8 * nbytes)) - 1)
        vals = (self.val[:, lanes] >> (8 * np.clip(shift, 0, 7)).astype(np.uint64)) & mask
        lo = np.where(hit, vals, mask).min(axis=0)
        hi = np.where(hit, vals, np.uint64(0)).max(axis=0)
        if (lo != hi).any():
            return None
        return lo.astype(np.uint32 if nbytes == 4 else np.uint64)
