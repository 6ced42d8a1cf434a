"""GPU timing by the method of DESIGN §6, run where the CUDA context lives.

- CUDA events on one stream, around the kernel alone.
- Warm-up by time, so module load, first-touch and clock ramp-up stay out.
- The L2 is flushed before every timed run by writing at least twice its size, so
  each run starts cold, as a real kernel in a pipeline would.
- Runs repeat until the standard error of the mean is under 1% of the mean (or a cap
  on runs and seconds is reached; the result then says ``converged: False``).
- Kernels timed together are sampled round-robin, so a clock or thermal drift hits
  them all alike: ratios (tiled ÷ naive) are computed from one process, one session.
- Reported: median, min, mean, standard error, and every sample, in seconds.
- Only work is timed (issue 20): a kernel item names its outputs (``Timed``), and then every
  launch, warm-up and timed, starts from the module's initial ``__device__``/``__constant__``
  values and writes into outputs freshly poisoned (NaN, then random bits) outside the timing
  events; the values each launch leaves are checked against the first launch's (and, with
  ``agree_with``, that against another kernel's). A rotating pool of output buffers
  (``OutputPool``) poisons a set right after its check, a launch before its next use, not just
  before it: on the H200 a pool of two adds about half what poisoning right before the launch
  adds to a memory-bound kernel (04's transposes at 8192²: 0.01-0.02 ms against 0.03-0.045 ms, of
  0.15-0.35 ms), and nothing to the Tensor Core references at 8192³
  (bench/results/gpu_timing_pool_study-2026-12-02.json, gpu_timing_attacks-2026-12-02.json).
  A kernel that skips work
  once its output is written, or counts its launches in a ``__device__`` variable, leaves
  wrong values and its time is reported as not a time (``wrong_runs``).

``worker.time_kernels`` is the learner-side call (it runs the timing in the GPU worker);
``measure`` is the in-process engine that the worker and the benchmark scripts use.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from ..tma import TensorMap
from .spec import KernelSpec, check_geometry, kernel_spec, pack_args
from .tensormap import MapBytes, StructBytes, encode

__all__ = ["CublasMatmul", "Timed", "OutputPool", "measure", "measure_items", "pack_items",
           "summarize", "kernel_launcher", "cublas_matmul_launcher", "L2Flusher", "count_bad"]

TARGET_RSE = 0.01
POOL_SIZE = 2          # output buffer sets per timed kernel (the one given, plus copies)


@dataclass
class CublasMatmul:
    """A reference entry for ``time_kernels``: ``C = A @ B`` through cuBLAS (cupy.matmul)."""
    A: np.ndarray
    B: np.ndarray


@dataclass
class Timed:
    """A kernel entry for ``time_kernels`` whose outputs are poisoned and checked around every
    launch: ``outputs`` maps an argument's position to its tolerance ``(rtol, floor)`` (the
    rule of ``tilelab.check.compare``); ``agree_with`` names another label whose first launch's
    values this one's must match within that tolerance."""
    kernel: object
    grid: object
    block: object
    args: list
    shared: int = 0
    outputs: dict = None
    agree_with: str | None = None

    def __iter__(self):                  # unpacks as the plain tuple entry does
        return iter((self.kernel, self.grid, self.block, self.args, self.shared))


def pack_items(items: dict, arch: str) -> dict:
    out = {}
    for label, v in items.items():
        if isinstance(v, CublasMatmul):
            out[label] = ("cublas_matmul", np.ascontiguousarray(v.A), np.ascontiguousarray(v.B))
            continue
        outputs, agree = None, None
        if isinstance(v, Timed):
            kernel, grid, block, args, shared = v.kernel, v.grid, v.block, v.args, int(v.shared or 0)
            outputs, agree = dict(v.outputs or {}), v.agree_with
        else:
            kernel, grid, block, args, *rest = v
            shared = int(rest[0]) if rest else 0
        grid, block = check_geometry(grid, block)
        packed = pack_args(kernel.name, kernel.params, args)
        if outputs:
            for i in outputs:
                if not (0 <= int(i) < len(packed.values)) or not packed.copy_back[int(i)] \
                        or not isinstance(packed.values[int(i)], np.ndarray):
                    raise ValueError(f"{label}: argument {i} of {kernel.name} is not an output "
                                     "(a pointer to non-const data)")
            outputs = {int(i): (float(t[0]), float(t[1])) for i, t in outputs.items()}
        out[label] = ("kernel", kernel_spec(kernel, arch), grid, block, packed, shared, outputs, agree)
    return out


# --------------------------------------------------------------------------------------
# In the process that holds the context
# --------------------------------------------------------------------------------------

