// mma_nmajor.cu: the swizzle must follow the storage order (lesson 06's "step 3" trap).
//
// C (M x N, fp32) = A (M x K, fp16, K-major) * B (K x N, fp16, row-major: "N-major").
// Same block as mma_ladder.cu's rung 2 (128 x 128 x 64 tile, 8 warps of 64 x 32, A
// swizzled with Swizzle<3,3,3>), but B is not transposed in memory: its tile is stored as
// it comes, k rows of n, in two 64-column panels, so each shared row is 64 halves = 128
// bytes, and the fragments are loaded with ldmatrix.trans (each 8x8 matrix: 8 k rows of
// 8 n; .trans hands lane (g, t) the elements (k 2t, 2t+1; n g) that mma wants for B).
//
//   mmaNMajorPlain     B's chunk c of row k at chunk c: the 8 k rows of a matrix hit the
//                      same 4 banks, 8-way (32 wavefronts per ldmatrix.x4)
//   mmaNMajorTrap      A's recipe carried over by its *roles* ("XOR the chunk with the
//                      K-chunk index"): chunk c ^ ((k / 8) % 8). A bijection, right
//                      results, but the 8 rows of a matrix share k / 8: still 8-way
//   mmaNMajorSwizzled  Swizzle<3,3,3> on the *storage* offset k * 64 + n: chunk c ^ (k % 8),
//                      keyed on the row that ldmatrix walks: 4 wavefronts
// (With B stored K-major, as Bt in mma_ladder.cu, the rows are n and A's formula is right.)
//
// Constraints: M % 128 == 0, N % 128 == 0, K % 64 == 0; A, B 16-byte aligned; sm_80+.
// Launch: block = (256), grid = (N / 128, M / 128), static shared 32 KB.

#include <cuda_fp16.h>

#define NM_BK 64

__device__ __forceinline__ unsigned nmSmem(const void* p)
{
    return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ __forceinline__ void nmLdsmX4(unsigned (&r)[4], unsigned addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}

__device__ __forceinline__ void nmLdsmX4Trans(unsigned (&r)[4], unsigned addr)
{
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.trans.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3]) : "r"(addr));
}

__device__ __forceinline__ void nmMma(float (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__device__ __forceinline__ int nmSwz(int o)                 // Swizzle<3,3,3> on a half offset
{
    return o ^ ((o & (7 << 6)) >> 3);
}

// where half (k, n) of the B tile lives: panel n / 64, row k, column n % 64 (placed per MODE)
template <int MODE>
__device__ __forceinline__ int bAt(int k, int n)
{
    int o = (n >> 6) * (NM_BK * 64), c = n & 63;
    if (MODE == 0) return o + k * 64 + c;                                   // plain
    if (MODE == 1) return o + k * 64 + (c ^ (((k >> 3) & 7) << 3));        // the trap
    return o + nmSwz(k * 64 + c);                                           // storage order
}

template <int MODE>
__device__ __forceinline__ void mmaNMajor(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    __shared__ __align__(128) __half sA[128 * NM_BK];
    __shared__ __align__(128) __half sB[NM_BK * 128];
    int tid = threadIdx.x, lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128, bn = blockIdx.x * 128;
    float acc[4][4][4] = {};

    for (int k0 = 0; k0 < K; k0 += NM_BK) {
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int c = tid + i * 256;
            int row = c >> 3, col = (c & 7) * 8;              // A: 128 rows x 8 chunks
            *reinterpret_cast<uint4*>(&sA[nmSwz(row * NM_BK + col)]) =
                *reinterpret_cast<const uint4*>(A + (size_t)(bm + row) * K + k0 + col);
            int k = c >> 4, n = (c & 15) * 8;                 // B: 64 k rows x 16 chunks of n
            *reinterpret_cast<uint4*>(&sB[bAt<MODE>(k, n)]) =
                *reinterpret_cast<const uint4*>(B + (size_t)(k0 + k) * N + bn + n);
        }
        __syncthreads();
#pragma unroll
        for (int kk = 0; kk < NM_BK / 16; ++kk) {
            unsigned a[4][4], b[4][2];
#pragma unroll
            for (int i = 0; i < 4; ++i) {
                int row = wm * 64 + i * 16 + (lane & 15), col = kk * 16 + (lane >> 4) * 8;
                nmLdsmX4(a[i], nmSmem(&sA[nmSwz(row * NM_BK + col)]));
            }
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                // matrix m = lane / 8: k rows kk*16 + 8 (m % 2) .., n columns 8 (m / 2) ..
                int m = lane >> 3;
                int k = kk * 16 + (m & 1) * 8 + (lane & 7);
                int n = wn * 32 + p * 16 + (m >> 1) * 8;
                unsigned r[4];
                nmLdsmX4Trans(r, nmSmem(&sB[bAt<MODE>(k, n)]));
                b[2 * p][0] = r[0]; b[2 * p][1] = r[1]; b[2 * p + 1][0] = r[2]; b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 4; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    nmMma(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();
    }
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int row = bm + wm * 64 + i * 16 + g, col = bn + wn * 32 + j * 8 + 2 * t;
            *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(acc[i][j][0], acc[i][j][1]);
            *reinterpret_cast<float2*>(&C[(size_t)(row + 8) * N + col]) = make_float2(acc[i][j][2], acc[i][j][3]);
        }
}

__global__ void __launch_bounds__(256) mmaNMajorPlain(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    mmaNMajor<0>(A, B, C, M, N, K);
}

__global__ void __launch_bounds__(256) mmaNMajorTrap(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    mmaNMajor<1>(A, B, C, M, N, K);
}

__global__ void __launch_bounds__(256) mmaNMajorSwizzled(const __half* A, const __half* B, float* C, int M, int N, int K)
{
    mmaNMajor<2>(A, B, C, M, N, K);
}
