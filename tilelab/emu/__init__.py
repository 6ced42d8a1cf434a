"""The PTX emulator, through one front door: what the rest of tilelab uses of it.

    run(kernel, grid, block, args, ..., counting=Counting("sass", "sm_90")) -> EmuResult

Inside: the machine (machine.py: launch set-up, the lockstep scheduler), what instructions do
(isa.py, operands.py, calls.py, devio.py, intrinsics.py, numerics.py, memory.py, ptx.py), and
two wings: ``counters/`` (what a profiler reads: the request and bank rules, the SASS model,
predication, replay, the printf cost, the per-line tally) and ``sanitizer/`` (what a sanitizer
reports: findings, names, provenance, global races, uninitialised reads, device state).
Modules outside tilelab/emu/ import from here only (held by the import contracts in
pyproject.toml); tests and benchmarks may reach further.
"""
from __future__ import annotations

from ..toolchain.arch import DEFAULT_ARCH
from .counters.ifconvert import sass_unread
from .counters.metrics import (
                               BANK_BYTES,
                               METRIC_KEYS,
                               NUM_BANKS,
                               SEEN_TOTALS,
                               ideal_wavefronts,
                               request_breakdown,
                               request_lanes_per_phase,
                               shared_wavefronts,
)
from .counting import COUNT_MODES, Counting, check_counts
from .intrinsics import uses_grid_sync
from .isa import access_bytes, mma_fragment_map
from .machine import EmuResult, linked, parsed, run
from .modvars import symbol_keys
from .ptx import parse
from .sanitizer.findings import Finding
from .specialregs import reads as special_register_reads

__all__ = [
    "run", "EmuResult", "symbol_keys", "Counting", "COUNT_MODES", "DEFAULT_ARCH", "check_counts",
    "parse", "parsed", "linked", "uses_grid_sync", "sass_unread", "special_register_reads", "Finding",
    "METRIC_KEYS", "SEEN_TOTALS", "NUM_BANKS", "BANK_BYTES", "shared_wavefronts", "request_breakdown",
    "request_lanes_per_phase", "ideal_wavefronts", "access_bytes", "mma_fragment_map",
]
