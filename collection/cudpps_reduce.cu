// Source:  https://github.com/cudpp/cudpp/blob/9dc7357ee818498a87bc2f68f9d887c298e0e3f6/src/cudpp/kernel/reduce_kernel.cuh
// Licence: BSD-3-Clause
// Kept: reduce_kernel.cuh lines 28-101 (the reduce kernel), unchanged; before it, from src/cudpp/cudpp_util.h
// lines 27-28 (<limits.h>, <float.h>) and 320-363 (OperatorAdd, OperatorMultiply, OperatorMax), and from
// src/cudpp/sharedmem.h lines 70-98 and 153-158 (SharedMemory and its int / unsigned int / float specialisations).
// Left out: the host's reduce_app.cu (launches reduce<T, Oper, blockSize, isPow2> by a switch on the block size).
// Copyright (c) 2007-2010 The Regents of the University of California, Davis
// campus ("The Regents") and NVIDIA Corporation ("NVIDIA"). All rights reserved.
//
// Redistribution and use in source and binary forms, with or without modification,
// are permitted provided that the following conditions are met:
//
//     * Redistributions of source code must retain the above copyright notice,
//       this list of conditions and the following disclaimer.
//     * Redistributions in binary form must reproduce the above copyright notice,
//       this list of conditions and the following disclaimer in the documentation
//       and/or other materials provided with the distribution.
//     * Neither the name of the The Regents, nor NVIDIA, nor the names of its
//       contributors may be used to endorse or promote products derived from this
//       software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED.
// IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT,
// INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING,
// BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
// DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE
// OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF
// ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// ---- cudpp_util.h lines 27-28
#include <limits.h>
#include <float.h>
// ---- cudpp_util.h lines 320-363
template <typename T>
class OperatorAdd
{
public:
    __device__ T operator()(const T a, const T b) { return a + b; }
    __device__ T identity() { return (T)0; }
};

template <typename T>
class OperatorMultiply
{
public:
    __device__ T operator()(const T a, const T b) { return a * b; }
    __device__ T identity() { return (T)1; }
};

template <typename T>
class OperatorMax
{
public:
    __device__ T operator() (const T a, const T b) const { return max(a, b); }
    __device__ T identity() const; // no implementation - only specializations allowed
};

template <>
__device__ inline char OperatorMax<char>::identity() const { return CHAR_MIN; }
template <>
__device__ inline unsigned char OperatorMax<unsigned char>::identity() const { return 0; }
template <>
__device__ inline short OperatorMax<short>::identity() const { return SHRT_MIN; }
template <>
__device__ inline unsigned short OperatorMax<unsigned short>::identity() const { return 0; }
template <>
__device__ inline int OperatorMax<int>::identity() const { return INT_MIN; }
template <>
__device__ inline unsigned int OperatorMax<unsigned int>::identity() const { return 0; }
template <>
__device__ inline float OperatorMax<float>::identity() const { return -FLT_MAX; }
template <>
__device__ inline double OperatorMax<double>::identity() const { return -DBL_MAX; }
template <>
__device__ inline long long OperatorMax<long long>::identity() const { return LLONG_MIN; }
template <>
__device__ inline unsigned long long OperatorMax<unsigned long long>::identity() const { return 0; }
// ---- sharedmem.h lines 70-98
template <typename T>
struct SharedMemory
{
    //! @brief Return a pointer to the runtime-sized shared memory array.
    //! @returns Pointer to runtime-sized shared memory array
    __device__ T* getPointer() 
    { 
        extern __device__ void Error_UnsupportedType(); // Ensure that we won't compile any un-specialized types
        Error_UnsupportedType();
        return (T*)0;
    }
    // TODO: Use operator overloading to make this class look like a regular array
};

// Following are the specializations for the following types.
// int, uint, char, uchar, short, ushort, long, ulong, bool, float, and double
// One could also specialize it for user-defined types.

