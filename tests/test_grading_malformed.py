"""One learner, one failure (issue 20, item 8): a corpus of malformed submissions, read by the trusted
driver (grading/submission_files.py, grading/cli.py) without following links, blocking on a FIFO,
reading a huge file or parsing JSON nested without bound; and one `make grade` batch in which each
malformed learner gets a line of their own while the others are graded and grades.csv is written."""
from __future__ import annotations

import csv
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import nbformat
import pytest

from grading import cli
from grading import language as lg
from grading import regression
from grading import submission_files as sf
from grading.feedback import unsafe_urls
from grading.rubrics import load_rubric

ROOT = Path(__file__).resolve().parent.parent
A = "00_start_here"
NB = f"{A}.ipynb"


def _released() -> bytes:
    return nbformat.writes(regression.read_notebook("exercises", A)).encode()


def _right() -> bytes:
    check = load_rubric(A).check("vector_add_check")
    body = regression.kernel_source(regression.read_notebook("solutions", A), check)
    nb = regression.read_notebook("exercises", A)
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
            c.source = f"%%cuda {check.kernel}\n{body}"
    return nbformat.writes(nb).encode()


# ------------------------------------------------------------------ the corpus, one builder each
def cells_is_a_number(d: Path):
    nb = json.loads(_released())
    nb["cells"] = 7
    (d / NB).write_text(json.dumps(nb))


def nested_arrays(d: Path):
    (d / NB).write_text("[" * 100_000 + "]" * 100_000)


def timestamp_is_a_folder(d: Path):
    (d / NB).write_bytes(_right())
    (d / "timestamp.txt").mkdir()
    (d / "timestamp.txt" / "x").write_text("2026-01-01 00:00:00")


def timestamp_links_to_a_fifo(d: Path):
    (d / NB).write_bytes(_right())
    fifo = d.parent.parent.parent / f"fifo-{d.parent.name}"
    os.mkfifo(fifo)
    (d / "timestamp.txt").symlink_to(fifo)


#: markdown a learner may add: links that are javascript: only once rendered, and inline code
ATTACK_MARKDOWN = ("[x](javascript&#58;alert('tl-xss')) [y](&#106;avascript:alert('tl-xss')) [z][r] "
                   "and `i < n`\n\n[r]: javascript&#x3A;alert('tl-xss')")


def zip_like_tree(d: Path):
    """What unzipping an archive can make: folders in folders, links in and out, a huge file; and a
    notebook with markdown whose links are live only once rendered (issue 20 item 9)."""
    nb = nbformat.reads(_right().decode(), 4)
    nb.cells.append(nbformat.v4.new_markdown_cell(ATTACK_MARKDOWN))
    (d / NB).write_text(nbformat.writes(nb))
    deep = d / "data"
    for i in range(12):
        deep = deep / f"level{i}"
    deep.mkdir(parents=True)
    (deep / "bottom.txt").write_text("deep")
    (d / "data" / "small.csv").write_text("1,2,3\n")
    (d / "data" / "passwd").symlink_to("/etc/passwd")
    (d / "data" / "up").symlink_to(d.parent.parent)          # a link to a folder: a loop if followed
    (d / "ghost.ipynb").symlink_to(d / "missing.ipynb")      # a dangling link named like a notebook
    with open(d / "data" / "huge.bin", "wb") as f:          # 6 GB by its size, nothing on disk
        f.truncate(6 << 30)
    os.mkfifo(d / "data" / "pipe")


def notebook_links_to_a_fifo(d: Path):
    fifo = d / "real-fifo"
    os.mkfifo(fifo)
    (d / NB).symlink_to(fifo)


CORPUS = {"cells_number": cells_is_a_number, "nested": nested_arrays, "ts_folder": timestamp_is_a_folder,
          "ts_fifo_link": timestamp_links_to_a_fifo, "zip_tree": zip_like_tree, "nb_fifo_link": notebook_links_to_a_fifo}


def _build(course: Path, name: str) -> Path:
    d = course / "submitted" / name / A
    d.mkdir(parents=True)
    CORPUS[name](d)
    return d


def _bounded(fn, *args, seconds=20):
    """fn(*args) in a thread that must finish within ``seconds`` (a FIFO must never block the driver)."""
    out = {}

    def run():
        try:
            out["value"] = fn(*args)
        except Exception as e:  # noqa: BLE001 - returned to the test
            out["error"] = e
    t = threading.Thread(target=run, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), f"{fn.__name__} blocked"
    return out


