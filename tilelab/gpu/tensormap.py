"""Tensor maps on the GPU: the driver's ``cuTensorMapEncodeTiled`` (through NVIDIA's ``cuda-bindings``)
on the device pointer of an uploaded array, and launches that pass the 128 bytes by value.

A kernel takes a map as ``const __grid_constant__ CUtensorMap map`` (PTX ``.param .align 64 .b8
map[128]``). CuPy's kernel call has no argument type for a 128-byte struct, so a launch whose
arguments include one goes through ``cuLaunchKernel`` with an explicit parameter array: one host
buffer per parameter, the map's 128 bytes copied into a 64-byte-aligned one (the driver copies them
into the parameter space at the launch).

Runs only in the GPU worker (or a bench script): CuPy and cuda-bindings are imported inside the
functions (pyproject's import contracts).
"""
from __future__ import annotations

import ctypes
from dataclasses import dataclass, field

import numpy as np

from ..structs import Struct
from ..tma import TensorMap

__all__ = ["MapBytes", "StructBytes", "encode_tiled", "encode", "encode_uploaded", "encode_structs", "by_value",
           "launch_with_maps", "has_maps",
           "cuda_bindings_version"]

_DTYPES = {  # numpy dtype -> CUtensorMapDataType member name
    "float16": "FLOAT16", "bfloat16": "BFLOAT16", "float32": "FLOAT32", "float64": "FLOAT64",
    "uint8": "UINT8", "uint16": "UINT16", "uint32": "UINT32", "int32": "INT32", "uint64": "UINT64",
    "int64": "INT64",
}
_SWIZZLE = {0: "NONE", 32: "32B", 64: "64B", 128: "128B"}
_L2 = {0: "NONE", 64: "L2_64B", 128: "L2_128B", 256: "L2_256B"}


@dataclass(frozen=True)
class MapBytes:
    """An encoded tensor map: the 128 bytes a ``CUtensorMap`` parameter receives. ``upload``: the device
    array it points into when the map carries its own upload (its array was not also a pointer argument
    of the launch), which then comes back after the launch in the map's place. ``source``: the position of the pointer
    argument whose device buffer the map was encoded on (None with its own upload): a timing pool that gives
    that argument other buffers encodes the map again on each (tilelab.gpu.timing.OutputPool)."""
    data: bytes
    upload: object = field(default=None, compare=False, repr=False)
    source: int | None = field(default=None, compare=False)   # the pointer argument whose buffer it maps

    def __post_init__(self):
        if len(self.data) != 128:
            raise ValueError(f"a CUtensorMap is 128 bytes, got {len(self.data)}")


def cuda_bindings_version() -> str | None:
    try:
        import cuda.bindings as cb
        return getattr(cb, "__version__", "unknown")
    except ImportError:
        return None


def _driver():
    try:
        from cuda.bindings import driver
    except ImportError as e:   # the GPU extras install it (pyproject: [project.optional-dependencies] gpu)
        raise RuntimeError("tensor maps on a GPU need NVIDIA's cuda-bindings: pip install 'tilelab[gpu]' "
                           f"(or pip install cuda-bindings) ({e})") from None
    return driver


def _check(err, what: str):
    driver = _driver()
    if err != driver.CUresult.CUDA_SUCCESS:
        _, name = driver.cuGetErrorName(err)
        _, text = driver.cuGetErrorString(err)
        def s(x):
            return x.decode() if isinstance(x, bytes) else str(x)
        raise RuntimeError(f"{what}: {s(name)} ({s(text)})")


