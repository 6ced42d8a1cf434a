"""nbgrader preprocessors for a CUDA course (DESIGN §6, §7).

- ``CudaClearSolutions``: a ``// ### BEGIN SOLUTION`` region becomes ``// YOUR CODE HERE``,
  so the released ``%%cuda`` cell still compiles (stock nbgrader pastes ``raise NotImplementedError()``).
- ``SafeExecute``: a dead kernel or a timed-out cell fails that cell and every later code cell,
  instead of aborting the notebook (an empty graded cell would score full points).
- ``Judge``: runs each graded check of ``tilelab/rubric/<assignment>.toml`` outside the learner's
  kernel, in a fresh ``python -I -m tilelab.judge`` process, on the kernel source read from the
  notebook as submitted, and writes the verdict into the grade cell.

Both steps that run learner code run in a bubblewrap sandbox (grading/sandbox.py): the notebook's
kernel through ``SandboxedKernelManager``, the judge in a second, fresh sandbox whose verdict
comes back on its stdout pipe. Without a working sandbox they refuse, unless the instructor set
UNSAFE=1 (``TILELAB_UNSAFE=1``).
"""
from __future__ import annotations

import json
import os
import re
import resource
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from nbclient.exceptions import CellTimeoutError, DeadKernelError
from nbformat.v4 import new_output
from traitlets import Dict, Integer, Unicode

from nbgrader.preprocessors import ClearSolutions, Execute, NbGraderPreprocessor

from grading import sandbox as sb
from grading.rubrics import REPO_ROOT, RUBRIC_DIR, load_rubric
from tilelab.messages import msg   # the verdict's words, in TILELAB_LANG (the submission's language)

CUDA_STUB = "// YOUR CODE HERE"


class CudaClearSolutions(ClearSolutions):
    """ClearSolutions that knows CUDA: a region opened by a ``//`` line gets a ``//`` stub."""

    cuda_stub = Unicode(CUDA_STUB, help="Replaces a solution region opened by a // line").tag(config=True)

    def _replace_solution_region(self, cell, language):
        if cell.cell_type != "code":
            return super()._replace_solution_region(cell, language)
        stub_lines = self.code_stub[language].split("\n")
        new_lines, in_solution, replaced = [], False, False
        for line in cell.source.split("\n"):
            if self.begin_solution_delimeter in line:
                if in_solution:
                    raise RuntimeError("encountered nested begin solution statements")
                in_solution = replaced = True
                indent = re.match(r"\s*", line).group(0)
                stub = [self.cuda_stub] if line.strip().startswith("//") else stub_lines
                new_lines.extend(indent + s for s in stub)
            elif self.end_solution_delimeter in line:
                in_solution = False
            elif not in_solution:
                new_lines.append(line)
        if in_solution:
            raise RuntimeError("no end solution statement found")
        cell.source = "\n".join(new_lines)
        return replaced

    def preprocess_cell(self, cell, resources, cell_index):
        # A whole-cell solution (no region) keeps its %%cuda line and gets the CUDA stub.
        first = cell.source.split("\n", 1)[0]
        if (cell.cell_type == "code" and first.startswith("%%cuda")
                and self.begin_solution_delimeter not in cell.source
                and cell.get("metadata", {}).get("nbgrader", {}).get("solution")):
            cell.source = first + "\n" + self.cuda_stub
            return cell, resources
        return super().preprocess_cell(cell, resources, cell_index)


def _error_output(ename: str, lines: list[str]):
    return new_output("error", ename=ename, evalue=lines[0] if lines else "", traceback=list(lines))


class NotebookBudgetExceeded(Exception):
    def __init__(self, budget):
        super().__init__(f"notebook budget of {budget} s used up")
        self.budget = budget


