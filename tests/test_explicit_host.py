"""A function marked __host__ alone is the CPU's under nvcc; NVRTC refuses it outright. tilelab builds the
file without it (toolchain/explicit_host.py), and names a device call to one as nvcc's refusal."""
import numpy as np
import pytest

import tilelab as tl
from tilelab.errors import CompileError
from tilelab.toolchain.program import compile_cuda

SRC = """struct Modulus {
    unsigned value;
  public:
    __host__ Modulus(unsigned v) : value(v) {}
    static __host__ unsigned twice(unsigned a)
    {
        return 2 * a;
    }
    __host__ __device__ unsigned get() const { return value; }
};
template <typename T> __host__ T host_pow(T a, int e);
inline __host__ int host_only(int a) { return a + 1; }

__global__ void reduce_mod(const Modulus* m, unsigned* x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] = x[i] % m->get();
}
"""


def test_host_only_functions_are_left_to_the_cpu():
    prog = compile_cuda(SRC)
    # every line where it was: the kernel's own line numbers in the PTX are the file's
    assert "reduce_mod" in prog.ptx
    x = np.arange(100, 164, dtype=np.uint32)
    m = np.array([7], dtype=np.uint32)
    tl.launch(prog.kernels["reduce_mod"], 1, 64, m, x, np.int32(64), backend="emu", echo=False)
    assert (x == np.arange(100, 164, dtype=np.uint32) % 7).all()


@pytest.mark.parametrize("call,name,line", [("Modulus::twice(x[i])", "twice", 5), ("host_only(x[i])", "host_only", 12)])
def test_a_device_call_to_one_is_named(call, name, line):
    src = SRC.replace("x[i] % m->get()", call)
    with pytest.raises(CompileError) as e:
        compile_cuda(src)
    text = str(e.value)
    assert f"device code uses {name}, which is declared __host__ at line {line}" in text
    assert "<cell>:17:" in text


def test_a_class_access_label_stays():
    # the blanked constructor follows `public:`; the member after it must stay public for the kernel to read it
    src = """struct P {
  private:
    int hidden;
  public:
    __host__ P(int v) : hidden(v), shown{v} {}
    int shown;
};
__global__ void k(const P* p, int* out) { out[0] = p->shown; }
"""
    assert "ld.global" in compile_cuda(src).ptx


def test_a_macro_that_says_host_marks_one_too():
    # era-bellman-cuda's ff_dispatch_st.cuh (the unseen170 suite): `#define HOST_INLINE __host__ __forceinline__`,
    # then `static constexpr HOST_INLINE bool is_zero_host(...)` members beside HOST_DEVICE_INLINE ones; nvcc's
    # device pass leaves the host ones out, NVRTC refused them. A macro that says __device__ too marks nothing.
    src = """#define HOST_INLINE __host__ __forceinline__
#define HOST_DEVICE_INLINE __host__ __device__ __forceinline__
struct F {
  template <int N> static constexpr HOST_INLINE unsigned twice_host(unsigned a) { return N * a; }
  static HOST_DEVICE_INLINE unsigned twice(unsigned a) { return 2 * a; }
};
__global__ void k(unsigned* x) { x[threadIdx.x] = F::twice(x[threadIdx.x]); }
"""
    prog = compile_cuda(src)
    x = np.arange(32, dtype=np.uint32)
    tl.launch(prog.kernels["k"], 1, 32, x, backend="emu", echo=False)
    assert (x == 2 * np.arange(32)).all()
    with pytest.raises(CompileError) as e:
        compile_cuda(src.replace("F::twice(x[threadIdx.x])", "F::twice_host<2>(x[threadIdx.x])"))
    assert "twice_host, which is declared __host__ at line 4" in str(e.value)
