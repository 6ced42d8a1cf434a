// tilelab kernel collection: h2o4gpu's CML tiled Cholesky helpers (in-tile factorisation, panel triangular solve)
// Source:  https://github.com/h2oai/h2o4gpu/blob/a22da27a267e403bf537293b011788d846ab14bc/src/gpu/include/cml/cml_linalg.cuh
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice of its own: one is given below)
// Kept, unchanged: cml_linalg.cuh lines 10-116 (math_sqrt/math_rsqrt, namespace cml, Get, __block_chol,
//       __block_trsv, the anonymous namespace's close), then a closing brace for namespace cml. Removed: includes,
//       linalg_cholesky_decomp and linalg_cholesky_svx (host, cuBLAS).
//
// Copyright 2017-2018 H2O.ai, Inc.
// Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance
// with the License. You may obtain a copy of the License at http://www.apache.org/licenses/LICENSE-2.0
// Unless required by applicable law or agreed to in writing, software distributed under the License is
// distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.

// From src/gpu/include/cml/cblas.h, line 5:
enum CBLAS_ORDER {CblasRowMajor = 101, CblasColMajor = 102};

// From src/gpu/include/cml/cml_defs.cuh, lines 4-12:

namespace cml {

typedef unsigned int uint;

const uint kTileSize = 32u;
const uint kBlockSize = 256u;
const uint kMaxGridSize = 65535u;

}  // namespace cml

// cml_linalg.cuh, lines 10-116:

namespace {
__device__ double math_sqrt(double x) {
  return sqrt(x);
}

__device__ float math_sqrt(float x) {
  return sqrtf(x);
}

__device__ double math_rsqrt(double x) {
  return rsqrt(x);
}

__device__ float math_rsqrt(float x) {
  return rsqrtf(x);
}
}  // namespace

namespace cml {

namespace {

template <typename T, CBLAS_ORDER O>
__device__ inline T& Get(T *A, uint i, uint j, uint tda) {
  if (O == CblasColMajor)
    return A[i + j * tda];
  else
    return A[i * tda + j];
}

// Cholesky Helpers.
template <typename T, CBLAS_ORDER O>
__global__ void __block_chol(T *A, uint iter, uint tda) {
  uint col = threadIdx.x;
  uint row = threadIdx.y;
  uint mat_dim = blockDim.x;

  uint global_col = iter * kTileSize + col;
  uint global_row = iter * kTileSize + row;

  const uint kSmTda = kTileSize + 1u;

  __shared__ T L[kSmTda * kTileSize];
  Get<T, O>(L, row, col, kSmTda) = Get<T, O>(A, global_row, global_col, tda);
  __syncthreads();

  for (uint i = 0; i < mat_dim; ++i) {
    T rl11 = math_rsqrt(Get<T, O>(L, i, i, kSmTda));
    __syncthreads();
    if (row >= i && col == 0)
      Get<T, O>(L, row, i, kSmTda) *= rl11;
    __syncthreads();
    if (row >= col && col > i)
      Get<T, O>(L, row, col, kSmTda) -=
          Get<T, O>(L, col, i, kSmTda) * Get<T, O>(L, row, i, kSmTda);
    __syncthreads();
  }

  if (row >= col)
    Get<T, O>(A, global_row, global_col, tda) = Get<T, O>(L, row, col, kSmTda);
}

template <typename T, CBLAS_ORDER O>
__global__ void __block_trsv(T *A, uint iter, uint n, uint tda) {
  uint tile_idx = blockIdx.x;
  uint row = threadIdx.x;

  const uint kSmTda = kTileSize + 1u;
  __shared__ T L[kSmTda * kTileSize];
  __shared__ T A12[kSmTda * kTileSize];

  uint global_col = iter * kTileSize;
  uint global_row = iter * kTileSize + row;

  // Load A -> L column-wise.
  for (uint i = 0; i < kTileSize; ++i)
    Get<T, O>(L, row, i, kSmTda) =
        Get<T, O>(A, global_row, global_col + i, tda);

  global_row = row + (iter + tile_idx + 1u) * kTileSize;

  if (global_row < n) {
    for (uint i = 0; i < kTileSize; ++i)
      Get<T, O>(A12, row, i, kSmTda) = 
          Get<T, O>(A, global_row, global_col + i, tda);
  }
  __syncthreads();

  if (global_row < n) {
    for (uint i = 0; i < kTileSize; ++i) {
      for (uint j = 0; j < i; ++j)
        Get<T, O>(A12, row, i, kSmTda) -=
            Get<T, O>(A12, row, j, kSmTda) * Get<T, O>(L, i, j, kSmTda);
      Get<T, O>(A12, row, i, kSmTda) /= Get<T, O>(L, i, i, kSmTda);
    }
  }
  __syncthreads();

  if (global_row < n) {
    for (uint i = 0; i < kTileSize; ++i)
      Get<T, O>(A, global_row, global_col + i, tda) =
          Get<T, O>(A12, row, i, kSmTda);
  }
}

}  // namespace

}  // namespace cml
