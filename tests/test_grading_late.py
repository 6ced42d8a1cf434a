"""Due dates, the per-day late penalty and when a submission arrived (grading/late.py), and the
grades out of the gradebook (grading/export.py): no grading here, nbgrader's API on scratch
gradebooks (the whole path through make grade: tests/test_grading_instructor.py)."""
from __future__ import annotations

import csv
import datetime as dt
import os
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import export, late  # noqa: E402

DAY = 86400


@pytest.fixture(autouse=True)
def _alembic_on_path(monkeypatch):
    """nbgrader runs `alembic` from PATH when it makes a gradebook (grading/release.py does the same)."""
    monkeypatch.setenv("PATH", os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))


@pytest.mark.parametrize("seconds, grace, percent", [(0, 0, 0), (1, 0, 10), (DAY, 0, 10), (DAY + 1, 0, 20),
                                                    (3 * DAY + 60, 0, 40), (20 * DAY, 0, 100), (299, 5, 0),
                                                    (301, 5, 10)])
def test_the_penalty_is_a_share_of_the_points_earned_per_started_day(seconds, grace, percent):
    plugin = late.PerDayPenalty(percent_per_day=10, grace_minutes=grace)
    got = plugin.late_submission_penalty("ann", 8.0, seconds)
    assert (got or 0.0) == pytest.approx(8.0 * percent / 100)


def test_the_course_config_uses_the_per_day_penalty():
    plugin = late.penalty_plugin()
    assert isinstance(plugin, late.PerDayPenalty) and plugin.percent_per_day > 0


def test_the_arrival_is_the_exchange_copys_change_time_not_what_the_learner_sets(tmp_path):
    before = time.time()
    inbound = tmp_path / "exchange" / "tilelab" / "inbound" / "ann+00_start_here+2020-01-01 00:00:00.000000 UTC+abc"
    inbound.mkdir(parents=True)
    (inbound / "00_start_here.ipynb").write_text("{}")
    (inbound / "timestamp.txt").write_text("2020-01-01 00:00:00.000000 UTC")
    for p in (inbound / "00_start_here.ipynb", inbound / "timestamp.txt", inbound):
        os.utime(p, (before - 30 * DAY, before - 30 * DAY))          # a learner can backdate mtime
    submitted = tmp_path / "course" / "submitted"
    entry = late.record_receipt(submitted, "ann", "00_start_here", str(inbound))
    received = late.parse_time(entry["received"]).replace(tzinfo=dt.timezone.utc).timestamp()
    assert received >= before - 1
    assert entry["learner_timestamp"] == "2020-01-01 00:00:00.000000 UTC"
    assert late.read_ledger(submitted)["ann/00_start_here"] == entry
    assert late.ledger_path(submitted) == tmp_path / "course" / "received.json"

    # make grade grades with the arrival; the learner's own time goes to the note
    files = {"00_start_here.ipynb": b"{}", "timestamp.txt": b"2020-01-01 00:00:00.000000 UTC"}
    graded, note = late.timing(files, entry)
    assert graded["timestamp.txt"].decode() == entry["received"] and files["timestamp.txt"] != graded["timestamp.txt"]
    assert note == {"LateNote.received_from": "exchange", "LateNote.learner_timestamp": "2020-01-01 00:00:00.000000 UTC"}
    # without a receipt (copied into submitted/ by hand) nbgrader reads the learner's time, and the note says whose
    assert late.timing(files, None) == (files, {"LateNote.received_from": "timestamp",
                                                "LateNote.learner_timestamp": "2020-01-01 00:00:00.000000 UTC"})


def test_the_note_says_how_late_the_penalty_and_the_learners_own_time(monkeypatch):
    due = dt.datetime(2026, 12, 1, 17, 0)
    received = due + dt.timedelta(days=2, hours=3, minutes=4, seconds=5)
    mine = "2026-12-01 16:59:00.000000 UTC"
    for lang in ("en", "zh"):
        note = late.LateNote(received_from="exchange", learner_timestamp=mine, language=lang)
        text = note.note(received, due, (received - due).total_seconds(), 2.4, 8.0)
        from tilelab.messages import msg
        assert msg("late.late", lang, days=2, hours=3, minutes=5) in text
        assert msg("late.penalty", lang, penalty="2.4", score="8") in text
        assert msg("late.yours_differs", lang, yours=mine) in text
        assert late.format_time(due) in text and late.format_time(received) in text
    on_time = late.LateNote(received_from="exchange", learner_timestamp=late.format_time(due - dt.timedelta(hours=1)))
    text = on_time.note(due - dt.timedelta(hours=1), due, 0, None, 8.0)
    assert "on time" in text and "your own timestamp.txt" not in text      # the same time: nothing beside it
    assert late.LateNote(received_from="timestamp", learner_timestamp=mine).note(received, None, 0, None, 8) == ""


