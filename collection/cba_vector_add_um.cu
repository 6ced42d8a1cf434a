// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: vector addition (the unified-memory lessons' kernel; vectorAdd_um_prefetch.cu's is the same text)
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/01_vector_addition/unified_memory/vectorAdd_um_baseline.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-3, 7, 9-20 of the original).
//       Removed: the host code (lines 21-68: its host functions and main) and the host-only includes
//       (#include <stdio.h> #include <cassert> #include <iostream>) and using-declarations (using std::cout;).

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

// This program computer the sum of two N-element vectors using unified memory
// By: Nick from CoffeeBeforeArch



// CUDA kernel for vector addition
// No change when using CUDA unified memory
__global__ void vectorAdd(int *a, int *b, int *c, int N) {
  // Calculate global thread thread ID
  int tid = (blockDim.x * blockIdx.x) + threadIdx.x;

  // Boundary check
  if (tid < N) {
    c[tid] = a[tid] + b[tid];
  }
}
