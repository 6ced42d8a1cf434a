// tilelab kernel collection: flashlight's force-alignment criterion (the ASG numerator): forward, backward, Viterbi
// Source:  https://github.com/flashlight/sequence/blob/703b1839ad5f1a07509cb28e2075d3cb7eb808a1/flashlight/lib/sequence/criterion/cuda/ForceAlignmentCriterion.cu
//          (flashlight/sequence, commit 703b183: the CUDA criteria of flashlight's speech recognition)
// Licence: MIT (the repository's LICENSE, repeated below; the file's own notice kept).
// Kept: lines 1-6 (the notice) and 17-299 (the anonymous namespace: WorkspacePtrs and the three kernels), the
//       device code unchanged.
// Removed: lines 8-15 (the includes of the criterion's headers, <algorithm>, <cmath>, and the using-declaration of
//       CriterionScaleMode, which the kernels do not use), WorkspacePtrs' constructor (lines 21-32, host code: it
//       carves the eight arrays out of one workspace with fl::lib::seq::Workspace and sets requiredSize; the
//       collection passes the structure by value with the same fields), and the host code, lines 301-383 (forward,
//       backward and viterbiPath launch each kernel <<<B, min(256, (L + 31) / 32 * 32)>>>).
// Added, marked: #include <cmath> and #include <math_constants.h> (CUDART_INF_F), which the removed includes bring.
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

// ---- added: what the removed includes bring (log, exp; CUDART_INF_F) ----
#include <cmath>
#include <math_constants.h>
// ---- end of the added lines ----

namespace {

template <class Float>
struct WorkspacePtrs {
  // ---- removed: the constructor, lines 21-32 (host code) ----

