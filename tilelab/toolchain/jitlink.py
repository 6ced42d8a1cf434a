"""nvJitLink, called directly through ctypes: the fallback assembler of ``tilelab/toolchain/assemble.py``.

Where no ptxas can read the PTX, nvJitLink turns it into a cubin in-process, with neither
a GPU nor a driver (pip wheels ``nvidia-nvjitlink`` for CUDA 13, ``nvidia-nvjitlink-cu12``
for CUDA 12; the GPU machine's image has one). It compiles PTX as relocatable code: shared
variables keep their declared alignment, so ptxas merges fewer accesses than in NVRTC's
own cubin (measured on kernels/matmul_tiled32.cu: 64 LDS, where NVRTC's cubin has
32 LDS + 8 LDS.128).

Its major version must be at least that of the NVRTC that wrote the PTX (a PTX ISA is
read by its own toolkit and newer ones); the same major is preferred, since its ptxas is
the one NVRTC itself would have run.
"""
from __future__ import annotations

import ctypes
import os
import re
import threading
from pathlib import Path

from ..errors import CompileError
from .discover import CudaLibrary  # found the same way as NVRTC

__all__ = ["JitLink", "available_jitlink", "find_jitlink", "link_ptx"]

_LIB_GLOBS = (
    "nvidia/cu1[3-9]/lib/libnvJitLink.so.*",          # nvidia-nvjitlink (CUDA 13+)
    "nvidia/nvjitlink/lib/libnvJitLink.so.*",         # nvidia-nvjitlink-cu12
    "nvidia/cu1[3-9]/bin/nvJitLink_*.dll", "nvidia/cu1[3-9]/bin/x86_64/nvJitLink_*.dll",
    "nvidia/nvjitlink/bin/nvJitLink_*.dll",
)
_INPUT_PTX = 2          # nvJitLinkInputType NVJITLINK_INPUT_PTX
_API = ("Create", "Destroy", "AddData", "Complete", "GetLinkedCubinSize", "GetLinkedCubin",
        "GetErrorLogSize", "GetErrorLog", "GetInfoLogSize", "GetInfoLog")
_ERRORS = ("success", "unrecognized option", "missing -arch", "invalid input", "PTX compile error",
           "NVVM compile error", "internal error", "thread pool error", "unrecognized input",
           "finalize error", "null input", "incompatible options", "incorrect input type",
           "arch mismatch", "outdated library", "missing fatbin", "unrecognized arch",
           "unsupported arch", "needs -lto")


NVJITLINK_LIB = CudaLibrary("libnvJitLink.so", "nvJitLink_", _LIB_GLOBS)


