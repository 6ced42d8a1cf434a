"""The class report (scripts/class_report.py): pass rates per rubric part from the judge's
verdicts, the most common findings, and identical normalised PTX grouped."""
from __future__ import annotations

import sys
from pathlib import Path

import nbformat

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

import class_report  # noqa: E402
from grading import regression  # noqa: E402
from grading.preprocessors import verdict_outputs  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

A = "00_start_here"


def test_pass_rates_findings_and_identical_ptx(tmp_path):
    check = load_rubric(A).check("vector_add_check")
    sol = regression.kernel_source(regression.read_notebook("solutions", A), check)
    bounds = (ROOT / "tests" / "submissions" / "00_no_bounds_check.cu").read_text()
    learners = {"ann": (sol, 3.0), "bob": (sol.replace("c[i] = a[i] + b[i];", "c[i] = b[i] + a[i];"), 3.0),
                "cy": (bounds, 2.0)}
    for student, (body, score) in learners.items():
        nb = regression.read_notebook("exercises", A)
        for c in nb.cells:
            if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
                c.source = f"%%cuda {check.kernel}\n{body}"
        lines = ["✓ correct (2/2): right on sizes 1, 17", "✓ clean (1/1): no race" if score == 3 else
                 "✗ clean (0/1): the emulator's sanitizer found: out of bounds at element 1000"]
        nb.cells[regression.grade_cell_index(nb, check.grade_id)].outputs = verdict_outputs(
            {"score": score, "lines": lines}, check.points)
        d = tmp_path / "autograded" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")
    text = class_report.report(tmp_path)
    assert "| correct | 2 | 3 of 3 (100%) |" in text
    assert "| clean | 1 | 2 of 3 (67%) |" in text
    assert "1× clean: the emulator's sanitizer found: out of bounds at element N" in text
    # a + b and b + a compile to different PTX only in operand order: the two solutions group or pair up
    assert "ann" in text.split("Identical normalised PTX")[1] and "bob" in text.split("Identical normalised PTX")[1]
    assert "cy," not in text.split("Identical normalised PTX")[1].split("Nearly")[0]