def encode_tiled(ptr: int, dtype, global_dims, global_strides_bytes, box_dims, element_strides=None,
                 swizzle_bytes: int = 0, l2_promotion: int = 256, oob_fill_nan: bool = False) -> MapBytes:
    """``cuTensorMapEncodeTiled`` on device address ``ptr``. Every extent is innermost first, as the
    driver wants it; ``global_strides_bytes`` has rank - 1 entries (the innermost stride is the
    element size). Errors name the driver's own code and text."""
    driver = _driver()
    (err,) = driver.cuInit(0)
    _check(err, "cuInit")
    dt = np.dtype(dtype) if not str(dtype) == "bfloat16" else "bfloat16"
    name = _DTYPES.get(str(dt))
    if name is None:
        raise ValueError(f"no tensor-map data type for {dt}")
    rank = len(global_dims)
    element_strides = list(element_strides) if element_strides is not None else [1] * rank
    if not (len(box_dims) == len(element_strides) == rank and len(global_strides_bytes) == rank - 1):
        raise ValueError("global_dims, box_dims and element_strides need one entry per dimension, "
                         "global_strides_bytes one fewer")
    err, tmap = driver.cuTensorMapEncodeTiled(
        getattr(driver.CUtensorMapDataType, f"CU_TENSOR_MAP_DATA_TYPE_{name}"), rank, int(ptr),
        [driver.cuuint64_t(int(x)) for x in global_dims],
        [driver.cuuint64_t(int(x)) for x in global_strides_bytes],
        [driver.cuuint32_t(int(x)) for x in box_dims],
        [driver.cuuint32_t(int(x)) for x in element_strides],
        driver.CUtensorMapInterleave.CU_TENSOR_MAP_INTERLEAVE_NONE,
        getattr(driver.CUtensorMapSwizzle, f"CU_TENSOR_MAP_SWIZZLE_{_SWIZZLE[int(swizzle_bytes)]}"),
        getattr(driver.CUtensorMapL2promotion, f"CU_TENSOR_MAP_L2_PROMOTION_{_L2[int(l2_promotion)]}"),
        getattr(driver.CUtensorMapFloatOOBfill,
                "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA" if oob_fill_nan
                else "CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE"))
    _check(err, f"cuTensorMapEncodeTiled(dims={list(global_dims)}, box={list(box_dims)}, "
                f"swizzle={swizzle_bytes})")
    return MapBytes(_map_bytes(tmap))


def _map_bytes(tmap) -> bytes:
    """The 128 bytes of a ``cuda.bindings.driver.CUtensorMap``."""
    ptr = getattr(tmap, "getPtr", None)
    if ptr is not None:
        return ctypes.string_at(int(ptr()), 128)
    words = [int(x) for x in tmap.opaque]
    return np.asarray(words, dtype=np.uint64).tobytes()


def _attr(tm, *names, default=None):
    for n in names:
        if hasattr(tm, n):
            v = getattr(tm, n)
            return v() if callable(v) else v
    return default


def encode(tm, ptr: int) -> MapBytes:
    """Encode a ``tilelab.TensorMap`` (its driver-order properties) on device address ``ptr``: the
    address of the uploaded copy of the array it describes."""
    dtype = _attr(tm, "dtype")
    return encode_tiled(ptr, dtype, _attr(tm, "global_dims"), _attr(tm, "global_strides_bytes"),
                        _attr(tm, "box_dims"), _attr(tm, "element_strides"),
                        swizzle_bytes=int(_attr(tm, "swizzle_bytes", default=0) or 0),
                        l2_promotion=_l2_bytes(_attr(tm, "l2_promotion", default=256)),
                        oob_fill_nan=str(_attr(tm, "oob_fill", default="zeros")).lower() == "nan")


def encode_uploaded(values: list, uploaded: list, xp) -> list:
    """The device arguments with every ``tilelab.TensorMap`` among ``values`` replaced by its encoding
    (``MapBytes``) on the device copy of its array: the copy already made for the pointer argument that is
    the very same array object (tilelab/tma.py: both then name one buffer), or an upload of its own."""
    out = list(uploaded)
    for i, v in enumerate(values):
        if isinstance(v, TensorMap):
            j = next((j for j, w in enumerate(values) if w is v.array and j != i), None)
            own = j is None
            dev = xp.asarray(np.ascontiguousarray(v.array)) if own else uploaded[j]
            m = encode(v, int(dev.data.ptr))
            out[i] = MapBytes(m.data, dev if own else None, None if own else j)
    return out


def has_maps(args) -> bool:
    return any(isinstance(a, (MapBytes, StructBytes)) for a in args)


@dataclass(frozen=True)
class StructBytes:
    """A struct passed by value (``cudaPitchedPtr p``; tilelab/structs.py): its bytes with each pointer
    field the device address of its array, and the parameter's alignment. ``uploads``: per pointer field
    (``Struct.arrays()``'s order), the device array it points into when the field has an upload of its own
    (its array was not also a pointer argument of the launch), else None; those come back after the launch."""
    data: bytes
    align: int = 8
    uploads: tuple = field(default=(), compare=False, repr=False)
    sources: tuple = ()       # the pointer arguments whose device buffers its fields point into


