// tilelab kernel collection: ONNX Runtime GenAI's CUDA top-k sampler, its distributed selection sort (the
// vocabulary sharded over blocks, each a k-round cub::BlockReduce selection; the blocks count themselves on a
// global lock, and block 0 spins on it, then selects the top k of the shards' candidates in shared memory)
// Source:  https://github.com/microsoft/onnxruntime-genai/blob/a0c04eb1313b886c963e415bbd974748cb89a4eb/src/cuda/cuda_topk_distributed_select_sort.cuh
//          (microsoft/onnxruntime-genai, commit a0c04eb)
// Licence: MIT (the file's own notice, kept as its first two lines, and the repository's LICENSE, repeated below).
// Kept: lines 1-2 (the notice), 6 (<float.h>), 8 (<cub/cub.cuh>), 11-203 (the namespaces, TopK_Pair_Reduce,
//       its operator and GetTopKKernelDistributedSelectSort<kBlockSize>) and 245-247 (the namespaces' ends),
//       unchanged. Removed: line 4 (#pragma once), 7 ("cuda_topk.h"), 9 ("cuda_topk_select_sort.cuh", whose
//       device part this kernel uses is copied in instead, below) and 205-243 (LaunchGetDistributedSelectSortTopK:
//       grid 1 x 1 x top_k_shards, block 1024, kBlockSize = 1024; RunTopK on a copy of the scores; IsSupported:
//       batch 1, k <= 64, vocabulary >= 100,000, scaled down here). Blank lines stand between kept ranges.
// Copied in (marked): cuda_topk.h lines 12-13 and 54-59 (namespace topk_impl_details: the shard and k limits
//       sizing the reducer's shared arrays) with the namespaces' ends, and cuda_topk_select_sort.cuh lines 10-12,
//       34-57 and 160-162 (TopK_Pair and reduce_topk_op in their namespaces), unchanged.

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

#include <float.h>

#include <cub/cub.cuh>

// ---- copied from cuda_topk.h, lines 12-13 and 54-59, unchanged (and the two namespaces closed)
namespace Generators {
namespace cuda {

namespace topk_impl_details {
constexpr int kTopKDistributedSelectSortMaxShards = 32;
constexpr int kTopKDistributedSelectSortMaxBatchSize = 1;
constexpr int kTopKDistributedSelectSortMaxTopK = 64;
constexpr int kTopKDistributedSelectSortMinVocabSize = 100000;
}  // namespace topk_impl_details
}  // namespace cuda
}  // namespace Generators
// ---- end of the copy from cuda_topk.h

// ---- copied from cuda_topk_select_sort.cuh, lines 10-12, 34-57 and 160-162, unchanged
namespace Generators {
namespace cuda {
namespace select_sort {

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

}  // namespace select_sort
}  // namespace cuda
}  // namespace Generators
// ---- end of the copy from cuda_topk_select_sort.cuh

namespace Generators {
namespace cuda {
namespace distributed_select_sort {

/**
 * @brief A distributed selection sort that partitions the vocabulary across Streaming Multiprocessors (SMs).
 *
 * Algorithm Overview:
 * This is a highly specialized two-stage algorithm designed for extremely large vocabularies
 * where `batch_size` is small (typically 1).
 *
 * 1.  **Stage 1 (SM-Level Selection)**: The kernel is launched with a grid of thread blocks
 * where each block corresponds to a "shard" and is intended to run on a separate SM.
 * Each block independently performs a full selection sort (`select_sort::GetTopKKernel`) on its
 * assigned partition of the vocabulary. The local Top-K results from each block are written
 * to a shared global buffer.
 *
 * 2.  **Synchronization**: After completing its work, each block atomically increments a global lock counter.
 * A designated "reducer" block (`blockIdx.z == 0`) spins on this counter, waiting for all
 * other blocks to finish Stage 1. This is a form of manual grid-wide synchronization.
 *
 * 3.  **Stage 2 (Final Reduction)**: Once all blocks are done, the reducer block loads all the
 * intermediate Top-K candidates (`num_shards * k`) from the global buffer into its own shared memory.
 * It then performs a final, small selection sort on these candidates to find the true global Top-K.
 *
 * Performance Characteristics:
 * -   **Strengths**: Can be very effective for its niche: extremely large vocabularies
 * where partitioning the work at the SM level reduces the search space for each block significantly.
 * -   **Weaknesses**: Highly specialized. Its performance is poor outside of its target scenario
 * (massive vocabulary, small k, batch_size=1). The manual spin-wait synchronization can be
 * inefficient on some architectures.
 * -   **Use Case**: A niche algorithm for memory-bound scenarios with huge vocabularies.
 */

using TopK_Pair = select_sort::TopK_Pair;

// A simple struct to hold a key-value pair for inter-TB reduction.
// Has an indirection element id (`elem_id_indirection`) to point to
// the actual element id in the original array whereas element id
// (`elem_id`) is the local element id with respect to the processing TB.
struct TopK_Pair_Reduce {
  float u = -FLT_MAX;
  int p = -1;
  int p_indirection = -1;

  __device__ __forceinline__ void insert(float elem, int elem_id, int elem_id_indirection) {
    if (elem > u || (elem == u && elem_id_indirection < p_indirection)) {
      u = elem;
      p = elem_id;
      p_indirection = elem_id_indirection;
    }
  }