# ------------------------------------------------------------------ the driver's reading, alone
def test_a_notebook_whose_cells_is_a_number_is_named_not_parsed_further(tmp_path):
    d = _build(tmp_path, "cells_number")
    problem = str(sf.notebook_problem((d / NB).read_bytes(), NB))
    assert "'cells' is not a list" in problem
    assert lg.detect({NB: (d / NB).read_bytes()}, {"en": {NB: _released()}})[0] == "en"
    with pytest.raises(sf.NotReadable, match="not a list of cells"):
        cli.prepare({"submitted": tmp_path / "submitted"}, "cells_number", A)


def test_json_nested_100000_deep_is_refused_before_any_parser_sees_it(tmp_path):
    d = _build(tmp_path, "nested")
    data = (d / NB).read_bytes()
    assert sf.json_depth(data) == 100_000
    assert sf.json_depth(b'{"a": "[[[[", "b": [1, {"c": []}]}') == 4   # brackets in strings do not count
    assert "nested 100,000 deep" in str(sf.notebook_problem(data, NB))
    assert sf.notebook_problem(_released(), NB) is None
    assert lg._cells(data) == []
    with pytest.raises(sf.NotReadable, match="nested"):
        cli.prepare({"submitted": tmp_path / "submitted"}, "nested", A)


@pytest.mark.parametrize("name", ["ts_folder", "ts_fifo_link"])
def test_a_timestamp_that_is_not_a_file_is_set_aside_and_the_notebook_kept(tmp_path, name):
    _build(tmp_path, name)
    out = _bounded(cli.prepare, {"submitted": tmp_path / "submitted"}, name, A)
    files, notes = out["value"]
    assert NB in files and "timestamp.txt" not in files
    assert any("timestamp.txt" in str(n) for n in notes) and any("on time" in str(n) for n in notes), notes


def test_a_zip_like_tree_keeps_its_regular_files_and_says_what_it_left_out(tmp_path):
    _build(tmp_path, "zip_tree")
    files, notes = _bounded(cli.prepare, {"submitted": tmp_path / "submitted"}, "zip_tree", A)["value"]
    assert set(files) == {NB, "data/small.csv"}, sorted(files)
    said = "\n".join(map(str, notes))
    assert "符号链接" in "\n".join(n.text("zh") for n in notes)   # said in the submission's language
    for what in ("'data/passwd' is a symbolic link", "'data/up' is a symbolic link", "'ghost.ipynb' is a symbolic link",
                 "'data/huge.bin' is 6,442,450,944 bytes", "'data/pipe' is not a regular file", "nested more than"):
        assert what in said, said


def test_a_notebook_that_links_to_a_fifo_fails_alone_without_blocking(tmp_path):
    _build(tmp_path, "nb_fifo_link")
    out = _bounded(cli.prepare, {"submitted": tmp_path / "submitted"}, "nb_fifo_link", A)
    assert isinstance(out.get("error"), sf.NotReadable) and "symbolic link" in str(out["error"])
    assert cli.submissions(tmp_path / "submitted") == [("nb_fifo_link", A)]


def test_folders_that_are_links_are_not_submissions(tmp_path):
    sub = tmp_path / "submitted"
    (sub / "real" / A).mkdir(parents=True)
    (sub / "real" / A / NB).write_bytes(_released())
    (sub / "linked").symlink_to(sub / "real")
    (sub / "other" ).mkdir()
    (sub / "other" / A).symlink_to(sub / "real" / A)
    assert cli.submissions(sub) == [("real", A)]


def test_read_regular_reads_only_regular_files_within_the_cap(tmp_path):
    p = tmp_path / "f"
    p.write_bytes(b"x" * 100)
    assert sf.read_regular(p, 100) == b"x" * 100
    with pytest.raises(sf.NotReadable, match="over the 99-byte limit"):
        sf.read_regular(p, 99)
    (tmp_path / "l").symlink_to(p)
    with pytest.raises(sf.NotReadable, match="symbolic link"):
        sf.read_regular(tmp_path / "l", 1000)
    with pytest.raises(sf.NotReadable, match="folder"):
        sf.read_regular(tmp_path, 1000)


