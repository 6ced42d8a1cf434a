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
from .messages import msg
from .structs import PITCHED_PTR_TYPES, PitchedPtr, Struct
from .tma import TensorMap

__all__ = ["norm_dim3", "check_geometry", "PackedArgs", "pack_args", "is_tensor_map", "is_struct_param", "is_vector_param",
           "holds_address", "MAX_THREADS_PER_BLOCK"]

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
        raise LaunchError(msg("args.dim3_type", what=what, v=repr(v))) from None
    if not 1 <= len(t) <= 3:
        raise LaunchError(msg("args.dim3_len", what=what, v=repr(v)))
    t = t + (1,) * (3 - len(t))
    if any(x < 1 for x in t):
        raise LaunchError(msg("args.dim3_below_1", what=what, t=t))
    return t


def check_geometry(grid, block):
    grid, block = norm_dim3(grid, "grid"), norm_dim3(block, "block")
    n = block[0] * block[1] * block[2]
    if n > MAX_THREADS_PER_BLOCK:
        raise LaunchError(msg("args.block_threads", block=block, n=n, limit=MAX_THREADS_PER_BLOCK))
    for ax, b, m in zip("xyz", block, MAX_BLOCK):
        if b > m:
            raise LaunchError(msg("args.block_axis", ax=ax, b=b, m=m))
    for ax, g, m in zip("xyz", grid, MAX_GRID):
        if g > m:
            raise LaunchError(msg("args.grid_axis", ax=ax, g=g, m=m))
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
        raise LaunchError(msg("args.count_one" if len(params) == 1 else "args.count", name=name, sig=_sig(params),
                              n=len(params), got=len(args)))
    values, back = [], []
    for i, (p, a) in enumerate(zip(params, args)):
        what = msg("args.argument", i=i + 1, name=name, ctype=p.ctype, param=p.name)
        dt = None if p.dtype is None else np.dtype(p.dtype)
        if is_tensor_map(p):              # const __grid_constant__ CUtensorMap: a tl.TensorMap (tilelab/tma.py)
            if not isinstance(a, TensorMap):
                raise LaunchError(msg("tma.not_a_map", what=what, got=type(a).__name__))
            values.append(a.validate())
            back.append(False)
            continue
        if isinstance(a, TensorMap):
            raise LaunchError(msg("tma.map_for_pointer", what=what))
        if is_vector_param(p):            # float4 v, double3 d by value: a struct of its lanes (x, y, z, w)
            values.append(_vector(p, a, what))
            back.append(False)
            continue
        if is_struct_param(p):            # a struct by value (cudaPitchedPtr, a learner's struct): tilelab/structs.py
            values.append(_struct(p, a, what))
            back.append(True)             # its arrays come back (a field cannot say its pointer is const)
            continue
        if isinstance(a, Struct):
            raise LaunchError(msg("args.struct_for_scalar", what=what))
        if p.pointer:
            if not isinstance(a, np.ndarray):
                raise LaunchError(msg("args.needs_array", what=what, got=type(a).__name__))
            if dt is not None and a.dtype != dt:
                raise LaunchError(msg("args.needs_dtype", what=what, dt=dt.name, got=a.dtype.name))
            if a.size == 0:
                raise LaunchError(msg("args.empty", what=what))
            values.append(np.ascontiguousarray(a))
            back.append(not p.const)
        else:
            if dt is None:
                raise LaunchError(msg("args.cannot_pass", what=what))
            if isinstance(a, np.ndarray) and a.ndim > 0:
                if holds_address(p):      # the array's device address, as nvcc's host code passes data_ptr()
                    if a.size == 0:
                        raise LaunchError(msg("args.empty", what=what))
                    values.append(Struct([("address", a)]))     # one pointer's bytes: both backends place it
                    back.append(True)             # (a const integer still addresses writable memory)
                    continue
                raise LaunchError(msg("args.scalar_got_array", what=what, shape=a.shape))
            values.append(_scalar(a, dt, what))
            back.append(False)
    return PackedArgs(values=values, copy_back=back)


def holds_address(p) -> bool:
    """An integer parameter of a type for holding an address (``std::uintptr_t p``, ``intptr_t``): an array given for
    it is passed as its device address, as BMTrain's launchers pass ``tensor.data_ptr()`` to its bf16 kernels, which
    ``reinterpret_cast`` it back (unseen240); a number is passed as the number."""
    return not p.pointer and p.ctype.split()[-1:] in (["uintptr_t"], ["intptr_t"])


def is_tensor_map(p) -> bool:
    """A parameter declared ``CUtensorMap`` by value (``const __grid_constant__ CUtensorMap tm``)."""
    return not p.pointer and p.ctype.split()[-1:] == ["CUtensorMap"]