  __device__ __forceinline__ void init() {
    u = -FLT_MAX;
    p = -1;
    p_indirection = -1;
  }
};

// CUB reduction operator for finding the maximum value and its index.
__device__ __forceinline__ TopK_Pair_Reduce reduce_topk_pair_reduce_op(TopK_Pair_Reduce const& a, TopK_Pair_Reduce const& b) {
  return a.u > b.u ? a : (a.u == b.u && a.p_indirection < b.p_indirection) ? a
                                                                           : b;
}

// TODO(hasesh): Experiment with using co-operative groups for synchronization in the following kernel
// to see if it can give tangible perf gains
template <int kBlockSize>
__global__ void GetTopKKernelDistributedSelectSort(float* scores_in, float* scores_out, int* indices_out,
                                                   int vocab_size, int k,
                                                   int* top_k_distributed_lock, int* distributed_indices_out,
                                                   float* distributed_scores_out) {
  // Each block processes a different shard of the vocabulary.
  int top_k_shard = blockIdx.z;
  int tid = threadIdx.x;

  int num_top_k_shards = gridDim.z;

  TopK_Pair partial;

  // Use a very small number to blank out selected scores, avoiding picking them again.
  constexpr float MIN_FLOAT = -std::numeric_limits<float>::max();

  int* distributed_indices_out_curr = distributed_indices_out + top_k_shard * k;
  float* distributed_scores_out_curr = distributed_scores_out + top_k_shard * k;

  int start_i = kBlockSize * top_k_shard + tid;

  for (int ite = 0; ite < k; ite++) {
    partial.Init();

    for (auto elemId = start_i; elemId < vocab_size; elemId += kBlockSize * num_top_k_shards) {
      float elem = scores_in[elemId];
      partial.Insert(elem, elemId);
    }

    // reduce in thread block
    typedef cub::BlockReduce<TopK_Pair, kBlockSize> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    TopK_Pair top_k_sequence = BlockReduce(temp_storage).Reduce(partial, select_sort::reduce_topk_op);

    if (tid == 0) {
      distributed_scores_out_curr[ite] = top_k_sequence.u;
      // Clamp invalid index to 0 for safety (NaN inputs leave p at INT_MAX)
      distributed_indices_out_curr[ite] = top_k_sequence.p < vocab_size ? top_k_sequence.p : 0;
      // Guard against NaN inputs: if all scores are NaN, no valid index is found
      // and p remains INT_MAX (its init value). Writing to that index would be OOB.
      if (top_k_sequence.p < vocab_size) {
        scores_in[top_k_sequence.p] = MIN_FLOAT;
      }
      __threadfence_block();
    }
    __syncthreads();
  }

  // --- Synchronization ---
  // Ensure all global writes from Stage 1 are visible.
  __threadfence();
  __syncthreads();

  // Signal completion by incrementing the atomic lock.
  if (threadIdx.x == 0) {
    atomicAdd(top_k_distributed_lock, 1);
  }

  // --- Stage 2: Final Reduction by a single block ---
  if (blockIdx.z == 0) {
    // The reducer block spins until the lock indicates all other blocks are done.
    if (threadIdx.x == 0) {
      int count_of_completed_TBs = 0;

      asm volatile("ld.volatile.global.s32 %0, [%1];"
                   : "=r"(count_of_completed_TBs)
                   : "l"(top_k_distributed_lock));
      while (count_of_completed_TBs < num_top_k_shards) {
        asm volatile("ld.volatile.global.s32 %0, [%1];"
                     : "=r"(count_of_completed_TBs)
                     : "l"(top_k_distributed_lock));
      }

      // Reset the lock for next kernel call
      atomicExch(top_k_distributed_lock, 0);
    }

    // Number of shards is atmost `kTopKDistributedSelectSortMaxShards` and top_k for this kernel is atmost `kTopKDistributedSelectSortMaxTopK`
    __shared__ float shared_distributed_scores_out[topk_impl_details::kTopKDistributedSelectSortMaxShards * topk_impl_details::kTopKDistributedSelectSortMaxTopK];
    __shared__ int shared_distributed_indices_out[topk_impl_details::kTopKDistributedSelectSortMaxShards * topk_impl_details::kTopKDistributedSelectSortMaxTopK];

    // Load distributed results into shared memory for fast access
    for (int i = threadIdx.x; i < num_top_k_shards * k; i += kBlockSize) {
      shared_distributed_scores_out[i] = distributed_scores_out[i];
      shared_distributed_indices_out[i] = distributed_indices_out[i];
    }

    __syncthreads();

    // Perform the reduction
    TopK_Pair_Reduce reduce_partial;
    for (int ite = 0; ite < k; ite++) {
      reduce_partial.init();

      for (int i = threadIdx.x; i < num_top_k_shards * k; i += kBlockSize) {
        float score = shared_distributed_scores_out[i];
        int vocab_index = shared_distributed_indices_out[i];
        reduce_partial.insert(score, i, vocab_index);
      }

      // reduce in thread block
      typedef cub::BlockReduce<TopK_Pair_Reduce, kBlockSize> BlockReduce;
      __shared__ typename BlockReduce::TempStorage temp_storage;
      TopK_Pair_Reduce top_k_sequence_reduced = BlockReduce(temp_storage).Reduce(reduce_partial, reduce_topk_pair_reduce_op);

      if (tid == 0) {
        int index = top_k_sequence_reduced.p;
        int vocab_index = top_k_sequence_reduced.p_indirection;

        scores_out[ite] = top_k_sequence_reduced.u;
        // Guard against NaN: if no valid element was found, p_indirection stays at -1 (init value).
        // Clamp to 0 to avoid downstream OOB in embedding lookups.
        indices_out[ite] = (vocab_index >= 0 && vocab_index < vocab_size) ? vocab_index : 0;
        // Guard against NaN inputs: if all scores are NaN, p stays at -1 (init value).
        if (index >= 0 && index < num_top_k_shards * k) {
          shared_distributed_scores_out[index] = MIN_FLOAT;
        }

        __threadfence_block();
      }

      __syncthreads();
    }
  }
}

}  // namespace distributed_select_sort
}  // namespace cuda
}  // namespace Generators
