"""Grading regression for lesson 06 (Tensor Cores): the reference solutions earn the rubric's
full marks and the released stubs nothing, through the judge subprocess autograde uses; the
wrong-submission corpus holds the cases issue 11 asks for (each is scored by
tests/test_grading_regression.py); and the judge's per-request part refuses a kernel that makes
no requests of the kind at all."""
from __future__ import annotations

from conftest import read_json

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

A = "06_tensor_cores"
CHECKS = [(A, c) for c in load_rubric(A).checks]
IDS = [c.grade_id for _, c in CHECKS]


def _source(folder, a, check):
    return regression.kernel_source(regression.read_notebook(folder, a, check.notebook), check)


def test_corpus_holds_the_issue_11_cases():
    entries = [e for e in regression.corpus() if e["assignment"] == A]
    names = " ".join(e["name"] for e in entries)
    for must in ("swizzle on the store only", "A's swizzle reused for N-major B", "pad of 2 halves",
                 "pad of 8 halves", "scalar shared loads", "wmma", "before cp.async.wait_group",
                 "operands swapped", "returns early at a graded size"):
        assert must in names, must
    pad8 = next(e for e in entries if "pad of 8" in e["name"])
    check = load_rubric(A).check(pad8["grade_id"])
    assert set(p["name"] for p in check.parts) - set(pad8["earns"]) == {"same_size"}
    scalar = next(e for e in entries if "scalar" in e["name"])
    assert not {"ldmatrix_requests", "conflict_free"} & set(scalar["earns"])


def test_gates_are_nine_tenths_of_the_recording():
    import json
    rec = read_json(ROOT / "bench" / "results" / "gpu_mma_ladder-2026-12-01.json")
    r = rec["sizes"]["8192"]["ratios"]
    want = {"gemm_swizzled_a_check": r["r2_over_r1"], "gemm_nmajor_b_check": r["nmajor_swizzled_over_plain"],
            "gemm_pipelined_check": r["r4_over_r3"]}
    for _, c in CHECKS:
        speed = c.part("speed")
        assert speed["N"] == 8192
        assert speed["min_speedup"] == pytest.approx(0.9 * want[c.grade_id], abs=0.006), c.grade_id


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks(a, check):
    verdict = regression.judge_source(check, _source("solutions", a, check), backend="emu")
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_fresh_release_scores_zero(a, check):
    verdict = regression.judge_source(check, _source("exercises", a, check), backend="emu")
    assert verdict["score"] == 0, "\n".join(verdict["lines"])


def test_per_request_part_needs_requests():
    from types import SimpleNamespace
    from tilelab.judge import Judge
    from tilelab.problems import get_problem
    spec = {"assignment": "06_tensor_cores", "grade_id": "x", "kernel": "k", "source": "", "filename": "<cell>",
            "first_line": 1, "problem": "gemm_fp16", "parts": []}
    j = Judge(spec, engine=SimpleNamespace(backend="emu", problem=get_problem))
    j.drawn_emu, j.large = [], []
    part = {"metric": "shared_ld_wavefronts", "per": "ldmatrix_requests", "N": [256, 128, 128], "max": 4}
    for metrics, ok in (({"shared_ld_wavefronts": 96, "ldmatrix_requests": 0}, False),
                        ({"shared_ld_wavefronts": 96, "ldmatrix_requests": 24}, True),
                        ({"shared_ld_wavefronts": 97, "ldmatrix_requests": 24}, False)):
        j.record = lambda *a, _m=metrics, **k: SimpleNamespace(ok=True, metrics=_m, findings=[])
        got, text = j.part_per_request(part)
        assert got == ok, text
        if not metrics["ldmatrix_requests"]:
            assert "no ldmatrix requests" in text


@pytest.mark.gpu
@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks_on_gpu(a, check):
    """On a GPU (sm_80+) the speed parts are timed against the reference rungs at 8192^3."""
    verdict = regression.judge_source(check, _source("solutions", a, check), backend="gpu")
    assert verdict.get("backend") == "gpu"
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])
