// Lesson 07's climb: C (M x N, fp32) = A (M x K, fp16) * B (N x K, fp16)^T with the TMA and wgmma
// (sm_90a). The layouts are lesson 06's (A row-major, B stored N x K: both K-major), so cuBLAS is the
// same reference. The tensor maps describe A as rows of K elements and B as rows of K elements; each
// kernel's boxes and shared-memory bytes are listed in wgmma_ladder.toml.
//
//   wgmmaH1OneStage     one warpgroup, 128 x 128 block tile, one shared stage: copy, wait, multiply, repeat
//   wgmmaH2Pipelined    the same with STAGES stages on mbarriers: the TMA runs ahead of the tensor cores
//   wgmmaH2NoSwizzle    H2 with no swizzle: the core-matrix layout (eight 16-byte-wide TMA boxes a stage)
//   wgmmaH3Specialized  a producer warpgroup feeds two consumer warpgroups (setmaxnreg), 128 x 256 tile
//   wgmmaH4Overlapped   H3 keeping one wgmma group in flight, and an L2-friendly order of the tiles
//   wgmmaH5Persistent   H4 with one block per SM looping over tiles: the producer fills the next tile's
//                       stages while the consumers store this one
//
// M and N must be multiples of the block tile (M: rows past M are skipped on the store), K of 64.
#include "hopper.h"

#ifndef STAGES
#define STAGES 4
#endif
#ifndef GROUP_M
#define GROUP_M 8
#endif

constexpr int BK = 64;                 // 64 halves = 128 bytes: one SWIZZLE_128B row

extern __shared__ unsigned char dyn_smem[];

// The TMA's 128-byte swizzle repeats every 1,024 bytes and wgmma's descriptor reads it from the
// address bits: each stage starts on a 1,024-byte boundary (the launch asks for 1 KiB extra).
__device__ __forceinline__ unsigned char* smem_1k()
{
    return reinterpret_cast<unsigned char*>((reinterpret_cast<uintptr_t>(dyn_smem) + 1023) & ~uintptr_t(1023));
}

// ---- rung 1: one stage ----------------------------------------------------------------------------
__global__ void __launch_bounds__(128) wgmmaH1OneStage(const __grid_constant__ CUtensorMap tmA,
                                                       const __grid_constant__ CUtensorMap tmB,
                                                       float* C, int M, int N, int K)
{
    constexpr int BM = 128, BN = 128;
    unsigned char* sA = smem_1k();                 // BM rows x 128 bytes, swizzled by the TMA
    unsigned char* sB = sA + BM * BK * 2;          // BN rows x 128 bytes
    __shared__ uint64_t full;
    const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    if (threadIdx.x == 0) {
        mbar_init(&full, 1);
        fence_proxy_async();                       // the TMA must see the initialised barrier
    }
    __syncthreads();

    float d[2][64];                                // two 64 x 128 accumulator tiles (rows 0-63, 64-127)
#pragma unroll
    for (int i = 0; i < 64; ++i) d[0][i] = d[1][i] = 0.f;
    uint32_t parity = 0;
    for (int k0 = 0; k0 < K; k0 += BK) {
        if (threadIdx.x == 0) {
            mbar_arrive_expect_tx(&full, (BM + BN) * BK * 2);
            tma_load_2d(sA, &tmA, &full, k0, bm);
            tma_load_2d(sB, &tmB, &full, k0, bn);
        }
        mbar_wait(&full, parity);                  // both boxes have landed
        parity ^= 1;
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk) {     // k16 steps: 32 bytes further along each 128-byte row
            wgmma_m64n128k16_f16(d[0], desc_sw128(sA + kk * 32), desc_sw128(sB + kk * 32), 1);
            wgmma_m64n128k16_f16(d[1], desc_sw128(sA + 64 * 128 + kk * 32), desc_sw128(sB + kk * 32), 1);
        }
        wgmma_commit();
        wgmma_wait<0>();                           // the tensor cores are done reading sA, sB
        __syncthreads();                           // ... in every warp, before the next copy overwrites them
    }
    fence_acc(d[0]);
    fence_acc(d[1]);
    store_acc(C, M, N, bm, bn, d[0]);
    store_acc(C, M, N, bm + 64, bn, d[1]);
}

