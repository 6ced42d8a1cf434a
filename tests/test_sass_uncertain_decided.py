"""A line the replay of ptxas's copies decided is decided, predicated accesses a warp skipped included
(tilelab/emu/counters/tally.py, ``_undecided_lines``; docs/FIDELITY.md, "the twenty-third round").

Why: FiniteVolumeGPU's shallow-water kernels (collection/fvgpu_*.cu, unseen237) update ``Q[var][j][i]`` in a loop
ptxas unrolled with its remainder copies, some of them predicated. A warp that skipped one of those predicated
accesses made the line "uncertain" (emu/counters/ifconvert.py), and the replay of the SASS's copies
(sass_replay.apply_copies), which counts every copy run, those with every lane off too, then decided the line: its
note said so, its counts were the H100's, and yet the line stayed marked undecided, so all four shared totals of
the FORCE, HLL and WAF kernels counted as misses. A decided line now stays decided."""
from __future__ import annotations

import pytest

from conftest import ROOT, needs_cubin, read_json
from sass_launch import run as _run  # noqa: E402

RECORDING = ROOT / "bench" / "results" / "fidelity-2026-12-07-unseen237.json"
SHARED = ("shared_ld_wavefronts", "shared_st_wavefronts", "shared_ld_requests", "shared_st_requests")


@needs_cubin
@pytest.mark.parametrize("kernel", ["fvgpu_swe2d_force.cu:FORCEKernel", "fvgpu_swe2d_waf.cu:WAFKernel"])
def test_a_line_the_copies_replay_decided_is_not_left_undecided(kernel):
    r = _run(kernel)
    undecided = [(row["line"], row.get("why")) for row in r.per_line if row.get("undecided")]
    assert not undecided, undecided
    (rec,) = [x for x in read_json(RECORDING)["rows"] if x["id"].endswith(kernel)]
    assert {k: r.metrics[k] for k in SHARED} == {k: rec["ncu"][k] for k in SHARED}
