"""`__restrict__` before a typedef name (dhernandez0/sgm's util.h, `ld_gbl_ca(const __restrict__ uint32_t *addr)`):
nvcc 13.0 builds it and ignores the qualifier (plain ld.global, as with no restrict); NVRTC refused it, "restrict"
is not allowed. tilelab/toolchain/misplaced_restrict.py retries with the qualifier blanked."""
import pytest

from tilelab.errors import CompileError
from tilelab.toolchain.misplaced_restrict import rewritten
from tilelab.toolchain.program import compile_cuda

SRC = """#include <stdint.h>
__device__ __forceinline__ uint32_t ld(const __restrict__ uint32_t *addr) { return addr[1]; }
__device__ __forceinline__ void st(uint32_t * __restrict__ p, uint32_t v) { *p = v; }
__global__ void k(const uint32_t *a, uint32_t *b) { st(b + threadIdx.x, ld(a + threadIdx.x)); }
"""


def test_restrict_before_a_typedef_builds_as_nvcc_builds_it():
    ptx = compile_cuda(SRC, filename="mr.cu").ptx
    loads = [l for l in ptx.split("\n") if "ld.global" in l]
    assert loads and not any(".nc" in l for l in loads)        # the qualifier ignored, as nvcc does


def test_only_the_refused_qualifier_is_blanked():
    log = ('mr.cu:2: error: "restrict" is not allowed\n'
           '  __device__ __forceinline__ uint32_t ld(const __restrict__ uint32_t *addr) { return addr[1]; }\n'
           '                                               ^')
    out, blanked = rewritten(SRC, 1, log)
    lines = out.split("\n")
    assert blanked == {2: "__restrict__"}
    assert "__restrict__" not in lines[1] and len(lines[1]) == len(SRC.split("\n")[1])
    assert "* __restrict__ p" in lines[2]


def test_restrict_after_a_template_parameter_builds_as_nvcc_builds_it():
    src = """template<class T> __device__ __forceinline__ T f(const T *_a) {
	const T __restrict__ *a = _a; return a[1]; }
template<class T> __global__ void k(const T *a, T *b) { b[threadIdx.x] = f<T>(a + threadIdx.x); }
"""
    ptx = compile_cuda(src, filename="mr3.cu", name_expressions=["k<unsigned int>"]).ptx
    loads = [l for l in ptx.split("\n") if "ld.global" in l]
    assert loads and not any(".nc" in l for l in loads)


def test_restrict_before_a_builtin_type_keeps_its_error():
    with pytest.raises(CompileError, match="restrict"):      # nvcc refuses this one too
        compile_cuda("__global__ void k(const __restrict__ float *a, float *b) { b[0] = a[0]; }", filename="mr2.cu")


def test_restrict_on_an_array_of_a_typedef_builds_as_nvcc_builds_it():
    # cusnarks' u256_device.cu shlu256_kernel: `uint32_t __restrict__ y[NWORDS_256BIT];`, restrict on an object that
    # is no pointer, after a typedef name; nvcc 13.0 builds it (the qualifier ignored), NVRTC refused it
    src = """typedef unsigned int uint32_t;
__global__ void k(uint32_t *out) {
  uint32_t __restrict__ y[8];
  for (int i = 0; i < 8; i++) y[i] = i * out[0];
  out[threadIdx.x] = y[threadIdx.x & 7];
}
"""
    assert "ld.global" in compile_cuda(src, filename="mr4.cu").ptx


def test_restrict_on_an_array_of_a_builtin_type_keeps_its_error():
    with pytest.raises(CompileError, match="restrict"):      # nvcc refuses this one too: "restrict" is not allowed
        compile_cuda("__global__ void k(unsigned *o) { unsigned __restrict__ y[8]; y[0] = o[0]; o[1] = y[0]; }",
                     filename="mr5.cu")
