"""``check(kernel, problem)``: is the kernel right? The method of DESIGN §6.

Random inputs (never constant) over several seeds and the awkward sizes of the
problem's table, fresh copies every run, outputs filled with NaN so an element
the kernel never writes cannot pass, a float64 reference, and a relative error
against the problem's tolerance. On the emulator every run also goes through
the sanitizer, and a finding (race, out of bounds, ...) fails the check even
when the numbers are right: lockstep emulation makes racy kernels look right.
On a GPU the sanitizer pass runs on the emulator at the problem's small sizes.

A failure raises ``CheckFailed`` whose message is the whole readable report.
The printed PASS lines are the same on both backends, so nbval can compare them.
"""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

import numpy as np

from . import wrong_elements
from .backend import backend as current_backend
from .errors import CheckFailed
from .launch import launch
from .messages import msg
from .problems import Problem, get_problem
from .trial import SHOW, Comparison, compare, trial

__all__ = ["check", "CheckReport", "RunRecord", "compare", "Comparison", "emu_metrics", "sanitizer_findings"]

PROGRESS_MIN_RUNS = 6  # fewer runs than this: no progress bar
PROGRESS_DELAY_S = 2.0  # and none for a check that is over sooner


@dataclass
class RunRecord:
    """One (size, seed) run: its error, findings and, on the emulator, its exact counts."""
    size: object
    seed: int
    ok: bool
    max_error: float
    findings: list = field(default_factory=list)
    metrics: dict | None = None
    per_line: list = field(default_factory=list, repr=False)
    seconds: float = 0.0


@dataclass
class CheckReport:
    """What ``check`` ran and saw; graders read ``metrics()`` (sectors, wavefronts) from it."""
    kernel: str
    problem: str
    backend: str
    sizes: list
    seeds: tuple
    runs: list = field(default_factory=list)
    sanitizer_runs: list = field(default_factory=list)   # emulator runs made for the sanitizer on a GPU
    ok: bool = False
    message: str = ""

    @property
    def findings(self) -> list:
        return [f for r in self.runs + self.sanitizer_runs for f in r.findings]

    def metrics(self, size=None, seed=None) -> dict | None:
        """Emulator metrics of the first run at ``size`` (default: the largest) and ``seed``."""
        runs = [r for r in self.runs + self.sanitizer_runs if r.metrics is not None
                and (size is None or r.size == size) and (seed is None or r.seed == seed)]
        if not runs:
            return None
        if size is None:
            big = max(np.prod(_dims(r.size)) for r in runs)
            runs = [r for r in runs if np.prod(_dims(r.size)) == big]
        return runs[0].metrics

    def summary(self) -> str:
        if self.ok:
            return msg("check.pass_summary", kernel=self.kernel, sizes=len(self.sizes), seeds=len(self.seeds),
                       s1="s" * (len(self.sizes) != 1), s2="s" * (len(self.seeds) != 1))
        return msg("check.fail_summary", kernel=self.kernel, problem=self.problem)

    def __str__(self):
        return self.summary() if self.ok else self.summary() + "\n" + self.message

    def __repr__(self):
        return msg("check.report_repr", summary=self.summary())


def _dims(size):
    return (size,) if isinstance(size, int) else tuple(size)


def _interactive() -> bool:
    """A terminal or a Jupyter kernel: somewhere a progress bar helps (not a log file or a pipe)."""
    if "ipykernel" in sys.modules:
        return True
    try:
        return sys.stderr.isatty()
    except Exception:
        return False


def _progress(total: int, quiet: bool, desc: str):
    if quiet or total < PROGRESS_MIN_RUNS or os.environ.get("TILELAB_PROGRESS", "1") == "0" \
            or not _interactive():
        return None
    try:
        from tqdm.auto import tqdm
    except Exception:
        return None
    # delay: quick checks (and nbval runs of small sizes) never show a bar at all
    try:
        return tqdm(total=total, desc=desc, leave=False, unit=msg("check.progress_unit"), delay=PROGRESS_DELAY_S)
    except TypeError:  # a tqdm without `delay`
        return tqdm(total=total, desc=desc, leave=False, unit=msg("check.progress_unit"))


