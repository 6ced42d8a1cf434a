// mma_tile.cu: tensor cores by hand: ldmatrix + mma.sync m16n8k16, and why the
// shared-memory layout must be swizzled.
//
// C (M x N, float, row-major) = A * B^T, where A is M x K and Bt is N x K, both
// fp16 row-major ("K-major"). A block of 4 warps computes a 64 x 64 tile of C; each
// warp a 32 x 32 quarter (2 x 4 mma tiles of 16 x 8). Per BK = 64 step along K,
// the block copies a 64 x 64 tile of A and one of Bt to shared memory in 16-byte
// (uint4) chunks, then for each k16 slice every warp does 2 ldmatrix.x4 for A,
// 2 ldmatrix.x4 for Bt, and 8 mma.sync.
//
// A tile row is 64 halves = 128 bytes = all 32 banks. ldmatrix serves each 8x8
// matrix from 8 row addresses (one 16-byte chunk per row, same chunk index):
//   mmaTilePlain     chunk c of row r at chunk c: the 8 rows hit the same 4 banks,
//                    an 8-way conflict (32 wavefronts per ldmatrix.x4).
//   mmaTileSwizzled  chunk c of row r at chunk c ^ (r % 8) (CUTLASS Swizzle<3,3,3> on
//                    the half index): the 8 rows hit 8 different chunks, conflict-free
//                    (4 wavefronts per ldmatrix.x4). Same bytes, same results.
//
// Constraints: M % 64 == 0, N % 64 == 0, K % 64 == 0; A, Bt 16-byte aligned.
// Launch: block = (128), grid = (N / 64, M / 64). Needs sm_80+ on a GPU.

#include <cuda_fp16.h>

#define MMA_BM 64
#define MMA_BN 64
#define MMA_BK 64            // halves per smem row: 128 bytes
#define MMA_THREADS 128

template <bool SWIZZLE>
__device__ __forceinline__ int chunkAt(int row, int chunk)
{
    // 16-byte chunk index within a 128-byte row -> its place in shared memory
    return SWIZZLE ? (chunk ^ (row & 7)) : chunk;
}

__device__ __forceinline__ void ldmatrixX4(unsigned (&r)[4], const void* smemRow)
{
    unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(smemRow));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];\n"
                 : "=r"(r[0]), "=r"(r[1]), "=r"(r[2]), "=r"(r[3])
                 : "r"(a));
}

__device__ __forceinline__ void mma16816(float (&d)[4], const unsigned (&a)[4],
                                         unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

template <bool SWIZZLE>
__device__ __forceinline__ void mmaTile(const __half* A, const __half* Bt, float* C,
                                        int M, int N, int K)
{
    __shared__ __align__(128) __half sA[MMA_BM][MMA_BK];
    __shared__ __align__(128) __half sB[MMA_BN][MMA_BK];

    int tid = threadIdx.x;
    int lane = tid & 31, warp = tid >> 5;
    int wm = warp >> 1, wn = warp & 1;                 // this warp's 32 x 32 quarter
    int blockRow = blockIdx.y * MMA_BM, blockCol = blockIdx.x * MMA_BN;

    float acc[2][4][4];
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
#pragma unroll
            for (int e = 0; e < 4; ++e)
                acc[i][j][e] = 0.0f;

    for (int k0 = 0; k0 < K; k0 += MMA_BK) {
        // global -> shared: 64 rows x 8 chunks per matrix, 4 chunks per thread each
#pragma unroll
        for (int i = 0; i < 4; ++i) {
            int c = tid + i * MMA_THREADS;
            int row = c >> 3, chunk = c & 7;
            const uint4* ga = reinterpret_cast<const uint4*>(A + (size_t)(blockRow + row) * K + k0) + chunk;
            const uint4* gb = reinterpret_cast<const uint4*>(Bt + (size_t)(blockCol + row) * K + k0) + chunk;
            reinterpret_cast<uint4*>(&sA[row][0])[chunkAt<SWIZZLE>(row, chunk)] = *ga;
            reinterpret_cast<uint4*>(&sB[row][0])[chunkAt<SWIZZLE>(row, chunk)] = *gb;
        }
        __syncthreads();                               // tiles loaded

#pragma unroll
        for (int kk = 0; kk < MMA_BK / 16; ++kk) {
            // A fragments, one m16 x k16 per ldmatrix.x4: lanes 0-15 give rows 0-15 at
            // k chunk 2kk, lanes 16-31 rows 0-15 at chunk 2kk+1 -> regs a0..a3 as mma wants
            unsigned a[2][4];
#pragma unroll
            for (int i = 0; i < 2; ++i) {
                int row = wm * 32 + i * 16 + (lane & 15);
                int chunk = kk * 2 + (lane >> 4);
                ldmatrixX4(a[i], &sA[row][chunkAt<SWIZZLE>(row, chunk) * 8]);
            }
            // Bt fragments, two n8 tiles per ldmatrix.x4: matrix m = lane / 8 is
            // (n rows 8 * (m / 2) .. +7, k chunk 2kk + m % 2) -> b0, b1 of tile 2p, then 2p+1
            unsigned b[4][2];
#pragma unroll
            for (int p = 0; p < 2; ++p) {
                int m = lane >> 3;
                int row = wn * 32 + p * 16 + (m >> 1) * 8 + (lane & 7);
                int chunk = kk * 2 + (m & 1);
                unsigned r[4];
                ldmatrixX4(r, &sB[row][chunkAt<SWIZZLE>(row, chunk) * 8]);
                b[2 * p][0] = r[0];
                b[2 * p][1] = r[1];
                b[2 * p + 1][0] = r[2];
                b[2 * p + 1][1] = r[3];
            }
#pragma unroll
            for (int i = 0; i < 2; ++i)
#pragma unroll
                for (int j = 0; j < 4; ++j)
                    mma16816(acc[i][j], a[i], b[j][0], b[j][1]);
        }
        __syncthreads();                               // tiles consumed before the next load
    }

    // accumulator layout: c0, c1 at (row g, cols 2t, 2t+1); c2, c3 at row g + 8
    int g = lane >> 2, t = lane & 3;
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j) {
            int row = blockRow + wm * 32 + i * 16 + g;
            int col = blockCol + wn * 32 + j * 8 + 2 * t;
            *reinterpret_cast<float2*>(&C[(size_t)row * N + col]) = make_float2(acc[i][j][0], acc[i][j][1]);
            *reinterpret_cast<float2*>(&C[(size_t)(row + 8) * N + col]) = make_float2(acc[i][j][2], acc[i][j][3]);
        }
}

__global__ void mmaTilePlain(const __half* A, const __half* Bt, float* C, int M, int N, int K)
{
    mmaTile<false>(A, Bt, C, M, N, K);
}

__global__ void mmaTileSwizzled(const __half* A, const __half* Bt, float* C, int M, int N, int K)
{
    mmaTile<true>(A, Bt, C, M, N, K);
}
