// tilelab kernel collection: HugeCTR's sparse-embedding forward kernels (sum and mean pooling of each slot's
// Source:  https://github.com/NVIDIA-Merlin/HugeCTR/blob/00a7890b5561eec9260b9264ed7b47365b86c3d0/HugeCTR/src/embeddings/forward_per_gpu_functor.cu
//          (NVIDIA-Merlin/HugeCTR, commit 00a7890: the GPU recommender-system training framework's localized and
//          distributed slot sparse embeddings; forward_per_gpu pools each sample's slots after the hash table's
//          get_insert has turned the keys into hash_value_index rows)
// Licence: Apache-2.0 (the file's own notice, kept below; the repository's LICENSE).
// What:    ragged bag of embedding rows, float and half outputs), CUDA
// Kept: forward_per_gpu_functor.cu lines 1-16 (the notice), 20-21 and 22-189 (namespace HugeCTR, the anonymous
//       namespace's comment and its four __global__ templates forward_sum_kernel, forward_sum_align2_kernel,
//       forward_mean_kernel, forward_mean_align2_kernel), 255 and 381 (the two namespaces' closing braces),
//       unchanged. Removed: lines 17-18 (the HugeCTR includes), 191-253 (the host launchers forward_sum /
//       forward_mean) and 256-380 (SparseEmbeddingFunctors' host methods and their instantiations).
// Copied in, marked: HugeCTR/include/utils.cuh lines 55-72 at the same commit (TypeConvertFunc<TOUT, TIN> and its
//       <__half, float>, <float, __half> and <float, float> specialisations, the only helper the kernels call), and the two system
//       headers the removed includes brought in for them (<cuda_fp16.h> for __half, <limits> for
//       std::numeric_limits).
// The launches are the host's: forward_sum / forward_mean launch grid batch_size, block embedding_vec_size, no
//       shared memory; for __half outputs with an even embedding_vec_size the align2 kernels with block
//       embedding_vec_size / 2 and embedding_vec_size / 2 passed (float2 reads of the table, __half2 writes).
//       row_offset is the CSR row offset of the batch_size * slot_num slots (TypeKey unsigned int, the
//       instantiation forward_per_gpu<unsigned int, ...>), hash_value_index the size_t row of each key
//       (SIZE_MAX: a key the table does not hold, pooled as 0).

/*
 * Copyright (c) 2020, NVIDIA CORPORATION.
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

// ---- added (the removed HugeCTR includes brought these in): ----
#include <cuda_fp16.h>
#include <limits>
// ---- end of the added lines ----

namespace HugeCTR {

// ---- copied from HugeCTR/include/utils.cuh lines 55-72 (commit 00a7890): ----
template <typename TOUT, typename TIN>
struct TypeConvertFunc;

template <>
struct TypeConvertFunc<__half, float> {
  static __forceinline__ __device__ __half convert(float val) { return __float2half(val); }
};

template <>
struct TypeConvertFunc<float, __half> {
  static __forceinline__ __device__ float convert(__half val) { return __half2float(val); }
};

template <>
struct TypeConvertFunc<float, float> {
  static __forceinline__ __device__ float convert(float val) { return val; }
};

// ---- end of the copy ----

namespace {
/**
 * All the CUDA kernel functions used by embedding layer are defined in this file, including
 * forward propagation, backward propagation. The functions are defined by propagation type
 * and combiner type(sum or mean) as below:
 *   1) forward
 *        sum: calling forward_sum_kernel()
 *        mean: calling foward_sum_kernel() + forward_scale_kernel()
 *   2) backward:
 *        calculating wgrad:
 *          sum: calling backward_sum_kernel()
 *          mean: calling backward_mean_kernel()
 *        update embedding table: including several steps as below,
 *          step1: expand sample IDs, calling sample_id_expand_kernel()
 *          step2: get value_index by key (will call hash_table->get_insert() in nv_hashtable lib)
 *          step3: sort by value_index (will call cub::DeviceRadixSort::SortPairs in cub lib)
 *          step4: count the number for each unduplicated value_index, calling value_count_kernel()
 *          step5: use optimizer method to compute deltaw, and record corresponding, including three
 * types of optimizer: Adam: caling opt_adam_kernel() Momentum sgd: calling
 * opt_momentum_sgd_kernel() Nesterov: calling opt_nesterov_kernel() step6: update embedding table
 * by deltaw, calling update_kernel()
 */

// forward kernel funcion: for both combiner=sum and combiner=mean
template <typename TypeKey, typename TypeEmbeddingComp>
__global__ void forward_sum_kernel(int batch_size, int slot_num, int embedding_vec_size,
                                   const TypeKey *row_offset, const size_t *hash_value_index,
                                   const float *hash_table_value,
                                   TypeEmbeddingComp *embedding_feature) {
  int bid = blockIdx.x;   // each block corresponding to one sample
  int tid = threadIdx.x;  // each thread corresponding to one element in the embedding vector

  if (bid < batch_size && tid < embedding_vec_size) {
    for (int i = 0; i < slot_num; i++) {
      int feature_row_index = bid * slot_num + i;
      TypeKey value_offset = row_offset[feature_row_index];
      TypeKey feature_num =
          row_offset[feature_row_index + 1] - value_offset;  // number of hash values in one slot

      float sum = 0.0f;

      // reduce in a slot
      for (int j = 0; j < feature_num; j++) {
        size_t value_index = hash_value_index[value_offset + j];
        sum += (value_index != std::numeric_limits<size_t>::max()) ?
               hash_table_value[value_index * embedding_vec_size + tid] : 0.0f;
      }

      // store the embedding vector
      embedding_feature[feature_row_index * embedding_vec_size + tid] =
          TypeConvertFunc<TypeEmbeddingComp, float>::convert(sum);
    }
  }
}

