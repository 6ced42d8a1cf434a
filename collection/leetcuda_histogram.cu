// tilelab kernel collection: LeetCUDA's histogram.cu: an int histogram with global atomicAdd, scalar and int4 loads
// Source:  https://github.com/xlite-dev/LeetCUDA/blob/cb6a0497e829741fc5e3ad5e43a5beed0d85edcd/kernels/histogram/histogram.cu
//          (xlite-dev/LeetCUDA, commit cb6a049: modern CUDA learn notes and kernels, by DefTruth and contributors)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 10-36 of the original).
//       Removed: the PyTorch host code (lines 37-79: the TORCH_BINDING_* functions that launch the kernels,
//       whose template arguments, grid and block are the manifest entries') and the host-only includes
//       (<algorithm> <cuda_runtime.h> <float.h> <stdio.h> <stdlib.h> <torch/extension.h> <torch/types.h> <tuple> <vector>).

/*
 * Copyright (C) the authors of xlite-dev/LeetCUDA (https://github.com/xlite-dev/LeetCUDA).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details: <https://www.gnu.org/licenses/>.
 */


#define WARP_SIZE 32
#define INT4(value) (reinterpret_cast<int4 *>(&(value))[0])
#define FLOAT4(value) (reinterpret_cast<float4 *>(&(value))[0])

// Histogram
// grid(N/256), block(256)
// a: Nx1, y: count histogram, a >= 1
__global__ void histogram_i32_kernel(int *a, int *y, int N) {
  int idx = blockIdx.x * blockDim.x + threadIdx.x;
  if (idx < N)
    atomicAdd(&(y[a[idx]]), 1);
}

// Histogram + Vec4
// grid(N/256), block(256/4)
// a: Nx1, y: count histogram, a >= 1
__global__ void histogram_i32x4_kernel(int *a, int *y, int N) {
  int idx = 4 * (blockIdx.x * blockDim.x + threadIdx.x);
  if (idx < N) {
    int4 reg_a = INT4(a[idx]);
    atomicAdd(&(y[reg_a.x]), 1);
    atomicAdd(&(y[reg_a.y]), 1);
    atomicAdd(&(y[reg_a.z]), 1);
    atomicAdd(&(y[reg_a.w]), 1);
  }
}
