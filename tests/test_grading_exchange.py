"""A class end to end through nbgrader's exchange (issue 8): the instructor releases, two
learners fetch, work and submit, the instructor collects, `make grade` grades (sandboxed, on
Dask), the feedback goes back through the exchange and each learner fetches their own.

The two learners are two user names (nbgrader takes the submitter's name from USER, as
getpass does), each working in a folder of their own; the exchange is a folder, as on a
JupyterHub with a shared volume (docs/JUPYTERHUB.md)."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

A = "00_start_here"


def nbgrader(args, cwd, env, user=None):
    env = dict(env)
    if user:
        env.update(USER=user, LOGNAME=user)
    r = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env,
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "[ERROR]" not in r.stderr, f"nbgrader {' '.join(args)}:\n{r.stdout}\n{r.stderr}"
    return r


@pytest.mark.slow
def test_release_fetch_submit_collect_grade_feedback(tmp_path):
    exchange, course = tmp_path / "exchange", tmp_path / "course"
    exchange.mkdir(mode=0o777)
    os.chmod(exchange, 0o1777)
    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="0",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    db = f"--CourseDirectory.db_url=sqlite:///{course / 'gradebook.db'}"
    ex = f"--Exchange.root={exchange}"
    course.mkdir()
    # the instructor: the gradebook knows the assignment, then the release goes to the exchange
    subprocess.run([sys.executable, str(ROOT / "scripts" / "release.py"), A, "--to", str(course / "release"),
                    "--db", f"sqlite:///{course / 'gradebook.db'}", "--quiet"], cwd=ROOT, env=env, check=True)
    nbgrader(["release_assignment", A, ex, db, f"--CourseDirectory.release_directory={course / 'release'}", "--force"],
             ROOT, env)

    check = load_rubric(A).check("vector_add_check")
    sol = regression.kernel_source(regression.read_notebook("solutions", A), check)
    learner_args = [ex, "--CourseDirectory.course_id=tilelab"]
    for user, body in (("alice", sol), ("bob", None)):
        home = tmp_path / user
        home.mkdir()
        nbgrader(["fetch_assignment", A, *learner_args], home, env, user)
        path = home / A / f"{A}.ipynb"
        nb = nbformat.read(path, as_version=4)
        if body is not None:  # alice writes the kernel; bob submits the release as it is
            for c in nb.cells:
                if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
                    c.source = f"%%cuda {check.kernel}\n{body}"
        nbformat.write(nb, path)
        nbgrader(["submit", A, *learner_args], home, env, user)

    nbgrader(["collect", A, ex, db, f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    assert sorted(p.name for p in (course / "submitted").iterdir()) == ["alice", "bob"]

    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "grade.py"), "--course-dir", str(course),
                        "--csv", str(course / "grades.csv")], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=1200)
    assert r.returncode == 0 and "graded 2 of 2 submissions" in r.stdout, r.stdout + r.stderr

    nbgrader(["release_feedback", A, ex, db, f"--CourseDirectory.feedback_directory={course / 'feedback'}",
              f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    pages = {}
    for user in ("alice", "bob"):
        nbgrader(["fetch_feedback", A, *learner_args], tmp_path / user, env, user)
        found = sorted((tmp_path / user / A / "feedback").rglob(f"{A}.html"))
        assert len(found) == 1, user
        pages[user] = found[0].read_text()
    assert "correct (2/2)" in pages["alice"] and "correct (0/2)" not in pages["alice"]
    assert "correct (0/2)" in pages["bob"]