def _gradebook(path: Path):
    """Three learners, assignment 00 (due yesterday) submitted by two of them, one late; 01 by nobody."""
    from nbgrader.api import Gradebook
    url = f"sqlite:///{path}"
    due = dt.datetime(2026, 12, 1, 17, 0)
    with Gradebook(url) as gb:
        a = gb.update_or_create_assignment("00_start_here", duedate=due)
        gb.update_or_create_assignment("01_naive_matmul")
        gb.add_notebook("00_start_here", "00_start_here")
        gb.add_notebook("01_naive_matmul", "01_naive_matmul")
        gb.add_grade_cell("check", "00_start_here", "00_start_here", max_score=10, cell_type="code")
        gb.add_grade_cell("check", "01_naive_matmul", "01_naive_matmul", max_score=5, cell_type="code")
        for sid, first, last in (("ann", "Ann", "Lee"), ("bo", "Bo", "Wu"), ("cy", "", "")):
            gb.update_or_create_student(sid, first_name=first, last_name=last, email=f"{sid}@example.org")
        for sid, when, score in (("ann", due - dt.timedelta(hours=1), 10.0), ("bo", due + dt.timedelta(days=1, hours=1), 10.0)):
            gb.add_submission("00_start_here", sid, timestamp=when)
            gb.find_grade("check", "00_start_here", "00_start_here", sid).auto_score = score
        gb.db.commit()
        assert a.max_score == 10
    for sid in ("ann", "bo"):
        late.apply_penalties(url, "00_start_here", sid, late.PerDayPenalty(percent_per_day=10))
    return url


def test_grades_csv_has_one_row_per_submission_and_missing_ones_only_when_asked(tmp_path):
    url = _gradebook(tmp_path / "gradebook.db")
    paths = export.export(url, tmp_path / "grades.csv")
    rows = list(csv.DictReader(open(paths["csv"])))
    assert [(r["student_id"], r["assignment"], r["status"]) for r in rows] == [
        ("ann", "00_start_here", "graded"), ("bo", "00_start_here", "graded")]     # not 3 learners × 2 assignments
    by = {r["student_id"]: r for r in rows}
    assert by["ann"]["score"] == "10" and by["ann"]["late_submission_penalty"] == "0"
    assert by["bo"]["raw_score"] == "10" and by["bo"]["late_submission_penalty"] == "2" and by["bo"]["score"] == "8"
    assert float(by["bo"]["seconds_late"]) == DAY + 3600

    rows = list(csv.DictReader(open(export.export(url, tmp_path / "all.csv", include_missing=True)["csv"])))
    missing = [r for r in rows if r["status"] == "missing"]
    assert [(r["student_id"], r["assignment"], r["score"]) for r in missing] == [("cy", "00_start_here", "")]
    assert len(rows) == 3                                  # 01, which nobody submitted, has no rows

    canvas = list(csv.reader(open(paths["canvas"])))
    assert canvas[0] == ["Student", "ID", "SIS User ID", "SIS Login ID", "Section", "00_start_here"]
    assert canvas[1][0] == "Points Possible" and canvas[1][5] == "10"
    assert canvas[2:] == [["Lee, Ann", "", "", "ann", "", "10"], ["Wu, Bo", "", "", "bo", "", "8"]]
    moodle = list(csv.reader(open(paths["moodle"])))
    assert moodle == [["Username", "First name", "Last name", "Email address", "00_start_here"],
                      ["ann", "Ann", "Lee", "ann@example.org", "10"], ["bo", "Bo", "Wu", "bo@example.org", "8"]]
    missing_canvas = list(csv.reader(open(export.export(url, tmp_path / "m.csv", include_missing=True)["canvas"])))
    assert missing_canvas[-1] == ["cy", "", "", "cy", "", ""]          # missing is empty in the LMS, not 0


def test_the_due_date_travels_into_a_template_gradebook(tmp_path):
    url = _gradebook(tmp_path / "gradebook.db")
    due = late.due_dates(url)
    assert due == {"00_start_here": dt.datetime(2026, 12, 1, 17, 0)}
    blank = tmp_path / "blank.db"
    from nbgrader.api import Gradebook
    with Gradebook(f"sqlite:///{blank}") as gb:
        gb.update_or_create_assignment("00_start_here")
    copy = tmp_path / "copy.db"
    copy.write_bytes(late.with_due_date(blank.read_bytes(), "00_start_here", due["00_start_here"]))
    with Gradebook(f"sqlite:///{copy}") as gb:
        assert gb.find_assignment("00_start_here").duedate == due["00_start_here"]
    assert late.with_due_date(blank.read_bytes(), "00_start_here", None) == blank.read_bytes()
