// Collection file: from Tencent/TurboTransformers (a transformer inference runtime), its masked attention softmax.
// Source:  https://github.com/Tencent/TurboTransformers/blob/6c7cf638019a6aee4a19649b8d573230bfe8b9ee/turbo_transformers/layers/kernels/gpu_softmax_kernel.cu
// Licence: BSD-3-Clause (the file's own notice, lines 1-12, repeated below; the repository's LICENSE).
// Kept: lines 1-17 (the notice, <cuda_runtime.h>, <cub/cub.cuh>, <numeric>) and 20-130 (the namespaces, the Array
// helpers and the __global__ cub_softmax_kernel_k), unchanged, then the closing braces of lines 205-207. Removed:
// line 19 (gpu_softmax_kernel.h: the host declaration) and 131-204 (the launch macros and GPUSoftmaxMask, host code).

// Copyright (C) 2020 THL A29 Limited, a Tencent company.
// All rights reserved.
// Licensed under the BSD 3-Clause License (the "License"); you may
// not use this file except in compliance with the License. You may
// obtain a copy of the License at
// https://opensource.org/licenses/BSD-3-Clause
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" basis,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or
// implied. See the License for the specific language governing
// permissions and limitations under the License.
// See the AUTHORS file for names of contributors.

#include <cuda_runtime.h>

#include <cub/cub.cuh>
#include <numeric>



namespace turbo_transformers {
namespace layers {
namespace kernels {

namespace {
template <typename T, int Len>
struct Array {
  __device__ __forceinline__ Array() {}
  __device__ __forceinline__ Array(T* inputs) {
    for (int i = 0; i < Len; ++i) {
      data[i] = inputs[i];
    }
  }
  T data[Len];
};

template <typename T, int Len>
struct ArrayAddFunc {
  __device__ __forceinline__ Array<T, Len> operator()(const Array<T, Len>& p1,
                                                      const Array<T, Len>& p2) {
    Array<T, Len> result;
    for (int i = 0; i < Len; ++i) {
      result.data[i] = p1.data[i] + p2.data[i];
    }
    return result;
  }
};

template <typename T, int Len>
struct ArrayMaxFunc {
  __device__ __forceinline__ Array<T, Len> operator()(const Array<T, Len>& p1,
                                                      const Array<T, Len>& p2) {
    Array<T, Len> result;
    for (int i = 0; i < Len; ++i) {
      result.data[i] = p1.data[i] > p2.data[i] ? p1.data[i] : p2.data[i];
    }
    return result;
  }
};

template <int BlockDim, int K>
__global__ void cub_softmax_kernel_k(float* qk_buf_, const float* attr_mask,
                                     const int batch_size, const int head_num,
                                     const int from_seq_len,
                                     const int to_seq_len, const float scaler,
                                     bool is_2D) {
  __shared__ typename cub::BlockReduce<Array<float, K>, BlockDim>::TempStorage
      temp_storage;
  __shared__ float s_sum[K], s_max[K];
  float tmp[K];
  int qk_offset = blockIdx.x * K * to_seq_len;

  if (threadIdx.x < to_seq_len) {
    float mask_val = 0.;
    for (int i = 0; i < K; ++i) {
      float qk = qk_buf_[threadIdx.x + qk_offset + to_seq_len * i];
      if (attr_mask != nullptr) {
        int batch_id = (blockIdx.x * K + i) / (head_num * from_seq_len);
        int from_seq_id = (blockIdx.x * K + i) % from_seq_len;
        mask_val = attr_mask[threadIdx.x +
                            (is_2D ? (batch_id * to_seq_len)
                                    : (batch_id * from_seq_len + from_seq_id) *
                                          to_seq_len)];
      } else {
        mask_val = 0.0f;
      }
      // mask_val = (1.0f - mask_val) * -10000.0f;
      tmp[i] = qk * scaler + mask_val;
    }
  } else {
    for (int i = 0; i < K; ++i) {
      tmp[i] = -1e20f;
    }
  }

  Array<float, K> max_val =
      cub::BlockReduce<Array<float, K>, BlockDim>(temp_storage)
          .Reduce(Array<float, K>(tmp), ArrayMaxFunc<float, K>());

  if (threadIdx.x == 0) {
    for (int i = 0; i < K; ++i) {
      s_max[i] = max_val.data[i];
    }
  }
  __syncthreads();

  float qk_tmp[K];
  for (int i = 0; i < K; ++i) {
    qk_tmp[i] = threadIdx.x < to_seq_len ? __expf((tmp[i] - s_max[i])) : 0.0f;
  }

  Array<float, K> sum_val =
      cub::BlockReduce<Array<float, K>, BlockDim>(temp_storage)
          .Reduce(Array<float, K>(qk_tmp), ArrayAddFunc<float, K>());

  if (threadIdx.x == 0) {
    for (int i = 0; i < K; ++i) {
      s_sum[i] = sum_val.data[i] + 1e-6f;
    }
  }
  __syncthreads();

  if (threadIdx.x < to_seq_len) {
    for (int i = 0; i < K; ++i) {
      qk_buf_[threadIdx.x + qk_offset + to_seq_len * i] =
          (qk_tmp[i] / s_sum[i]);
    }
  }
}
}  // namespace
}  // namespace kernels
}  // namespace layers
}  // namespace turbo_transformers
