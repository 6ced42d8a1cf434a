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

``worker.time_kernels`` is the learner-side call (it runs the timing in the GPU worker);
``measure`` is the in-process engine that the worker and the benchmark scripts use.
"""
from __future__ import annotations

import math
import time
from dataclasses import dataclass

import numpy as np

from .spec import KernelSpec, check_geometry, kernel_spec, pack_args

__all__ = ["CublasMatmul", "measure", "measure_items", "pack_items",
           "summarize", "kernel_launcher", "cublas_matmul_launcher", "L2Flusher"]

TARGET_RSE = 0.01


@dataclass
class CublasMatmul:
    """A reference entry for ``time_kernels``: ``C = A @ B`` through cuBLAS (cupy.matmul)."""
    A: np.ndarray
    B: np.ndarray


def pack_items(items: dict, arch: str) -> dict:
    out = {}
    for label, v in items.items():
        if isinstance(v, CublasMatmul):
            out[label] = ("cublas_matmul", np.ascontiguousarray(v.A), np.ascontiguousarray(v.B))
            continue
        kernel, grid, block, args, *rest = v
        shared = int(rest[0]) if rest else 0
        grid, block = check_geometry(grid, block)
        packed = pack_args(kernel.name, kernel.params, args)
        out[label] = ("kernel", kernel_spec(kernel, arch), grid, block, packed, shared)
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


def kernel_launcher(device, spec: KernelSpec, grid, block, packed=None, shared: int = 0,
                    dev_args=None):
    """A no-argument callable that enqueues one launch on ``device.stream``. The device
    buffers are made once, from the packed arguments (fresh copies of the inputs), or
    given ready as ``dev_args`` (cupy arrays and numpy scalars, to share big buffers)."""
    fn = device.prepare(spec, shared)
    if dev_args is None:
        dev_args = device.upload(packed)
    dev_args = list(dev_args)
    grid, block = tuple(grid), tuple(block)

    def launch():
        device.launch_async(spec, grid, block, dev_args, shared, fn=fn)
    launch.spec, launch.grid, launch.block, launch.dev_args = spec, grid, block, dev_args
    return launch


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
            flush_l2: bool = True, check=None) -> dict:
    """Time ``{label: callable}`` (each callable enqueues its work on ``device.stream``).

    ``check(label)``, if given, is called after the warm-up of each label (the outputs
    of a real run are in its buffers then), so a benchmark can verify before timing.
    """
    cp = device.cp
    stream = device.stream
    flusher = L2Flusher(device) if flush_l2 else None
    labels = list(launches)
    warm = {}
    for label in labels:
        f = launches[label]
        t0 = time.perf_counter()
        n = 0
        while True:
            f()
            device.synchronize(getattr(f, "spec", None), getattr(f, "grid", (1,)), getattr(f, "block", (1,)))
            n += 1
            if n >= 2 and time.perf_counter() - t0 >= warmup_s:
                break
        warm[label] = n
        if check is not None:
            check(label)
    samples = {label: [] for label in labels}
    spent = {label: 0.0 for label in labels}
    active = list(labels)
    start, end = cp.cuda.Event(), cp.cuda.Event()
    while active:
        for label in list(active):
            f = launches[label]
            t0 = time.perf_counter()
            if flusher is not None:
                flusher()
            start.record(stream)
            f()
            end.record(stream)
            device.synchronize(getattr(f, "spec", None), getattr(f, "grid", (1,)), getattr(f, "block", (1,)))
            samples[label].append(cp.cuda.get_elapsed_time(start, end) / 1e3)
            spent[label] += time.perf_counter() - t0
            s = samples[label]
            n = len(s)
            done = n >= max_runs or spent[label] >= max_seconds
            if n >= min_runs and not done:
                a = np.asarray(s)
                done = a.std(ddof=1) / math.sqrt(n) < target_rse * a.mean()
            if done:
                active.remove(label)
    return {label: summarize(samples[label], warm[label], target_rse) for label in labels}


def measure_items(device, items: dict, **opts) -> dict:
    """The worker's side of ``time_kernels``: build launchers from packed items, measure."""
    launches = {}
    for label, item in items.items():
        if item[0] == "cublas_matmul":
            launches[label] = cublas_matmul_launcher(device, item[1], item[2])
        else:
            _, spec, grid, block, packed, shared = item
            launches[label] = kernel_launcher(device, spec, grid, block, packed, shared)
    return measure(device, launches, **opts)