// ---- rung 2: STAGES stages on mbarriers -------------------------------------------------------------
// The shared body of H2 and its no-swizzle twin: SWIZZLED picks the layout the TMA writes and the
// descriptor reads (they must agree).
template <bool SWIZZLED>
__device__ __forceinline__ void pipelined_body(const CUtensorMap* tmA, const CUtensorMap* tmB, float* C,
                                               int M, int N, int K)
{
    constexpr int BM = 128, BN = 128;
    constexpr int A_BYTES = BM * BK * 2, B_BYTES = BN * BK * 2, STAGE = A_BYTES + B_BYTES;
    unsigned char* smem = smem_1k();
    __shared__ uint64_t full[STAGES];
    const int bm = blockIdx.y * BM, bn = blockIdx.x * BN;
    const int KT = K / BK;
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) mbar_init(&full[s], 1);
        fence_proxy_async();
    }
    __syncthreads();

    auto load = [&](int kt) {                      // thread 0: tile kt of A and B into stage kt % STAGES
        unsigned char* sA = smem + (kt % STAGES) * STAGE;
        unsigned char* sB = sA + A_BYTES;
        uint64_t* bar = &full[kt % STAGES];
        mbar_arrive_expect_tx(bar, STAGE);
        if (SWIZZLED) {
            tma_load_2d(sA, tmA, bar, kt * BK, bm);
            tma_load_2d(sB, tmB, bar, kt * BK, bn);
        } else {                                   // eight boxes of 8 halves: column chunk c of every row
            for (int c = 0; c < BK / 8; ++c) {     // lands as BM core matrices' rows, 16 bytes apart
                tma_load_2d(sA + c * BM * 16, tmA, bar, kt * BK + 8 * c, bm);
                tma_load_2d(sB + c * BN * 16, tmB, bar, kt * BK + 8 * c, bn);
            }
        }
    };
    if (threadIdx.x == 0)
        for (int kt = 0; kt < STAGES && kt < KT; ++kt) load(kt);

    float d[2][64];
#pragma unroll
    for (int i = 0; i < 64; ++i) d[0][i] = d[1][i] = 0.f;
    for (int kt = 0; kt < KT; ++kt) {
        const int s = kt % STAGES;
        unsigned char* sA = smem + s * STAGE;
        unsigned char* sB = sA + A_BYTES;
        mbar_wait(&full[s], (kt / STAGES) & 1);    // the stage's phase flips once per use
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk) {
            if (SWIZZLED) {
                wgmma_m64n128k16_f16(d[0], desc_sw128(sA + kk * 32), desc_sw128(sB + kk * 32), 1);
                wgmma_m64n128k16_f16(d[1], desc_sw128(sA + 64 * 128 + kk * 32), desc_sw128(sB + kk * 32), 1);
            } else {                               // a k16 step is two chunks: 2 * BM * 16 bytes further
                wgmma_m64n128k16_f16(d[0], desc_none(sA + kk * 2 * BM * 16, BM * 16, 128),
                                     desc_none(sB + kk * 2 * BN * 16, BN * 16, 128), 1);
                wgmma_m64n128k16_f16(d[1], desc_none(sA + 64 * 16 + kk * 2 * BM * 16, BM * 16, 128),
                                     desc_none(sB + kk * 2 * BN * 16, BN * 16, 128), 1);
            }
        }
        wgmma_commit();
        wgmma_wait<1>();                           // tile kt - 1's wgmmas are done (tile kt's may still run)
        __syncthreads();                           // ... in all four warps: its stage is free
        if (threadIdx.x == 0 && kt >= 1 && kt - 1 + STAGES < KT) load(kt - 1 + STAGES);
    }
    wgmma_wait<0>();
    fence_acc(d[0]);
    fence_acc(d[1]);
    store_acc(C, M, N, bm, bn, d[0]);
    store_acc(C, M, N, bm + 64, bn, d[1]);
}

__global__ void __launch_bounds__(128) wgmmaH2Pipelined(const __grid_constant__ CUtensorMap tmA,
                                                        const __grid_constant__ CUtensorMap tmB,
                                                        float* C, int M, int N, int K)
{
    pipelined_body<true>(&tmA, &tmB, C, M, N, K);
}

