// tilelab kernel collection: kmcuda's sample extraction and tiled shared-memory transpose (samples <-> features)
// Source:  https://github.com/src-d/kmcuda/blob/7dcd28c49a6c76bb9c5e1b19c23976a1f76e1b3b/src/transpose.cu
// Licence: Apache-2.0 (the repository's LICENSE.md; the file carries no notice of its own: one is given below)
// Kept, unchanged: lines 3-4 (TILE_DIM, BLOCK_ROWS), 6-54 (copy_sample_t, transpose<xyswap>). Removed: line 1
//       (#include "private.h", host-only) and lines 55-end (the extern "C" host wrappers).
//
// kmcuda, Copyright source{d} (src-d). Licensed under the Apache License, Version 2.0 (the "License"); you may not use
// this file except in compliance with the License. You may obtain a copy of the License at
// http://www.apache.org/licenses/LICENSE-2.0. Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND.

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void copy_sample_t(
    uint32_t index, uint32_t samples_size, uint16_t features_size,
    const float *__restrict__ samples, float *__restrict__ dest) {
  uint32_t ti = blockIdx.x * blockDim.x + threadIdx.x;
  if (ti >= features_size) {
    return;
  }
  dest[ti] = samples[static_cast<uint64_t>(samples_size) * static_cast<uint64_t>(ti) + index];
}

template <bool xyswap>
__global__ void transpose(
    const float *__restrict__ input, uint32_t rows, uint32_t cols,
    float *__restrict__ output) {
  __shared__ float tile[TILE_DIM][TILE_DIM + 1];
  volatile uint32_t x = xyswap?
      blockIdx.y * TILE_DIM + threadIdx.y:
      blockIdx.x * TILE_DIM + threadIdx.x;
  volatile uint32_t y = xyswap?
      blockIdx.x * TILE_DIM + threadIdx.x:
      blockIdx.y * TILE_DIM + threadIdx.y;
  volatile uint32_t tx = xyswap? threadIdx.y : threadIdx.x;
  volatile uint32_t ty = xyswap? threadIdx.x : threadIdx.y;

  if (x < cols && y < rows) {
    for (uint32_t j = 0;
         j < min(static_cast<unsigned int>(TILE_DIM), rows - y);
         j += BLOCK_ROWS) {
      tile[ty + j][tx] = input[static_cast<uint64_t>(y + j) * cols + x];
    }
  }

  __syncthreads();

  x = xyswap?
      blockIdx.x * TILE_DIM + threadIdx.y:
      blockIdx.y * TILE_DIM + threadIdx.x;
  y = xyswap?
      blockIdx.y * TILE_DIM + threadIdx.x:
      blockIdx.x * TILE_DIM + threadIdx.y;

  if (x < rows && y < cols) {
    for (uint32_t j = 0;
         j < min(static_cast<unsigned int>(TILE_DIM), cols - y);
         j += BLOCK_ROWS) {
      output[static_cast<uint64_t>(y + j) * rows + x] = tile[tx][ty + j];
    }
  }
}