# ------------------------------------------------------------------ one batch: the others are graded
@pytest.mark.slow
@pytest.mark.timeout(1500)   # a whole make grade batch; on a loaded 2-core host it can pass 600 s
def test_malformed_submissions_fail_alone_and_the_class_is_graded(tmp_path):
    course = tmp_path / "course"
    for name in CORPUS:
        _build(course, name)
    # ts_folder, ts_fifo_link and zip_tree are right answers in odd folders: the learners to be graded
    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="0")
    r = subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(course), "--workers", "2",
                        "--csv", str(course / "grades.csv"), "--timeout", "600", "--nbgrader-arg=--Execute.timeout=60"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500)
    out = r.stdout + r.stderr
    assert r.returncode == 1, out
    points = load_rubric(A).points
    with open(course / "grades.csv") as f:
        scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f) if row["assignment"] == A}
    # the notebooks that can be read earn their points; the timestamps and stray files are only noted
    assert scores == {"ts_folder": points, "ts_fifo_link": points, "zip_tree": points}, out
    # (without a sandbox, UNSAFE=1 prefixes every line with UNSAFE)
    lines = [line.removeprefix("UNSAFE").strip() for line in r.stdout.splitlines()]
    failed = {line.split()[1].split("/")[0]: line for line in lines if line.startswith("FAILED")}
    assert set(failed) == {"cells_number", "nested", "nb_fifo_link"}, out
    assert "'cells' is not a list" in failed["cells_number"] and "nested 100,000 deep" in failed["nested"]
    assert "symbolic link" in failed["nb_fifo_link"]
    for name in failed:   # each has a feedback page of its own that says why
        page = (course / "feedback" / name / A / "not-graded.html").read_text()
        assert "not graded" in page and failed[name].split(": ", 1)[1][:30] in page.replace("&#x27;", "'")
    # what was left out of a graded submission is in its own feedback
    fb = (course / "feedback" / "zip_tree" / A / f"{A}.html").read_text()
    assert "is a symbolic link, which is not read" in fb
    # its markdown: no live javascript: link in the page, inline code escaped once
    assert unsafe_urls(fb) == [] and "<code>i &lt; n</code>" in fb, unsafe_urls(fb)
    fb = (course / "feedback" / "ts_fifo_link" / A / f"{A}.html").read_text()
    assert "graded as on time" in fb


# ------------------------------------------------------------------ held out: shapes written after the fixes
def _held_out() -> dict:
    rel = json.loads(_released())
    return {
        "cells_of_numbers": (json.dumps({**rel, "cells": [1, "x", None]}).encode(), "not a list of cells"),
        "not_utf8": (b"\xff\xfe" + _released()[:100], "utf-8"),
        "empty": (b"", "not a readable notebook"),
        "top_level_list": (b"[1, 2, 3]", "is a list, not an object"),
        "nbformat3": (json.dumps({"nbformat": 3, "nbformat_minor": 0, "worksheets": [{"cells": []}],
                                  "metadata": {}}).encode(), "not a list of cells"),
        "huge_string_cell": (json.dumps({**rel, "cells": rel["cells"] + [{"cell_type": "code", "source": "x" * (20 << 20),
                                                                          "metadata": {}, "outputs": [],
                                                                          "execution_count": None}]}).encode(),
                             "over the"),
        # readable JSON of the wrong shapes inside: prepared, then repaired from the release
        "source_is_a_dict": (json.dumps({**rel, "cells": [{**rel["cells"][0], "source": {"a": 1}}] + rel["cells"][1:]})
                             .encode(), None),
        "metadata_a_list": (json.dumps({**rel, "metadata": [1, 2]}).encode(), None),
    }


@pytest.mark.parametrize("name", sorted(_held_out()))
def test_held_out_malformed_notebooks_are_named_or_prepared_never_a_crash(tmp_path, name):
    data, why = _held_out()[name]
    d = tmp_path / "submitted" / name / A
    d.mkdir(parents=True)
    (d / NB).write_bytes(data)
    out = _bounded(cli.prepare, {"submitted": tmp_path / "submitted"}, name, A)
    if why is None:
        assert "value" in out and NB in out["value"][0], out
    else:
        assert isinstance(out.get("error"), sf.NotReadable) and why in str(out["error"]), out
