"""Global loads ptxas sank past a loop's skip branch inside an outer loop (docs/SASS_COUNTS.md, "Loads ptxas
sank"; docs/FIDELITY.md, Bifrost's FDMT kernels in the 90th unseen suite).

Bifrost's ``fdmt_init_kernel`` reads ``d_offsets[c]`` and ``d_offsets[c+1]`` at the top of its channel loop,
then skips its time loop where ``t0 >= ntime``; NVVM reads both before that branch, ptxas after it (the only
side that uses them), so a warp none of whose lanes has a time sample never executes the two ``LDG``. The rule
took such a load only at the kernel's start or after a barrier, and only as its line's one global load: here
the block starts at the outer loop's head (a label) and NVVM wrote the loop twice (two copies of each line).
"""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin

SRC = r"""
__global__ void sunkInLoop(const int* __restrict__ tab, const float* __restrict__ in, float* __restrict__ out,
                           int n, int rows, bool flip) {
    int t0 = threadIdx.x + blockIdx.x * blockDim.x;
    for (int r = blockIdx.y; r < rows; r += gridDim.y) {
        int lo = tab[r];                                   // LO
        int hi = tab[r + 1];                               // HI
        for (int t = t0; t < n; t += blockDim.x * gridDim.x) {
            float s = 0.f;
            for (int d = lo; d < hi; ++d) s += in[(flip ? n - 1 - t : t) + d];
            out[r * n + t] = s;
        }
    }
}
"""


@needs_cubin
def test_loads_before_an_inner_loops_skip_run_only_in_the_warps_that_enter_it(emu):
    """Grid (2, 4) of 256 threads, n = 300: block x = 1 has samples in 2 of its 8 warps, so each table read
    runs in 8 + 2 = 10 warps of each of the 4 rows, 40 requests and 40 sectors (the old code, and the PTX: all
    64 warps)."""
    k = emu.compile(SRC, "sunkInLoop")
    n, rows = 300, 4
    tab = np.array([0, 2, 5, 5, 7], dtype=np.int32)
    x = np.random.default_rng(1).random(n + 8, dtype=np.float32)
    out = np.zeros(rows * n, dtype=np.float32)
    r = emu.run(k, (2, rows), (256, 1), tab, x, out, np.int32(n), np.int32(rows), False)
    for marker in ("// LO", "// HI"):
        row = emu.line_metrics(r, emu.line_of(SRC, marker))
        assert (row["global_ld_requests"], row["global_ld_sectors"]) == (40, 40), row
        assert row["ptx"]["global_ld_requests"] == 64 and "past the branch of line" in row["why"]
    want = np.array([[x[t + d] for d in range(tab[i], tab[i + 1])] for i in range(rows) for t in range(n)],
                    dtype=object)
    assert np.allclose(out, [np.float32(sum(v, np.float32(0))) for v in want])