def _say(bar, text: str, quiet: bool):
    if quiet:
        return
    if bar is not None:
        bar.write(text)
    else:
        print(text, flush=True)


def _run_once(kernel, prob: Problem, size, seed, backend, block, shared, sanitize=True, **launch_opts):
    """One trial (tilelab/trial.py): (comparisons, LaunchResult)."""
    t = trial(kernel, prob, size, seed, backend=backend, block=block, shared=shared, sanitize=sanitize,
              **launch_opts)
    return t.comps, t.result


def _findings_text(findings, limit: int = 5) -> list[str]:
    out = [msg("judge.sanitizer_found")]
    for f in findings[:limit]:
        out += ["  " + ln for ln in str(f).splitlines()]
    if len(findings) > limit:
        out.append("  " + msg("judge.more_places", n=len(findings) - limit))
    return out


def check(kernel, problem, *, sizes=None, seeds=(0, 1, 2), backend: str | None = None, block=None,
          shared: int | None = None, quiet: bool = False, sanitize: bool = True,
          step_budget: int | None = None, timeout: float | None = None) -> CheckReport:
    """Check ``kernel`` against ``problem`` (a name from ``tilelab.problems.PROBLEMS`` or a Problem).

    ``sizes`` default to the problem's table for the backend; ``block`` overrides the
    problem's block (the grid follows it: a tiled matmul with TILE=32 takes
    ``block=(32, 32)``); ``shared`` sets dynamic shared memory in bytes. Prints one
    PASS line per size and a summary; raises ``CheckFailed`` with a readable report at
    the first wrong (size, seed). Returns a ``CheckReport``. ``sanitize=False`` skips the
    extra emulator pass on a GPU; ``step_budget`` (emulator) and ``timeout`` (GPU, seconds)
    bound a kernel that never ends.
    """
    prob = get_problem(problem)
    be = backend or current_backend()
    prob.check_signature(kernel)
    explicit = sizes is not None
    sizes = prob.sizes_for(be) if sizes is None else [prob.size(s) for s in sizes]
    seeds = tuple(int(s) for s in ([seeds] if isinstance(seeds, (int, np.integer)) else seeds))
    if not sizes or not seeds:
        raise CheckFailed("check() needs at least one size and one seed")
    report = CheckReport(kernel=kernel.name, problem=prob.name, backend=be, sizes=list(sizes), seeds=seeds)
    bar = _progress(len(sizes) * len(seeds), quiet, msg("check.progress", name=kernel.name))
    try:
        for size in sizes:
            for seed in seeds:
                comps, res = _run_once(kernel, prob, size, seed, be, block, shared,
                                       **_launch_opts(be, step_budget, timeout))
                ok = all(c.ok for c in comps) and not res.findings
                report.runs.append(RunRecord(size, seed, ok, max(c.max_error for c in comps), list(res.findings),
                                             res.metrics, res.per_line, res.seconds))
                if bar is not None:
                    bar.update(1)
                if not ok:
                    _fail(report, kernel, prob, size, seed, comps, res.findings, bar, quiet)
            _say(bar, f"PASS {prob.name} {prob.label(size)} seeds={','.join(map(str, seeds))}", quiet)
        if be != "emu" and sanitize:
            _sanitizer_pass(report, kernel, prob, block, shared, bar, quiet, step_budget,
                            sizes=_emu_sized(prob, sizes) if explicit else None)
    finally:
        if bar is not None:
            bar.close()
    report.ok = True
    _say(None, report.summary(), quiet)
    return report


def _launch_opts(backend, step_budget, timeout) -> dict:
    if backend == "emu":
        return {"step_budget": step_budget} if step_budget else {}
    return {"timeout": timeout} if timeout else {}


