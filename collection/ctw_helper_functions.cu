// Collection file: from alexkyllo/cuTimeWarp (CUDA implementations of dynamic time warping and Soft-DTW for
// time-series machine learning).
// Source:  https://github.com/alexkyllo/cuTimeWarp/blob/22505397f1b2977d5888d715292a503d955b178e/src/kernels/helper_functions.cu
// Licence: MIT (the repository's LICENSE, repeated below; the source file itself carries no notice).
// The helpers the Soft-DTW kernels share: softmin of three values and the cost-matrix fill.
// Kept: lines 15-45 (softmin and the __global__ fill_matrix_inf, unchanged); removed: line 1 (#include
// "helper_functions.cuh": host includes, declarations, the host GPUAssert) and lines 3-13 (get_device_sm_count,
// host code). Copied in, marked below: the one line of src/kernels/helper_functions.cuh the code needs (uint).

// MIT License
//
// Copyright (c) 2021 Alex Kyllo
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

// ---- copied from src/kernels/helper_functions.cuh (at 027799c9), line 12
typedef unsigned int uint;
// ---- end of copy

/** Take the softmin of 3 elements
 * @param a The first element
 * @param b The second element
 * @param c The third element
 * @param gamma The smoothing factor
 */
__device__ float softmin(float a, float b, float c, const float gamma)
{
    a /= -gamma;
    b /= -gamma;
    c /= -gamma;
    float max_of = max(max(a, b), c);
    float sum = exp(a - max_of) + exp(b - max_of) + exp(c - max_of);

    return -gamma * (log(sum) + max_of);
}

/** Kernel to fill a matrix with infinity except for index 0 = 0.0
 *  to initialize the DTW cost matrix
 */
__global__ void fill_matrix_inf(float *A, int width, int height, float val)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    for (int i = idx; i < width * height; i += gridDim.x * blockDim.x)
    {
        A[i] = val;
        if (i % width == 0)
            A[i] = 0.0;
    }
}
