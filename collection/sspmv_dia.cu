// tilelab kernel collection: Simple_SPMV's DIA SpMV kernel, a thread a row (src/cuda/k1_cuda_DIA_v00.cu)
// Source:  https://github.com/loyer-yuan/Simple_SPMV/blob/5a6ad61dc49115499df035b758865d011c0a11b2/src/cuda/k1_cuda_DIA_v00.cu
//          (loyer-yuan/Simple_SPMV, commit 5a6ad61: a small sparse matrix-vector product project: DIA, ELL, CSR and COO kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) Yuan(Loyer) Luo"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 71-97 of the original: the kernel template and its comment).
//       Removed: the host code (lines 8-68: mat2dia and its instantiation; lines 100-137: the wrapper spmv_dia0, block 128 and grid
//       (m + 127) / 128, compute_spmv_dia and their instantiations) and the includes (lines 1-6: "spmv_dia_kernel.h",
//       <cassert>, <cstring>, <cuda_runtime.h>, the host-only assertm define). The launch instantiates T = float, as the wrapper does.

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
 * @brief DIA SpMV kernel
 *
 * @tparam T data type
 * @param dia_data input matrix's DIA format data array
 * @param dia_offsets input matrix's DIA format offsets array
 * @param vec input vector
 * @param out output vector
 * @param ndiags intput number of diagonals
 * @param m input number of rows
 * @param k input number of columns
 */
template <typename T>
__global__ void spmv_dia_kernel0(const T* __restrict__ dia_data, const int* __restrict__ dia_offsets, const T* __restrict__ vec, T* __restrict__ out, const int ndiags, const int m, const int k) {
  const int row = blockIdx.x * blockDim.x + threadIdx.x;
  if (row < m) {
    T sum = 0;
    for (int i = 0; i < ndiags; i++) {
      const int col = row + dia_offsets[i];
      const T value = dia_data[i * m + row];
      if (col >= 0 && col < k) {
        sum += value * vec[col];
      }
    }
    out[row] = sum;
  }
}
