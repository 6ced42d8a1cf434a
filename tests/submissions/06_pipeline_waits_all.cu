// A 3-stage cp.async pipeline in form (three stage buffers, the next tile issued and committed every
// iteration) that waits for every copy, the one just issued too, before its Tensor Core instructions
// run: nothing is in flight while it computes. Held out: written after the pipeline check, unlike
// 06_pipeline_one_stage.cu (the one-stage rung).
#include <cuda_fp16.h>
#define BK 64                          // halves per shared row: 128 bytes, all 32 banks
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

// C tile store: accumulator i of an m16n8 tile is at (row g + 8 * (i >= 2), col 2t + (i & 1)).
__device__ __forceinline__ void storeAcc(float* C, int N, int row, int col, const float (&d)[4])
{
    *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(d[0], d[1]);
    *reinterpret_cast<float2*>(&C[(size_t)(row + 8) * N + col]) = make_float2(d[2], d[3]);
}

// Swizzle<3,3,3> on a half offset within a tile of 64-half rows: XOR the 16-byte chunk
// (bits 3..5) with the row mod 8 (bits 6..8). A bijection within each row.
__device__ __forceinline__ int swz(int o)
{
    return o ^ ((o & (7 << 6)) >> 3);
}

__device__ __forceinline__ void cpAsync16(unsigned smem, const void* gmem)
{
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16;\n" :: "r"(smem), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cpAsyncCommit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

template <int N>
__device__ __forceinline__ void cpAsyncWait()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
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
        cpAsyncWait<0>();                                     // every copy landed, the next tile too
        mmaStage(acc, smem + (kt % STAGES) * STAGE_HALVES, wm, wn, lane);
    }
    cpAsyncWait<0>();
    int g = lane >> 2, t = lane & 3;
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 4; ++j)
            storeAcc(C, N, bm + wm * 64 + i * 16 + g, bn + wn * 32 + j * 8 + 2 * t, acc[i][j]);
}
