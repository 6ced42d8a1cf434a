"""Special registers a kernel could use to tell the emulator from a GPU, with GPU-like values.

On a GPU ``%smid`` differs from block to block, ``%warpid`` is a warp's slot on its SM (not
``threadIdx / 32``), and the clocks move. If the emulator answered 0 everywhere, a kernel that
branches on them would be right here and wrong on hardware. So each launch takes a *variant*:
variant 0 is what every ordinary run sees; the judge runs a kernel again under variant 1 and a
difference in the output is a finding (tilelab.judge), because the output of a right kernel
does not depend on where or when its blocks ran.

Values (H100/H200 SXM): 132 SMs, 64 warp slots per SM, ``%clock`` at about 1.7 GHz, counted
from the emulator's own progress so that a later read is never smaller than an earlier one.

Per launch (``per_launch``): ``%gridid`` counts the launches of the process, 1, 2, 3, ... as on
the H200 (variant 0), or is a large number (variant 1: a process with a long history);
``%envreg0``..``%envreg31`` (driver-defined) are the H200's values (variant 0) or random bits
(variant 1), the grid workspace of ``%envreg1/2`` set over them where a kernel has one;
``%nsmid`` is 132, or 144 under variant 1 (the SM identifiers are not contiguous, PTX ISA:
%nsmid may exceed the SM count), the 132 ``%smid`` values then drawn from 0..143.
The H200's values: bench/results/gpu_timing_attacks-2026-12-02.json ("registers": four
consecutive launches read %gridid 1, 2, 3, 4, %nsmid 132, %nwarpid 64, and these %envreg).
"""
from __future__ import annotations

import itertools
import threading
import weakref

import numpy as np

NSMID = 132            # SMs on an H100/H200 SXM
WARP_SLOTS = 64        # resident warps per SM (%nwarpid)
CYCLES_PER_STEP = 4    # clock cycles one emulated instruction step stands for
NSMID_SPARSE = 144     # %nsmid under variant 1: the SM ids of a full GH100 die, 132 of them in use
ENVREGS = tuple(f"%envreg{i}" for i in range(32))
#: %envreg0..31 as an H200 returned them to a plain (not cooperative) launch, 2026-12-02
H200_ENVREG = (58995400, 32591, 3871342592, 0, 0, 0, 1, 0, 0, 0, 288) + (0,) * 21
NAMES = ("%smid", "%nsmid", "%warpid", "%nwarpid", "%clock", "%clock_hi", "%clock64", "%globaltimer",
         "%globaltimer_lo", "%globaltimer_hi", "%gridid") + ENVREGS

_launches = itertools.count(1)
_launches_lock = threading.Lock()


def nsmid(variant: int = 0) -> int:
    return NSMID if not variant else NSMID_SPARSE


def per_launch(variant: int = 0) -> dict:
    """The special registers one launch shares across all its blocks: ``%gridid`` and the
    ``%envreg*`` (the machine sets the grid workspace's %envreg1/2 over these when it has one)."""
    if not variant:
        with _launches_lock:
            grid = next(_launches)
        out = {"%gridid": np.uint64(grid)}
        out.update({r: np.uint32(v) for r, v in zip(ENVREGS, H200_ENVREG)})
        return out
    rng = np.random.default_rng(0x67_1d + 104729 * int(variant))
    out = {"%gridid": np.uint64(rng.integers(1 << 20, 1 << 40))}
    env = rng.integers(0, 1 << 32, size=len(ENVREGS), dtype=np.uint64).astype(np.uint32)
    out.update({r: env[i] for i, r in enumerate(ENVREGS)})
    return out


def registers(m, variant: int = 0) -> dict:
    """GPU-like values of the special registers of ``NAMES`` for machine ``m`` (one chunk of blocks).

    Callables of the lane index, which operands.read evaluates at the instruction that reads them;
    each per-thread table is built on first use, so a kernel that reads none pays nothing.
    """
    u = np.uint32
    m = weakref.proxy(m)          # the clocks read the machine's progress; no cycle keeps it alive
    cache: dict = {}

    def table(name):
        if not cache:
            rng = np.random.default_rng(0x5eed + 7919 * int(variant))
            sm_of = (rng.permutation(NSMID) if not variant else                  # the 132 SMs' ids
                     rng.choice(nsmid(variant), size=NSMID, replace=False)).astype(np.int64)
            bid = m.block_linear[::m.tpb]                       # one entry per block of the chunk
            sm_block = sm_of[bid % NSMID]
            # blocks that share an SM get different warp slots: the (bid // NSMID)-th resident block
            slot_block = ((bid // NSMID) * m.wpb + int(rng.integers(0, WARP_SLOTS))) % WARP_SLOTS
            clock_sm = rng.integers(1 << 20, 1 << 30, size=nsmid(variant), dtype=np.int64)  # per SM id
            cache["%smid"] = sm_block[m.block_local].astype(u)
            cache["%warpid"] = ((slot_block[m.block_local] + m.tid_in_block // 32) % WARP_SLOTS).astype(u)
            cache["clock0"] = clock_sm[sm_block][m.block_local]
            cache["time0"] = int(rng.integers(1 << 40, 1 << 50))                 # ns since boot
        return cache[name]

    def fixed(name):
        return lambda idx: table(name) if idx is None else table(name)[idx]

    def clock64(idx):
        c = table("clock0") if idx is None else table("clock0")[idx]
        return (c + m.lane_steps // 32 * CYCLES_PER_STEP).astype(np.uint64)

    def clock32(idx):
        return (clock64(idx) & np.uint64(0xFFFFFFFF)).astype(u)

    def clock_hi(idx):
        return (clock64(idx) >> np.uint64(32)).astype(u)

    def globaltimer(idx):
        n = m.T if idx is None else len(idx)
        # nanoseconds: about one per 1.7 cycles, the same on every SM
        return np.full(n, table("time0") + m.lane_steps // 32 * CYCLES_PER_STEP * 10 // 17, dtype=np.uint64)

    return {
        "%smid": fixed("%smid"), "%nsmid": u(nsmid(variant)),
        "%warpid": fixed("%warpid"), "%nwarpid": u(WARP_SLOTS),
        "%clock": clock32, "%clock_hi": clock_hi, "%clock64": clock64,
        "%globaltimer": globaltimer,
        "%globaltimer_lo": lambda idx: (globaltimer(idx) & np.uint64(0xFFFFFFFF)).astype(u),
        "%globaltimer_hi": lambda idx: (globaltimer(idx) >> np.uint64(32)).astype(u),
    }


def reads(fn) -> list[str]:
    """The special registers of ``NAMES`` that function ``fn`` reads (for the judge's message)."""
    seen = []
    for ins in fn.instrs:
        for op in ins.args:
            if op.kind == "special" and op.name in NAMES and op.name not in seen:
                seen.append(op.name)
    return seen
