// tilelab kernel collection: PyTorch Sparse's uniform random walk on a CSR graph (pre-drawn uniforms)
// Source:  https://github.com/rusty1s/pytorch_sparse/blob/91feaa5e28a2eb4ba983a9007d046112dbc92d97/csrc/cuda/rw_cuda.cu
//          (rusty1s/pytorch_sparse, commit 91feaa5).
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 Matthias Fey", repeated below; the file carries no notice).
// Kept:    lines 7-29 (THREADS, BLOCKS, uniform_random_walk_kernel), unchanged. Removed: lines 1-5 (the includes of the module's own headers ("*_cuda.h", "utils.cuh": torch's extension headers, the at::Half shuffle overloads and host checks) and <ATen/cuda/CUDAContext.h>)
//          and the host function random_walk_cuda (lines 31-53).
// Launches: random_walk_cuda's <<<BLOCKS(start.numel()), THREADS>>>, out filled with -1.

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

#define THREADS 1024
#define BLOCKS(N) (N + THREADS - 1) / THREADS

__global__ void uniform_random_walk_kernel(const int64_t *rowptr,
                                           const int64_t *col,
                                           const int64_t *start,
                                           const float *rand, int64_t *out,
                                           int64_t walk_length, int64_t numel) {
  const int64_t thread_idx = blockIdx.x * blockDim.x + threadIdx.x;

  if (thread_idx < numel) {
    int64_t cur = start[thread_idx];
    out[thread_idx] = cur;

    int64_t row_start, row_end;
    for (int64_t l = 0; l < walk_length; l++) {
      row_start = rowptr[cur], row_end = rowptr[cur + 1];
      cur = col[row_start +
                int64_t(rand[l * numel + thread_idx] * (row_end - row_start))];
      out[(l + 1) * numel + thread_idx] = cur;
    }
  }
}
