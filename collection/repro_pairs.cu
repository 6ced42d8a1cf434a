// tilelab kernel collection: shared loads ptxas reads in pairs across an unrolled loop and its last trips
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a sixteenth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: llama2.cu's attention miss, its weighted sum alone (docs/SASS_COUNTS.md, "Loads ptxas reads in
// pairs"). `att` is declared after another shared variable, so ptxas places it 8 bytes in (8-byte aligned,
// not 16, as llama2.cu's att after softmax_gpu's temp storage): NVVM unrolls the t loop by 4 with a remainder
// of up to 3 trips behind branches; ptxas unrolls it further and reads att in LDS.64 pairs, the remainder's
// first two words in one LDS.64 above the branch between them, the third in a predicated LDS.
#include <cuda_fp16.h>

__global__ void reproSharedPairs(const half* __restrict__ val, float* __restrict__ out, int n, int width)
{
    __shared__ float scale[2];
    __shared__ float att[1024];
    if (threadIdx.x < 2)
        scale[threadIdx.x] = 2.0f;
    for (int t = threadIdx.x; t < n; t += blockDim.x)
        att[t] = 1.0f / (t + 1);
    __syncthreads();
    for (int i = threadIdx.x; i < width; i += blockDim.x) {
        float acc = 0.0f;
        for (int t = 0; t < n; t++)
            acc += att[t] * (float)val[t * width + i];
        out[i] = acc * scale[i & 1];
    }
}
