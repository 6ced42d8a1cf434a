"""Shared fixtures.

Emulator tests (tests/test_emu_*.py) use:
  rng         a numpy Generator seeded from the test's node id: random inputs, reproducible runs
  emu         compile and run CUDA on the PTX emulator (see ``EmuHelper``); parametrised over
              every NVRTC major found (12 and 13 emit different PTX: NVRTC 13 uses copysign
              for roundf, for example), so each emulator test runs once per compiler
"""
from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent
# the grading tests draw per-submission sizes with a fixed course secret (tilelab/rubric/draw.py),
# so that their draws do not depend on whoever runs them (and no secret file is made in $HOME)
os.environ.setdefault("TILELAB_COURSE_SECRET", "tilelab-test-suite")
KERNELS = ROOT / "kernels"
BAD_KERNELS = Path(__file__).resolve().parent / "kernels_bad"


def has_sass_toolchain() -> bool:
    """NVRTC, nvJitLink (the assembler of its PTX) and nvdisasm: what reading a kernel's SASS takes."""
    try:
        from tilelab import toolchain as tc
        from tilelab.toolchain.jitlink import find_jitlink
        find_jitlink(tc.find_nvrtc().version)
        tc.find_nvdisasm()
        return True
    except Exception:
        return False


@functools.lru_cache(maxsize=None)
def _recorded():
    import importlib.util
    spec = importlib.util.spec_from_file_location("_tilelab_recorded", ROOT / "bench" / "recorded.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def read_json(path):
    """A JSON file, a recording in bench/results/ plain or gzipped: the largest are stored as ``.json.gz`` so that
    the tree stays small enough to travel to the device machine, and a name without ``.gz`` finds them
    (bench/recorded.py)."""
    return _recorded().read_json(path)


def unseen_gpu_outputs(gpu: dict, date: str = "2026-12-05", device: str = "NVIDIA H200"):
    """Each unseen suite's GPU outputs as recorded (collection-gpu-<date>-unseen<n>.json): suite -> (launches, as
    expected), every file from ``device`` (the seventh round's came from an H100: no H200 was lent)."""
    res = ROOT / "bench" / "results"
    for n, (kernels, expected) in gpu.items():
        rec = read_json(res / f"collection-gpu-{date}-unseen{n}.json")
        assert (rec["kernels"], rec["as_expected"]) == (kernels, expected), n
        assert rec["device"]["name"] == device


def _with_rerun(res, stem: str, tail: str, n) -> list:
    """A suite's compare, after the compare of its launches recorded again (``-anon``: the eighth round's kernels in
    an anonymous namespace, error rows in the first call; DIB-R's, one per ncu process, in the nineteenth), whose rows
    come first (bench/unseen_suites.table keeps a launch's first)."""
    again = res / f"{stem}-anon{tail}"
    return ([str(again)] if again.exists() or again.with_name(again.name + ".gz").exists() else []) + \
        [str(res / f"{stem}{tail}")]


def unseen_tallies(tally: dict, date: str = "2026-12-05"):
    """Issue 23's suites as each came and now, checked against ``tally`` (suite -> launches, ran, equal, totals as it
    came; ran, equal, totals now) from their --compare files; returns the sums as it came and now and the suites that
    met the line (every launch run, 99% of totals equal). The compares of 2026-12-06 are stored gzipped
    (fidelity-compare-20??-??-??-unseen*.json.gz); read_json finds them by the plain name."""
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    import unseen_suites as us
    res = ROOT / "bench" / "results"
    came_sum, now_sum, met = [0, 0], [0, 0], []
    for n, (launches, ran, eq, tot, ran_now, eq_now, tot_now) in tally.items():
        suite = next(k for k in us.SUITES if f"(unseen{n})" in k)
        came = us.table(_with_rerun(res, f"fidelity-compare-{date}-unseen{n}", ".json", n))[suite]
        now = us.table(_with_rerun(res, f"fidelity-compare-{date}-unseen{n}", "-after.json", n))[suite]
        assert (came["launches"], came["run"], came["kernel_equal"], came["kernel_totals"]) == (launches, ran, eq, tot), n
        assert (now["run"], now["kernel_equal"], now["kernel_totals"]) == (ran_now, eq_now, tot_now), n
        came_sum = [came_sum[0] + eq, came_sum[1] + tot]
        now_sum = [now_sum[0] + eq_now, now_sum[1] + tot_now]
        if ran == launches and tot and eq / tot >= 0.99:
            met.append(n)
    return came_sum, now_sum, met


def unseen_compared_again(suites, tag: str, date: str = "2026-12-07") -> dict:
    """suite -> (kernel totals equal, kernel totals) of each suite's compare made again at a later commit
    (fidelity-compare-<date>-unseen<n>-<tag>.json)."""
    import sys
    sys.path.insert(0, str(ROOT / "bench"))
    import unseen_suites as us
    res = ROOT / "bench" / "results"
    got = {}
    for n in suites:
        suite = next(k for k in us.SUITES if f"(unseen{n})" in k)
        row = us.table([str(res / f"fidelity-compare-{date}-unseen{n}-{tag}.json")])[suite]
        got[n] = (row["kernel_equal"], row["kernel_totals"])
    return got


needs_cubin = pytest.mark.skipif(not has_sass_toolchain(), reason="needs NVRTC, nvJitLink and nvdisasm")


@pytest.fixture
def rng(request):
    seed = int.from_bytes(hashlib.sha1(request.node.nodeid.encode()).digest()[:8], "little")
    return np.random.default_rng(seed)


@functools.lru_cache(maxsize=None)
def _program(source: str, filename: str, first_line: int, options: tuple, nvrtc=None):
    from tilelab import toolchain as tc
    return tc.compile_cuda(source, filename=filename, first_line=first_line, options=options,
                           nvrtc=nvrtc)


class EmuHelper:
    """Compile CUDA (cached) and run it on the emulator."""

    kernels_dir = KERNELS
    bad_dir = BAD_KERNELS

    def __init__(self, nvrtc: int | None = None):
        self.nvrtc = nvrtc                  # NVRTC major used to compile; None: the default

    def compile(self, source: str, name: str | None = None, *, filename: str = "test.cu",
                first_line: int = 1, options=()):
        return _program(source, filename, first_line, tuple(options), self.nvrtc).kernel(name)

    def kernel(self, file: str, name: str | None = None):
        """A reference kernel from kernels/ (file name without directory)."""
        path = KERNELS / file
        return self.compile(path.read_text(), name, filename=f"kernels/{file}",
                            options=(f"-I{KERNELS}",))

    def bad(self, file: str, name: str | None = None):
        """A fixture kernel from tests/kernels_bad/ and its source text."""
        path = BAD_KERNELS / file
        src = path.read_text()
        return self.compile(src, name, filename=f"kernels_bad/{file}"), src

    @staticmethod
    def run(kernel, grid, block, *args, **kw):
        from tilelab.launch import launch
        return launch(kernel, grid, block, *args, backend="emu", **kw)

    @staticmethod
    def line_of(source: str, marker: str, nth: int = 0) -> int:
        """1-based line number of the nth line of ``source`` containing ``marker``."""
        hits = [i + 1 for i, s in enumerate(source.splitlines()) if marker in s]
        if len(hits) <= nth:
            raise AssertionError(f"marker {marker!r} not found in the source")
        return hits[nth]

    @staticmethod
    def line_metrics(result, line: int) -> dict:
        rows = [r for r in result.per_line if r["line"] == line]
        assert len(rows) == 1, f"line {line} not in per_line: {[r['line'] for r in result.per_line]}"
        return rows[0]


def _nvrtc_majors():
    try:
        from tilelab import toolchain as tc
        return sorted(tc.available_nvrtc())
    except Exception:
        return []


@pytest.fixture(scope="session", params=_nvrtc_majors() or [None],
                ids=lambda m: f"nvrtc{m}" if m else "no-nvrtc")
def emu(request):
    if request.param is None:
        pytest.skip("no NVRTC installed")
    return EmuHelper(request.param)


# ---------------------------------------------------------------------------------------
# An fp32 fused multiply-add reference, written independently of tilelab.emu.numerics:
# the product of two float32 is exact in float64; TwoSum gives s = fl64(p + c) and its exact
# error e. Rounding s to float32 is correct unless s sits exactly on a float32 midpoint and
# e != 0 (then the exact value lies on e's side of the midpoint). test_emu_numerics checks
# this against exact rational arithmetic.
def fma32_reference(a, b, c) -> np.ndarray:
    a = np.asarray(a, np.float32).astype(np.float64)
    b = np.asarray(b, np.float32).astype(np.float64)
    c = np.asarray(c, np.float32).astype(np.float64)
    with np.errstate(all="ignore"):
        p = a * b
        s = p + c
        bb = s - p
        e = (p - (s - bb)) + (c - bb)
        r = s.astype(np.float32)
        toward = np.where(s > r.astype(np.float64), np.float32(np.inf), np.float32(-np.inf))
        other = np.nextafter(r, toward)
        mid = (r.astype(np.float64) + other.astype(np.float64)) / 2
        on_mid = np.isfinite(s) & np.isfinite(other) & (s == mid) & (s != r) & (e != 0)
        up = np.maximum(r, other)
        down = np.minimum(r, other)
        fixed = np.where(e > 0, up, down)
        # TwoSum's error is NaN when s overflows float64: impossible for float32 inputs
        return np.where(on_mid, fixed, r).astype(np.float32)


@pytest.fixture(scope="session")
def fma32():
    return fma32_reference


# ---------------------------------------------------------------------------------------
# Test tiers (docs/DESIGN.md §10). `make test` runs every test. `make test-fast` runs the tests
# marked `fast` with the default NVRTC only: the unit tests of the toolchain, the emulator, the
# judge and the rubric, for the edit-run loop. A test is `fast` when its file is listed here and
# it is not marked `slow` (nor `gpu`); the mark is set here, never by hand.
FAST_FILES = frozenset({
    # the toolchain
    "test_compile.py", "test_kernels_compile.py",
    # the emulator: execution, instructions, numbers, memory, sanitizer, counters
    "test_emu_atomics.py", "test_emu_bank_model.py", "test_emu_calls.py", "test_emu_control.py",
    "test_emu_counts.py", "test_emu_errors.py", "test_emu_intrinsics.py", "test_emu_isa.py",
    "test_emu_memory.py", "test_emu_module_init.py", "test_emu_names.py", "test_emu_numerics.py",
    "test_emu_ops.py", "test_emu_requests.py", "test_emu_results.py", "test_emu_sanitizers.py",
    "test_banks.py", "test_sass_counts.py", "test_sass_replay.py", "test_emu_atomics_grouped.py",
    "test_emu_counting.py", "test_emu_mma_forms.py", "test_emu_specialregs_vary.py", "test_emu_fidelity.py",
    "test_emu_same_address_stores.py", "test_struct_args.py",
    # the judge and the rubric
    "test_judge_counting.py", "test_judge_spec_trial.py", "test_grading_rubric.py", "test_memory_families.py",
    "test_check.py", "test_cli.py",
})
#: fixtures and parameters that run a test once per NVRTC major (conftest `emu`, test_compile `nv`,
#: test_kernels_compile `major`, test_sass_replay `nvrtc`)
NVRTC_PARAMS = ("emu", "nv", "major", "nvrtc")


def pytest_addoption(parser):
    parser.addoption("--default-nvrtc", action="store_true",
                     help="run tests parametrised over NVRTC majors with the default NVRTC only "
                          "(make test-fast)")


def _default_nvrtc_major():
    try:
        from tilelab import toolchain as tc
        return tc.find_nvrtc().version[0]
    except Exception:  # noqa: BLE001 - no NVRTC: nothing to narrow
        return None


def _tiers(config, items):
    for item in items:
        if (Path(str(item.fspath)).name in FAST_FILES and not item.get_closest_marker("slow")
                and not item.get_closest_marker("gpu")):
            item.add_marker(pytest.mark.fast)
    if not config.getoption("--default-nvrtc"):
        return
    default = _default_nvrtc_major()
    if default is None:
        return
    keep, drop = [], []
    for item in items:
        params = getattr(getattr(item, "callspec", None), "params", {})
        majors = [params[p] for p in NVRTC_PARAMS if isinstance(params.get(p), int)]
        (drop if any(m != default for m in majors) else keep).append(item)
    if drop:
        config.hook.pytest_deselected(items=drop)
        items[:] = keep


#: make test's ``-n`` (pytest-xdist, ``--dist loadfile --no-loadscope-reorder``): these files start
#: first, longest first, so no process is left alone with a long one at the end; the others keep
#: pytest's order. (xdist's own order, most tests first, would start the one-test grading files last.) The order is
#: that of their seconds in one ``-n 2`` run of the whole suite on the 2-core machine (grading ones
#: start sandboxes, nbgrader and Dask processes; test_grading_regression alone is a quarter of the run).
LONGEST_FIRST = ("test_collection.py", "test_collection_more.py",
                 "test_grading_regression.py", "test_grading_exchange.py", "test_grading_tamper.py",
                 "test_grading_languages.py", "test_grading_dask.py",
                 "test_grading_malformed.py", "test_grading_autograde.py", "test_grading_instructor.py")


def _longest_first(config, items):
    if not getattr(config.option, "numprocesses", None):
        return
    rank = {name: i for i, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.path.name, len(rank)))     # stable: the rest keep their order


