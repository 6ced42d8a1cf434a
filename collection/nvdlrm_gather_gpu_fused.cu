// tilelab kernel collection: NVIDIA DeepLearningExamples' DLRM fused embedding gather (26 categorical features a
// Source:  https://github.com/NVIDIA/DeepLearningExamples/blob/729963dd47e7c8bd462ad10bfac7a7b0b604e6dd/PyTorch/Recommendation/DLRM/dlrm/cuda_src/gather_gpu_fused.cu
//          (NVIDIA/DeepLearningExamples, commit 729963d: the PyTorch DLRM recommender's CUDA extension,
//          gather_gpu_fused_fwd / gather_gpu_fused_bwd)
// Licence: Apache-2.0 (PyTorch/Recommendation/DLRM/LICENSE; the source file carries no notice: the directory's
//          notice is repeated below).
// What:    sample, each warp one sample: lane i loads feature i's index plus its table offset, __shfl_sync broadcasts it,
//          the warp copies the 128-wide row with 16-byte vector loads, float or half, converting between them), the
//          backward's index offsetting through shared memory and its vectorised gradient copy, CUDA
// Kept: gather_gpu_fused.cu lines 17-202 (VecType4, fp_type_cast, and the three __global__ templates
//       lookupEmbeddings, indices_offset_addition, gradient_copy_kernel), unchanged. Removed: lines 1-4 (the host
//       includes: iostream, the CUDA runtime API, c10 and ATen), 6-15 (the host macro CHK_CUDA) and 204-293 (the
//       host runners gather_gpu_fused_fwd / gather_gpu_fused_bwd and their specialisations).
// Added, marked: <cuda_fp16.h> (__half) and <type_traits> (std::enable_if, std::is_same), which the removed
//       torch headers brought in.
// The launches are the runners': block maxThreadsPerBlock (1024), grid multiProcessorCount *
//       maxThreadsPerMultiProcessor / maxThreadsPerBlock, here for one SM (2048 / 1024 = 2 blocks);
//       lookupEmbeddings<float, __half>, <float, float> and <__half, __half> (the three gather_gpu_fused_fwd
//       specialisations), indices_offset_addition then gradient_copy_kernel<__half, float> or <float, float>
//       (the two gather_gpu_fused_bwd ones, num_elements = batch_size * num_features * embed_vector_dim).