def encode_structs(values: list, uploaded: list, xp) -> list:
    """The device arguments with every ``tilelab.Struct`` among ``values`` replaced by its bytes
    (``StructBytes``) on the device copies of its arrays: the copy already made for the pointer argument
    that is the very same array object (both then name one buffer), or an upload of its own."""
    out = list(uploaded)
    for i, v in enumerate(values):
        if not isinstance(v, Struct):
            continue
        dev, ups, srcs = {}, [], []
        for _path, _off, arr in v.arrays():
            if id(arr) in dev:                       # the same array in two fields: one buffer
                ups.append(None)
                continue
            j = next((j for j, w in enumerate(values) if w is arr), None)
            d = uploaded[j] if j is not None else xp.asarray(arr)
            dev[id(arr)] = d
            ups.append(None if j is not None else d)
            if j is not None:
                srcs.append(j)
        data = v.pack(lambda arr: int(dev[id(arr)].data.ptr))
        out[i] = StructBytes(data, int(v.alignment), tuple(ups), tuple(srcs))
    return out


def by_value(values: list, uploaded: list, xp) -> list:
    """Tensor maps and structs among ``values``, encoded for a launch through ``launch_with_maps``."""
    out = uploaded
    if any(isinstance(v, TensorMap) for v in values):
        out = encode_uploaded(values, out, xp)
    if any(isinstance(v, Struct) for v in values):
        out = encode_structs(values, out, xp)
    return out


def _l2_bytes(v) -> int:
    if isinstance(v, (int, np.integer)):
        return int(v)
    s = str(v).lower().replace("l2_", "").replace("b", "")
    return 0 if s in ("none", "") else int(s)


def _param_buffer(v):
    """A host buffer holding one kernel parameter's bytes (kept alive by the caller)."""
    if isinstance(v, (MapBytes, StructBytes)):
        n, align = len(v.data), (64 if isinstance(v, MapBytes) else max(8, int(v.align)))
        raw = (ctypes.c_ubyte * (n + align))()
        addr = (ctypes.addressof(raw) + align - 1) & ~(align - 1)       # the parameter's own alignment
        ctypes.memmove(addr, v.data, n)
        return raw, addr
    data = getattr(v, "data", None)
    if hasattr(v, "__cuda_array_interface__"):            # a cupy array: its device pointer
        buf = ctypes.c_uint64(int(v.__cuda_array_interface__["data"][0]))
        return buf, ctypes.addressof(buf)
    if isinstance(v, np.generic):
        b = v.tobytes()
        raw = (ctypes.c_ubyte * max(len(b), 8))()
        ctypes.memmove(raw, b, len(b))
        return raw, ctypes.addressof(raw)
    if isinstance(v, int) and data is None:
        buf = ctypes.c_uint64(v)
        return buf, ctypes.addressof(buf)
    raise TypeError(f"cannot pass {type(v).__name__} as a kernel parameter")


def launch_with_maps(fn, grid, block, args, shared: int = 0, stream=None):
    """Launch CuPy ``RawKernel`` ``fn`` with ``args`` (cupy arrays, numpy scalars, ``MapBytes``, ``StructBytes``) through
    ``cuLaunchKernel`` and an explicit parameter array."""
    import cupy
    g = tuple(grid) + (1,) * (3 - len(tuple(grid)))
    b = tuple(block) + (1,) * (3 - len(tuple(block)))
    keep, ptrs = [], []
    for a in args:
        buf, addr = _param_buffer(a)
        keep.append(buf)
        ptrs.append(addr)
    params = (ctypes.c_void_p * len(ptrs))(*ptrs)
    s = stream if stream is not None else cupy.cuda.get_current_stream()
    func = fn.kernel if hasattr(fn, "kernel") else fn
    launch = getattr(cupy.cuda.driver, "launchKernel", None)
    if launch is not None:
        launch(int(func.ptr), g[0], g[1], g[2], b[0], b[1], b[2], int(shared), int(s.ptr), ctypes.addressof(params), 0)
    else:                                                  # a CuPy without it: the same call through cuda-bindings
        driver = _driver()
        (err,) = driver.cuLaunchKernel(driver.CUfunction(int(func.ptr)), g[0], g[1], g[2], b[0], b[1], b[2],
                                       int(shared), driver.CUstream(int(s.ptr)), ctypes.addressof(params), 0)
        _check(err, "cuLaunchKernel")
    del keep
