"""Address arithmetic as the hardware does it, where it differs from a 64-bit sum.

A shared-memory address is 32 bits. ``ld.shared [%r+64]`` with a 32-bit ``%r`` adds the
offset modulo 2^32: NVRTC 13 folds ``s[o + 16]`` into exactly that, with ``%r = s + 4*o``
below zero (2^32 - 64) for a negative ``o``, and the sum is 0, not 2^32. The emulator keeps
shared offsets signed (a negative one is reported as such, out of bounds), so the sum is
wrapped to a signed 32-bit value: any window of the 2^32 addresses a shared access can name
maps to the same bytes as on the GPU, and a real out-of-bounds access stays out of bounds.
"""
from __future__ import annotations

import numpy as np

_HALF = np.int64(1 << 31)
_MASK = np.int64((1 << 32) - 1)


def shared32(addr):
    """A shared-window offset (int64 array) wrapped to 32 bits, signed."""
    a = np.asarray(addr, dtype=np.int64)
    if a.size and (a.min() >= -_HALF) and (a.max() < _HALF):      # the common case: already in range
        return addr
    return ((a + _HALF) & _MASK) - _HALF


def param_as(v, dt):
    """A kernel parameter's value as ``ld.param.<t>`` reads it: its bytes, not its number.

    A ``__half`` parameter of 2.5 is 0x4100, which NVRTC loads with ``ld.param.b16``; a numeric
    cast would make it 2. Floats (and reads as floats) go by their bits, truncated or
    zero-extended to the read's width; integers to integers convert as C does (the same bits
    at the same width)."""
    a = np.asarray(v)
    dt = np.dtype(dt)
    if a.dtype == dt:
        return a
    if a.dtype.kind in "iub" and dt.kind in "iub":
        return a.astype(dt)
    raw = a.tobytes()[:dt.itemsize].ljust(dt.itemsize, b"\0")
    return np.frombuffer(raw, dtype=dt).reshape(())


def swizzled(addr, span: int):
    """A shared byte address after the hardware's swizzle of a 32-, 64- or 128-byte span (0: none),
    the one rule the TMA writes with and a ``wgmma`` descriptor reads with: the 16-byte chunk index
    (bits 4..6) XOR the 128-byte line index (bits 7..9), 1, 2 or 3 bits of each, so the pattern
    repeats every 256, 512 or 1,024 bytes (CuTe's ``Swizzle<1|2|3,4,3>`` on bytes)."""
    if not span:
        return addr
    return addr ^ (((addr >> 7) & (span // 16 - 1)) << 4)