/*
 * The repository's notice for this directory (PyTorch/Recommendation/DLRM/LICENSE, commit 729963d); the source
 * file carries none of its own:
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

// ---- added (the removed torch headers brought these in): ----
#include <cuda_fp16.h>
#include <type_traits>
// ---- end of the added lines ----

// load/store by "mask" vars
// assignments by "val" vars
template <class DTYPE>
struct VecType4{};

template <>
struct VecType4<__half> {
  typedef float2 Type;
  typedef struct __align__(8) {
    __half x;
    __half y;
    __half z;
    __half w;
  } half4;
  union Data {
    half4 val;
    Type mask;
  } data;

  __device__ VecType4() {
    data.mask = make_float2(0.0f, 0.0f);
  }

  __device__ VecType4& operator=(float4 &in) {
    data.val.x = __float2half(in.x);
    data.val.y = __float2half(in.y);
    data.val.z = __float2half(in.z);
    data.val.w = __float2half(in.w);

    return *this;
  }

  __device__ VecType4& operator=(half4 &in) {
    data.val = in;
    return *this;
  }
};

template <>
struct VecType4<float> {
  typedef float4 Type;
  union Data {
    Type val;
    Type mask;
  } data;

  __device__ VecType4() {
    data.val.x = 0.0f;
    data.val.y = 0.0f;
    data.val.z = 0.0f;
    data.val.w = 0.0f;
  }

  __device__ VecType4& operator=(VecType4<__half>::half4 &in) {
    data.val.x = __half2float(in.x);
    data.val.y = __half2float(in.y);
    data.val.z = __half2float(in.z);
    data.val.w = __half2float(in.w);

    return *this;
  }
  __device__ VecType4& operator=(float4 &in) {
    data.val = in;
    return *this;
  }
};

//  -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ -D__CUDA_NO_HALF2_OPERATORS__
// above default build params to Torch extensions requires this extensive juggling around
template <typename ITYPE, typename OTYPE, typename std::enable_if<(std::is_same<ITYPE, float>::value &&
                                                                    std::is_same<OTYPE, __half>::value),
                                                                    ITYPE>::type * = nullptr>
__device__ __host__ __forceinline__  OTYPE fp_type_cast(ITYPE input) {
  return __float2half(input);
}

template <typename ITYPE, typename OTYPE, typename std::enable_if<(std::is_same<ITYPE, __half>::value &&
                                                                    std::is_same<OTYPE, float>::value),
                                                                    ITYPE>::type * = nullptr>
__device__ __host__ __forceinline__  OTYPE fp_type_cast(ITYPE input) {
  return __half2float(input);
}

template <typename ITYPE, typename OTYPE, typename std::enable_if<std::is_same<ITYPE, OTYPE>::value,
                                                                    ITYPE>::type * = nullptr>
__device__ __host__ __forceinline__  OTYPE fp_type_cast(ITYPE input) {
  return input;
}

// this kernel assumes embedding vector_width of 128
template <typename ITYPE, typename OTYPE>
__global__ void lookupEmbeddings(ITYPE *embeddingTable, int64_t *offsets,
                                    int64_t *indices, OTYPE *outLookup, int batch_size) {

  typedef typename VecType4<ITYPE>::Type invec4;
  typedef typename VecType4<OTYPE>::Type outvec4;

  int vector_width = 128;
  const int fea_count = 26;

  int lane_id = threadIdx.x % warpSize;
  int warp_id = threadIdx.x / warpSize;
  int num_warps = blockDim.x / warpSize;
  int start_idx = warp_id * fea_count + lane_id + blockIdx.x * (num_warps * fea_count);

  int64_t lane_offset = 0;
  if (lane_id < fea_count)
    lane_offset = offsets[lane_id];

  while (1) {
    int64_t lookup_idx = -1;
    if (lane_id < fea_count && start_idx < (batch_size * fea_count)) {
      lookup_idx = indices[start_idx] + lane_offset;
  }

  if (__all_sync(0xffffffff, lookup_idx == -1))
    break;

  for (int i = 0; i < fea_count; i++) {
    int64_t table_idx = __shfl_sync(0xffffffff, lookup_idx, i);

    if (table_idx != -1) {
      invec4 *vec_embedding_table = reinterpret_cast<invec4*>(embeddingTable);
      outvec4 *vec_embedding_out = reinterpret_cast<outvec4*>(outLookup);

      int64_t out_idx = start_idx - lane_id + i;
      out_idx *= vector_width;

      int vector_inst_width = 4;    // 128 bit loads, 4-floats
      int64_t vec_in_idx = ((table_idx * vector_width) + (lane_id * vector_inst_width)) >> 2;
      int64_t vec_out_idx = (out_idx + (lane_id * vector_inst_width)) >> 2;

      VecType4<ITYPE> input_elements;
      input_elements.data.mask = vec_embedding_table[vec_in_idx];
      VecType4<OTYPE> output_elements;
      output_elements = input_elements.data.val;
      vec_embedding_out[vec_out_idx] = output_elements.data.mask;
    }
  }

  start_idx += (gridDim.x * num_warps * fea_count);
  }
}

__global__ void indices_offset_addition(int64_t *indices, int64_t *offsets, int64_t *output_indices,
                                          int batch_size) {
  const int fea_count = 26;
  __shared__ int64_t smem_offsets[fea_count];

  if (threadIdx.x < fea_count) {
    smem_offsets[threadIdx.x] = offsets[threadIdx.x];
  }
  __syncthreads();

  int start_idx = threadIdx.x + blockIdx.x * blockDim.x;
  for (int i = start_idx; i < (batch_size * fea_count); i+=(gridDim.x * blockDim.x)) {
    output_indices[i] = indices[i] + smem_offsets[i % fea_count];
  }
}

template <typename ITYPE, typename OTYPE>
__global__ void gradient_copy_kernel(ITYPE *input_gradient, OTYPE *output_gradient, int64_t num_elements) {
  typedef typename VecType4<ITYPE>::Type invec4;
  typedef typename VecType4<OTYPE>::Type outvec4;

  invec4 *vec_input_gradient = reinterpret_cast<invec4*>(input_gradient);
  outvec4 *vec_output_gradient = reinterpret_cast<outvec4*>(output_gradient);

  int64_t start_idx = threadIdx.x + blockIdx.x * blockDim.x;
  for (int64_t i = start_idx; i < num_elements / 4; i+= (gridDim.x * blockDim.x)) {
    VecType4<ITYPE> input_elements;
    input_elements.data.mask = vec_input_gradient[i];
    VecType4<OTYPE> output_elements;
    output_elements = input_elements.data.val;
    vec_output_gradient[i] = output_elements.data.mask;
  }
  int elements_left = num_elements % 4;

  if (threadIdx.x == 0 && elements_left != 0) {
    while(elements_left) {
      int64_t idx = num_elements - elements_left;
      output_gradient[idx] = fp_type_cast<ITYPE, OTYPE>(input_gradient[idx]);
      elements_left--;
    }
  }
}
