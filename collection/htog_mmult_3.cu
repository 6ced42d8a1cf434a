// tilelab kernel collection: tpoisonooo's how-to-optimize-gemm: CUDA step 3 (cuda/MMult_cuda_3.cu)
// Source:  https://github.com/tpoisonooo/how-to-optimize-gemm/blob/27f9656874c82e1072d28088feb297784836e975/cuda/MMult_cuda_3.cu
//          (tpoisonooo/how-to-optimize-gemm, commit 27f9656: a GEMM optimisation tutorial)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 9-43 of the original).
//       Removed: the host function MY_MMult (lines 45-53) and the host-only includes
//       (#include <assert.h> #include <stdlib.h> #include "helper.h" #include <cublas_v2.h> #include <cuda_runtime.h>, with their comment line).

/*
 * Copyright (C) tpoisonooo and the contributors of tpoisonooo/how-to-optimize-gemm
 * (https://github.com/tpoisonooo/how-to-optimize-gemm).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details: <https://www.gnu.org/licenses/>.
 */

// a = mxk, b = kxn
template <int BLOCK>
__global__ void sgemm(int m, int n, int k, float *a, float *b, float *c) {
  // blockIdx control subpanel matrix

  const int tx = threadIdx.x;
  const int ty = threadIdx.y;
  const int bx = blockIdx.x;
  const int by = blockIdx.y;

  float *begin_a = a + bx * BLOCK * k;
  float *begin_b = b + by * BLOCK;
  float *end_a = begin_a + k;

  float sum = 0.f;

  for (float *a_ptr = begin_a, *b_ptr = begin_b; a_ptr < end_a;
       a_ptr += BLOCK, b_ptr += BLOCK * n) {

    __shared__ float ashare[BLOCK][BLOCK];
    __shared__ float bshare[BLOCK][BLOCK];

    ashare[ty][tx] = a_ptr[ty * k + tx];
    bshare[ty][tx] = b_ptr[ty * n + tx];
    __syncthreads();

#pragma unroll
    for (int kk = 0; kk < BLOCK; ++kk) {
      sum += ashare[ty][kk] * bshare[kk][tx];
    }
    __syncthreads();
  }

  c[(BLOCK * bx + ty) * n + BLOCK * by + tx] = sum;
}
