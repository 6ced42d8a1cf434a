// Two stages, one mbarrier each, reused across K/32 tiles: the phase parity alternates per use.
// Sums the 32x32 float tiles of row band blockIdx.x of A (shape 32*gridDim.x x K) into out.
#include "tma_common.h"

extern "C" __global__ void pipeline(const __grid_constant__ CUtensorMap tm, float* out, int K) {
    __shared__ alignas(128) float tile[2][32][32];
    __shared__ unsigned long long full[2];
    int row = blockIdx.x * 32, n = K / 32;
    if (threadIdx.x == 0) { bar_init(&full[0], 1); bar_init(&full[1], 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) { bar_expect(&full[0], 4096); tma_load_2d(tile[0], &tm, 0, row, &full[0]); }
    float acc[8] = {0};
    for (int k = 0; k < n; ++k) {
        int s = k & 1;
        if (threadIdx.x == 0 && k + 1 < n) {
            bar_expect(&full[s ^ 1], 4096);
            tma_load_2d(tile[s ^ 1], &tm, (k + 1) * 32, row, &full[s ^ 1]);
        }
        bar_wait(&full[s], (k >> 1) & 1);
        for (int j = 0; j < 8; ++j) acc[j] += tile[s][(threadIdx.x * 8 + j) / 32][(threadIdx.x * 8 + j) % 32];
        __syncthreads();
    }
    for (int j = 0; j < 8; ++j) out[blockIdx.x * 1024 + threadIdx.x * 8 + j] = acc[j];
}
