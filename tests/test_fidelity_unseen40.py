"""Issue 23's eighteenth unseen suite: TiagoOrl/Image-Processing-CUDA's colour-plane filters and the CUDA
exercises of mmarzolla/parallel-etudes (edge detection, denoising, odd-even and merge sort, the ANNEAL
automaton) against the H200 (docs/FIDELITY.md, "an eighteenth unseen suite").

bench/results/fidelity-2026-12-03-unseen40.json is `bench/fidelity.py --ncu-only` of their 13 launches on
the H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-03-unseen40.json is `bench/collection_gpu.py` of the same entries. The
suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen40-before.json, fidelity-compare-2026-12-03-unseen40-before.json): these
tests pin what it found.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from collection import run as collection_run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen40.json"
GPU = RES / "collection-gpu-2026-12-03-unseen40.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen40-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen40-before.json"
LAUNCHES = {
    "tiagoorl_kernel_processing.cu": ("k_grayScale", "k_blur", "k_sobel", "k_sobelBW"),
    "etudes_edge_detect.cu": ("sobel_kernel",),
    "etudes_denoise.cu": ("denoise_kernel",),
    "etudes_odd_even.cu": ("odd_even_step_bad", "odd_even_step_good"),
    "etudes_merge_sort.cu": ("merge_kernel",),
    "etudes_anneal.cu": ("copy_top_bottom", "copy_left_right", "step", "step_shared"),
}
IDS = {f"collection/{f}:{k}" for f, ks in LAUNCHES.items() for k in ks}


def test_the_eighteenth_unseen_suite_on_the_emulator_before_any_change():
    """13 of 13 ran and matched numpy on the emulator as it was; one (step_shared) rightly flagged."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 13 and rec["matched"] == 13 and rec["refused"] == 0
    assert {(r["file"], r["kernel"]) for r in rec["results"]} == {(f, k) for f, ks in LAUNCHES.items() for k in ks}
    assert all(r["ok"] for r in rec["results"])
    flagged = [e["name"] for e in collection_run.load() if e["file"] in LAUNCHES and e.get("findings")]
    assert flagged == ["step_shared"]


def test_step_shared_is_flagged_for_its_barrier_in_a_branch():
    """The ANNEAL step with shared memory calls __syncthreads() inside `if (gi <= BOTTOM && gj <= RIGHT)`:
    in the blocks at the domain's edge (100 = 3 x 32 + 4) the threads past it skip the barrier and exit."""
    entry = next(e for e in collection_run.load() if e["file"] == "etudes_anneal.cu" and e["name"] == "step_shared")
    res, _, _ = collection_run.run_emu(entry)
    kinds = [f.kind for f in res.findings]
    assert kinds and set(kinds) == {"barrier_divergence"}
    assert any(":190" in str(f) for f in res.findings)               # the __syncthreads() line of the file
    assert not collection_run.check_emu(entry)                       # the output is numpy's all the same


def test_every_total_is_ncus_before_any_change():
    """The compare at the branch point: 169 of 169 totals of the 13 launches equal ncu's."""
    s = read_json(CMP_BEFORE)["summary"]["all"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (13, 13, 169, 169)


def test_the_suites_totals_against_ncu(tmp_path):
    """This tree's emulator against the same recording: still every total ncu's."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/tiagoorl_,/etudes_", "--json", str(out)])
    rows = read_json(out)["rows"]
    checks = {r["id"]: r["checks"] for r in rows}
    assert set(checks) == IDS
    assert sum(len(c) for c in checks.values()) == 169
    assert all(fid.matches(v) for c in checks.values() for v in c.values())
    # step_shared's 34 x 34 byte tile: 1,296 shared-store wavefronts and 3,600 shared-load ones on the H200
    st = checks["collection/etudes_anneal.cu:step_shared"]
    assert (st["shared_st_wavefronts"]["ncu"], st["shared_ld_wavefronts"]["ncu"]) == (1296, 3600)
    # k_blur's 25 taps a pixel, three planes, byte loads: 18,171 requests, 51,126 sectors
    bl = checks["collection/tiagoorl_kernel_processing.cu:k_blur"]
    assert (bl["global_ld_requests"]["ncu"], bl["global_ld_sectors"]["ncu"]) == (18171, 51126)


def test_the_outputs_are_the_h200s():
    rec = read_json(GPU)
    assert rec["kernels"] == 13 and rec["as_expected"] == 13 and rec["nvrtc"] == "13.0"
    verdicts = [v for r in rec["results"] for v in r["outputs"].values()]
    assert len(verdicts) == 34 and set(verdicts) == {"bit-identical"}
