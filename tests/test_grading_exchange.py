"""A class end to end through nbgrader's exchange (issue 8): the instructor releases, two
learners fetch, work and submit, the instructor collects, `make grade` grades (sandboxed, on
Dask), the feedback goes back through the exchange and each learner fetches their own.

The two learners are two local accounts (created here: the test needs root, as CI has), each
running nbgrader as themselves in a folder of their own (in a sandbox of grading/sandbox/bwrap.py:
the venv's interpreter may live under the instructor's home, which other accounts cannot
read); the exchange is a folder, as on a JupyterHub with a shared volume (docs/JUPYTERHUB.md)."""
from __future__ import annotations

from conftest import read_json

import os
import pwd
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression  # noqa: E402
from grading import sandbox as sb  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

A = "00_start_here"


def account(name: str) -> int:
    try:
        return pwd.getpwnam(name).pw_uid
    except KeyError:
        subprocess.run(["useradd", "--no-create-home", "--shell", "/usr/sbin/nologin", name], check=True)
        return pwd.getpwnam(name).pw_uid


def nbgrader(args, cwd, env, user=None, exchange=None):
    if user is None:
        r = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=cwd, env=env,
                           capture_output=True, text=True, timeout=300)
    else:
        uid = account(user)
        sb.chown_tree(str(cwd), uid)
        # the learner's nbgrader cache (what fetch_feedback looks up) lives in their folder, which persists
        box = sb.Sandbox(uid=uid, work=str(cwd), rw=[(str(exchange), str(exchange))], tilelab_on_path=False,
                         env={"JUPYTER_DATA_DIR": sb.WORK + "/.local/share/jupyter"},
                         ro=[(f, f) for f in ("/etc/passwd", "/etc/group", "/etc/nsswitch.conf") if os.path.exists(f)])
        r = subprocess.run(box.command([sys.executable, "-m", "nbgrader", *args]), env=sb.host_env(),
                           capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "[ERROR]" not in r.stderr, f"nbgrader {' '.join(args)}:\n{r.stdout}\n{r.stderr}"
    return r


@pytest.mark.slow
def test_release_fetch_submit_collect_grade_feedback(tmp_path):
    if not sb.is_root():
        pytest.skip("creates two local learner accounts: needs root")
    why = sb.probe()
    if why:
        pytest.skip(f"no sandbox here: {why}")
    exchange, course = tmp_path / "exchange", tmp_path / "course"
    exchange.mkdir(mode=0o777)
    os.chmod(exchange, 0o1777)
    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="0",
               PATH=os.pathsep.join([str(Path(sys.executable).parent), os.environ.get("PATH", "")]))
    db = f"--CourseDirectory.db_url=sqlite:///{course / 'gradebook.db'}"
    ex = f"--Exchange.root={exchange}"
    course.mkdir()
    # the instructor: the gradebook knows the assignment, then the release goes to the exchange;
    # the Chinese release goes out under a course id of its own (docs/JUPYTERHUB.md, "A class in Chinese")
    subprocess.run([sys.executable, "-m", "grading.release", A, "--to", str(course / "release"),
                    "--db", f"sqlite:///{course / 'gradebook.db'}", "--quiet"], cwd=ROOT, env=env, check=True)
    nbgrader(["release_assignment", A, ex, db, f"--CourseDirectory.release_directory={course / 'release'}", "--force"],
             ROOT, env)
    subprocess.run([sys.executable, "-m", "grading.release", A, "--source", str(ROOT / "solutions_zh"),
                    "--to", str(course / "release_zh"), "--db", f"sqlite:///{course / 'gradebook_zh.db'}", "--quiet"],
                   cwd=ROOT, env=env, check=True)
    db_zh = f"--CourseDirectory.db_url=sqlite:///{course / 'gradebook_zh.db'}"
    nbgrader(["release_assignment", A, ex, db_zh, "--CourseDirectory.course_id=tilelab-zh",
              f"--CourseDirectory.release_directory={course / 'release_zh'}", "--force"], ROOT, env)

    check = load_rubric(A).check("vector_add_check")
    sol = regression.kernel_source(regression.read_notebook("solutions", A), check)
    for user, body, course_id in (("tl-alice", sol, "tilelab"), ("tl-bob", None, "tilelab"),
                                  ("tl-chen", sol, "tilelab-zh")):
        learner_args = [ex, f"--CourseDirectory.course_id={course_id}"]
        home = tmp_path / user
        home.mkdir()
        nbgrader(["fetch_assignment", A, *learner_args], home, env, user, exchange)
        path = home / A / f"{A}.ipynb"
        nb = nbformat.read(path, as_version=4)
        if course_id == "tilelab-zh":        # the Chinese release's own cells came through the exchange
            assert any("\u5185\u6838" in c.source or "\u7ebf\u7a0b" in c.source for c in nb.cells if c.cell_type == "markdown")
        if body is not None:  # alice and chen write the kernel; bob submits the release as it is
            for c in nb.cells:
                if c.cell_type == "code" and c.source.startswith(f"%%cuda {check.kernel}"):
                    c.source = f"%%cuda {check.kernel}\n{body}"
        nbformat.write(nb, path)
        nbgrader(["submit", A, *learner_args], home, env, user, exchange)

    nbgrader(["collect", A, ex, db, f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    nbgrader(["collect", A, ex, db_zh, "--CourseDirectory.course_id=tilelab-zh",
              f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    assert sorted(p.name for p in (course / "submitted").iterdir()) == ["tl-alice", "tl-bob", "tl-chen"]
    # collect (the course's plugin, grading/late.py) recorded when each reached the exchange, for make grade
    import json
    received = read_json(course / "received.json")
    assert sorted(received) == [f"tl-alice/{A}", f"tl-bob/{A}", f"tl-chen/{A}"]
    assert all(r["learner_timestamp"] and r["received"].endswith("UTC") for r in received.values())

    r = subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(course),
                        "--csv", str(course / "grades.csv")], cwd=ROOT, env=env, capture_output=True, text=True,
                       timeout=1200)
    assert r.returncode == 0 and "graded 3 of 3 submissions" in r.stdout, r.stdout + r.stderr
    import csv
    rows = {row["student_id"]: row for row in csv.DictReader(open(course / "grades.csv"))}
    assert rows["tl-chen"]["language"] == "zh" and rows["tl-alice"]["language"] == "en"
    assert float(rows["tl-chen"]["score"]) == float(rows["tl-alice"]["score"]) > float(rows["tl-bob"]["score"])

    nbgrader(["release_feedback", A, ex, db, f"--CourseDirectory.feedback_directory={course / 'feedback'}",
              f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    # each language's feedback goes back under its own course id (nbgrader releases feedback for the
    # submissions its gradebook knows: the course gradebook, which all languages' grades merge into)
    nbgrader(["release_feedback", A, ex, db, "--CourseDirectory.course_id=tilelab-zh",
              f"--CourseDirectory.feedback_directory={course / 'feedback'}",
              f"--CourseDirectory.submitted_directory={course / 'submitted'}"], ROOT, env)
    pages = {}
    for user, course_id in (("tl-alice", "tilelab"), ("tl-bob", "tilelab"), ("tl-chen", "tilelab-zh")):
        learner_args = [ex, f"--CourseDirectory.course_id={course_id}"]
        nbgrader(["fetch_feedback", A, *learner_args], tmp_path / user, env, user, exchange)
        found = sorted((tmp_path / user / A / "feedback").rglob(f"{A}.html"))
        assert len(found) == 1, user
        pages[user] = found[0].read_text()
    assert "correct (2/2)" in pages["tl-alice"] and "correct (0/2)" not in pages["tl-alice"]
    assert "correct (0/2)" in pages["tl-bob"]
    assert "correct (2/2)" in pages["tl-chen"]
    import re
    said = {u: re.search(r"correct \(\d/2\):([^<]*)", pages[u]).group(1) for u in pages}
    assert re.search("[\u4e00-\u9fff]", said["tl-chen"]) and not re.search("[\u4e00-\u9fff]", said["tl-alice"])
