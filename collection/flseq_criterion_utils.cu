// tilelab kernel collection: flashlight's sequence criteria, CriterionUtils (the target sizes and the loss scales)
// Source:  https://github.com/flashlight/sequence/blob/703b1839ad5f1a07509cb28e2075d3cb7eb808a1/flashlight/lib/sequence/criterion/cuda/CriterionUtils.cu
//          (flashlight/sequence, commit 703b183: the CUDA criteria of flashlight's speech recognition, ASG and
//          the force-alignment criterion)
// Licence: MIT (the repository's LICENSE, repeated below; the file's own notice kept).
// Kept: lines 1-6 (the notice) and 12-83 (the anonymous namespace: both kernels), unchanged.
// Removed: lines 8-10 (#include "flashlight/lib/sequence/criterion/cuda/CriterionUtils.cuh", #include <algorithm>)
//       and the host code, lines 85-119 (CriterionUtils<Float>::batchTargetSize / computeScale, which launch
//       batchTargetSizeKernel<<<B, 32>>> and computeScaleKernel<<<1, min(256, (B + 31) / 32 * 32)>>>).
// Added, marked: the enum CriterionScaleMode, from flashlight/lib/sequence/criterion/Defines.h (lines 10-24).
//
// MIT License
//
// Copyright (c) Facebook, Inc. and its affiliates.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

/*
 * Copyright (c) Facebook, Inc. and its affiliates.
 *
 * This source code is licensed under the MIT-style license found in the
 * LICENSE file in the root directory of this source tree.
 */

// ---- copied in from flashlight/lib/sequence/criterion/Defines.h, lines 10-24 ----
namespace fl {
namespace lib {
namespace seq {

enum class CriterionScaleMode {
  NONE = 0,
  INPUT_SZ = 1,
  INPUT_SZ_SQRT = 2,
  TARGET_SZ = 3,
  TARGET_SZ_SQRT = 4,
};

} // namespace seq
} // namespace lib
} // namespace fl
// ---- end of the copied lines ----

namespace {

using fl::lib::seq::CriterionScaleMode;
using namespace fl::lib::seq;

/*
 * B thread blocks
 * 32 threads/block (ideally)
 */
__global__ void
batchTargetSizeKernel(int L, int maxSize, const int* _target, int* targetSize) {
  auto b = blockIdx.x;
  auto target = _target + b * L;

  __shared__ int idx;

  if (threadIdx.x == 0) {
    idx = 0;
  }

  __syncthreads();

  for (auto i = L - 1 - threadIdx.x; i >= 0; i -= blockDim.x) {
    if (target[i] >= 0) {
      atomicMax(&idx, i + 1);
      break;
    }
  }

  __syncthreads();

  if (threadIdx.x == 0) {
    targetSize[b] = idx < maxSize ? idx : maxSize;
  }
}

/*
 * 1 thread block
 * B threads/block (ideally)
 */
template <class Float>
__global__ void computeScaleKernel(
    int B,
    int T,
    int /* N */,
    CriterionScaleMode scaleMode,
    const int* targetSize,
    Float* scale) {
  for (auto b = threadIdx.x; b < B; b += blockDim.x) {
    switch (scaleMode) {
      case CriterionScaleMode::NONE:
        scale[b] = 1.0;
        break;
      case CriterionScaleMode::INPUT_SZ:
        scale[b] = T > 0 ? 1.0 / T : 1.0;
        break;
      case CriterionScaleMode::INPUT_SZ_SQRT:
        scale[b] = T > 0 ? std::sqrt(1.0 / T) : 1.0;
        break;
      case CriterionScaleMode::TARGET_SZ:
        scale[b] = targetSize[b] > 0 ? 1.0 / targetSize[b] : 1.0;
        break;
      case CriterionScaleMode::TARGET_SZ_SQRT:
        scale[b] = targetSize[b] > 0 ? std::sqrt(1.0 / targetSize[b]) : 1.0;
        break;
      default:
        break;
    }
  }
}

} // namespace
