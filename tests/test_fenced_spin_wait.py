"""A spin-wait on a plain flag with a fence in the loop: ``while (ready[i] != 1) __threadfence_block();``
(YuenyeungSpTRSV's warp-level rows wait so for the rows they need, unseen152). The load is a plain ld.global; the
fence makes every trip load the flag again, so on a GPU the waiting warp sees the other warp's store. The scheduler
took only loops whose reads are volatile, acquire or atomic for spin-waits: lowest-PC-first kept the waiting warp
(its loop sits before the producer's store) and the launch ran out of steps. A plain global load now counts as a
spin-wait's read in a loop that runs a fence (emu/machine.py, _loop_waits)."""
import numpy as np

import tilelab as tl
from tilelab.emu import machine, ptx
from tilelab.toolchain.program import compile_cuda

SRC = r"""
__global__ void fenced_spin(int *ready, double *x, double *out)
{
    int w = threadIdx.x / 32;
    if (w == 1) {
        while (ready[0] != 1) {
            __threadfence_block();
        }
        out[threadIdx.x - 32] = x[0];
    } else if (threadIdx.x == 0) {
        double s = 0;
        for (int i = 0; i < 8; ++i) s += x[i + 1];
        x[0] = s;
        __threadfence();
        ready[0] = 1;
    }
}

__global__ void fenced_sum(const int *n, double *x)
{
    // a loop with a fence whose way out depends on no load in it (m is loaded once): not a spin-wait
    double s = 0;
    int m = n[0];
    for (int i = 0; i < m; ++i) {
        s += x[i];
        __threadfence_block();
    }
    x[threadIdx.x] = s;
}
"""


def test_a_fenced_plain_spin_lets_the_producer_run():
    prog = compile_cuda(SRC)
    ready = np.zeros(1, np.int32)
    x = np.arange(9, dtype=np.float64)
    out = np.zeros(32)
    tl.launch(prog.kernels["fenced_spin"], 1, 64, ready, x, out, backend="emu", echo=False, step_budget=50_000)
    assert ready[0] == 1
    assert (out == 36.0).all(), out


def test_only_the_loop_that_waits_on_its_load_yields():
    fns = ptx.parsed(compile_cuda(SRC).ptx).functions
    fn = {k: f for name, f in fns.items() for k in ("fenced_spin", "fenced_sum") if k in name}
    assert machine._spin_loops(fn["fenced_spin"])      # its way out is the flag it loads
    assert not machine._spin_loops(fn["fenced_sum"])   # a fence, but the trip count decides


def _yy_case():
    """A 40-row lower triangular CSR matrix for YuenyeungSpTRSV's kernel: rows 0-31 with 12 earlier columns each
    (a warp a row: their average passes the border of 10), rows 32-39 with 2 (one warp, a thread a row, waiting on
    rows the warps above compute)."""
    rng = np.random.default_rng(7)
    rp, ci, v = [0], [], []
    for i in range(40):
        cols = sorted(rng.choice(i, min(i, 12 if i < 32 else 2), replace=False).tolist()) if i else []
        ci += cols + [i]
        v += (rng.uniform(-1, 1, len(cols)) / (len(cols) + 1)).tolist() + [rng.uniform(1, 2)]
        rp.append(len(ci))
    b = rng.uniform(-1, 1, 40)
    warp_num = np.array([0] + list(range(1, 33)) + [40], dtype=np.int32)   # matrix_warp's, border 10
    return np.array(rp, np.int32), np.array(ci, np.int32), np.array(v), b, warp_num


def test_yuenyeung_warp_and_thread_level_rows_finish_and_solve():
    """The three things the kernel needed (unseen152): the warp-level rows' fenced plain spin yields; their
    __shfl_down (no .sync, built for compute_61) meets all the warp's lanes, also when other warps of the same group
    still wait; the thread-level rows' loop, whose counter moves only once a flag it loads is 1 (a fence in the
    loop), yields too. Before: the launch ran out of steps (or, with the first only, gave wrong sums)."""
    from pathlib import Path
    from tilelab.toolchain.source_text import read_source
    src = read_source(Path(__file__).resolve().parent.parent / "collection" / "yysptrsv_kernel.cu")
    prog = compile_cuda(src, options=("-arch=compute_61",))
    rp, ci, v, b, warp_num = _yy_case()
    x = np.zeros(40)
    flags = np.zeros(40, np.int32)
    ids = np.zeros(1, np.int32)
    tl.launch(prog.kernels["yySpTRSV_csr_kernel"], 2, 1024, rp, ci, v, flags, np.int32(40), np.int32(len(ci)),
              b, x, np.int32(0), warp_num, np.int32(len(warp_num)), ids, backend="emu", echo=False,
              step_budget=400_000)
    want = np.zeros(40)
    for i in range(40):
        want[i] = (b[i] - sum(v[j] * want[ci[j]] for j in range(rp[i], rp[i + 1] - 1))) / v[rp[i + 1] - 1]
    assert (flags == 1).all()
    np.testing.assert_allclose(x, want, rtol=1e-12, atol=1e-13)
