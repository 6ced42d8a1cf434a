// Wrong uses of an mbarrier and of a TMA destination, one per kernel, each a finding.
#include "tma_common.h"

// The barrier is waited on and completed by a copy, but no thread initialised it.
extern "C" __global__ void no_init(const __grid_constant__ CUtensorMap tm, float* out) {
    __shared__ alignas(128) float tile[8][32];
    __shared__ unsigned long long bar;
    if (threadIdx.x == 0) tma_load_2d(tile, &tm, 0, 0, &bar);
    bar_wait(&bar, 0);
    out[threadIdx.x] = tile[0][threadIdx.x];
}

// Thread 0 clears the tile while the TMA is still writing it.
extern "C" __global__ void write_before_wait(const __grid_constant__ CUtensorMap tm, float* out) {
    __shared__ alignas(128) float tile[8][32];
    __shared__ unsigned long long bar;
    if (threadIdx.x == 0) { bar_init(&bar, 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) {
        bar_expect(&bar, sizeof(tile));
        tma_load_2d(tile, &tm, 0, 0, &bar);
        tile[0][0] = 0.0f;
    }
    bar_wait(&bar, 0);
    out[threadIdx.x] = tile[0][threadIdx.x];
}
