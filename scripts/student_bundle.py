#!/usr/bin/env python3
"""`make student-bundle`: the course as a learner gets it, as a .tar.gz.

Everything tracked in git, minus what learners must not see: solutions/ (nbgrader source with
solutions and hidden tests), grading/ (rubric thresholds, preprocessors, submissions, gradebook),
tests/ (the grading regression holds near-solutions), the instructor scripts, the exercises'
text sources (course/*/exercises/: the nbgrader source as text), and the root
nbgrader_config.py. The reference kernels (tilelab/kernels/, which kernels/ links to) ship with their learner regions
(`// >>> learner` ... `// <<< learner`) replaced by `// YOUR CODE HERE`.
tests/test_grading_bundle.py opens the archive and checks.
"""
from __future__ import annotations

import io
import re
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
from tilelab.kernel_text import regions  # noqa: E402

EXERCISE_SOURCES = re.compile(r"^course/[^/]+/exercises/")
EXCLUDE_DIRS = ("solutions/", "solutions_",   # solutions_<lang>/: another language's nbgrader source
                "grading/", "tests/", "scripts/", ".ci/", ".github/", "work/", "dist/")
EXCLUDE_FILES = {"nbgrader_config.py"}
KEEP = {"scripts/copy_exercises.py", "scripts/lab.py"}  # `make lab` needs them
NAME = "tilelab-student"


def files(root: Path = ROOT) -> list[str]:
    try:
        out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        raise SystemExit("the student bundle is built from a git checkout (it packs what git tracks)")
    keep = []
    for f in sorted(set(out)):
        if not ((root / f).is_file() or (root / f).is_symlink()):     # kernels/ links to tilelab/kernels/
            continue
        if f in KEEP or not (f.startswith(EXCLUDE_DIRS) or f in EXCLUDE_FILES or EXERCISE_SOURCES.match(f)):
            keep.append(f)
    return keep


def build(dest: Path, root: Path = ROOT) -> list[str]:
    dest.parent.mkdir(parents=True, exist_ok=True)
    names = files(root)
    with tarfile.open(dest, "w:gz") as tar:
        for f in names:
            if f.startswith(("kernels/", "tilelab/kernels/")) and f.endswith(".cu"):
                data = regions((root / f).read_text(), mode="stub").encode()
                info = tar.gettarinfo(root / f, arcname=f"{NAME}/{f}")
                info.size = len(data)
                tar.addfile(info, io.BytesIO(data))
            else:
                tar.add(root / f, arcname=f"{NAME}/{f}", recursive=False)
    return names


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    dest = Path(argv[0] if argv else "dist/tilelab-student.tar.gz")
    names = build(dest)
    print(f"wrote {dest}: {len(names)} files")
    return 0


if __name__ == "__main__":
    sys.exit(main())
