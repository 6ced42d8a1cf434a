"""Grading regression through the judge (DESIGN §7): the solutions score the rubric's full marks,
a fresh release scores zero, and every wrong submission in tests/submissions/corpus.toml scores
exactly what the rubric gives for the parts it is expected to earn. One graded check is one judge
process, as in autograde; the full nbgrader runs are in test_grading_autograde.py."""
from __future__ import annotations

from conftest import read_json

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import all_rubrics  # noqa: E402

CHECKS = [(a, c) for a, r in sorted(all_rubrics().items()) for c in r.checks
          if a in ("00_start_here", "01_naive_matmul", "02_tiled_matmul")]
IDS = [f"{a}/{c.grade_id}" for a, c in CHECKS]


def _source(folder, a, check):
    path = regression.notebook_path(folder, a, check.notebook)
    if not path.exists():
        pytest.skip(f"{path} does not exist yet")
    return regression.kernel_source(regression.read_notebook(folder, a, check.notebook), check)


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks(a, check):
    verdict = regression.judge_source(check, _source("solutions", a, check))
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])
    assert verdict["max"] == check.points


@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_fresh_release_scores_zero(a, check):
    verdict = regression.judge_source(check, _source("exercises", a, check))
    assert verdict["score"] == 0, "\n".join(verdict["lines"])


@pytest.mark.parametrize("entry", regression.corpus(), ids=lambda e: e["name"].replace(" ", "_"))
def test_wrong_submission_scores_what_the_rubric_says(entry):
    # the corpus's expected scores are the emulator's (a racy kernel is right under lockstep
    # emulation and wrong on hardware): the *_on_gpu variant checks the GPU
    got, lines = regression.judge_entry(entry, backend="emu")
    if got != entry["expected"] and entry.get("needs") and regression.refused_by_the_emulator(lines):
        pytest.xfail(entry["needs"])
    assert got == entry["expected"], "\n".join(lines)


@pytest.mark.gpu
@pytest.mark.parametrize("a,check", CHECKS, ids=IDS)
def test_solution_scores_full_marks_on_gpu(a, check):
    """On the GPU the speed parts are timed (ratios in one process), and the sanitizer still runs."""
    verdict = regression.judge_source(check, _source("solutions", a, check), backend="gpu")
    assert verdict.get("backend") == "gpu"
    assert verdict["score"] == check.points, "\n".join(verdict["lines"])


@pytest.mark.gpu
@pytest.mark.parametrize("entry", [e for e in regression.corpus() if "kernel" in e and e.get("gpu", True)],
                         ids=lambda e: e["name"].replace(" ", "_"))
def test_wrong_submission_scores_the_same_on_gpu(entry):
    got, lines = regression.judge_entry(entry, backend="gpu")
    expected = entry.get("expected_gpu", entry["expected"])    # earns_gpu: where timing, not counts, decides
    if got != expected and entry.get("needs") and regression.refused_by_the_emulator(lines):
        pytest.xfail(entry["needs"])
    if entry.get("racy"):
        assert all(got[k] <= v for k, v in expected.items()), got
    else:
        assert got == expected, "\n".join(lines)


GPU_RECORDINGS = sorted((ROOT / "bench" / "results").glob("gpu_corpus_judge-*.json"))


def _newest_gpu_rows() -> dict:
    """{entry name: (recording, row)}: each entry's row from the newest recording that graded it
    (a run over some entries only, e.g. ``--assignment 07_hopper --tag 07``, adds to the older ones)."""
    import json
    rows = {}
    for path in GPU_RECORDINGS:
        rec = read_json(path)
        assert "H200" in rec["gpu"] and rec["entries"], path.name
        for row in rec["entries"]:
            if row["name"] not in rows or rec["date"] >= rows[row["name"]][0]["date"]:
                rows[row["name"]] = (rec, row)
    return rows


def test_the_gpu_only_expectations_are_what_the_h200_graded():
    """The corpus's GPU-only expectations (earns_gpu: timing decides) as the whole judge gave them on
    the H200 (bench/gpu_corpus_judge.py); a changed expectation needs a new recording. A racy entry
    (values that are luck) may score less than expected on the GPU, never more."""
    assert GPU_RECORDINGS
    corpus = {e["name"]: e for e in regression.corpus()}
    rows = _newest_gpu_rows()
    for name, (rec, row) in rows.items():
        entry = corpus.get(name)
        assert entry is not None, f"{name}: recorded on the GPU, gone from the corpus"
        want = entry.get("expected_gpu", entry["expected"])
        ok = all(row["got"].get(k, 0) <= v for k, v in want.items()) if entry.get("racy") else row["got"] == want
        assert ok, f"{name}: the H200 gave {row['got']}, the corpus expects {want}"
    recorded = set(rows)
    assert all(name in recorded for name, e in corpus.items() if "expected_gpu" in e and e.get("gpu", True)), \
        "an earns_gpu entry the H200 has not graded"
