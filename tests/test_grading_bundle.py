"""`make student-bundle`: the course as learners get it, with nothing they must not see
(DESIGN §6): no solutions/, no hidden tests or solution regions, no grading
internals or submissions, no grading regression corpus."""
from __future__ import annotations

import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_DIRS = ("solutions/", "grading/", "tests/")
FORBIDDEN_TEXT = (b"BEGIN SOLUTION", b"END SOLUTION", b"BEGIN HIDDEN TESTS", b"### BEGIN MARK SCHEME")


def test_student_bundle_holds_the_course_and_nothing_secret(tmp_path):
    dest = tmp_path / "student.tar.gz"
    r = subprocess.run([sys.executable, str(ROOT / "scripts" / "student_bundle.py"), str(dest)], cwd=ROOT,
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    with tarfile.open(dest) as tar:
        members = [m for m in tar.getmembers() if m.isfile()]
        names = [m.name.split("/", 1)[1] for m in members]
        for n in names:
            assert not n.startswith(FORBIDDEN_DIRS), n
            # the rubric is public (tilelab/rubric: the learner's self-check reads it); no other TOML
            assert not n.endswith((".toml",)) or n == "pyproject.toml" or n.startswith("tilelab/rubric/"), n
            assert "gradebook" not in n and "submitted" not in n and "autograded" not in n, n
            assert n != "nbgrader_config.py" and not n.startswith("scripts/build_lessons"), n
        for m in members:
            data = tar.extractfile(m).read()
            for secret in FORBIDDEN_TEXT:
                assert secret not in data, f"{m.name} contains {secret!r}"
    # what a learner needs is there: the set-up, the toolkit, the lessons and the exercises
    for need in ("Makefile", "pyproject.toml", "README.md", "environment.yml", "scripts/copy_exercises.py",
                 "tilelab/__init__.py", "tilelab/magic.py", "tilelab/rubric/02_tiled_matmul.toml"):
        assert need in names, need
    assert any(n.startswith("exercises/") and n.endswith(".ipynb") for n in names)
    released = {str(p.relative_to(ROOT)) for p in (ROOT / "exercises").rglob("*.ipynb")}
    tracked = set(subprocess.run(["git", "ls-files", "exercises"], cwd=ROOT, capture_output=True,
                                 text=True).stdout.split())
    assert released & tracked <= set(names)
