// tilelab kernel collection: tpoisonooo's how-to-optimize-gemm: CUDA step 7 (cuda/MMult_cuda_7.cu)
// Source:  https://github.com/tpoisonooo/how-to-optimize-gemm/blob/27f9656874c82e1072d28088feb297784836e975/cuda/MMult_cuda_7.cu
//          (tpoisonooo/how-to-optimize-gemm, commit 27f9656: a GEMM optimisation tutorial)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 9-73 of the original).
//       Removed: the host function MY_MMult (lines 75-82) and the host-only includes
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
__global__ void sgemm(int m, int n, int k, float *a, int lda, float *b, int ldb,
                      float *c, int ldc) {
  const int tx = (threadIdx.x % 16) * 2;
  const int ty = threadIdx.x / 16 * 2;
  const int bx = blockIdx.x * 64;
  const int by = blockIdx.y * 64;

  float *begin_a = a + by * k;
  float *begin_b = b + bx;
  float *end_a = begin_a + k;

  __shared__ float ashare[64][64];
  __shared__ float bshare[64][64];
  float sum0[2][2] = {0};
  float sum1[2][2] = {0};
  float sum2[2][2] = {0};
  float sum3[2][2] = {0};

  // bigger split
  for (float *a_ptr = begin_a, *b_ptr = begin_b; a_ptr < end_a;
       a_ptr += 64, b_ptr += 64 * n) {

#pragma unroll
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        ashare[ty + i][tx + j] = a_ptr[(ty + i) * k + tx + j];
        ashare[ty + i][tx + j + 32] = a_ptr[(ty + i) * k + tx + j + 32];
        ashare[ty + i + 32][tx + j] = a_ptr[(ty + 32 + i) * k + tx + j];
        ashare[ty + i + 32][tx + j + 32] =
            a_ptr[(ty + 32 + i) * k + tx + j + 32];

        bshare[ty + i][tx + j] = b_ptr[(ty + i) * n + tx + j];
        bshare[ty + i][tx + j + 32] = b_ptr[(ty + i) * n + tx + j + 32];
        bshare[ty + i + 32][tx + j] = b_ptr[(ty + i + 32) * n + tx + j];
        bshare[ty + i + 32][tx + j + 32] =
            b_ptr[(ty + i + 32) * n + tx + j + 32];
      }
    }
    __syncthreads();

#pragma unroll
    for (int i = 0; i < 2; ++i) {
      for (int j = 0; j < 2; ++j) {
        for (int subk = 0; subk < 64; ++subk) {
          sum0[i][j] += ashare[ty + i][subk] * bshare[subk][tx + j];
          sum1[i][j] += ashare[ty + i][subk] * bshare[subk][tx + j + 32];
          sum2[i][j] += ashare[ty + i + 32][subk] * bshare[subk][tx + j];
          sum3[i][j] += ashare[ty + i + 32][subk] * bshare[subk][tx + j + 32];
        }
      }
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 2; ++i) {
    for (int j = 0; j < 2; ++j) {
      c[(by + ty + i) * n + bx + tx + j] = sum0[i][j];
      c[(by + ty + i) * n + bx + tx + 32 + j] = sum1[i][j];
      c[(by + ty + i + 32) * n + bx + tx + j] = sum2[i][j];
      c[(by + ty + i + 32) * n + bx + tx + 32 + j] = sum3[i][j];
    }
  }
}
