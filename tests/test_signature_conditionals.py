"""A kernel signature's type names are read from the text the preprocessor keeps (tilelab/toolchain/signature.py,
``_active_text``).

Why: zhangyaobit/tridiagonalsolvers' common.h writes ``#ifdef USE_DOUBLE #define T double #else #define T float
#endif`` and its kernels take ``T *d_a``. The signature reader took the first ``#define T`` it saw, in the branch the
preprocessor skips, and refused every launch with float arrays ("argument 1 of crKernel (double* d_a) needs a
float64 array, got float32") while NVRTC had compiled ``T`` as float: the forty-first unseen suite's five launches
of that source (docs/FIDELITY.md)."""
from __future__ import annotations

import numpy as np

from tilelab.toolchain.signature import _type_aliases

HEADER = "#ifdef USE_DOUBLE\n#define T double\n#else\n#define T float\n#endif\n"


def test_the_branch_the_preprocessor_takes():
    assert _type_aliases(HEADER)["T"] == "float"
    assert _type_aliases(HEADER, {"USE_DOUBLE": "1"})["T"] == "double"
    assert _type_aliases("#define USE_DOUBLE\n" + HEADER)["T"] == "double"
    assert _type_aliases("#define USE_DOUBLE\n#undef USE_DOUBLE\n" + HEADER)["T"] == "float"
    nested = "#if defined(A) && !defined(B)\n#define T int\n#elif 2 > 1\n#define T short\n#else\n#define T char\n#endif\n"
    assert _type_aliases(nested)["T"] == "short"
    assert _type_aliases(nested, {"A": "1"})["T"] == "int"
    assert _type_aliases("#if 0\n#if 1\n#define T int\n#endif\n#else\n#define T long\n#endif\n")["T"] == "long"
    assert _type_aliases("#if __CUDACC_RTC__\n#define T unsigned int\n#endif\n")["T"] == "unsigned int"


def test_a_condition_it_cannot_evaluate_keeps_every_branch():
    """A function-like macro in ``#if`` is not evaluated: both branches are read, the first ``#define`` wins."""
    got = _type_aliases("#if HAS(3)\n#define T double\n#else\n#define T float\n#endif\n")
    assert got["T"] == "double"


def test_a_kernel_on_the_branch_taken_launches_with_float_arrays():
    import tilelab as tl
    src = HEADER + "__global__ void scale(T *x, T a) { x[threadIdx.x] *= a; }\n"
    k = tl.compile_cuda(src).kernels["scale"]
    x = np.arange(32, dtype=np.float32)
    tl.launch(k, 1, 32, x, np.float32(2.0), backend="emu", echo=False)
    np.testing.assert_array_equal(x, np.arange(32, dtype=np.float32) * 2)


# One reading of the conditionals (``_walk_conditionals``) now serves the kernel finder, a parameter list's own
# directives, the type names and the include finder. Each case below was read differently by one of the three walks
# it replaced.

def test_a_define_in_a_skipped_branch_does_not_shape_a_parameter_list():
    """The parameter list's ``#ifdef`` used to see every ``#define`` before the kernel, taken branch or not."""
    import tilelab as tl
    src = ("#ifdef NEVER_SET\n#define WITH_COUNT\n#endif\n"
           "__global__ void fill(float *x\n#ifdef WITH_COUNT\n, int n\n#endif\n) { x[threadIdx.x] = 3.0f; }\n")
    k = tl.compile_cuda(src).kernels["fill"]
    assert [p.name for p in k.params] == ["x"]
    x = np.zeros(32, dtype=np.float32)
    tl.launch(k, 1, 32, x, backend="emu", echo=False)
    np.testing.assert_array_equal(x, np.full(32, 3.0, dtype=np.float32))


def test_a_condition_continued_over_lines_is_read_whole():
    src = "#if defined(A) && \\\n    defined(B)\n#define T double\n#else\n#define T float\n#endif\n"
    assert _type_aliases(src)["T"] == "float"
    assert _type_aliases(src, {"A": "1", "B": "1"})["T"] == "double"


def test_the_build_dependent_macros_are_the_builds():
    """``__CUDA_ARCH__`` follows the virtual arch the source is built for, ``__CUDACC_VER_MAJOR__`` NVRTC's version;
    where the caller gives neither, a comparison of them keeps both branches."""
    from tilelab.toolchain.signature import build_defines
    arch = "#if __CUDA_ARCH__ >= 900\n#define T double\n#else\n#define T float\n#endif\n"
    assert _type_aliases(arch, build_defines((), "compute_80", (12, 9)))["T"] == "float"
    assert _type_aliases(arch, build_defines((), "compute_90a", (13, 0)))["T"] == "double"
    ver = "#if __CUDACC_VER_MAJOR__ > 12\n#define T int\n#else\n#define T short\n#endif\n"
    assert _type_aliases(ver, build_defines((), "compute_80", (12, 9)))["T"] == "short"
    assert _type_aliases(ver, build_defines((), "compute_80", (13, 0)))["T"] == "int"
    assert _type_aliases("#ifdef __CUDA_ARCH__\n#define T long\n#else\n#define T char\n#endif\n")["T"] == "long"
