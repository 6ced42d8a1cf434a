// tilelab kernel collection: NVIDIA DeepLearningExamples' DLRM sparse-gather extension (embedding lookups of a
// Source:  https://github.com/NVIDIA/DeepLearningExamples/blob/729963dd47e7c8bd462ad10bfac7a7b0b604e6dd/PyTorch/Recommendation/DLRM/dlrm/cuda_src/sparse_gather/gather_gpu.cu
//          (NVIDIA/DeepLearningExamples, commit 729963d: the PyTorch DLRM recommender's CUDA extension,
//          gather_gpu_fwd / gather_gpu_bwd_fuse_sgd)
// Licence: Apache-2.0 (PyTorch/Recommendation/DLRM/LICENSE; the source file carries no notice: the directory's
//          notice is repeated below).
// What:    fixed number of indices a sample through shared memory, the one-hot lookup, and the backward pass fused with
//          plain SGD by float atomicAdd into the table), CUDA
// Kept: gather_gpu.cu lines 11-75 (the comment on the launch shape and the three __global__ kernels GatherKernel,
//       OneHotKernel, GatherBackwardFuseSgdKernel), unchanged. Removed: lines 1-10 (includes, the torch and ATen
//       ones host-only) and 76-171 (the torch host functions).
// The launches are the host's: grid batch_size (indices.size(0)), block embed_size (weight.size(1)), dynamic
//       shared memory query_nnz * sizeof(int) for GatherKernel and GatherBackwardFuseSgdKernel; OneHotKernel
//       when query_nnz == 1. indices are int64 (the host asserts torch.long), the table float32 and contiguous.

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


// For simplicity reason, boundry checks are removed
// All the  kernels MUST be launched with grid size = batch size and block size = embedding size

__global__ void GatherKernel(const float* params,
                             int64_t num_features,
                             int embed_size,
                             int batch_size,
                             int query_nnz,
                             const int64_t* indices,
                             float* ret) {
  int tid = threadIdx.x, bid = blockIdx.x;

  extern __shared__ int shmem_indices[];

  // each CTA load one row of indices in the mini batch into shared memory
  for (int i = tid; i < query_nnz; i += blockDim.x) {
    shmem_indices[i] = indices[query_nnz * bid + i];
  }
  __syncthreads();

#pragma unroll
  for (int i = 0; i < query_nnz; ++i) {
    // printf("%d, %d, %d\n", bid, i, shmem_indices[i]);
    ret[(bid * query_nnz + i) * embed_size + tid] =
        params[(int64_t)shmem_indices[i] * embed_size + tid];
  }
}

__global__ void OneHotKernel(const float* params,
                             int64_t num_features,
                             int embed_size,
                             int batch_size,
                             const int64_t* indices,
                             float* ret) {
  int tid = threadIdx.x, bid = blockIdx.x;

  ret[bid * embed_size + tid] = params[(int64_t)indices[bid] * embed_size + tid];
}

// grads is used to update params directly by atomic instead of forming wgrad
// Only SGD without momentum and without weight decay is supported
__global__ void GatherBackwardFuseSgdKernel(const float* grads,
                                            int64_t num_features,
                                            int embed_size,
                                            int batch_size,
                                            int query_nnz,
                                            const int64_t* indices,
                                            float lr,
                                            float* params) {
  int tid = threadIdx.x, bid = blockIdx.x;

  extern __shared__ int shmem_indices[];

  for (int i = tid; i < query_nnz; i += blockDim.x) {
    shmem_indices[i] = indices[query_nnz * bid + i];
  }
  __syncthreads();

#pragma unroll
  for (int i = 0; i < query_nnz; ++i) {
    atomicAdd(&params[(int64_t)shmem_indices[i] * embed_size + tid],
              -lr * grads[(bid * query_nnz + i) * embed_size + tid]);
  }
}
