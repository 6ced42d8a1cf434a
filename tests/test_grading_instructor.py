"""An instructor's make grade, end to end (issue 24): one zh submission graded by hand exactly
as the batch grades it, a due date from the gradebook with a late submission penalised per day
and told so in its feedback beside the learner's own timestamp, grades.csv with one row per
submission, and the progress bar from the start."""
from __future__ import annotations

from conftest import read_json

import csv
import datetime as dt
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import late, regression  # noqa: E402
from grading import sandbox as sb  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402
from tilelab.messages import msg  # noqa: E402

A = "00_start_here"


def _submit(course: Path, student: str, lang: str, timestamp: str):
    check = load_rubric(A).check("vector_add_check")
    sol = regression.kernel_source(regression.read_notebook("solutions", A), check)
    nb = regression.read_notebook("exercises" if lang == "en" else f"exercises_{lang}", A)
    for c in nb.cells:
        if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
            c.source = f"%%cuda {check.kernel}\n{sol}"
    d = course / "submitted" / student / A
    d.mkdir(parents=True)
    nbformat.write(nb, d / f"{A}.ipynb")
    (d / "timestamp.txt").write_text(timestamp)
    return d


def _grade(course: Path, *args, progress=False):
    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="1" if progress else "0",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    env.pop("TILELAB_LANG", None)
    return subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(course),
                           "--csv", str(course / "grades.csv"), "--timeout", "600", "--workers", "1", *args],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)


@pytest.mark.slow
def test_by_hand_then_the_batch_with_a_due_date(tmp_path):
    if sb.probe() and not sb.unsafe():
        pytest.skip(f"no sandbox here: {sb.probe()}")
    course = tmp_path / "course"
    now = dt.datetime.now(dt.timezone.utc).replace(tzinfo=None)
    due = now - dt.timedelta(days=2, hours=1)          # so the exchange copy made below is 2 d 1 h late
    before_due = late.format_time(due - dt.timedelta(hours=2))
    # the course gradebook knows the due date before anything is graded (nbgrader db assignment add --duedate)
    course.mkdir()
    os.environ["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")])
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as gb:
        gb.update_or_create_assignment(A, duedate=due)

    # zh: copied into submitted/ by hand, its own timestamp on time; en: through the exchange, late,
    # claiming in its timestamp.txt to be on time
    _submit(course, "zh_hand", "zh", before_due)
    _submit(course, "en_late", "en", before_due)
    inbound = tmp_path / "inbound" / f"en_late+{A}+x"
    inbound.mkdir(parents=True)
    (inbound / "timestamp.txt").write_text(before_due)
    late.record_receipt(course / "submitted", "en_late", A, str(inbound))

    # one submission by hand, with the progress bar: only it is graded, in its language
    r = _grade(course, "--student", "zh_hand", "--assignment", A, progress=True)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "graded 1 of 1 submissions" in r.stdout
    assert re.search(r"prepare: \d+/\d+ \[00:0\d", r.stdout), r.stdout          # the bar, from its first second
    assert "autograde:" in r.stdout and "released en" in r.stdout, r.stdout
    rows = list(csv.DictReader(open(course / "grades.csv")))
    assert [(x["student_id"], x["language"], x["status"]) for x in rows] == [("zh_hand", "zh", "graded")]
    assert float(rows[0]["score"]) == load_rubric(A).points and rows[0]["late_submission_penalty"] == "0"
    zh_html = (course / "feedback" / "zh_hand" / A / f"{A}.html").read_text(encoding="utf-8")
    assert msg("late.on_time", "zh") in zh_html and msg("late.head", "zh").strip("*") in zh_html

    # the batch: the hand-graded one is unchanged (graded as the batch grades it), the late one is penalised
    r = _grade(course)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "1 submission unchanged since last graded: skipped" in r.stdout and "graded 1 of 1" in r.stdout
    rows = {x["student_id"]: x for x in csv.DictReader(open(course / "grades.csv"))}
    assert sorted(rows) == ["en_late", "zh_hand"]                     # one row per submission
    points = load_rubric(A).points
    assert float(rows["en_late"]["raw_score"]) == points
    assert float(rows["en_late"]["late_submission_penalty"]) == pytest.approx(points * 0.3)   # 3 started days
    assert float(rows["en_late"]["score"]) == pytest.approx(points * 0.7)
    assert float(rows["en_late"]["seconds_late"]) > 2 * 86400
    html = (course / "feedback" / "en_late" / A / f"{A}.html").read_text(encoding="utf-8")
    assert "late by 2 d 1 h" in html and msg("late.yours_differs", "en", yours=before_due) in html
    assert "when your submission reached the course" in html
    canvas = list(csv.reader(open(course / "grades-canvas.csv")))
    assert [row[3] for row in canvas[2:]] == ["en_late", "zh_hand"]
    assert read_json(course / "received.json")[f"en_late/{A}"]["learner_timestamp"] == before_due