def is_struct_param(p) -> bool:
    """A parameter passed by value that is neither a scalar numpy can hold nor a tensor map: a struct
    (``cudaPitchedPtr p``, ``Params prm``), which the PTX declares as a byte array (``.b8 p[32]``);
    a vector type (``float4 v``) is not one, nor an enum (``.u32``)."""
    return not p.pointer and p.dtype is None and not is_tensor_map(p) and \
        p.ctype.split()[-1:] != ["__nv_bfloat16"] and getattr(p, "ptx_aggregate", None) is not False


def is_vector_param(p) -> bool:
    """A CUDA vector type passed by value (``float4 v``, ``double3 d``): NVVM declares it as the byte array
    of a struct (``.param .align 8 .b8 d[24]``), its lanes ``x, y, z, w`` at their offsets."""
    return not p.pointer and getattr(p, "lanes", 1) > 1 and p.dtype is not None \
        and getattr(p, "ptx_aggregate", None) is not False


def _vector(p, a, what: str) -> Struct:
    """A ``tl.Struct`` of the vector's lanes for a vector parameter: ``a`` is one (its layout checked as a
    struct's), or ``lanes`` values (an array or a sequence), each of the lane's dtype. A lone scalar is
    refused: it is not ``make_float4(s, s, s, s)`` on a GPU, where its own bytes are only the first lane's."""
    dt = np.dtype(p.dtype)
    width = dt.itemsize * p.lanes
    align = getattr(p, "ptx_align", None) or (min(width, 16) if p.lanes in (2, 4) else dt.itemsize)
    if isinstance(a, Struct):
        # the vector's lanes as a struct (the collection's `struct = [{ name = "x", ...}, ...]` spec): laid out
        # at the vector type's alignment, which CUDA raises above its lanes' (int2 is __align__(8), float4
        # __align__(16)); the lanes' offsets are the same. Any other struct is checked as it is
        if a.align_request is None and len(a.fields) == p.lanes and all(
                kind == "scalar" and np.asarray(v).dtype == dt for (_, v), (_, _, _, kind) in zip(a.fields, a.layout)):
            a = Struct(a.fields, align=align)
        return _struct(p, a, what)
    vals = np.asarray(a) if isinstance(a, (np.ndarray, list, tuple)) else None
    if vals is None or vals.ndim != 1 or vals.size != p.lanes or vals.dtype.kind not in "biuf":
        got = f"shape {vals.shape}" if vals is not None else type(a).__name__
        raise LaunchError(msg("args.vector_lanes", what=what, lanes=p.lanes, dt=dt.name, got=got))
    lanes = [(c, _scalar(v, dt, what)) for c, v in zip("xyzw", vals.tolist())]
    return _struct(p, Struct(lanes, align=align), what)


def _struct(p, a, what: str) -> Struct:
    """A ``tl.Struct`` for a struct parameter (an array for a ``cudaPitchedPtr``: ``tl.PitchedPtr(array)``),
    its size and alignment checked against the PTX's declaration of the parameter."""
    if isinstance(a, np.ndarray) and a.ndim > 0 and p.ctype.split()[-1] in PITCHED_PTR_TYPES:
        a = PitchedPtr(a)
    if not isinstance(a, Struct):
        raise LaunchError(msg("args.struct_not_struct", what=what, got=type(a).__name__))
    a.validate()
    size, align = getattr(p, "ptx_bytes", None), getattr(p, "ptx_align", None)
    if size is not None and (a.nbytes != size or (align is not None and a.alignment != align)):
        raise LaunchError(msg("args.struct_layout", what=what, ptx_bytes=size, ptx_align=align or "?",
                              param=p.name, nbytes=a.nbytes, align=a.alignment, layout=a.describe()))
    return a


def _scalar(a, dt: np.dtype, what: str):
    if isinstance(a, (np.ndarray, np.generic)):
        a = a.item()
    if dt.kind in "iu":
        if isinstance(a, bool) or not isinstance(a, numbers.Number):
            raise LaunchError(msg("args.needs_integer", what=what, got=repr(a)))
        if isinstance(a, numbers.Integral):
            v = int(a)
        elif float(a).is_integer():
            v = int(a)
        else:
            raise LaunchError(msg("args.needs_integer", what=what, got=repr(a)))
        info = np.iinfo(dt)
        if not info.min <= v <= info.max:
            raise LaunchError(msg("args.does_not_fit", what=what, v=v, dt=dt.name))
        return dt.type(v)
    if dt.kind == "f":
        if isinstance(a, bool) or not isinstance(a, numbers.Real):
            raise LaunchError(msg("args.needs_number", what=what, got=repr(a)))
        return dt.type(a)
    if dt.kind == "b":
        return np.bool_(bool(a))
    raise LaunchError(msg("args.unsupported_scalar", what=what, dt=dt))
