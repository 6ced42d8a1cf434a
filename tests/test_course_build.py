"""The built course: lessons/, solutions/ and exercises/ are what scripts/build_course.py makes from
course/ (cell ids, sources, tags, nbgrader metadata), they keep the cells, grade ids and points of
the release pinned in tests/data/ (commit dd330b0, before the text sources), a learner's work from
that release still fits, and lessons/lessonkit.py checks answers and reads recorded figures.
(nbval runs the notebooks themselves; the grading regression grades them.)"""
from __future__ import annotations

from conftest import read_json

import json
import re
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "lessons"))

import build_course as bc  # noqa: E402
import lessonkit  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

PIN = read_json(ROOT / "tests" / "data" / "course_structure_dd330b0.json")
ADDED = "self-check"          # cells added since the pin: the hidden checks of self-tests (issue 12)


def targets():
    """(text source, built notebook, language, kind) for every source of every language."""
    out = []
    for lang in bc.languages():
        for kind in ("lessons", "exercises"):
            for src in bc.sources(lang, kind):
                out.append((src, bc.built_path(lang, kind, src.stem), lang, kind))
    return out


TARGETS = targets()
IDS = [str(p.relative_to(ROOT)) for _, p, _, _ in TARGETS]


def _shape(nb):
    return [(c.get("id"), c.cell_type, c.source, c.metadata.get("tags", []), c.metadata.get("nbgrader"),
             c.metadata.get("jupyter")) for c in nb.cells]


def _structure(cell) -> dict:
    """What the pin keeps of a cell: type, tags, nbgrader role, grade id and points."""
    g = cell["metadata"].get("nbgrader")
    e = {"type": cell["cell_type"], "tags": sorted(t for t in cell["metadata"].get("tags", []) if t != ADDED)}
    if g:
        e["nbgrader"] = {k: g[k] for k in ("grade_id", "grade", "solution", "locked") if k in g}
        if "points" in g:
            e["nbgrader"]["points"] = g["points"]
    return e


def _pinned(rel: str):
    if rel not in PIN["notebooks"]:
        pytest.skip(f"{rel} is newer than the pin {PIN['commit']}")
    return PIN["notebooks"][rel]


def test_course_has_a_source_for_every_pinned_lesson_and_exercise():
    built = {str(p.relative_to(ROOT)) for _, p, lang, _ in TARGETS if lang == "en"}
    pinned = {n for n in PIN["notebooks"] if not n.startswith("exercises/")}
    # a lesson the pin names lessons/NN_topic.ipynb is built as lessons/NN_topic_lesson.ipynb now
    pinned = {str(bc.built_path("en", "lessons", Path(n).stem).relative_to(ROOT)) if n.startswith("lessons/") else n
              for n in pinned}
    assert pinned <= built, pinned - built


@pytest.mark.parametrize("src,path,lang,kind", TARGETS, ids=IDS)
def test_committed_notebook_is_what_its_text_source_makes(src, path, lang, kind):
    assert path.exists(), f"{path} is missing: run make lessons"
    have = nbformat.read(path, as_version=4)
    made = bc.build_notebook(src, lang, kind, bc._number_table())
    nbformat.validate(made)
    assert _shape(have) == _shape(made), \
        f"{path.relative_to(ROOT)} differs from {src.relative_to(ROOT)}: run make lessons and commit"


def test_building_twice_gives_the_same_notebook_with_unique_ids():
    table = bc._number_table()
    for src, _, lang, kind in TARGETS:
        a = nbformat.writes(bc.build_notebook(src, lang, kind, table))
        assert a == nbformat.writes(bc.build_notebook(src, lang, kind, table)), src
        ids = [c["id"] for c in json.loads(a)["cells"]]
        assert len(ids) == len(set(ids)), src


