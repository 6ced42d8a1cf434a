"""The course's layout and set-up promises (DESIGN §1): environment.yml mirrors pyproject,
the Makefile has every target and installs what it needs, `make lab` never overwrites a
learner's file in work/, .ci/run calls `make test`, git ignores what must stay local."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib


def _norm(req: str) -> str:
    return re.sub(r"\s+", "", req.split("#")[0]).lower().replace("_", "-")


def test_environment_yml_mirrors_pyproject():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    env = yaml.safe_load((ROOT / "environment.yml").read_text())
    pip = next(d["pip"] for d in env["dependencies"] if isinstance(d, dict) and "pip" in d)
    want = project["dependencies"] + project["optional-dependencies"]["course"] \
        + project["optional-dependencies"]["gpu-cuda12"]
    got = [p for p in pip if not p.startswith("-e")]
    assert sorted(map(_norm, got)) == sorted(map(_norm, want)), \
        "environment.yml's pip section must list pyproject's dependencies + the course and gpu-cuda12 extras"
    assert "-e ." in pip, "environment.yml installs tilelab itself (-e .)"
    assert any(str(d).startswith("cupy-cuda12x") for d in pip)
    python = next(d for d in env["dependencies"] if isinstance(d, str) and d.startswith("python"))
    major_minor = tuple(int(x) for x in python.split("=")[1].split(".")[:2])
    floor = tuple(int(x) for x in re.search(r">=\s*([\d.]+)", project["requires-python"]).group(1).split(".")[:2])
    assert major_minor >= floor


def test_makefile_has_every_target_and_installs_first():
    text = (ROOT / "Makefile").read_text()
    for target in ("lab", "lessons", "test", "test-gpu", "release", "grade", "student-bundle"):
        rules = re.findall(rf"^{re.escape(target)}:(.*)$", text, re.M)
        assert rules, f"Makefile has no `{target}` target"
        assert any("$(STAMP)" in r for r in rules), f"`make {target}` must install first (depend on $(STAMP))"
    assert "-m venv" in text and "pip install" in text and "-e '.[$(EXTRAS)]'" in text
    assert "--nbval-lax --nbval-current-env" in text
    # make lab starts JupyterLab through scripts/lab.py (the learner's view, --allow-root as root)
    assert "$(PY) scripts/lab.py --lang $(COURSE_LANG) --work $(WORK) $(LAB_ARGS)" in text


def test_ci_entry_calls_make_test():
    run = ROOT / ".ci" / "run"
    text = run.read_text()
    assert text.startswith("#!/usr/bin/env bash\n")
    assert "set -euo pipefail" in text and re.search(r"^make test\s*$", text, re.M)
    assert os.access(run, os.X_OK)


def test_gitignore_keeps_learner_and_grading_state_local():
    ignored = subprocess.run(["git", "check-ignore", "--no-index", "work/x.ipynb", "grading/submitted/a/b/c.ipynb",
                              "grading/autograded/x", "grading/feedback/x", "grading/gradebook.db",
                              "grading/grades.csv", ".venv/bin/python", "dist/x.tar.gz"],
                             cwd=ROOT, capture_output=True, text=True).stdout.split()
    assert len(ignored) == 8, ignored


def test_readme_gives_the_two_commands_platforms_and_nbgrader():
    text = (ROOT / "README.md").read_text()
    for needle in ("make lab", "make test", "WSL2", "devcontainer", "aarch64", "nbgrader autograde",
                   "repository root", "nbgrader_config.py"):
        assert needle in text, needle


# ------------------------------------------------------------------ learner safety
def _tree(root: Path):
    return {str(p.relative_to(root)): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def test_copy_exercises_never_overwrites(tmp_path):
    from copy_exercises import copy_new
    src, dst = tmp_path / "exercises", tmp_path / "work"
    (src / "00_a").mkdir(parents=True)
    (src / "00_a" / "00_a.ipynb").write_text("released v1")
    (src / "00_a" / "data.txt").write_text("data")
    copied, kept = copy_new(src, dst)
    assert len(copied) == 2 and not kept
    (dst / "00_a" / "00_a.ipynb").write_text("my work")          # the learner's edits
    (src / "00_a" / "00_a.ipynb").write_text("released v2")      # a new release
    (src / "01_b").mkdir()
    (src / "01_b" / "01_b.ipynb").write_text("new lesson")
    copied, kept = copy_new(src, dst)
    assert (dst / "00_a" / "00_a.ipynb").read_text() == "my work"
    assert (dst / "01_b" / "01_b.ipynb").read_text() == "new lesson"
    assert [p.name for p in copied] == ["01_b.ipynb"] and len(kept) == 2


def test_make_lab_keeps_work_and_release_keeps_away_from_it(tmp_path):
    """`make lab` with the real Makefile: only missing files are added to work/."""
    stamp = list((ROOT / ".venv").glob(".tilelab-*.stamp"))
    if not stamp:
        pytest.skip("no installed .venv (run through `make test`)")
    work = tmp_path / "work"
    released = sorted(p.relative_to(ROOT / "exercises") for p in (ROOT / "exercises").rglob("*.ipynb"))
    assert released, "exercises/ is empty"
    mine = work / released[0]
    mine.parent.mkdir(parents=True)
    mine.write_text("the learner's own notebook")
    r = subprocess.run(["make", "-s", "lab", f"WORK={work}", "LAB_ARGS=--version"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stdout + r.stderr
    assert mine.read_text() == "the learner's own notebook"
    for rel in released[1:]:
        assert (work / rel).read_bytes() == (ROOT / "exercises" / rel).read_bytes()
    before = _tree(work)
    r = subprocess.run(["make", "-s", "lab", f"WORK={work}", "LAB_ARGS=--version"], cwd=ROOT,
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0 and _tree(work) == before


# ------------------------------------------------------------------ the package's layout (issue 21)
def _tool(name: str) -> str:
    """A command of this environment (the venv's bin/, then PATH); the course extra installs them."""
    exe = Path(sys.executable).parent / name
    found = str(exe) if exe.exists() else shutil.which(name)
    assert found, f"{name} is not installed: pip install -e '.[course]' (make install)"
    return found


def test_import_contracts_hold():
    """import-linter checks pyproject's contracts: no import circles in tilelab and grading, the
    emulator reached only through its front door (tilelab.emu), the layers launch > backend > gpu >
    emu > toolchain, and the layers inside the toolchain and the emulator."""
    r = subprocess.run([_tool("lint-imports"), "--no-cache"], cwd=ROOT, capture_output=True, text=True,
                       env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert re.search(r"Contracts: (\d+) kept, 0 broken", r.stdout).group(1) == \
        str(len(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]))


def test_imports_at_module_top_but_heavy_libraries():
    """ruff: every import of tilelab/ is at module top (PLC0415) but those of the heavy optional
    libraries (pyproject's banned-module-level-imports: CuPy, matplotlib, ipywidgets, IPython,
    Dask, ...), which must stay inside the functions that use them (TID253)."""
    r = subprocess.run([_tool("ruff"), "check", "--no-cache", "--select", "PLC0415,TID253",
                        "--output-format", "concise", "tilelab"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
