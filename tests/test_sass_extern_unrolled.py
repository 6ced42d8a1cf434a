"""An ``extern __shared__`` array read along a row in a loop NVVM unrolls by 8 and ptxas unrolls fully
(LessUp/cuflash-attn's P V loop, collection/cuflash_flash_attention_forward.cu:436, unseen78).

NVVM keeps ``for j < 64`` as an 8-trip loop of 8 ``ld.shared.f32`` of the row off ``smem + 4 * (64 * row + j)``;
ptxas unrolls it fully and reads the row as 16 ``LDS.128`` (NVRTC's ``.extern .shared .align 16 .b8 smem[]``:
the base is 16-byte aligned). The model knew the extern array's alignment for the chunk rule only, so it could
prove no merge, found 64 LDS against the cubin's 16 ``LDS.128`` and left the line undecided at the PTX's loads
(cuflash's 12 forward and backward launches: shared-load wavefronts about twice ncu's, e.g. 1,157,156 against
562,724). The model now takes the extern arrays' declared alignment for every rule where that makes more of the
entry's lines agree with the cubin (sass_model.build_plan)."""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin
from tilelab import toolchain as tc

SRC = r"""
template<int M, int N, int D>
__device__ __forceinline__ void pv(const float* __restrict__ S, const float* __restrict__ V, float* __restrict__ O) {
    for (int row = threadIdx.x; row < M; row += blockDim.x) {
        for (int d = 0; d < D; d++) {
            float sum = 0.0f;
            for (int j = 0; j < N; j++) {
                sum += S[row * N + j] * V[j * D + d];   // @row
            }
            O[row * D + d] += sum;
        }
    }
}

extern "C" __global__ void rowTimesColumn(const float* __restrict__ in, float* __restrict__ out) {
    extern __shared__ float smem[];
    float* V = smem;                 // 64 x 32
    float* S = V + 64 * 32;          // 4 x 64
    float* O = S + 4 * 64;           // 4 x 32
    for (int i = threadIdx.x; i < 64 * 32 + 4 * 64; i += blockDim.x) smem[i] = in[i];
    for (int i = threadIdx.x; i < 4 * 32; i += blockDim.x) O[i] = 0.0f;
    __syncthreads();
    pv<4, 64, 32>(S, V, O);
    __syncthreads();
    for (int i = threadIdx.x; i < 4 * 32; i += blockDim.x) out[i] = O[i];
}
"""


@needs_cubin
def test_an_extern_arrays_row_in_a_fully_unrolled_loop_is_read_as_ptxas_reads_it():
    from tilelab.emu.machine import run
    k = tc.compile_cuda(SRC, filename="extern_unrolled.cu").kernel("rowTimesColumn")
    line = next(i + 1 for i, s in enumerate(SRC.splitlines()) if "@row" in s)
    x = np.random.default_rng(0).standard_normal(64 * 32 + 4 * 64).astype(np.float32)
    out = np.zeros(4 * 32, np.float32)
    r = run(k, 1, 32, [x, out], shared_bytes=4 * (64 * 32 + 4 * 64 + 4 * 32), counts="sass")
    row = next(pl for pl in r.per_line if pl["line"] == line)
    assert not row.get("undecided"), row.get("why")
    assert row["counted"] == "sass"
    # one warp, 32 trips of d: the row's 16 LDS.128 and the column's 64 LDS each trip
    assert row["shared_ld_requests"] == 32 * (16 + 64)
    V, S = x[:2048].reshape(64, 32), x[2048:].reshape(4, 64)
    np.testing.assert_allclose(out.reshape(4, 32), S @ V, rtol=1e-4, atol=1e-4)
