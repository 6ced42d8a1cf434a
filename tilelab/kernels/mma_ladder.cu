// mma_ladder.cu: the climb from a plain Tensor Core GEMM to a pipelined one, one change
// per rung (lesson 06). C (M x N, fp32) = A (M x K, fp16, K-major) * Bt^T, where Bt is
// N x K (B stored K-major, as in mma_tile.cu). FP32 accumulate, FP32 out.
//
//   rung 1  mmaR1Plain      ldmatrix.x4 + mma.sync m16n8k16; 128 x 128 x 64 block tile,
//                           8 warps of 64 x 32; 16-byte register loads global -> shared;
//                           plain layout: 128-byte rows, every ldmatrix.x4 an 8-way conflict
//   rung 2  mmaR2Swizzled   + Swizzle<3,3,3> on the tile's half offsets (same bytes, 4 wavefronts)
//   rung 3  mmaR3CpAsync    + 16-byte cp.async global -> shared (no register round trip)
//   rung 4  mmaR4Pipelined  + a 3-stage cp.async pipeline (tiles k+1, k+2 in flight during k)
//   (side)  mmaPadded8      rung 1 with 72-half rows instead of a swizzle: conflict-free, 12.5% more bytes
//   rung 5  mmaR5WarpTile   + 64 x 64 warp tiles in a 256 x 128 block tile (more mma per
//                           ldmatrix, below), double-buffered fragments, 4 stages, and
//                           grouped block rasterisation for L2 reuse
//
// Per k16 slice a warp of rungs 1-4 does 4 ldmatrix.x4 for A (four m16 tiles), 2 for Bt
// (four n8 tiles) and 16 mma: 6 ldmatrix per 16 mma. Rung 5's 64 x 64 warp does 4 + 4
// ldmatrix.x4 per 32 mma: 8 per 32, so shared-memory traffic per FLOP falls by a third.
//
// Fragments (PTX ISA, m16n8k16): lanes 0-15 give rows 0-15 at k 0..7, lanes 16-31 the same
// rows at k 8..15; the four 8x8 matrices come back as a0..a3 exactly as mma wants them.
//
// Constraints: M % BM == 0, N % BN == 0, K % 64 == 0 (BM x BN = 128 x 128 for rungs 1-4,
// 256 x 128 for rung 5: R5_BM x R5_BN, which -D can change); A, Bt 16-byte aligned.
// Needs sm_80+ on a GPU (mma.sync, cp.async).
// Launch: rungs 1-3: block = (256), grid = (N / 128, M / 128), static shared (32 KB);
//         rung 4:     block = (256), grid = (N / 128, M / 128), dynamic shared 3 * 32 KB;
//         rung 5:     block = (256), grid = (M / 256 * N / 128) (1-D: rasterised in the
//                     kernel), dynamic shared R5_STAGES * 48 KB (4 stages: 192 KB, opt-in).
// Rung 5's tile was chosen on the H200 from a sweep of 128 x 256 / 256 x 128, 3 / 4 stages
// and groups of 1, 8, 16 (bench/gpu_mma_ladder.py --sweep; bench/results/gpu_mma_ladder-*.json).

#include <cuda_fp16.h>

#define LD_BK 64                 // halves per shared row: 128 bytes = all 32 banks
#define LD_THREADS 256

// ---------------------------------------------------------------- the instructions
__device__ __forceinline__ unsigned smemAddr(const void* p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void ldsmX4(unsigned (&r)[4], unsigned addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}

__device__ __forceinline__ void mma16816(float (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ void cpAsync16(unsigned smem, const void* gmem)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(smem), "l"(gmem) : "memory");
}

__device__ __forceinline__ void cpAsyncCommitGroup()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

template <int N>
__device__ __forceinline__ void cpAsyncWaitGroup()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
}

// Swizzle<3,3,3> on a half offset within a tile of 64-half rows: XOR the 16-byte chunk
// (bits 3..5) with the row mod 8 (bits 6..8). A bijection within each row.
__device__ __forceinline__ int swz(int o)
{
    return o ^ ((o & (7 << 6)) >> 3);
}

// C tile store: accumulator i of an m16n8 tile is at (row g + 8 * (i >= 2), col 2t + (i & 1)).
__device__ __forceinline__ void storeAcc(float* C, int N, int row, int col, const float (&d)[4])
{
    *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(d[0], d[1]);
    *reinterpret_cast<float2*>(&C[(size_t)(row + 8) * N + col]) = make_float2(d[2], d[3]);
}

