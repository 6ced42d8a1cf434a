// tilelab kernel collection: CUDA-Kernels-Demo's vector operations (add, subtract, multiply, a float-atomic dot product)
// Source:  https://github.com/ridash2005/CUDA-Kernels-Demo/blob/3e67e059bb30e8f3bdbdf02ca96aa3cb317ede5a/vector_ops/src/vector_ops.cu
//          (ridash2005/CUDA-Kernels-Demo, commit 3e67e05: a teaching repository of CUDA kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Rickarya Das"; the file carries no notice of its
//          own: the LICENSE's notice is repeated below).
// Kept: the device code, unchanged (lines 13-47 of the original).
//       Removed: the includes (lines 1-2: "vector_ops.h", <stdio.h>), the host function getOptimalBlockSize
//       (lines 4-12) and the host code after the kernels (lines 48-94: launchers, CPU references, verification).
//       Copied in, marked: lines 6-10, 14-18 and 32-34 of vector_ops/include/vector_ops.h (the extern "C" block
//       holding DEFAULT_BLOCK_SIZE and the kernels' declarations, so the kernels keep the C linkage they have there).
//
// MIT License
//
// Copyright (c) 2025 Rickarya Das
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// ---- from vector_ops/include/vector_ops.h, lines 6-10, 14-18 and 32-34 ----
#ifdef __cplusplus
extern "C" {
#endif

#define DEFAULT_BLOCK_SIZE 256

__global__ void kVectorAdd(const float* a, const float* b, float* c, int n);
__global__ void kVectorSub(const float* a, const float* b, float* c, int n);
__global__ void kVectorMul(const float* a, const float* b, float* c, int n);

__global__ void kDotProductFloatAtomic(const float* a, const float* b, float* result, int n);

#ifdef __cplusplus
}
#endif
// ---- end of vector_ops.h lines ----

__global__ void kVectorAdd(const float* a, const float* b, float* c, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n) c[idx] = a[idx] + b[idx];
}

__global__ void kVectorSub(const float* a, const float* b, float* c, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n) c[idx] = a[idx] - b[idx];
}

__global__ void kVectorMul(const float* a, const float* b, float* c, int n) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < n) c[idx] = a[idx] * b[idx];
}

__global__ void kDotProductFloatAtomic(const float* a, const float* b, float* result, int n) {
    extern __shared__ float sdata[];
    unsigned int tid = threadIdx.x;
    unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;

    float sum = 0.0f;
    for (int i = idx; i < n; i += blockDim.x * gridDim.x) {
        sum += a[i] * b[i];
    }
    sdata[tid] = sum;
    __syncthreads();

    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) sdata[tid] += sdata[tid + s];
        __syncthreads();
    }

    if (tid == 0) atomicAdd(result, sdata[0]);
}
