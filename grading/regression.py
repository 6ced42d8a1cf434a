"""The grading regression's helpers: score notebooks and kernel sources the way autograde does.

tests/test_grading_*.py use these; so can an instructor who changes a rubric and wants to see
what the corpus (tests/submissions/corpus.toml) and the solutions now score:

    .venv/bin/python -m grading.regression            # every solution, release and corpus entry
"""
from __future__ import annotations

import copy
import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell
from nbgrader.utils import determine_grade, is_grade

from grading.preprocessors import Judge, find_kernel_source
from grading.rubrics import REPO_ROOT, all_rubrics, load_rubric, tomllib

CORPUS = REPO_ROOT / "tests" / "submissions"


def notebook_path(folder: str, assignment: str, notebook: str | None = None) -> Path:
    return REPO_ROOT / folder / assignment / f"{notebook or assignment}.ipynb"


def read_notebook(folder: str, assignment: str, notebook: str | None = None):
    return nbformat.read(notebook_path(folder, assignment, notebook), as_version=4)


def grade_cell_index(nb, grade_id: str) -> int:
    for i, cell in enumerate(nb.cells):
        if cell.get("metadata", {}).get("nbgrader", {}).get("grade_id") == grade_id:
            return i
    raise KeyError(grade_id)


def kernel_source(nb, check) -> str | None:
    """What the Judge preprocessor grades for ``check`` in ``nb``."""
    return find_kernel_source(nb.cells, check.kernel, grade_cell_index(nb, check.grade_id))


def judge_source(check, source: str, *, backend: str = "", timeout: float | None = None) -> dict:
    """The judge's verdict on one kernel source, through the same subprocess autograde uses."""
    j = Judge()
    if timeout is not None:
        check = copy.copy(check)
        check.timeout_s = timeout
    return j.judge(load_rubric(check.assignment), check, source, backend)


def judge_notebook(nb, assignment: str, notebook: str | None = None, *, backend: str = "") -> dict:
    """Run the Judge preprocessor on ``nb`` (not executed) and score its grade cells as nbgrader
    does; returns {grade_id: score}."""
    nb = copy.deepcopy(nb)
    resources = {"nbgrader": {"assignment": assignment, "notebook": notebook or assignment, "student": "test"}}
    Judge(backend=backend).preprocess(nb, resources)
    scores = {}
    for cell in nb.cells:
        if is_grade(cell):
            scores[cell.metadata.nbgrader["grade_id"]] = determine_grade(cell)[0]
    return scores


def with_cell(nb, source: str, after_grade_id: str = "setup"):
    """A copy of ``nb`` with a Python cell inserted after the cell ``after_grade_id``."""
    nb = copy.deepcopy(nb)
    nb.cells.insert(grade_cell_index(nb, after_grade_id) + 1, new_code_cell(source))
    return nb


def corpus():
    """The corpus entries, each with ``expected``: {grade_id: points the rubric gives for ``earns``}
    (and ``expected_gpu`` for ``earns_gpu``: what a kernel entry earns on a GPU where that differs)."""
    with open(CORPUS / "corpus.toml", "rb") as f:
        entries = tomllib.load(f)["submission"]
    out = []
    for e in entries:
        rubric = load_rubric(e["assignment"])
        if "kernel" in e:
            check = rubric.check(e["grade_id"])
            e["expected"] = {check.grade_id: check.points_of(e["earns"])}
            if "earns_gpu" in e:             # what it earns where it is timed (the emulator counts instead)
                e["expected_gpu"] = {check.grade_id: check.points_of(e["earns_gpu"])}
        else:
            earns = e.get("earns", {})
            e["expected"] = {c.grade_id: c.points_of(earns.get(c.grade_id, [])) for c in rubric.checks}
        out.append(e)
    return out


REFUSED = ("does not implement", "does not support")   # the emulator's words for a feature it lacks


def judge_entry(entry, *, backend: str = ""):
    """({grade_id: score}, feedback lines) for one corpus entry."""
    rubric = load_rubric(entry["assignment"])
    if "kernel" in entry:
        check = rubric.check(entry["grade_id"])
        verdict = judge_source(check, (CORPUS / entry["kernel"]).read_text(), backend=backend)
        return {check.grade_id: verdict["score"]}, verdict.get("lines", [])
    nb = with_cell(read_notebook("exercises", entry["assignment"]), (CORPUS / entry["cell"]).read_text())
    return judge_notebook(nb, entry["assignment"], backend=backend), []


def score_entry(entry, *, backend: str = "") -> dict:
    """{grade_id: score} for one corpus entry."""
    return judge_entry(entry, backend=backend)[0]


def refused_by_the_emulator(lines) -> bool:
    """Whether a verdict failed because the emulator does not support something the kernel uses."""
    return any(word in line for line in lines for word in REFUSED)


def main() -> int:
    bad = 0
    for a, rubric in all_rubrics().items():
        if not notebook_path("solutions", a).exists():
            continue
        for folder, want in (("solutions", "full"), ("exercises", "zero")):
            for nbname in sorted({c.notebook for c in rubric.checks}):
                if not notebook_path(folder, a, nbname).exists():
                    continue
                scores = judge_notebook(read_notebook(folder, a, nbname), a, nbname)
                total = sum(scores.get(c.grade_id, 0) or 0 for c in rubric.checks_for(nbname))
                full = sum(c.points for c in rubric.checks_for(nbname))
                ok = total == (full if want == "full" else 0)
                bad += not ok
                print(f"{'ok ' if ok else 'BAD'} {folder}/{a}/{nbname}: {total:g} of {full:g} (want {want})")
    for e in corpus():
        got = score_entry(e)
        ok = got == e["expected"]
        bad += not ok
        print(f"{'ok ' if ok else 'BAD'} {e['name']}: {got} (want {e['expected']})")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
