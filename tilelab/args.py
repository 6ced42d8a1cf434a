"""Checking a launch before it runs, on any backend: geometry and the argument list.

A wrong argument list is refused in the learner's own process with a clear message
before the emulator or the GPU worker sees anything: the count, each array's dtype
against the C signature (a float64 array passed as ``float*`` is a classic silent
bug), scalars that don't fit their C type, and grids or blocks CUDA would reject.
"""
from __future__ import annotations

import numbers
from dataclasses import dataclass

import numpy as np

from .errors import LaunchError

__all__ = ["norm_dim3", "check_geometry", "PackedArgs", "pack_args", "MAX_THREADS_PER_BLOCK"]

# CUDA's limits (all architectures the course supports, sm_70 and newer)
MAX_THREADS_PER_BLOCK = 1024
MAX_BLOCK = (1024, 1024, 64)
MAX_GRID = (2**31 - 1, 65535, 65535)


def norm_dim3(v, what: str) -> tuple[int, int, int]:
    """``8``, ``(8, 4)`` or ``(8, 4, 1)`` -> ``(8, 4, 1)``; refuse zero, negative, or too many."""
    if isinstance(v, numbers.Integral):
        v = (int(v),)
    try:
        t = tuple(int(x) for x in v)
        if any(int(x) != x for x in v):
            raise ValueError
    except (TypeError, ValueError):
        raise LaunchError(f"{what} must be an int or a tuple of up to 3 ints, got {v!r}") from None
    if not 1 <= len(t) <= 3:
        raise LaunchError(f"{what} must have 1 to 3 dimensions, got {v!r}")
    t = t + (1,) * (3 - len(t))
    if any(x < 1 for x in t):
        raise LaunchError(f"{what} {t} has a dimension below 1")
    return t


def check_geometry(grid, block):
    grid, block = norm_dim3(grid, "grid"), norm_dim3(block, "block")
    n = block[0] * block[1] * block[2]
    if n > MAX_THREADS_PER_BLOCK:
        raise LaunchError(f"block {block} has {n} threads; a block holds at most "
                          f"{MAX_THREADS_PER_BLOCK}")
    for ax, b, m in zip("xyz", block, MAX_BLOCK):
        if b > m:
            raise LaunchError(f"block.{ax} = {b} is over the limit {m}")
    for ax, g, m in zip("xyz", grid, MAX_GRID):
        if g > m:
            raise LaunchError(f"grid.{ax} = {g} is over the limit {m}")
    return grid, block


@dataclass
class PackedArgs:
    """Arguments ready for the worker.

    ``values[i]`` is a C-contiguous ndarray for a pointer parameter, or a numpy scalar
    of the parameter's dtype. ``copy_back[i]`` says whether the array comes back after
    the launch (pointers to non-const data).
    """
    values: list
    copy_back: list[bool]


def _sig(params) -> str:
    return ", ".join(f"{p.ctype} {p.name}" for p in params)


def pack_args(name: str, params, args) -> PackedArgs:
    """Check ``args`` against the kernel's C signature and type them.

    Pointers take numpy arrays of exactly the pointee's dtype (a float64 array passed
    as ``float*`` is a classic silent bug, so it is refused, not cast). Scalars become
    numpy scalars of the parameter's type, refusing values that don't fit.
    """
    params = list(params)
    args = list(args)
    if len(args) != len(params):
        raise LaunchError(f"{name}({_sig(params)}) takes {len(params)} argument"
                          f"{'s' if len(params) != 1 else ''}, got {len(args)}")
    values, back = [], []
    for i, (p, a) in enumerate(zip(params, args)):
        what = f"argument {i + 1} of {name} ({p.ctype} {p.name})"
        dt = None if p.dtype is None else np.dtype(p.dtype)
        if p.pointer:
            if not isinstance(a, np.ndarray):
                raise LaunchError(f"{what} needs a numpy array, got {type(a).__name__}")
            if dt is not None and a.dtype != dt:
                raise LaunchError(f"{what} needs a {dt.name} array, got {a.dtype.name} "
                                  f"(convert it with .astype(np.{dt.name}))")
            if a.size == 0:
                raise LaunchError(f"{what} is an empty array")
            values.append(np.ascontiguousarray(a))
            back.append(not p.const)
        else:
            if dt is None:
                raise LaunchError(f"{what}: this parameter type cannot be passed from Python")
            if isinstance(a, np.ndarray) and a.ndim > 0:
                raise LaunchError(f"{what} is a scalar parameter, got an array of shape {a.shape}")
            values.append(_scalar(a, dt, what))
            back.append(False)
    return PackedArgs(values=values, copy_back=back)


def _scalar(a, dt: np.dtype, what: str):
    if isinstance(a, (np.ndarray, np.generic)):
        a = a.item()
    if dt.kind in "iu":
        if isinstance(a, bool) or not isinstance(a, numbers.Number):
            raise LaunchError(f"{what} needs an integer, got {a!r}")
        if isinstance(a, numbers.Integral):
            v = int(a)
        elif float(a).is_integer():
            v = int(a)
        else:
            raise LaunchError(f"{what} needs an integer, got {a!r}")
        info = np.iinfo(dt)
        if not info.min <= v <= info.max:
            raise LaunchError(f"{what} = {v} does not fit in {dt.name}")
        return dt.type(v)
    if dt.kind == "f":
        if isinstance(a, bool) or not isinstance(a, numbers.Real):
            raise LaunchError(f"{what} needs a number, got {a!r}")
        return dt.type(a)
    if dt.kind == "b":
        return np.bool_(bool(a))
    raise LaunchError(f"{what}: unsupported scalar type {dt}")