__global__ void __launch_bounds__(128) wgmmaH2NoSwizzle(const __grid_constant__ CUtensorMap tmA,
                                                        const __grid_constant__ CUtensorMap tmB,
                                                        float* C, int M, int N, int K)
{
    pipelined_body<false>(&tmA, &tmB, C, M, N, K);
}

// ---- rungs 3 and 4: a producer warpgroup and two consumer warpgroups --------------------------------
// The block tile is 128 x 256: consumer c (warpgroup 1 + c) owns rows 64c..64c+63 as one m64n256
// accumulator (128 registers a thread). full[s]: the TMA filled stage s; empty[s]: both consumers are
// done with it. OVERLAP keeps one wgmma group in flight and frees the stage before it.
template <bool OVERLAP>
__device__ __forceinline__ void specialized_body(const CUtensorMap* tmA, const CUtensorMap* tmB, float* C,
                                                 int M, int N, int K, int tm, int tn)
{
    constexpr int BM = 128, BN = 256;
    constexpr int A_BYTES = BM * BK * 2, B_BYTES = BN * BK * 2, STAGE = A_BYTES + B_BYTES;
    unsigned char* smem = smem_1k();
    __shared__ uint64_t full[STAGES], empty[STAGES];
    const int bm = tm * BM, bn = tn * BN;
    const int KT = K / BK;
    const int wg = threadIdx.x / 128;
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbar_init(&full[s], 1);
            mbar_init(&empty[s], 2);                // one arrival from each consumer warpgroup
        }
        fence_proxy_async();
    }
    __syncthreads();

    if (wg == 0) {                                  // the producer: few registers, one thread issues copies
        setmaxnreg_dec<40>();
        if (threadIdx.x < 32 && elect_one()) {
            for (int kt = 0; kt < KT; ++kt) {
                const int s = kt % STAGES;
                if (kt >= STAGES) mbar_wait(&empty[s], (kt / STAGES - 1) & 1);   // wait for its last use
                unsigned char* sA = smem + s * STAGE;
                mbar_arrive_expect_tx(&full[s], STAGE);
                tma_load_2d(sA, tmA, &full[s], kt * BK, bm);
                tma_load_2d(sA + A_BYTES, tmB, &full[s], kt * BK, bn);
            }
        }
    } else {                                        // the consumers: registers for a 64 x 256 accumulator
        setmaxnreg_inc<232>();
        const int c = wg - 1;
        float d[128];
#pragma unroll
        for (int i = 0; i < 128; ++i) d[i] = 0.f;
        for (int kt = 0; kt < KT; ++kt) {
            const int s = kt % STAGES;
            unsigned char* sA = smem + s * STAGE + c * 64 * 128;
            unsigned char* sB = smem + s * STAGE + A_BYTES;
            mbar_wait(&full[s], (kt / STAGES) & 1);
            wgmma_fence();
#pragma unroll
            for (int kk = 0; kk < BK / 16; ++kk)
                wgmma_m64n256k16_f16(d, desc_sw128(sA + kk * 32), desc_sw128(sB + kk * 32), 1);
            wgmma_commit();
            if (OVERLAP) {
                wgmma_wait<1>();                    // tile kt - 1 is done: give its stage back
                if (kt >= 1 && threadIdx.x % 128 == 0) mbar_arrive(&empty[(kt - 1) % STAGES]);
            } else {
                wgmma_wait<0>();
                if (threadIdx.x % 128 == 0) mbar_arrive(&empty[s]);
            }
        }
        wgmma_wait<0>();
        fence_acc(d);
        store_acc(C, M, N, bm + 64 * c, bn, d);
    }
}

__global__ void __launch_bounds__(384, 1) wgmmaH3Specialized(const __grid_constant__ CUtensorMap tmA,
                                                             const __grid_constant__ CUtensorMap tmB,
                                                             float* C, int M, int N, int K)
{
    specialized_body<false>(&tmA, &tmB, C, M, N, K, blockIdx.y, blockIdx.x);
}

// The block tile of linear tile index t: groups of GROUP_M block rows, column by column inside a group.
__device__ __forceinline__ void grouped_tile(int t, int tilesM, int tilesN, int& tm, int& tn)
{
    const int per_group = GROUP_M * tilesN;
    const int first = (t / per_group) * GROUP_M;
    const int rows = min(tilesM - first, GROUP_M);
    tm = first + (t % per_group) % rows;
    tn = (t % per_group) / rows;
}