class SafeExecute(Execute):
    """Execute that survives a dead kernel or a cell timeout.

    The failing cell and every later code cell get an error output, then the notebook goes on
    to the judge and ``SaveAutoGrades``. Stock nbgrader aborts the notebook instead, and stock
    nbclient interrupts a timed-out cell and runs the next one into the same hung kernel.
    """

    notebook_budget = Integer(1800, help="Seconds all of the learner's cells may take together; the cells "
                                        "after that are not run. The judge runs after them on its own "
                                        "limits, so slow Python cannot use up a kernel's grading time "
                                        "(0: no budget)").tag(config=True)
    max_output_bytes = Integer(1 << 20, help="Output bytes kept per notebook; the rest is cut").tag(config=True)
    max_output_lines = Integer(2000, help="Output lines kept per notebook; the rest is cut").tag(config=True)
    release_root = Unicode(str(REPO_ROOT / "exercises"),
                           help="Folder of <assignment>/ releases; this assignment's is bound read-only").tag(config=True)

    def __init__(self, *args, **kwargs):
        if use_sandbox():
            from grading.sandboxed_kernel import SandboxedKernelManager
            kwargs["kernel_manager_class"] = SandboxedKernelManager
        super().__init__(*args, **kwargs)
        self.interrupt_on_timeout = False  # a timeout raises CellTimeoutError; we take it from there
        self._kept_bytes = self._kept_lines = 0
        self._cut_cells: set = set()

    def create_kernel_manager(self):
        self.kernel_name = "python3"  # never a kernelspec named by the (learner-editable) notebook
        km = super().create_kernel_manager()
        assignment = (self.resources or {}).get("nbgrader", {}).get("assignment")
        release = Path(self.release_root) / assignment if assignment else None
        if hasattr(km, "release_dir") and release is not None and release.is_dir():
            km.release_dir = str(release)
        return km

    # ------------------------------------------------ output, capped as it arrives
    def output(self, outs, msg, display_id, cell_index):
        out = super().output(outs, msg, display_id, cell_index)
        if out is not None and outs and outs[-1] is out:
            outs.pop()
            kept = self._cap(out, cell_index)
            if kept is not None:
                outs.append(kept)
            return kept
        return out

    def process_message(self, msg, cell, cell_index):
        if msg.get("msg_type") == "update_display_data" and self._kept_bytes >= self.max_output_bytes:
            return None  # over the cap: a display update could grow the notebook again
        return super().process_message(msg, cell, cell_index)

    def _cap(self, out, cell_index):
        room_b = self.max_output_bytes - self._kept_bytes
        room_l = self.max_output_lines - self._kept_lines
        if out.output_type == "error":
            # always kept (an error is what scores a failed test cell 0), but bounded
            out.evalue = str(out.get("evalue", ""))[:2000]
            out.traceback = [str(t)[:2000] for t in out.get("traceback", [])[-20:]]
            return out
        if out.output_type == "stream":
            text = out.text
            size, lines = len(text.encode("utf-8", "replace")), text.count("\n")
            if size <= room_b and lines <= room_l:
                self._kept_bytes += size
                self._kept_lines += lines
                return out
            cut = text.encode("utf-8", "replace")[:max(room_b, 0)].decode("utf-8", "ignore")
            cut = "\n".join(cut.split("\n")[:max(room_l, 0)])
            self._kept_bytes = self.max_output_bytes
            self._kept_lines = self.max_output_lines
            if cell_index not in self._cut_cells:
                self._cut_cells.add(cell_index)
                cut += (f"\n[output cut: this notebook printed more than {self.max_output_bytes:,} bytes "
                        f"or {self.max_output_lines:,} lines; the rest was not kept]\n")
            out.text = cut
            return out if cut else None
        size = len(json.dumps(out, default=str))
        if size <= room_b:
            self._kept_bytes += size
            return out
        self._kept_bytes = self.max_output_bytes
        if cell_index in self._cut_cells:
            return None
        self._cut_cells.add(cell_index)
        return new_output("stream", name="stdout", text=(
            f"[output cut: a {size:,}-byte output is over this notebook's {self.max_output_bytes:,}-byte limit]\n"))

    def preprocess(self, nb, resources=None, km=None):
        from nbclient import NotebookClient
        NotebookClient.__init__(self, nb, km)
        self.reset_execution_trackers()
        self._check_assign_resources(resources)
        failure, index = None, 0
        self._kept_bytes = self._kept_lines = 0
        self._cut_cells = set()
        try:
            with self.setup_kernel():
                info_msg = self.wait_for_reply(self.kc.kernel_info())
                if info_msg:
                    self.nb.metadata["language_info"] = info_msg["content"]["language_info"]
                t0, per_cell = time.monotonic(), self.timeout
                for index, cell in enumerate(self.nb.cells):
                    left = self.notebook_budget - (time.monotonic() - t0) if self.notebook_budget else None
                    if left is not None and left <= 0 and cell.cell_type == "code":
                        failure = (index, NotebookBudgetExceeded(self.notebook_budget))
                        break
                    # a cell may take its own limit, or what is left of the notebook's budget
                    self.timeout = per_cell if left is None else max(1, int(min(per_cell or left, left)))
                    try:
                        self.preprocess_cell(cell, resources, index)
                    except (CellTimeoutError, DeadKernelError) as e:
                        budget_bound = (isinstance(e, CellTimeoutError) and left is not None
                                        and left < (per_cell or left + 1))
                        failure = (index, NotebookBudgetExceeded(self.notebook_budget) if budget_bound else e)
                        break
                else:
                    index = len(self.nb.cells)
                self.timeout = per_cell
        except (CellTimeoutError, DeadKernelError, RuntimeError) as e:
            # the kernel did not start, or died between cells: fail whatever has not run;
            # a failed shutdown after the last cell changes nothing
            if failure is None and index < len(self.nb.cells):
                failure = (index, e)
            else:
                self.log.warning("kernel shutdown: %s", e)
        finally:
            release = getattr(self.km, "release_sandbox", None)
            if release:
                release()
        if failure is not None:
            self._fail_from(failure[0], failure[1])
        self.set_widgets_metadata()
        return self.nb, self.resources

    def _fail_from(self, index, exc):
        if isinstance(exc, NotebookBudgetExceeded):
            why = (f"the notebook's cells had used up their {exc.budget} s, so this cell and the ones after it "
                   f"were not run (your kernels are still graded: the judge has its own time)")
            ename = "NotebookBudgetExceeded"
        elif isinstance(exc, CellTimeoutError):
            why = f"this cell did not finish within {self.timeout} s, so the notebook was stopped here"
            ename = "CellTimeoutError"
        elif isinstance(exc, DeadKernelError):
            why = "the Python kernel died while running this cell, so the notebook was stopped here"
            ename = "DeadKernelError"
        else:
            why = f"the Python kernel could not run this cell ({exc}), so the notebook was stopped here"
            ename = "KernelError"
        self.log.warning("cell %d: %s (%s)", index, why, exc)
        for i, cell in enumerate(self.nb.cells):
            if cell.cell_type != "code" or i < index:
                continue
            if i == index:
                cell.outputs = [o for o in cell.get("outputs", []) if o.get("output_type") != "error"]
                cell.outputs.append(_error_output(ename, [f"{ename}: {why}"]))
            else:
                cell.outputs = [_error_output(
                    "NotExecuted", [f"NotExecuted: not run, because an earlier cell failed ({ename})"])]


