// tilelab kernel collection: PyTorch Sparse's COO/CSR conversions (sorted row indices to a row pointer, and back)
// Source:  https://github.com/rusty1s/pytorch_sparse/blob/91feaa5e28a2eb4ba983a9007d046112dbc92d97/csrc/cuda/convert_cuda.cu
//          (rusty1s/pytorch_sparse, commit 91feaa5).
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 Matthias Fey", repeated below; the file carries no notice).
// Kept:    lines 7-24 (THREADS, ind2ptr_kernel) and 43-54 (ptr2ind_kernel), unchanged. Removed: lines 1-5 (the includes of the module's own headers ("*_cuda.h", "utils.cuh": torch's extension headers, the at::Half shuffle overloads and host checks) and <ATen/cuda/CUDAContext.h>)
//          and the host functions ind2ptr_cuda (lines 26-41) and ptr2ind_cuda (lines 56-67).
// Launches: ind2ptr_cuda's ind2ptr_kernel<<<(numel + 2 + THREADS - 1) / THREADS, THREADS>>> and ptr2ind_cuda's
//           ptr2ind_kernel<<<(ptr.numel() - 1 + THREADS - 1) / THREADS, THREADS>>>.

/*
 * Copyright (c) 2020 Matthias Fey <matthias.fey@tu-dortmund.de>
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 */

#define THREADS 256

__global__ void ind2ptr_kernel(const int64_t *ind_data, int64_t *out_data,
                               int64_t M, int64_t numel) {

  int64_t thread_idx = blockDim.x * blockIdx.x + threadIdx.x;

  if (thread_idx == 0) {
    for (int64_t i = 0; i <= ind_data[0]; i++)
      out_data[i] = 0;
  } else if (thread_idx < numel) {
    for (int64_t i = ind_data[thread_idx - 1]; i < ind_data[thread_idx]; i++)
      out_data[i + 1] = thread_idx;
  } else if (thread_idx == numel) {
    for (int64_t i = ind_data[numel - 1] + 1; i < M + 1; i++)
      out_data[i] = numel;
  }
}

__global__ void ptr2ind_kernel(const int64_t *ptr_data, int64_t *out_data,
                               int64_t E, int64_t numel) {

  int64_t thread_idx = blockDim.x * blockIdx.x + threadIdx.x;

  if (thread_idx < numel) {
    int64_t idx = ptr_data[thread_idx], next_idx = ptr_data[thread_idx + 1];
    for (int64_t i = idx; i < next_idx; i++) {
      out_data[i] = thread_idx;
    }
  }
}
