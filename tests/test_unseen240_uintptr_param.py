"""What the 240th unseen suite (apex's SyncBatchNorm / LayerNorm kernels, BMTrain's training kernels) needed: BMTrain's
bf16 kernels take their bf16 buffers as ``std::uintptr_t`` parameters (``adam_fp32_accum_bf16(int32_t n, const
std::uintptr_t g_ptr, ..., std::uintptr_t param_h_ptr, ...)``), which the kernel turns back into pointers with
``reinterpret_cast<const __nv_bfloat16*>(g_ptr)``; its host launcher passes ``tensor.data_ptr()`` there. nvcc takes
``uintptr_t`` as the 64-bit ``unsigned long`` it is (NVVM declares the parameter ``.param .u64``), and any address in
it. tilelab's signature reader knew no ``uintptr_t``, so the launch was refused ("this parameter type cannot be passed
from Python": 14 of 16 as they came, bench/results/collection-emu-2026-12-07-unseen240-before.json), and had it
known the type there was no way to give it a buffer's address. Now ``uintptr_t`` / ``intptr_t`` are the 64-bit
integers they are (a number is passed as one), and an array given for such a parameter is passed as its device
address (laid out as a struct of one pointer, tilelab/structs.py, so both backends upload it and bring it back)."""
from __future__ import annotations

import numpy as np
import pytest

import tilelab as tl
from tilelab import toolchain as tc
from tilelab.errors import LaunchError
from tilelab.toolchain.signature import _parse_param

pytestmark = pytest.mark.skipif(not tc.available_nvrtc(), reason="no NVRTC installed")

SRC = r"""
#include <cstdint>
__global__ void scale_at(int n, const std::uintptr_t in_ptr, std::uintptr_t out_ptr, float s) {
    const float* in = reinterpret_cast<const float*>(in_ptr);
    float* out = reinterpret_cast<float*>(out_ptr);
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = in[i] * s;
}
__global__ void keep_value(uintptr_t v, intptr_t w, unsigned long long* out) {
    out[0] = v;
    out[1] = (unsigned long long)w;
}
"""


def test_uintptr_t_and_intptr_t_are_64_bit_integers():
    assert _parse_param("const std::uintptr_t g_ptr", 0, {}).dtype == np.dtype(np.uint64)
    assert _parse_param("uintptr_t p", 0, {}).dtype == np.dtype(np.uint64)
    assert _parse_param("std::intptr_t q", 0, {}).dtype == np.dtype(np.int64)


def test_an_array_for_a_uintptr_t_parameter_is_its_device_address():
    k = tl.compile_cuda(SRC).kernel("scale_at")
    x = np.arange(40, dtype=np.float32)
    y = np.full(40, -1.0, np.float32)
    r = tl.launch(k, 2, 32, 40, x, y, 2.5, backend="emu", echo=False)
    np.testing.assert_array_equal(y, x * np.float32(2.5))     # written through the integer, and came back
    np.testing.assert_array_equal(x, np.arange(40, dtype=np.float32))
    assert not r.findings


def test_an_out_of_bounds_access_through_it_is_found():
    k = tl.compile_cuda(SRC).kernel("scale_at")
    x, y = np.arange(40, dtype=np.float32), np.zeros(32, np.float32)
    r = tl.launch(k, 2, 32, 40, x, y, 2.5, backend="emu", echo=False)
    assert "out_of_bounds" in {f.kind for f in r.findings}


def test_a_number_for_it_is_passed_as_the_number():
    k = tl.compile_cuda(SRC).kernel("keep_value")
    out = np.zeros(2, np.uint64)
    tl.launch(k, 1, 1, 0x123456789A, -5, out, backend="emu", echo=False)
    assert out[0] == 0x123456789A and out[1] == np.uint64(2**64 - 5)


def test_an_array_for_another_integer_is_still_refused():
    k = tl.compile_cuda(SRC).kernel("scale_at")
    with pytest.raises(LaunchError):
        tl.launch(k, 1, 32, np.zeros(4, np.int32), np.zeros(4, np.float32), np.zeros(4, np.float32), 1.0,
                  backend="emu", echo=False)
