"""Full nbgrader runs through `make grade`'s script (scripts/grade.py) in a scratch course dir:
real notebook execution (SafeExecute), the Judge preprocessor, SaveAutoGrades, feedback, CSV.

One run of 00_start_here grades five learners at once: a right kernel, the fresh release, a
monkey-patcher (full marks under stock nbgrader), a learner whose kernel never ends and whose
Python cell hangs, and one whose Python kernel dies half-way (its right kernel still counts,
and the cells after the crash get errors, never empty outputs)."""
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


def _grade(course: Path, learners: dict, *, backend: str, cell_timeout: int = 10):
    for student, nb in learners.items():
        d = course / "submitted" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")
    env = dict(os.environ, TILELAB_BACKEND=backend, TILELAB_PROGRESS="0")
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "grade.py"), "--course-dir", str(course),
                        "--csv", str(course / "grades.csv"), "--timeout", "600",
                        f"--nbgrader-arg=--Execute.timeout={cell_timeout}"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout + r.stderr
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
    r, rows = _grade(tmp_path, learners, backend="emu")
    scores = {s: float(row["score"]) for s, row in rows.items()}
    assert scores == {"right": points, "fresh": 0, "cheater": 0, "hangs": 0, "dies": points}, r.stdout
    assert "graded 5 of 5 submissions" in r.stdout

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
