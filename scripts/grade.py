#!/usr/bin/env python3
"""`make grade`: autograde every submission, write feedback and grading/grades.csv.

Submissions are grading/submitted/<student>/<assignment>/. Each is autograded by its own
``nbgrader autograde --force`` process (its own process group, with a time limit), so a
broken or hanging submission fails only itself; the summary names it. Inside nbgrader, the
course's SafeExecute and Judge preprocessors (grading/preprocessors.py) already contain a
hung cell or a runaway kernel; the limit here is the last line of defence.
"""
from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from pathlib import Path

from tqdm import tqdm

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
from release import assignments, nbgrader, nbgrader_env, release  # noqa: E402

SUBMITTED = ROOT / "grading" / "submitted"


def submissions(submitted: Path = SUBMITTED):
    """(student, assignment) for every submission folder holding a notebook."""
    out = []
    if submitted.is_dir():
        for student in sorted(p for p in submitted.iterdir() if p.is_dir() and not p.name.startswith(".")):
            for a in sorted(p for p in student.iterdir() if p.is_dir() and any(p.glob("*.ipynb"))):
                out.append((student.name, a.name))
    return out


def check_timestamp(folder: Path) -> str | None:
    """A timestamp.txt nbgrader cannot parse makes it drop the submission: set it aside, say so."""
    ts = folder / "timestamp.txt"
    if not ts.exists():
        return None
    import dateutil.parser
    try:
        dateutil.parser.parse(ts.read_text().strip())
        return None
    except (ValueError, OverflowError):
        ts.rename(folder / "timestamp.txt.unreadable")
        return f"{folder}: unreadable timestamp.txt set aside (graded as on time)"


def run(cmd, timeout):
    """Run in its own process group; kill the whole group on timeout. (rc, seconds, tail of output)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         start_new_session=True, env=nbgrader_env())
    try:
        out, _ = p.communicate(timeout=timeout)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, _ = p.communicate()
        rc = "timeout"
    return rc, time.monotonic() - t0, out


def autograde(student, assignment, timeout, extra=()):
    cmd = nbgrader() + ["autograde", assignment, f"--student={student}", "--force", *extra]
    rc, secs, out = run(cmd, timeout)
    failed = rc != 0
    return student, assignment, rc, secs, failed, out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--jobs", "-j", type=int, default=1, help="submissions graded at once")
    ap.add_argument("--timeout", type=float, default=float(os.environ.get("GRADE_TIMEOUT", 3600)),
                    help="seconds per submission before it is killed (default 3600)")
    ap.add_argument("--csv", default=str(ROOT / "grading" / "grades.csv"))
    ap.add_argument("--course-dir", help="put submitted/, autograded/, feedback/, release_tmp/ and "
                    "gradebook.db here instead of grading/ (tests use it)")
    ap.add_argument("--nbgrader-arg", action="append", default=[], help="extra option for nbgrader autograde")
    args = ap.parse_args(argv)

    submitted, extra = SUBMITTED, []
    release_dir, db = ROOT / "grading" / "release_tmp", None
    if args.course_dir:
        d = Path(args.course_dir).resolve()
        submitted, release_dir, db = d / "submitted", d / "release_tmp", f"sqlite:///{d / 'gradebook.db'}"
        extra = [f"--CourseDirectory.submitted_directory={submitted}",
                 f"--CourseDirectory.autograded_directory={d / 'autograded'}",
                 f"--CourseDirectory.feedback_directory={d / 'feedback'}",
                 f"--CourseDirectory.db_url={db}"]

    subs = submissions(submitted)
    if not subs:
        print(f"no submissions under {submitted}/<student>/<assignment>/")
        return 0
    for student, a in subs:
        msg = check_timestamp(submitted / student / a)
        if msg:
            print("warning:", msg)
    # the gradebook must know every assignment and its grade cells (a fresh clone has no db)
    release(sorted({a for _, a in subs} & set(assignments())), to=release_dir, db=db, quiet=True)

    results = []
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool, \
            tqdm(total=len(subs), desc="autograde", unit="submission") as bar:
        futures = [pool.submit(autograde, s, a, args.timeout, extra + args.nbgrader_arg) for s, a in subs]
        for f in as_completed(futures):
            r = f.result()
            results.append(r)
            bar.set_postfix_str(f"{r[0]}/{r[1]} {'FAILED' if r[4] else 'ok'}")
            bar.update()

    for a in sorted({a for _, a in subs}):
        rc, _, out = run(nbgrader() + ["generate_feedback", a, "--force"] + extra, args.timeout)
        if rc != 0:
            print(f"feedback for {a} failed:\n{out[-2000:]}")
    rc, _, out = run(nbgrader() + ["export", f"--to={Path(args.csv).resolve()}"] + extra, args.timeout)
    if rc != 0:
        print(f"export failed:\n{out[-2000:]}")

    failed = [r for r in results if r[4]]
    print(f"\ngraded {len(results) - len(failed)} of {len(results)} submissions; grades in {args.csv}")
    for student, a, rc, secs, _, out in sorted(failed, key=lambda r: r[:2]):
        why = "killed after the time limit" if rc == "timeout" else f"exit {rc}"
        print(f"  FAILED {student}/{a} ({why}, {secs:.0f} s); last lines:")
        print("    " + "\n    ".join(out.strip().splitlines()[-6:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
