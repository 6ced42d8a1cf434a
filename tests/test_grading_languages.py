"""Grading in every language of the course (issue 10; grading/language.py, grading/cli.py).

A learner is graded against the nbgrader source of the language they submitted (solutions/ or
solutions_zh/): the read-only cells nbgrader restores, what the cells print and the judge's
lines come back in that language; the score does not depend on it (same grade ids, points and
judge), and the grades of one assignment land in one gradebook and one grades.csv."""
from __future__ import annotations

import copy
import csv
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import language as lg  # noqa: E402
from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402
from tilelab.messages import msg  # noqa: E402

SUB = ROOT / "tests" / "submissions"
A = "00_start_here"
CJK = re.compile(r"[\u4e00-\u9fff]")


def _release(lang: str):
    return regression.read_notebook("exercises" if lang == "en" else f"exercises_{lang}", A)


def _with_kernel(nb, body: str):
    nb = copy.deepcopy(nb)
    kernel = load_rubric(A).check("vector_add_check").kernel
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith(f"%%cuda {kernel}"):
            c.source = f"%%cuda {kernel}\n{body}"
    return nb


def _bytes(nb) -> dict:
    return {f"{A}.ipynb": nbformat.writes(nb).encode()}


def _sources() -> dict:
    return {lang: {p.name: p.read_bytes() for p in (lg.source_dir(lang) / A).glob("*.ipynb")}
            for lang in lg.languages()}


# ------------------------------------------------------------------ telling the language
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_release_is_told_as_its_own_language(lang):
    assert lg.detect(_bytes(_release(lang)), _sources()) == (lang, None)


def test_metadata_cannot_make_an_english_notebook_chinese():
    nb = _release("en")
    nb.metadata["tilelab"] = {"lang": "zh"}
    nb.metadata["language_info"] = {"name": "python", "lang": "zh"}
    assert lg.detect(_bytes(nb), _sources())[0] == "en"


def test_reworded_chinese_cells_are_told_by_their_script():
    nb = _release("zh")
    for c in nb.cells:
        if c.cell_type == "markdown":
            c.source += "\n（修改过）"       # no cell matches the release word for word any more
    assert lg.detect(_bytes(nb), _sources()) == ("zh", None)


def test_a_notebook_with_no_prose_is_graded_in_english_with_a_note():
    nb = _release("zh")
    nb.cells = [c for c in nb.cells if c.cell_type == "code"]
    lang, note = lg.detect(_bytes(nb), _sources())
    assert lang == "en" and "could not be told" in note and "English release" in note


def test_both_sources_have_the_same_grade_cells():
    """What a merge by grade id rests on (the build takes points from the one rubric)."""
    def cells(folder):
        out = {}
        for p in sorted((ROOT / folder).glob("*/*.ipynb")):
            for c in nbformat.read(p, as_version=4).cells:
                m = c.metadata.get("nbgrader", {})
                if m.get("grade"):
                    out[(p.parent.name, p.stem, m["grade_id"])] = m.get("points")
        return out
    en, zh = cells("solutions"), cells("solutions_zh")
    assert en and en == zh


def _gradebook(path, cells) -> bytes:
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{path}") as gb:
        gb.add_assignment(A)
        gb.add_notebook(A, A)
        for name, points in cells.items():
            gb.add_grade_cell(name, A, A, max_score=points, cell_type="code")
    return path.read_bytes()


