"""A kernel beside a __device__ function of its name (the two-hundred-and-twenty-first unseen suite, unseen221: DEAC's
deac_gpu.cu, tilelab/toolchain/program.py).

deac_gpu.cu defines ``__device__ void gpu_set_mutant_indices(uint64_t*, size_t*, size_t, size_t)`` and the kernel
``__global__ void gpu_set_mutant_indices(uint64_t*, size_t*, size_t)`` that calls it; nvcc's launch picks the kernel by
its arguments. The discovery asked NVRTC for the kernel by its plain name, which the device function makes ambiguous
("cannot determine which instance of overloaded function"): nothing in the file built. Now such a kernel is named by a
cast to its own type, and keeps its plain name."""
from __future__ import annotations

import numpy as np

import tilelab as tl

KERNEL_BESIDE_DEVICE_FUNCTION = r"""
__device__ void fill(float* out, float v, int i) { out[i] = v; }
__global__ void fill(float* __restrict__ out, float v) { fill(out, v + threadIdx.x, threadIdx.x); }
__global__ void other(float* out) { out[threadIdx.x] = 1.0f; }
"""


def test_a_kernel_beside_a_device_function_of_its_name_builds_by_its_plain_name():
    prog = tl.compile_cuda(KERNEL_BESIDE_DEVICE_FUNCTION, filename="kernel_beside_device_function.cu")
    o = np.zeros(8, np.float32)
    tl.launch(prog.kernel("fill"), 1, 8, o, np.float32(0.5), backend="emu", echo=False)
    np.testing.assert_array_equal(o, np.arange(8, dtype=np.float32) + 0.5)
    tl.launch(prog.kernel("other"), 1, 8, o, backend="emu", echo=False)
    np.testing.assert_array_equal(o, np.ones(8, np.float32))
