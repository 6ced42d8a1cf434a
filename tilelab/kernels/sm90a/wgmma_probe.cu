// How wgmma accumulates, measured: each block is one warpgroup that computes
//     D (64 x 8, fp32) = C (64 x 8, fp32, or 0 when useC == 0) + sum over STEPS k16 steps of A_s * B_s^T
// with STEPS successive wgmma.mma_async m64n8k16 instructions into the same accumulators, on its own
// inputs (trial t = blockIdx.x). A: trials x 64 x (16 STEPS), B: trials x 8 x (16 STEPS) (fp16 or bf16 bits),
// C and D: trials x 64 x 8. bench/gpu_wgmma_probe.py draws the inputs and records D's bits, which the
// emulator's wgmma must reproduce exactly.
//
// The operands go to shared memory in the no-swizzle core-matrix layout (8 rows x 16 bytes each, 128
// contiguous bytes): element (r, k) of A at (k / 8) * 1024 + (r / 8) * 128 + (r % 8) * 16 + (k % 8) * 2,
// of B at (k / 8) * 128 + n * 16 + (k % 8) * 2.
#include "hopper.h"

#ifndef STEPS
#define STEPS 1
#endif

template <bool BF16>
__device__ __forceinline__ void probe(const uint16_t* A, const uint16_t* B, const float* C, float* D, int useC)
{
    constexpr int KW = 16 * STEPS;
    __shared__ __align__(128) uint16_t sA[64 * KW];
    __shared__ __align__(128) uint16_t sB[8 * KW];
    const int t = blockIdx.x;
    A += (size_t)t * 64 * KW;
    B += (size_t)t * 8 * KW;
    C += (size_t)t * 64 * 8;
    D += (size_t)t * 64 * 8;
    for (int i = threadIdx.x; i < 64 * KW; i += blockDim.x) {
        const int r = i / KW, k = i % KW;
        sA[((k / 8) * 1024 + (r / 8) * 128 + (r % 8) * 16 + (k % 8) * 2) / 2] = A[i];
    }
    for (int i = threadIdx.x; i < 8 * KW; i += blockDim.x) {
        const int n = i / KW, k = i % KW;
        sB[((k / 8) * 128 + n * 16 + (k % 8) * 2) / 2] = B[i];
    }
    fence_proxy_async();                 // ordinary stores, read next by the tensor cores
    __syncthreads();

    const int w = threadIdx.x / 32, l = threadIdx.x % 32;
    const int r = 16 * w + l / 4, c = 2 * (l % 4);
    float d[4] = {C[r * 8 + c], C[r * 8 + c + 1], C[(r + 8) * 8 + c], C[(r + 8) * 8 + c + 1]};
    wgmma_fence();
#pragma unroll
    for (int s = 0; s < STEPS; ++s) {
        const uint64_t da = desc_none(sA + s * 1024, 1024, 128);   // two K chunks: 1,024 bytes apart
        const uint64_t db = desc_none(sB + s * 128, 128, 256);     // n8: one 8-row group
        const int scale = (s > 0 || useC) ? 1 : 0;
        if (BF16) wgmma_m64n8k16_bf16(d, da, db, scale);
        else      wgmma_m64n8k16_f16(d, da, db, scale);
    }
    wgmma_commit();
    wgmma_wait<0>();
    fence_acc(d);
    D[r * 8 + c] = d[0];
    D[r * 8 + c + 1] = d[1];
    D[(r + 8) * 8 + c] = d[2];
    D[(r + 8) * 8 + c + 1] = d[3];
}

__global__ void __launch_bounds__(128) wgmmaProbeF16(const uint16_t* A, const uint16_t* B, const float* C,
                                                     float* D, int useC)
{
    probe<false>(A, B, C, D, useC);
}

__global__ void __launch_bounds__(128) wgmmaProbeBF16(const uint16_t* A, const uint16_t* B, const float* C,
                                                      float* D, int useC)
{
    probe<true>(A, B, C, D, useC);
}

// What the TMA writes: one box of a 2-D uint16 tensor at (x, y) (innermost first) copied into shared
// memory as the tensor map's swizzle mode lays it out, then dumped byte for byte (`bytes` of them).
// Out-of-bounds elements arrive as zeros.
__global__ void __launch_bounds__(128) tmaBoxDump(const __grid_constant__ CUtensorMap map, uint16_t* out,
                                                  int x, int y, int bytes)
{
    __shared__ __align__(1024) uint16_t box[8192];     // 16 KiB: the largest box dumped
    __shared__ uint64_t bar;
    if (threadIdx.x == 0) {
        mbar_init(&bar, 1);
        fence_proxy_async();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        mbar_arrive_expect_tx(&bar, bytes);
        tma_load_2d(box, &map, &bar, x, y);
    }
    mbar_wait(&bar, 0);
    for (int i = threadIdx.x; i < bytes / 2; i += blockDim.x) out[i] = box[i];
}

// A TMA round trip for the timing pool's test (tests/test_gpu_tensormap.py): block b copies box row b
// (64 rows x 64 float32, no swizzle) of `in` into shared memory with the TMA and stores it with the
// TMA into `out` through `mapOut`, a tensor map of the output. `out` is only ever written through the
// map, so a launch whose map named another buffer than `out` leaves `out` as it found it.
__global__ void __launch_bounds__(128) tmaStoreRoundTrip(const __grid_constant__ CUtensorMap mapIn,
                                                         const __grid_constant__ CUtensorMap mapOut,
                                                         const float* in, float* out)
{
    __shared__ __align__(1024) float tile[64 * 64];
    __shared__ uint64_t bar;
    if (threadIdx.x == 0) {
        mbar_init(&bar, 1);
        fence_proxy_async();
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        mbar_arrive_expect_tx(&bar, sizeof(tile));
        tma_load_2d(tile, &mapIn, &bar, 0, 64 * blockIdx.x);
    }
    mbar_wait(&bar, 0);
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                     :: "l"(reinterpret_cast<uint64_t>(&mapOut)), "r"(0), "r"(64 * (int)blockIdx.x),
                        "r"(smem_u32(tile)) : "memory");
        asm volatile("cp.async.bulk.commit_group;" ::: "memory");
        asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
    }
}
