"""The grades out of the course gradebook: ``grades.csv`` and the Canvas and Moodle imports.

``make grade`` writes them after every run (README: "Grades out"); on their own::

    .venv/bin/python -m grading.export [--course-dir grading] [--include-missing]

- ``grades.csv``: **one row per submission graded** (nbgrader's own export has a row for every
  learner × every assignment of the gradebook, 0 where nothing was submitted). Its columns are
  nbgrader's (assignment, duedate, timestamp, student_id, last_name, first_name, email,
  raw_score, late_submission_penalty, score, max_score), then ``seconds_late``, ``language`` (the
  language the submission was graded in) and ``status``. ``--include-missing`` adds a row for
  each learner who submitted none of an assignment that others submitted, with ``status``
  ``missing`` and the scores empty (missing, not 0).
- ``grades-canvas.csv``: Canvas's gradebook import (Grades → Import): the columns ``Student``,
  ``ID``, ``SIS User ID``, ``SIS Login ID``, ``Section``, then one column per assignment, and a
  ``Points Possible`` row; a learner is matched by ``SIS Login ID`` (the nbgrader student id, the
  JupyterHub login); a column whose name Canvas does not know becomes a new assignment. An
  assignment not submitted is left empty: Canvas leaves an empty cell ungraded.
- ``grades-moodle.csv``: Moodle's "Import grades from CSV file": ``Username``, ``First name``,
  ``Last name``, ``Email address``, then one column per assignment; at import, "Map from"
  ``Username`` to ``username`` and each assignment column to its grade item.
The score is after the late penalty (grading/late.py).
"""
from __future__ import annotations

import argparse
import csv
import sys
from pathlib import Path

from grading import language as lg
from grading.rubrics import REPO_ROOT

FIELDS = ["assignment", "duedate", "timestamp", "student_id", "last_name", "first_name", "email",
          "raw_score", "late_submission_penalty", "score", "max_score", "seconds_late", "language", "status"]
CANVAS_HEAD = ["Student", "ID", "SIS User ID", "SIS Login ID", "Section"]
MOODLE_HEAD = ["Username", "First name", "Last name", "Email address"]


def _num(x) -> str:
    return "" if x is None else f"{float(x):g}"


def rows(db_url: str, autograded: Path | None = None, include_missing: bool = False) -> list[dict]:
    """One dict per submission in the gradebook (and per missing one when asked), sorted."""
    from nbgrader.api import Gradebook
    out = []
    with Gradebook(db_url) as gb:
        students = {s.id: s for s in gb.students}
        for a in sorted(gb.assignments, key=lambda a: (a.duedate is None, a.duedate or 0, a.name)):
            subs = {s.student.id: s for s in a.submissions}
            if not subs:
                continue        # never handed in by anyone: not released, or not yet collected
            who = sorted(students) if include_missing else sorted(subs)
            for sid in who:
                st, sub = students[sid], subs.get(sid)
                row = {"assignment": a.name, "duedate": a.duedate.isoformat(sep=" ") if a.duedate else "",
                       "student_id": sid, "last_name": st.last_name or "", "first_name": st.first_name or "",
                       "email": st.email or "", "max_score": _num(a.max_score)}
                if sub is None:
                    row.update({"timestamp": "", "raw_score": "", "late_submission_penalty": "", "score": "",
                                "seconds_late": "", "language": "", "status": "missing"})
                else:
                    penalty = sub.late_submission_penalty or 0.0
                    lang = lg.graded_language(autograded / sid / a.name) if autograded else None
                    row.update({"timestamp": sub.timestamp.isoformat(sep=" ") if sub.timestamp else "",
                                "raw_score": _num(sub.score), "late_submission_penalty": _num(penalty),
                                "score": _num(max(0.0, sub.score - penalty)),
                                "seconds_late": _num(sub.total_seconds_late or 0), "language": lang or "",
                                "status": "graded"})
                out.append(row)
    return out


def write_csv(path: Path, table: list[dict], fields: list[str]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(table)


def _by_student(table: list[dict]):
    """([assignment], {student: {assignment: score}}, {assignment: max}, {student: row})."""
    names, maxes, scores, people = [], {}, {}, {}
    for r in table:
        if r["assignment"] not in maxes:
            names.append(r["assignment"])
            maxes[r["assignment"]] = r["max_score"]
        people.setdefault(r["student_id"], r)
        scores.setdefault(r["student_id"], {})[r["assignment"]] = r["score"]
    return names, scores, maxes, people


def canvas(table: list[dict]) -> list[list[str]]:
    names, scores, maxes, people = _by_student(table)
    out = [CANVAS_HEAD + names, ["Points Possible", "", "", "", ""] + [maxes[a] for a in names]]
    for sid in sorted(scores):
        p = people[sid]
        name = ", ".join(x for x in (p["last_name"], p["first_name"]) if x) or sid
        out.append([name, "", "", sid, ""] + [scores[sid].get(a, "") for a in names])
    return out


def moodle(table: list[dict]) -> list[list[str]]:
    names, scores, _, people = _by_student(table)
    out = [MOODLE_HEAD + names]
    for sid in sorted(scores):
        p = people[sid]
        out.append([sid, p["first_name"], p["last_name"], p["email"]] + [scores[sid].get(a, "") for a in names])
    return out


def export(db_url: str, csv_path: Path, autograded: Path | None = None, include_missing: bool = False) -> dict:
    """Write grades.csv and, beside it, grades-canvas.csv and grades-moodle.csv; {kind: path}."""
    csv_path = Path(csv_path)
    table = rows(db_url, autograded, include_missing)
    write_csv(csv_path, table, FIELDS)
    paths = {"csv": csv_path}
    for kind, make in (("canvas", canvas), ("moodle", moodle)):
        paths[kind] = csv_path.with_name(f"{csv_path.stem}-{kind}.csv")
        with open(paths[kind], "w", newline="", encoding="utf-8") as f:
            csv.writer(f).writerows(make(table))
    return paths


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--course-dir", default=str(REPO_ROOT / "grading"))
    ap.add_argument("--csv", help="default: COURSE/grades.csv (the LMS files go beside it)")
    ap.add_argument("--include-missing", action="store_true",
                    help="a row (status missing, scores empty) for each learner who did not submit an assignment")
    args = ap.parse_args(argv)
    d = Path(args.course_dir).resolve()
    db = d / "gradebook.db"
    if not db.exists():
        print(f"no gradebook at {db}: run make grade first", file=sys.stderr)
        return 2
    paths = export(f"sqlite:///{db}", Path(args.csv) if args.csv else d / "grades.csv", d / "autograded",
                   args.include_missing)
    for p in paths.values():
        print(p)
    return 0


if __name__ == "__main__":
    sys.exit(main())
