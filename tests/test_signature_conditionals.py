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
