#!/usr/bin/env python3
"""Build exercise 06's nbgrader source, solutions/06_tensor_cores/06_tensor_cores.ipynb, from its
text, course/en/exercises/06_tensor_cores.md, execute it on the emulator, and release it.

    python scripts/build_exercise_06.py [--no-release]

The text uses the course's text-source cell options (course/README.md of the text-sources work):
``+++ {"locked": ID}`` before prose, ``:locked: ID``, ``:solution: ID``, ``:grade: ID`` on code
cells; points come from grading/rubric/06_tensor_cores.toml, and ``{{ rubric_cells 06_tensor_cores }}``
becomes the rubric's table. A stop-gap until scripts/build_course.py builds every lesson: it does
only this one notebook, the same way.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
NAME = "06_tensor_cores"


def rubric_cells(rubric) -> str:
    rows = ["| graded cell | kernel | part | points |", "|---|---|---|---|"]
    for c in rubric.checks:
        for p in c.parts:
            rows.append(f"| `{c.grade_id}` | `{c.kernel}` | {p['name']} | {p['points']:g} |")
    rows.append(f"| **total** | | | **{rubric.points:g}** |")
    return "\n".join(rows)


def build(text: Path, out: Path):
    import jupytext
    import nbformat
    from grading.rubrics import load_rubric
    rubric = load_rubric(NAME)
    nb = jupytext.read(text)
    points = {c.grade_id: c.points for c in rubric.checks}
    for cell in nb.cells:
        md = cell.metadata
        kind = next((k for k in ("grade", "solution", "locked") if k in md), None)
        if kind is None:
            raise SystemExit(f"{text}: a cell without a locked / solution / grade option:\n{cell.source[:200]}")
        gid = md.pop(kind)
        nbg = {"grade": kind == "grade", "grade_id": gid, "locked": kind != "solution", "schema_version": 3,
               "solution": kind == "solution", "task": False}
        if kind == "grade":
            nbg["points"] = float(points[gid])
        md["nbgrader"] = nbg
        cell.id = gid
        cell.source = cell.source.replace("{{ rubric_cells 06_tensor_cores }}", rubric_cells(rubric))
    nb.metadata = {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                   "language_info": {"name": "python"}}
    out.parent.mkdir(parents=True, exist_ok=True)
    from nbconvert.preprocessors import ExecutePreprocessor
    env_backend = os.environ.get("TILELAB_BACKEND")
    os.environ["TILELAB_BACKEND"] = "emu"
    try:
        ExecutePreprocessor(timeout=900, kernel_name="python3").preprocess(nb, {"metadata": {"path": str(out.parent)}})
    finally:
        if env_backend is None:
            os.environ.pop("TILELAB_BACKEND", None)
        else:
            os.environ["TILELAB_BACKEND"] = env_backend
    nbformat.write(nb, out)
    print(f"wrote {out.relative_to(ROOT)}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--no-release", action="store_true")
    args = ap.parse_args(argv)
    build(ROOT / "course" / "en" / "exercises" / f"{NAME}.md", ROOT / "solutions" / NAME / f"{NAME}.ipynb")
    if not args.no_release:
        from scripts.release import release
        release([NAME])
    return 0


if __name__ == "__main__":
    sys.exit(main())