class L2Flusher:
    """Writes a buffer of at least 2x the L2 size on the stream (a memset with a value
    that changes every time), evicting whatever the last run left in L2."""

    def __init__(self, device, factor: float = 2.0):
        cp = device.cp
        l2 = int(device.props.get("l2CacheSize", 0)) or 64 * 2**20
        self.nbytes = int(math.ceil(factor * l2 / 2**20)) * 2**20 + 2**20
        self.buf = cp.empty(self.nbytes, dtype=cp.uint8)
        self.device = device
        self.count = 0

    def __call__(self):
        self.count += 1
        self.device.cp.cuda.runtime.memsetAsync(self.buf.data.ptr, self.count & 0xFF,
                                                self.nbytes, self.device.stream.ptr)


def count_bad(xp, got, want, rtol: float, floor: float) -> int:
    """How many elements of ``got`` are off ``want`` by more than ``tilelab.check.compare``
    allows (|got - want| <= rtol * max(|want|, floor * max|want|)); NaN and inf are off."""
    ft = xp.result_type(want.dtype, xp.float32)
    g = got.astype(ft, copy=False).reshape(-1)
    w = want.astype(ft, copy=False).reshape(-1)
    if w.size == 0:
        return 0
    aw = xp.abs(w)
    finite = xp.isfinite(aw)
    scale = xp.max(xp.where(finite, aw, 0))
    ok = xp.abs(g - w) <= rtol * xp.maximum(aw, floor * scale)
    ok &= xp.isfinite(g) & finite
    return int(ok.size - int(ok.sum()))


class OutputPool:
    """The output buffers one kernel's launches write into, ``size`` sets in rotation.

    Set 0 is the arguments' own buffers; the others are copies of their shape. A tensor map
    argument encoded on an output's buffer (a TMA store's destination) names that buffer's address
    in its 128 bytes, so ``maps`` (``{map position: callable(buffer, position) -> MapBytes}``) encodes
    it again on each other set's buffer: a launch into set ``k`` reads and writes set ``k`` only. Each set is
    poisoned before its first use and again right after each check (alternately all bits
    set, a NaN in every float type, and fresh random bits), so every launch finds poison
    that no earlier launch left, and the poison was written a few launches earlier, not
    just before the timed one (whose cache state stays that of sustained load).
    """

    def __init__(self, xp, dev_args, outputs: dict, size: int = POOL_SIZE, seed: int = 0, maps: dict | None = None):
        self.xp = xp
        self.args = list(dev_args)
        self.outputs = {int(i): tuple(t) for i, t in outputs.items()}
        size = max(1, int(size))
        self.sets = [{i: self.args[i] for i in self.outputs}]
        self.sets += [{i: xp.empty_like(self.args[i]) for i in self.outputs} for _ in range(size - 1)]
        # tensor maps on an output's buffer: encoded again on every other set's buffer
        self.maps = [{} for _ in range(size)]
        for i, enc in (maps or {}).items():
            j = getattr(self.args[i], "source", None)
            if j not in self.outputs:
                continue
            for k in range(1, size):
                self.maps[k][i] = enc(self.sets[k][j], j)
        self.uses = [0] * size
        self.rng = xp.random.RandomState(seed)
        self.next = 0
        self.baseline = None         # {index: array}: what the first launch left
        self.checked = 0
        self.wrong = 0
        self.first_wrong = None      # {"launch", "argument", "elements", "of"}
        for k in range(size):
            self.poison(k)

    def poison(self, k: int):
        xp = self.xp
        for buf in self.sets[k].values():
            raw = buf.reshape(-1).view(xp.uint8)
            if self.uses[k] % 2 == 0:
                raw.fill(0xFF)
            else:
                raw[...] = self.rng.randint(0, 256, size=raw.size, dtype=xp.uint8)
            self.uses[k] += 1

    def take(self) -> int:
        k = self.next
        self.next = (k + 1) % len(self.sets)
        return k

    def args_for(self, k: int) -> list:
        a = list(self.args)
        for i, buf in self.sets[k].items():
            a[i] = buf
        for i, m in self.maps[k].items():
            a[i] = m
        return a

    def check(self, k: int, launch: int) -> int:
        """Check what the launch into set ``k`` left, then poison the set for its next use.
        The first launch's values become the baseline (kept, not checked). Returns the
        number of wrong elements."""
        bufs = self.sets[k]
        bad_total = 0
        if self.baseline is None:
            self.baseline = {i: b.copy() for i, b in bufs.items()}
        else:
            self.checked += 1
            for i, b in bufs.items():
                rtol, floor = self.outputs[i]
                bad = count_bad(self.xp, b, self.baseline[i], rtol, floor)
                if bad and self.first_wrong is None:
                    self.first_wrong = {"launch": int(launch), "argument": i, "elements": bad, "of": int(b.size)}
                bad_total += bad
            self.wrong += bool(bad_total)
        self.poison(k)
        return bad_total

    def disagreement(self, other: "OutputPool"):
        """Where this pool's first values differ from ``other``'s (same outputs, same inputs):
        ``{"argument", "elements", "of"}`` or None."""
        if self.baseline is None or other.baseline is None:
            return None
        for i, mine in self.baseline.items():
            theirs = other.baseline.get(i)
            if theirs is None or theirs.shape != mine.shape:
                continue
            rtol, floor = self.outputs[i]
            bad = count_bad(self.xp, mine, theirs, rtol, floor)
            if bad:
                return {"argument": i, "elements": bad, "of": int(mine.size)}
        return None