def _emu_sized(prob, sizes) -> list | None:
    """The sizes asked for that the emulator can run too (none: use the problem's own)."""
    cells = lambda s: int(np.prod(np.atleast_1d(prob.size(s))))  # noqa: E731
    biggest = max(cells(s) for s in prob.sizes_for("emu"))
    return [s for s in sizes if cells(s) <= biggest] or None


def _sanitizer_pass(report, kernel, prob, block, shared, bar, quiet, step_budget=None, sizes=None):
    """On a GPU nothing sees races: run the emulator's sanitizer at small sizes (the ones the
    caller asked for when the emulator can run them, else the problem's)."""
    for size in sizes or prob.sanitize_sizes or prob.sizes_for("emu")[:2]:
        size = prob.size(size)
        comps, res = _run_once(kernel, prob, size, 0, "emu", block, shared, **_launch_opts("emu", step_budget, None))
        report.sanitizer_runs.append(RunRecord(size, 0, not res.findings, max(c.max_error for c in comps),
                                               list(res.findings), res.metrics, res.per_line, res.seconds))
        if res.findings:
            _fail(report, kernel, prob, size, 0, [], res.findings, bar, quiet, where=msg("check.on_the_emulator"))


def _fail(report, kernel, prob, size, seed, comps, findings, bar, quiet, where=""):
    lines = []
    wrong = [c for c in comps if not c.ok]
    if wrong:
        lines.append(msg("check.wrong_for", kernel=kernel.name, problem=prob.name, size=prob.label(size), seed=seed,
                         where=where))
        for c in wrong:
            lines += ["  " + ln for ln in c.describe()]
            lines += ["  " + ln for ln in wrong_elements.hints(c)]
        # in a notebook, the picture of which elements are wrong (the text above stays)
        wrong_elements.show(wrong, msg("check.picture_title", kernel=kernel.name, problem=prob.name,
                                       size=prob.label(size), seed=seed))
    else:
        lines.append(msg("check.right_values_not_correct", kernel=kernel.name, problem=prob.name,
                         size=prob.label(size), seed=seed, where=where))
    if findings:
        lines += ["  " + ln for ln in _findings_text(findings)]
    lines += _compiler_warnings(kernel)
    report.ok = False
    report.message = "\n".join(lines)
    _say(bar, f"FAIL {prob.name} {prob.label(size)} seed={seed}", quiet)
    err = CheckFailed(report.message)
    err.report, err.size, err.seed, err.findings = report, size, seed, list(findings)
    err.comparisons = comps
    raise err


def _compiler_warnings(kernel) -> list[str]:
    """NVRTC's warnings for this kernel's source: a missing `return` compiles, and then fails as
    something else (a race, wrong values), so a failure repeats them."""
    log = getattr(getattr(kernel, "program", None), "log", "") or ""
    warn = [ln for ln in log.splitlines() if ": warning" in ln]
    if not warn:
        return []
    return ["  " + msg("check.compiler_warned")] + \
        ["    " + ln for ln in warn[:3]] + (["    " + msg("judge.more_places", n=len(warn) - 3)] if len(warn) > 3 else [])


def emu_metrics(kernel, problem, size, *, block=None, shared: int | None = None, seed: int = 0) -> dict:
    """The emulator's metrics (DESIGN §2 keys) of one launch at ``size``: what graders compare."""
    prob = get_problem(problem)
    prob.check_signature(kernel)
    _, res = _run_once(kernel, prob, prob.size(size), seed, "emu", block, shared)
    return dict(res.metrics)


def sanitizer_findings(kernel, problem, sizes=None, *, block=None, shared: int | None = None,
                       seed: int = 0) -> list:
    """Findings of the emulator's sanitizer at ``sizes`` (default: the problem's sanitizer sizes)."""
    prob = get_problem(problem)
    prob.check_signature(kernel)
    out = []
    for size in sizes or prob.sanitize_sizes or prob.sizes_for("emu")[:2]:
        out += _run_once(kernel, prob, prob.size(size), seed, "emu", block, shared)[1].findings
    return out

