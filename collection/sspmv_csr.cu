// tilelab kernel collection: Simple_SPMV's CSR SpMV kernels, scalar (a thread a row) and vector (a warp a row, a shuffle tree) (src/cuda/k3_cuda_CSR_v00.cu)
// Source:  https://github.com/loyer-yuan/Simple_SPMV/blob/5a6ad61dc49115499df035b758865d011c0a11b2/src/cuda/k3_cuda_CSR_v00.cu
//          (loyer-yuan/Simple_SPMV, commit 5a6ad61: a small sparse matrix-vector product project: DIA, ELL, CSR and COO kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) Yuan(Loyer) Luo"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 44-113 of the original: the two kernel templates and their comments).
//       Removed: the host code (lines 8-41: the using declaration, mat2csr and its instantiation; lines 116-203: the wrappers
//       spmv_csr_scalar0, block 256 and grid (m + 255) / 256, and spmv_csr_vector0, block 256 and grid (m + 7) / 8,
//       compute_spmv_csr_* and their instantiations) and the includes (lines 1-6). The launches instantiate T = float.

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

/**
 * @brief CSR SpMV scalar kernel. Each thread computes one row.
 * 
 * @tparam T data type
 * @param csr_data input CSR data
 * @param csr_ptr input CSR row pointer
 * @param csr_indices input CSR column index
 * @param input_vec input vector
 * @param output_vec output vector
 * @param m number of rows
 * @param k number of columns
 */
template <typename T>
__global__ void spmv_csr_scalar_kernel0(const T * __restrict__ csr_data, const int * __restrict__ csr_ptr, const int * __restrict__ csr_indices, const T * __restrict__ input_vec, T * __restrict__ output_vec, const int m, const int k) {
  int row = blockIdx.x * blockDim.x + threadIdx.x;

  if (row < m) {
    float sum = 0;

    int start = csr_ptr[row];
    int end = csr_ptr[row + 1];
    for (int i = start; i < end; i++) {
      sum += csr_data[i] * input_vec[csr_indices[i]];
    }

    output_vec[row] = sum;
  }
}


/**
 * @brief CSR SpMV vector kernel. Each warp computes one row.
 * 
 * @tparam T data type
 * @param csr_data input CSR data
 * @param csr_ptr input CSR row pointer
 * @param csr_indices input CSR column index
 * @param input_vec input vector
 * @param output_vec output vector
 * @param m number of rows
 * @param k number of columns
 */
template <typename T>
__global__ void spmv_csr_vector_kernel0(const T * __restrict__ csr_data, const int * __restrict__ csr_ptr, const int * __restrict__ csr_indices, const T * __restrict__ input_vec, T * __restrict__ output_vec, const int m, const int k) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  int warp_id = tid / 32;
  int lane = tid & (32 - 1); // is equal to "% 32"

  int row = warp_id;
  if (row < m) {
    int start = csr_ptr[row];
    int end = csr_ptr[row + 1];

    float val = 0;
    for (int i = start + lane; i < end; i += 32) {
      val += csr_data[i] * input_vec[csr_indices[i]];
    }

    // Reduce within warp with shuffle
    if(blockDim.x >= 32) val += __shfl_down_sync(0xffffffff, val, 16);
    if(blockDim.x >= 16) val += __shfl_down_sync(0xffffffff, val, 8);
    if(blockDim.x >= 8) val += __shfl_down_sync(0xffffffff, val, 4);
    if(blockDim.x >= 4) val += __shfl_down_sync(0xffffffff, val, 2);
    if(blockDim.x >= 2) val += __shfl_down_sync(0xffffffff, val, 1);

    if (lane == 0) {
      output_vec[row] = val;
    }
  }
}