def kernel_launcher(device, spec: KernelSpec, grid, block, packed=None, shared: int = 0,
                    dev_args=None, outputs: dict | None = None, pool_size: int = POOL_SIZE):
    """A callable that enqueues one launch on ``device.stream``. The device buffers are made
    once, from the packed arguments (fresh copies of the inputs), or given ready as
    ``dev_args`` (cupy arrays and numpy scalars, to share big buffers).

    With ``outputs`` (``{argument position: (rtol, floor)}``) the launcher has a ``pool``
    (``OutputPool``) and a ``reset`` that puts the module's variables back to their values
    at load: ``launch(k)`` writes into the pool's set ``k``."""
    pool = reset = None
    if outputs:
        fn = device.prepare(spec, shared, fresh=True)      # a module no earlier launch touched
        reset = device.module_state(spec)
    else:
        fn = device.prepare(spec, shared)
    if dev_args is None:
        dev_args = device.upload(packed)
    dev_args = list(dev_args)
    grid, block = tuple(grid), tuple(block)
    if outputs:
        with device.stream:
            pool = OutputPool(device.cp, dev_args, outputs, pool_size,
                              maps=_output_maps(dev_args, packed, outputs))

    def launch(k=None):
        args = dev_args if k is None or pool is None else pool.args_for(k)
        device.launch_async(spec, grid, block, args, shared, fn=fn)
    launch.spec, launch.grid, launch.block, launch.dev_args = spec, grid, block, dev_args
    launch.pool, launch.reset = pool, reset
    return launch


def _output_maps(dev_args, packed, outputs) -> dict:
    """``{map position: encoder}`` for every tensor map argument encoded on an output's buffer: the
    encoder puts the same ``tl.TensorMap`` (its box, swizzle, strides) on another buffer of that
    output. Without the ``tl.TensorMap`` (ready-made device arguments) such a map cannot follow the
    pool's buffers, and the timing is refused rather than checked against the wrong buffer."""
    for i, a in enumerate(dev_args):        # a struct's pointer into an output: its bytes hold set 0's address
        shared = sorted(set(getattr(a, "sources", ()) or ()) & set(outputs)) if isinstance(a, StructBytes) else []
        if shared:
            raise ValueError(f"argument {i} is a struct whose pointer is output argument {shared[0]}: timing "
                             "with fresh outputs cannot follow a struct's pointers; pass that array only in the struct")
    found = {i: a.source for i, a in enumerate(dev_args)
             if isinstance(a, MapBytes) and a.source is not None and a.source in outputs}
    out = {}
    for i, j in found.items():
        tm = packed.values[i] if packed is not None else None
        if not isinstance(tm, TensorMap):
            raise ValueError(f"argument {i} is a tensor map of output argument {j}: timing with fresh outputs "
                             "needs its tl.TensorMap to encode it on each output buffer")
        out[i] = lambda buf, src, tm=tm: MapBytes(encode(tm, int(buf.data.ptr)).data, None, src)
    return out


def cublas_matmul_launcher(device, A, B):
    cp = device.cp
    with device.stream:
        dA, dB = cp.asarray(A), cp.asarray(B)
        dC = cp.empty((dA.shape[0], dB.shape[1]), dtype=cp.result_type(dA, dB))

    def launch():
        with device.stream:
            cp.matmul(dA, dB, out=dC)
    launch.dev_args = (dA, dB, dC)
    return launch


