"""A shared load read again inside ifs that ptxas predicates (MNN's layer norms, collection/mnncu_layernorm.cu,
docs/FIDELITY.md "a seventh round"): ``float r = v[i] * rsqrtf(s_var); if (gamma && beta) r = r * gamma[..] + beta[..]``
in a loop NVVM unrolls reads ``s_var`` once before the ifs and once more inside each (NVVM's own copies), five PTX
loads on one line; ptxas predicates the ifs and keeps the first load's register: one ``LDS``. The merge model
(tilelab/emu/counters/sass_model.py) reused a word only within one group, and a region's loads were keyed apart
from those before it, so the line kept the PTX's count. Now a load in a predicated region of a word a still-open
group before it read is reused, decided against the cubin with the regions (``_spanned``)."""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin

SRC = r"""
__global__ void scale_rows(float* out, const float* in, const float* gamma, const float* beta, float eps) {
  __shared__ float s_var;
  int tid = threadIdx.x;
  float v[4];
  for (int i = 0; i < 4; i++) v[i] = in[blockIdx.x * 128 + i * 32 + tid];
  if (tid == 0) s_var = v[0] * v[0] + eps;
  __syncthreads();
  for (int i = 0; i < 4; i++) {
    float r = v[i] * rsqrtf(s_var);   // READ
    if (gamma != nullptr && beta != nullptr) r = r * __ldg(&gamma[i * 32 + tid]) + __ldg(&beta[i * 32 + tid]);
    out[blockIdx.x * 128 + i * 32 + tid] = r;
  }
}
"""


@needs_cubin
def test_a_word_read_before_predicated_ifs_is_not_read_again_in_them(emu):
    k = emu.compile(SRC, "scale_rows", filename="region_reuse.cu")
    # NVRTC 12's NVVM makes the copies (NVRTC 13.5's reads once): under either, ptxas's one LDS a warp
    rng = np.random.default_rng(3)
    x = rng.uniform(0.5, 2.0, 3 * 128).astype(np.float32)
    g, b = rng.uniform(size=128).astype(np.float32), rng.uniform(size=128).astype(np.float32)
    out = np.zeros_like(x)
    r = emu.run(k, (3,), (32,), out, x, g, b, np.float32(0.25), echo=False, arch="sm_90")
    # NVRTC 12's NVVM reads s_var again in each if (the pattern); NVRTC 13.5's reads it once, above the loop
    rows = [row for row in r.per_line if row.get("shared_ld_requests")]
    assert not any(row.get("undecided") for row in rows), rows
    assert all(row["counted"] == "sass" for row in rows)
    assert sum(row["shared_ld_requests"] for row in rows) == 3     # one LDS a warp, as the cubin has it
    want = x.reshape(3, 4, 32) / np.sqrt(x.reshape(3, 4, 32)[:, :1, :1] ** 2 + 0.25)
    want = want * g.reshape(1, 4, 32) + b.reshape(1, 4, 32)
    assert np.allclose(out.reshape(3, 4, 32), want, rtol=1e-5)
