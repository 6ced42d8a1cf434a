"""PTX's SIMD video instructions on four packed bytes: vadd4, vsub4, vabsdiff4, vmin4, vmax4.

Motion-estimation kernels write them in inline asm (``vabsdiff4.u32.u32.u32.add d, a, b, c`` is a
four-pixel SAD step). Each follows the PTX ISA's "SIMD video instructions" definition: the bytes of
a and b are extended by their types (.u32: zero, .s32: sign), combined byte by byte, then either

- ``.add``: d = c + the sum of the four byte results (32-bit wrap-around), or
- merge (no ``.add``): byte i of d is byte i of the result (clamped to the byte range of d's type
  with ``.sat``), c's bytes elsewhere; with the default mask every byte is the result's.

Only the default byte selectors and mask are modelled (b3210 on a, b and d); an operand with a
selector stops the launch as unsupported. vavrg4 and the two-halfword forms are not here.
"""
from __future__ import annotations

import numpy as np

from ..messages import msg
from . import isa
from .operands import read, unsupported, write

_OPS = {
    "vadd4": lambda a, b: a + b,
    "vsub4": lambda a, b: a - b,
    "vabsdiff4": lambda a, b: np.abs(a - b),
    "vmin4": np.minimum,
    "vmax4": np.maximum,
}


def _bytes(x, signed):
    """The four bytes of x as int64 lanes, byte i in column i."""
    x = np.asarray(x).astype(np.uint32)
    out = np.stack([((x >> np.uint32(8 * i)) & np.uint32(0xFF)).astype(np.int64) for i in range(4)], axis=-1)
    return np.where(out >= 128, out - 256, out) if signed else out


def h_video4(m, ins, idx, pc):
    types = [t for t in ins.mods if t in ("u32", "s32")]
    if len(types) != 3 or any("." in str(a) for a in ins.args[:4]) or len(ins.args) != 4:
        unsupported(m, ins, msg("unsupported.video_form"))
    dsigned, asigned, bsigned = (t == "s32" for t in types)
    n = len(m.lanes(idx))

    def lanes(k):                           # an immediate reads as one value: one per lane
        return np.broadcast_to(np.asarray(read(m, ins.args[k], "b32", idx)).astype(np.uint32), (n,))
    a, b, c = _bytes(lanes(1), asigned), _bytes(lanes(2), bsigned), lanes(3)
    r = _OPS[ins.op](a, b)
    if "add" in ins.mods:
        d = (c.astype(np.int64) + r.sum(axis=-1)) & 0xFFFFFFFF
    else:
        if "sat" in ins.mods:
            r = np.clip(r, -128, 127) if dsigned else np.clip(r, 0, 255)
        d = np.zeros(n, dtype=np.int64)
        for i in range(4):
            d |= (r[:, i] & 0xFF) << (8 * i)
    write(m, ins.args[0], d.astype(np.uint32), idx)


isa.HANDLERS.update({op: h_video4 for op in _OPS})
