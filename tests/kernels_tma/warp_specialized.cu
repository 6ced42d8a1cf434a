// Producer and consumer warps: warp 0 loads 32x32 float tiles of a row band into a 2-stage ring
// (full[s]: the copy landed; empty[s]: both consumer warps are done with the stage); warps 1 and 2
// sum the band's tiles. The consumers' waits come first in the code, the producer's after them.
// empty_count is the empty barriers' arrival count: 64 (both consumer warps) is right.
#include "tma_common.h"

__device__ __forceinline__ void bar_arrive(unsigned long long* bar) {
    asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" :: "r"(smem(bar)) : "memory");
}

extern "C" __global__ void warp_specialized(const __grid_constant__ CUtensorMap tm, float* out, int K,
                                            unsigned empty_count) {
    __shared__ alignas(128) float tile[2][32][32];
    __shared__ unsigned long long full[2], empty[2];
    int warp = threadIdx.x / 32, lane = threadIdx.x % 32, n = K / 32;
    if (threadIdx.x == 0) {
        for (int s = 0; s < 2; ++s) { bar_init(&full[s], 1); bar_init(&empty[s], empty_count); }
        fence_async_shared();
    }
    __syncthreads();
    if (warp > 0) {                                    // consumers: 64 threads, 16 elements each
        float acc[16] = {0};
        int t = threadIdx.x - 32;
        for (int k = 0; k < n; ++k) {
            int s = k & 1;
            bar_wait(&full[s], (k >> 1) & 1);
            for (int j = 0; j < 16; ++j) acc[j] += tile[s][(t * 16 + j) / 32][(t * 16 + j) % 32];
            bar_arrive(&empty[s]);
        }
        for (int j = 0; j < 16; ++j) out[blockIdx.x * 1024 + t * 16 + j] = acc[j];
    } else if (lane == 0) {                            // the producer
        for (int k = 0; k < n; ++k) {
            int s = k & 1;
            if (k >= 2) bar_wait(&empty[s], ((k >> 1) - 1) & 1);
            bar_expect(&full[s], 4096);
            tma_load_2d(tile[s], &tm, k * 32, blockIdx.x * 32, &full[s]);
        }
    }
}
