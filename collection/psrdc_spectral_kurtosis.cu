// tilelab kernel collection: psrdada_cpp's Effelsberg EDD spectral-kurtosis RFI detector (one block a window, shared
// tree and a volatile warp-synchronous tail, an atomic RFI-window counter)
// Source:  https://github.com/MPIfR-BDG/psrdada_cpp/blob/aa9436e59eeb6ee597173caeba8a9e15db8d7d46/psrdada_cpp/effelsberg/edd/src/SpectralKurtosisCuda.cu
//          (MPIfR-BDG/psrdada_cpp, commit aa9436e)
// Licence: MIT (the repository's LICENSE, repeated below; the file itself carries no notice).
// Kept, unchanged: lines 7-103 (the thrust functors, rfi_count, warpReduce and the kernel) and 193-195; removed:
//       lines 1-6 (the project header and host-only thrust / NVTX includes; SpectralKurtosisCuda.cuh's
//       <thrust/complex.h> and BLOCK_DIM are copied in below) and 104-192 (the SpectralKurtosisCuda class's host
//       code).
/*
 * MIT License
 *
 * Copyright (c) 2017 ewanbarr
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

// ---- psrdada_cpp/effelsberg/edd/SpectralKurtosisCuda.cuh, lines 6 and 12 (thrust::complex, the kernel's block size)
#include <thrust/complex.h>
#define BLOCK_DIM 1024
// ---- end of SpectralKurtosisCuda.cuh



namespace psrdada_cpp {
namespace effelsberg {
namespace edd {

struct compute_power{
    __host__ __device__
    float operator()(thrust::complex<float> z)
    {
        return (thrust::abs(z) * thrust::abs(z));
    }
};


struct power_square{
    __host__ __device__
    float operator()(thrust::complex<float> z)
    {
        float abs = thrust::abs(z);
        float power = abs * abs;
        return (power * power);
    }
};


struct check_rfi{
    const std::size_t M; //_window_size
    const float sk_min;
    const float sk_max;
    check_rfi(std::size_t m, float min, float max)
        : M(m),
          sk_min(min),
          sk_max(max)
    {}

    __host__ __device__
    float operator() (float s1, float s2) const {
        float sk = ((M + 1) / (M - 1)) * (((M * s2) / (s1 * s1)) - 1);
        return ((sk < sk_min) || (sk > sk_max)) ;
   }
};


__device__ int rfi_count = 0;


__device__ void warpReduce(volatile float *shmem_ptr1, volatile float *shmem_ptr2, int tid){
    shmem_ptr1[tid] += shmem_ptr1[tid + 32];
    shmem_ptr2[tid] += shmem_ptr2[tid + 32];
    shmem_ptr1[tid] += shmem_ptr1[tid + 16];
    shmem_ptr2[tid] += shmem_ptr2[tid + 16];
    shmem_ptr1[tid] += shmem_ptr1[tid + 8];
    shmem_ptr2[tid] += shmem_ptr2[tid + 8];
    shmem_ptr1[tid] += shmem_ptr1[tid + 4];
    shmem_ptr2[tid] += shmem_ptr2[tid + 4];
    shmem_ptr1[tid] += shmem_ptr1[tid + 2];
    shmem_ptr2[tid] += shmem_ptr2[tid + 2];
    shmem_ptr1[tid] += shmem_ptr1[tid + 1];
    shmem_ptr2[tid] += shmem_ptr2[tid + 1];
}


__global__ void compute_sk_kernel(const thrust::complex<float>* __restrict__ data, std::size_t sample_size, std::size_t window_size,
                                  float sk_max, float sk_min, int* __restrict__ rfi_status)
{
    volatile __shared__ float s1[BLOCK_DIM];
    volatile __shared__ float s2[BLOCK_DIM];
    int l_index = threadIdx.x;
    float pow = 0.0f;
    float pow_sq = 0.0f;
    s1[l_index] = 0.0f;
    s2[l_index] = 0.0f;

    for(int thread_offset = l_index; thread_offset < window_size; thread_offset += blockDim.x){
        int g_index = thread_offset + blockIdx.x * window_size;
        pow = thrust::abs(data[g_index]) * thrust::abs(data[g_index]);
        pow_sq = pow * pow;
        s1[l_index] += pow;
        s2[l_index] += pow_sq;
    }
    __syncthreads();
    for(int s = blockDim.x / 2; s > 32; s >>= 1){
        if(l_index < s){
            s1[l_index] += s1[l_index + s];
            s2[l_index] += s2[l_index + s];
        }
        __syncthreads();
    }
    if(l_index < 32) warpReduce(s1, s2, l_index);
    if(l_index == 0){
        float sk = ((window_size + 1) / (window_size - 1)) *(((window_size * s2[0]) / (s1[0] * s1[0])) - 1);
        rfi_status[blockIdx.x] = (int) ((sk < sk_min) || (sk > sk_max));
        if (rfi_status[blockIdx.x] == 1) atomicAdd(&rfi_count, 1);
    }
}

} //edd
} //effelsberg
} //psrdada_cpp
