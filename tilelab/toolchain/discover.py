"""Finding the CUDA toolkit pieces: where pip wheels, conda and toolkits put NVRTC's
library and the headers that go with it (cuda_fp16.h, CCCL)."""
from __future__ import annotations

import os
import re
import site
import sys
import sysconfig
import threading
from pathlib import Path

# --------------------------------------------------------------------------------------
# Finding NVRTC
# --------------------------------------------------------------------------------------

def _site_dirs() -> list[Path]:
    """Every directory where pip wheels may have put ``nvidia/...``."""
    dirs: list[str] = []
    for key in ("purelib", "platlib"):
        try:
            dirs.append(sysconfig.get_paths()[key])
        except Exception:
            pass
    try:
        dirs += site.getsitepackages()
        dirs.append(site.getusersitepackages())
    except Exception:
        pass
    dirs += [p for p in sys.path if p]
    out, seen = [], set()
    for d in dirs:
        p = Path(d)
        if p.is_dir() and p.resolve() not in seen:
            seen.add(p.resolve())
            out.append(p)
    return out


_LIB_GLOBS = (
    # CUDA 12 wheel (nvidia-cuda-nvrtc-cu12)
    "nvidia/cuda_nvrtc/lib/libnvrtc.so.*",
    "nvidia/cuda_nvrtc/bin/nvrtc64_*.dll",
    # CUDA 13 wheel (nvidia-cuda-nvrtc) installs under nvidia/cu13
    "nvidia/cu1[3-9]/lib/libnvrtc.so.*",
    "nvidia/cu1[3-9]/bin/nvrtc64_*.dll",
    "nvidia/cu1[3-9]/bin/x86_64/nvrtc64_*.dll",
)
# CuPy has no NVRTC of its own: pip CuPy uses the wheels above (cupy-cuda12x[ctk]),
# conda CuPy uses conda's cuda-nvrtc in $CONDA_PREFIX/lib (see _toolkit_roots).


def _is_main_lib(p: Path) -> bool:
    n = p.name
    return "builtins" not in n and ".alt." not in n and not n.endswith(".alt.so")


def _toolkit_roots() -> list[Path]:
    roots = []
    for var in ("CUDA_PATH", "CUDA_HOME", "CUDA_ROOT"):
        v = os.environ.get(var)
        if v:
            roots.append(Path(v))
    # conda's cuda-nvrtc package (how conda-forge CuPy gets NVRTC): $PREFIX/lib
    for v in (os.environ.get("CONDA_PREFIX"),
              sys.prefix if (Path(sys.prefix) / "conda-meta").is_dir() else None):
        if v:
            roots += [Path(v), Path(v) / "Library"]
    roots.append(Path("/usr/local/cuda"))
    roots += sorted(Path("/usr/local").glob("cuda-*"), reverse=True)
    home = Path.home() / ".cupy" / "cuda_lib"
    if home.is_dir():
        roots += sorted(home.glob("*/*"), reverse=True)
    return roots


class CudaLibrary:
    """One CUDA shared library as wheels and toolkits lay it out (``libnvrtc.so.13``, ``nvrtc64_130_0.dll``): its
    candidate files in preference order (wheels, then toolkits), the major version each file's name carries, and one
    loaded object per file. NVRTC and nvJitLink are found the same way."""

    def __init__(self, so: str, dll: str, wheel_globs: tuple[str, ...], keep=lambda p: True):
        self.so, self.dll, self.wheel_globs, self.keep = so, dll, wheel_globs, keep
        self._loaded: dict[Path, object] = {}
        self._lock = threading.RLock()

    def major(self, p: Path) -> int | None:
        m = re.search(re.escape(self.so) + r"\.(\d+)", p.name) or re.search(re.escape(self.dll) + r"(\d\d)", p.name)
        return int(m.group(1)) if m else None

    def candidates(self) -> list[Path]:
        """Candidate files, wheels first, each once: a versioned name (libnvrtc.so.12.9.86) and its links are one."""
        out: list[Path] = []
        for d in _site_dirs():
            for pat in self.wheel_globs:
                out += sorted(p for p in d.glob(pat) if self.keep(p))
        for root in _toolkit_roots():
            for sub in ("lib64", "lib", "targets/x86_64-linux/lib", "targets/sbsa-linux/lib", "bin", "bin/x64"):
                dd = root / sub
                if dd.is_dir():
                    out += sorted(p for p in dd.glob(self.so + ".*") if self.keep(p))
                    out += sorted(p for p in dd.glob(self.dll + "*.dll") if self.keep(p))
        seen, uniq = set(), []
        for p in out:
            r = p.resolve()
            if r not in seen and self.major(p) is not None:
                seen.add(r)
                uniq.append(p)
        return uniq

    def by_major(self) -> dict[int, Path]:
        """{major: path}, the first candidate of each major."""
        found: dict[int, Path] = {}
        for p in self.candidates():
            found.setdefault(self.major(p), p)
        return dict(sorted(found.items()))

    def load(self, path: Path, make):
        """``make(path)``, once per file: a library is opened once per process."""
        with self._lock:
            key = Path(path).resolve()
            if key not in self._loaded:
                self._loaded[key] = make(path)
            return self._loaded[key]


