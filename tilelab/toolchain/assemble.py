"""Assemble the emulator's PTX into the cubin the GPU runs, for one SM.

The cubin must come from the very PTX the emulator runs (DESIGN §3), not from a second
compile of the source. ptxas does it the way NVRTC does inside its own cubin compile: one
whole program, so ptxas places the shared variables itself and may align them beyond
their declared ``.align``; that is what lets it merge ``sA[ty][k..k+3]`` into one
``LDS.128``. On every kernel in ``kernels/`` its cubin has the same memory instructions,
line for line, as NVRTC's own (tests/test_compile.py). ptxas comes from the
``nvidia-cuda-nvcc-cu12`` / ``nvidia-cuda-nvcc`` wheels (or a toolkit; ``TILELAB_PTXAS``).

Where no ptxas can read the PTX (none found, or all older than the NVRTC that wrote it),
nvJitLink assembles it (``tilelab/toolchain/jitlink.py``). nvJitLink compiles PTX as relocatable
code, whose shared variables keep their declared alignment, so fewer accesses merge than
in NVRTC's cubin; ``Assembled.whole_program`` says which kind a cubin is, and the
SASS-aware counts (``emu/counters/sass_model.py``) follow it.
"""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import CompileError
from . import jitlink
from .discover import _site_dirs, _toolkit_roots  # the same search places as NVRTC

__all__ = ["Assembled", "AssemblerMissing", "assemble", "find_ptxas", "ptxas_version"]


class AssemblerMissing(CompileError):
    """No ptxas or nvJitLink here that reads this PTX (not an error in the PTX itself)."""


@dataclass(frozen=True)
class Assembled:
    cubin: bytes
    log: str               # ptxas's messages (registers, spills, warnings), as it printed them
    tool: str              # "ptxas 12.9" or "nvJitLink 13.5"
    whole_program: bool    # True for ptxas; nvJitLink compiles relocatable code


_VERSIONS: dict = {}


def ptxas_version(path: str) -> tuple[int, int] | None:
    """(major, minor) from ``ptxas --version`` ("release 12.9, V12.9.86"); None if it won't run."""
    if path not in _VERSIONS:
        try:
            out = subprocess.run([path, "--version"], capture_output=True, text=True, timeout=60).stdout
            m = re.search(r"release (\d+)\.(\d+)", out)
            _VERSIONS[path] = (int(m.group(1)), int(m.group(2))) if m else None
        except (OSError, subprocess.SubprocessError):
            _VERSIONS[path] = None
    return _VERSIONS[path]


def _ptxas_candidates() -> list[str]:
    exe = "ptxas.exe" if os.name == "nt" else "ptxas"
    out = []
    for d in _site_dirs():
        for pat in (f"nvidia/cuda_nvcc/bin/{exe}", f"nvidia/cu1[3-9]/bin/{exe}"):
            out += [str(p) for p in sorted(d.glob(pat))]
    for root in _toolkit_roots():
        if (root / "bin" / exe).is_file():
            out.append(str(root / "bin" / exe))
    w = shutil.which(exe)
    if w:
        out.append(w)
    seen, uniq = set(), []
    for p in out:
        r = os.path.realpath(p)
        if r not in seen:
            seen.add(r)
            uniq.append(p)
    return uniq


def find_ptxas(nvrtc_version: tuple[int, int]) -> tuple[str, tuple[int, int]] | None:
    """The ptxas that reads PTX from NVRTC ``nvrtc_version`` (its version at least that one's),
    the same major preferred; ``TILELAB_PTXAS`` (a path, or "none") overrides. None: no such ptxas."""
    env = os.environ.get("TILELAB_PTXAS", "").strip()
    if env:
        if env.lower() == "none":
            return None
        v = ptxas_version(env)
        if v is None:
            raise CompileError(f"TILELAB_PTXAS={env} is not a ptxas that runs here")
        return env, v
    ok = []
    for p in _ptxas_candidates():
        v = ptxas_version(p)
        if v is not None and v >= tuple(nvrtc_version):
            ok.append((v[0] != nvrtc_version[0], v, p))
    if not ok:
        return None
    _, v, p = min(ok)
    return p, v


def _run_ptxas(path: str, version, ptx: str, arch: str) -> Assembled:
    with tempfile.TemporaryDirectory(prefix="tilelab-") as td:
        Path(td, "tilelab.ptx").write_text(ptx)
        r = subprocess.run([path, f"-arch={arch}", "-lineinfo", "-v", "tilelab.ptx", "-o", "tilelab.cubin"],
                           capture_output=True, text=True, timeout=300, cwd=td)
        log = (r.stdout + "\n" + r.stderr).strip()
        if r.returncode != 0:   # the error alone: -v's resource report of what did compile is noise here
            errors = [ln for ln in log.splitlines() if not ln.startswith("ptxas info")
                      and not re.match(r"\s+\d+ bytes stack frame|\s+Used \d+ registers", ln)]
            raise CompileError("\n".join(errors) or log or f"ptxas failed for {arch}")
        return Assembled(Path(td, "tilelab.cubin").read_bytes(), log, f"ptxas {version[0]}.{version[1]}", True)


def assemble(ptx: str, arch: str, nvrtc_version: tuple[int, int]) -> Assembled:
    """Assemble ``ptx`` (written by NVRTC ``nvrtc_version``) for ``arch``: ptxas as one whole
    program, else nvJitLink; a PTX error raises CompileError with the assembler's log."""
    found = find_ptxas(nvrtc_version)
    if found is not None:
        return _run_ptxas(found[0], found[1], ptx, arch)
    try:
        jl = jitlink.find_jitlink(nvrtc_version)
    except CompileError as e:
        wheel = "nvidia-cuda-nvcc-cu12" if nvrtc_version[0] == 12 else "nvidia-cuda-nvcc"
        raise AssemblerMissing(f"no ptxas or nvJitLink to assemble NVRTC {nvrtc_version[0]}.{nvrtc_version[1]}'s "
                           f"PTX: pip install {wheel} ({e})") from None
    cubin, log = jl.link_ptx(ptx, arch, ("-verbose",))
    return Assembled(cubin, log, f"nvJitLink {jl.version[0]}.{jl.version[1]}", False)
