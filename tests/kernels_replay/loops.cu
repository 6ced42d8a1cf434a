// Loops whose trip count ptxas cannot see, for tests/test_sass_replay.py: ptxas rebuilds each
// into predicated and unrolled copies of its load (docs/FIDELITY.md, D3).

// The trip count is len(range(start, blockDim.x, STEP)): start and blockDim.x are launch inputs,
// STEP a constant ptxas sees (a -DSTEP= option; 32 if none), so it can unroll by it.
#ifndef STEP
#define STEP 32
#endif
extern "C" __global__ void loopCounted(const float* src, float* dst, unsigned start)
{
    __shared__ float s[1024];
    s[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float acc = 0.0f;
        for (unsigned i = start; i < blockDim.x; i += STEP)
            acc += s[i];
        dst[blockIdx.x] = acc;
    }
}

// The bound is a loaded value: no replay of the SASS can know the trip count.
extern "C" __global__ void loopLoadedBound(const float* src, float* dst, const unsigned* bound)
{
    __shared__ float s[1024];
    s[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float acc = 0.0f;
        for (unsigned i = 0; i < bound[0]; i += 32)
            acc += s[i];
        dst[blockIdx.x] = acc;
    }
}
