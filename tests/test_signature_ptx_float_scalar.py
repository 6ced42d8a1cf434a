"""A scalar parameter whose type the signature reader cannot follow, but which the PTX declares ``.f32`` or
``.f64``, is passed as that float (tilelab/toolchain/signature.py, ``with_ptx_layouts``).

Why: InternImage's DCNv3 kernels (dcnv3_im2col_cuda.cuh) declare ``const opmath_t offset_scale`` under
``#define opmath_t at::opmath_type<scalar_t>``, an alias template over ATen's ``OpMathType<T>::type``. The reader
resolves typedefs, ``using`` and ``#define``s of scalar names, not alias templates, so the parameter had no dtype
and every launch was refused ("this parameter type cannot be passed from Python": the unseen189 suite's seven
DCNv3 launches). NVVM declares a float or double by value as ``.param .f32`` / ``.f64`` and nothing else so (a
struct is a ``.b8`` array, an integer ``.u32``/``.u64``), so the PTX names the type the source hides."""
from __future__ import annotations

import numpy as np

import tilelab as tl

SRC = """namespace ns {
template <typename T> struct Math { using type = T; };
template <typename T> using math_t = typename Math<T>::type;
}
#define acc_t ns::math_t<scalar_t>
template <typename scalar_t>
__global__ void scale(const scalar_t* x, scalar_t* y, const acc_t s, int n) {
    int i = threadIdx.x;
    if (i < n) y[i] = x[i] * s;
}
"""


def test_the_alias_template_scalar_takes_the_ptx_float_type():
    prog = tl.compile_cuda(SRC, name_expressions=("scale<float>", "scale<double>"))
    for name, dt in (("scale<float>", np.float32), ("scale<double>", np.float64)):
        k = prog.kernel(name)
        assert not k.params[2].pointer and k.params[2].dtype == np.dtype(dt)
        x, y = np.arange(32, dtype=dt), np.zeros(32, dt)
        tl.launch(k, 1, 32, x, y, 0.5, 32, backend="emu", echo=False)
        assert (y == x * dt(0.5)).all()


def test_an_unknown_struct_by_value_stays_a_struct():
    src = "struct P { float a; int b; };\n__global__ void k(P p, float* y) { y[0] = p.a + p.b; }\n"
    k = tl.compile_cuda(src).kernel("k")
    assert k.params[0].dtype is None and k.params[0].ptx_aggregate