// ---------------------------------------------------------------- rung 1: plain
__global__ void __launch_bounds__(LD_THREADS) mmaR1Plain(const __half* A, const __half* Bt, float* C,
                                                          int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * LD_BK];
    __shared__ __align__(128) __half sB[128 * LD_BK];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;                     // 2 x 4 warps of 64 x 32
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += LD_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {                      // 128 rows x 8 chunks, 4 per thread
            int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
            uint4 a = *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            uint4 b = *reinterpret_cast<const uint4*>(Bt + (size_t)(bn + row) * K + k0 + col);
            *reinterpret_cast<uint4*>(&sA[row * LD_BK + col]) = a;
            *reinterpret_cast<uint4*>(&sB[row * LD_BK + col]) = b;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < LD_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[row * LD_BK + col]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int col = kk * 16 + ((lane >> 3) & 1) * 8;
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[row * LD_BK + col]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();
    }
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// ---------------------------------------------------------------- rung 2: + Swizzle<3,3,3>
__global__ void __launch_bounds__(LD_THREADS) mmaR2Swizzled(const __half* A, const __half* Bt, float* C,
                                                             int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * LD_BK];
    __shared__ __align__(128) __half sB[128 * LD_BK];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += LD_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
            uint4 a = *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            uint4 b = *reinterpret_cast<const uint4*>(Bt + (size_t)(bn + row) * K + k0 + col);
            *reinterpret_cast<uint4*>(&sA[swz(row * LD_BK + col)]) = a;     // the change: swz()
            *reinterpret_cast<uint4*>(&sB[swz(row * LD_BK + col)]) = b;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < LD_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[swz(row * LD_BK + col)]));        // ... on both sides
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int col = kk * 16 + ((lane >> 3) & 1) * 8;
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[swz(row * LD_BK + col)]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();
    }
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// ---------------------------------------------------------------- rung 3: + 16-byte cp.async
__global__ void __launch_bounds__(LD_THREADS) mmaR3CpAsync(const __half* A, const __half* Bt, float* C,
                                                            int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * LD_BK];
    __shared__ __align__(128) __half sB[128 * LD_BK];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += LD_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {                      // the change: straight to shared
            int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
            cpAsync16(smemAddr(&sA[swz(row * LD_BK + col)]), A + (size_t)(bm + row) * K + k0 + col);
            cpAsync16(smemAddr(&sB[swz(row * LD_BK + col)]), Bt + (size_t)(bn + row) * K + k0 + col);
        }
        cpAsyncCommitGroup();
        cpAsyncWaitGroup<0>();                                  // my copies have landed ...
        __syncthreads();                                   // ... and everybody's
#pragma unroll
        for (int kk = 0; kk < LD_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[swz(row * LD_BK + col)]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int col = kk * 16 + ((lane >> 3) & 1) * 8;
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[swz(row * LD_BK + col)]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();
    }
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// ---------------------------------------------------------------- rung 4: + 3-stage pipeline
#define R4_STAGES 3
#define R4_STAGE_HALVES (2 * 128 * LD_BK)                 // A tile then Bt tile: 32 KB

__device__ __forceinline__ void r4LoadStage(__half* st, const __half* A, const __half* Bt,
                                            int bm, int bn, int K, int k0, int tid)
{
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
        cpAsync16(smemAddr(&st[swz(row * LD_BK + col)]), A + (size_t)(bm + row) * K + k0 + col);
        cpAsync16(smemAddr(&st[128 * LD_BK + swz(row * LD_BK + col)]), Bt + (size_t)(bn + row) * K + k0 + col);
    }
}

