"""Lessons 00-02 and their solution notebooks: the committed notebooks are what
scripts/build_lessons_00_02.py generates (cell ids, sources, tags, nbgrader metadata), the
lesson text carries the rubric's points, and lessons/lessonkit.py reads the recorded GPU
figures or falls back to DESIGN's. (nbval runs the notebooks themselves.)"""
from __future__ import annotations

import json
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "lessons"))

import build_lessons_00_02 as build  # noqa: E402
import lessonkit  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402


def _shape(nb):
    return [(c.get("id"), c.cell_type, c.source, c.metadata.get("tags", []), c.metadata.get("nbgrader"))
            for c in nb.cells]


@pytest.mark.parametrize("path,make", list(build.targets([])), ids=lambda x: getattr(x, "name", ""))
def test_committed_notebook_is_what_the_generator_makes(path, make):
    assert path.exists(), f"{path} is missing: run scripts/build_lessons_00_02.py"
    have = nbformat.read(path, as_version=4)
    assert _shape(have) == _shape(make().notebook()), \
        f"{path.relative_to(ROOT)} differs from the generator: run scripts/build_lessons_00_02.py and commit"


@pytest.mark.parametrize("path,make", list(build.targets([])), ids=lambda x: getattr(x, "name", ""))
def test_checked_cells_have_outputs_and_raising_cells_raise(path, make):
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        tags = c.metadata.get("tags", [])
        if "nbval-check-output" in tags:
            assert c.outputs, f"{path.name}: checked cell {c.id} has no stored output to compare"
            assert not any(o.output_type == "error" for o in c.outputs), c.id
        if "raises-exception" in tags:
            assert any(o.output_type == "error" for o in c.outputs), f"{path.name}: {c.id} should raise"


def test_grade_cells_keep_the_rubric_ids_and_points():
    for assignment in build.NOTEBOOKS:
        nb = nbformat.read(ROOT / "solutions" / assignment / f"{assignment}.ipynb", as_version=4)
        graded = {c.metadata["nbgrader"]["grade_id"]: c.metadata["nbgrader"]["points"] for c in nb.cells
                  if c.metadata.get("nbgrader", {}).get("grade")}
        rubric = load_rubric(assignment)
        assert graded == {c.grade_id: c.points for c in rubric.checks}


def test_lessons_state_the_rubric_totals():
    for assignment in build.NOTEBOOKS:
        total = load_rubric(assignment).points
        text = (ROOT / "lessons" / f"{assignment}.ipynb").read_text()
        if assignment != "00_start_here":
            assert f"**{total:g}**" in text, assignment
    text = (ROOT / "lessons" / "00_start_here.ipynb").read_text()
    for assignment in build.NOTEBOOKS:
        assert f"**{load_rubric(assignment).points:g}**" in text


def test_first_code_cell_says_which_backend_runs():
    for path, _ in build.targets([]):
        nb = nbformat.read(path, as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code")
        assert "import tilelab as tl" in first.source and "tl.backend()" in first.source, path.name


def test_answer_checks_and_reveals_after_two_tries(capsys):
    lessonkit._tries.clear()
    assert lessonkit.answer("T1", ..., 24) is None
    assert lessonkit.answer("T1", 24, 24) is True
    assert lessonkit.answer("T2", 23, 24) is False
    assert "The answer" not in capsys.readouterr().out
    assert lessonkit.answer("T2", 22, 24) is False
    assert "The answer is 24" in capsys.readouterr().out
    assert lessonkit.answer("T3", 1.05, 1.06, tol=0.03) is True


def test_recorded_figures_fall_back_to_design(tmp_path):
    rec = lessonkit.h200_matmul(tmp_path)
    assert rec["tflops"]["naive"] == 5.1 and rec["tflops"]["uncoalesced"] == 1.0
    assert "DESIGN" in rec["source"]
    assert lessonkit.h200_copy_bandwidth(tmp_path)["tbps"] == 3.87


def test_recorded_figures_read_a_benchmark_file(tmp_path):
    (tmp_path / "bench" / "results").mkdir(parents=True)
    data = {"date": "2026-01-02T03:04:05Z", "gpu": "Some GPU", "sm_count": 10, "clocks_sm_max_mhz": "1000",
            "sizes": {str(n): {"tflops_median": {"naive": 5.0, "uncoalesced": 1.0, "tiled16": 7.0,
                                                 "tiled32": 8.5 + n / 4096, "cublas": 40.0}}
                      for n in (1024, 4096)}}
    (tmp_path / "bench" / "results" / "gpu_matmul-2026-01-02.json").write_text(json.dumps(data))
    rec = lessonkit.h200_matmul(tmp_path)
    assert rec["N"] == 4096 and rec["tflops"]["tiled32"] == 9.5 and rec["tflops"]["cuBLAS"] == 40.0
    assert rec["date"] == "2026-01-02" and rec["sm_count"] == 10 and rec["clock_mhz"] == 1000
    assert set(rec["curves"]["naive"]) == {1024, 4096}
