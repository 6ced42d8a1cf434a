"""Global loads ptxas sank past the kernel's first branch together with the arithmetic made from them
(docs/SASS_COUNTS.md, "Loads ptxas sank"; docs/FIDELITY.md, DeePMD-kit's ``_fill_total_cellnum_map`` in the
eighth round).

DeePMD-kit reads ``global_grid[dd] = nat_end[dd] - nat_stt[dd]`` for three ``dd`` at the top of the kernel and
only then tests ``if (idy < total_cellnum)``; NVVM reads and subtracts before that branch, ptxas moves the six
``LDG`` and the subtractions after its ``@P0 EXIT``, so a warp all of whose lanes leave never reads them: on the
H200 6 loads in 4 warps of 8 (24 requests), where the rule, which wanted the value unused before the branch,
counted them in all 8 (48). What the branch tests must not come from the loads, and what is made from them must
be dead where it jumps.
"""
from __future__ import annotations

import numpy as np
from conftest import ROOT, needs_cubin, read_json

GUARDED = r"""
__global__ void testsTheLoad(const int* lo, const int* hi, int* out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int s = hi[0] - lo[0];                                    // SPAN
    if (i < n + s)
        out[i] = s;
}
"""


@needs_cubin
def test_deepmds_grid_loads_run_only_in_the_warps_that_stay():
    """The collection's launch (one block of 256 threads, 125 cells: 4 of the 8 warps have a lane below
    total_cellnum): line 195's six loads in 4 warps, 24 requests (the PTX, and the rule before: 48), and the launch's
    totals ncu's on the H100 (fidelity-2026-12-06-unseen112.json: 48 requests, 57 sectors; before 72 and 81)."""
    from collection import run as c
    entry = next(e for e in c.load() if e["file"] == "deepmd_coord.cu" and e["name"] == "_fill_total_cellnum_map")
    res, _, _ = c.run_emu(entry)
    src = (ROOT / "collection" / "deepmd_coord.cu").read_text().splitlines()
    top = next(i for i, t in enumerate(src) if "void _fill_total_cellnum_map(" in t)
    line = next(i + 1 for i, t in enumerate(src) if i > top and "global_grid[dd] = nat_end[dd] - nat_stt[dd];" in t)
    row = next(r for r in res.per_line if r["line"] == line)
    assert row["global_ld_requests"] == 24 and row["ptx"]["global_ld_requests"] == 48, row
    assert "past the branch of line" in row["why"]
    rec = next(r for r in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen112.json")["rows"]
               if r["id"].endswith(":_fill_total_cellnum_map"))
    ncu = {k: rec["ncu"][k] for k in ("global_ld_requests", "global_ld_sectors")}
    assert ncu == {k: res.metrics[k] for k in ncu} == {"global_ld_requests": 48, "global_ld_sectors": 57}


@needs_cubin
def test_a_load_the_branch_tests_stays_before_it(emu):
    """``if (i < n + s)`` tests the loaded value: ptxas cannot move the load past the branch, and every warp
    reads it (8 requests)."""
    k = emu.compile(GUARDED, "testsTheLoad")
    out = np.zeros(256, np.int32)
    r = emu.run(k, (1,), (256,), np.array([1], np.int32), np.array([5], np.int32), out, np.int32(60))
    row = emu.line_metrics(r, emu.line_of(GUARDED, "// SPAN"))
    assert row["global_ld_requests"] == 16 and "past the branch" not in (row.get("why") or ""), row
