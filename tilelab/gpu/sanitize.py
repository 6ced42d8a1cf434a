"""NVIDIA's own sanitizers on our kernels: ``compute-sanitizer --tool memcheck|racecheck``.

The emulator's sanitizers are the course's (DESIGN §4); these are the hardware-side
cross-check that the reference kernels are clean, recorded with the benchmarks.
Each call runs the launches in a subprocess of their own (``tilelab.gpu.runone``),
with CuPy's memory pool off so that every array is its own allocation.
"""
from __future__ import annotations

import glob
import os
import pickle
import re
import shutil
import subprocess
import sys
import tempfile

from .ncu import _env

__all__ = ["find_sanitizer", "sanitize", "parse_sanitizer"]


def find_sanitizer() -> str:
    env = os.environ.get("TILELAB_COMPUTE_SANITIZER")
    if env:
        return env
    w = shutil.which("compute-sanitizer")
    if w:
        return w
    for pat in ("/usr/local/cuda/bin/compute-sanitizer", "/usr/local/cuda-*/bin/compute-sanitizer",
                "/usr/local/cuda/compute-sanitizer/compute-sanitizer"):
        hits = sorted(glob.glob(pat), reverse=True)
        if hits:
            return hits[0]
    raise FileNotFoundError("compute-sanitizer not found")


_SUMMARY = re.compile(r"ERROR SUMMARY:\s*(\d+) error")
_RACE = re.compile(r"RACECHECK SUMMARY:\s*(\d+) hazards? displayed \((\d+) errors?, (\d+) warnings?\)")


def parse_sanitizer(text: str) -> dict:
    m = _SUMMARY.search(text)
    r = _RACE.search(text)
    out = {"errors": int(m.group(1)) if m else None}
    if r:
        out.update(hazards=int(r.group(1)), race_errors=int(r.group(2)), race_warnings=int(r.group(3)))
        if out["errors"] is None:     # racecheck prints its own summary instead
            out["errors"] = out["race_errors"] + out["race_warnings"]
    return out


def sanitize(launches, tool: str = "memcheck", *, timeout: float = 600, extra_args=()) -> dict:
    """Run packed launches ``[(spec, grid, block, packed, shared), ...]`` under one tool.

    Returns ``{"tool", "errors", "exit_code", "report"}`` (+ racecheck's hazard counts);
    ``errors`` is None if the tool printed no summary (it did not run)."""
    exe = find_sanitizer()
    with tempfile.TemporaryDirectory(prefix="tilelab-san-") as td:
        req = os.path.join(td, "req.pkl")
        with open(req, "wb") as fh:
            pickle.dump(list(launches), fh)
        cmd = [exe, "--tool", tool, "--target-processes", "all", "--print-limit", "20",
               *extra_args, sys.executable, "-m", "tilelab.gpu.runone", req]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout, env=_env(), cwd=td)
            text, code = r.stdout + r.stderr, r.returncode
        except subprocess.TimeoutExpired as e:
            text = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            code = None
    res = {"tool": tool, "exit_code": code, **parse_sanitizer(text)}
    lines = [ln for ln in text.splitlines() if ln.startswith("=========") or "tilelab:" in ln]
    res["report"] = "\n".join(lines[-60:])
    return res
