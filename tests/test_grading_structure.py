"""Notebook structure checked and repaired against the release (grading/preprocessors/structure.py), before
autograde: every kind of damage a learner can do to the release's cells, and the judge's score
on the repaired notebook (the learner's answers kept, the release's other cells restored)."""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402
from grading.preprocessors.structure import NOTE_ID, renamed_notebooks, repair  # noqa: E402

A = "00_start_here"


def release():
    return regression.read_notebook("exercises", A)


def answered():
    """The release with the solution's kernel in the answer cell, and a cell of the learner's own."""
    nb = release()
    check = load_rubric(A).check("vector_add_check")
    body = regression.kernel_source(regression.read_notebook("solutions", A), check)
    nb.cells[_index(nb, "vector_add_kernel")].source = f"%%cuda {check.kernel}\n{body}"
    return regression.with_cell(nb, "print('my own scratch cell')", after_grade_id="vector_add_kernel")


def _index(nb, gid):
    return regression.grade_cell_index(nb, gid)


def _ids(nb):
    return [c.metadata.get("nbgrader", {}).get("grade_id") for c in nb.cells]


def damage(kind):
    nb = answered()
    if kind == "grade cell deleted":
        del nb.cells[_index(nb, "vector_add_check")]
    elif kind == "grade cell metadata stripped":
        nb.cells[_index(nb, "vector_add_check")].metadata.pop("nbgrader")
    elif kind == "grade cell edited":
        nb.cells[_index(nb, "vector_add_check")].source = "print('full marks please')"
    elif kind == "grade cell points edited":
        nb.cells[_index(nb, "vector_add_check")].metadata.nbgrader["points"] = 100
    elif kind == "read-only cell edited":
        nb.cells[_index(nb, "setup")].source += "\nimport os"
    elif kind == "read-only cell duplicated":
        nb.cells.insert(2, copy.deepcopy(nb.cells[_index(nb, "setup")]))
    elif kind == "grade cell duplicated":
        nb.cells.append(copy.deepcopy(nb.cells[_index(nb, "vector_add_check")]))
    elif kind == "cell type changed":
        nb.cells[_index(nb, "task")].cell_type = "raw"
    elif kind == "grade id edited":
        nb.cells[_index(nb, "vector_add_check")].metadata.nbgrader["grade_id"] = "my_check"
    elif kind == "cells reordered":
        nb.cells.reverse()
    return nb


KINDS = ["grade cell deleted", "grade cell metadata stripped", "grade cell edited", "grade cell points edited",
         "read-only cell edited", "read-only cell duplicated", "grade cell duplicated", "cell type changed",
         "grade id edited", "cells reordered"]


def test_an_intact_submission_is_not_touched():
    nb = answered()
    before = copy.deepcopy(nb.cells)
    assert repair(nb, release()) == []
    assert [c.source for c in nb.cells] == [c.source for c in before]


@pytest.mark.parametrize("kind", KINDS)
def test_damage_is_repaired_and_said(kind):
    nb = damage(kind)
    notes = repair(nb, release())
    assert notes, kind
    rel = release()
    # every release cell is back, in order, with the release's metadata; the learner's own cell kept
    assert [g for g in _ids(nb) if g] == [g for g in _ids(rel) if g]
    for c in rel.cells:
        mine = nb.cells[_index(nb, c.metadata.nbgrader["grade_id"])]
        assert mine.metadata.nbgrader == c.metadata.nbgrader and mine.cell_type == c.cell_type
        if not c.metadata.nbgrader.get("solution"):
            assert mine.source == c.source
    assert "print('my own scratch cell')" in [c.source for c in nb.cells]
    assert nb.cells[0].get("id") == NOTE_ID and nb.cells[0].source.count("\n- ") == len(notes)


def test_the_learners_answer_is_kept_and_scored():
    """The judge scores the repaired notebook: the right kernel still earns full marks."""
    points = load_rubric(A).points
    nb = damage("grade cell deleted")
    repair(nb, release())
    assert regression.judge_notebook(nb, A) == {"vector_add_check": points}


def test_a_deleted_answer_cell_is_restored_as_the_stub():
    nb = answered()
    del nb.cells[_index(nb, "vector_add_kernel")]
    notes = repair(nb, release())
    assert any("answer cell 'vector_add_kernel' was missing" in n for n in notes)
    assert nb.cells[_index(nb, "vector_add_kernel")].source == release().cells[_index(release(), "vector_add_kernel")].source


def test_an_html_grade_id_cannot_reach_the_note():
    nb = answered()
    nb.cells[_index(nb, "task")].metadata.nbgrader["grade_id"] = "<script>alert(1)</script>"
    notes = repair(nb, release())
    assert notes and "<script>" not in nb.cells[0].source


def test_a_renamed_notebook_is_graded_under_the_release_name(tmp_path):
    nbformat.write(answered(), tmp_path / "my copy (1).ipynb")
    notes = renamed_notebooks(tmp_path, [f"{A}.ipynb"])
    assert notes == [f"your notebook 'my copy (1).ipynb' was graded as '{A}.ipynb' (the release's name)"]
    assert (tmp_path / f"{A}.ipynb").exists()


def test_a_cell_from_an_older_release_is_not_called_edited():
    # a work/ made from an earlier release: its read-only cell differs, but nbgrader's checksum of
    # it (made when that release was generated) still holds, so nobody edited it
    from nbgrader.utils import compute_checksum
    nb = answered()
    old = nb.cells[_index(nb, "setup")]
    assert old.metadata.nbgrader.get("checksum")            # the release sums its read-only cells
    old.source = old.source.replace("import", "import  ", 1)
    old.metadata.nbgrader["checksum"] = compute_checksum(old)
    notes = repair(nb, release())
    assert len(notes) == 1 and "older release" in notes[0] and "edited" not in notes[0]
    assert nb.cells[_index(nb, "setup")].source == release().cells[_index(release(), "setup")].source
    # the same change without a matching checksum is an edit
    nb = answered()
    nb.cells[_index(nb, "setup")].source = old.source
    notes = repair(nb, release())
    assert len(notes) == 1 and "had been edited" in notes[0]
