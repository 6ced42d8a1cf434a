"""Due dates and late submissions (README: "Due dates and late work").

- **The due date** is nbgrader's own: the assignment's ``duedate`` in the course gradebook
  (``nbgrader db assignment add 00_start_here --duedate="2026-12-10 17:00 UTC"``). ``make grade``
  copies it into the scratch gradebook each submission is graded in (:func:`with_due_date`), so
  nbgrader's ``AssignLatePenalties`` applies the configured plugin there, and again when the driver
  merges the grades into the course gradebook (:func:`apply_penalties`).
- **The penalty** is :class:`PerDayPenalty`, an nbgrader ``LateSubmissionPlugin`` (nbgrader ships
  only "none" and "zero"): ``percent_per_day`` of the points a notebook earned for every started
  day past the due date (after ``grace_minutes``), never more than those points. It is set in
  grading/nbgrader_config.py.
- **When a submission arrived** is decided from a time the learner cannot set: when
  ``nbgrader collect`` copies a submission out of the exchange (:class:`ReceivedCollect`, the
  course's collect plugin), it records the newest inode change time (``st_ctime``) over the
  exchange's inbound copy, as the collector sees it, in ``received.json`` beside ``submitted/``.
  A learner can move a file's modification time back (``touch -d``) and write any
  ``timestamp.txt``; no one but the kernel sets ``st_ctime``, and any later change to the copy only
  moves it later. ``make grade`` grades with that time as the submission's timestamp; the learner's
  own ``timestamp.txt`` is shown beside it in the feedback when the two differ. A submission
  that did not come through the exchange (copied into ``submitted/`` by hand) has only the
  learner's ``timestamp.txt``; its feedback says so.
- **The feedback** opens with a note (:class:`LateNote`): when it was received, the due date,
  how late, the penalty, and the learner's timestamp where it differs.
"""
from __future__ import annotations

import datetime as dt
import json
import math
import os
import sqlite3
import tempfile
from functools import lru_cache
from pathlib import Path

from nbformat.v4 import new_markdown_cell
from nbgrader.api import Gradebook, MissingEntry
from nbgrader.exchange.default import ExchangeCollect
from nbgrader.plugins import LateSubmissionPlugin
from nbgrader.preprocessors import AssignLatePenalties, NbGraderPreprocessor
from nbgrader.utils import parse_utc
from traitlets import Float, Unicode
from traitlets.config.loader import PyFileConfigLoader

from grading.rubrics import REPO_ROOT
from tilelab.messages import msg

LEDGER = "received.json"
#: the format nbgrader writes timestamp.txt in (nbgrader.utils.get_utc_timestamp's)
TS_FORMAT = "%Y-%m-%d %H:%M:%S.%f %Z"
#: times this close (seconds) are the same time: the learner's clock and the copy's few seconds
SAME_WITHIN_S = 60


# ------------------------------------------------------------------ times
def parse_time(text: str | None) -> dt.datetime | None:
    """A timestamp as nbgrader reads it (naive UTC), or None when there is none or it is unreadable."""
    if not text or not str(text).strip():
        return None
    try:
        return parse_utc(str(text).strip())
    except (ValueError, OverflowError, TypeError):
        return None


def format_time(when: dt.datetime) -> str:
    """``when`` (naive UTC or aware) as nbgrader writes timestamp.txt."""
    if when.tzinfo is None:
        when = when.replace(tzinfo=dt.timezone.utc)
    return when.astimezone(dt.timezone.utc).strftime(TS_FORMAT)


def days_late(seconds_late: float, grace_minutes: float = 0.0) -> int:
    """Started days past the due date (0 within the grace period)."""
    seconds = float(seconds_late or 0) - 60.0 * float(grace_minutes or 0)
    return 0 if seconds <= 0 else math.ceil(seconds / 86400.0)


def how_late(seconds: float) -> tuple[int, int, int]:
    """(days, hours, minutes) of ``seconds`` (minutes rounded up)."""
    minutes = math.ceil(max(0.0, float(seconds)) / 60.0)
    return minutes // 1440, minutes % 1440 // 60, minutes % 60


