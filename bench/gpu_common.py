"""Shared plumbing of the GPU benchmarks (bench/gpu_*.py).

Each benchmark runs in one process that holds the CUDA context itself (no worker:
gigabyte buffers need not cross a pipe), compiles the reference kernels with our
NVRTC for the device's SM (DESIGN §3), times them by the method of DESIGN §6
(``tilelab.gpu.timing.measure``) and writes ``bench/results/<name>-<date>.json`` with
the GPU, driver, CUDA version, commit, date, exact command and every raw sample.
"""
from __future__ import annotations

import argparse
import datetime as _dt
import json
import os
import platform
import shlex
import subprocess
import sys
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from tilelab.toolchain import kernel_from_file, compile_cuda  # noqa: E402
from tilelab.gpu.spec import kernel_spec, check_geometry  # noqa: E402

KERNELS = ROOT / "kernels"


def parser(desc: str) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=desc)
    p.add_argument("--out", default=str(ROOT / "bench" / "results"),
                   help="folder for the results JSON (default bench/results)")
    p.add_argument("--quick", action="store_true", help="fewer runs and sizes (a smoke test)")
    return p


def commit() -> str | None:
    c = os.environ.get("TILELAB_COMMIT")
    if c:
        return c
    try:
        r = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True, timeout=10)
        if r.returncode == 0:
            return r.stdout.strip()
    except Exception:
        pass
    return None


def smi(query: str) -> str | None:
    try:
        r = subprocess.run(["nvidia-smi", f"--query-gpu={query}", "--format=csv,noheader,nounits"],
                           capture_output=True, text=True, timeout=20)
        return r.stdout.strip().splitlines()[0] if r.returncode == 0 and r.stdout.strip() else None
    except Exception:
        return None


def environment(device) -> dict:
    info = device.info()
    from tilelab.toolchain import find_nvrtc
    try:
        nv = find_nvrtc()
        nvrtc = f"{nv.version[0]}.{nv.version[1]} ({nv.path.name})"
    except Exception as e:
        nvrtc = f"unavailable: {e}"
    import numpy
    return {
        "gpu": info["name"], "arch": info["arch"], "sm_count": info["sm_count"],
        "l2_bytes": info["l2_bytes"], "driver": info.get("driver"),
        "cuda_driver_api": info["cuda_driver_api"], "cuda_runtime": info["cuda_runtime"],
        "cupy": info["cupy"], "numpy": numpy.__version__, "nvrtc": nvrtc,
        "python": platform.python_version(),
        "clocks_sm_max_mhz": smi("clocks.max.sm"), "clocks_sm_now_mhz": smi("clocks.sm"),
        "power_limit_w": smi("power.limit"), "device_info": info,
    }


def header(name: str, device, args) -> dict:
    return {
        "benchmark": name,
        "date": _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "commit": commit(),
        "command": "python " + " ".join(shlex.quote(a) for a in sys.argv),
        "host": platform.node(),
        **environment(device),
        "method": ("CUDA events on one stream around each launch; warm-up >= 0.1 s per kernel; "
                   "L2 flushed before every timed run by a memset of >= 2x L2; runs repeat "
                   "round-robin until stderr/mean < 1% (cap: max_runs / max_seconds); "
                   "median reported, with min, stderr and every sample."),
    }


def write(name: str, data: dict, out_dir: str) -> Path:
    day = _dt.datetime.now(_dt.timezone.utc).strftime("%Y-%m-%d")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{name}-{day}.json"
    path.write_text(json.dumps(data, indent=1, default=_jsonable) + "\n")
    print(f"wrote {path}", flush=True)
    return path


def _jsonable(o):
    import numpy as np
    if isinstance(o, np.generic):
        return o.item()
    if isinstance(o, np.ndarray):
        return o.tolist()
    if isinstance(o, Path):
        return str(o)
    return str(o)


def spec(path: str, name: str, arch: str):
    return kernel_spec(kernel_from_file(KERNELS / path, name), arch)


def spec_src(src: str, name: str, arch: str, filename: str):
    return kernel_spec(compile_cuda(src, filename=filename).kernel(name), arch)


def brief(stats: dict) -> dict:
    """Stats without the sample list (for the printed table)."""
    return {k: v for k, v in stats.items() if k != "samples_s"}


def guarded(fn, errors: list, what: str):
    """Run ``fn``; on an exception, record it and carry on with the other parts."""
    try:
        return fn()
    except Exception as e:
        tb = traceback.format_exc()
        print(f"!! {what}: {type(e).__name__}: {e}\n{tb}", file=sys.stderr, flush=True)
        errors.append({"what": what, "error": f"{type(e).__name__}: {e}", "traceback": tb[-3000:]})
        return None


class Clock:
    def __init__(self):
        self.t0 = time.perf_counter()

    def __str__(self):
        return f"{time.perf_counter() - self.t0:.1f}s"
