"""Two things nvcc builds that tilelab's toolchain did not (the hundred-and-fiftieth unseen suite, unseen150).

- ``#ifdef __NVCC__`` around a file's kernels: RootPPL's systematic resampling kernels.cu sits wholly inside one.
  nvcc defines ``__NVCC__``, NVRTC does not, so the file had no kernels ("no __global__ function found"). A source
  whose kernels the macro hides is now built with ``-D__NVCC__`` (tilelab/toolchain/program.py ``NVCC_DEFINE``).
- Two kernel templates of one name with different template parameter lists: MPPI-Generic's
  ``weightedReductionKernel<int CONTROL_DIM>`` (7 parameters) and ``weightedReductionKernel<int CONTROL_DIM, int
  NUM_ROLLOUTS, int SUM_STRIDE>`` (5). The instance ``<2, 1024, 32>`` took the first template's parameters and its
  launch was refused ("takes 7 arguments, got 5"); the instance now takes those of the template whose parameters take
  its arguments (signature.py ``template_takes``)."""
from __future__ import annotations

import numpy as np

import tilelab as tl

HIDDEN = r"""
#ifdef __NVCC__
__global__ void fill(double *w, double v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) w[i] = v;
}
#endif
"""

TWO_TEMPLATES = r"""
template <int D>
__global__ void reduce(const float *x, float *out, const float scale, const int n, const int stride) {
    if (threadIdx.x < n) out[threadIdx.x] = x[threadIdx.x] * scale * D + stride;
}

template <int D, int N, int S>
__global__ void reduce(float *x, float *out, int extra) {
    if (threadIdx.x < N) out[threadIdx.x] = x[threadIdx.x] * D + S + extra;
}
"""


def test_kernels_under_ifdef_nvcc_are_built_as_nvcc_builds_them():
    prog = tl.compile_cuda(HIDDEN, filename="hidden.cu")
    assert sorted(prog.kernels) == ["fill"]
    w = np.zeros(40, np.float64)
    tl.launch(prog.kernels["fill"], 1, 64, w, np.float64(2.5), np.int32(33), backend="emu", echo=False)
    np.testing.assert_array_equal(w, [2.5] * 33 + [0.0] * 7)


def test_an_instance_takes_the_parameters_of_the_template_its_arguments_fit():
    prog = tl.compile_cuda(TWO_TEMPLATES, filename="two.cu", name_expressions=("reduce<2>", "reduce<3, 16, 4>"))
    assert [p.name for p in prog.kernels["reduce<2>"].params] == ["x", "out", "scale", "n", "stride"]
    assert [p.name for p in prog.kernels["reduce<3, 16, 4>"].params] == ["x", "out", "extra"]
    x = np.arange(32, dtype=np.float32)
    out = np.zeros(32, np.float32)
    tl.launch(prog.kernels["reduce<3, 16, 4>"], 1, 32, x, out, np.int32(1), backend="emu", echo=False)
    np.testing.assert_array_equal(out, np.concatenate([x[:16] * 3 + 5, np.zeros(16, np.float32)]))


def test_template_takes_counts_defaults_and_packs():
    from tilelab.toolchain.signature import template_takes

    assert template_takes("int D", "2") and not template_takes("int D", "2, 1024, 32")
    assert template_takes("int N, int B = 1024", "512") and template_takes("int N, int B = 1024", "512, 64")
    assert not template_takes("int N, int B = 1024", "")
    assert template_takes("typename... Ts", "int, float, double")
