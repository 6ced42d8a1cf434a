"""Structs passed by value: a kernel parameter such as ``cudaPitchedPtr p`` or ``Params prm``.

    s = tl.Struct(ptr=A, n=np.int32(5), scale=np.float32(0.5))   # struct { float* ptr; int n; float scale; }
    tl.launch(kernel, grid, block, s, ...)                      # kernel(Params prm, ...)

    tl.PitchedPtr(V, xsize=40 * 4)       # cudaPitchedPtr over V (depth x height x pitch/4 floats)
    tl.launch(parallelPitched3DAccess, grid, block, V, 40, 16, 3)  # an array for a cudaPitchedPtr: the same

Fields are given in the C declaration's order (keyword arguments, or ``(name, value)`` pairs), each
a numpy array (the field is a pointer: the array's device address), a typed numpy scalar
(``np.int32(5)``, ``np.uint64(256)``, ``np.float32(0.5)``: a bare Python number has no C type, so it
is refused), or another ``Struct`` (a nested struct); ``Struct()`` with none is an empty struct (a C++
tag type such as ``use_MRT<true>``: one byte, as ``sizeof`` says). The bytes are laid out as C lays them out: each
field at the next multiple of its alignment (its size; a pointer 8; a nested struct its largest
field's), the whole rounded up to the largest alignment (``align=`` raises it, as ``__align__(16)``
does). Before a launch the layout is compared with the parameter the PTX declares
(``.param .align 8 .b8 p[32]``): a size or alignment that differs is refused, naming the parameter.

A ``Struct`` is also a ``symbols=`` value: a ``__constant__``/``__device__`` struct the host fills with
``cudaMemcpyToSymbol`` (CLAHE3D's ``inArgsEq_d``, three device pointers among its fields, unseen236). On the emulator
its arrays are buffers of their own after the module variables, the variable gets the struct's bytes with their
addresses, and the arrays come back after the launch, as ``AddressOf``'s does; the GPU backend refuses it likewise.

The arrays are the kernel's: on either backend each is a device buffer of its own, written back
after the launch (a struct cannot say its pointer is const), unless the same numpy array is also
a pointer argument of the launch; then both name that argument's one buffer. On the emulator an
out-of-bounds access through a field's pointer names the array as ``p.ptr`` (the parameter, the field).

``PitchedPtr(array, pitch=None, xsize=None, ysize=None)`` is the runtime's ``cudaPitchedPtr``
``{void *ptr; size_t pitch, xsize, ysize;}`` over an array whose last axis is one row of ``pitch``
bytes, as ``make_cudaPitchedPtr(ptr, pitch, xsize, ysize)`` fills it: ``pitch`` defaults to the
row's bytes (``shape[-1] * itemsize``), ``ysize`` to the rows of one slice (``shape[-2]``, 1 for a
1-D array) and ``xsize`` to the row's bytes. ``cudaMalloc3D(&p, make_cudaExtent(w * 4, h, d))``
gives ``xsize = w * 4``, the row's USED bytes (``pitch`` is the driver's rounding up of it): pass
``xsize=`` to say so; kernels that read ``xsize`` see what the host would have given them.
"""
from __future__ import annotations

import numbers

import numpy as np

from .errors import LaunchError
from .messages import msg

__all__ = ["Struct", "PitchedPtr", "PITCHED_PTR_TYPES"]

POINTER_BYTES = 8
#: the C names of the runtime's pitched pointer (an array passed for such a parameter is packed)
PITCHED_PTR_TYPES = ("cudaPitchedPtr",)


