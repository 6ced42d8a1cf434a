"""Kernels declared in a function-like macro's body are found where the macro is used
(tilelab/toolchain/signature.py ``_macro_kernels``).

Why: dfdx's dropout.cu writes ``#define DROPOUT(TYPENAME, FWD, BWD) extern "C" __global__ void FWD(...) ...`` and
then ``DROPOUT(float, dropout_fwd_f32, dropout_bwd_f32);`` for three types. The kernel finder read the macro's
parameter names ``FWD`` and ``BWD`` as kernels and gave them to NVRTC as name expressions, so the file did not build
("identifier "BWD" is undefined"; the forty-sixth unseen suite)."""
from __future__ import annotations

import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import CompileError

SRC = r"""
#define FILL(NAME, T, VALUE) \
extern "C" __global__ void NAME(T *x, int n) { \
    int i = blockIdx.x * blockDim.x + threadIdx.x; \
    if (i < n) x[i] = (T)(VALUE); \
}
#define SCALE(T) extern "C" __global__ void scale_##T(T *x, T a) { x[threadIdx.x] *= a; }

FILL(fill_f32, float, 2.5f);
FILL(fill_i32, int, -7);
SCALE(double)
"""


def test_each_use_of_the_macro_declares_its_kernels_with_their_types():
    prog = tl.compile_cuda(SRC, filename="macros.cu")
    assert sorted(prog.kernels) == ["fill_f32", "fill_i32", "scale_double"]
    assert [p.ctype for p in prog.kernels["fill_i32"].params] == ["int*", "int"]
    assert prog.kernels["fill_f32"].line == 9 and prog.kernels["scale_double"].line == 11     # where each is used
    f = np.zeros(40, np.float32)
    tl.launch(prog.kernels["fill_f32"], 2, 32, f, np.int32(40), backend="emu", echo=False)
    np.testing.assert_array_equal(f, np.full(40, 2.5, np.float32))
    i = np.zeros(40, np.int32)
    tl.launch(prog.kernels["fill_i32"], 2, 32, i, np.int32(33), backend="emu", echo=False)
    np.testing.assert_array_equal(i, [-7] * 33 + [0] * 7)
    d = np.arange(32, dtype=np.float64)
    tl.launch(prog.kernels["scale_double"], 1, 32, d, np.float64(0.5), backend="emu", echo=False)
    np.testing.assert_array_equal(d, np.arange(32) * 0.5)


def test_a_wrong_argument_names_the_expanded_parameter():
    prog = tl.compile_cuda(SRC, filename="macros.cu")
    with pytest.raises(Exception) as e:
        tl.launch(prog.kernels["fill_i32"], 1, 32, np.zeros(32, np.float32), np.int32(32), backend="emu", echo=False)
    assert "int* x" in str(e.value) and "int32" in str(e.value)


def test_a_macro_nobody_uses_declares_nothing():
    src = '#define K(N) extern "C" __global__ void N(float *x) { x[0] = 1; }\n__global__ void plain(float *x) { x[0] = 2; }\n'
    assert list(tl.compile_cuda(src).kernels) == ["plain"]
    with pytest.raises(CompileError):
        tl.compile_cuda(src).kernel("N")


def test_a_namespace_named_by_a_macro_is_the_macros_value():
    """JAX's prng_kernels.cu.cc: ``namespace jax { namespace JAX_GPU_NAMESPACE {`` with ``#define JAX_GPU_NAMESPACE
    cuda`` (vendor.h): the kernel is ``jax::cuda::ThreeFry2x32Kernel`` to NVRTC, not ``jax::JAX_GPU_NAMESPACE::...``."""
    src = ("#define VENDOR cuda\n#define NS VENDOR\nnamespace jax {\nnamespace NS {\n"
           "__global__ void twice(unsigned *a) { a[threadIdx.x] *= 2u; }\n}  // namespace NS\n}  // namespace jax\n")
    prog = tl.compile_cuda(src)
    assert list(prog.kernels) == ["jax::cuda::twice"]
    a = np.arange(32, dtype=np.uint32)
    tl.launch(prog.kernels["jax::cuda::twice"], 1, 32, a, backend="emu", echo=False)
    np.testing.assert_array_equal(a, np.arange(32) * 2)


