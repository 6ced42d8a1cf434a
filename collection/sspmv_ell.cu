// tilelab kernel collection: Simple_SPMV's ELL SpMV kernel, a thread a row, column-major zero-padded (src/cuda/k2_cuda_ELL_v00.cu)
// Source:  https://github.com/loyer-yuan/Simple_SPMV/blob/5a6ad61dc49115499df035b758865d011c0a11b2/src/cuda/k2_cuda_ELL_v00.cu
//          (loyer-yuan/Simple_SPMV, commit 5a6ad61: a small sparse matrix-vector product project: DIA, ELL, CSR and COO kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) Yuan(Loyer) Luo"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 57-85 of the original: the kernel template and its comment).
//       Removed: the host code (lines 10-54: the using declarations, mat2ell and its instantiation; lines 88-128: the wrapper
//       spmv_ell0, block 256 and grid (m + 255) / 256, compute_spmv_ell and their instantiations) and the includes (lines
//       1-8). The launch instantiates T = float, as the wrapper does.

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
 * @brief ELL SpMV kernel wrapper
 * 
 * @tparam T data type
 * @param ell_data input matrix's ELL format data array
 * @param ell_indices input matrix's ELL format indices array
 * @param input_vec input vector
 * @param output_vec output vector
 * @param max_nnz_per_row input maximum number of non-zero elements per row
 * @param m input number of rows
 * @param k input number of columns
 */
template <typename T>
__global__ void spmv_ell_kernel0(const float* __restrict__ ell_data, const int* __restrict__ ell_indices, const float* __restrict__ input_vec, float* __restrict__ output_vec, const int max_nnz_per_row, const int m, const int k)
{
  int row = blockIdx.x * blockDim.x + threadIdx.x;
  
  if (row < m) {
    float sum = 0;
    for (int i = 0; i < max_nnz_per_row; i++) {
      int offset = ell_indices[i * m + row];
      T val = ell_data[i * m + row];
      if (val != 0) {
        sum += val * input_vec[offset];
      }
    }
    output_vec[row] = sum;
  }
}
