// tilelab kernel collection: shared loads of one buffer while other warps store the next (steps 11 and 12's miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirteenth unseen suite")
// Licence: MIT, as the repository
//
// how-to-optimize-gemm's steps 11 and 12 double-buffer their tiles with no barrier between a
// warp's stores to the next buffer and the other warps' loads of this one; step 10, the same
// loads with a barrier between, has ncu's shared-load total equal to its addresses' wavefronts.
// Both kernels here: one block of 256 threads, 16 steps; each thread stores two float4 of the
// next step's tile (conflict-free STS.128) and reads 16 float4 of this step's (each warp 32
// consecutive float4, 4 wavefronts an LDS.128, no conflict). reproLdsStsOverlap has only the
// barrier at the end of a step, so a warp's loads run while other warps still store;
// reproLdsStsApart adds a barrier between the stores and the loads. The addresses, and so
// every request's wavefronts, are the same in both. On the H200 (bench/results/
// fidelity-2026-12-03-htog-repeats.json) both count 8,192 load wavefronts in every run, their
// addresses' count and the emulator's: the overlap alone makes no excess, while the steps'
// totals exceed their own per-instruction counts by amounts that move from run to run.

__device__ __forceinline__ void step_loads(const float4* tile, int t, float4& acc)
{
#pragma unroll
    for (int j = 0; j < 16; ++j) {
        float4 v = tile[(t + 32 * j) & 511];
        acc.x += v.x; acc.y += v.y; acc.z += v.z; acc.w += v.w;
    }
}

__global__ void reproLdsStsOverlap(const float* src, float* out)
{
    __shared__ __align__(16) float4 buf[2][512];
    const float4* in = reinterpret_cast<const float4*>(src);
    int t = threadIdx.x;
    buf[0][t] = in[t];
    buf[0][t + 256] = in[t + 256];
    __syncthreads();
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int s = 0; s < 16; ++s) {
        int cur = s & 1;
        if (s + 1 < 16) {
            buf[cur ^ 1][t] = in[(s + 1) * 512 + t];
            buf[cur ^ 1][t + 256] = in[(s + 1) * 512 + t + 256];
        }
        step_loads(buf[cur], t, acc);
        __syncthreads();
    }
    out[t] = (acc.x + acc.y) + (acc.z + acc.w);
}

__global__ void reproLdsStsApart(const float* src, float* out)
{
    __shared__ __align__(16) float4 buf[2][512];
    const float4* in = reinterpret_cast<const float4*>(src);
    int t = threadIdx.x;
    buf[0][t] = in[t];
    buf[0][t + 256] = in[t + 256];
    __syncthreads();
    float4 acc = make_float4(0.f, 0.f, 0.f, 0.f);
    for (int s = 0; s < 16; ++s) {
        int cur = s & 1;
        if (s + 1 < 16) {
            buf[cur ^ 1][t] = in[(s + 1) * 512 + t];
            buf[cur ^ 1][t + 256] = in[(s + 1) * 512 + t + 256];
        }
        __syncthreads();
        step_loads(buf[cur], t, acc);
        __syncthreads();
    }
    out[t] = (acc.x + acc.y) + (acc.z + acc.w);
}