def test_inttypes_gives_the_printf_macros():
    """MTGP's mtgp32-cuda.cu includes <inttypes.h> for PRIx32: tilelab's include set had no such header."""
    src = ('#include <inttypes.h>\n#include <cinttypes>\n'
           '__global__ void show(uint32_t a, int64_t b) { printf("%08" PRIx32 " %" PRId64 " %" PRIu8 "\\n", a, b, '
           '(uint8_t)7); std::uint32_t c = a; (void)c; }\n')
    r = tl.launch(tl.compile_cuda(src).kernels["show"], 1, 1, np.uint32(0xBEEF), np.int64(-5), backend="emu", echo=False)
    assert [line.strip() for line in r.printed] == ["0000beef -5 7"]


# Bonsai's bonsai.h: the macro's body ends at the kernel's name, which a second macro spells; the parameter list
# is the source's, after the use (the hundred-and-ninth unseen suite: NVRTC built the file, tilelab read the
# kernel as "KERNEL_NAME" or not at all)
WRAPPED = r"""
#ifndef KERNEL_SEPARATE
#define KERNEL_NAME(funcname)    funcname
#define KERNEL_DECLARE(funcname) extern "C" __global__ void KERNEL_NAME(funcname)
#else
#define KERNEL_NAME(funcname)    gpu_ ## funcname
#define KERNEL_DECLARE(funcname) __global__ void KERNEL_NAME(funcname)
#endif

KERNEL_DECLARE(add_one)(const int n,
                        float *x)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] += 1.0f;
}

KERNEL_DECLARE(twice)(int *y) { y[threadIdx.x] *= 2; }
"""


def test_a_macro_that_declares_only_the_head_takes_the_parameters_after_its_use():
    prog = tl.compile_cuda(WRAPPED, filename="wrapped.cu")
    assert sorted(prog.kernels) == ["add_one", "twice"]
    assert [p.ctype for p in prog.kernels["add_one"].params] == ["const int", "float*"]
    assert prog.kernels["add_one"].line == 10 and prog.kernels["twice"].line == 17
    x = np.zeros(40, np.float32)
    tl.launch(prog.kernels["add_one"], 2, 32, np.int32(35), x, backend="emu", echo=False)
    np.testing.assert_array_equal(x, [1] * 35 + [0] * 5)
    y = np.arange(32, dtype=np.int32)
    tl.launch(prog.kernels["twice"], 1, 32, y, backend="emu", echo=False)
    np.testing.assert_array_equal(y, np.arange(32) * 2)


def test_the_separate_build_names_the_kernels_as_its_macro_pastes_them():
    prog = tl.compile_cuda(WRAPPED, filename="wrapped.cu", options=["-DKERNEL_SEPARATE"])
    assert sorted(prog.kernels) == ["gpu_add_one", "gpu_twice"]


# BEAGLE's kernels4.cu (the 187th unseen suite): one source for CUDA and OpenCL, its kernels declared through an
# object-like macro that is __global__ only under -DCUDA; the finder knew `__global__` written out alone ("no
# __global__ function found")
SPACE_MACRO = r"""
#ifdef CUDA
    #define KW_GLOBAL_KERNEL __global__
    #define KW_GLOBAL_VAR
    #define KW_RESTRICT      __restrict__
#elif defined(FW_OPENCL)
    #define KW_GLOBAL_KERNEL __kernel
#endif

KW_GLOBAL_KERNEL void scale(KW_GLOBAL_VAR float* KW_RESTRICT x, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= 3.0f;
}
"""


def test_a_kernel_declared_through_an_object_like_macro_for_global():
    prog = tl.compile_cuda(SPACE_MACRO, filename="kernels4.cu", options=["-DCUDA"])
    assert list(prog.kernels) == ["scale"] and prog.kernels["scale"].line == 10
    x = np.ones(40, np.float32)
    tl.launch(prog.kernels["scale"], 2, 32, x, np.int32(37), backend="emu", echo=False)
    np.testing.assert_array_equal(x, [3] * 37 + [1] * 3)


def test_the_macro_is_no_kernel_where_it_is_not_global():
    with pytest.raises(CompileError):
        tl.compile_cuda(SPACE_MACRO, filename="kernels4.cu")
