// Collection file: from Tencent/TurboTransformers (a transformer inference runtime), its LayerNorm kernels.
// Source:  https://github.com/Tencent/TurboTransformers/blob/6c7cf638019a6aee4a19649b8d573230bfe8b9ee/turbo_transformers/layers/kernels/gpu_layer_norm_kernel.cu
// Licence: BSD-3-Clause (the file's own notice, lines 1-12, repeated below; the repository's LICENSE).
// Kept: lines 1-16 (the notice, <cuda_runtime.h>, <numeric>) and 20-119 (the namespaces and both __global__ kernels,
// layer_norm_kernel_32x_le_1024 and layer_norm_kernel), unchanged, then the closing braces of lines 144-146.
// Removed: line 19 (gpu_layer_norm_kernel.h: the host declaration) and 121-143 (GPULayerNorm, the host launcher,
// and its instantiations). Line 18's gpu_block_reduce.cuh is copied in whole below (its lines 14-171: the warp and
// block reductions), marked, with types.h's enums, which it includes.

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

#include <numeric>

// ---- copied in from turbo_transformers/layers/types.h, lines 15-24 (the enums the kernels use):
namespace turbo_transformers {
namespace layers {
namespace types {

enum class ReduceType { kMax = 0, kSum };
enum class ActivationType { Gelu = 0, Tanh = 1, Relu = 2 };
enum class PoolType { kMax = 0, kMean, kFirst, kLast };
}  // namespace types
}  // namespace layers
}  // namespace turbo_transformers
// ---- end of types.h's lines
// ---- copied in: turbo_transformers/layers/kernels/gpu_block_reduce.cuh, lines 14-171 (its include of types.h is above)
#pragma once
#include <cuda_runtime.h>
// #include "turbo_transformers/layers/types.h"  (copied in above)
#include <algorithm>

namespace turbo_transformers {
namespace layers {
namespace kernels {

using ReduceType = types::ReduceType;

#define FINAL_MASK 0xffffffff

template <typename Type, Type t, int NumElem>
__inline__ __device__ void blockReduce(float* val_list);

// use template to make code more concise
template <ReduceType TypeVal, int NumElem>
__inline__ __device__ void warpReduce(float* val_list);

// static
template <>
__inline__ __device__ void warpReduce<ReduceType::kMax, 1>(float* val_list) {
  *val_list = max(*val_list, __shfl_xor_sync(FINAL_MASK, *val_list, 16, 32));
  *val_list = max(*val_list, __shfl_xor_sync(FINAL_MASK, *val_list, 8, 32));
  *val_list = max(*val_list, __shfl_xor_sync(FINAL_MASK, *val_list, 4, 32));
  *val_list = max(*val_list, __shfl_xor_sync(FINAL_MASK, *val_list, 2, 32));
  *val_list = max(*val_list, __shfl_xor_sync(FINAL_MASK, *val_list, 1, 32));
}

template <>
__inline__ __device__ void warpReduce<ReduceType::kMax, 2>(float* val_list) {
  float val0_tmp, val1_tmp;
#define WarpReduceMaxOneStep(a, b)                               \
  val0_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list), a, b);     \
  val1_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 1), a, b); \
  *(val_list) = max(val0_tmp, *(val_list));                      \
  *(val_list + 1) = max(val1_tmp, *(val_list + 1));

  WarpReduceMaxOneStep(16, 32);
  WarpReduceMaxOneStep(8, 32);
  WarpReduceMaxOneStep(4, 32);
  WarpReduceMaxOneStep(2, 32);
  WarpReduceMaxOneStep(1, 32);
#undef WarpReduceMaxOneStep
}

template <>
__inline__ __device__ void warpReduce<ReduceType::kMax, 4>(float* val_list) {
  float val0_tmp, val1_tmp, val2_tmp, val3_tmp;
#define WarpReduceMaxOneStep(a, b)                               \
  val0_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 0), a, b); \
  val1_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 1), a, b); \
  val2_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 2), a, b); \
  val3_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 3), a, b); \
  *(val_list + 0) = max(val0_tmp, *(val_list + 0));              \
  *(val_list + 1) = max(val1_tmp, *(val_list + 1));              \
  *(val_list + 2) = max(val2_tmp, *(val_list + 2));              \
  *(val_list + 3) = max(val3_tmp, *(val_list + 3))

  WarpReduceMaxOneStep(16, 32);
  WarpReduceMaxOneStep(8, 32);
  WarpReduceMaxOneStep(4, 32);
  WarpReduceMaxOneStep(2, 32);
  WarpReduceMaxOneStep(1, 32);
#undef WarpReduceMaxOneStep
}

template <>
__inline__ __device__ void warpReduce<ReduceType::kSum, 1>(float* val_list) {
  *val_list += __shfl_xor_sync(FINAL_MASK, *val_list, 16, 32);
  *val_list += __shfl_xor_sync(FINAL_MASK, *val_list, 8, 32);
  *val_list += __shfl_xor_sync(FINAL_MASK, *val_list, 4, 32);
  *val_list += __shfl_xor_sync(FINAL_MASK, *val_list, 2, 32);
  *val_list += __shfl_xor_sync(FINAL_MASK, *val_list, 1, 32);
}

/*
 * Unorll for loop for warpreduce to
 * imporve instruction issue efficiency
 * ElemX means there are X numbers to be summed
 */

