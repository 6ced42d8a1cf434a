"""A tensor map: what the TMA (Hopper's tensor memory accelerator) needs to copy a box of a tensor.

    tmA = tl.TensorMap(A, box=(64, 64), swizzle="128B")     # A: a numpy array, 1-D to 5-D, row-major
    tl.launch(kernel, grid, block, tmA, A, C)               # kernel(const __grid_constant__ CUtensorMap tmA, ...)

    # the tensor as another shape over A's bytes (numpy's order, byte strides): here A (M x K) seen as
    # K/64 column blocks of M rows of 64, as a host's cuTensorMapEncodeTiled(dims {64, M, K/64},
    # strides {2K, 128}) describes it
    tl.TensorMap(A, box=(1, 128, 64), swizzle="128B", shape=(K // 64, M, 64), strides=(128, 2 * K, 2))

The description is the learner's (numpy order: the last axis is innermost); the properties give
it innermost first, as ``cuTensorMapEncodeTiled`` takes it. Every rule the driver checks is
checked here, on any backend, before a launch, each refused with a message naming the rule.

The map keeps a reference to ``array``. At a launch the array's device copy is the map's global
address: when the same array object is also a pointer argument of the launch, both name one
device buffer (a TMA store is then seen through the pointer, and both come back); when it is not,
the map carries its own upload (and it comes back after the launch). The 128 bytes of the kernel's
``CUtensorMap`` parameter are the emulator's own encoding on 'emu' (tilelab/emu/tma.py) and the
driver's on 'gpu' (tilelab/gpu/tensormap.py).
"""
from __future__ import annotations

import numpy as np

from .errors import LaunchError
from .messages import msg

__all__ = ["DRIVER_DTYPES", "SWIZZLES", "TensorMap", "TensorMapError", "relaid"]

SWIZZLES = {"none": 0, "32B": 32, "64B": 64, "128B": 128}
L2_PROMOTIONS = ("none", "64B", "128B", "256B")
# numpy dtype -> the driver's CUtensorMapDataType (bit patterns are copied, so a signed integer
# travels as the unsigned type of its width; bf16 data is passed as uint16)
DRIVER_DTYPES = {
    "uint8": "UINT8", "int8": "UINT8", "uint16": "UINT16", "int16": "UINT16",
    "uint32": "UINT32", "int32": "INT32", "uint64": "UINT64", "int64": "INT64",
    "float16": "FLOAT16", "float32": "FLOAT32", "float64": "FLOAT64",
}
MAX_RANK = 5
MAX_BOX = 256                 # boxDim[i] <= 256
STRIDE_ALIGN = 16             # globalStrides[i] % 16 == 0
ADDRESS_ALIGN = 16            # globalAddress % 16 == 0 (interleave none)
MAX_STRIDE = 1 << 40          # globalStrides[i] < 2**40
MAX_DIM = 1 << 32             # 0 < globalDim[i] <= 2**32


class TensorMapError(LaunchError):
    """A tensor map the driver would refuse (cuTensorMapEncodeTiled's rules), named in the learner's terms."""
    title = "tensor map"