NVRTC_LIB = CudaLibrary("libnvrtc.so", "nvrtc64_", _LIB_GLOBS, keep=_is_main_lib)


def _include_dirs_for(lib_path: Path, major: int) -> list[str]:
    """Dirs with cuda_fp16.h etc. NVRTC's builtins do not include them (12.9, 13.x);
    they come from the matching ``nvidia-cuda-runtime`` wheel or the toolkit."""
    env = os.environ.get("TILELAB_CUDA_INCLUDE")
    if env:
        return [d for d in env.split(os.pathsep) if d]
    lib_dir = lib_path.resolve().parent
    cands = [
        lib_dir.parent / "include",                       # nvidia/cu13/{lib,include}, toolkit lib64/../include
        lib_dir.parent.parent / "cuda_runtime" / "include",  # nvidia/cuda_nvrtc/lib -> nvidia/cuda_runtime/include
        lib_dir.parent.parent.parent / "include",          # toolkit targets/x86_64-linux/lib
    ]
    for d in _site_dirs():
        if major >= 13:
            cands.append(d / f"nvidia/cu{major}/include")
        else:
            cands.append(d / "nvidia/cuda_runtime/include")
    ours = Path(__file__).resolve().parents[1] / "include"
    shims = [str(ours)]                            # <stdio.h>, <assert.h> for NVRTC: after the toolkit's
    override = [str(ours / "override")]            # <cub/cub.cuh>, <nvfunctional>: before CCCL's and the toolkit's, which NVRTC cannot build
    for d in cands:
        if (d / "cuda_fp16.h").is_file():
            return override + [str(d)] + _cccl_dirs(d, major) + _crt_dirs(d, major) + _curand_dirs(d, major) + shims
    return shims


def _crt_dirs(runtime_include: Path, major: int) -> list[str]:
    """Where ``crt/mma.h`` is, which ``<mma.h>`` includes. The runtime wheels leave it out: the
    nvcc wheel has it (``nvidia/cuda_nvcc/include`` for CUDA 12, ``nvidia/cu13/include`` for 13,
    beside the runtime's headers when both are installed), else a toolkit of the same major.
    It goes after the runtime's directory, so only what that one lacks comes from it."""
    if (runtime_include / "crt" / "mma.h").is_file():
        return []
    cands = [runtime_include.parent.parent / "cuda_nvcc" / "include"]
    cands += [d / ("nvidia/cuda_nvcc/include" if major < 13 else f"nvidia/cu{major}/include") for d in _site_dirs()]
    for root in _toolkit_roots():
        ver = root / "version.json"
        if ver.is_file():
            text = ver.read_text(errors="replace")
            if f'"version" : "{major}.' not in text and f'"version": "{major}.' not in text:
                continue
        cands.append(root / "include")
    return [str(d) for d in cands if (d / "crt" / "mma.h").is_file()][:1]


def _curand_dirs(runtime_include: Path, major: int) -> list[str]:
    """Where ``<curand_kernel.h>`` is: cuRAND's device API, header-only, which Monte Carlo kernels include. CUDA 13's
    wheel (``nvidia-curand``) puts it beside the runtime's headers (``nvidia/cu13/include``), CUDA 12's
    (``nvidia-curand-cu12``) in ``nvidia/curand/include``; a toolkit has it in its own ``include``."""
    if (runtime_include / "curand_kernel.h").is_file():
        return []
    cands = [runtime_include.parent.parent / "curand" / "include"]
    cands += [d / ("nvidia/curand/include" if major < 13 else f"nvidia/cu{major}/include") for d in _site_dirs()]
    return [str(d) for d in cands if (d / "curand_kernel.h").is_file()][:1]


def _cccl_dirs(runtime_include: Path, major: int) -> list[str]:
    """CCCL's headers (``nv/target``, ``cuda/std``), which ``<cooperative_groups.h>`` needs.

    CUDA 12's come from the ``nvidia-cuda-cccl-cu12`` wheel (``nvidia/cuda_cccl/include``),
    CUDA 13's from ``nvidia-cuda-cccl`` (``nvidia/cu13/include/cccl``), or a toolkit's
    ``include/cccl`` (13) / ``include`` (12, already on the path).
    """
    cands = [runtime_include / "cccl", runtime_include.parent.parent / "cuda_cccl" / "include"]
    for d in _site_dirs():
        cands += [d / f"nvidia/cu{major}/include/cccl"] if major >= 13 else [d / "nvidia/cuda_cccl/include"]
    for d in cands:
        if (d / "nv" / "target").is_file():
            return [str(d)] if d != runtime_include else []
    return []
