"""A loop-invariant shared load NVVM leaves inside a loop and ptxas reads once before it (tilelab/emu/counters/
hoisted.py): MNN's layer norm reads ``rsqrtf(s_variance)`` on every trip of a loop whose ``__ldg`` (inline asm with a
memory clobber) keeps NVVM from hoisting it; ptxas sees no store, atomic or barrier of shared memory in the loop and
reads the word once. ncu executed that LDS once a warp (bench/results/ncu-sass-lines-2026-12-06-unseen.json.gz, MNN's
input_layernorm: 32 executions); the emulator counted it every trip (shared-load requests 184 against ncu's 128)."""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin

SRC = r"""
__global__ void scale_rows(float* out, const float* in, const float* gamma, int n, int trips) {
  __shared__ float s_var;
  int tid = threadIdx.x;
  if (tid == 0) s_var = 4.0f + blockIdx.x;
  __syncthreads();
  for (int i = 0; i < trips && i * 64 + tid < n; i++) {
    float r = in[blockIdx.x * n + i * 64 + tid] * rsqrtf(s_var);   // READ
    if (gamma != nullptr) r = r * __ldg(&gamma[i * 64 + tid]);
    out[blockIdx.x * n + i * 64 + tid] = r;
  }
}
"""


@needs_cubin
def test_a_loop_invariant_shared_load_counts_once_a_warp_that_enters_the_loop(emu):
    k = emu.compile(SRC, "scale_rows", filename="hoisted.cu")
    n, trips, blocks = 200, 4, 3                 # 64 threads: 2 warps a block, every warp runs 3 or 4 trips
    x = np.arange(blocks * n, dtype=np.float32)
    g = np.linspace(1, 2, trips * 64).astype(np.float32)
    out = np.zeros_like(x)
    r = emu.run(k, (blocks,), (64,), out, x, g, np.int32(n), np.int32(trips), echo=False, arch="sm_90")
    i = np.arange(n)
    want = x.reshape(blocks, n) / np.sqrt(4.0 + np.arange(blocks))[:, None] * g[i][None, :]
    assert np.allclose(out.reshape(blocks, n), want, rtol=1e-5)
    rows = [row for row in r.per_line if row.get("shared_ld_requests")]
    assert not any(row.get("undecided") for row in rows), rows
    # the loop's read: once for each of the 6 warps, whichever NVRTC made the PTX (one copy in the loop, or one
    # NVVM read before it itself)
    assert sum(row["shared_ld_requests"] for row in rows) == blocks * 2
