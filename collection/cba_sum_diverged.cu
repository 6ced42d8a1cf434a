// tilelab kernel collection: CoffeeBeforeArch's cuda_programming: sum reduction, interleaved with a modulo test (divergent warps)
// Source:  https://github.com/CoffeeBeforeArch/cuda_programming/blob/8711be08e2060680820304594f3691cc0016edd1/03_sum_reduction/diverged/sumReduction.cu
//          (CoffeeBeforeArch/cuda_programming, commit 8711be0: Nick's CUDA programming lessons)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-3, 10, 15-44 of the original).
//       Removed: the host code (lines 45-86: its host functions and main) and the host-only includes
//       (#include <cstdlib> #include <iostream> #include <vector> #include <algorithm> #include <cassert> #include <numeric>) and using-declarations (using std::accumulate; using std::generate; using std::cout; using std::vector;).

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

// This program computes a sum reduction algortithm with warp divergence
// By: Nick from CoffeeBeforeArch



#define SHMEM_SIZE 256

__global__ void sumReduction(int *v, int *v_r) {
	// Allocate shared memory
	__shared__ int partial_sum[SHMEM_SIZE];

	// Calculate thread ID
	int tid = blockIdx.x * blockDim.x + threadIdx.x;

	// Load elements into shared memory
	partial_sum[threadIdx.x] = v[tid];
	__syncthreads();

	// Iterate of log base 2 the block dimension
	for (int s = 1; s < blockDim.x; s *= 2) {
		// Reduce the threads performing work by half previous the previous
		// iteration each cycle
		if (threadIdx.x % (2 * s) == 0) {
			partial_sum[threadIdx.x] += partial_sum[threadIdx.x + s];
		}
		__syncthreads();
	}

	// Let the thread 0 for this block write it's result to main memory
	// Result is inexed by this block
	if (threadIdx.x == 0) {
		v_r[blockIdx.x] = partial_sum[0];
	}
}
