// wgmma_exercise.cu: exercise 07's answers (sm_90a). C (M x N, fp32) = A (M x K, fp16) * Bt (N x K,
// fp16)^T, both K-major as in lesson 06, with the TMA, mbarriers and wgmma (hopper.h's helpers).
//
// One warp group (128 threads) per 64 x 64 tile of C; K in tiles of 64 halves (128 bytes: one
// SWIZZLE_128B row). EX_STAGES shared stages of 16,384 bytes (A's 64 x 64 box, then Bt's), each
// starting on a 1,024-byte boundary, each with one "full" mbarrier the two TMA loads complete on.
// Thread 0 keeps the TMA EX_STAGES tiles ahead; the warp group keeps one wgmma group in flight.
// The tensor maps (given): A and Bt, box 64 rows x 64 halves, SWIZZLE_128B. A and Bt themselves are
// passed too (the arrays the maps describe). Launch: grid (N / 64, M / 64), 128 threads, dynamic
// shared memory EX_STAGES * 16,384 + 1,024 bytes. M, N multiples of 64, K of 64.
#include <cuda_fp16.h>
#include "hopper.h"

#define EX_STAGES 3
#define EX_TILE_BYTES (64 * 64 * 2)             // one box: 64 rows x 128 bytes
// The descriptor of a 64-row K-major fp16 tile the TMA wrote with SWIZZLE_128B, at k step `tile`.
__device__ __forceinline__ uint64_t exDesc(const unsigned char* tile)
{
    // >>> learner
    return make_desc(tile, 16, 1024, 1);        // 128B swizzle: 8-row groups 1,024 bytes apart
    // <<< learner
}

__global__ void __launch_bounds__(128) gemmTmaWgmma(const __grid_constant__ CUtensorMap tmA,
                                                    const __grid_constant__ CUtensorMap tmB,
                                                    const __half* A, const __half* Bt, float* C,
                                                    int M, int N, int K)
{
    extern __shared__ unsigned char exSmem[];
    unsigned char* smem = reinterpret_cast<unsigned char*>((reinterpret_cast<uintptr_t>(exSmem) + 1023)
                                                           & ~uintptr_t(1023));
    __shared__ uint64_t full[EX_STAGES];
    const int bm = blockIdx.y * 64, bn = blockIdx.x * 64, KT = K / 64;
    if (threadIdx.x == 0) {
        for (int s = 0; s < EX_STAGES; ++s)
            mbar_init(&full[s], 1);
        fence_proxy_async();                    // the TMA sees the initialised barriers
    }
    __syncthreads();

    auto load = [&](int kt) {                   // thread 0: tile kt of A and Bt into stage kt % EX_STAGES
        unsigned char* sA = smem + (kt % EX_STAGES) * 2 * EX_TILE_BYTES;
        uint64_t* bar = &full[kt % EX_STAGES];
        // >>> learner
        mbar_arrive_expect_tx(bar, 2 * EX_TILE_BYTES);   // the bytes of both boxes
        // <<< learner
        tma_load_2d(sA, &tmA, bar, kt * 64, bm);
        tma_load_2d(sA + EX_TILE_BYTES, &tmB, bar, kt * 64, bn);
    };
    if (threadIdx.x == 0)
        for (int kt = 0; kt < EX_STAGES && kt < KT; ++kt)
            load(kt);

    float d[32];
#pragma unroll
    for (int i = 0; i < 32; ++i)
        d[i] = 0.f;
    for (int kt = 0; kt < KT; ++kt) {
        const int s = kt % EX_STAGES;
        const unsigned char* sA = smem + s * 2 * EX_TILE_BYTES;
        const unsigned char* sB = sA + EX_TILE_BYTES;
        // >>> learner
        mbar_wait(&full[s], (kt / EX_STAGES) & 1);      // the stage's phase flips once per use
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < 4; ++kk)                  // k16 steps: 32 bytes along each 128-byte row
            wgmma_m64n64k16_f16(d, exDesc(sA + 32 * kk), exDesc(sB + 32 * kk), 1);
        wgmma_commit();
        wgmma_wait<1>();                                // tile kt - 1's wgmma are done
        // <<< learner
        __syncthreads();                                // ... in all four warps: its stage is free
        if (threadIdx.x == 0 && kt >= 1 && kt - 1 + EX_STAGES < KT)
            load(kt - 1 + EX_STAGES);
    }
    // >>> learner
    wgmma_wait<0>();                                    // the last group: the accumulators are ours
    // <<< learner
    fence_acc(d);
    store_acc(C, M, N, bm, bn, d);
}
