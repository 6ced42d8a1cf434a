// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: histogram of letters with shared-memory atomics
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/04_histogram/shmem_atomic/histogram.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-4, 12, 19-59 of the original).
//       Removed: the host code (lines 60-113: its host functions and main) and the host-only includes
//       (#include <algorithm> #include <cassert> #include <cstdlib> #include <fstream> #include <iostream> #include <numeric> #include <vector>) and using-declarations (using std::accumulate; using std::cout; using std::generate; using std::ios; using std::ofstream; using std::vector;).

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

// This program shows off a shared memory implementation of a histogram
// kernel in CUDA
// By: Nick from CoffeeBeforeArch



// Number of bins for our plot
constexpr int BINS = 7;
constexpr int DIV = ((26 + BINS - 1) / BINS);

// GPU kernel for computing a histogram
// Takes:
//  a: Problem array in global memory
//  result: result array
//  N: Size of the array
__global__ void histogram(char *a, int *result, int N) {
  // Calculate global thread ID
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  // Allocate a local histogram for each TB
  __shared__ int s_result[BINS];

  // Initalize the shared memory to 0
  if (threadIdx.x < BINS) {
    s_result[threadIdx.x] = 0;
  }

  // Wait for shared memory writes to complete
  __syncthreads();

  // Calculate the bin positions locally
  int alpha_position;
  for (int i = tid; i < N; i += (gridDim.x * blockDim.x)) {
    // Calculate the position in the alphabet
    alpha_position = a[i] - 'a';
    atomicAdd(&s_result[(alpha_position / DIV)], 1);
  }

  // Wait for shared memory writes to complete
  __syncthreads();

  // Combine the partial results
  if (threadIdx.x < BINS) {
    atomicAdd(&result[threadIdx.x], s_result[threadIdx.x]);
  }
}
