"""A ``__grid_constant__`` parameter read through its address runs on the emulator (tilelab/emu/structs.py,
``address_taken``).

Why: CUDASW++4.0's Smith-Waterman kernels declare every parameter ``__grid_constant__`` and hand them to an
aligner object's constructor by reference. NVVM declares such parameters as byte arrays and reads them through
their address (``mov.b64 %rd1, p; ld.param.u64 %rd2, [%rd1]``); the emulator gave a scalar parameter's ``mov``
its value, not an address in the param window, and refused the load ("a .param access through a register"):
the unseen179 suite's five float and DPX int32 launches."""
from __future__ import annotations

import numpy as np

import tilelab as tl

SRC = """
struct Reader {
    const int* p; int n; float s;
    __device__ Reader(const int* const& p_, const int& n_, const float& s_) : p(p_), n(n_), s(s_) {}
};
__global__ void k(__grid_constant__ const int* const src, __grid_constant__ const int n,
                  __grid_constant__ const float s, float* out) {
    Reader r(src, n, s);
    if (threadIdx.x < r.n) out[threadIdx.x] = r.p[threadIdx.x] * r.s;
}
"""


def test_the_ptx_reads_through_the_address():
    ptx = tl.compile_cuda(SRC).ptx
    assert "mov.b64" in ptx and "ld.param.u64" in ptx and ", [%rd" in ptx


def test_it_runs_and_reads_the_values():
    src, out = np.arange(32, dtype=np.int32), np.zeros(32, np.float32)
    r = tl.launch(tl.compile_cuda(SRC).kernel("k"), 1, 32, src, 20, 0.5, out, backend="emu", echo=False)
    assert (out[:20] == 0.5 * src[:20]).all() and (out[20:] == 0).all()
    assert not r.findings


def test_an_out_of_bounds_read_is_still_blamed():
    src, out = np.arange(16, dtype=np.int32), np.zeros(32, np.float32)
    r = tl.launch(tl.compile_cuda(SRC).kernel("k"), 1, 32, src, 20, 1.0, out, backend="emu", echo=False)
    assert {f.kind for f in r.findings} == {"out_of_bounds"}