template <typename TypeKey>
__global__ void forward_sum_align2_kernel(int batch_size, int slot_num, int embedding_vec_size,
                                          const TypeKey *row_offset, const size_t *hash_value_index,
                                          const float *hash_table_value,
                                          __half *embedding_feature) {
  int bid = blockIdx.x;   // each block corresponding to one sample
  int tid = threadIdx.x;  // each thread corresponding to one element in the embedding vector

  if (bid < batch_size && tid < embedding_vec_size) {
    const float2 *hash_table_value2 = reinterpret_cast<const float2 *>(hash_table_value);
    __half2 *embedding_feature2 = reinterpret_cast<__half2 *>(embedding_feature);

    for (int i = 0; i < slot_num; i++) {
      int feature_row_index = bid * slot_num + i;
      TypeKey value_offset = row_offset[feature_row_index];
      TypeKey feature_num =
          row_offset[feature_row_index + 1] - value_offset;  // number of hash values in one slot

      // use float type to do accumulation
      float2 sum2 = {0.0f, 0.0f};
      for (int j = 0; j < feature_num; j++) {
        size_t value_index = hash_value_index[value_offset + j];
        sum2.x += (value_index != std::numeric_limits<size_t>::max()) ?
                  hash_table_value2[value_index * embedding_vec_size + tid].x : 0.0f;
        sum2.y += (value_index != std::numeric_limits<size_t>::max()) ?
                  hash_table_value2[value_index * embedding_vec_size + tid].y : 0.0f;
      }
      __half2 sum = __float22half2_rn(sum2);

      // store the embedding vector
      embedding_feature2[feature_row_index * embedding_vec_size + tid] = sum;
    }
  }
}

// forward kernel funcion: for combiner=mean in LocalizedEmbedding
template <typename TypeKey, typename TypeEmbeddingComp>
__global__ void forward_mean_kernel(int batch_size, int slot_num, int embedding_vec_size,
                                    const TypeKey *row_offset, const size_t *hash_value_index,
                                    const float *hash_table_value,
                                    TypeEmbeddingComp *embedding_feature) {
  int bid = blockIdx.x;   // each block corresponding to one sample
  int tid = threadIdx.x;  // each thread corresponding to one element in the embedding vector

  if (bid < batch_size && tid < embedding_vec_size) {
    for (int i = 0; i < slot_num; i++) {
      int feature_row_index = bid * slot_num + i;
      TypeKey value_offset = row_offset[feature_row_index];
      int feature_num =
          row_offset[feature_row_index + 1] - value_offset;  // number of hash values in one slot

      float sum = 0.0f;

      // reduce in a slot
      for (int j = 0; j < feature_num; j++) {
        size_t value_index = hash_value_index[value_offset + j];
        sum += (value_index != std::numeric_limits<size_t>::max()) ?
               hash_table_value[value_index * embedding_vec_size + tid] : 0.0f;
      }

      float scaler = 1.0f;
      if (feature_num > 1) {
        scaler = 1.0f / feature_num;
      }

      // store the embedding vector
      embedding_feature[feature_row_index * embedding_vec_size + tid] =
          TypeConvertFunc<TypeEmbeddingComp, float>::convert(sum * scaler);
    }
  }
}

template <typename TypeKey>
__global__ void forward_mean_align2_kernel(int batch_size, int slot_num, int embedding_vec_size,
                                           const TypeKey *row_offset,
                                           const size_t *hash_value_index,
                                           const float *hash_table_value,
                                           __half *embedding_feature) {
  int bid = blockIdx.x;   // each block corresponding to one sample
  int tid = threadIdx.x;  // each thread corresponding to one element in the embedding vector

  if (bid < batch_size && tid < embedding_vec_size) {
    const float2 *hash_table_value2 = reinterpret_cast<const float2 *>(hash_table_value);
    __half2 *embedding_feature2 = reinterpret_cast<__half2 *>(embedding_feature);

    for (int i = 0; i < slot_num; i++) {
      int feature_row_index = bid * slot_num + i;
      TypeKey value_offset = row_offset[feature_row_index];
      int feature_num =
          row_offset[feature_row_index + 1] - value_offset;  // number of hash values in one slot

      // use float to do accumulation
      float2 sum = {0.0f, 0.0f};
      for (int j = 0; j < feature_num; j++) {
        size_t value_index = hash_value_index[value_offset + j];
        sum.x += (value_index != std::numeric_limits<size_t>::max()) ?
                 hash_table_value2[value_index * embedding_vec_size + tid].x : 0.0f;
        sum.y += (value_index != std::numeric_limits<size_t>::max()) ?
                 hash_table_value2[value_index * embedding_vec_size + tid].y : 0.0f;
      }
      __half2 sum2 = __float22half2_rn(sum);

      float scaler = 1.0f;
      if (feature_num > 1) {
        scaler = 1.0f / feature_num;
      }
      __half2 scaler2 = __float2half2_rn(scaler);

      // store the embedding vector
      embedding_feature2[feature_row_index * embedding_vec_size + tid] = __hmul2(sum2, scaler2);
    }
  }
}

}  // namespace

}  // namespace HugeCTR
