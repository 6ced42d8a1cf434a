// tilelab kernel collection: SGLang's sgl-kernel Mixture-of-Experts input preparation (per-expert token
// counts, expert offsets, the token permutation) and the weighted un-permutation sum
// Source:  https://github.com/sgl-project/sglang/blob/0794e181b902092ad139f03647dc802e96e8c037/sgl-kernel/csrc/moe/prepare_moe_input.cu
//          (sgl-project/sglang, commit 0794e18: the LLM serving framework's CUDA kernel library; these kernels
//          prepare the grouped GEMMs of its CUTLASS MoE path and combine the experts' outputs)
// Licence: Apache-2.0 (the repository's LICENSE; the source file carries no notice of its own: the
//          repository's notice is repeated below).
// Kept: prepare_moe_input.cu line 9 (THREADS_PER_EXPERT), lines 11-90 (compute_problem_sizes,
//       compute_expert_offsets, compute_expert_blockscale_offsets, compute_arg_sorts) and lines 256-289
//       (apply_shuffle_mul_sum_kernel), unchanged. Removed: lines 1-7 (the c10/torch includes, <iostream>,
//       cutlass/array.h), the host code of lines 92-165, 226-254 and from line 291, and lines 166-210: the
//       shuffleRowsKernel template and its DECLARE_SHUFFLE_ROWS declarations, device code left out because its
//       row element is CUTLASS's cutlass::Array (a third-party header, not the repository's). Added, marked:
//       <cstdint> and <cuda_fp16.h>, which the removed torch includes brought in. The launches are the host's
//       (get_moe_prepare_input_caller): compute_problem_sizes and compute_arg_sorts <<<num_experts,
//       min(512, topk_ids.numel())>>>, the offsets kernels <<<1, 1>>>; apply_shuffle_mul_sum_kernel
//       <<<m, min(256, row_stride)>>> with scalar_t = at::Half or c10::BFloat16, here __half (the same 16 bits
//       and the same rounding to half after every operation).

/*
 * SGLang (https://github.com/sgl-project/sglang), the repository's LICENSE:
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// ---- added (tilelab): what the removed torch includes provided
#include <cstdint>
#include <cuda_fp16.h>
// ---- end of the addition

constexpr uint64_t THREADS_PER_EXPERT = 512;

__global__ void compute_problem_sizes(
    const int* __restrict__ topk_ids,
    int32_t* problem_sizes1,
    int32_t* problem_sizes2,
    int32_t* atomic_buffer,
    const int64_t topk_length,
    const int64_t n,
    const int64_t k) {
  int expert_id = blockIdx.x;

  int occurrences = 0;
  for (int i = threadIdx.x; i < topk_length; i += THREADS_PER_EXPERT) {
    occurrences += (topk_ids[i] == expert_id);
  }
  atomicAdd(&atomic_buffer[expert_id], occurrences);
  __syncthreads();

  if (threadIdx.x == 0) {
    int final_occurrences = atomic_buffer[expert_id];
    problem_sizes1[expert_id * 3] = final_occurrences;
    problem_sizes1[expert_id * 3 + 1] = static_cast<int32_t>(2 * n);
    problem_sizes1[expert_id * 3 + 2] = static_cast<int32_t>(k);
    problem_sizes2[expert_id * 3] = final_occurrences;
    problem_sizes2[expert_id * 3 + 1] = static_cast<int32_t>(k);
    problem_sizes2[expert_id * 3 + 2] = static_cast<int32_t>(n);
  }
}

__global__ void compute_expert_offsets(
    const int32_t* __restrict__ problem_sizes1,
    int32_t* expert_offsets,
    int32_t* atomic_buffer,
    const int64_t num_experts) {
  int32_t tot_offset = 0;
  expert_offsets[0] = 0;
  for (int i = 0; i < num_experts; ++i) {
    atomic_buffer[i] = tot_offset;
    tot_offset += problem_sizes1[i * 3];
    expert_offsets[i + 1] = tot_offset;
  }
}

__global__ void compute_expert_blockscale_offsets(
    const int32_t* __restrict__ problem_sizes1,
    int32_t* expert_offsets,
    int32_t* blockscale_offsets,
    int32_t* atomic_buffer,
    const int64_t num_experts) {
  int32_t tot_offset = 0;
  int32_t tot_rounded_offset = 0;
  expert_offsets[0] = 0;
  blockscale_offsets[0] = 0;
  for (int i = 0; i < num_experts; ++i) {
    atomic_buffer[i] = tot_offset;
    int num_tokens = problem_sizes1[i * 3];
    int rounded_num_tokens = (num_tokens + (128 - 1)) / 128 * 128;
    tot_offset += num_tokens;
    tot_rounded_offset += rounded_num_tokens;
    expert_offsets[i + 1] = tot_offset;
    blockscale_offsets[i + 1] = tot_rounded_offset;
  }
}

__global__ void compute_arg_sorts(
    const int32_t* __restrict__ topk_ids,
    int32_t* input_permutation,
    int32_t* output_permutation,
    int32_t* atomic_buffer,
    const int64_t topk_length,
    const int64_t topk) {
  int expert_id = blockIdx.x;

  for (int i = threadIdx.x; i < topk_length; i += THREADS_PER_EXPERT) {
    if (topk_ids[i] == expert_id) {
      int start = atomicAdd(&atomic_buffer[expert_id], 1);
      input_permutation[start] = i / topk;
      output_permutation[i] = start;
    }
  }
}

template <typename scalar_t>
__global__ void apply_shuffle_mul_sum_kernel(
    const scalar_t* __restrict__ input_tensor,  // [m * topk, row_stride]
    scalar_t* __restrict__ output_tensor,       // [m, row_stride]
    const int32_t* __restrict__ permutation,    // [m * topk]
    int m,
    int topk,
    int row_stride,
    const scalar_t* __restrict__ factors)  // [m * topk] or nullptr
{
  int i = blockIdx.x;   // [0, m * topk)
  int d = threadIdx.x;  // [0, row_stride)

  if (i >= m || d >= row_stride) return;

  scalar_t sum_val = 0.0;

  for (int j = 0; j < topk; ++j) {
    int index_2d = i * topk + j;
    int src_row = permutation[index_2d];
    if (src_row >= m) continue;

    scalar_t val = input_tensor[src_row * row_stride + d];

    scalar_t factor = 1.0;
    if (factors != nullptr) {
      factor = factors[index_2d];
    }

    sum_val += factor * val;
  }

  output_tensor[i * row_stride + d] = sum_val;
}
