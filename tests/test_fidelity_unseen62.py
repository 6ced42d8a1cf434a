"""Issue 23's fortieth unseen suite: 0717030/parallel-jump-flooding-voronoi's JFA kernels and erikwijmans/
Pointnet2_PyTorch's point-cloud ops (docs/FIDELITY.md, "a fortieth unseen suite").

As it came: the emulator as it was at the suite's branch point (9a3f82e), no change made for it. It ran 22 of 22
launches, and its outputs were right in all of them; 20 of 22 entries matched, the other two flagged a race the
entries had not listed (collection-emu-2026-12-05-unseen62-before.json): farthest-point sampling's `old =
dists_i[0]`, read by every thread after a step's last barrier, and thread 0's `dists_i[tid] = besti` at the start of
the next step, with no barrier between. Listed (the entries' error, the emulator unchanged): 22 of 22
(collection-emu-2026-12-05-unseen62-after.json). On the H200: 22 of 22 outputs as expected, and 286 of 286 totals
equal to ncu's, none on an undecided line (fidelity-compare-2026-12-05-unseen62.json, compared at 499c0c1: the
emulator of 9a3f82e with the suite's files).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
import unseen_suites  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-05-unseen62-before.json"
AFTER = RES / "collection-emu-2026-12-05-unseen62-after.json"
REC = RES / "fidelity-2026-12-05-unseen62.json"
CMP = RES / "fidelity-compare-2026-12-05-unseen62.json"
GPU = RES / "collection-gpu-2026-12-05-unseen62.json"
SUITE = "parallel-jump-flooding-voronoi JFA + Pointnet2_PyTorch point-cloud ops (unseen62)"


def test_the_fortieth_unseen_suite_on_the_emulator_as_it_came():
    """20 of 22: the two sampler launches report the race on dists_i[0] the entries did not list; nothing refused,
    nothing failed to build or run."""
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (22, 20, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert {r["kernel"] for r in bad} == {"furthest_point_sampling_kernel<256>", "furthest_point_sampling_kernel<64>"}
    for r in bad:
        assert len(r["problems"]) == 1 and r["problems"][0].startswith("findings ['race'], expected []")
        assert "pn2ops_sampling.cu:135" in r["problems"][0] and "`dists_i[0]`" in r["problems"][0]


def test_the_fortieth_unseen_suite_with_the_race_listed():
    rec = read_json(AFTER)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (22, 22, 0)


def test_the_h200_outputs():
    gpu = read_json(GPU)
    assert (gpu["kernels"], gpu["as_expected"]) == (22, 22)


def test_every_total_equals_ncus_as_it_came_and_now(tmp_path):
    """286 of 286, no undecided line, at the suite's branch point (the saved compare) and at this tree (re-run)."""
    for path in (CMP, tmp_path / "now.json"):
        if path != CMP:
            fid.main(["--compare", str(REC), "--only", "/jfavor_,/pn2ops_", "--json", str(path)])
        t = unseen_suites.table([str(path)])[SUITE]
        assert (t["launches"], t["run"], t["totals"], t["equal"], t["kernel_totals"]) == (22, 22, 286, 286, 286), path