  Float* scale;
  double* alpha;
  double* alphaGrad;
  Float* transBatchGrad;
  Float* transBuf1;
  Float* transBuf2;
  Float* transBufGrad1;
  Float* transBufGrad2;
  size_t requiredSize;
};

/*
 * B thread blocks
 * L threads/block (ideally)
 */
template <class Float>
__global__ void forwardKernel(
    int T,
    int N,
    int _L,
    const Float* _input,
    const int* _target,
    const int* targetSize,
    const Float* trans,
    Float* _loss,
    WorkspacePtrs<Float> ws) {
  auto b = blockIdx.x;
  auto* alpha = &ws.alpha[b * T * _L];
  auto* input = &_input[b * T * N];
  auto* target = &_target[b * _L];
  auto* transBuf1 = &ws.transBuf1[b * _L];
  auto* transBuf2 = &ws.transBuf2[b * _L];
  int L = targetSize[b];

  for (auto i = threadIdx.x; i < L; i += blockDim.x) {
    alpha[i] = i == 0 ? input[target[0]] : 0;
    transBuf1[i] = trans[target[i] * N + target[i]];
    transBuf2[i] = i > 0 ? trans[target[i] * N + target[i - 1]] : 0;
  }

  for (int t = 1; t < T; ++t) {
    auto* inputCur = &input[t * N];
    auto* alphaPrev = &alpha[(t - 1) * L];
    auto* alphaCur = &alpha[t * L];

    int high = t < L ? t : L;
    int low = T - t < L ? L - (T - t) : 1;

    __syncthreads();

    if (threadIdx.x == 0) {
      if (T - t >= L) {
        alphaCur[0] = alphaPrev[0] + transBuf1[0] + inputCur[target[0]];
      }
    } else if (threadIdx.x == 1) {
      if (t < L) {
        alphaCur[high] =
            alphaPrev[high - 1] + transBuf2[high] + inputCur[target[high]];
      }
    }

    for (auto i = low + threadIdx.x; i < high; i += blockDim.x) {
      double s1 = alphaPrev[i] + transBuf1[i];
      double s2 = alphaPrev[i - 1] + transBuf2[i];
      // lse = logSumExp(s1, s2)
      double lse =
          s1 < s2 ? s2 + log(1 + exp(s1 - s2)) : s1 + log(1 + exp(s2 - s1));
      alphaCur[i] = lse + inputCur[target[i]];
    }
  }

  __syncthreads();

  if (threadIdx.x == 0) {
    _loss[b] = alpha[T * L - 1] * ws.scale[b];
  }
}

/*
 * B thread blocks
 * L threads/block (ideally)
 */
template <class Float>
__global__ void backwardKernel(
    int T,
    int N,
    int _L,
    const int* _target,
    const int* targetSize,
    const Float* grad,
    Float* _inputGrad,
    Float* transGrad,
    WorkspacePtrs<Float> ws) {
  auto b = blockIdx.x;
  auto* alpha = &ws.alpha[b * T * _L];
  auto* alphaGrad = &ws.alphaGrad[b * T * _L];
  auto* inputGrad = &_inputGrad[b * T * N];
  auto* target = &_target[b * _L];
  auto* transBatchGrad = &ws.transBatchGrad[b * N * N];
  auto* transBuf1 = &ws.transBuf1[b * _L];
  auto* transBuf2 = &ws.transBuf2[b * _L];
  auto* transBufGrad1 = &ws.transBufGrad1[b * _L];
  auto* transBufGrad2 = &ws.transBufGrad2[b * _L];
  int L = targetSize[b];

  if (threadIdx.x == 0) {
    alphaGrad[T * L - 1] = 1;
  }

  for (int t = T - 1; t > 0; --t) {
    auto* inputCurGrad = &inputGrad[t * N];
    auto* alphaPrev = &alpha[(t - 1) * L];
    auto* alphaCurGrad = &alphaGrad[t * L];
    auto* alphaPrevGrad = &alphaGrad[(t - 1) * L];

    int high = t < L ? t : L;
    int low = T - t < L ? L - (T - t) : 1;

    int high1 = t < L ? t + 1 : L;
    int low1 = T - t < L ? L - (T - t) : 0;

    __syncthreads();

    for (auto i = low1 + threadIdx.x; i < high1; i += blockDim.x) {
      atomicAdd(&inputCurGrad[target[i]], alphaCurGrad[i]);
    }

    if (threadIdx.x == 0) {
      if (T - t >= L) {
        atomicAdd(&alphaPrevGrad[0], alphaCurGrad[0]);
        transBufGrad1[0] += alphaCurGrad[0];
      }
    } else if (threadIdx.x == 1) {
      if (t < L) {
        atomicAdd(&alphaPrevGrad[high - 1], alphaCurGrad[high]);
        transBufGrad2[high] += alphaCurGrad[high];
      }
    }

    for (auto i = low + threadIdx.x; i < high; i += blockDim.x) {
      double s1 = alphaPrev[i] + transBuf1[i];
      double s2 = alphaPrev[i - 1] + transBuf2[i];
      // d1, d2 = dLogSumExp(s1, s2)
      double d1, d2;
      if (s1 < s2) {
        d2 = 1 / (1 + exp(s1 - s2));
        d1 = 1 - d2;
      } else {
        d1 = 1 / (1 + exp(s2 - s1));
        d2 = 1 - d1;
      }
      atomicAdd(&alphaPrevGrad[i], d1 * alphaCurGrad[i]);
      atomicAdd(&alphaPrevGrad[i - 1], d2 * alphaCurGrad[i]);
      transBufGrad1[i] += d1 * alphaCurGrad[i];
      transBufGrad2[i] += d2 * alphaCurGrad[i];
    }
  }

  __syncthreads();

  __shared__ Float gradScale;

  if (threadIdx.x == 0) {
    inputGrad[target[0]] += alphaGrad[0];
    gradScale = grad[b] * ws.scale[b];
  }

  for (auto i = threadIdx.x; i < L; i += blockDim.x) {
    atomicAdd(&transBatchGrad[target[i] * N + target[i]], transBufGrad1[i]);
    if (i > 0) {
      atomicAdd(
          &transBatchGrad[target[i] * N + target[i - 1]], transBufGrad2[i]);
    }
  }

  __syncthreads();

  for (auto i = threadIdx.x; i < T * N; i += blockDim.x) {
    inputGrad[i] *= gradScale;
  }

  for (auto i = threadIdx.x; i < N * N; i += blockDim.x) {
    atomicAdd(&transGrad[i], gradScale * transBatchGrad[i]);
  }
}

template <class Float>
__global__ void viterbiPathKernel(
    int T,
    int N,
    int _L,
    const Float* _input,
    const int* _target,
    const int* targetSize,
    const Float* trans,
    int* bestPaths,
    WorkspacePtrs<Float> ws) {
  auto b = blockIdx.x;
  auto* alpha = &ws.alpha[b * T * _L];
  auto* input = &_input[b * T * N];
  auto* target = &_target[b * _L];
  auto* transBuf1 = &ws.transBuf1[b * _L];
  auto* transBuf2 = &ws.transBuf2[b * _L];
  int L = targetSize[b];

  for (auto i = threadIdx.x; i < L * T; i += blockDim.x) {
    alpha[i] = i == 0 ? input[target[0]] : -CUDART_INF_F;
  }

  for (auto i = threadIdx.x; i < L; i += blockDim.x) {
    transBuf1[i] = trans[target[i] * N + target[i]];
    transBuf2[i] = i > 0 ? trans[target[i] * N + target[i - 1]] : 0;
  }
  if (L > T || L == 0) {
    return;
  }

  for (int t = 1; t < T; ++t) {
    auto* inputCur = &input[t * N];
    auto* alphaPrev = &alpha[(t - 1) * L];
    auto* alphaCur = &alpha[t * L];

    int high = t < L ? t : L;
    int low = T - t < L ? L - (T - t) : 1;

    // Ensure that all previous alphas have been computed
    __syncthreads();

    if (threadIdx.x == 0) {
      if (T - t >= L) {
        alphaCur[0] = alphaPrev[0] + transBuf1[0] + inputCur[target[0]];
      }
    } else if (threadIdx.x == 1) {
      if (t < L) {
        alphaCur[high] =
            alphaPrev[high - 1] + transBuf2[high] + inputCur[target[high]];
      }
    }

    for (auto i = low + threadIdx.x; i < high; i += blockDim.x) {
      double s1 = alphaPrev[i] + transBuf1[i];
      double s2 = alphaPrev[i - 1] + transBuf2[i];
      alphaCur[i] = inputCur[target[i]] + max(s1, s2);
    }
  }
  // Ensure all threads are finished and alphas have been computed before
  // computing backward path
  __syncthreads();
  if (threadIdx.x == 0) {
    int ltrIdx = L - 1;
    for (int t = T - 1; t > 0; t--) {
      bestPaths[t + (b * T)] = target[ltrIdx];
      auto* alphaPrev = &alpha[(t - 1) * L];
      if (ltrIdx > 0) {
        double s1 = alphaPrev[ltrIdx] + transBuf1[ltrIdx];
        double s2 = alphaPrev[ltrIdx - 1] + transBuf2[ltrIdx];
        if (s2 > s1) {
          ltrIdx--;
        }
      }
    }
    bestPaths[b * T] = target[ltrIdx];
  }
}

} // namespace