@pytest.hookimpl(tryfirst=True)      # before -m selects by the marks set here
def pytest_collection_modifyitems(config, items):
    """Tier marks (above); the longest files first under -n; tests marked ``gpu`` skip (not fail)
    on a machine where no GPU answers."""
    _tiers(config, items)
    _longest_first(config, items)
    if not any(item.get_closest_marker("gpu") for item in items):
        return
    from tilelab.gpu import available
    if available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU (CuPy sees none here); run make test-gpu on one")
    for item in items:
        if item.get_closest_marker("gpu"):
            item.add_marker(skip)


# ---------------------------------------------------------------------------------------
# Grading runs learner code only in bubblewrap sandboxes (grading/sandbox/bwrap.py) and refuses
# without one. CI sets REQUIRE_SANDBOX=1 (a broken sandbox fails the run). On a developer's
# machine without bubblewrap, the grading tests still run, unsandboxed (as UNSAFE=1), and the
# tests of the sandbox itself skip.
def pytest_configure(config):
    import os
    if os.environ.get("REQUIRE_SANDBOX") == "1" or os.environ.get("TILELAB_UNSAFE") == "1":
        return
    try:
        from grading.sandbox import probe
    except Exception:  # noqa: BLE001 - grading's dependencies missing: its tests report that
        return
    why = probe()
    if why:
        import warnings
        warnings.warn(f"no sandbox here ({why}): grading tests run unsandboxed")
        os.environ["TILELAB_UNSAFE"] = "1"


@pytest.fixture(autouse=True)
def _course_language_is_restored():
    """The course language (TILELAB_LANG: make lab COURSE_LANG=zh, make grade per submission) is
    process-wide; a test that changes it must not change the language of the tests after it."""
    before = os.environ.get("TILELAB_LANG")
    yield
    if os.environ.get("TILELAB_LANG") != before:
        if before is None:
            os.environ.pop("TILELAB_LANG", None)
        else:
            os.environ["TILELAB_LANG"] = before
