// warp_reduce.cu: sums without shared memory, by exchanging registers in a warp.
//
// warpReduceSum: each warp adds its 32 elements with __shfl_down_sync (offsets
// 16, 8, 4, 2, 1); lane 0 ends with the warp's total and writes out[warp], where
// warp = global thread index / 32. out has ceil(n / 32) elements. All 32 lanes
// take part in every shuffle (full mask), so threads past n contribute 0 rather
// than leaving early.
// blockReduceSum: the same per warp, then warp totals meet in shared memory and
// warp 0 adds them: out[blockIdx.x] is the block's sum; out has gridDim.x elements.
//
// Launch (both): block = (256) (any multiple of 32, at most 1024),
//                grid = (ceil(n / blockDim.x)).

__device__ __forceinline__ float warpSum(float v)
{
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;                                  // the full sum is in lane 0
}

__global__ void warpReduceSum(const float* in, float* out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = (i < n) ? in[i] : 0.0f;
    v = warpSum(v);
    if ((threadIdx.x & 31) == 0 && i < n)     // lane 0's i = 32 * warp: the warp has data
        out[i / 32] = v;
}

__global__ void blockReduceSum(const float* in, float* out, int n)
{
    __shared__ float warpTotals[32];

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x & 31, warp = threadIdx.x >> 5;
    float v = (i < n) ? in[i] : 0.0f;
    v = warpSum(v);
    if (lane == 0)
        warpTotals[warp] = v;
    __syncthreads();

    if (warp == 0) {
        int nWarps = blockDim.x >> 5;
        v = (lane < nWarps) ? warpTotals[lane] : 0.0f;
        v = warpSum(v);
        if (lane == 0)
            out[blockIdx.x] = v;
    }
}
