"""PTX's SIMD video instructions on packed bytes (emu/video.py), against references written from the
PTX ISA's definition in plain Python: vabsdiff4 with .add (the four-pixel SAD step of
vp9_cuda_encoder's me_cuda_split, collection/vp8me_me_cuda2.cu), and vadd4 / vsub4 / vabsdiff4 /
vmin4 / vmax4 in the merge form, .u32 and .s32, with and without .sat; a byte selector is refused."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.errors import UnsupportedInstruction

SRC = r"""
__global__ void video(const unsigned* a, const unsigned* b, const unsigned* c, unsigned* out)
{
    int t = threadIdx.x;
    unsigned x = a[t], y = b[t], z = c[t], r;
    asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); out[8 * t + 0] = r;
    asm("vabsdiff4.s32.s32.s32.add %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); out[8 * t + 1] = r;
    asm("vadd4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));    out[8 * t + 2] = r;
    asm("vadd4.s32.s32.s32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));    out[8 * t + 3] = r;
    asm("vsub4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));        out[8 * t + 4] = r;
    asm("vmin4.s32.s32.s32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));        out[8 * t + 5] = r;
    asm("vmax4.u32.u32.u32 %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z));        out[8 * t + 6] = r;
    asm("vabsdiff4.u32.u32.u32.sat %0, %1, %2, %3;" : "=r"(r) : "r"(x), "r"(y), "r"(z)); out[8 * t + 7] = r;
}
"""


def _b(x, signed):
    v = [(x >> (8 * i)) & 0xFF for i in range(4)]
    return [e - 256 if signed and e >= 128 else e for e in v]


def _merge(r, sat, signed):
    out = 0
    for i, e in enumerate(r):
        if sat:
            e = min(max(e, -128), 127) if signed else min(max(e, 0), 255)
        out |= (e & 0xFF) << (8 * i)
    return out


def test_video_bytes(emu, rng):
    k = emu.compile(SRC, "video", filename="video.cu")
    n = 64
    a, b, c = (rng.integers(0, 1 << 32, n, dtype=np.uint64).astype(np.uint32) for _ in range(3))
    a[:3], b[:3] = [0, 0xFFFFFFFF, 0x80FF7F01], [0xFFFFFFFF, 0, 0x7F0180FF]
    out = np.zeros(8 * n, np.uint32)
    r = emu.run(k, 1, n, a, b, c, out)
    assert r.findings == []
    for t in range(n):
        x, y, z = int(a[t]), int(b[t]), int(c[t])
        ua, ub, sa, sb = _b(x, False), _b(y, False), _b(x, True), _b(y, True)
        want = [(z + sum(abs(p - q) for p, q in zip(ua, ub))) & 0xFFFFFFFF,
                (z + sum(abs(p - q) for p, q in zip(sa, sb))) & 0xFFFFFFFF,
                _merge([p + q for p, q in zip(ua, ub)], True, False),
                _merge([p + q for p, q in zip(sa, sb)], True, True),
                _merge([p - q for p, q in zip(ua, ub)], False, False),
                _merge([min(p, q) for p, q in zip(sa, sb)], False, True),
                _merge([max(p, q) for p, q in zip(ua, ub)], False, False),
                _merge([abs(p - q) for p, q in zip(ua, ub)], True, False)]
        assert [int(v) for v in out[8 * t:8 * t + 8]] == want, t


def test_video_byte_selector_is_refused(emu):
    src = r"""
__global__ void sel(const unsigned* a, unsigned* out)
{
    unsigned r;
    asm("vabsdiff4.u32.u32.u32.add %0, %1.b3210, %2, %3;" : "=r"(r) : "r"(a[0]), "r"(a[1]), "r"(a[2]));
    out[0] = r;
}
"""
    k = emu.compile(src, "sel", filename="sel.cu")
    with pytest.raises(UnsupportedInstruction, match="video"):
        emu.run(k, 1, 1, np.arange(3, dtype=np.uint32), np.zeros(1, np.uint32))