class JitLink:
    """One loaded libnvJitLink: its path and version, and its (versioned) entry points."""

    def __init__(self, path: str | Path):
        self.path = Path(path)
        try:
            lib = ctypes.CDLL(str(self.path))
        except OSError as e:
            raise CompileError(f"cannot load nvJitLink from {self.path}: {e}") from None
        self.lib = lib
        U = ctypes.c_uint
        ma, mi = U(), U()
        f = getattr(lib, "nvJitLinkVersion", None)
        if f is not None and f(ctypes.byref(ma), ctypes.byref(mi)) == 0:
            self.version = (int(ma.value), int(mi.value))
        else:
            self.version = (NVJITLINK_LIB.major(self.path) or 12, 0)
        self.major = self.version[0]
        P, S, C = ctypes.c_void_p, ctypes.c_size_t, ctypes.c_char_p
        sig = {
            "Create": [ctypes.POINTER(P), ctypes.c_uint32, ctypes.POINTER(C)],
            "Destroy": [ctypes.POINTER(P)],
            "AddData": [P, ctypes.c_int, ctypes.c_void_p, S, C],
            "Complete": [P],
            "GetLinkedCubinSize": [P, ctypes.POINTER(S)],
            "GetLinkedCubin": [P, ctypes.c_void_p],
            "GetErrorLogSize": [P, ctypes.POINTER(S)],
            "GetErrorLog": [P, ctypes.c_char_p],
            "GetInfoLogSize": [P, ctypes.POINTER(S)],
            "GetInfoLog": [P, ctypes.c_char_p],
        }
        self.fn = {}
        for name in _API:
            f = self._symbol(name)
            f.argtypes = sig[name]
            f.restype = ctypes.c_int
            self.fn[name] = f
        self._lock = threading.Lock()

    def _symbol(self, name: str):
        """``nvJitLinkX``, or the versioned ``__nvJitLinkX_13_4`` the header's inline wrapper calls."""
        f = getattr(self.lib, "nvJitLink" + name, None)
        if f is not None:
            return f
        for minor in range(max(self.version[1], 9), -1, -1):
            f = getattr(self.lib, f"__nvJitLink{name}_{self.major}_{minor}", None)
            if f is not None:
                return f
        raise CompileError(f"nvJitLink at {self.path} has no nvJitLink{name}: not a library tilelab knows")

    def _log(self, h, which: str) -> str:
        size = ctypes.c_size_t()
        if self.fn[f"Get{which}LogSize"](h, ctypes.byref(size)) != 0 or size.value <= 1:
            return ""
        buf = ctypes.create_string_buffer(size.value)
        self.fn[f"Get{which}Log"](h, buf)
        return buf.value.decode(errors="replace").strip()

    def link_ptx(self, ptx: str, arch: str, options=()) -> tuple[bytes, str]:
        """(cubin, info log) for ``arch`` ("sm_90"); a failure raises CompileError with ptxas's log."""
        opts = [f"-arch={arch}", "-lineinfo", *options]
        arr = (ctypes.c_char_p * len(opts))(*(o.encode() for o in opts))
        h = ctypes.c_void_p()
        data = ptx.encode() + b"\0"
        with self._lock:
            rc = self.fn["Create"](ctypes.byref(h), len(opts), arr)
            if rc != 0:
                raise CompileError(f"nvJitLink {self} could not start for {arch}: {self._err(rc)}")
            try:
                rc = self.fn["AddData"](h, _INPUT_PTX, data, len(data), b"tilelab.ptx")
                if rc == 0:
                    rc = self.fn["Complete"](h)
                if rc != 0:
                    log = self._log(h, "Error") or self._log(h, "Info")
                    raise CompileError(log or f"nvJitLink failed for {arch}: {self._err(rc)}")
                size = ctypes.c_size_t()
                if self.fn["GetLinkedCubinSize"](h, ctypes.byref(size)) != 0:
                    raise CompileError("nvJitLink gave no cubin size")
                out = ctypes.create_string_buffer(size.value)
                if self.fn["GetLinkedCubin"](h, out) != 0:
                    raise CompileError("nvJitLink gave no cubin")
                return out.raw[:size.value], self._log(h, "Info")
            finally:
                self.fn["Destroy"](ctypes.byref(h))

    @staticmethod
    def _err(rc: int) -> str:
        return _ERRORS[rc] if 0 <= rc < len(_ERRORS) else f"error {rc}"

    def __repr__(self):
        return f"JitLink({self.version[0]}.{self.version[1]}, {self.path})"


def _load(path: Path) -> JitLink:
    return NVJITLINK_LIB.load(path, JitLink)


def available_jitlink() -> dict[int, Path]:
    """{major: path} of every nvJitLink found, first found per major (wheels before toolkits)."""
    return NVJITLINK_LIB.by_major()


def _wheel(major: int) -> str:
    return "nvidia-nvjitlink-cu12" if major == 12 else "nvidia-nvjitlink"


def find_jitlink(nvrtc_version: tuple[int, int] = (12, 0)) -> JitLink:
    """The nvJitLink that reads PTX from NVRTC ``nvrtc_version``: the same major if found, else
    the lowest newer one. ``TILELAB_NVJITLINK`` (a library path, or a major) overrides."""
    env = os.environ.get("TILELAB_NVJITLINK", "").strip()
    if env and not env.isdigit():
        return _load(Path(env))
    found = available_jitlink()
    want = int(nvrtc_version[0])
    if env:
        if int(env) not in found:
            raise CompileError(f"nvJitLink {env} not found (found: {sorted(found) or 'none'}); "
                               f"pip install {_wheel(int(env))}")
        return _load(found[int(env)])
    usable = [m for m in found if m >= want]
    if not usable:
        raise CompileError(
            f"no nvJitLink to assemble NVRTC {nvrtc_version[0]}.{nvrtc_version[1]}'s PTX into a cubin "
            f"(found: {sorted(found) or 'none'}; it needs major {want} or newer): pip install {_wheel(want)}")
    return _load(found[min(usable)])


def link_ptx(ptx: str, arch: str, nvrtc_version: tuple[int, int] = (12, 0), options=()) -> tuple[bytes, str]:
    """Assemble ``ptx`` for ``arch`` with the nvJitLink that suits NVRTC ``nvrtc_version``."""
    jl = find_jitlink(nvrtc_version)
    try:
        return jl.link_ptx(ptx, arch, options)
    except CompileError as e:
        if tuple(jl.version) < tuple(nvrtc_version) and re.search(r"\.version|PTX ISA|Unsupported", str(e)):
            raise CompileError(
                f"{e}\n(nvJitLink {jl.version[0]}.{jl.version[1]} is older than NVRTC "
                f"{nvrtc_version[0]}.{nvrtc_version[1]}, whose PTX it reads: pip install -U "
                f"{_wheel(jl.major)})") from None
        raise