template <>
__inline__ __device__ void warpReduce<ReduceType::kSum, 2>(float* val_list) {
  float val0_tmp, val1_tmp;
#define WarpReduceSumOneStep(a, b)                               \
  val0_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 0), a, b); \
  val1_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 1), a, b); \
  *(val_list + 0) += val0_tmp;                                   \
  *(val_list + 1) += val1_tmp

  WarpReduceSumOneStep(16, 32);
  WarpReduceSumOneStep(8, 32);
  WarpReduceSumOneStep(4, 32);
  WarpReduceSumOneStep(2, 32);
  WarpReduceSumOneStep(1, 32);

#undef WarpReduceSumOneStep
}

template <>
__inline__ __device__ void warpReduce<ReduceType::kSum, 4>(float* val_list) {
  float val0_tmp, val1_tmp, val2_tmp, val3_tmp;
#define WarpReduceSumOneStep(a, b)                               \
  val0_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 0), a, b); \
  val1_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 1), a, b); \
  val2_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 2), a, b); \
  val3_tmp = __shfl_xor_sync(FINAL_MASK, *(val_list + 3), a, b); \
  *(val_list + 0) += val0_tmp;                                   \
  *(val_list + 1) += val1_tmp;                                   \
  *(val_list + 2) += val2_tmp;                                   \
  *(val_list + 3) += val3_tmp

  WarpReduceSumOneStep(16, 32);
  WarpReduceSumOneStep(8, 32);
  WarpReduceSumOneStep(4, 32);
  WarpReduceSumOneStep(2, 32);
  WarpReduceSumOneStep(1, 32);
#undef WarpReduceSumOneStep
}

template <ReduceType TypeVal, int NumElem>
__inline__ __device__ void blockReduce(float* val_list) {
  const int n = NumElem;
  static __shared__ float shared[n][32];
  int lane_id = threadIdx.x & 0x1f;
  int wid = threadIdx.x >> 5;

  warpReduce<TypeVal, NumElem>(val_list);

  if (lane_id == 0) {
#pragma unroll
    for (int i = 0; i < n; ++i) {
      shared[i][wid] = *(val_list + i);
    }
  }
  __syncthreads();

  if (threadIdx.x < (blockDim.x >> 5)) {
#pragma unroll
    for (int i = 0; i < n; ++i) {
      *(val_list + i) = shared[i][lane_id];
    }
  } else {
#pragma unroll
    for (int i = 0; i < n; ++i) {
      *(val_list + i) = 0.f;
    }
  }
  warpReduce<TypeVal, NumElem>(val_list);
}

#undef FINAL_MASK

}  // namespace kernels
}  // namespace layers
}  // namespace turbo_transformers
// ---- end of gpu_block_reduce.cuh


namespace turbo_transformers {
namespace layers {
namespace kernels {

template <bool AddBias>
static __global__ void layer_norm_kernel_32x_le_1024(
    float* out, const float* input, const float* bias, const float* gamma,
    const float* beta, int m, int n) {
  int tid = threadIdx.x;
  int offset = blockIdx.x * n + tid;
  __shared__ float s_mean;
  __shared__ float s_variance;

  float local_out = 0.0f;
  if (AddBias) {
    local_out = out[offset] + input[offset] + bias[tid];
  } else {
    local_out = out[offset];
  }

  float sum_list[2] = {local_out, local_out * local_out};
  blockReduce<ReduceType::kSum, 2>(sum_list);

  if (tid == 0) {
    float mean = sum_list[0] / n;
    float mean_2 = sum_list[1] / n;
    s_mean = mean;
    s_variance = rsqrtf(mean_2 - mean * mean + 1e-6f);
  }
  __syncthreads();
  out[offset] = (local_out - s_mean) * s_variance * gamma[tid] + beta[tid];
}

// TODO(jiaruifang) if the lowese dimension is not 32x and <= 1024,
// implementation is not optimized
template <bool AddBias>
static __global__ void layer_norm_kernel(float* out, const float* input,
                                         const float* bias, const float* gamma,
                                         const float* beta, int m, int n) {
  int tid = threadIdx.x;
  int offset = blockIdx.x * n;
  int block_dim_x = blockDim.x;
  __shared__ float s_mean;
  __shared__ float s_variance;

  // local reduce
  int idx = tid;
  float local_sum_out = 0.;
  float local_sum_square_out = 0.;

  if (AddBias) {
    idx = tid;
    while (idx < n) {
      float tmp = (bias[idx] + input[idx + offset] + out[idx + offset]);
      local_sum_out += tmp;
      local_sum_square_out += tmp * tmp;
      idx += block_dim_x;
    }
  } else {
    idx = tid;
    while (idx < n) {
      float tmp = out[idx + offset];
      local_sum_out += tmp;
      local_sum_square_out += tmp * tmp;
      idx += block_dim_x;
    }
  }

  // remote reduce
  float sum_list[2] = {local_sum_out, local_sum_square_out};

  blockReduce<ReduceType::kSum, 2>(sum_list);

  if (tid == 0) {
    float mean = sum_list[0] / n;
    float mean_2 = sum_list[1] / n;
    s_mean = mean;
    s_variance = rsqrtf(mean_2 - mean * mean + 1e-6f);
  }
  __syncthreads();

  idx = tid;
  if (AddBias) {
    while (idx < n) {
      out[idx + offset] =
          (out[idx + offset] + input[idx + offset] + bias[idx] - s_mean) *
              s_variance * gamma[idx] +
          beta[idx];
      idx += block_dim_x;
    }
  } else {
    while (idx < n) {
      out[idx + offset] =
          (out[idx + offset] - s_mean) * s_variance * gamma[idx] + beta[idx];
      idx += block_dim_x;
    }
  }
}

}  // namespace kernels
}  // namespace layers
}  // namespace turbo_transformers
