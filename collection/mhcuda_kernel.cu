// tilelab kernel collection: MinHashCuda's Weighted MinHash kernels (gamma and log transforms of uniform samples, the Ioffe weighted MinHash over CSR rows)
// Source:  https://github.com/src-d/minhashcuda/blob/85d419a3b3fedafd8e25d4fb0c641f69198d2ba6/kernel.cu
//          (src-d/minhashcuda, commit 85d419a; <stdint.h> from minhashcuda.h line 31)
// Licence: Apache-2.0 (the repository's LICENSE.md; the source file carries no notice of its own: the licence's notice is below).
// Kept, unchanged: lines 2, 4-112 (cfloat, MAX_BLOCK_SIZE, __constant__ d_dim and the three kernels); removed: lines 1, 3
//       (cassert, private.h: host wrappers and macros; its include of minhashcuda.h's <stdint.h> is copied in) and 113-175 (host code).
/*
   Copyright 2016-2023 the src-d/minhashcuda authors (source{d})

   Licensed under the Apache License, Version 2.0 (the "License");
   you may not use this file except in compliance with the License.
   You may obtain a copy of the License at

     http://www.apache.org/licenses/LICENSE-2.0

   Unless required by applicable law or agreed to in writing, software
   distributed under the License is distributed on an "AS IS" BASIS,
   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
   See the License for the specific language governing permissions and
   limitations under the License.
*/

// ---- minhashcuda.h, line 31
#include <stdint.h>
// ---- end of minhashcuda.h
#include <cfloat>

#define MAX_BLOCK_SIZE 1024

/// The number of dimensions. Constant on every device.
__constant__ uint32_t d_dim;

/// Calculates the gamma distribution of the specified size from two uniform
/// distributions.
/// @param size The number of samples to write.
/// @param v1 in The first array with uniformly distributed values in [0, 1].
/// @param v2 in,out The second array with uniformly distributed values in [0, 1].
///                  The output is written to it.
/// @note v1 and v2 must be independent (e.g., not the same), otherwise you will
/// get an invalid result.
__global__ void gamma_cuda(uint32_t size, const float *__restrict__ v1,
                           float *__restrict__ v2) {
  uint32_t index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= size) {
    return;
  }
  v2[index] = -logf(v1[index] * v2[index]);
}

/// Calculates the natural logarithm of the array.
/// @param size The length of the array.
/// @param v in,out The array to read and write.
__global__ void log_cuda(uint32_t size, float *v) {
  uint32_t index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index >= size) {
    return;
  }
  v[index] = logf(v[index]);
}

/// Weighted MinHash kernel. The argument names follow the paper:
/// http://static.googleusercontent.com/media/research.google.com/en//pubs/archive/36928.pdf
/// @param rs Gamma(2,1)-random samples. The length must be the product of
///           number of processed samples (vectors) by the number of dimensions.
/// @param ln_cs Logarithm over the gamma(2,1) distribution. Same length as rs.
/// @param betas Uniformly [0, 1] distributed samples. Same length as rs.
/// @param weights CSR's data.
/// @param cols CSR's indices.
/// @param rows CSR's indptrs.
/// @param plan Execution plan, consists of 2 parts: the first is the offset
///             table and the second is the row indices
/// @param sample_delta How many hashes to process in a single thread. Depends
///                     on the shared memory size.
/// @param device_row_offset Shard offset in rows. Specific to every device.
/// @param device_wc_offset Shard offset in weights and cols. Specific to every
///                         device.
/// @param hashes The output of size number of vectors x number of hashes for
///               each x 2.
__global__ void weighted_minhash_cuda(
    const float *__restrict__ rs, const float *__restrict__ ln_cs,
    const float *__restrict__ betas, const float *__restrict__ weights,
    const uint32_t *__restrict__ cols, const uint32_t *__restrict__ rows,
    const int32_t *__restrict__ plan, const int sample_delta,
    const uint32_t device_row_offset, const uint32_t device_wc_offset,
    uint32_t *__restrict__ hashes) {
  const uint32_t thread_index = blockIdx.y * blockDim.y + threadIdx.y;
  const uint32_t sample_index = threadIdx.x;
  int32_t row_offset = plan[thread_index];
  int32_t row_border = plan[thread_index + 1];
  if (row_offset == row_border) {
    return;
  }
  const uint32_t sample_offset = sample_index * sample_delta;
  const uint32_t samples = blockDim.x * sample_delta;
  extern __shared__ float shmem[];
  float *lnmins = &shmem[(threadIdx.y * blockDim.x + sample_index) * 3 * sample_delta];
  uint2 *dtmins = reinterpret_cast<uint2 *>(lnmins + sample_delta);
  int32_t row = -1;
  for (uint32_t index = 0, border = 0;; index++) {
    if (index >= border) {
      for (uint32_t s = 0; s < sample_delta; s++) {
        lnmins[s] = FLT_MAX;
      }
      if (row >= 0) {
        for (int s = 0; s < sample_delta; s++) {
          auto hash = reinterpret_cast<uint2 *>(hashes +
              ((row - device_row_offset) * samples + s + sample_offset) * 2);
          *hash = dtmins[s];
        }
      }
      if (row_offset >= row_border) {
        break;
      }
      row = plan[row_offset++];
      index = rows[row - device_row_offset];
      border = rows[row - device_row_offset + 1];
    }
    const float w = logf(weights[index - device_wc_offset]);
    const uint32_t d = cols[index - device_wc_offset];
    int64_t ci = static_cast<int64_t>(sample_offset) * d_dim + d;
    #pragma unroll 4
    for (int s = 0; s < sample_delta; s++, ci += d_dim) {
      // We apply the logarithm trick here: log (a / z) = log a - log z
      float r = rs[ci];
      float beta = betas[ci];
      float t = floorf(w / r + beta);
      float ln_y = (t - beta) * r;
      float ln_a = ln_cs[ci] - ln_y - r;
      if (ln_a < lnmins[s]) {
        lnmins[s] = ln_a;
        dtmins[s] = {d, static_cast<uint32_t>(static_cast<int32_t>(t))};
      }
    }
  }
}
