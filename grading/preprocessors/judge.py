"""``Judge``: every graded check of ``tilelab/rubric/<assignment>.toml`` scored outside the learner's
kernel (DESIGN §6, §7).

Each check runs in a fresh ``python -I -m tilelab.judge`` process, in a bubblewrap sandbox of its
own (grading/sandbox/) unless UNSAFE=1, on the kernel source read from the notebook as
submitted; its verdict comes back on its stdout pipe and is written into the grade cell.
"""
from __future__ import annotations

import json
import os
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nbformat.v4 import new_code_cell, new_output
from traitlets import Dict, Integer, Unicode

from nbgrader.preprocessors import NbGraderPreprocessor

from grading import sandbox as sb
from grading.preprocessors.safe_execute import error_output
from grading.rubrics import REPO_ROOT, RUBRIC_DIR, load_rubric
from grading.sandbox import use_sandbox
from tilelab.backend import backend
from tilelab.magic import parse_cuda_cell
from tilelab.messages import msg   # the verdict's words, in TILELAB_LANG (the submission's language)
from tilelab.rubric.draw import course_secret, graded_draw


def find_kernel_source(cells, name: str, before: int):
    """Body of the last ``%%cuda NAME`` code cell before index ``before`` (else the last one anywhere)."""
    found_before, found_any = None, None
    for i, cell in enumerate(cells):
        if cell.cell_type != "code":
            continue
        parsed = parse_cuda_cell(cell.source)
        if parsed and parsed[0] == name:
            found_any = parsed[1]
            if i < before:
                found_before = parsed[1]
    return found_before if found_before is not None else found_any

def _limits(memory_bytes: int):
    def apply():
        if memory_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


_BOOT = "import sys; sys.path.insert(0, sys.argv.pop(1)); from tilelab.judge import main; sys.exit(main())"
_judge_commands: dict = {}


def _detected_backend() -> str:
    return backend()


def judge_command(python: str) -> list:
    """``python -I -m tilelab.judge`` when that imports this repository's tilelab (the usual
    editable install); otherwise the same isolated interpreter told where the repository is
    (a machine where tilelab is only on PYTHONPATH, which ``-I`` ignores: the GPU host)."""
    if python not in _judge_commands:
        want = str(REPO_ROOT / "tilelab" / "__init__.py")
        try:
            r = subprocess.run([python, "-I", "-c", "import tilelab; print(tilelab.__file__)"], cwd=tempfile.gettempdir(),
                               capture_output=True, text=True, timeout=60, env={"PATH": os.environ.get("PATH", "")})
            installed = r.returncode == 0 and os.path.realpath(r.stdout.strip()) == os.path.realpath(want)
        except (OSError, subprocess.TimeoutExpired):
            installed = False
        _judge_commands[python] = ([python, "-I", "-m", "tilelab.judge"] if installed
                                   else [python, "-I", "-c", _BOOT, str(REPO_ROOT)])
    return _judge_commands[python]


def run_judge(spec: dict, *, timeout: float, memory_bytes: int, python: str = sys.executable,
              command: list | None = None) -> dict:
    """Run ``python -I -m tilelab.judge`` on ``spec`` in a fresh process group; return its verdict.

    A timeout kills the whole group and scores 0; so does a crash. The verdict is
    ``{"score", "max", "lines": [...]}``.
    """
    maximum = spec.get("points", 0)
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "HOME": os.environ.get("HOME", "/tmp"), "LANG": "C.UTF-8",
           # BLAS thread pools reserve address space per thread: on a many-core host they
           # would eat the memory limit before the kernel runs
           "OPENBLAS_NUM_THREADS": "4", "OMP_NUM_THREADS": "4", "MKL_NUM_THREADS": "4"}
    for key in ("TILELAB_BACKEND", "TILELAB_LANG", "LD_LIBRARY_PATH", "CUDA_VISIBLE_DEVICES", "CUDA_PATH", "CUDA_HOME"):
        if os.environ.get(key):
            env[key] = os.environ[key]
    if spec.get("backend"):
        env["TILELAB_BACKEND"] = spec["backend"]
    if command is None and use_sandbox():
        return _run_judge_sandboxed(spec, env, timeout=timeout, memory_bytes=memory_bytes)
    with tempfile.TemporaryDirectory(prefix="tilelab-judge-") as tmp:
        path = os.path.join(tmp, "spec.json")
        with open(path, "w") as f:
            json.dump(spec, f)
        t0 = time.monotonic()
        proc = subprocess.Popen((command or judge_command(python)) + [path], cwd=tmp, env=env,
                                stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                start_new_session=True, preexec_fn=_limits(memory_bytes))
        try:
            out, err = proc.communicate(timeout=timeout)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
            proc.communicate()
            return {"score": 0, "max": maximum, "seconds": time.monotonic() - t0, "lines": [
                f"✗ the check did not finish within {timeout:g} s (does your kernel loop forever?): 0 points"]}
        finally:
            _kill_group(proc)  # whatever the judge left behind (a GPU worker, say) goes too
        seconds = time.monotonic() - t0
    try:
        verdict = json.loads(out.decode().strip().splitlines()[-1])
        verdict["seconds"] = seconds
        return verdict
    except (ValueError, IndexError):
        tail = err.decode(errors="replace").strip().splitlines()[-8:]
        killed = proc.returncode is not None and proc.returncode < 0
        why = (f"the check was stopped by signal {-proc.returncode} (over its memory limit?)" if killed
               else f"the grading judge failed (exit {proc.returncode})")
        return {"score": 0, "max": maximum, "seconds": seconds, "lines": [f"✗ {why}: 0 points"] + tail}