@pytest.mark.parametrize("src,path,lang,kind", TARGETS, ids=IDS)
def test_cells_are_those_of_the_pinned_release(src, path, lang, kind):
    """Same cells in the same order, types, tags, grade ids and points as at the pin; the only
    cells allowed in between are the hidden self-test checks (tag self-check)."""
    # the pin names a lesson by its name then, NN_topic.ipynb (now NN_topic_lesson.ipynb)
    rel = f"lessons/{src.stem}.ipynb" if kind == "lessons" else f"solutions/{src.stem}/{src.stem}.ipynb"
    pinned = _pinned(rel)          # every language keeps the cells of the English notebook at the pin
    kept = []
    for c in nbformat.read(path, as_version=4).cells:
        if _is_added_check(c, kept):
            kept[-1]["tags"] = sorted(set(kept[-1]["tags"]) | set(_structure(c)["tags"]))
        else:
            kept.append(_structure(c))
            kept[-1]["question"] = c.cell_type == "code" and bool(QUESTION.search(c.source))
    assert [{k: v for k, v in e.items() if k != "question"} for e in kept] == pinned


QUESTION = re.compile(r"^\w+ = \.\.\.[^\n]*\Z", re.M)     # a self-test's last line: `q1 = ...`


def _is_added_check(cell, kept) -> bool:
    """A hidden check split off its question since the pin: a self-check cell right after a
    code cell that ends with the learner's `name = ...` (its tags were the question cell's)."""
    return ADDED in cell.metadata.get("tags", []) and bool(kept) and kept[-1].get("question", False)


def test_release_keeps_the_grade_ids_and_points_of_the_pinned_release():
    """A learner's work/ made from the pinned release still grades: every nbgrader cell of it
    is in the new release, with the same role and points, and the new one adds none."""
    for rel, pinned in PIN["notebooks"].items():
        if not rel.startswith("exercises/"):
            continue
        old = [c["nbgrader"] for c in pinned if "nbgrader" in c]
        nb = nbformat.read(ROOT / rel, as_version=4)
        new = [_structure(c)["nbgrader"] for c in nb.cells if "nbgrader" in c.metadata]
        assert new == old, rel


def test_solution_regions_come_from_kernels_dir():
    for src, path, lang, kind in TARGETS:
        if kind != "exercises":
            continue
        nb = nbformat.read(path, as_version=4)
        cells = [c for c in nb.cells if c.metadata.get("nbgrader", {}).get("solution")]
        assert cells and all(c.source.startswith("%%cuda") and "// ### BEGIN SOLUTION" in c.source
                             and "// ### END SOLUTION" in c.source for c in cells), path
        assert "{kernel}" in src.read_text(), src


@pytest.mark.parametrize("src,path,lang,kind", TARGETS, ids=IDS)
def test_checked_cells_have_outputs_and_raising_cells_raise(src, path, lang, kind):
    nb = nbformat.read(path, as_version=4)
    for c in nb.cells:
        tags = c.metadata.get("tags", [])
        if "nbval-check-output" in tags:
            assert c.outputs, f"{path.name}: checked cell {c.id} has no stored output to compare"
            assert not any(o.output_type == "error" for o in c.outputs), c.id
        if "raises-exception" in tags:
            assert any(o.output_type == "error" for o in c.outputs), f"{path.name}: {c.id} should raise"


def test_grade_cells_keep_the_rubric_ids_and_points():
    for src, path, lang, kind in TARGETS:
        if kind != "exercises":
            continue
        nb = nbformat.read(path, as_version=4)
        graded = {c.metadata["nbgrader"]["grade_id"]: c.metadata["nbgrader"]["points"] for c in nb.cells
                  if c.metadata.get("nbgrader", {}).get("grade")}
        assert graded == {c.grade_id: c.points for c in load_rubric(src.stem).checks}, path


def test_lessons_state_the_rubric_totals():
    lessons = {src.stem: path for src, path, lang, kind in TARGETS if lang == "en" and kind == "lessons"}
    for src, path, lang, kind in TARGETS:
        for assignment in re.findall(r"\{\{\s*rubric_(?:table|cells)\s+(\w+)\s*\}\}", src.read_text()):
            assert f"**{load_rubric(assignment).points:g}**" in path.read_text(), (path, assignment)
    start = lessons["00_start_here"].read_text()
    for assignment in ("00_start_here", "01_naive_matmul", "02_tiled_matmul"):   # lesson 00 shows three
        assert f"**{load_rubric(assignment).points:g}**" in start, assignment