def summarize(samples, warmup_runs: int = 0, target_rse: float = TARGET_RSE) -> dict:
    s = np.asarray(samples, dtype=np.float64)
    n = len(s)
    mean = float(s.mean()) if n else math.nan
    stderr = float(s.std(ddof=1) / math.sqrt(n)) if n > 1 else math.nan
    rse = stderr / mean if n > 1 and mean > 0 else math.nan
    return {
        "median_s": float(np.median(s)) if n else math.nan,
        "min_s": float(s.min()) if n else math.nan,
        "mean_s": mean,
        "stderr_s": stderr,
        "rel_stderr": rse,
        "n": n,
        "converged": bool(n > 1 and rse < target_rse),
        "warmup_runs": int(warmup_runs),
        "samples_s": [float(x) for x in s],
    }


def measure(device, launches: dict, *, warmup_s: float = 0.1, min_runs: int = 10,
            max_runs: int = 300, max_seconds: float = 20.0, target_rse: float = TARGET_RSE,
            flush_l2: bool = True, check=None, agree: dict | None = None) -> dict:
    """Time ``{label: callable}`` (each callable enqueues its work on ``device.stream``).

    ``check(label)``, if given, is called after the warm-up of each label (the outputs
    of a real run are in its buffers then), so a benchmark can verify before timing.

    A callable with a ``pool`` (``kernel_launcher(..., outputs=...)``) is launched into the
    pool's sets in turn, its module's variables put back (``reset``) and its outputs poisoned
    before every launch and checked after it, all outside the timing events; its stats say
    how many launches were checked and how many left wrong values (``checked_runs``,
    ``wrong_runs``, ``first_wrong``). ``agree`` (``{label: other}``): the first values of
    ``label`` must match those of ``other`` (``disagrees``).
    """
    cp = device.cp
    stream = device.stream
    flusher = L2Flusher(device) if flush_l2 else None
    labels = list(launches)
    launched = {label: 0 for label in labels}

    def run_once(label, timed):
        """One launch of ``label``: (seconds or None)."""
        f = launches[label]
        pool, reset = getattr(f, "pool", None), getattr(f, "reset", None)
        k = pool.take() if pool is not None else None
        if reset is not None:
            reset()
        if timed and flusher is not None:
            flusher()
        if timed:
            start.record(stream)
        f() if k is None else f(k)
        if timed:
            end.record(stream)
        device.synchronize(getattr(f, "spec", None), getattr(f, "grid", (1,)), getattr(f, "block", (1,)))
        seconds = cp.cuda.get_elapsed_time(start, end) / 1e3 if timed else None
        if pool is not None:
            with stream:
                pool.check(k, launched[label])
            stream.synchronize()
        launched[label] += 1
        return seconds

    start, end = cp.cuda.Event(), cp.cuda.Event()
    warm = {}
    for label in labels:
        t0 = time.perf_counter()
        n = 0
        while True:
            run_once(label, False)
            n += 1
            if n >= 2 and time.perf_counter() - t0 >= warmup_s:
                break
        warm[label] = n
        if check is not None:
            check(label)
    samples = {label: [] for label in labels}
    spent = {label: 0.0 for label in labels}
    active = list(labels)
    while active:
        for label in list(active):
            t0 = time.perf_counter()
            samples[label].append(run_once(label, True))
            spent[label] += time.perf_counter() - t0
            s = samples[label]
            n = len(s)
            done = n >= max_runs or spent[label] >= max_seconds
            if n >= min_runs and not done:
                a = np.asarray(s)
                done = a.std(ddof=1) / math.sqrt(n) < target_rse * a.mean()
            if done:
                active.remove(label)
    out = {label: summarize(samples[label], warm[label], target_rse) for label in labels}
    for label in labels:
        pool = getattr(launches[label], "pool", None)
        if pool is None:
            continue
        out[label].update(checked_runs=pool.checked, wrong_runs=pool.wrong, first_wrong=pool.first_wrong)
        other = (agree or {}).get(label)
        theirs = getattr(launches.get(other), "pool", None) if other else None
        if theirs is not None:
            with stream:
                d = pool.disagreement(theirs)
            out[label]["disagrees"] = None if d is None else dict(d, label=other)
    return out


def measure_items(device, items: dict, **opts) -> dict:
    """The worker's side of ``time_kernels``: build launchers from packed items, measure."""
    launches, agree = {}, {}
    for label, item in items.items():
        if item[0] == "cublas_matmul":
            launches[label] = cublas_matmul_launcher(device, item[1], item[2])
        else:
            _, spec, grid, block, packed, shared, *more = item
            outputs, other = (more + [None, None])[:2]
            launches[label] = kernel_launcher(device, spec, grid, block, packed, shared, outputs=outputs)
            if other:
                agree[label] = other
    return measure(device, launches, agree=agree, **opts)
