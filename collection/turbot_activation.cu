// Collection file: from Tencent/TurboTransformers (a transformer inference runtime), its fused bias + activation kernel.
// Source:  https://github.com/Tencent/TurboTransformers/blob/6c7cf638019a6aee4a19649b8d573230bfe8b9ee/turbo_transformers/layers/kernels/gpu_activation_kernel.cu
// Licence: BSD-3-Clause (the file's own notice, lines 1-12, repeated below; the repository's LICENSE).
// Kept: lines 1-14 (the notice, <numeric>) and 19-68 (the namespaces, ActivationOp's three specialisations and the
// __global__ add_bias_act), unchanged, then the closing braces of line 93-95. Removed: lines 16-17 (ide_macro.h and
// gpu_activation_kernel.h, host declarations) and 69-92 (GPUAddBiasActKernel, the host launcher, and its three
// instantiations). Copied in, marked: types.h's enums and gpu_activation_kernel.h's line 21 (using types::ActivationType).

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
// ---- copied in from gpu_activation_kernel.h, lines 18-21:
namespace turbo_transformers {
namespace layers {
namespace kernels {
using types::ActivationType;
}  // namespace kernels
}  // namespace layers
}  // namespace turbo_transformers
// ---- end of gpu_activation_kernel.h's lines

namespace turbo_transformers {
namespace layers {
namespace kernels {
namespace {

template <typename T, ActivationType ActType>
__inline__ __device__ T ActivationOp(const T& x);

template <>
__inline__ __device__ float ActivationOp<float, ActivationType::Gelu>(
    const float& x) {
  float cdf =
      0.5f *
      (1.0f + tanhf((0.7978845608028654f * (x + 0.044715f * x * x * x))));
  return x * cdf;
}

template <>
__inline__ __device__ float ActivationOp<float, ActivationType::Tanh>(
    const float& x) {
  return tanhf(x);
}

template <>
__inline__ __device__ float ActivationOp<float, ActivationType::Relu>(
    const float& x) {
  return (x > 0) ? x : 0;
}

}  // namespace

template <typename T, ActivationType ActType>
static __global__ void add_bias_act(const T* bias, int batch_size,
                                    int feature_dim, T* out) {
  T val, reg_bias;

  int row_id;
  int elem_per_thread = (feature_dim + blockDim.x - 1) / blockDim.x;
  int tid = threadIdx.x;

  for (int i = 0; i < elem_per_thread; ++i) {
    int offset = i * blockDim.x + tid;
    if (offset < feature_dim) {
      reg_bias = bias[offset];
      row_id = blockIdx.x;
      val = out[offset + row_id * feature_dim] + reg_bias;
      out[offset + row_id * feature_dim] = ActivationOp<T, ActType>(val);
    }
  }
}

}  // namespace kernels
}  // namespace layers
}  // namespace turbo_transformers
