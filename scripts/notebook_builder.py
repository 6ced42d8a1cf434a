"""Helpers shared by the lesson builders (scripts/build_lessons_*.py): cells with stable ids,
nbgrader metadata whose points come from the rubric, and the backend cell every notebook opens with."""
from __future__ import annotations

import os
import sys
from pathlib import Path

from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from grading.rubrics import load_rubric  # noqa: E402

CHECK = "nbval-check-output"   # nbval --nbval-lax compares only cells with this tag
RAISES = "raises-exception"    # the cell must raise (nbval and nbclient both honour it)


# =========================================================================== cell helpers

class Book:
    """Cells of one notebook, with stable ids (``<prefix>-NN`` or the nbgrader grade_id)."""

    def __init__(self, prefix: str):
        self.prefix, self.cells = prefix, []

    def _id(self, explicit=None):
        return explicit or f"{self.prefix}-{len(self.cells):02d}"

    def md(self, text, *, gid=None):
        c = new_markdown_cell(text.strip("\n"))
        c.id = self._id(gid)
        if gid:
            c.metadata["nbgrader"] = _nbg(gid, locked=True)
        self.cells.append(c)
        return c

    def code(self, src, *tags, gid=None, nbgrader=None):
        c = new_code_cell(src.strip("\n"))
        c.id = self._id(gid)
        if tags:
            c.metadata["tags"] = list(tags)
        if nbgrader:
            c.metadata["nbgrader"] = nbgrader
        self.cells.append(c)
        return c

    def notebook(self):
        nb = new_notebook(cells=self.cells)
        nb.metadata.kernelspec = {"display_name": "Python 3", "language": "python", "name": "python3"}
        nb.metadata.language_info = {"name": "python"}
        return nb


def _nbg(grade_id, *, grade=False, solution=False, locked=False, points=None):
    md = {"grade": grade, "grade_id": grade_id, "locked": locked, "schema_version": 3,
          "solution": solution, "task": False}
    if points is not None:
        md["points"] = points
    return md


def kernel_cell(b: Book, gid, src):
    """A %%cuda cell the learner writes (nbgrader solution cell)."""
    return b.code(src, gid=gid, nbgrader=_nbg(gid, solution=True))


def given_cell(b: Book, gid, src, *tags):
    return b.code(src, *tags, gid=gid, nbgrader=_nbg(gid, locked=True))


def graded_cell(b: Book, assignment, gid, src):
    points = load_rubric(assignment).check(gid).points
    return b.code(src, gid=gid, nbgrader=_nbg(gid, grade=True, locked=True, points=points))


SETUP_BACKEND = '''
BACKEND = tl.backend()
if BACKEND == "emu":
    print("backend: emu. Kernels run on tilelab's PTX emulator, on this CPU. Its counts "
          "(memory sectors, bank wavefronts, races) are exact; times are not measured.")
else:
    print("backend: gpu. Kernels run on your NVIDIA GPU and times are real. Counts and "
          "the race checker come from the emulator (cells that need them ask for backend='emu').")
'''.strip("\n")


def execute(nb, path: Path, timeout: int):
    """Run a notebook on the emulator, so its committed outputs are what nbval compares."""
    from nbclient import NotebookClient
    os.environ["TILELAB_BACKEND"] = "emu"          # committed outputs come from the emulator
    os.environ.setdefault("TILELAB_PROGRESS", "0")  # no progress-bar widgets in committed outputs
    client = NotebookClient(nb, timeout=timeout, kernel_name="python3", store_widget_state=False,
                            record_timing=False, resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    return nb
