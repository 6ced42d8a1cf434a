// Collection file: from alexkyllo/cuTimeWarp (CUDA implementations of dynamic time warping and Soft-DTW for
// time-series machine learning).
// Source:  https://github.com/alexkyllo/cuTimeWarp/blob/22505397f1b2977d5888d715292a503d955b178e/src/kernels/soft_dtw_naive.cu
// Licence: MIT (the repository's LICENSE, repeated below; the source file itself carries no notice).
// Soft-DTW in one thread block, a thread a row, an anti-diagonal a pass: the forward cost matrix R and the
// gradient E by backpropagation.
// Kept: lines 4-96 (the two __global__ kernels, unchanged); removed: lines 1-2 (#include "helper_functions.cuh",
// #include "soft_dtw_naive.cuh": host includes and declarations). Copied in, marked below: the uint typedef of
// src/kernels/helper_functions.cuh and softmin, which the forward kernel calls, from src/kernels/helper_functions.cu
// (separately compiled in the repository's Makefile; here in the same file).

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
// ---- copied from src/kernels/helper_functions.cu (at 22505397), lines 15-30
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
// ---- end of copy

/** Kernel function for computing "naive" Soft DTW on pairwise Euclidean
 * distance matrix for multivariate time series with CUDA. Input D should be a
 * __device__ array.
 * This naive version only works for sequence lengths <= 1024 i.e. can fit in
 * a single threadblock.
 * Assumes only a single threadblock in the kernel launch.
 * Each thread can process one anti-diagonal.
 * @param D The pairwise squared Euclidean distance array of two time series
 * @param R An m+2 x n+2 array that will be filled with the alignments
 * @param cost The total path cost will be written to this address
 * @param m Length of first time series
 * @param n Length of second time series
 * @param gamma SoftDTW smoothing parameter
 */
__global__ void softdtw_naive_kernel(float *D, float *R, float *cost, uint m,
                                     uint n, float gamma)
{
    const uint tx = threadIdx.x;
    // block size = max(m, n) (length of longest diagonal)
    // number of antidiagonals is 2 * max(m,n) - 1
    const uint passes = 2 * blockDim.x - 1;

    for (uint p = 0; p < passes; p++)
    {
        uint jj = max(0, min(p - tx, n - 1));
        uint i = tx + 1;
        uint j = jj + 1;

        if (tx + jj == p && (tx < m && jj < n))
        {
            float cost = D[(i - 1) * n + j - 1];
            float r1 = R[(i - 1) * (n + 2) + j];
            float r2 = R[i * (n + 2) + j - 1];
            float r3 = R[(i - 1) * (n + 2) + j - 1];
            double prev_min = softmin(r1, r2, r3, gamma);
            R[i * (n + 2) + j] = cost + prev_min;
        }
        __syncthreads();
    }
    if (tx == 0)
    {
        *cost = R[m * (n + 2) + n];
    }
}

/** Kernel function for computing "naive" SoftDTW gradient by backpropagation
 * This naive version only works for sequence lengths <= 1024 i.e. can fit in
 * a single threadblock.
 * Assumes only a single threadblock in the kernel launch.
 * Each thread can process one anti-diagonal.
 * @param D The pairwise squared Euclidean distance array of two time series
 * @param R An m+2 x n+2 array that will be filled with the alignment
 * values.
 * @param E An m+2 x n+2 array that will be filled with the gradient values.
 * @param m Length of first time series
 * @param n Length of second time series
 * @param gamma SoftDTW smoothing parameter
 */
__global__ void softdtw_grad_naive_kernel(float *D, float *R, float *E, uint m,
                                          uint n, float gamma)
{
    const uint tx = threadIdx.x;
    const uint passes = 2 * blockDim.x - 1;

    for (uint p = 0; p < passes; p++)
    {
        uint backward_p = passes - p - 1;
        uint jj = max(0, min(backward_p - tx, n - 1));
        uint i = tx + 1;
        uint j = jj + 1;
        if (tx + jj == backward_p && (tx < m && jj < n))
        {
            if (isinf(R[i * (n + 2) + j]))
            {
                R[i * (n + 2) + j] = -INFINITY;
            }
            float r0 = R[i * (n + 2) + j];
            float a =
                exp((R[(i + 1) * (n + 2) + j] - r0 - D[i * (n + 1) + (j - 1)]) /
                    gamma);
            float b =
                exp((R[i * (n + 2) + (j + 1)] - r0 - D[(i - 1) * (n + 1) + j]) /
                    gamma);
            float c =
                exp((R[(i + 1) * (n + 2) + j + 1] - r0 - D[i * (n + 1) + j]) /
                    gamma);
            E[i * (n + 2) + j] = E[(i + 1) * (n + 2) + j] * a +
                                 E[i * (n + 2) + j + 1] * b +
                                 E[(i + 1) * (n + 2) + j + 1] * c;
        }
        __syncthreads();
    }
}
