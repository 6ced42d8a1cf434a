"""Grading regression for lessons 03-05 (banks, padded transpose, swizzle).

The wrong-submission corpus of these lessons lives in tests/submissions/corpus.toml with the rest
and is scored by tests/test_grading_regression.py. Here: that it holds the cases issue 4 asks for,
and that the 03-05 reference solutions earn full marks and their released stubs nothing, through
the same judge subprocess autograde uses (test_grading_regression.py covers 00-02)."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

ASSIGNMENTS = ("03_banks", "04_transpose_padding", "05_swizzle")
CHECKS = [(a, c) for a in ASSIGNMENTS for c in load_rubric(a).checks]
IDS = [f"{a}/{c.grade_id}" for a, c in CHECKS]


def _source(folder, a, check):
    return regression.kernel_source(regression.read_notebook(folder, a, check.notebook), check)


def test_corpus_holds_the_issue_4_cases():
    entries = [e for e in regression.corpus() if e["assignment"] in ASSIGNMENTS]
    names = " ".join(e["name"] for e in entries)
    for must in ("pad of 2", "swizzle on the write only", "wrong dimension", "only for square", "library transpose"):
        assert must in names
    assert {e["assignment"] for e in entries} == set(ASSIGNMENTS)


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks(a, check):
    verdict = regression.judge_source(check, _source("solutions", a, check), backend="emu")
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_fresh_release_scores_zero(a, check):
    verdict = regression.judge_source(check, _source("exercises", a, check), backend="emu")
    assert verdict["score"] == 0, "\n".join(verdict["lines"])


@pytest.mark.gpu
@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks_on_gpu(a, check):
    """On a GPU the speed parts are timed: padded and swizzled >= 1.6x [32][32] at 8192^2."""
    verdict = regression.judge_source(check, _source("solutions", a, check), backend="gpu")
    assert verdict.get("backend") == "gpu"
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])
