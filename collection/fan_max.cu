// tilelab kernel collection: CUDA-Programming's max.cu: the second edition's row maximum and its index (shared tree, __syncwarp)
// Source:  https://github.com/brucefan1983/CUDA-Programming/blob/8b6c96ba30fafeb3f71c74b2abb18a6bf849822d/src/for-version-2/max/max.cu
//          (brucefan1983/CUDA-Programming, commit 8b6c96b: the code of Zheyong Fan's book, CUDA Programming: Basics and Practice)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 6-54 of the original).
//       Removed: the host code (lines 57-111: main)
//       and the host-only includes (#include "error.cuh" #include <iostream> #include <vector>).

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

void __global__ find_max(const float* d_x, float* d_y, int* d_i, const int N)
{
    const int tid = threadIdx.x;
    const int bid = blockIdx.x;
    __shared__ float s_y[1024];
    __shared__ int s_i[1024];
    s_y[tid] = -1.0e30f; // a small number
    s_i[tid] = N * bid + tid;

    const int stride = 1024;
    const int number_of_rounds = (N - 1) / stride + 1;
    for (int round = 0; round < number_of_rounds; ++round) {
        const int n = round * stride + tid;
        if (n < N) {
            const int m = n + N * bid;
            float y = d_x[m];
            if (y > s_y[tid]) {
                s_y[tid] = y;
                s_i[tid] = m;
            }
        }
    }
    __syncthreads();

    for (int offset = blockDim.x >> 1; offset >= 32; offset >>= 1) {
        if (tid < offset) {
            if (s_y[tid] < s_y[tid + offset]) {
                s_y[tid] = s_y[tid + offset];
                s_i[tid] = s_i[tid + offset];
            }
        }
        __syncthreads();
    }

    for (int offset = 16; offset > 0; offset >>= 1) {
        if (tid < offset) {
            if (s_y[tid] < s_y[tid + offset]) {
                s_y[tid] = s_y[tid + offset];
                s_i[tid] = s_i[tid + offset];
            }
        }
        __syncwarp();
    }

    if (tid == 0) {
        d_y[bid] = s_y[0];
        d_i[bid] = s_i[0];
    }
}
