"""Full nbgrader runs through `make grade`'s script (grading/cli.py) in a scratch course dir:
real notebook execution (SafeExecute), the Judge preprocessor, SaveAutoGrades, feedback, CSV.

One run of 00_start_here grades seven learners at once: a right kernel, the fresh release, a
monkey-patcher (full marks under stock nbgrader), a learner whose kernel never ends and whose
Python cell hangs, one whose Python kernel dies half-way (its right kernel still counts, and
the cells after the crash get errors, never empty outputs), one who deleted the grade cell and
renamed the notebook (repaired, graded, and told), and one whose file is not a notebook at
all: `make grade` grades the others, then exits 1 naming it and why."""
from __future__ import annotations

import csv
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

SUB = ROOT / "tests" / "submissions"
A = "00_start_here"


def _learner(kernel_body=None, cell=None):
    """The released notebook with the %%cuda vectorAdd cell replaced and/or a Python cell added."""
    nb = regression.read_notebook("exercises", A)
    check = load_rubric(A).check("vector_add_check")
    if kernel_body is not None:
        for c in nb.cells:
            if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
                c.source = f"%%cuda {check.kernel}\n{kernel_body}"
    if cell is not None:
        nb = regression.with_cell(nb, cell)
    return nb


def _solution_body():
    check = load_rubric(A).check("vector_add_check")
    return regression.kernel_source(regression.read_notebook("solutions", A), check)


def _rerun(course: Path, *, backend: str, returncode: int):
    return _grade(course, {}, backend=backend, returncode=returncode)


def _grade(course: Path, learners: dict, *, backend: str, cell_timeout: int = 10, returncode: int = 0,
           files: dict | None = None):
    for student, nb in learners.items():
        d = course / "submitted" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")
    for rel, text in (files or {}).items():
        p = course / "submitted" / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    env = dict(os.environ, TILELAB_BACKEND=backend, TILELAB_PROGRESS="0")
    r = subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(course),
                        "--csv", str(course / "grades.csv"), "--timeout", "600",
                        f"--nbgrader-arg=--Execute.timeout={cell_timeout}"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == returncode, r.stdout + r.stderr
    with open(course / "grades.csv") as f:
        rows = {row["student_id"]: row for row in csv.DictReader(f) if row["assignment"] == A}
    return r, rows


@pytest.mark.slow
def test_autograde_scores_each_learner_and_contains_the_broken_ones(tmp_path):
    points = load_rubric(A).points
    learners = {
        "right": _learner(_solution_body()),
        "fresh": _learner(),
        "cheater": _learner(cell=(SUB / "00_monkeypatch.py").read_text()),
        "hangs": _learner((SUB / "00_never_ends.cu").read_text(), cell=(SUB / "00_cell_hangs.py").read_text()),
        "dies": _learner(_solution_body(), cell=(SUB / "00_kernel_dies.py").read_text()),
    }
    damaged = _learner(_solution_body())
    damaged.cells = [c for c in damaged.cells if c.metadata.get("nbgrader", {}).get("grade_id") != "vector_add_check"]
    files = {f"damaged/{A}/my copy.ipynb": nbformat.writes(damaged), f"broken/{A}/{A}.ipynb": "{not json"}
    r, rows = _grade(tmp_path, learners, backend="emu", returncode=1, files=files)
    scores = {s: float(row["score"]) for s, row in rows.items()}
    # a submission that could not be graded is not in the gradebook, so not in the CSV: it is named below
    assert scores == {"right": points, "fresh": 0, "cheater": 0, "hangs": 0, "dies": points, "damaged": points}, r.stdout
    assert "graded 6 of 7 submissions" in r.stdout
    failed = [line for line in r.stdout.splitlines() if "FAILED" in line]
    assert len(failed) == 1 and "broken/00_start_here" in failed[0] and "is not a readable notebook" in failed[0], r.stdout
    assert "repaired damaged/00_start_here" in r.stdout
    note = (tmp_path / "feedback" / "damaged" / A / f"{A}.html")

    # the crash and the timeout failed their own cell and every later code cell, with errors
    for student, ename in (("dies", "DeadKernelError"), ("hangs", "CellTimeoutError")):
        nb = nbformat.read(tmp_path / "autograded" / student / A / f"{A}.ipynb", 4)
        code = [c for c in nb.cells if c.cell_type == "code"]
        i = next(i for i, c in enumerate(code) if any(o.get("ename") == ename for o in c.outputs))
        judged = {c.grade_id for c in load_rubric(A).checks}
        for c in code[i + 1:]:
            if c.metadata.get("nbgrader", {}).get("grade_id") in judged:
                continue  # the judge's verdict, written after execution
            assert c.outputs and any(o.output_type == "error" for o in c.outputs), c.source

    # the feedback carries the judge's verdict, not the learner's own (patched) output
    nb = nbformat.read(tmp_path / "autograded" / "cheater" / A / f"{A}.ipynb", 4)
    graded = nb.cells[regression.grade_cell_index(nb, "vector_add_check")]
    assert [o.get("ename") for o in graded.outputs] == ["JudgeVerdict"]
    html_path = tmp_path / "feedback" / "cheater" / A / f"{A}.html"
    if not html_path.exists() and not _html_export_works():
        pytest.skip("nbconvert's HTML templates are not installed here (the GPU host's carried wheels)")
    html = html_path.read_text()
    assert "correct (0/2)" in html
    right = (tmp_path / "feedback" / "right" / A / f"{A}.html").read_text()
    assert "correct (2/2)" in right
    text = note.read_text()
    assert "Repaired before grading" in text and "graded as" in text and "was missing and was restored" in text

    # a rerun regrades only what changed (here: nothing but the broken one, which fails again)
    again, rows2 = _rerun(tmp_path, backend="emu", returncode=1)
    assert "6 submissions unchanged since last graded: skipped" in again.stdout, again.stdout
    assert {s: float(row["score"]) for s, row in rows2.items()} == scores


@pytest.mark.gpu
def test_autograde_solutions_on_gpu(tmp_path):
    """make test-gpu: the whole pipeline with TILELAB_BACKEND=gpu (speed parts timed on the device)."""
    learners = {"right": _learner(_solution_body()), "fresh": _learner()}
    r, rows = _grade(tmp_path, learners, backend="gpu", cell_timeout=300)
    assert {s: float(row["score"]) for s, row in rows.items()} == {"right": load_rubric(A).points, "fresh": 0}


def _html_export_works() -> bool:
    try:
        from nbconvert import HTMLExporter
        HTMLExporter().from_notebook_node(nbformat.v4.new_notebook())
        return True
    except Exception:
        return False
