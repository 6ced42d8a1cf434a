"""Grading regression for lessons 03-05 (banks, padded transpose, swizzle): the wrong-submission
corpus in tests/submissions/corpus_03_05.toml scores exactly what the rubrics say, through the
same judge subprocess autograde uses; the reference solutions earn full marks and the released
stubs nothing."""
from __future__ import annotations

import pytest

from grading import regression as rg
from grading.rubrics import load_rubric, tomllib

CORPUS_FILE = rg.CORPUS / "corpus_03_05.toml"
ASSIGNMENTS = ("03_banks", "04_transpose_padding", "05_swizzle")


def _entries():
    with open(CORPUS_FILE, "rb") as f:
        entries = tomllib.load(f)["submission"]
    for e in entries:
        rubric = load_rubric(e["assignment"])
        if "kernel" in e:
            check = rubric.check(e["grade_id"])
            e["expected"] = {check.grade_id: check.points_of(e["earns"])}
        else:
            earns = e.get("earns", {})
            e["expected"] = {c.grade_id: c.points_of(earns.get(c.grade_id, [])) for c in rubric.checks}
    return entries


ENTRIES = _entries()


@pytest.mark.parametrize("entry", ENTRIES, ids=[e["name"] for e in ENTRIES])
def test_corpus_scores_what_the_rubric_says(entry):
    assert rg.score_entry(entry, backend="emu") == entry["expected"]


def test_corpus_covers_the_issue_list():
    names = " ".join(e["name"] for e in ENTRIES)
    for must in ("pad of 2", "swizzle on the write only", "wrong dimension", "only for square", "library transpose"):
        assert must in names


@pytest.mark.parametrize("assignment", ASSIGNMENTS)
@pytest.mark.parametrize("folder, want", [("solutions", "full"), ("exercises", "zero")])
def test_solutions_full_release_zero(assignment, folder, want):
    rubric = load_rubric(assignment)
    scores = rg.judge_notebook(rg.read_notebook(folder, assignment), assignment, backend="emu")
    total = sum(scores.get(c.grade_id) or 0 for c in rubric.checks)
    assert total == (rubric.points if want == "full" else 0), scores
