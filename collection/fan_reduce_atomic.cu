// tilelab kernel collection: CUDA-Programming's reduce.cu: chapter 9's reduction with one float atomicAdd a block
// Source:  https://github.com/brucefan1983/CUDA-Programming/blob/8b6c96ba30fafeb3f71c74b2abb18a6bf849822d/src/09-atomic/reduce.cu
//          (brucefan1983/CUDA-Programming, commit 8b6c96b: the code of Zheyong Fan's book, CUDA Programming: Basics and Practice)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 4-8, 36-58 of the original).
//       Removed: the host code (lines 10-34 and 60-103: main, reduce, timing)
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

#ifdef USE_DP
    typedef double real;
#else
    typedef float real;
#endif

void __global__ reduce(const real *d_x, real *d_y, const int N)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    const int n = bid * blockDim.x + tid;
    extern __shared__ real s_y[];
    s_y[tid] = (n < N) ? d_x[n] : 0.0;
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset > 0; offset >>= 1)
    {
        if (tid < offset)
        {
            s_y[tid] += s_y[tid + offset];
        }
        __syncthreads();
    }

    if (tid == 0)
    {
        atomicAdd(d_y, s_y[0]);
    }
}
