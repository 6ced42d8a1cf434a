// tilelab kernel collection: ONNX Runtime GenAI's CUDA top-k sampler, its selection-sort algorithm (block top-1 and
// k rounds of a cub::BlockReduce arg-max over the vocabulary, each round's winner blanked in place)
// Source:  https://github.com/microsoft/onnxruntime-genai/blob/a0c04eb1313b886c963e415bbd974748cb89a4eb/src/cuda/cuda_topk_select_sort.cuh
//          (microsoft/onnxruntime-genai, commit a0c04eb: the generate() API's GPU search; select_sort is the
//          top-k algorithm its benchmark cache may pick for small k)
// Licence: MIT (the file's own notice, kept as its first two lines, and the repository's LICENSE, repeated below).
// Kept: lines 1-2 (the notice), 6-7 (<float.h>, <cub/cub.cuh>), 10-122 (the namespaces, TopK_Pair,
//       reduce_topk_op, GetTop1Kernel<kBlockSize>, GetTopKKernel<kBlockSize>) and 160-162 (the namespaces'
//       ends), unchanged. Removed: line 4 (#pragma once), 8 ("cuda_topk.h": the host's TopkData) and 124-158
//       (LaunchGetTop1 / LaunchGetTopK: grid batch_size, block 1024, kBlockSize = 1024; RunTopK: top-1 for k = 1,
//       else GetTopKKernel on a copy of the scores). Blank lines stand between kept ranges.

/*
 * The repository's LICENSE:
 *
 * MIT License
 *
 * Copyright (c) Microsoft Corporation.
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE
 */

// Copyright (c) Microsoft Corporation. All rights reserved.
// Licensed under the MIT License.

#include <float.h>  // For FLT_MAX
#include <cub/cub.cuh>

namespace Generators {
namespace cuda {
namespace select_sort {

/**
 * @brief A direct implementation of the selection sort algorithm on the GPU.
 *
 * Algorithm Overview:
 * This algorithm mimics the classic selection sort. To find the Top-K elements, it iterates `k` times.
 * In each iteration, all threads in a block cooperatively scan the entire `vocab_size` to find the
 * single element with the highest score. This element is written to the output. To prevent it
 * from being selected again in the next iteration, its score in the input tensor is overwritten
 * with a very small number (`-FLT_MAX`).
 *
 * Performance Characteristics:
 * -   **Strengths**: Simple to understand and implement. It has a highly optimized path for the
 * common `k=1` case (`GetTop1Kernel`), which is read-only and avoids the overhead of modifying the input tensor.
 * -   **Weaknesses**: The algorithm has a complexity of roughly O(k * vocab_size), making it
 * extremely inefficient for anything other than very small `k` values (e.g., k <= 4).
 * For `k > 1`, it must modify the input tensor, requiring a "copy-on-write" strategy
 * to avoid altering the original user-provided scores.
 * -   **Use Case**: Serves as a performance baseline and is only competitive for `k=1` or other tiny `k` values.
 */

// A simple struct to hold a key-value pair for CUB reduction.
struct TopK_Pair {
  int p = INT_MAX;     // Index
  float u = -FLT_MAX;  // Score

  // Inserts an element if it's greater than the current max, with tie-breaking for stability.
  __device__ __forceinline__ void Insert(float elem, int elem_id) {
    if (elem > u || (elem == u && elem_id < p)) {
      u = elem;
      p = elem_id;
    }
  }

  __device__ __forceinline__ void Init() {
    u = -FLT_MAX;
    p = INT_MAX;
  }
};

// CUB reduction operator for finding the maximum score and its corresponding index.
__device__ __forceinline__ TopK_Pair reduce_topk_op(TopK_Pair const& a, TopK_Pair const& b) {
  return a.u > b.u ? a : (a.u == b.u && a.p < b.p) ? a
                                                   : b;
}

/**
 * @brief Specialized kernel optimized for finding only the Top-1 element.
 * It is read-only on `scores_in` and avoids the overhead of the iterative version.
 */
template <int kBlockSize>
__global__ void GetTop1Kernel(const float* scores_in, float* scores_out, int* indices_out, int batch_size, int vocab_size) {
  int batch = blockIdx.x;
  int tid = threadIdx.x;
  TopK_Pair partial;

  // Each thread block processes one batch item.
  // Threads cooperatively scan the vocabulary to find the max element.
  for (auto elemId = tid; elemId < vocab_size; elemId += kBlockSize) {
    float elem = scores_in[elemId + batch * vocab_size];
    partial.Insert(elem, elemId);
  }
  // Reduce within the thread block to find the block's top element.
  typedef cub::BlockReduce<TopK_Pair, kBlockSize> BlockReduce;
  __shared__ typename BlockReduce::TempStorage temp_storage;
  TopK_Pair top_k_sequence = BlockReduce(temp_storage).Reduce(partial, reduce_topk_op);

  // Thread 0 writes the final result. No fence or write-back to scores_in is needed.
  if (tid == 0) {
    // Guard against NaN inputs: clamp invalid index to 0
    int safe_p = top_k_sequence.p < vocab_size ? top_k_sequence.p : 0;
    scores_out[batch] = top_k_sequence.u;
    indices_out[batch] = safe_p;
  }
}

// General kernel to find the top K elements using iterative selection sort.
// This version modifies its input `scores_in` in-place for maximum performance.
template <int kBlockSize>
__global__ void GetTopKKernel(volatile float* scores_in, float* scores_out, int* indices_out, int batch_size, int vocab_size,
                              int k) {
  int batch = blockIdx.x;
  int tid = threadIdx.x;
  TopK_Pair partial;

  for (int ite = 0; ite < k; ite++) {
    partial.Init();
    for (auto elemId = tid; elemId < vocab_size; elemId += kBlockSize) {
      float elem = scores_in[elemId + batch * vocab_size];
      partial.Insert(elem, elemId);
    }
    typedef cub::BlockReduce<TopK_Pair, kBlockSize> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    TopK_Pair top_k_sequence = BlockReduce(temp_storage).Reduce(partial, reduce_topk_op);

    if (tid == 0) {
      // Guard against NaN inputs: if all scores are NaN, no valid index is found
      // and p remains INT_MAX (its init value). Clamp to index 0 to avoid OOB.
      int safe_p = top_k_sequence.p < vocab_size ? top_k_sequence.p : 0;
      scores_out[ite + batch * k] = top_k_sequence.u;
      indices_out[ite + batch * k] = safe_p;
      if (top_k_sequence.p < vocab_size) {
        scores_in[batch * vocab_size + top_k_sequence.p] = -FLT_MAX;
      }

      __threadfence_block();
    }
    __syncthreads();
  }
}

}  // namespace select_sort
}  // namespace cuda
}  // namespace Generators
