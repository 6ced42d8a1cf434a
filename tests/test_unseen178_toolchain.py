"""A plain kernel beside a template of its name (the hundred-and-seventy-eighth unseen suite, unseen178: DeepSpeed's
inference dequantize.cu, tilelab/toolchain/program.py).

dequantize.cu declares ``template <typename T> dequantize_kernel(T*, ...)`` twice and, between them, an empty
``dequantize_kernel(float*, ...)`` that is no template. The discovery asked NVRTC for that plain kernel by its plain
name, which the templates make ambiguous ("cannot determine which instance of overloaded function"): nothing in the
file built, the template instances named by casts included. Now a plain kernel that shares its name with a template
is overloaded like one with two parameter lists: each is named by a cast, and the plain name says how."""
from __future__ import annotations

import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import CompileError

PLAIN_BESIDE_TEMPLATE = r"""
template <typename T> __global__ void dq(T* out, const signed char* in, float s, int n)
{ if (threadIdx.x < n) out[threadIdx.x] = (T)(s * in[threadIdx.x]); }
__global__ void dq(float* out, const signed char* in, float s, unsigned n) {}
"""


def test_a_plain_kernel_beside_a_template_of_its_name_is_named_by_a_cast():
    names = ("static_cast<void (*)(float*, const signed char*, float, int)>(dq<float>)",
             "static_cast<void (*)(float*, const signed char*, float, unsigned)>(dq)")
    prog = tl.compile_cuda(PLAIN_BESIDE_TEMPLATE, filename="plain_beside_template.cu", name_expressions=names)
    inst, plain = (prog.kernel(n) for n in names)
    q = np.arange(-4, 4, dtype=np.int8)
    o = np.zeros(8, np.float32)
    tl.launch(inst, 1, 8, o, q, np.float32(0.5), 6, backend="emu", echo=False)
    np.testing.assert_array_equal(o, np.r_[np.arange(-4, 2) * 0.5, 0, 0].astype(np.float32))
    tl.launch(plain, 1, 8, o, q, np.float32(2.0), np.uint32(8), backend="emu", echo=False)   # the empty overload
    np.testing.assert_array_equal(o, np.r_[np.arange(-4, 2) * 0.5, 0, 0].astype(np.float32))
    with pytest.raises(CompileError, match="'dq' is overloaded"):
        prog.kernel("dq")
