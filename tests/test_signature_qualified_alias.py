"""A parameter type spelled with its namespace (``ns::uchar``) is the type its last name stands for
(tilelab/toolchain/signature.py, ``_parse_param``).

Why: a name expression names a template instance from outside its namespace, so its type arguments are spelled in
full: ppl.cv's ``morph2DKernel0<uchar3, uchar, MaxSwap>`` (the host code, inside ``ppl::cv::cuda``) is
``ppl::cv::cuda::morph2DKernel0<uchar3, ppl::cv::cuda::uchar, ppl::cv::cuda::MaxSwap>`` here, and its
``const T1 border_value`` became ``const ppl::cv::cuda::uchar border_value``. The reader dropped only ``std::``, so
"ppl cv cuda uchar" was no type it knew and the scalar was refused ("this parameter type cannot be passed from
Python", the unseen245 suite); nvcc builds and launches it."""
from __future__ import annotations

import numpy as np

import tilelab as tl
from tilelab.toolchain.signature import _parse_param

SRC = """namespace img { namespace cuda {
typedef unsigned char uchar;
template <typename T>
__global__ void fill(T* out, const T value, int n) {
    if (threadIdx.x < n) out[threadIdx.x] = value + (T)threadIdx.x;
}
} }
"""


def test_the_qualified_alias_resolves_to_a_scalar():
    al = {"uchar": "unsigned char"}
    assert _parse_param("const img::cuda::uchar value", 0, al).dtype == np.dtype(np.uint8)
    assert _parse_param("img::cuda::uchar* out", 0, al).dtype == np.dtype(np.uint8)
    assert _parse_param("const ::img::cuda::uchar value", 0, al).dtype == np.dtype(np.uint8)


def test_the_instance_launches():
    name = "img::cuda::fill<img::cuda::uchar>"
    k = tl.compile_cuda(SRC, name_expressions=(name,)).kernel(name)
    out = np.zeros(32, np.uint8)
    tl.launch(k, 1, 32, out, 7, 20, backend="emu", echo=False)
    assert (out[:20] == 7 + np.arange(20)).all() and (out[20:] == 0).all()