#: the judge's stdout carries one JSON line; anything past this is not read into memory
JUDGE_STDOUT_LIMIT = 4 << 20
JUDGE_STDERR_LIMIT = 64 << 10
_JUDGE_ENV = ("TILELAB_BACKEND", "TILELAB_LANG", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS")


def _run_judge_sandboxed(spec: dict, env: dict, *, timeout: float, memory_bytes: int) -> dict:
    """The judge in a fresh sandbox of its own: the spec is bound in read-only, the verdict
    comes back on stdout (a pipe the trusted side reads, capped), never through a file."""
    maximum = spec.get("points", 0)
    with sb.uid_slot() as uid, tempfile.TemporaryDirectory(prefix="tilelab-judge-") as tmp:
        path = os.path.join(tmp, "spec.json")
        with open(path, "w") as f:
            json.dump(spec, f)
        os.chmod(path, 0o644)
        inside = "/judge/spec.json"
        box = sb.Sandbox(uid=uid, tilelab_on_path=False, gpu=sb.assigned_gpu(), ro=[(path, inside)],
                         env={k: env[k] for k in _JUDGE_ENV if env.get(k)},
                         limits=sb.Limits(memory=memory_bytes, cpu_seconds=int(timeout) + 30))
        cmd = box.command([sb.python_executable(), "-I", "-c", _BOOT, sb.TILELAB_MOUNT, inside])
        t0 = time.monotonic()
        proc = subprocess.Popen(cmd, env=sb.host_env(), stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                                stderr=subprocess.PIPE, start_new_session=True)
        readers = [sb.CappedReader(proc.stdout, JUDGE_STDOUT_LIMIT), sb.CappedReader(proc.stderr, JUDGE_STDERR_LIMIT)]
        for r in readers:
            r.start()
        try:
            proc.wait(timeout=timeout)
            timed_out = False
        except subprocess.TimeoutExpired:
            timed_out = True
        finally:
            _kill_group(proc)  # bwrap's death takes the whole sandbox (its PID namespace) with it
            proc.wait()
            for r in readers:
                r.join(timeout=10)
        seconds = time.monotonic() - t0
    if timed_out:
        return {"score": 0, "max": maximum, "seconds": seconds, "lines": [
            f"✗ the check did not finish within {timeout:g} s (does your kernel loop forever?): 0 points"]}
    out, err = readers[0].data, readers[1].data
    try:
        verdict = json.loads(out.decode().strip().splitlines()[-1])
        if not isinstance(verdict, dict) or "score" not in verdict:
            raise ValueError(verdict)
        verdict["seconds"] = seconds
        return verdict
    except (ValueError, IndexError, UnicodeDecodeError):
        tail = err.decode(errors="replace").strip().splitlines()[-8:]
        killed = proc.returncode is not None and proc.returncode < 0
        why = (f"the check was stopped by signal {-proc.returncode} (over its memory limit?)" if killed
               else f"the grading judge failed (exit {proc.returncode})")
        return {"score": 0, "max": maximum, "seconds": seconds, "lines": [f"✗ {why}: 0 points"] + tail}


def _kill_group(proc):
    try:
        os.killpg(proc.pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def verdict_outputs(verdict: dict, points: float, execution_count=None):
    """Outputs that make nbgrader score the cell as the judge did (DESIGN §7).

    stdout alone: full points; stdout and a number: partial credit; an error: zero.
    """
    score = max(0.0, min(float(verdict.get("score", 0)), float(points)))
    lines = list(verdict.get("lines", []))
    text = "\n".join(lines + [msg("judge.score", score=f"{score:g}", points=f"{points:g}")]) + "\n"
    if score >= float(points):
        return [new_output("stream", name="stdout", text=text)]
    if score > 0:
        return [new_output("stream", name="stdout", text=text),
                new_output("execute_result", data={"text/plain": repr(score)}, execution_count=execution_count)]
    return [error_output("JudgeVerdict",
                          [f"\x1b[1;31m{msg('judge.judge')}\x1b[0m {msg('judge.zero_points')}"] + lines)]


class Judge(NbGraderPreprocessor):
    """Score every rubric-listed grade cell with the out-of-process judge (DESIGN §6, §7).

    Goes after Execute and before SaveAutoGrades. The judge spec comes only from the rubric;
    the kernel source comes from the notebook as nbgrader read it from the submission
    (cell sources, which the learner's running kernel cannot change).
    """

    rubric_directory = Unicode(str(RUBRIC_DIR), help="Folder of <assignment>.toml rubrics").tag(config=True)
    course_secret_file = Unicode("", help="File holding the course secret the per-submission sizes are drawn "
                                          "with (default: $TILELAB_COURSE_SECRET, else "
                                          "~/.config/tilelab/course_secret); keep it outside the repository "
                                          "and the grading sandbox").tag(config=True)
    memory_limit = Integer(4 << 30, help="RLIMIT_AS for the judge on the emu backend (bytes; 0: none)").tag(config=True)
    backend = Unicode("", help="TILELAB_BACKEND for the judge ('' keeps the environment's)").tag(config=True)
    python = Unicode(sys.executable, help="Python that runs tilelab.judge").tag(config=True)
    verdicts = Dict(help="Last verdict per grade_id (for logs and tests)")

    def preprocess(self, nb, resources):
        info = resources.get("nbgrader", {})
        assignment, notebook = info.get("assignment"), info.get("notebook")
        rubric = load_rubric(assignment, Path(self.rubric_directory))
        if rubric is None:
            return nb, resources
        learner = str(info.get("student") or "")
        backend = self.backend or os.environ.get("TILELAB_BACKEND", "")
        by_id = {}
        for i, cell in enumerate(nb.cells):
            gid = cell.get("metadata", {}).get("nbgrader", {}).get("grade_id")
            if gid and cell.metadata.nbgrader.get("grade"):
                by_id[gid] = i
        self.verdicts = {}
        checks, renamed = checks_for_notebook(rubric, notebook, by_id)
        for check in checks:
            notes = [renamed] if renamed else []
            index = by_id.get(check.grade_id)
            if index is None:   # deleted or altered: grade the kernel by its name, into a restored cell
                self.log.warning("graded cell %s is missing from %s", check.grade_id, notebook)
                notes.append(f"· note: the grade cell {check.grade_id} was missing from your notebook, so your "
                             f"%%cuda {check.kernel} cell was graded by its name")
                nb.cells.append(restored_grade_cell(check))
                index = by_id[check.grade_id] = len(nb.cells) - 1
            cell = nb.cells[index]
            source = find_kernel_source(nb.cells, check.kernel, index)
            verdict = self.judge(rubric, check, source, backend, learner=learner, notes=notes)
            self.verdicts[check.grade_id] = verdict
            points = float(cell.metadata.nbgrader.get("points", check.points))
            cell.outputs = verdict_outputs(verdict, points, cell.get("execution_count"))
            self.log.info("judge %s/%s: %s of %s (%.1f s)", notebook, check.grade_id,
                          verdict.get("score"), points, verdict.get("seconds", 0))
        return nb, resources

    def judge(self, rubric, check, source, backend="", learner="", notes=()):
        if source is None:
            return {"score": 0, "max": check.points, "lines": list(notes) + [
                f"✗ no %%cuda {check.kernel} cell found in the notebook: 0 points"]}
        secret = course_secret(Path(self.course_secret_file) if self.course_secret_file else None)
        spec = check.spec(source, backend=backend, drawn=graded_draw(check, learner, source, secret),
                          notes=notes).to_json()     # tilelab.judge_spec.JudgeSpec, as JSON
        effective = backend or os.environ.get("TILELAB_BACKEND", "") or _detected_backend()
        memory = self.memory_limit if effective != "gpu" else 0  # CUDA needs address space
        return run_judge(spec, timeout=check.timeout_s, memory_bytes=memory, python=self.python)


def checks_for_notebook(rubric, notebook: str, grade_ids):
    """The rubric's checks for a submitted notebook, found by assignment whatever the file is called
    (``05_swizzle (1).ipynb``): its own name, else the checks whose grade cells it holds, else, where
    the assignment has one notebook, that notebook's. Returns (checks, note or None)."""
    checks = rubric.checks_for(notebook)
    if checks:
        return checks, None
    names = sorted({c.notebook for c in rubric.checks})
    held = [c for c in rubric.checks if c.grade_id in grade_ids]
    if held:
        checks = [c for c in rubric.checks if c.notebook in {h.notebook for h in held}]
    elif len(names) == 1:
        checks = list(rubric.checks)
    if not checks:
        return [], None
    return checks, f"· note: this notebook is called {notebook!r}; it was graded as {checks[0].notebook}"


def restored_grade_cell(check):
    """A grade cell for ``check`` where the learner's notebook lost it (the verdict goes in it)."""
    return new_code_cell(f"# grade cell {check.grade_id}, restored by the judge", metadata={"nbgrader": {
        "grade": True, "solution": False, "locked": True, "task": False, "schema_version": 3,
        "grade_id": check.grade_id, "points": check.points}})