__global__ void __launch_bounds__(LD_THREADS) mmaR4Pipelined(const __half* A, const __half* Bt, float* C,
                                                              int M, int N, int K)
{
    extern __shared__ __align__(128) __half smem[];       // R4_STAGES x (A tile, Bt tile)
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    int numK = K / LD_BK;
    float acc[4][4][4] = {};

    // prologue: tiles 0 .. STAGES-2 in flight; one group per tile, empty past the end, so
    // "all but the newest STAGES-2 groups" always means "tile kt"
#pragma unroll
    for (int s = 0; s < R4_STAGES - 1; ++s) {
        if (s < numK)
            r4LoadStage(smem + s * R4_STAGE_HALVES, A, Bt, bm, bn, K, s * LD_BK, tid);
        cpAsyncCommitGroup();
    }
    for (int kt = 0; kt < numK; ++kt) {
        cpAsyncWaitGroup<R4_STAGES - 2>();                      // tile kt has landed (mine) ...
        __syncthreads();                                   // ... everybody's; and stage kt-1 is free
        int next = kt + R4_STAGES - 1;
        if (next < numK)
            r4LoadStage(smem + (next % R4_STAGES) * R4_STAGE_HALVES, A, Bt, bm, bn, K, next * LD_BK, tid);
        cpAsyncCommitGroup();
        const __half* sA = smem + (kt % R4_STAGES) * R4_STAGE_HALVES;
        const __half* sB = sA + 128 * LD_BK;
#pragma unroll
        for (int kk = 0; kk < LD_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[swz(row * LD_BK + col)]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int col = kk * 16 + ((lane >> 3) & 1) * 8;
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[swz(row * LD_BK + col)]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
    }
    cpAsyncWaitGroup<0>();
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// ---------------------------------------------------------------- rung 5: + 64 x 64 warp tiles
#ifndef R5_BM
#define R5_BM 256                // block tile rows (M)
#endif
#ifndef R5_BN
#define R5_BN 128                // block tile columns (N)
#endif
#ifndef R5_STAGES
#define R5_STAGES 4
#endif
#ifndef R5_GROUP
#define R5_GROUP 8               // block rows per rasterisation group
#endif
#define R5_WN (R5_BN / 64)       // warps along N (8 warps of 64 x 64 in all)
#define R5_STAGE_HALVES ((R5_BM + R5_BN) * LD_BK)

__device__ __forceinline__ void r5LoadStage(__half* st, const __half* A, const __half* Bt,
                                            int bm, int bn, int K, int k0, int tid)
{
#pragma unroll
    for (int i = 0; i < R5_BM * 8 / LD_THREADS; ++i) {
        int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
        cpAsync16(smemAddr(&st[swz(row * LD_BK + col)]), A + (size_t)(bm + row) * K + k0 + col);
    }
#pragma unroll
    for (int i = 0; i < R5_BN * 8 / LD_THREADS; ++i) {
        int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
        cpAsync16(smemAddr(&st[R5_BM * LD_BK + swz(row * LD_BK + col)]), Bt + (size_t)(bn + row) * K + k0 + col);
    }
}

// fragments of one k16 slice for a 64 x 64 warp tile: four m16 tiles of A, eight n8 tiles of B
__device__ __forceinline__ void r5LoadFrags(unsigned (&a)[4][4], unsigned (&b)[8][2], const __half* sA,
                                            const __half* sB, int wm, int wn, int kk, int lane)
{
#pragma unroll
    for (int i = 0; i < 4; ++i) {
        int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
        ldsmX4(a[i], smemAddr(&sA[swz(row * LD_BK + col)]));
    }
#pragma unroll
    for (int p = 0; p < 4; ++p) {
        int row = wn * 64 + p * 16 + (lane >> 4) * 8 + (lane & 7);
        int col = kk * 16 + ((lane >> 3) & 1) * 8;
        unsigned r[4];
        ldsmX4(r, smemAddr(&sB[swz(row * LD_BK + col)]));
        b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
    }
}

// one k-tile: the four k16 slices of tile kt (stage kt % STAGES). Fragments are
// double-buffered: slice kk+1 loads while slice kk multiplies, and the first slice of tile
// kt+1 loads while the last of tile kt multiplies, so no bubble opens between tiles.
// REFILL: this tile's stage is refilled with tile kt + STAGES (false for the last STAGES
// tiles; a separate loop, so no predicated-off cp.async is ever issued).
template <bool REFILL>
__device__ __forceinline__ void r5Tile(float (&acc)[4][8][4], unsigned (&a)[2][4][4], unsigned (&b)[2][8][2],
                                       __half* smem, const __half* A, const __half* Bt, int bm, int bn,
                                       int K, int kt, int numK, int wm, int wn, int lane, int tid)
{
    const __half* sA = smem + (kt % R5_STAGES) * R5_STAGE_HALVES;
    const __half* sB = sA + R5_BM * LD_BK;
#pragma unroll
    for (int kk = 0; kk < LD_BK / 16; ++kk) {
        if (kk + 1 < LD_BK / 16) {
            r5LoadFrags(a[(kk + 1) & 1], b[(kk + 1) & 1], sA, sB, wm, wn, kk + 1, lane);
        } else if (kt + 1 < numK) {
            // every slice of tile kt is in registers now: once all warps are here, its
            // stage can be refilled, and tile kt+1 read
            cpAsyncWaitGroup<R5_STAGES - 2>();                  // tile kt+1 has landed (mine) ...
            __syncthreads();                               // ... everybody's; stage kt is free
            if (REFILL)
                r5LoadStage(smem + (kt % R5_STAGES) * R5_STAGE_HALVES, A, Bt, bm, bn, K,
                            (kt + R5_STAGES) * LD_BK, tid);
            cpAsyncCommitGroup();                               // (empty when not REFILL)
            const __half* nA = smem + ((kt + 1) % R5_STAGES) * R5_STAGE_HALVES;
            r5LoadFrags(a[(kk + 1) & 1], b[(kk + 1) & 1], nA, nA + R5_BM * LD_BK, wm, wn, 0, lane);
        }
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j)
                mma16816(acc[i][j], a[kk & 1][i], b[kk & 1][j][0], b[kk & 1][j][1]);
    }
}

__global__ void __launch_bounds__(LD_THREADS, 1) mmaR5WarpTile(const __half* A, const __half* Bt, float* C,
                                                                int M, int N, int K)
{
    extern __shared__ __align__(128) __half smem[];       // R5_STAGES x (A tile, Bt tile)
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp / R5_WN, wn = warp % R5_WN;
    // grouped rasterisation: R5_GROUP block rows sweep the columns together, so the Bt
    // tiles they share are still in L2 when the group's next block needs them
    int tilesM = M / R5_BM, tilesN = N / R5_BN;
    int bid = blockIdx.x, inGroup = R5_GROUP * tilesN;
    int firstM = (bid / inGroup) * R5_GROUP;
    int rows = min(tilesM - firstM, R5_GROUP);
    int bm = (firstM + (bid % inGroup) % rows) * R5_BM;
    int bn = ((bid % inGroup) / rows) * R5_BN;
    int numK = K / LD_BK;
    float acc[4][8][4] = {};

#pragma unroll
    for (int s = 0; s < R5_STAGES - 1; ++s) {              // tiles 0 .. STAGES-2 in flight
        if (s < numK)
            r5LoadStage(smem + s * R5_STAGE_HALVES, A, Bt, bm, bn, K, s * LD_BK, tid);
        cpAsyncCommitGroup();
    }
    cpAsyncWaitGroup<R5_STAGES - 2>();                          // tile 0 has landed (mine) ...
    __syncthreads();                                       // ... and everybody's
    if (R5_STAGES - 1 < numK)                              // the last stage, never used yet
        r5LoadStage(smem + (R5_STAGES - 1) * R5_STAGE_HALVES, A, Bt, bm, bn, K, (R5_STAGES - 1) * LD_BK, tid);
    cpAsyncCommitGroup();
    unsigned a[2][4][4], b[2][8][2];
    r5LoadFrags(a[0], b[0], smem, smem + R5_BM * LD_BK, wm, wn, 0, lane);
    int kt = 0;
    for (; kt + R5_STAGES < numK; ++kt)
        r5Tile<true>(acc, a, b, smem, A, Bt, bm, bn, K, kt, numK, wm, wn, lane, tid);
    for (; kt < numK; ++kt)
        r5Tile<false>(acc, a, b, smem, A, Bt, bm, bn, K, kt, numK, wm, wn, lane, tid);
    cpAsyncWaitGroup<0>();
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 64 + j * 8 + 2 * t, acc[i][j]);
}