class TensorMap:
    """The description of one TMA tensor map (tiled mode, no interleave, out-of-bounds filled with zeros).

    ``array``: the global tensor (numpy, C-contiguous, 1-D to 5-D). ``box``: the box extents in
    elements, in ``array.shape``'s order. ``swizzle``: "none" | "32B" | "64B" | "128B", how the TMA
    permutes the 16-byte chunks of each box row it writes to shared memory. ``l2_promotion`` is
    passed to the driver on a GPU (no effect on the emulator).

    ``shape`` and ``strides`` (numpy's order; strides in bytes, as numpy's ``.strides``) describe the
    tensor as the TMA sees it over ``array``'s bytes when that is not ``array``'s own shape: the
    driver's ``globalDim`` and ``globalStrides``, reversed (the innermost stride is the element size;
    a stride may be 0 on an axis of one element). Every element must lie inside ``array``.
    """

    def __init__(self, array, box, swizzle: str = "none", *, l2_promotion: str = "256B", shape=None,
                 strides=None):
        self.array = array
        self.box = box
        self.swizzle = swizzle
        self.l2_promotion = l2_promotion
        self.shape = shape
        self.strides = strides
        self.validate()
        self.box = tuple(int(b) for b in box)

    # -- the driver's view, innermost first ---------------------------------------------------------
    @property
    def rank(self) -> int:
        return len(self.shape)

    @property
    def dtype(self) -> np.dtype:
        return self.array.dtype

    @property
    def elem_bytes(self) -> int:
        return self.array.dtype.itemsize

    @property
    def driver_dtype(self) -> str:
        """The ``CU_TENSOR_MAP_DATA_TYPE_*`` suffix (``"FLOAT16"``...)."""
        return DRIVER_DTYPES[self.array.dtype.name]

    @property
    def global_dims(self) -> tuple[int, ...]:
        return tuple(int(d) for d in reversed(self.shape))

    @property
    def global_strides_bytes(self) -> tuple[int, ...]:
        """The byte strides of dimensions 1..rank-1 (dimension 0, innermost, is packed)."""
        return tuple(int(s) for s in reversed(self.strides[:-1]))

    @property
    def box_dims(self) -> tuple[int, ...]:
        return tuple(int(b) for b in reversed(self.box))

    @property
    def element_strides(self) -> tuple[int, ...]:
        return (1,) * self.rank

    @property
    def swizzle_bytes(self) -> int:
        return SWIZZLES[self.swizzle]

    @property
    def interleave(self) -> str:
        return "none"

    @property
    def oob_fill(self) -> str:
        return "zeros"

    @property
    def box_bytes(self) -> int:
        """Bytes one copy of the box moves (what a load's ``expect_tx`` must announce)."""
        return int(np.prod(self.box)) * self.elem_bytes

    @property
    def inner_box_bytes(self) -> int:
        return self.box_dims[0] * self.elem_bytes

    def __repr__(self):
        view = "" if self.shape == self.array.shape and self.strides == self.array.strides else \
            f", shape={self.shape}, strides={self.strides}"
        return (f"TensorMap({self.dtype.name}{list(self.array.shape)}, box={self.box}, "
                f"swizzle={self.swizzle!r}{view})")

    # -- the driver's rules --------------------------------------------------------------------------
    def validate(self) -> TensorMap:
        """Refuse what ``cuTensorMapEncodeTiled`` refuses, each with a message naming the rule."""
        a = self.array
        if not isinstance(a, np.ndarray):
            raise TensorMapError(msg("tma.needs_array", got=type(a).__name__))
        view = self.shape is not None or self.strides is not None
        if not view and not 1 <= a.ndim <= MAX_RANK:
            raise TensorMapError(msg("tma.rank", rank=a.ndim, shape=a.shape, max=MAX_RANK))
        if a.dtype.name not in DRIVER_DTYPES:
            raise TensorMapError(msg("tma.dtype", dt=a.dtype.name, ok=", ".join(DRIVER_DTYPES)))
        if a.size == 0:
            raise TensorMapError(msg("tma.empty", shape=a.shape))
        if not a.flags.c_contiguous:
            raise TensorMapError(msg("tma.contiguous", shape=a.shape))
        if view:
            self._validate_view()
        else:
            self.shape, self.strides = tuple(a.shape), tuple(a.strides)
        shape, strides = self.shape, self.strides
        if self.swizzle not in SWIZZLES:
            raise TensorMapError(msg("tma.swizzle", got=repr(self.swizzle), ok=", ".join(map(repr, SWIZZLES))))
        if self.l2_promotion not in L2_PROMOTIONS:
            raise TensorMapError(msg("tma.l2", got=repr(self.l2_promotion), ok=", ".join(map(repr, L2_PROMOTIONS))))
        try:
            box = tuple(self.box)
            if any(isinstance(b, bool) or int(b) != b for b in box):
                raise ValueError
            box = tuple(int(b) for b in box)
        except (TypeError, ValueError):
            raise TensorMapError(msg("tma.box_type", box=repr(self.box))) from None
        if len(box) != len(shape):
            raise TensorMapError(msg("tma.box_rank", box=box, n=len(box), shape=shape, rank=len(shape)))
        for axis, b in enumerate(box):
            if not 1 <= b <= MAX_BOX:
                raise TensorMapError(msg("tma.box_range", axis=axis, b=b, max=MAX_BOX))
        for axis, d in enumerate(shape):
            if d > MAX_DIM:
                raise TensorMapError(msg("tma.dim_range", axis=axis, d=d, max=MAX_DIM))
        for axis, s in enumerate(strides[:-1]):
            if s % STRIDE_ALIGN:
                raise TensorMapError(msg("tma.stride_align", axis=axis, s=s, align=STRIDE_ALIGN,
                                         row=shape[-1], eb=a.dtype.itemsize))
            if s >= MAX_STRIDE:
                raise TensorMapError(msg("tma.stride_range", axis=axis, s=s))
        inner = box[-1] * a.dtype.itemsize
        if inner % 16:
            raise TensorMapError(msg("tma.inner_box_16", b=box[-1], eb=a.dtype.itemsize, bytes=inner))
        span = SWIZZLES[self.swizzle]
        if span and inner > span:
            raise TensorMapError(msg("tma.inner_box_swizzle", b=box[-1], eb=a.dtype.itemsize, bytes=inner,
                                     swizzle=self.swizzle, span=span, most=span // a.dtype.itemsize))
        return self

    def _validate_view(self) -> None:
        """``shape`` / ``strides`` given: integers, one per axis, 1 to 5 axes, the innermost stride the
        element size, no stride below 0, and every element inside the array's bytes."""
        a = self.array
        shape = a.shape if self.shape is None else self.shape
        strides = a.strides if self.strides is None else self.strides
        try:
            shape, strides = tuple(shape), tuple(strides)
            if any(isinstance(x, bool) or int(x) != x for x in shape + strides):
                raise ValueError
            shape, strides = tuple(int(x) for x in shape), tuple(int(x) for x in strides)
        except (TypeError, ValueError):
            raise TensorMapError(msg("tma.view_type", shape=repr(self.shape), strides=repr(self.strides))) from None
        if not 1 <= len(shape) <= MAX_RANK:
            raise TensorMapError(msg("tma.rank", rank=len(shape), shape=shape, max=MAX_RANK))
        if len(strides) != len(shape):
            raise TensorMapError(msg("tma.view_rank", shape=shape, strides=strides))
        if any(d < 1 for d in shape):
            raise TensorMapError(msg("tma.empty", shape=shape))
        eb = a.dtype.itemsize
        if strides[-1] != eb:
            raise TensorMapError(msg("tma.view_inner_stride", s=strides[-1], eb=eb, dt=a.dtype.name))
        for axis, s in enumerate(strides):
            if s < 0:
                raise TensorMapError(msg("tma.view_negative", axis=axis, s=s))
        last = sum((d - 1) * s for d, s in zip(shape, strides)) + eb
        if last > a.nbytes:
            raise TensorMapError(msg("tma.view_bounds", shape=shape, strides=strides, last=last,
                                     nbytes=a.nbytes, ashape=a.shape))
        self.shape, self.strides = shape, strides

    def check_address(self, address: int) -> None:
        """The driver's rule on the global address (16-byte aligned), for a backend that knows it."""
        if address % ADDRESS_ALIGN:
            raise TensorMapError(msg("tma.address_align", addr=hex(address), align=ADDRESS_ALIGN))


def relaid(values: dict, maps: dict | None) -> dict:
    """``values`` (a problem's inputs, by name) with every ``TensorMap`` replaced by a map of the same
    array laid out as ``maps`` says (``{"box": [...], "swizzle": "none"}``, either key optional), or
    ``values`` itself when ``maps`` is empty. A rubric's reference kernel that reads the problem's
    arrays through other boxes than the learner's (exercise 07's no-swizzle baseline) gets its own
    maps this way; its array, and so its device buffer, stays the problem's."""
    if not maps:
        return values
    unknown = sorted(set(maps) - {"box", "swizzle"})
    if unknown:
        raise ValueError(f"a reference's maps take box and swizzle; got {', '.join(unknown)}")
    out = dict(values)
    for name, v in values.items():
        if isinstance(v, TensorMap):
            out[name] = TensorMap(v.array, box=tuple(maps.get("box", v.box)), swizzle=maps.get("swizzle", v.swizzle),
                                  l2_promotion=v.l2_promotion, shape=v.shape, strides=v.strides)
    return out
