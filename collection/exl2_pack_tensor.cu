// tilelab kernel collection: ExLlamaV2's pack_tensor.cu: packing quantised weights into 32-bit words, by rows and by columns
// Source:  https://github.com/turboderp/exllamav2/blob/b9c025b4b1ee78c0d34e700f2e474a02dfb13c90/exllamav2/exllamav2_ext/cuda/pack_tensor.cu
//          (turboderp/exllamav2, commit b9c025b: the EXL2/GPTQ quantised-LLM inference library's CUDA extension)
// Licence: MIT (the repository's LICENSE, which follows)
// Kept: lines 4-35 (the defines, pack_rows_4_kernel) and 101-248 (wshift, pack_columns_kernel<bits>), unchanged.
//       Removed: lines 1-2's includes (pack_tensor.cuh, util.cuh), the host launchers, and pack_rows_6_kernel (56-82: never launched by
//       the library, a copy of the 4-bit body). Copied in, marked: pack_tensor.cuh lines 4-6 (its device includes).
//
// MIT License
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

// ---- pack_tensor.cuh lines 4-6
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cstdint>
// ---- pack_tensor.cu

#define BLOCKSIZE_X 32
#define BLOCKSIZE_Y 16

// Pack rows:
// 0000 0000 0000 aaaa  0000 0000 0000 bbbb  0000 0000 0000 cccc  ...  -> hhhh gggg ffff eeee dddd cccc bbbb aaaa

__global__ void pack_rows_4_kernel
(
    const uint16_t* __restrict__ input,
    uint32_t* __restrict__ output,
    int rows,
    int out_columns
)
{
    int out_column = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;

    if (row >= rows) return;
    if (out_column >= out_columns) return;

    uint32_t packed = 0;

    #pragma unroll
    for (int i = 0; i < 8; i++)
    {
        uint16_t x = input[row * out_columns * 8 + out_column * 8 + i];
        x -= 1;
        packed |= (((uint32_t)x) << (i * 4));
    }

    output[row * out_columns + out_column] = packed;
}

// Pack columns

__forceinline__ __device__ uint32_t wshift(uint32_t x, int j)
{
    if (j < 0)
    {
        if (j <= -32) return 0;  // Else undefined in CUDA
        return x >> (-j);
    }
    else
    {
        if (j >= 32) return 0;  // Else undefined in CUDA
        return x << j;
    }
}

template<int bits>
__global__ void pack_columns_kernel
(
    const uint16_t* __restrict__ input,
    uint32_t* __restrict__ output,
    int out_rows,
    int columns
)
{
    int column = blockIdx.x * blockDim.x + threadIdx.x;
    int out_row = blockIdx.y * blockDim.y + threadIdx.y;

    if (column >= columns) return;
    if (out_row >= out_rows) return;

    uint32_t x;

    if constexpr (bits == 2)
    {
        int row = out_row * 32 / 2;
        uint32_t packed = 0;

        # pragma unroll
        for (int i = 0, j = 0; i < 16; i++, j += 2)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed |= (x << (i * 2));
        }
        output[out_row * columns + column] = packed;
    }

    if constexpr (bits == 3)
    {
        if (out_row % 3) return;  // Only run for every third row
        int row = out_row * 32 / 3;
        uint32_t packed0 = 0;
        uint32_t packed1 = 0;
        uint32_t packed2 = 0;

        #pragma unroll
        for (int i = 0, j = 0; i < 32; i++, j += 3)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed0 |= wshift(x, j);
            packed1 |= wshift(x, j - 32);
            packed2 |= wshift(x, j - 64);
        }

        output[(out_row + 0) * columns + column] = packed0;
        output[(out_row + 1) * columns + column] = packed1;
        output[(out_row + 2) * columns + column] = packed2;
    }

    if constexpr (bits == 4)
    {
        int row = out_row * 32 / 4;
        uint32_t packed = 0;

        #pragma unroll
        for (int i = 0, j = 0; i < 8; i++, j += 4)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed |= (x << j);
        }
        output[out_row * columns + column] = packed;
    }

    if constexpr (bits == 5)
    {
        if (out_row % 5) return;  // Only run for every fifth row
        int row = out_row * 32 / 5;
        uint32_t packed0 = 0;
        uint32_t packed1 = 0;
        uint32_t packed2 = 0;
        uint32_t packed3 = 0;
        uint32_t packed4 = 0;

        #pragma unroll
        for (int i = 0, j = 0; i < 32; i++, j += 5)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed0 |= wshift(x, j);
            packed1 |= wshift(x, j - 32);
            packed2 |= wshift(x, j - 64);
            packed3 |= wshift(x, j - 96);
            packed4 |= wshift(x, j - 128);
        }

        output[(out_row + 0) * columns + column] = packed0;
        output[(out_row + 1) * columns + column] = packed1;
        output[(out_row + 2) * columns + column] = packed2;
        output[(out_row + 3) * columns + column] = packed3;
        output[(out_row + 4) * columns + column] = packed4;
    }

    if constexpr (bits == 6)
    {
        if (out_row % 3) return;  // Only run for every third row
        int row = out_row * 32 / 6;
        uint32_t packed0 = 0;
        uint32_t packed1 = 0;
        uint32_t packed2 = 0;

        #pragma unroll
        for (int i = 0, j = 0; i < 16; i++, j += 6)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed0 |= wshift(x, j);
            packed1 |= wshift(x, j - 32);
            packed2 |= wshift(x, j - 64);
        }

        output[(out_row + 0) * columns + column] = packed0;
        output[(out_row + 1) * columns + column] = packed1;
        output[(out_row + 2) * columns + column] = packed2;
    }

    if constexpr (bits == 8)
    {
        int row = out_row * 32 / 8;
        uint32_t packed = 0;

        #pragma unroll
        for (int i = 0, j = 0; i < 4; i++, j += 8)
        {
            x = (uint32_t) input[(row + i) * columns + column];
            packed |= (x << j);
        }

        output[out_row * columns + column] = packed;
    }
}