// ---------------------------------------------------------------- beside the ladder: padding
// Rung 1 with every shared row padded from 64 to PAD_LD = 72 halves (128 -> 144 bytes): row r
// starts 4 banks after row r-1, so the 8 row addresses of a matrix cover all 32 banks, 4
// wavefronts per ldmatrix.x4 like Swizzle<3,3,3>, but the two tiles take 36,864 bytes instead
// of 32,768 (+12.5%). The pad must keep every row address 16-byte aligned (ldmatrix requires
// it): a multiple of 8 halves. The source material's "+2 halves" (132-byte rows) is illegal:
// the emulator reports each misaligned row address, and a GPU faults.
// Launch: as rung 1 (static shared 36,864 bytes).
#define PAD_LD 72
__global__ void __launch_bounds__(LD_THREADS) mmaPadded8(const __half* A, const __half* Bt, float* C,
                                                          int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * PAD_LD];
    __shared__ __align__(128) __half sB[128 * PAD_LD];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;                     // 2 x 4 warps of 64 x 32
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += LD_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {                      // 128 rows x 8 chunks, 4 per thread
            int c = tid + i * LD_THREADS, row = c >> 3, col = (c & 7) * 8;
            uint4 a = *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            uint4 b = *reinterpret_cast<const uint4*>(Bt + (size_t)(bn + row) * K + k0 + col);
            *reinterpret_cast<uint4*>(&sA[row * PAD_LD + col]) = a;
            *reinterpret_cast<uint4*>(&sB[row * PAD_LD + col]) = b;
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < LD_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[row * PAD_LD + col]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int col = kk * 16 + ((lane >> 3) & 1) * 8;
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[row * PAD_LD + col]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();
    }
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}