# ------------------------------------------------------------------ the penalty
class PerDayPenalty(LateSubmissionPlugin):
    """``percent_per_day`` of a notebook's earned points per started day late, at most all of them."""

    percent_per_day = Float(10.0, help="Percent of the points a notebook earned taken off per started day "
                                       "past the due date").tag(config=True)
    grace_minutes = Float(0.0, help="Minutes past the due date that still count as on time").tag(config=True)

    def late_submission_penalty(self, student_id: str, score: float, total_seconds_late: float):
        days = days_late(total_seconds_late, self.grace_minutes)
        if days == 0 or not score:
            return None
        return round(min(float(score), float(score) * self.percent_per_day / 100.0 * days), 6)


@lru_cache(maxsize=None)
def penalty_plugin():
    """The plugin grading/nbgrader_config.py configures for AssignLatePenalties (an instance)."""
    cfg = PyFileConfigLoader("nbgrader_config.py", path=str(REPO_ROOT)).load_config()
    return AssignLatePenalties(config=cfg).plugin_class(config=cfg)


def apply_penalties(db_url: str, assignment: str, student: str, plugin=None) -> None:
    """Set each notebook's late penalty in ``db_url`` as nbgrader's AssignLatePenalties does
    (the driver's merge carries the grades, not the penalties, into the course gradebook)."""
    plugin = plugin or penalty_plugin()
    with Gradebook(db_url) as gb:
        sub = gb.find_submission(assignment, student)
        late = sub.total_seconds_late or 0
        for nb in sub.notebooks:
            nb.late_submission_penalty = None
            if late > 0:
                p = plugin.late_submission_penalty(student, nb.score, late)
                if p is not None:
                    nb.late_submission_penalty = max(0.0, min(float(p), float(nb.score)))
        gb.db.commit()


# ------------------------------------------------------------------ due dates
def due_dates(db_url: str) -> dict:
    """{assignment: due date as nbgrader's naive UTC datetime} from the course gradebook."""
    path = Path(db_url.removeprefix("sqlite:///"))
    if not path.exists():
        return {}
    with Gradebook(db_url) as gb:
        return {a.name: a.duedate for a in gb.assignments if a.duedate}


def with_due_date(gradebook: bytes, assignment: str, due: dt.datetime | None) -> bytes:
    """A copy of a template gradebook (SQLite bytes) whose ``assignment`` is due at ``due``."""
    if due is None:
        return gradebook
    with tempfile.TemporaryDirectory(prefix="tilelab-due-") as tmp:
        path = os.path.join(tmp, "gradebook.db")
        with open(path, "wb") as f:
            f.write(gradebook)
        with Gradebook(f"sqlite:///{path}") as gb:
            gb.update_or_create_assignment(assignment, duedate=due)
        con = sqlite3.connect(path)   # one file again (no journal beside it)
        con.close()
        with open(path, "rb") as f:
            return f.read()


# ------------------------------------------------------------------ when it arrived
def ledger_path(submitted: Path) -> Path:
    return Path(submitted).parent / LEDGER


def read_ledger(submitted: Path) -> dict:
    path = ledger_path(submitted)
    if not path.exists():
        return {}
    try:
        return json.loads(path.read_text())
    except ValueError:
        return {}


def newest_change(folder: str) -> float:
    """The newest ``st_ctime`` over ``folder`` and everything in it (links not followed)."""
    newest = os.lstat(folder).st_ctime
    for base, dirs, files in os.walk(folder):
        for name in dirs + files:
            try:
                newest = max(newest, os.lstat(os.path.join(base, name)).st_ctime)
            except OSError:
                pass
    return newest


def record_receipt(submitted: Path, student: str, assignment: str, inbound: str) -> dict:
    """Write when ``inbound`` (the exchange's copy being collected) arrived into the ledger."""
    received = dt.datetime.fromtimestamp(newest_change(inbound), dt.timezone.utc)
    ts = Path(inbound) / "timestamp.txt"
    try:
        learner = ts.read_text(errors="replace").strip()[:100] if ts.is_file() else ""
    except OSError:
        learner = ""
    entry = {"received": format_time(received), "inbound": os.path.basename(inbound),
             "learner_timestamp": learner, "collected": format_time(dt.datetime.now(dt.timezone.utc))}
    ledger = read_ledger(submitted)
    ledger[f"{student}/{assignment}"] = entry
    path = ledger_path(submitted)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps(ledger, indent=1, sort_keys=True))
    tmp.replace(path)
    return entry


