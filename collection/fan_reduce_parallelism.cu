// tilelab kernel collection: CUDA-Programming's reduce1parallelism.cu: chapter 10's grid-stride reduction (two launches: the grid, then one block)
// Source:  https://github.com/brucefan1983/CUDA-Programming/blob/8b6c96ba30fafeb3f71c74b2abb18a6bf849822d/src/10-warp/reduce1parallelism.cu
//          (brucefan1983/CUDA-Programming, commit 8b6c96b: the code of Zheyong Fan's book, CUDA Programming: Basics and Practice)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 3-4, 6-10, 38-74 of the original).
//       Removed: the host code (lines 12-36 and 76-119: main, reduce, timing)
//       and the host-only includes (#include "error.cuh" #include <stdio.h>).

/*
 * Copyright (C) Zheyong Fan and the authors of brucefan1983/CUDA-Programming
 * (https://github.com/brucefan1983/CUDA-Programming).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details: <https://www.gnu.org/licenses/>.
 */

#include <cooperative_groups.h>
using namespace cooperative_groups;

#ifdef USE_DP
    typedef double real;
#else
    typedef float real;
#endif

void __global__ reduce_cp(const real *d_x, real *d_y, const int N)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    extern __shared__ real s_y[];

    real y = 0.0;
    const int stride = blockDim.x * gridDim.x;
    for (int n = bid * blockDim.x + tid; n < N; n += stride)
    {
        y += d_x[n];
    }
    s_y[tid] = y;
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset >= 32; offset >>= 1)
    {
        if (tid < offset)
        {
            s_y[tid] += s_y[tid + offset];
        }
        __syncthreads();
    }

    y = s_y[tid];

    thread_block_tile<32> g = tiled_partition<32>(this_thread_block());
    for (int i = g.size() >> 1; i > 0; i >>= 1)
    {
        y += g.shfl_down(y, i);
    }

    if (tid == 0)
    {
        d_y[bid] = y;
    }
}
