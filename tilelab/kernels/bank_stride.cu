// bank_stride.cu: the shared-memory stride experiment of lesson 03 and bench/gpu_bank_stride.py.
// Lane l of every warp reads word l * stride of a shared array, 8 independent loads per
// iteration, so the time per load follows the number of bank wavefronts a stride costs.
//
// Launch: block = (256), grid = (any), out has grid * 256 ints; stride <= 33.

#define SB_WORDS 3072
// Lane l reads word l * stride, plus an offset that is a multiple of 32 words (so every load
// of the warp has the same bank pattern, and the compiler cannot hoist the loads).
__global__ void sharedStride(int* out, int stride, int iters)
{
    __shared__ int s[SB_WORDS];
    for (int i = threadIdx.x; i < SB_WORDS; i += blockDim.x)
        s[i] = i * 7 + 1;
    __syncthreads();
    const int* p = s + (threadIdx.x & 31) * stride;   // stride <= 33: at most word 1023
    int acc = 0;
    for (int it = 0; it < iters; ++it) {
        int o = (it & 7) << 5;
#pragma unroll
        for (int j = 0; j < 8; ++j)
            acc += p[o + (j << 8)];                   // 8 independent loads
    }
    out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
