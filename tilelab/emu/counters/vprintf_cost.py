"""What the driver's ``vprintf`` costs in Nsight Compute's counts (counts="sass").

Device ``printf`` is a call to ``vprintf``, which the driver links in when the module loads:
its loads and stores are in no PTX and no cubin the emulator reads, but ncu counts them in
the kernel's totals (docs/FIDELITY.md, "printf"). ncu's source page shows the call
(``CALL.ABS.NOINC``) and nothing of the body, so the cost is measured, not read: fifteen
probes on the H200 (driver 580.159.04; bench/results/fidelity-2026-12-01-run4-probes.json.gz and -run5.json,
collection/repro_printf.cu) each changed one thing, and one rule fits every total of them
but one (below) and of the kernels of the collection that print (simple_printf's testKernel,
cgkernel).
For every warp that calls vprintf:

* global loads: 3 for every byte of the format string and of each ``%s`` argument,
  terminating NUL included (for each string, as many as its longest lane needs), plus 2;
  one sector each where the lanes read the same bytes, and where they read strings of their
  own, the sectors of the lanes still reading at each byte (string_reads);
* global stores: 222, less 7 for each argument (of any type) — checked up to 12 arguments;
  every lane that prints writes its own record, so each store touches one sector per such
  lane. Lanes whose ``%s`` strings differ in length issue more store requests (the same
  sectors): the bytes of each ``%s``'s longest lane, summed over the arguments, less the total of
  the lane with the fewest (string_spread). Measured on 20 probes on the H200, 1 to 4 lanes, one
  to three ``%s`` a lane of 1 to 33 characters (bench/results/fidelity-2026-12-02-vprintf-strings*.json);
  a first rule (each string's difference, the largest) was refuted by one of four predictions, and
  of the three rules that then fitted, two probes chosen to tell them apart left this one;
* 12 shared-load instructions with no lane on (requests without wavefronts);
* 5 shared-atomic wavefronts (generic atomics, no shared-atomic request): what a call costs
  when no other warp's call overlaps it. Calls of several warps at once cost less, by how
  they overlap (2 warps: 9, not 10, in five runs; testKernel's 4 warps: 17 to 19 in six runs), which is the GPU's
  timing: the collection's manifest sets those totals apart. Measured again on 14 blocks' calls of one
  line (collection/repro_printf.cu, bench/results/fidelity-2026-12-03-samecubin-printf.json): 70 when
  the blocks print in turn, 61 and 62 when they print at once, 57 and 58 in CUB's decoupled look-back.

Another driver may cost differently; the rule says which one it was measured on. What it adds is
also kept apart per instruction (``EmuResult.driver_per_pc``), so the judge can grade a kernel's
own accesses whether or not a debugging printf was left in it (``tilelab.judge.kernel_counts``).
"""
from __future__ import annotations

import numpy as np

from ...messages import msg

DRIVER = "580.159.04"
LOADS_PER_BYTE = 3
BASE_LOADS = 2
BASE_STORES = 222
STORES_PER_ARGUMENT = 7
SHARED_LOADS_NO_LANE = 12
SHARED_ATOM_WAVEFRONTS = 5
SECTOR_BYTES = 32


def string_reads(strings) -> tuple[int, int]:
    """(load instructions, sectors) of the string loop for one warp.

    ``strings``: per string vprintf reads (the format, then each ``%s`` argument), the
    lanes' ``(address, bytes with the NUL)`` or None. The warp runs each string's loop for
    its longest lane; at byte j the lanes still reading touch the sectors of their own
    ``address + j`` (the same format string: one sector)."""
    loads = sectors = 0
    for per_lane in strings:
        got = [x for x in per_lane if x is not None]
        if not got:
            continue
        addr = np.array([a for a, _ in got], dtype=np.int64)
        size = np.array([n for _, n in got], dtype=np.int64)
        for j in range(int(size.max())):
            loads += 1
            sectors += len(np.unique((addr[size > j] + j) // SECTOR_BYTES))
    return LOADS_PER_BYTE * loads, LOADS_PER_BYTE * sectors


def string_spread(strings) -> int:
    """The extra store requests of lanes whose strings differ in length: the iterations the warp runs
    the ``%s`` strings' loops (each string's longest lane, as the loads go) less the iterations of the
    lane with the fewest bytes in all its strings. The format (``strings[0]``) is every lane's."""
    args = strings[1:]
    if not args:
        return 0
    lanes = max(len(per_lane) for per_lane in args)
    totals = [0] * lanes
    warp = 0
    for per_lane in args:
        got = [x[1] if x is not None else 0 for x in per_lane]
        warp += max(got, default=0)
        for i, n in enumerate(got):
            totals[i] += n
    return warp - min(totals)


def warp_cost(strings, arguments: int, lanes: int) -> dict:
    """ncu's counts for one warp's vprintf call.

    ``strings``: as string_reads takes them; ``arguments``: the conversions the format
    has; ``lanes``: the lanes of the warp that print."""
    loads, sectors = string_reads(strings)
    stores = max(0, BASE_STORES - STORES_PER_ARGUMENT * int(arguments))
    requests = stores + string_spread(strings)         # the same sectors, in more requests
    return {"global_ld_requests": BASE_LOADS + loads, "global_ld_requests_active": BASE_LOADS + loads,
            "global_ld_sectors": BASE_LOADS + sectors,
            "global_st_requests": requests, "global_st_requests_active": requests,
            "global_st_sectors": stores * int(lanes), "shared_ld_requests": SHARED_LOADS_NO_LANE,
            "shared_atom_wavefronts": SHARED_ATOM_WAVEFRONTS}


def note(calls: int) -> str:
    """The per-line reason the SASS-aware count has what the PTX has not."""
    return msg("counts.vprintf" if calls != 1 else "counts.vprintf_one", calls=calls, driver=DRIVER)
