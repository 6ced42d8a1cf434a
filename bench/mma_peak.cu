// The ceiling of lesson 06's instruction on this GPU: mma.sync m16n8k16 (fp16 in, fp32 accumulate)
// from registers only, no memory traffic, eight independent accumulators per warp so the tensor pipe
// never waits on a result. bench/gpu_tensor_ladder.py times it under the same sustained protocol as
// the ladders: it bounds what any mma.sync kernel can reach, next to cuBLAS (which uses wgmma).
__device__ __forceinline__ void peakMma(float (&d)[4], const unsigned (&a)[4], unsigned b0, unsigned b1)
{
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b0), "r"(b1));
}

__global__ void __launch_bounds__(256) mmaSyncPeak(float* out, int iters)
{
    unsigned a[4], b0 = 0x3c003c00u ^ threadIdx.x, b1 = 0x3c003c00u;   // fp16 pairs near 1.0
#pragma unroll
    for (int i = 0; i < 4; ++i) a[i] = 0x3c003c00u + (threadIdx.x & 7) + i;
    float d[8][4] = {};
    for (int it = 0; it < iters; ++it) {
#pragma unroll
        for (int j = 0; j < 8; ++j) peakMma(d[j], a, b0, b1);
    }
    float s = 0.f;
#pragma unroll
    for (int j = 0; j < 8; ++j) s += d[j][0] + d[j][1] + d[j][2] + d[j][3];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;                      // keeps the work alive
}
