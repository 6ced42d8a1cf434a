// mma_padded.cu: padding instead of swizzling, for ldmatrix (lesson 06).
//
// mma_ladder.cu's rung 1 (128 x 128 x 64 block tile, 8 warps of 64 x 32, ldmatrix.x4 +
// mma.sync m16n8k16) with every shared row padded from 64 to PAD_LD = 72 halves
// (128 -> 144 bytes). Row r then starts 4 banks after row r-1, so the 8 row addresses of
// one 8x8 matrix cover all 32 banks: conflict-free, 4 wavefronts per ldmatrix.x4, like
// Swizzle<3,3,3>, but the two tiles take 36,864 bytes instead of 32,768 (+12.5%).
// The pad must keep every row address 16-byte aligned (ldmatrix requires it): a multiple
// of 8 halves. The "+2 halves" pad of the source material (66-half, 132-byte rows) is
// illegal here: the emulator reports each row address that is not 16-byte aligned, and a
// GPU faults (tests/submissions/06_pad_two.cu).
//
// Constraints: M % 128 == 0, N % 128 == 0, K % 64 == 0; A, Bt 16-byte aligned; sm_80+.
// Launch: block = (256), grid = (N / 128, M / 128), static shared 36,864 bytes.

#include <cuda_fp16.h>

#define LD_BK 64                 // halves of K per tile
#define PAD_LD 72                // halves per shared row: 64 + 8 of padding (144 bytes)
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

// C tile store: accumulator i of an m16n8 tile is at (row g + 8 * (i >= 2), col 2t + (i & 1)).
__device__ __forceinline__ void storeAcc(float* C, int N, int row, int col, const float (&d)[4])
{
    *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(d[0], d[1]);
    *reinterpret_cast<float2*>(&C[(size_t)(row + 8) * N + col]) = make_float2(d[2], d[3]);
}

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
