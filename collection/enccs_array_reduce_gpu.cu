// tilelab kernel collection: ENCCS's reductions: in global memory (in place), static and dynamic shared memory
// Source:  https://github.com/ENCCS/gpu-programming/blob/87fab1cb29329f6fcf5bf592b96b22ca1c61cec6/content/examples/cuda-hip/cuda/04_array_reduce/02_array_reduce_gpu.cu
//          (ENCCS/gpu-programming, commit 87fab1c: the ENCCS lesson "GPU programming: why, when and how?")
// Licence: MIT for the lesson's code (the repository's LICENSE.code; its prose is CC-BY-4.0); the file carries no notice, LICENSE.code's follows.
// Kept: lines 1-4, 8-17, 51-106 of the original, unchanged.
//       Removed: the includes (5-6: the lesson's host error_checker.cuh, stdio.h), the host prototype and main (19-48), reduction() and timing() (109-170); the launches in reduction() are the manifest entries'.

/*
 * MIT License
 *
 * Copyright (c) 2023-2024, ENCCS and individual contributors.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

//
// nvcc -O3 -DUSE_DP 02_array_reduce_gpu.cu
// nvcc -O3          02_array_reduce_gpu.cu
//

#ifdef USE_DP
    typedef double real;
#else
    typedef float real;
#endif

const int NUM_REPEATS = 20;
const int NX = 100000000;
const int size_array = sizeof(real) * NX;
const int BLOCK_SIZE = 128;

void __global__ reduction_global(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    real *x = d_x + blockDim.x * blockIdx.x;

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1)
    {
        if (tid < offset)
            x[tid] += x[tid + offset];
        __syncthreads();
    }
    if (tid == 0)
        d_y[blockIdx.x] = x[0];
}


void __global__ reduction_static_shared(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    const int n = bid * blockDim.x + tid;
    __shared__ real s_y[128];
    s_y[tid] = (n < NX) ? d_x[n] : 0.0;
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1)
    {

        if (tid < offset)
            s_y[tid] += s_y[tid + offset];
        __syncthreads();
    }

    if (tid == 0)
        d_y[bid] = s_y[0];
}

void __global__ reduction_dynamic_shared(real *d_x, real *d_y)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    const int n = bid * blockDim.x + tid;
    extern __shared__ real s_y[];
    s_y[tid] = (n < NX) ? d_x[n] : 0.0;
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1)
    {
        if (tid < offset)
            s_y[tid] += s_y[tid + offset];
        __syncthreads();
    }

    if (tid == 0)
        d_y[bid] = s_y[0];
}