template <>
struct SharedMemory <int>
{
    __device__ int* getPointer() { extern __shared__ int s_int[]; return s_int; }      
};

template <>
struct SharedMemory <unsigned int>
{
    __device__ unsigned int* getPointer() { extern __shared__ unsigned int s_uint[]; return s_uint; }    
};
// ---- sharedmem.h lines 153-158

template <>
struct SharedMemory <float>
{
    __device__ float* getPointer() { extern __shared__ float s_float[]; return s_float; }    
};
// ---- reduce_kernel.cuh lines 28-101

/**
  * @brief Main reduction kernel
  *
  * This reduction kernel adds multiple elements per thread sequentially, and then the threads
  * work together to produce a block sum in shared memory.  The code is optimized using
  * warp-synchronous programming to eliminate unnecessary barrier synchronization. Performing
  * sequential work in each thread before performing the log(N) parallel summation reduces the
  * overall cost of the algorithm while keeping the work complexity O(n) and the step complexity 
  * O(log n). (Brent's Theorem optimization)
  *
  * @param[out] odata The output data pointer.  Each block writes a single output element.
  * @param[in]  idata The input data pointer.  
  * @param[in]  n     The number of elements to be reduced.
*/
template <typename T, class Oper, unsigned int blockSize, bool nIsPow2>
__global__ void reduce(T *odata, const T *idata, unsigned int n)
{
    Oper op;

    if (blockSize == 1)
    {
        if (n == 1)
            odata[0] = idata[0];
        else if (n == 2)
            odata[0] = op(idata[0], idata[1]);
    }
    else
    {
        SharedMemory<T> smem;
        volatile T* sdata = smem.getPointer();

        // perform first level of reduction,
        // reading from global memory, writing to shared memory
        unsigned int tid = threadIdx.x;
        unsigned int i = blockIdx.x*(blockSize*2) + threadIdx.x;
        unsigned int gridSize = blockSize*2*gridDim.x;
        T mySum = op.identity();

        // we reduce multiple elements per thread.  The number is determined by the 
        // number of active thread blocks (via gridDim).  More blocks will result
        // in a larger gridSize and therefore fewer elements per thread
        while (i < n)
        {         
            mySum = op(mySum, idata[i]);
            // ensure we don't read out of bounds -- this is optimized away for powerOf2 sized arrays
            if (nIsPow2 || i + blockSize < n) 
                mySum = op(mySum, idata[i+blockSize]);  
            i += gridSize;
        } 

        sdata[tid] = mySum;
        __syncthreads();

        // do reduction in shared mem
        if (blockSize >= 512) { if (tid < 256) { sdata[tid] = mySum = op(mySum, sdata[tid + 256]); } __syncthreads(); }
        if (blockSize >= 256) { if (tid < 128) { sdata[tid] = mySum = op(mySum, sdata[tid + 128]); } __syncthreads(); }
        if (blockSize >= 128) { if (tid <  64) { sdata[tid] = mySum = op(mySum, sdata[tid +  64]); } __syncthreads(); }
    
        if (tid < 32)
        {
            if (blockSize >=  64) { sdata[tid] = mySum = op(mySum, sdata[tid + 32]); }
            if (blockSize >=  32) { sdata[tid] = mySum = op(mySum, sdata[tid + 16]); }
            if (blockSize >=  16) { sdata[tid] = mySum = op(mySum, sdata[tid +  8]); }
            if (blockSize >=   8) { sdata[tid] = mySum = op(mySum, sdata[tid +  4]); }
            if (blockSize >=   4) { sdata[tid] = mySum = op(mySum, sdata[tid +  2]); }
            if (blockSize >=   2) { sdata[tid] = mySum = op(mySum, sdata[tid +  1]); }
        }

        // write result for this block to global mem 
        if (tid == 0) 
            odata[blockIdx.x] = sdata[0];
    }   
}
