// tilelab kernel collection: Simple_SPMV's COO SpMV kernels, a segmented sum a warp by shuffles and by shared memory, then atomicAdd (src/cuda/k4_cuda_COO_v00.cu)
// Source:  https://github.com/loyer-yuan/Simple_SPMV/blob/5a6ad61dc49115499df035b758865d011c0a11b2/src/cuda/k4_cuda_COO_v00.cu
//          (loyer-yuan/Simple_SPMV, commit 5a6ad61: a small sparse matrix-vector product project: DIA, ELL, CSR and COO kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) Yuan(Loyer) Luo"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 43-151 of the original: atomicAdd_warp and the two kernel templates with their comments).
//       Removed: the host code (lines 8-40: the using declaration, mat2coo and its instantiation; lines 154-241: the wrappers
//       spmv_coo_segement0 and spmv_coo_segement_naive, block 256 and grid (nnz + 255) / 256, compute_spmv_coo_segment*
//       and their instantiations) and the includes (lines 1-6). The launches instantiate T = float (and BLOCK_SIZE = 256).

/*
 * MIT License
 *
 * Copyright (c) Yuan(Loyer) Luo
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
 * SOFTWARE.
 */

template <typename T>
__device__ __forceinline__ void atomicAdd_warp(T* address, T val) {
  atomicAdd(address, val);
}


/**
 * @brief COO SpMV segment kernel. Each thread computes one element and each warp's computation may cross multiple rows.
 * 
 * @tparam T data type
 * @param coo_data input COO data
 * @param coo_row_indices input COO row indices
 * @param coo_col_indices input COO column indices
 * @param input_vec input vector
 * @param output_vec output vector
 * @param m number of rows
 * @param k number of columns
 * @param nnz number of non-zero elements
 */
template <typename T>
__global__ void spmv_coo_segement_kernel0(const T * __restrict__ coo_data, const int * __restrict__ coo_row_indices, const int * __restrict__ coo_col_indices, const T * __restrict__ input_vec, T * __restrict__ output_vec, const int m, const int k, const int nnz) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // const int warp_id = tid / 32;
  const int lane = tid & 31;

  if (tid < nnz) {
    int row_idx = coo_row_indices[tid];
    int col_idx = coo_col_indices[tid];
    T result = coo_data[tid] * input_vec[col_idx];

    // reduction with shuffle
    #pragma unroll
    for (int offset = 1; offset < 32; offset *= 2) {
      int down_row_idx = __shfl_down_sync(0xffffffff, row_idx, offset);
      T down_result = __shfl_down_sync(0xffffffff, result, offset);
      if (lane + offset < 32 && down_row_idx == row_idx) {
        result += down_result;
      }
    }
    
    // write result
    bool store_result = true;
    int up_row_idx = __shfl_up_sync(0xffffffff, row_idx, 1);
    if (lane - 1 >= 0 && up_row_idx == row_idx) {
      store_result = false;
    }
    if (store_result) {
      atomicAdd_warp(&output_vec[row_idx], result);
    }
  }
}


/**
 * @brief COO SpMV segment kernel. Each thread computes one element and each warp's computation may cross multiple rows.
 * 
 * @tparam T data type
 * @param coo_data input COO data
 * @param coo_row_indices input COO row indices
 * @param coo_col_indices input COO column indices
 * @param input_vec input vector
 * @param output_vec output vector
 * @param m number of rows
 * @param k number of columns
 * @param nnz number of non-zero elements
 */
template <typename T, int BLOCK_SIZE>
__global__ void spmv_coo_segement_kernel_naive(const T * __restrict__ coo_data, const int * __restrict__ coo_row_indices, const int * __restrict__ coo_col_indices, const T * __restrict__ input_vec, T * __restrict__ output_vec, const int m, const int k, const int nnz) {
  const int tid = blockIdx.x * blockDim.x + threadIdx.x;
  // const int warp_id = tid / 32;
  const int lane = tid & 31;
  __shared__ T shared_data[BLOCK_SIZE];
  __shared__ int shared_row_indices[BLOCK_SIZE];

  if (tid < nnz) {
    int row_idx = coo_row_indices[tid];
    int col_idx = coo_col_indices[tid];
    T result = coo_data[tid] * input_vec[col_idx];

    shared_data[threadIdx.x] = result;
    shared_row_indices[threadIdx.x] = row_idx;

    // reduction with shared memory
    if (lane >= 1 && row_idx == shared_row_indices[threadIdx.x - 1]) {
      shared_data[threadIdx.x] += shared_data[threadIdx.x - 1];
    }
    if (lane >= 2 && row_idx == shared_row_indices[threadIdx.x - 2]) {
      shared_data[threadIdx.x] += shared_data[threadIdx.x - 2];
    }
    if (lane >= 4 && row_idx == shared_row_indices[threadIdx.x - 4]) {
      shared_data[threadIdx.x] += shared_data[threadIdx.x - 4];
    }
    if (lane >= 8 && row_idx == shared_row_indices[threadIdx.x - 8]) {
      shared_data[threadIdx.x] += shared_data[threadIdx.x - 8];
    }
    if (lane >= 16 && row_idx == shared_row_indices[threadIdx.x - 16]) {
      shared_data[threadIdx.x] += shared_data[threadIdx.x - 16];
    }
    
    // write result
    bool store_result = true;
    if (lane + 1 < 32 && row_idx == shared_row_indices[threadIdx.x + 1]) {
      store_result = false;
    }
    if (store_result) {
      atomicAdd_warp(&output_vec[row_idx], shared_data[threadIdx.x]);
    }
  }
}
