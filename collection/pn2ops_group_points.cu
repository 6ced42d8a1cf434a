// tilelab kernel collection: PointNet++'s point-cloud ops: grouping: each centroid's neighbours' features gathered by the ball query's indices, and its
// gradient scattered back with float atomicAdd
// Source:  https://github.com/erikwijmans/Pointnet2_PyTorch/blob/b5ceb6d9ca0467ea34beb81023f96ee82228f626/pointnet2_ops_lib/pointnet2_ops/_ext-src/src/group_points_gpu.cu
//          (erikwijmans/Pointnet2_PyTorch, commit b5ceb6d)
// Licence: the Unlicense (public domain dedication; the repository's UNLICENSE, repeated below).
// Kept: lines 6-28, 41-64 (the comments and every __global__ kernel with its device helper), unchanged.
// Removed: lines 1-4 (includes: stdio.h, stdlib.h, cuda_utils.h: ATen and the launch helpers),
//       lines 30-39 and 66-75 (the launch wrappers).
// Selection, fixed before any run (collection/manifest.toml, the pn2ops_ entries): every __global__ kernel of the
// four _gpu.cu files, none dropped for its result, each launched as its wrapper launches it (grid b, or dim3(b, c) for
// the gathers; block opt_n_threads(work) = the largest power of two <= work, at most 512, or
// opt_block_config(x, c); furthest_point_sampling_kernel's instance the one the wrapper's switch picks for that
// block), the host's sizes (the models' batches of 24-32 clouds of 4096 points, 1024-16 centroids, 16-128
// neighbours, up to 1024 feature channels) replaced by b = 2 clouds of n = 256 points, m = 64 centroids, nsample = 16, radius 0.4, c = 8 channels
// (and, for the sampler, one more cloud of 100 points: the <64> instance); outputs zeroed as the .cpp bindings
// zero them (torch::zeros; the sampler's temp torch::full 1e10); the index inputs what the earlier kernels give
// (numpy: ball query for the grouping, three_nn and its inverse-distance weights for the interpolation).
//
// This is free and unencumbered software released into the public domain.
//
// Anyone is free to copy, modify, publish, use, compile, sell, or
// distribute this software, either in source code form or as a compiled
// binary, for any purpose, commercial or non-commercial, and by any
// means.
//
// In jurisdictions that recognize copyright laws, the author or authors
// of this software dedicate any and all copyright interest in the
// software to the public domain. We make this dedication for the benefit
// of the public at large and to the detriment of our heirs and
// successors. We intend this dedication to be an overt act of
// relinquishment in perpetuity of all present and future rights to this
// software under copyright law.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
// IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR
// OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE,
// ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR
// OTHER DEALINGS IN THE SOFTWARE.
//
// For more information, please refer to <http://unlicense.org/>

// pointnet2_ops_lib/pointnet2_ops/_ext-src/src/group_points_gpu.cu, lines 6-28
// input: points(b, c, n) idx(b, npoints, nsample)
// output: out(b, c, npoints, nsample)
__global__ void group_points_kernel(int b, int c, int n, int npoints,
                                    int nsample,
                                    const float *__restrict__ points,
                                    const int *__restrict__ idx,
                                    float *__restrict__ out) {
  int batch_index = blockIdx.x;
  points += batch_index * n * c;
  idx += batch_index * npoints * nsample;
  out += batch_index * npoints * nsample * c;

  const int index = threadIdx.y * blockDim.x + threadIdx.x;
  const int stride = blockDim.y * blockDim.x;
  for (int i = index; i < c * npoints; i += stride) {
    const int l = i / npoints;
    const int j = i % npoints;
    for (int k = 0; k < nsample; ++k) {
      int ii = idx[j * nsample + k];
      out[(l * npoints + j) * nsample + k] = points[l * n + ii];
    }
  }
}

// pointnet2_ops_lib/pointnet2_ops/_ext-src/src/group_points_gpu.cu, lines 41-64
// input: grad_out(b, c, npoints, nsample), idx(b, npoints, nsample)
// output: grad_points(b, c, n)
__global__ void group_points_grad_kernel(int b, int c, int n, int npoints,
                                         int nsample,
                                         const float *__restrict__ grad_out,
                                         const int *__restrict__ idx,
                                         float *__restrict__ grad_points) {
  int batch_index = blockIdx.x;
  grad_out += batch_index * npoints * nsample * c;
  idx += batch_index * npoints * nsample;
  grad_points += batch_index * n * c;

  const int index = threadIdx.y * blockDim.x + threadIdx.x;
  const int stride = blockDim.y * blockDim.x;
  for (int i = index; i < c * npoints; i += stride) {
    const int l = i / npoints;
    const int j = i % npoints;
    for (int k = 0; k < nsample; ++k) {
      int ii = idx[j * nsample + k];
      atomicAdd(grad_points + l * n + ii,
                grad_out[(l * npoints + j) * nsample + k]);
    }
  }
}
