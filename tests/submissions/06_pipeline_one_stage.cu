// The one-stage cp.async kernel (rung 3) handed in for the pipelined cell: right, clean and its copies
// conflict-free, but it waits for every copy before its Tensor Core instructions run: no stage is in
// flight while it computes. Measured on the emulator (tilelab/pipeline.py), it has no pipeline.
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

// ---------------------------------------------------------------- rung 3: + 16-byte cp.async
__global__ void __launch_bounds__(LD_THREADS) gemmPipelined(const __half* A, const __half* Bt, float* C,
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
