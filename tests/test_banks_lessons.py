"""Lessons 03-05 and their solution notebooks are what scripts/build_lessons_03_05.py builds:
same cells, sources, tags and nbgrader metadata (outputs come from running it)."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
spec = importlib.util.spec_from_file_location("build_lessons_03_05", ROOT / "scripts" / "build_lessons_03_05.py")
build = importlib.util.module_from_spec(spec)
spec.loader.exec_module(build)
TARGETS = build.targets()


def _shape(cell):
    md = cell.get("metadata", {})
    return (cell.cell_type, cell.get("id"), cell.source, tuple(md.get("tags", ())), md.get("nbgrader"))


@pytest.mark.parametrize("path, make", TARGETS, ids=[p.name for p, _ in TARGETS])
def test_notebook_matches_its_builder(path, make):
    built = make().notebook()
    nbformat.validate(built)
    have = nbformat.read(path, as_version=4)
    assert [_shape(c) for c in have.cells] == [_shape(c) for c in built.cells], (
        f"{path.relative_to(ROOT)} is out of date: run scripts/build_lessons_03_05.py")


@pytest.mark.parametrize("path, make", TARGETS, ids=[p.name for p, _ in TARGETS])
def test_checked_cells_have_outputs(path, make):
    """nbval compares tagged cells with their stored outputs: they must have been executed."""
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        if "nbval-check-output" in c.get("metadata", {}).get("tags", ()):
            assert c.outputs, f"{path.name} cell {c.id} is checked by nbval but has no stored output"


def test_solutions_use_cuda_solution_regions():
    for path, _ in TARGETS:
        if "solutions" not in path.parts:
            continue
        nb = nbformat.read(path, as_version=4)
        cells = [c for c in nb.cells if c.get("metadata", {}).get("nbgrader", {}).get("solution")]
        assert cells and all(c.source.startswith("%%cuda") and "// ### BEGIN SOLUTION" in c.source
                             and "// ### END SOLUTION" in c.source for c in cells)
