"""`make student-bundle`: the course as learners get it, with nothing they must not see
(DESIGN §6): no solutions/, no hidden tests or solution regions, no grading
internals or submissions, no grading regression corpus."""
from __future__ import annotations

import re
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORBIDDEN_DIRS = ("solutions/", "solutions_", "grading/", "tests/")
PUBLIC_TOML = ("tilelab/messages/", "tilelab/rubric/", "course/numbers.toml", "course/citations.toml",
               "collection/", "tilelab/kernels/")   # the catalog, the public rubric, the sources of numbers in
# prose, the kernel collection, the lesson kernels' metadata (tilelab/kernels/sm90a/wgmma_ladder.toml: rungs)
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
            assert not n.endswith((".toml",)) or n == "pyproject.toml" or (n.startswith(PUBLIC_TOML) or n.startswith("tilelab/rubric/")), n  # rubrics
            assert not re.match(r"course/[^/]+/exercises/", n), n             # the nbgrader source, as text
            assert "gradebook" not in n and "submitted" not in n and "autograded" not in n, n
            assert n != "nbgrader_config.py" and not n.startswith("scripts/build_lessons"), n
        for m in members:
            data = tar.extractfile(m).read()
            for secret in FORBIDDEN_TEXT:
                assert secret not in data, f"{m.name} contains {secret!r}"
    # what a learner needs is there: the set-up, the toolkit, the lessons and the exercises
    for need in ("Makefile", "pyproject.toml", "README.md", "environment.yml", "scripts/copy_exercises.py",
                 "scripts/lab.py", "tilelab/rubric/02_tiled_matmul.toml",
                 "tilelab/__init__.py", "tilelab/magic.py"):
        assert need in names, need
    assert any(n.startswith("exercises/") and n.endswith(".ipynb") for n in names)
    released = {str(p.relative_to(ROOT)) for p in (ROOT / "exercises").rglob("*.ipynb")}
    tracked = set(subprocess.run(["git", "ls-files", "exercises"], cwd=ROOT, capture_output=True,
                                 text=True).stdout.split())
    assert released & tracked <= set(names)


def test_student_bundle_strips_the_learner_regions_of_kernels(tmp_path):
    """kernels/*.cu (tilelab/kernels/, package data) ship with `// YOUR CODE HERE` where the learner
    writes (issue 10): the solution lines of transposePadded, transposeSwizzled, matmulTiled... are not in the bundle."""
    sys.path.insert(0, str(ROOT))
    from tilelab.kernel_text import BEGIN, END
    dest = tmp_path / "student.tar.gz"
    subprocess.run([sys.executable, str(ROOT / "scripts" / "student_bundle.py"), str(dest)], cwd=ROOT,
                   check=True, capture_output=True)
    marked = 0
    with tarfile.open(dest) as tar:
        link = tar.getmember("tilelab-student/kernels")          # the learner's kernels/: the package's own
        assert link.issym() and link.linkname == "tilelab/kernels"
        for path in sorted((ROOT / "tilelab" / "kernels").rglob("*.cu")):    # sm90a/ (lesson 07) too
            text = path.read_text()
            rel = path.relative_to(ROOT / "tilelab" / "kernels").as_posix()
            shipped = tar.extractfile(f"tilelab-student/tilelab/kernels/{rel}").read().decode()
            assert BEGIN not in shipped and END not in shipped, path.name
            if BEGIN not in text:
                assert shipped == text, path.name
                continue
            marked += 1
            # every line inside a learner region that appears nowhere else in the file is gone
            inside, secret = False, []
            for line in text.splitlines():
                if line.strip() in (BEGIN, END):
                    inside = line.strip() == BEGIN
                elif inside and line.strip() and text.count(line) == 1:
                    secret.append(line)
            assert secret and not [s for s in secret if s in shipped], path.name
            assert shipped.count("// YOUR CODE HERE") == text.count(BEGIN), path.name
    assert marked >= 6          # vector_add, matmul_naive, matmul_tiled32, matmul_tiled_bt, transpose, sm90a/wgmma_exercise
