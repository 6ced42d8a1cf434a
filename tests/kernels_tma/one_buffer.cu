// The tensor map and the pointer name one array: the TMA store's 32x32 tile of 2s and the thread's
// plain store through A (after the store's wait) both land in it.
#include "tma_common.h"

extern "C" __global__ void one_buffer(const __grid_constant__ CUtensorMap tmA, float* A) {
    __shared__ alignas(128) float tile[32][32];
    for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) tile[i / 32][i % 32] = 2.0f;
    fence_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
        tma_store_2d(&tmA, 32, 0, tile);
        tma_store_commit_wait();
        A[0] = 7.0f;
    }
}
