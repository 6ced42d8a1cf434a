// tilelab kernel collection: a shared load ptxas moves past the branch after it (llama2.cu's softmax miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a sixteenth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: a shared load ptxas moves past the branch after it (docs/SASS_COUNTS.md, "Loads ptxas sank").
// llama2.cu's softmax_gpu as a kernel: the PTX reads s_max after the barrier, before the
// second loop's skip branch; ptxas reads it on the loop's side of that branch, so only the warps with a
// lane that enters the loop execute the LDS.
#include <cub/cub.cuh>

struct MaxOp {
    __device__ float operator()(float a, float b) const { return a > b ? a : b; }
};

__global__ void reproSunkSharedLoad(float* __restrict__ x, int size)
{
    using BlockReduce = cub::BlockReduce<float, 1024>;
    __shared__ typename BlockReduce::TempStorage temp;
    __shared__ float s_max;
    int tid = threadIdx.x;
    int step = blockDim.x;
    float max_val = tid < size ? x[tid] : 0;
    for (int i = tid + step; i < size; i += step)
        if (x[i] > max_val)
            max_val = x[i];
    max_val = BlockReduce(temp).Reduce(max_val, MaxOp());
    if (threadIdx.x == 0)
        s_max = max_val;
    __syncthreads();
    max_val = s_max;
    float sum = 0.0f;
    for (int i = tid; i < size; i += step) {
        x[i] = expf(x[i] - max_val);
        sum += x[i];
    }
    sum = BlockReduce(temp).Sum(sum);
    if (threadIdx.x == 0)
        s_max = sum;
    __syncthreads();
    sum = s_max;
    for (int i = tid; i < size; i += step)
        x[i] /= sum;
}
