"""The tamper corpus (issue 8): attackers graded in ONE `make grade` batch (grading/cli.py, on
Dask, in sandboxes) with honest learners before and after each one.

Each attack is a Python cell of tests/submissions/tamper/ (or a markdown cell) in 00_start_here,
with the paths of this run filled in, as an attacker who knows the layout would write it. For
every one: the attacker gets exactly what their kernel deserves, every other learner's score is
what the rubric gives their kernel, the grading machinery's files hash the same before and
after, nothing of any learner survives (no process, no file), and no solution or rubric text
or course-secret text reaches any notebook or feedback page. (The rubric is part of the tilelab
package, which learners have for tl.selfcheck: reading it is not an attack.)
"""
from __future__ import annotations

import csv
import hashlib
import html.parser
import os
import socket
import string
import subprocess
import sys
import sysconfig
import threading
import time
from pathlib import Path

import nbformat
import pytest
from nbformat.v4 import new_markdown_cell

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from grading import regression, sandbox  # noqa: E402
from grading.rubrics import load_rubric  # noqa: E402

A = "00_start_here"
TAMPER = ROOT / "tests" / "submissions" / "tamper"
SUB = ROOT / "tests" / "submissions"
SECRET = "tl-course-secret-" + os.urandom(8).hex()
MEMORY_LIMIT = 2 << 30      # the kernel's RLIMIT_AS in this test; the attack asks for 1 GiB more
DELAY = 4                   # seconds the detached process waits before it rewrites grades.csv
# this run's own range of sandbox uids, so that other grading runs on the host are not counted
UID_BASE = sandbox.UID_BASE + 1_000_000 + (os.getpid() % 1000) * sandbox.UID_SLOTS


def sandbox_or_skip():
    why = sandbox.probe()
    if why and not sandbox.required():
        pytest.skip(f"no sandbox on this host: {why}")
    assert not why, why


def _check():
    return load_rubric(A).check("vector_add_check")


def _solution_body():
    src = regression.kernel_source(regression.read_notebook("solutions", A), _check())
    return "\n".join(line for line in src.splitlines() if "### " not in line)  # the learner's own kernel


def learner(kernel_body=None, cell=None, markdown=None):
    nb = regression.read_notebook("exercises", A)
    if kernel_body is not None:
        for c in nb.cells:
            if c.cell_type == "code" and c.source.startswith(f"%%cuda {_check().kernel}"):
                c.source = f"%%cuda {_check().kernel}\n{kernel_body}"
    if cell is not None:
        nb = regression.with_cell(nb, cell)
    if markdown is not None:
        nb.cells.insert(1, new_markdown_cell(markdown))
    return nb


def tree_hash(paths) -> dict:
    """{file: sha256} of the grading machinery (content), and of the environment (name, size, mtime)."""
    out = {}
    for base in paths:
        base = Path(base)
        files = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for p in files:
            if "__pycache__" in p.parts or p.suffix == ".pyc":
                continue
            out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
    return out


def env_listing() -> dict:
    """The environment's start-up hooks (every .pth and *customize.py, by content) and whatever a
    sandbox uid owns there. (Other packages come and go: the venv is shared by the developers.)"""
    out = {}
    for site in {sysconfig.get_paths()["purelib"], sysconfig.get_paths(vars={"base": sys.base_prefix})["purelib"]}:
        if not Path(site).is_dir():          # a base interpreter without site-packages (the GPU host's)
            continue
        for p in Path(site).iterdir():
            if p.suffix == ".pth" or p.name.endswith("customize.py"):
                out[str(p)] = hashlib.sha256(p.read_bytes()).hexdigest()
            elif p.lstat().st_uid >= sandbox.UID_BASE:
                out[str(p)] = "owned by a sandbox uid"
    return out


def ours(uid: int) -> bool:
    return UID_BASE <= uid < UID_BASE + sandbox.UID_SLOTS


def sandbox_processes() -> list:
    pids = []
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            uid = int(next(l for l in (d / "status").read_text().splitlines() if l.startswith("Uid:")).split()[1])
        except (OSError, StopIteration, ValueError):
            continue
        if ours(uid):
            pids.append(d.name)
    return pids


class Listener(threading.Thread):
    def __init__(self):
        super().__init__(daemon=True)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.sock.settimeout(0.5)
        self.port = self.sock.getsockname()[1]
        self.connections = []
        self.stop = False

    def run(self):
        while not self.stop:
            try:
                conn, _ = self.sock.accept()
                self.connections.append(conn.recv(100))
                conn.close()
            except OSError:
                pass


class LiveHTML(html.parser.HTMLParser):
    """What a browser would run: script bodies, on* handlers, javascript: links."""

    def __init__(self):
        super().__init__()
        self.live, self._in_script = [], False

    def handle_starttag(self, tag, attrs):
        self._in_script = tag == "script"
        for k, v in attrs:
            v = v or ""
            if k.startswith("on") and "tl-xss" in v:
                self.live.append(f"<{tag} {k}={v!r}>")
            if k in ("href", "src", "action") and v.strip().lower().startswith("javascript:"):
                self.live.append(f"<{tag} {k}={v!r}>")

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and "tl-xss" in data:
            self.live.append(f"<script>{data[:80]}")