def test_self_test_checks_are_hidden_cells_of_their_own():
    for src, path, lang, kind in TARGETS:
        if kind != "lessons":
            continue
        for c in nbformat.read(path, as_version=4).cells:
            if c.cell_type == "code" and "answer(" in c.source:
                assert ADDED in c.metadata.get("tags", []) and c.metadata.get("jupyter", {}).get("source_hidden"), \
                    f"{path.name} {c.id}: a self-test's check belongs in a hidden cell of its own"
                assert "= ..." not in c.source, f"{path.name} {c.id}: the learner's answers go in the cell above"


def test_first_code_cell_says_which_backend_runs():
    for _, path, _, _ in TARGETS:
        nb = nbformat.read(path, as_version=4)
        first = next(c for c in nb.cells if c.cell_type == "code")
        assert "import tilelab as tl" in first.source and "tl.backend()" in first.source, path.name


def test_a_source_error_names_the_file_and_cell(tmp_path):
    bad = tmp_path / "09_bad.md"
    bad.write_text("+++\n\nfine\n\n```{code-cell}\n%%cuda k\n{kernel} transpose.cu:noSuchKernel\n```\n")
    with pytest.raises(bc.SourceError, match=r"09_bad.md, cell 2: .*noSuchKernel"):
        bc.build_notebook(bad, "en", "lessons", bc._number_table())
    bad.write_text(bad.read_text().replace("transpose.cu:noSuchKernel", "transpose.cu:transposePadded"))
    with pytest.raises(bc.SourceError, match="exactly one of locked/solution/grade"):
        bc.build_notebook(bad, "en", "exercises", bc._number_table())


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


@pytest.mark.slow
def test_work_made_from_the_pinned_release_still_grades(tmp_path):
    """A learner who copied exercises/ at the pin (tests/data/release_dd330b0/) and wrote the right
    kernel gets full marks from today's nbgrader source; the untouched copy gets zero."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_grading_autograde import _grade
    from grading import regression
    a = "00_start_here"
    old = nbformat.read(ROOT / "tests" / "data" / "release_dd330b0" / f"{a}.ipynb", as_version=4)
    check = load_rubric(a).check("vector_add_check")
    body = regression.kernel_source(regression.read_notebook("solutions", a), check)
    right = nbformat.from_dict(json.loads(json.dumps(old)))
    for c in right.cells:
        if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
            c.source = f"%%cuda {check.kernel}\n{body}"
    r, rows = _grade(tmp_path, {"right": right, "fresh": old}, backend="emu")
    scores = {s: float(row["score"]) for s, row in rows.items()}
    assert scores == {"right": load_rubric(a).points, "fresh": 0}, r.stdout + r.stderr


def test_every_notebook_a_learner_opens_has_a_name_of_its_own():
    """A lesson and its exercise open side by side in JupyterLab: two tabs, two names, in each
    language's lab (its lessons and its released exercises; issue 24)."""
    for lang in bc.languages():
        dirs = bc.out_dirs(lang)
        opened = sorted(p.name for p in [*dirs["lessons"].glob("*.ipynb"), *dirs["exercises"].glob("*/*.ipynb")])
        assert len(opened) >= 2, (lang, opened)
        twice = sorted({n for n in opened if opened.count(n) > 1})
        assert not twice, f"{lang}: these notebooks have the same file name: {twice}"
        for src in bc.sources(lang, "lessons"):
            assert bc.built_path(lang, "lessons", src.stem).exists(), src


def test_every_lesson_notebook_the_text_names_exists():
    """The exercises, the README and the docs name lessons by their notebook's path: each one exists."""
    texts = [*ROOT.glob("course/*/*/*.md"), ROOT / "README.md", *ROOT.glob("docs/*.md")]
    named = {(t, m) for t in texts for m in re.findall(r"lessons/(?:[a-z]{2}/)?\d\d_\w+\.ipynb", t.read_text())}
    assert named
    missing = sorted(f"{t.relative_to(ROOT)}: {m}" for t, m in named if not (ROOT / m).exists())
    assert not missing, missing
