// tilelab kernel collection: csc-training/CUDA: the 20-point 1D stencil demo of CSC's CUDA course (global, read-only, constant and shared memory) (demo/stencil code/stencil.cu)
// Source:  https://github.com/csc-training/CUDA/blob/30ad78b20134cf4016ff9596672608666a0bdb08/demo/stencil%20code/stencil.cu
//          (csc-training/CUDA, commit 30ad78b: the exercises and demos of CSC's "Introduction to CUDA programming" course)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2017 CSC Training"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 22-165 of the original).
//       Removed: the host-only includes and the host's error-check macro (lines 1-21: <iostream>, <cuda_runtime_api.h>, <chrono>,
//       DEBUG_DEV, getErrorCuda) and the host code (lines 166-383: verify, main).

/*
 * MIT License
 *
 * Copyright (c) 2017 CSC Training
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

__constant__ float const_stencilWeight[21];


// base case
__global__ void stencil(float *src, float *dst, int size, float *stencilWeight)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += src[idx+i] * stencilWeight[i+10];
    }
    dst[idx] = out;
}

// read only cache stencil coefficients
__global__ void stencilReadOnly1(float *src, float *dst, int size, float* stencilWeight)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += src[idx+i] * __ldg(&stencilWeight[i+10]);
    }
    dst[idx] = out;
}

// read only data
__global__ void stencilReadOnly2(float *src, float *dst, int size, float* stencilWeight)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += __ldg(&src[idx+i]) * stencilWeight[i+10];
    }
    dst[idx] = out;
}

// read only coefficients and data
__global__ void stencilReadOnly3(float *src, float *dst, int size, float* stencilWeight)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += __ldg(&src[idx+i]) * __ldg(&stencilWeight[i+10]);
    }
    dst[idx] = out;
}

// constat memory coefficients
__global__ void stencilConst1(float *src, float *dst, int size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += src[idx+i] * const_stencilWeight[i+10];
    }
    dst[idx] = out;
}

// constant memory coefficients and data through read only cache
__global__ void stencilConst2(float *src, float *dst, int size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    idx += 11;
    if (idx >= size)
        return;
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += __ldg(&src[idx+i]) * const_stencilWeight[i+10];
    }
    dst[idx] = out;
}

// constant memory coefficients and data from shared 
__global__ void stencilShared1(float *src, float *dst, int size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    __shared__ float buffer[1024+21];
    for(int i = threadIdx.x; i < 1024+21; i = i + 1024)
    {
        buffer[i] = src[idx+i];
    }
    idx += 11;
    if (idx >= size)
        return;
    
    __syncthreads();
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += buffer[threadIdx.x+10+i] * const_stencilWeight[i+10];
    }
    dst[idx] = out;
}

// constant memory coefficients and data from shared thorugh read only
__global__ void stencilShared2(float *src, float *dst, int size)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    __shared__ float buffer[1024+21];
    for(int i = threadIdx.x; i < 1024+21; i = i + 1024)
    {
        buffer[i] = __ldg(&src[idx+i]);
    }
    idx += 11;
    if (idx >= size)
        return;
    
    __syncthreads();
    float out = 0;
    #pragma unroll
    for(int i = -10;i < 10; i++)
    {
        out += buffer[threadIdx.x+10+i] * const_stencilWeight[i+10];
    }
    dst[idx] = out;
}