def test_a_language_whose_grade_cells_differ_is_refused(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", str(Path(sys.executable).parent) + os.pathsep + os.environ.get("PATH", ""))  # alembic
    en = _gradebook(tmp_path / "en.db", {"vector_add_check": 3.0})
    same = _gradebook(tmp_path / "same.db", {"vector_add_check": 3.0})
    other = _gradebook(tmp_path / "zh.db", {"vector_add_check": 4.0, "extra_check": 1.0})
    assert lg.same_grade_cells(en, same, "zh", A) == ""
    why = lg.same_grade_cells(en, other, "zh", A)
    assert "only in zh" in why and "extra_check" in why and "other points" in why and "vector_add_check" in why


def test_every_language_grades_the_same_kernels():
    """The graded kernels of solutions_zh/ and exercises_zh/ are those of solutions/ and exercises/,
    so the grading regression (test_grading_regression.py: the solutions score full marks, the
    release zero) holds in every language."""
    from grading.rubrics import all_rubrics
    n = 0
    for a, rubric in sorted(all_rubrics().items()):
        for check in rubric.checks:
            for folder in ("solutions", "exercises"):
                en = regression.read_notebook(folder, a, check.notebook)
                for lang in lg.languages()[1:]:
                    other = regression.read_notebook(f"{folder}_{lang}", a, check.notebook)
                    assert regression.kernel_source(other, check) == regression.kernel_source(en, check), \
                        (folder, lang, check.grade_id)
                    n += 1
    assert n >= 10


# ------------------------------------------------------------------ one make grade batch
@pytest.mark.slow
def test_en_and_zh_submissions_in_one_batch(tmp_path):
    rubric = load_rubric(A)
    check = rubric.check("vector_add_check")
    right = regression.kernel_source(regression.read_notebook("solutions", A), check)
    wrong = (SUB / "00_no_bounds_check.cu").read_text()
    learners = {"en_right": _with_kernel(_release("en"), right), "zh_right": _with_kernel(_release("zh"), right),
                "en_wrong": _with_kernel(_release("en"), wrong), "zh_wrong": _with_kernel(_release("zh"), wrong)}
    for student, nb in learners.items():
        d = tmp_path / "submitted" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")
    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="0")
    env.pop("TILELAB_LANG", None)
    r = subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(tmp_path),
                        "--csv", str(tmp_path / "grades.csv"), "--timeout", "600", "--workers", "2",
                        "--nbgrader-arg=--Execute.timeout=60"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout + r.stderr
    with open(tmp_path / "grades.csv") as f:
        rows = {row["student_id"]: row for row in csv.DictReader(f) if row["assignment"] == A}
    scores = {s: float(row["score"]) for s, row in rows.items()}
    # the language changes nothing in the score: the same kernel earns the same points
    assert scores["en_right"] == scores["zh_right"] == rubric.points, r.stdout
    assert scores["zh_wrong"] == scores["en_wrong"] < rubric.points, r.stdout
    assert {s: row["language"] for s, row in rows.items()} == {
        "en_right": "en", "zh_right": "zh", "en_wrong": "en", "zh_wrong": "zh"}

    # one gradebook entry per (student, assignment), with the same grade ids in both languages
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{tmp_path / 'gradebook.db'}") as gb:
        assert sorted(s.student.id for s in gb.find_assignment(A).submissions) == sorted(learners)
        ids = {s: sorted(g.name for nb in gb.find_submission(A, s).notebooks for g in nb.grades) for s in learners}
    assert len({tuple(v) for v in ids.values()}) == 1

    # the zh learner's notebook comes back on the Chinese release's cells, printing Chinese;
    # the English one on the English cells
    for student, lang in (("zh_right", "zh"), ("en_right", "en")):
        got = nbformat.read(tmp_path / "autograded" / student / A / f"{A}.ipynb", as_version=4)
        release = _release(lang)
        locked = {c.metadata["nbgrader"]["grade_id"]: c.source for c in release.cells
                  if c.cell_type == "markdown" and c.metadata.get("nbgrader", {}).get("locked")}
        mine = {c.metadata["nbgrader"]["grade_id"]: c.source for c in got.cells
                if c.metadata.get("nbgrader", {}).get("grade_id") in locked}
        assert mine == locked
        assert got.metadata["tilelab"]["lang"] == lang
        printed = "".join(o.get("text", "") for c in got.cells if c.cell_type == "code" for o in c.get("outputs", []))
        assert msg("backend.emu", lang).strip().splitlines()[0] in printed
    # the judge's verdict in the grade cell, and so the feedback, in the submission's language
    for student, lang in (("zh_right", "zh"), ("en_right", "en"), ("zh_wrong", "zh")):
        got = nbformat.read(tmp_path / "autograded" / student / A / f"{A}.ipynb", as_version=4)
        graded = got.cells[regression.grade_cell_index(got, check.grade_id)]
        verdict = "".join(o.get("text", "") + "\n".join(o.get("traceback", [])) for o in graded.outputs)
        assert msg("judge.sanitizer_found" if "wrong" in student else "judge.clean", lang) in verdict, verdict
        assert bool(CJK.search(verdict)) == (lang == "zh"), verdict
    zh_html = tmp_path / "feedback" / "zh_right" / A / f"{A}.html"
    if zh_html.exists():          # (nbconvert's HTML templates are missing on the GPU host's carried wheels)
        text = zh_html.read_text(encoding="utf-8")
        assert msg("judge.score", "zh", score=f"{rubric.points:g}", points=f"{rubric.points:g}") in text
    # the class report counts both languages together
    sys.path.insert(0, str(ROOT / "scripts"))
    import class_report
    report = class_report.report(tmp_path, compile_kernels=False)
    assert f"## {A} (4 submissions: 2 en, 2 zh)" in report
