"""What the driver's ``vprintf`` costs in Nsight Compute's counts (counts="sass").

Device ``printf`` is a call to ``vprintf``, which the driver links in when the module loads:
its loads and stores are in no PTX and no cubin the emulator reads, but ncu counts them in
the kernel's totals (docs/FIDELITY.md, "printf"). ncu's source page shows the call
(``CALL.ABS.NOINC``) and nothing of the body, so the cost is measured, not read: eleven
probes on the H200 (driver 580.159.04, bench/results/fidelity-2026-12-01-run4-probes.json,
collection/repro_printf.cu) each changed one thing, and one rule fits all of them and the
three recorded kernels that print (simple_printf's testKernel, cgkernel, reproPrintfWarp).
For every warp that calls vprintf:

* global loads, one sector each (every lane reads the same bytes): 3 for every byte of the
  format string and of each ``%s`` argument, terminating NUL included, plus 2;
* global stores: 222, less 7 for each argument (of any type); every lane that prints writes
  its own record, so each store touches one sector per such lane;
* 12 shared-load instructions with no lane on (requests without wavefronts);
* 5 shared-atomic wavefronts (generic atomics, no shared-atomic request): what a call costs
  when no other warp's call overlaps it. Calls of several warps at once cost less, by how
  they overlap (2 warps: 9, not 10; 4 warps: 18 to 20 in four runs), which is the GPU's
  timing: the collection's manifest sets those totals apart.

Another driver may cost differently; the rule says which one it was measured on.
"""
from __future__ import annotations

from ..messages import msg

DRIVER = "580.159.04"
LOADS_PER_BYTE = 3
BASE_LOADS = 2
BASE_STORES = 222
STORES_PER_ARGUMENT = 7
SHARED_LOADS_NO_LANE = 12
SHARED_ATOM_WAVEFRONTS = 5


def warp_cost(string_bytes: int, arguments: int, lanes: int) -> dict:
    """ncu's counts for one warp's vprintf call.

    ``string_bytes``: the bytes the call reads as strings (format string and ``%s``
    arguments, each with its NUL); ``arguments``: the conversions the format has;
    ``lanes``: the lanes of the warp that print."""
    loads = BASE_LOADS + LOADS_PER_BYTE * int(string_bytes)
    stores = max(0, BASE_STORES - STORES_PER_ARGUMENT * int(arguments))
    return {"global_ld_requests": loads, "global_ld_requests_active": loads, "global_ld_sectors": loads,
            "global_st_requests": stores, "global_st_requests_active": stores,
            "global_st_sectors": stores * int(lanes), "shared_ld_requests": SHARED_LOADS_NO_LANE,
            "shared_atom_wavefronts": SHARED_ATOM_WAVEFRONTS}


def note(calls: int) -> str:
    """The per-line reason the SASS-aware count has what the PTX has not."""
    return msg("counts.vprintf" if calls != 1 else "counts.vprintf_one", calls=calls, driver=DRIVER)
