// tilelab kernel collection: where ptxas places static shared variables (the seventeenth unseen suite's miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a seventeenth unseen suite")
// Licence: MIT, as the repository
//
// NVVM splits a __shared__ unsigned long long x[2] indexed by constants into two variables
// (x_$_0, x_$_1, each .align 8). ptxas places a block's static shared variables in declaration
// order, each at its declared alignment, and merges accesses of two variables that lie side by
// side: lane `src` stores x[0] and x[1] as one STS.128 and the other lanes load them as one
// LDS.128 when x starts the block's shared memory (reproSharedPairAlone). A 4-byte neighbour
// declared first puts x at 8: then nothing merges, two STS.64 and two LDS.64
// (reproSharedPairAfterWord). An 8-byte neighbour puts x at 8 too, and ptxas merges the
// neighbour with x[0] instead (STS.128 and LDS.128 at 0, x[1] alone: reproSharedPairAfterDouble).
// CUDA-GECKO's kernel_filter_hits_parallel_shared broadcasts through such a v_shared[2].

__global__ void reproSharedPairAlone(unsigned long long* out, const unsigned long long* in, int src)
{
    __shared__ unsigned long long x[2];
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == src) { x[0] = in[2 * blockIdx.x]; x[1] = in[2 * blockIdx.x + 1]; }
    __syncthreads();
    if (threadIdx.x != src) out[t] = x[0] ^ x[1];
}

__global__ void reproSharedPairAfterWord(unsigned long long* out, const unsigned long long* in, int src)
{
    __shared__ unsigned n[1];
    __shared__ unsigned long long x[2];
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == src) { n[0] = t; x[0] = in[2 * blockIdx.x]; x[1] = in[2 * blockIdx.x + 1]; }
    __syncthreads();
    if (threadIdx.x != src) out[t] = (x[0] ^ x[1]) + n[0];
}

__global__ void reproSharedPairAfterDouble(unsigned long long* out, const unsigned long long* in, int src)
{
    __shared__ unsigned long long n[1];
    __shared__ unsigned long long x[2];
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadIdx.x == src) { n[0] = t; x[0] = in[2 * blockIdx.x]; x[1] = in[2 * blockIdx.x + 1]; }
    __syncthreads();
    if (threadIdx.x != src) out[t] = (x[0] ^ x[1]) + n[0];
}
