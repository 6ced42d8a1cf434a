// tilelab kernel collection: minimal reproductions of the places where the emulator's counts and ncu's differ
// Source:  tilelab (written for this repository; docs/FIDELITY.md names the miss each kernel reproduces)
// Licence: MIT, as the repository
//
// Each kernel is the smallest launch that shows one cause on an H200 (sm_90): the manifest
// marks its entry `repro = "..."` with the cause, and docs/FIDELITY.md lists which recorded
// kernels miss for that cause. When the emulator models a cause, its repro's counts equal ncu's.

// ptxas merges scalar shared loads into LDS.128: every lane of warp w reads the words
// row[w][0..31], one ld.shared.f32 each in the PTX; the row is 16-byte aligned and the
// offsets are constants, so ptxas issues 8 LDS.128 (all lanes the same address: a
// broadcast). The emulator counts 32 requests of 1 wavefront per warp.
// (recorded: kernels/matmul_tiled.cu matmulTiled16 and matmulTiled32, the sA[ty][k] reads)
__global__ void reproLds128Broadcast(const float* src, float* dst)
{
    __shared__ __align__(16) float row[2][32];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    row[w][lane] = src[threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 32; ++k)
        acc += row[w][k] * (float)(lane + k);
    dst[threadIdx.x] = acc;
}

// Requests of warps whose lanes are all predicated off: a tree reduction's `if (tid < s)`
// body is two loads and a store, which ptxas predicates instead of branching around, so
// every warp of the block issues them at every step. ncu counts a request for each warp
// instruction executed; the emulator counts only requests with an active lane. Wavefronts
// agree (an all-off request moves no data).
// (the reductions of collection/reduction.cu; issue 13 names reduce1: 380 requests, ncu 516)
__global__ void reproPredicatedOffTree(const float* src, float* dst)
{
    __shared__ float s[128];
    unsigned tid = threadIdx.x;
    s[tid] = src[blockIdx.x * 128 + tid];
    __syncthreads();
    for (unsigned stride = 64; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        dst[blockIdx.x] = s[0];
}

// A 16-byte shared load whose 32 lanes all read the same address: 2 wavefronts on the
// H200, not the 4 that four 8-lane phases would give (lane pairs that share an address
// are served together). Modelled since commit ea7cbb6 (tilelab/emu/metrics.py); before
// it the emulator said 4. (recorded: bench/results/gpu_wide_access-2026-12-01.json,
// 21 of 220 patterns, all 8/16-byte loads whose lane pairs share addresses)
__global__ void reproFloat4Broadcast(const float* src, float* dst)
{
    __shared__ float4 s[32];
    s[threadIdx.x] = reinterpret_cast<const float4*>(src)[threadIdx.x];
    __syncthreads();
    reinterpret_cast<float4*>(dst)[threadIdx.x] = s[0];
}
