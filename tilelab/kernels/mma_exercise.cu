// mma_exercise.cu: exercise 06's three Tensor Core GEMMs (course/*/exercises/06_tensor_cores.md),
// the reference answers, with the lines the learner writes marked by the learner comment pair
// (course/README.md, "Kernels").
// The exercise's cells include them by name; the helpers they call are those of the lesson's files.
//
//   gemmSwizzledA   mma_ladder.cu's rung 2 with Bt's tile swizzled by hand: swizzle A's to match
//   gemmNMajorB     B stored N-major (K x N), loaded with ldmatrix.trans: bAt() places its chunks
//                   so that ldmatrix is conflict-free (mma_nmajor.cu's trap, avoided)
//   gemmPipelined   rung 3 (16-byte cp.async, both tiles swizzled) with a STAGES-deep pipeline
//
// Constraints: M % 128 == 0, N % 128 == 0, K % 64 == 0; A, B 16-byte aligned; sm_80+.
// Launch: block = (256), grid = (N / 128, M / 128); gemmSwizzledA and gemmNMajorB static shared
// (32 KB), gemmPipelined dynamic shared STAGES x 32 KB (98304 bytes).

#include <cuda_fp16.h>
#include "mma_ladder.cu"       // smemAddr, ldsmX4, mma16816, storeAcc, swz, cpAsync16
#include "mma_nmajor.cu"       // nmLdsmX4Trans
#include "cp_async_copy.cu"    // cpAsyncCommit, cpAsyncWait

#define BK 64                          // halves per shared row: 128 bytes, all 32 banks

