// TMA load a 32x32 float tile of A (block (bx, by)), add 1 in shared memory, TMA store it to B.
// fence == 0 leaves out the fence.proxy.async the store needs after the threads' writes.
#include "tma_common.h"

extern "C" __global__ void round_trip(const __grid_constant__ CUtensorMap tmA, const __grid_constant__ CUtensorMap tmB,
                                      int fence) {
    __shared__ alignas(128) float tile[32][32];
    __shared__ unsigned long long bar;
    int x = blockIdx.x * 32, y = blockIdx.y * 32;
    if (threadIdx.x == 0) { bar_init(&bar, 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) {
        bar_expect(&bar, sizeof(tile));
        tma_load_2d(tile, &tmA, x, y, &bar);
    }
    bar_wait(&bar, 0);
    for (int i = threadIdx.x; i < 32 * 32; i += blockDim.x) tile[i / 32][i % 32] += 1.0f;
    if (fence) fence_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
        tma_store_2d(&tmB, x, y, tile);
        tma_store_commit_wait();
    }
}
