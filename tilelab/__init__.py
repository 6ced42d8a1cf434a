"""tilelab: compile CUDA C++ with NVRTC and run it on a GPU or on a PTX SIMT emulator
that counts shared-memory bank wavefronts, global sectors, races and out-of-bounds accesses.

    import tilelab as tl
    tl.backend()                                   # 'gpu' or 'emu'
    %%cuda matmul_tiled                            # cell magic (loaded with the package in IPython)
    tl.launch(matmul_tiled, grid, block, A, B, C, N)
    tl.check(matmul_tiled, "matmul")
    tl.selfcheck(matmul_tiled)                     # the rubric's verdict, before submitting
    tl.bench({"naive": k1, "tiled": k2}, "matmul")
    tl.profile(matmul_tiled, "matmul", N=64)
    tl.banks.show(lambda lane: lane * 33)
    tl.TensorMap(A, box=(64, 64), swizzle="128B")  # a TMA tensor map (Hopper): tilelab/tma.py
    tl.Struct(ptr=A, n=np.int32(5))                # a struct passed by value: tilelab/structs.py
    tl.PitchedPtr(V, xsize=40 * 4)                 # a cudaPitchedPtr over V, by value
    symbols={"_xPtr": tl.AddressOf(X)}           # a __constant__ pointer to a buffer of its own (emulator)
    symbols={"c_args": tl.Struct(lut=L, n=np.uint32(8))}  # a __constant__ struct, its pointers to buffers (emulator)
"""
from __future__ import annotations

import importlib

from . import fonts as _fonts
_fonts.register_when_imported()   # Chinese labels draw with the course's own font (tilelab/fonts/)
from .backend import backend, device_arch
from .toolchain import compile_cuda, kernel_from_file
from .errors import (CheckFailed, CompileError, EmulatorError, KernelFault, LaunchError, TilelabError,
                     UnsupportedInstruction)
from .launch import LaunchResult, launch
# Bound eagerly: the function names shadow their modules, so `tl.check` is always the function.
from .check import check
from .bench import bench
from .profile import profile
from .messages import label, msg
from .selfcheck import selfcheck
from .structs import AddressOf, PitchedPtr, Struct
from .tma import TensorMap, TensorMapError
from .magic import load_ipython_extension as _load

__version__ = "0.1.0"
__all__ = ["backend", "device_arch", "compile_cuda", "kernel_from_file", "launch", "LaunchResult", "check",
           "bench", "profile", "msg", "label", "selfcheck", "banks", "problems", "TilelabError", "CompileError", "LaunchError",
           "EmulatorError", "UnsupportedInstruction", "KernelFault", "CheckFailed", "TensorMap", "TensorMapError",
           "Struct", "PitchedPtr", "AddressOf"]

_LAZY = {"banks": ("banks", None), "problems": ("problems", None)}


def __getattr__(name):
    if name in _LAZY:
        mod, attr = _LAZY[name]
        m = importlib.import_module(f".{mod}", __name__)
        return m if attr is None else getattr(m, attr)
    raise AttributeError(f"module 'tilelab' has no attribute {name!r}")


def load_ipython_extension(ip):
    _load(ip)


def _autoload_magic():
    try:
        from IPython import get_ipython
        ip = get_ipython()
    except Exception:
        return
    if ip is not None:
        try:
            load_ipython_extension(ip)
        except Exception:
            pass


_autoload_magic()