// C (M x N, fp32) = A (M x K, fp16) * Bt^T (Bt: N x K, fp16); a 128 x 128 x 64 tile per block
// of 256 threads (8 warps of 64 x 32). Bt's tile is already swizzled (chunk c of row r at chunk
// c ^ (r % 8)): make A's match, with swz(), Swizzle<3,3,3> on the half offset.
// M, N multiples of 128, K of 64. Block (256), grid (N / 128, M / 128).
__global__ void __launch_bounds__(256) gemmSwizzledA(const __half* A, const __half* Bt, float* C,
                                                     int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * BK];
    __shared__ __align__(128) __half sB[128 * BK];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = 0; i < 4; ++i) {                    // 128 rows x 8 chunks of 16 bytes, 4 per thread
            int c = tid + i * 256, row = c >> 3, chunk = c & 7, col = chunk * 8;
            uint4 a = *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            uint4 b = *reinterpret_cast<const uint4*>(Bt + (size_t)(bn + row) * K + k0 + col);
            *reinterpret_cast<uint4*>(&sB[row * BK + (chunk ^ (row & 7)) * 8]) = b;
            // the A chunk (row, col .. col+7) into sA, swizzled:
            // >>> learner
            *reinterpret_cast<uint4*>(&sA[swz(row * BK + col)]) = a;
            // <<< learner
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                // A fragment i: lanes 0-15 give rows 0-15 of the m16 tile at k 0..7 of the slice,
                // lanes 16-31 the same rows at k 8..15
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                // >>> learner
                ldsmX4(a[i], smemAddr(&sA[swz(row * BK + col)]));
                // <<< learner
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
                int chunk = kk * 2 + ((lane >> 3) & 1);
                unsigned r[4];
                ldsmX4(r, smemAddr(&sB[row * BK + (chunk ^ (row & 7)) * 8]));
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
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// C (M x N, fp32) = A (M x K, fp16, K-major) * B (K x N, fp16, row-major: N-major); a 128 x 128
// x 64 tile per block of 256 threads (8 warps of 64 x 32). A's tile is swizzled already. B's
// tile is kept as it comes, k rows of n, in two panels of 64 columns (128-byte rows), and its
// fragments are loaded with ldmatrix.trans. Place B's chunks so that ldmatrix is conflict-free.
// M, N multiples of 128, K of 64. Block (256), grid (N / 128, M / 128).
__device__ __forceinline__ int bAt(int k, int n)  // where half (k, n) of the B tile lives
{
    int panel = (n >> 6) * (BK * 64);            // columns 0-63, then 64-127
    // >>> learner
    return panel + swz(k * 64 + (n & 63));
    // <<< learner
    return -1;
}

__global__ void __launch_bounds__(256) gemmNMajorB(const __half* A, const __half* B, float* C,
                                                   int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * BK];
    __shared__ __align__(128) __half sB[BK * 128];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += BK) {
        for (int i = 0; i < 4; ++i) {
            int c = tid + i * 256;
            int row = c >> 3, col = (c & 7) * 8;          // A: 128 rows x 8 chunks
            *reinterpret_cast<uint4*>(&sA[swz(row * BK + col)]) =
                *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            int k = c >> 4, n = (c & 15) * 8;             // B: 64 k rows x 16 chunks of 8 n
            *reinterpret_cast<uint4*>(&sB[bAt(k, n)]) =
                *reinterpret_cast<const uint4*>(B + (size_t)(k0 + k) * N + bn + n);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                ldsmX4(a[i], smemAddr(&sA[swz(row * BK + col)]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                // two n8 tiles per ldmatrix.x4.trans: matrix m = lane / 8 holds k rows
                // kk*16 + 8 (m % 2) .. +7 of n columns wn*32 + p*16 + 8 (m / 2) .. +7
                unsigned r[4];
                // >>> learner
                int m = lane >> 3;
                int k = kk * 16 + (m & 1) * 8 + (lane & 7);
                int n = wn * 32 + p * 16 + (m >> 1) * 8;
                nmLdsmX4Trans(r, smemAddr(&sB[bAt(k, n)]));
                // <<< learner
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
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}

// C (M x N, fp32) = A (M x K, fp16) * Bt^T (Bt: N x K, fp16); a 128 x 128 x 64 tile per block
// of 256 threads (8 warps of 64 x 32), both tiles Swizzle<3,3,3>, filled with 16-byte cp.async.
// Add a STAGES-deep pipeline: while tile kt is multiplied, tiles kt+1 .. kt+STAGES-1 are in
// flight. Dynamic shared memory: STAGES x 32 KB (launch with shared = 98304).
// M, N multiples of 128, K of 64. Block (256), grid (N / 128, M / 128).
#define STAGES 3
#define STAGE_HALVES (2 * 128 * BK)                      // A tile, then Bt tile
// issue the cp.async copies of k-tile k0 into one stage (does not wait)
__device__ __forceinline__ void loadStage(__half* st, const __half* A, const __half* Bt, int bm, int bn,
                                          int K, int k0, int tid)
{
    for (int i = 0; i < 4; ++i) {
        int c = tid + i * 256, row = c >> 3, col = (c & 7) * 8;
        cpAsync16(smemAddr(&st[swz(row * BK + col)]), A + (size_t)(bm + row) * K + k0 + col);
        cpAsync16(smemAddr(&st[128 * BK + swz(row * BK + col)]), Bt + (size_t)(bn + row) * K + k0 + col);
    }
}

// the multiply of one stage into the accumulators
__device__ __forceinline__ void mmaStage(float (&acc)[4][4][4], const __half* st, int wm, int wn, int lane)
{
    const __half* sA = st;
    const __half* sB = st + 128 * BK;
#pragma unroll
    for (int kk = 0; kk < BK / 16; ++kk) {
        unsigned a[4][4], b[4][2];
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
            ldsmX4(a[i], smemAddr(&sA[swz(row * BK + col)]));
        }
#pragma unroll
        for (int p = 0; p < 2; ++p) {
            int row = wn * 32 + p * 16 + (lane >> 4) * 8 + (lane & 7);
            int col = kk * 16 + ((lane >> 3) & 1) * 8;
            unsigned r[4];
            ldsmX4(r, smemAddr(&sB[swz(row * BK + col)]));
            b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
        }
#pragma unroll
        for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j)
                mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
    }
}

__global__ void __launch_bounds__(256) gemmPipelined(const __half* A, const __half* Bt, float* C,
                                                     int M, int N, int K)
{
    extern __shared__ __align__(128) __half smem[];          // STAGES x (A tile, Bt tile)
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    int numK = K / BK;
    float acc[4][4][4] = {};

    // the main loop: a prologue of STAGES-1 tiles in flight, then per tile: wait for it,
    // refill the stage freed last iteration, multiply (loadStage and mmaStage do the work)
    // >>> learner
    for (int s = 0; s < STAGES - 1; ++s) {                    // tiles 0 .. STAGES-2 in flight
        if (s < numK)
            loadStage(smem + s * STAGE_HALVES, A, Bt, bm, bn, K, s * BK, tid);
        cpAsyncCommit();                                      // one group per tile, empty or not
    }
    for (int kt = 0; kt < numK; ++kt) {
        cpAsyncWait<STAGES - 2>();                            // tile kt has landed (mine) ...
        __syncthreads();                                      // ... everybody's; stage kt-1 is free
        int next = kt + STAGES - 1;
        if (next < numK)
            loadStage(smem + (next % STAGES) * STAGE_HALVES, A, Bt, bm, bn, K, next * BK, tid);
        cpAsyncCommit();
        mmaStage(acc, smem + (kt % STAGES) * STAGE_HALVES, wm, wn, lane);
    }
    cpAsyncWait<0>();
    // <<< learner
    int g = lane >> 2, t = lane & 3;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}
