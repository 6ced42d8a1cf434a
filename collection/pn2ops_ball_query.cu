// tilelab kernel collection: PointNet++'s point-cloud ops: a fixed-radius neighbour search (ball query): for each centroid, the first nsample points of its cloud
// within the radius, in point order, the first one repeated over the unused slots
// Source:  https://github.com/erikwijmans/Pointnet2_PyTorch/blob/b5ceb6d9ca0467ea34beb81023f96ee82228f626/pointnet2_ops_lib/pointnet2_ops/_ext-src/src/ball_query_gpu.cu
//          (erikwijmans/Pointnet2_PyTorch, commit b5ceb6d)
// Licence: the Unlicense (public domain dedication; the repository's UNLICENSE, repeated below).
// Kept: lines 7-44 (the comments and every __global__ kernel with its device helper), unchanged.
// Removed: lines 1-5 (includes: math.h, stdio.h, stdlib.h and cuda_utils.h, which is ATen's and the
//       host's launch helpers) and lines 46-54 (the launch wrapper).
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

// pointnet2_ops_lib/pointnet2_ops/_ext-src/src/ball_query_gpu.cu, lines 7-44
// input: new_xyz(b, m, 3) xyz(b, n, 3)
// output: idx(b, m, nsample)
__global__ void query_ball_point_kernel(int b, int n, int m, float radius,
                                        int nsample,
                                        const float *__restrict__ new_xyz,
                                        const float *__restrict__ xyz,
                                        int *__restrict__ idx) {
  int batch_index = blockIdx.x;
  xyz += batch_index * n * 3;
  new_xyz += batch_index * m * 3;
  idx += m * nsample * batch_index;

  int index = threadIdx.x;
  int stride = blockDim.x;

  float radius2 = radius * radius;
  for (int j = index; j < m; j += stride) {
    float new_x = new_xyz[j * 3 + 0];
    float new_y = new_xyz[j * 3 + 1];
    float new_z = new_xyz[j * 3 + 2];
    for (int k = 0, cnt = 0; k < n && cnt < nsample; ++k) {
      float x = xyz[k * 3 + 0];
      float y = xyz[k * 3 + 1];
      float z = xyz[k * 3 + 2];
      float d2 = (new_x - x) * (new_x - x) + (new_y - y) * (new_y - y) +
                 (new_z - z) * (new_z - z);
      if (d2 < radius2) {
        if (cnt == 0) {
          for (int l = 0; l < nsample; ++l) {
            idx[j * nsample + l] = k;
          }
        }
        idx[j * nsample + cnt] = k;
        ++cnt;
      }
    }
  }
}