def find_kernel_source(cells, name: str, before: int):
    """Body of the last ``%%cuda NAME`` code cell before index ``before`` (else the last one anywhere)."""
    from tilelab.magic import parse_cuda_cell
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


def use_sandbox() -> bool:
    """True: learner code runs sandboxed. No sandbox here: an error, unless UNSAFE=1 was chosen."""
    if sb.unsafe() and not sb.required():
        return False
    why = sb.probe()
    if why:
        raise sb.SandboxUnavailable(why + " (or grade without a sandbox, at your own risk: make grade UNSAFE=1)")
    return True


def _limits(memory_bytes: int):
    def apply():
        if memory_bytes:
            resource.setrlimit(resource.RLIMIT_AS, (memory_bytes, memory_bytes))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    return apply


_BOOT = "import sys; sys.path.insert(0, sys.argv.pop(1)); from tilelab.judge import main; sys.exit(main())"
_judge_commands: dict = {}


def _detected_backend() -> str:
    from tilelab.backend import backend
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
    return [_error_output("JudgeVerdict",
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
        from tilelab.rubric.draw import course_secret, graded_draw
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
    from nbformat.v4 import new_code_cell
    return new_code_cell(f"# grade cell {check.grade_id}, restored by the judge", metadata={"nbgrader": {
        "grade": True, "solution": False, "locked": True, "task": False, "schema_version": 3,
        "grade_id": check.grade_id, "points": check.points}})


def autograde_preprocessors(default):
    """nbgrader's autograde list with SafeExecute for Execute and the Judge right after it."""
    out = []
    for pp in default:
        if pp is Execute:
            out += [SafeExecute, Judge]
        else:
            out.append(pp)
    return out


def generate_preprocessors(default):
    return [CudaClearSolutions if pp is ClearSolutions else pp for pp in default]


_UNSAFE_LINK = re.compile(r"(\]\(\s*<?|<|\]:\s*)(?:\s*)(javascript|vbscript|data)\s*:", re.I)


class SafeMarkdownLinks(NbGraderPreprocessor):
    """Markdown link syntax (``[x](javascript:...)``) becomes a dead link in the feedback page:
    SanitizeHTML cleans the HTML inside markdown, not the links the markdown renderer makes."""

    def preprocess_cell(self, cell, resources, index):
        if cell.cell_type == "markdown":
            cell.source = _UNSAFE_LINK.sub(lambda m: m.group(1) + "#unsafe-link-", cell.source)
        return cell, resources
