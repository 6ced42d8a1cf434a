#include <cuda_fp16.h>
// The same product with WMMA instead of ldmatrix + mma.sync: each warp loads 16x16 fragments
// straight from global memory and accumulates a 64 x 32 tile. nvcuda::wmma (<mma.h>) compiles
// to exactly these wmma.load / wmma.mma / wmma.store PTX instructions; they are written out
// here because <mma.h> needs crt/mma.h, which the NVRTC pip wheels do not ship.
__device__ __forceinline__ void wmmaLoadA(unsigned (&a)[8], const __half* p, int ld)
{
    asm volatile("wmma.load.a.sync.aligned.row.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3]), "=r"(a[4]), "=r"(a[5]), "=r"(a[6]), "=r"(a[7])
                 : "l"(p), "r"(ld));
}
__device__ __forceinline__ void wmmaLoadB(unsigned (&b)[8], const __half* p, int ld)
{
    asm volatile("wmma.load.b.sync.aligned.col.m16n16k16.global.f16 {%0,%1,%2,%3,%4,%5,%6,%7}, [%8], %9;"
                 : "=r"(b[0]), "=r"(b[1]), "=r"(b[2]), "=r"(b[3]), "=r"(b[4]), "=r"(b[5]), "=r"(b[6]), "=r"(b[7])
                 : "l"(p), "r"(ld));
}
__device__ __forceinline__ void wmmaMma(float (&d)[8], const unsigned (&a)[8], const unsigned (&b)[8])
{
    asm volatile("wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32 "
                 "{%0,%1,%2,%3,%4,%5,%6,%7}, {%8,%9,%10,%11,%12,%13,%14,%15}, "
                 "{%16,%17,%18,%19,%20,%21,%22,%23}, {%0,%1,%2,%3,%4,%5,%6,%7};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(a[4]), "r"(a[5]), "r"(a[6]), "r"(a[7]),
                   "r"(b[0]), "r"(b[1]), "r"(b[2]), "r"(b[3]), "r"(b[4]), "r"(b[5]), "r"(b[6]), "r"(b[7]));
}
__device__ __forceinline__ void wmmaStore(float* p, const float (&d)[8], int ld)
{
    asm volatile("wmma.store.d.sync.aligned.row.m16n16k16.global.f32 [%0], {%1,%2,%3,%4,%5,%6,%7,%8}, %9;"
                 :: "l"(p), "f"(d[0]), "f"(d[1]), "f"(d[2]), "f"(d[3]), "f"(d[4]), "f"(d[5]), "f"(d[6]), "f"(d[7]),
                    "r"(ld) : "memory");
}

__global__ void __launch_bounds__(256) gemmSwizzledA(const __half* A, const __half* Bt, float* C,
                                                     int M, int N, int K)
{
    int warp = threadIdx.x >> 5;
    int wm = warp >> 2, wn = warp & 3;
    int bm = blockIdx.y * 128 + wm * 64, bn = blockIdx.x * 128 + wn * 32;
    float acc[4][2][8] = {};
    for (int k0 = 0; k0 < K; k0 += 16) {
        unsigned a[4][8], b[2][8];
        for (int i = 0; i < 4; ++i)
            wmmaLoadA(a[i], A + (size_t)(bm + 16 * i) * K + k0, K);
        for (int j = 0; j < 2; ++j)
            wmmaLoadB(b[j], Bt + (size_t)(bn + 16 * j) * K + k0, K);      // Bt row-major = B col-major
        for (int i = 0; i < 4; ++i)
            for (int j = 0; j < 2; ++j)
                wmmaMma(acc[i][j], a[i], b[j]);
    }
    for (int i = 0; i < 4; ++i)
        for (int j = 0; j < 2; ++j)
            wmmaStore(C + (size_t)(bm + 16 * i) * N + bn + 16 * j, acc[i][j], N);
}