@pytest.mark.slow
def test_tamper_corpus_in_one_batch(tmp_path):
    sandbox_or_skip()
    course = tmp_path / "course"
    listener = Listener()
    listener.start()
    points = _check()
    right, partial, stub = points.points, points.points_of(["correct"]), 0.0
    sol = _solution_body()
    bounds = (SUB / "00_no_bounds_check.cu").read_text()
    marker = tmp_path / "detached-survived"
    victim = course / "submitted" / "honest1" / A / f"{A}.ipynb"
    values = {"repo": ROOT, "course": course, "csv": course / "grades.csv", "port": listener.port,
              "victim": victim, "site": sysconfig.get_paths()["purelib"], "marker": marker, "delay": DELAY,
              "base_site": sysconfig.get_paths(vars={"base": sys.base_prefix})["purelib"],
              "nbytes": MEMORY_LIMIT + (1 << 30), "home": Path.home()}

    def attack(name):
        return string.Template((TAMPER / name).read_text()).substitute(values)

    # (student, notebook, expected score); an honest learner before and after every attacker
    plan = [
        ("honest0", learner(sol), right),
        ("fs_writes", learner(cell=attack("fs_writes.py")), stub),
        ("honest1", learner(bounds), partial),
        ("leak", learner(sol, cell=attack("leak.py")), right),
        ("honest2", learner(sol), right),
        ("detached", learner(cell=attack("detached.py")), stub),
        ("honest3", learner(bounds), partial),
        ("network", learner(cell=attack("network.py")), stub),
        ("honest4", learner(sol), right),
        ("memory", learner(bounds, cell=attack("memory.py")), partial),
        ("honest5", learner(sol), right),
        ("flood", learner(cell=attack("flood.py")), stub),
        ("honest6", learner(bounds), partial),
        ("inject", learner(sol, markdown=(TAMPER / "inject.md").read_text()), right),
        ("honest7", learner(sol), right),
    ]
    for student, nb, _ in plan:
        d = course / "submitted" / student / A
        d.mkdir(parents=True)
        nbformat.write(nb, d / f"{A}.ipynb")

    machinery = [ROOT / "grading", ROOT / "tilelab", ROOT / "kernels", ROOT / "solutions", ROOT / "exercises",
                 ROOT / "nbgrader_config.py", course / "submitted"]
    before, env_before = tree_hash(machinery), env_listing()
    tmp_before = set(os.listdir("/tmp"))

    env = dict(os.environ, TILELAB_BACKEND="emu", TILELAB_PROGRESS="0", TILELAB_SANDBOX_UID_BASE=str(UID_BASE),
               TILELAB_SANDBOX_RUN=str(tmp_path / "uid-slots"), TILELAB_COURSE_SECRET=SECRET)
    env.pop("UNSAFE", None)
    env.pop("TILELAB_UNSAFE", None)
    r = subprocess.run([sys.executable, "-m", "grading", "--course-dir", str(course),
                        "--csv", str(course / "grades.csv"), "--timeout", "600", "--workers", "2",
                        "--nbgrader-arg=--Execute.timeout=60",
                        f"--nbgrader-arg=--SandboxedKernelManager.memory_limit={MEMORY_LIMIT}"],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1500)
    out = r.stdout + r.stderr
    assert r.returncode == 0, out[-5000:]
    assert f"graded {len(plan)} of {len(plan)} submissions" in r.stdout, out[-3000:]
    csv_after_grading = (course / "grades.csv").read_bytes()

    with open(course / "grades.csv") as f:
        scores = {row["student_id"]: float(row["score"]) for row in csv.DictReader(f) if row["assignment"] == A}
    assert scores == {s: want for s, _, want in plan}, out[-3000:]

    # nothing of any learner survives: no process, no file, no late write
    time.sleep(DELAY + 2)
    listener.stop = True
    assert sandbox_processes() == []
    assert not marker.exists()
    assert (course / "grades.csv").read_bytes() == csv_after_grading
    assert not Path("/tmp/tilelab-attack-leftover").exists()
    left = []
    for n in set(os.listdir("/tmp")) - tmp_before:
        for p in (Path("/tmp") / n, Path("/tmp") / n / "work"):
            try:
                if ours(p.lstat().st_uid):
                    left.append(str(p))
            except OSError:
                pass
    assert not left, left
    assert listener.connections == []

    # the grading machinery and the environment are exactly as they were
    assert tree_hash(machinery) == before
    assert env_listing() == env_before

    pages = {}
    for student, _, _ in plan:
        nb_text = (course / "autograded" / student / A / f"{A}.ipynb").read_text()
        page = (course / "feedback" / student / A / f"{A}.html").read_text()
        pages[student] = (nb_text, page)
        for text in (nb_text, page):
            assert "ATTACK-OK" not in text, student
            assert "BEGIN SOLUTION" not in text, student          # solutions/ never read
            assert SECRET not in text, student                     # nor the course secret
    fs_nb = pages["fs_writes"][0]
    assert "attack failed: write" in fs_nb and "attack failed: pth" in fs_nb
    assert "attack failed: MemoryError" in pages["memory"][0]
    assert "attack failed: connect" in pages["network"][0]
    # 200 MB printed: cut as it arrived, and said so
    for text in pages["flood"]:
        assert len(text) < 3 << 20
        assert "[output cut" in text
    # HTML from a learner's markdown is not live in the feedback page
    parser = LiveHTML()
    parser.feed(pages["inject"][1])
    assert "Nothing to see here" in pages["inject"][1]
    assert parser.live == [], parser.live
