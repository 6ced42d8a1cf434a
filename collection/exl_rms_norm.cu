// tilelab kernel collection: ExLlama's RMSNorm (a row sum of squares with float atomics, then the scaling in half)
// Source:  https://github.com/turboderp/exllama/blob/3b013cd53c7d413cf99ca04c7c28dd5c95117c0d/exllama_ext/cuda_func/rms_norm.cu
//          (turboderp/exllama, commit 3b013cd: the CUDA extension of ExLlama, a 4-bit GPTQ LLaMA inference engine)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: lines 5-152 (the constants, the two kernel-pointer typedefs and both __global__ templates), unchanged.
//       Removed: lines 1-4 (the includes of rms_norm.cuh, ../cuda_buffers.cuh, ../util.cuh, ../matrix.cuh: nothing
//       of theirs is used by these kernels but rms_norm.cuh's two CUDA includes, copied below) and lines 153-end (the
//       host code: the two *_pick functions and rms_norm_cuda, the launcher).
// Copied in: #include <cuda_fp16.h> and #include <cstdint> (exllama_ext/cuda_func/rms_norm.cuh at 3b013cd, lines 5-6), marked.
// Selection, fixed before any run (collection/manifest.toml, the exl_ entries): every __global__ kernel of ExLlama's
// cuda_func/rms_norm.cu and cuda_func/rope.cu, each in both instances its host picks (use_half2 true and false),
// launched as rms_norm_cuda and rope_cuda launch them (threads 32 x 8 and 32 x 4, their grid formulas), at a
// LLaMA-like shape scaled down (dim 512 over 10 rows; head_dim 128, 4 heads, 3 new positions after 5, 2 sequences).
// Read before any run: the row sums use atomicAdd on a scratch the host zeroes (get_zeros_float); no race.
//
/*
MIT License

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

// from exllama_ext/cuda_func/rms_norm.cuh (at 3b013cd), lines 5-6
#include <cuda_fp16.h>
#include <cstdint>


const int THREADS_X = 32;
const int THREADS_Y = 8;
const int BLOCKSIZE_X = 16;

// scratch = sum(x * x, dim = -1)

typedef void (*fp_rms_norm_row_product_kernel)
(
    half*,
    float*,
    const int,
    const int
);

template<bool use_half2>
__global__ void rms_norm_row_product_kernel
(
    half* __restrict__ x,
    float* __restrict__ scratch,
    const int rows,
    const int dim
)
{
    int column = (THREADS_X * blockIdx.x + threadIdx.x) * BLOCKSIZE_X;
    int row = THREADS_Y * blockIdx.y + threadIdx.y;
    if (row >= rows) return;
    if (column >= dim) return;

//     if (column == 0)
//     {
//         scratch[row] = 0.0f;
//         __syncthreads();
//     }

    float acc = 0.0f;
    int idx = row * dim + column;

    // Accumulate

    if constexpr (use_half2)
    {
        half2* x_ptr = (half2*) &x[idx];

        #pragma unroll
        for (int k = 0; k < BLOCKSIZE_X / 2; k++)
        {
            half2 x2 = *x_ptr++;
            float m0 = __half2float(x2.x);
            float m1 = __half2float(x2.y);
            acc = fma(m0, m0, acc);
            acc = fma(m1, m1, acc);
        }
    }
    else
    {
        half* x_ptr = x + idx;

        #pragma unroll
        for (int k = 0; k < BLOCKSIZE_X; k++)
        {
            float m0 = __half2float(*x_ptr++);
            acc = fma(m0, m0, acc);
        }
    }

//     // Use Warp Shuffle to accumulate within the warp
//
//     for (int offset = warpSize / 2; offset > 0; offset /= 2)
//         acc += __shfl_down_sync(0xffffffff, acc, offset);
//     if (threadIdx.x % warpSize == 0)
//         atomicAdd(&scratch[row], acc);

    atomicAdd(&scratch[row], acc);
}

// x = x * w / sqrt(scratch / dim + epsilon)

typedef void (*fp_rms_norm_kernel)
(
    half*,
    const half*,
    half*,
    float*,
    const float,
    const float,
    const int,
    const int
);

template<bool use_half2>
__global__ void rms_norm_kernel
(
    half* __restrict__ x,
    const half* __restrict__ w,
    half* __restrict__ out,
    float* __restrict__ scratch,
    const float epsilon,
    const float r_dim,
    const int rows,
    const int dim
)
{
    int column = (THREADS_X * blockIdx.x + threadIdx.x) * BLOCKSIZE_X;
    int row = THREADS_Y * blockIdx.y + threadIdx.y;
    if (row >= rows) return;
    if (column >= dim) return;

    float rmf = rsqrtf(scratch[row] * r_dim + epsilon);
    half rm = __float2half_rn(rmf);
    half2 rm2 = __half2half2(rm);

    if constexpr (use_half2)
    {
        half2* x2_ptr = (half2*) &x[row * dim + column];
        half2* out2_ptr = (half2*) &out[row * dim + column];
        const half2* w2_ptr = (const half2*) &w[column];

        #pragma unroll
        for (int k = 0; k < BLOCKSIZE_X / 2; k++)
        {
            half2 m2 = *x2_ptr++;
            half2 w2 = *w2_ptr++;
            m2 = __hmul2(m2, rm2);
            m2 = __hmul2(m2, w2);
            *out2_ptr++ = m2;
        }
    }
    else
    {
        half* x_ptr = &x[row * dim + column];
        half* out_ptr = &out[row * dim + column];
        const half* w_ptr = &w[column];

        #pragma unroll
        for (int k = 0; k < BLOCKSIZE_X; k++)
        {
            half m = *x_ptr++;
            half w = *w_ptr++;
            m = __hmul(m, rm);
            m = __hmul(m, w);
            *out_ptr++ = m;
        }
    }

//     __syncthreads();
//     if (column >= dim - BLOCKSIZE_X) scratch[row] = 0.0f;
}