class Struct:
    """A C struct's value for a kernel parameter passed by value (see the module's docstring)."""

    ctype = "struct"

    def __init__(self, fields=None, /, *, align: int | None = None, **named):
        pairs = []
        if fields is not None:
            if isinstance(fields, dict):
                pairs += list(fields.items())
            else:
                try:
                    pairs += [(str(n), v) for n, v in fields]
                except (TypeError, ValueError):
                    raise LaunchError(msg("struct.fields_type", got=type(fields).__name__)) from None
        pairs += list(named.items())
        # no fields: an empty struct, as C++ tag types are (GPU-LBMsim's `use_LES<true>` passed by value to pick
        # an overload): one byte, as sizeof gives it and NVVM declares it (.param .align 1 .b8 p[1])
        names = [n for n, _ in pairs]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise LaunchError(msg("struct.duplicate", names=", ".join(dup)))
        self.fields = pairs
        self.align_request = align
        self._layout()

    # -- the C layout ----------------------------------------------------------------------------------
    def _layout(self):
        off, most, lay = 0, 1, []
        for name, v in self.fields:
            size, al, kind = _field_shape(name, v)
            off = (off + al - 1) // al * al
            lay.append((name, off, size, kind))
            off += size
            most = max(most, al)
        if self.align_request is not None:
            a = self.align_request
            if isinstance(a, bool) or not isinstance(a, numbers.Integral) or a < 1 or a & (a - 1):
                raise LaunchError(msg("struct.align", align=repr(a)))
            most = max(most, int(a))
        self.layout = lay                      # (field, byte offset, bytes, "ptr" | "scalar" | "struct")
        self.alignment = most
        self.nbytes = max(1, (off + most - 1) // most * most)     # C++: an empty struct's size is 1

    def describe(self) -> str:
        """``{float* ptr @0; int n @8; float scale @12} (16 bytes, aligned to 8)``"""
        parts = []
        for (name, v), (_, off, _size, kind) in zip(self.fields, self.layout):
            t = {"ptr": lambda: f"{v.dtype.name}*", "struct": lambda: "struct"}.get(
                kind, lambda: np.asarray(v).dtype.name)()
            parts.append(f"{t} {name} @{off}")
        return msg("struct.describe", fields="; ".join(parts), nbytes=self.nbytes, align=self.alignment)

    def __repr__(self):
        return f"{type(self).__name__}({self.describe()})"

    # -- the arrays and the bytes ----------------------------------------------------------------------
    def arrays(self, prefix: str = "") -> list:
        """``[(field path, byte offset in the struct, array)]`` for every pointer field, nested ones too."""
        out = []
        for (name, v), (_, off, _size, kind) in zip(self.fields, self.layout):
            if kind == "ptr":
                out.append((prefix + name, off, v))
            elif kind == "struct":
                out += [(p, off + o, a) for p, o, a in v.arrays(prefix + name + ".")]
        return out

    def pack(self, address_of) -> bytes:
        """The struct's bytes; ``address_of(array)`` is each pointer field's device address."""
        buf = bytearray(self.nbytes)
        for (name, v), (_, off, size, kind) in zip(self.fields, self.layout):
            if kind == "ptr":
                raw = np.uint64(int(address_of(v))).tobytes()
            elif kind == "struct":
                raw = v.pack(address_of)
            else:
                raw = np.asarray(v).tobytes()
            buf[off:off + size] = raw
        return bytes(buf)

    def validate(self) -> "Struct":
        for path, _off, a in self.arrays():
            if a.size == 0:
                raise LaunchError(msg("struct.empty", field=path))
            if not a.flags.c_contiguous:
                raise LaunchError(msg("struct.contiguous", field=path, shape=a.shape))
        return self


def _field_shape(name, v):
    """(bytes, alignment, kind) of one field's value."""
    if isinstance(v, Struct):
        return v.nbytes, v.alignment, "struct"
    if isinstance(v, np.ndarray) and v.ndim > 0:
        return POINTER_BYTES, POINTER_BYTES, "ptr"
    if isinstance(v, np.generic) or (isinstance(v, np.ndarray) and v.ndim == 0):
        dt = np.asarray(v).dtype
        if dt.kind not in "biuf":
            raise LaunchError(msg("struct.field_type", field=name, got=dt.name))
        return dt.itemsize, dt.itemsize, "scalar"
    if isinstance(v, (bool, numbers.Number)):
        raise LaunchError(msg("struct.untyped", field=name, v=repr(v)))
    raise LaunchError(msg("struct.field_type", field=name, got=type(v).__name__))


class PitchedPtr(Struct):
    """The runtime's ``cudaPitchedPtr`` ``{void *ptr; size_t pitch, xsize, ysize;}`` over ``array``."""

    ctype = "cudaPitchedPtr"

    def __init__(self, array, pitch: int | None = None, xsize: int | None = None, ysize: int | None = None):
        if not isinstance(array, np.ndarray) or array.ndim == 0:
            raise LaunchError(msg("struct.pitched_array", got=type(array).__name__))
        row = int(array.shape[-1]) * array.dtype.itemsize if array.ndim >= 2 else array.nbytes
        pitch = row if pitch is None else _size("pitch", pitch)
        xsize = pitch if xsize is None else _size("xsize", xsize)
        ysize = (int(array.shape[-2]) if array.ndim >= 2 else 1) if ysize is None else _size("ysize", ysize)
        if xsize > pitch:
            raise LaunchError(msg("struct.pitched_xsize", xsize=xsize, pitch=pitch))
        if pitch > array.nbytes:
            raise LaunchError(msg("struct.pitched_pitch", pitch=pitch, nbytes=array.nbytes, shape=array.shape))
        self.array = array
        super().__init__([("ptr", array), ("pitch", np.uint64(pitch)), ("xsize", np.uint64(xsize)),
                          ("ysize", np.uint64(ysize))])

    def __repr__(self):
        _, pitch, xsize, ysize = (int(v) if not isinstance(v, np.ndarray) else None for _, v in self.fields)
        return (f"PitchedPtr({self.array.dtype.name}{list(self.array.shape)}, pitch={pitch}, xsize={xsize}, "
                f"ysize={ysize})")


def _size(what, v) -> int:
    if isinstance(v, bool) or not isinstance(v, numbers.Integral) or int(v) < 0:
        raise LaunchError(msg("struct.pitched_size", what=what, v=repr(v)))
    return int(v)


class AddressOf:
    """A ``symbols=`` value: the device address of an array of its own, as the host stores a buffer's pointer in
    a ``__constant__``/``__device__`` pointer variable (``cudaMemcpyToSymbol(_xPtr, &devX, sizeof(unsigned int *))``,
    BitCrack's public keys, unseen139). The array is uploaded beside the launch's arguments and comes back
    after it, like a non-const pointer argument's. The emulator sets it up; the GPU backend refuses it with what to
    do instead (pass the buffer as an argument), and bench/collection_gpu.py uploads such buffers itself."""

    def __init__(self, array):
        if not isinstance(array, np.ndarray) or array.size == 0:
            raise LaunchError(msg("args.needs_array", what="tl.AddressOf", got=type(array).__name__))
        self.array = array

    def __repr__(self):
        return f"AddressOf({self.array.dtype}[{self.array.size}])"
