// tilelab kernel collection: PyTorch Cluster's voxel-grid clustering (each point's cell index in a D-dimensional grid)
// Source:  https://github.com/rusty1s/pytorch_cluster/blob/3d1d9e3967c77c757a68d8aad37d0171e93018e2/csrc/cuda/grid_cuda.cu
//          (rusty1s/pytorch_cluster, commit 3d1d9e3).
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 Matthias Fey", repeated below; the file carries no notice).
// Kept:    lines 7-8 (THREADS, BLOCKS) and 10-25 (grid_kernel), unchanged. Removed: lines 1-5 (the includes of the module's own headers ("*_cuda.h", "utils.cuh": torch's extension headers and host checks) and <ATen/cuda/CUDAContext.h>)
//          and the host function grid_cuda (lines 27-72).
// Launches: grid_cuda's grid_kernel<scalar_t><<<BLOCKS(N), THREADS>>> at scalar_t = float (AT_DISPATCH's float instance),
//           start = pos.min(0) and end = pos.max(0) as the host computes them when none are given.

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
template <typename scalar_t>
__global__ void grid_kernel(const scalar_t *pos, const scalar_t *size,
                            const scalar_t *start, const scalar_t *end,
                            int64_t *out, int64_t D, int64_t numel) {
  const int64_t thread_idx = blockIdx.x * blockDim.x + threadIdx.x;

  if (thread_idx < numel) {
    int64_t c = 0, k = 1;
    for (int64_t d = 0; d < D; d++) {
      scalar_t p = pos[thread_idx * D + d] - start[d];
      c += (int64_t)(p / size[d]) * k;
      k *= (int64_t)((end[d] - start[d]) / size[d]) + 1;
    }
    out[thread_idx] = c;
  }
}