class ReceivedCollect(ExchangeCollect):
    """nbgrader's collect, which also records when each collected submission arrived (see above)."""

    def do_copy(self, src, dest):
        super().do_copy(src, dest)
        student_id = os.path.basename(os.path.dirname(os.path.abspath(dest)))
        submitted = Path(os.path.abspath(dest)).parents[1]
        entry = record_receipt(submitted, student_id, self.coursedir.assignment_id, src)
        self.log.info("%s/%s arrived %s (the exchange copy's change time)", student_id,
                      self.coursedir.assignment_id, entry["received"])


def timing(files: dict, receipt: dict | None) -> tuple[dict, dict]:
    """(the files to grade, LateNote's settings) for one submission.

    With a receipt from the exchange, ``timestamp.txt`` says when it arrived (what nbgrader
    computes lateness from) and the learner's own one goes to the note; without, nbgrader reads
    the learner's ``timestamp.txt`` as it is, and the note says the time is theirs."""
    mine = files.get("timestamp.txt", b"").decode("utf-8", "replace").strip()[:100]
    received = parse_time((receipt or {}).get("received"))
    if received is None:
        return files, {"LateNote.received_from": "timestamp" if parse_time(mine) else "",
                       "LateNote.learner_timestamp": mine}
    files = dict(files)
    files["timestamp.txt"] = format_time(received).encode()
    return files, {"LateNote.received_from": "exchange", "LateNote.learner_timestamp": mine}


# ------------------------------------------------------------------ the feedback's note
NOTE_ID = "tilelab-late-note"


class LateNote(NbGraderPreprocessor):
    """The first cell of the feedback: when the submission arrived, the due date, how late, the
    penalty, and the learner's own timestamp where it differs (in the submission's language)."""

    received_from = Unicode("", help="'exchange': the timestamp is when the exchange's copy arrived "
                                     "(grading/late.py); 'timestamp': the learner's timestamp.txt; '': none"
                            ).tag(config=True)
    learner_timestamp = Unicode("", help="The learner's own timestamp.txt").tag(config=True)
    language = Unicode("", help="The submission's language ('' : TILELAB_LANG)").tag(config=True)

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        try:
            with Gradebook(info["db_url"]) as gb:
                sub = gb.find_submission(info["assignment"], info["student"])
                notebook = gb.find_submission_notebook(info["notebook"], info["assignment"], info["student"])
                text = self.note(sub.timestamp, sub.duedate, sub.total_seconds_late or 0,
                                 notebook.late_submission_penalty, notebook.score)
        except (KeyError, MissingEntry):
            return nb, resources
        if text:
            cell = new_markdown_cell(text)
            cell.id = NOTE_ID
            nb.cells.insert(0, cell)
        return nb, resources

    def note(self, received, due, seconds_late, penalty, score) -> str:
        lang = self.language or None
        if received is None and due is None:
            return ""
        lines = []
        src = "late.received_exchange" if self.received_from == "exchange" else "late.received_own"
        if received is not None:
            lines.append(msg(src, lang, when=format_time(received)))
        if due is not None:
            lines.append(msg("late.due", lang, when=format_time(due)))
            if received is None:
                lines.append(msg("late.no_time", lang))
            elif seconds_late > 0:
                d, h, m = how_late(seconds_late)
                lines.append(msg("late.late", lang, days=d, hours=h, minutes=m))
                lines.append(msg("late.penalty", lang, penalty=f"{penalty or 0:g}", score=f"{score or 0:g}")
                             if penalty else msg("late.no_penalty", lang))
            else:
                lines.append(msg("late.on_time", lang))
        mine = parse_time(self.learner_timestamp)
        if self.received_from == "exchange" and self.learner_timestamp and (
                mine is None or received is None or abs((mine - received).total_seconds()) > SAME_WITHIN_S):
            lines.append(msg("late.yours_differs", lang, yours=self.learner_timestamp))
        if due is None and len(lines) == 1 and self.received_from != "exchange":
            return ""            # no due date and only the learner's own time: nothing to say
        return msg("late.head", lang) + "\n\n" + "\n".join(f"- {ln}" for ln in lines)
