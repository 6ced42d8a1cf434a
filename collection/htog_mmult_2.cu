// tilelab kernel collection: tpoisonooo's how-to-optimize-gemm: CUDA step 2 (cuda/MMult_cuda_2.cu)
// Source:  https://github.com/tpoisonooo/how-to-optimize-gemm/blob/27f9656874c82e1072d28088feb297784836e975/cuda/MMult_cuda_2.cu
//          (tpoisonooo/how-to-optimize-gemm, commit 27f9656: a GEMM optimisation tutorial)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 9-24 of the original).
//       Removed: the host function MY_MMult (lines 26-35) and the host-only includes
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

/**
 * naive 实现
 */
template <int BLOCK>
__global__ void sgemm(int m, int n, int k, float *a, int lda, float *b, int ldb,
                      float *c, int ldc) {
  int _m = blockIdx.x * BLOCK + threadIdx.x;
  int _n = blockIdx.y * BLOCK + threadIdx.y;
  if (_m < m and _n < n) {
    float sum = 0.f;
    for (int i = 0; i < k; ++i) {
      sum += a[_m * k + i] * b[i * n + _n];
    }
    c[_m * n + _n] = sum;
  }
}
