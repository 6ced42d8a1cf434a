// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: 1-D convolution, shared memory without the halo (halo from the cache)
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/05_convolution/1d_cache/convolution.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-5, 9-53 of the original).
//       Removed: the host code (lines 54-146: its host functions and main) and the host-only includes
//       (#include <cassert> #include <cstdlib> #include <iostream>).

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

// This program implements a 1D convolution using CUDA,
// and stores the mask in constant memory. It loads the
// primary array into shared memory, but not halo elements.
// By: Nick from CoffeeBeforeArch


// Length of our convolution mask
#define MASK_LENGTH 7

// Allocate space for the mask in constant memory
__constant__ int mask[MASK_LENGTH];

// 1-D convolution kernel
// All threads load 1 element into shared memory
// All threads compute 1 element in final array
//  Arguments:
//      array   = padded array
//      result  = result array
//      n       = number of elements in array
__global__ void convolution_1d(int *array, int *result, int n) {
  // Global thread ID calculation
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Store all elements needed to compute output in shared memory
  extern __shared__ int s_array[];

  // Load elements from the main array into shared memory
  // This is naturally offset by "r" due to padding
  s_array[threadIdx.x] = array[tid];

  __syncthreads();

  // Temp value for calculation
  int temp = 0;

  // Go over each element of the mask
  for (int j = 0; j < MASK_LENGTH; j++) {
    // Get the array value from the caches
    if ((threadIdx.x + j) >= blockDim.x) {
      temp += array[tid + j] * mask[j];
      // Get the value from shared memory
      // Only the last warp will be diverged (given mask size)
    } else {
      temp += s_array[threadIdx.x + j] * mask[j];
    }
  }

  // Write-back the results
  result[tid] = temp;
}
