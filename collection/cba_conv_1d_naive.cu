// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: 1-D convolution, the mask an argument
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/05_convolution/1d_naive/convolution.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-3, 9-42 of the original).
//       Removed: the host code (lines 43-120: its host functions and main) and the host-only includes
//       (#include <algorithm> #include <cassert> #include <cstdlib> #include <iostream> #include <vector>).

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

// This program implements a 1D convolution using CUDA
// By: Nick from CoffeeBeforeArch


// 1-D convolution kernel
//  Arguments:
//      array   = padded array
//      mask    = convolution mask
//      result  = result array
//      n       = number of elements in array
//      m       = number of elements in the mask
__global__ void convolution_1d(int *array, int *mask, int *result, int n,
                               int m) {
  // Global thread ID calculation
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Calculate radius of the mask
  int r = m / 2;

  // Calculate the starting point for the element
  int start = tid - r;

  // Temp value for calculation
  int temp = 0;

  // Go over each element of the mask
  for (int j = 0; j < m; j++) {
    // Ignore elements that hang off (0s don't contribute)
    if (((start + j) >= 0) && (start + j < n)) {
      // accumulate partial results
      temp += array[start + j] * mask[j];
    }
  }

  // Write-back the results
  result[tid] = temp;
}