// Tiles in groups of GROUP_M block rows, column by column inside a group, so the blocks running
// together share their A rows and B columns in L2 (a 1-D grid of (M / 128) * (N / 256) blocks).
__global__ void __launch_bounds__(384, 1) wgmmaH4Overlapped(const __grid_constant__ CUtensorMap tmA,
                                                            const __grid_constant__ CUtensorMap tmB,
                                                            float* C, int M, int N, int K)
{
    int tm, tn;
    grouped_tile(blockIdx.x, (M + 127) / 128, N / 256, tm, tn);
    specialized_body<true>(&tmA, &tmB, C, M, N, K, tm, tn);
}

// ---- rung 5: persistent ------------------------------------------------------------------------------
// As many blocks as SMs; block b takes tiles b, b + gridDim.x, ... in the grouped order. The stage ring
// and its mbarrier phases run on across tiles (`it` counts k-tiles since the block started), so the
// producer is already loading tile t + 1 while the consumers still store tile t.
__global__ void __launch_bounds__(384, 1) wgmmaH5Persistent(const __grid_constant__ CUtensorMap tmA,
                                                            const __grid_constant__ CUtensorMap tmB,
                                                            float* C, int M, int N, int K)
{
    constexpr int BM = 128, BN = 256;
    constexpr int A_BYTES = BM * BK * 2, B_BYTES = BN * BK * 2, STAGE = A_BYTES + B_BYTES;
    unsigned char* smem = smem_1k();
    __shared__ uint64_t full[STAGES], empty[STAGES];
    const int tilesM = (M + BM - 1) / BM, tilesN = N / BN, tiles = tilesM * tilesN;
    const int KT = K / BK;
    const int wg = threadIdx.x / 128;
    if (threadIdx.x == 0) {
        for (int s = 0; s < STAGES; ++s) {
            mbar_init(&full[s], 1);
            mbar_init(&empty[s], 2);
        }
        fence_proxy_async();
    }
    __syncthreads();

    if (wg == 0) {
        setmaxnreg_dec<40>();
        if (threadIdx.x < 32 && elect_one()) {
            int it = 0;
            for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
                int tm, tn;
                grouped_tile(t, tilesM, tilesN, tm, tn);
                for (int kt = 0; kt < KT; ++kt, ++it) {
                    const int s = it % STAGES;
                    if (it >= STAGES) mbar_wait(&empty[s], (it / STAGES - 1) & 1);
                    unsigned char* sA = smem + s * STAGE;
                    mbar_arrive_expect_tx(&full[s], STAGE);
                    tma_load_2d(sA, &tmA, &full[s], kt * BK, tm * BM);
                    tma_load_2d(sA + A_BYTES, &tmB, &full[s], kt * BK, tn * BN);
                }
            }
        }
    } else {
        setmaxnreg_inc<232>();
        const int c = wg - 1;
        float d[128];
        int it = 0;
        for (int t = blockIdx.x; t < tiles; t += gridDim.x) {
            int tm, tn;
            grouped_tile(t, tilesM, tilesN, tm, tn);
#pragma unroll
            for (int i = 0; i < 128; ++i) d[i] = 0.f;
            for (int kt = 0; kt < KT; ++kt, ++it) {
                const int s = it % STAGES;
                unsigned char* sA = smem + s * STAGE + c * 64 * 128;
                unsigned char* sB = smem + s * STAGE + A_BYTES;
                mbar_wait(&full[s], (it / STAGES) & 1);
                wgmma_fence();
#pragma unroll
                for (int kk = 0; kk < BK / 16; ++kk)
                    wgmma_m64n256k16_f16(d, desc_sw128(sA + kk * 32), desc_sw128(sB + kk * 32), 1);
                wgmma_commit();
                wgmma_wait<1>();
                if (kt >= 1 && threadIdx.x % 128 == 0) mbar_arrive(&empty[(it - 1) % STAGES]);
            }
            wgmma_wait<0>();                        // the tile's last stage goes back too: the ring runs on
            if (threadIdx.x % 128 == 0) mbar_arrive(&empty[(it - 1) % STAGES]);
            fence_acc(d);
            store_acc(C, M, N, tm * BM + 64 * c, tn * BN, d);
        }
    }
}
