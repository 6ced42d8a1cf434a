// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: matrix multiply accumulating in a register
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/02_matrix_mul/noAliasing/tmp/mmul.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-3, 10, 14-29 of the original).
//       Removed: the host code (lines 30-103: its host functions and main) and the host-only includes
//       (#include <algorithm> #include <cassert> #include <cstdlib> #include <functional> #include <iostream> #include <vector>) and using-declarations (using std::cout; using std::generate; using std::vector;).

/*
 * Copyright (C) Nick (CoffeeBeforeArch) and the contributors of CoffeeBeforeArch/cuda_programming
 * (https://github.com/CoffeeBeforeArch/cuda_programming).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details: <https://www.gnu.org/licenses/>.
 */

// This program computes a simple version of matrix multiplication
// By: Nick from CoffeeBeforeArch



__global__ void matrixMul(const int *a, const int *b, int *c, int N) {
  // Compute each thread's global row and column index
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;

  // Iterate over row, and down column
  int tmp = 0;
  for (int k = 0; k < N; k++) {
    // Accumulate results for a single element
    tmp += a[row * N + k] * b[k * N + col];
  }

  // Write back the result
  c[row * N + col] = tmp;
}
