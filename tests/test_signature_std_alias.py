"""A typedef or ``using`` alias to a ``std::`` type is that type (tilelab/toolchain/signature.py, ``_parse_param``).

Why: CUDASW++4.0's config.hpp declares ``using SequenceLengthT = std::int32_t;`` and its kernels take
``const SequenceLengthT queryLength`` and ``const SequenceLengthT* devLengths``. The reader dropped the ``std::``
of a type the parameter spells, but not of the one an alias resolves to: ``std::int32_t`` was no scalar it knew,
so the scalar was refused ("takes a struct by value; got int") and the pointer's dtype went unchecked (the
unseen179 suite's float and DPX int32 launches)."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.signature import _parse_param

SRC = """#include <cstdint>
using LenT = std::int32_t;
typedef std::uint64_t OffT;
__global__ void k(const LenT* lens, const OffT off, const LenT n, LenT* out) {
    if (threadIdx.x < n) out[threadIdx.x] = lens[threadIdx.x] + (LenT)off;
}
"""


def test_the_alias_resolves_to_a_scalar():
    al = {"LenT": "std::int32_t", "OffT": "std::uint64_t"}
    assert _parse_param("const LenT n", 0, al).dtype == np.dtype(np.int32)
    assert _parse_param("const LenT* lens", 0, al).dtype == np.dtype(np.int32)
    assert _parse_param("OffT off", 0, al).dtype == np.dtype(np.uint64)


def test_the_kernel_launches():
    k = tl.compile_cuda(SRC).kernel("k")
    lens, out = np.arange(32, dtype=np.int32), np.zeros(32, np.int32)
    tl.launch(k, 1, 32, lens, 5, 20, out, backend="emu", echo=False)
    assert (out[:20] == lens[:20] + 5).all() and (out[20:] == 0).all()
