// tilelab kernel collection: torch-points-kernels' ball queries: the dense one (per cloud of a batch, the first nsample points within the radius, their squared distances) and the partial-dense one (clouds of different sizes packed by CSR offsets)
// Source:  https://github.com/torch-points3d/torch-points-kernels/blob/401531936524c64beb8ee75dc468ed3427f3ad0b/cuda/src/ball_query_gpu.cu
//          (torch-points3d/torch-points-kernels, commit 4015319)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept, unchanged: lines 1-3 (<math.h>, <stdio.h>, <stdlib.h>) and 7-95 (both __global__ kernels with their comments).
// Removed: lines 4-6 ("cuda_utils.h": ATen's headers and the host's opt_n_threads) and 96-118 (the two launch wrappers).
//
// MIT License
//
// Copyright (c) 2020 Nicolas Chaulet
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
// input: new_xyz(b, m, 3) xyz(b, n, 3)
// output: idx(b, m, nsample)
__global__ void query_ball_point_kernel_dense(int b, int n, int m, float radius, int nsample,
                                              const float* __restrict__ new_xyz,
                                              const float* __restrict__ xyz,
                                              int64_t* __restrict__ idx_out,
                                              float* __restrict__ dist_out)
{
    int batch_index = blockIdx.x;
    xyz += batch_index * n * 3;
    new_xyz += batch_index * m * 3;
    idx_out += m * nsample * batch_index;
    dist_out += m * nsample * batch_index;

    int index = threadIdx.x;
    int stride = blockDim.x;

    float radius2 = radius * radius;
    for (int j = index; j < m; j += stride)
    {
        float new_x = new_xyz[j * 3 + 0];
        float new_y = new_xyz[j * 3 + 1];
        float new_z = new_xyz[j * 3 + 2];
        for (int k = 0, cnt = 0; k < n && cnt < nsample; ++k)
        {
            float x = xyz[k * 3 + 0];
            float y = xyz[k * 3 + 1];
            float z = xyz[k * 3 + 2];
            float d2 =
                (new_x - x) * (new_x - x) + (new_y - y) * (new_y - y) + (new_z - z) * (new_z - z);
            if (d2 < radius2)
            {
                if (cnt == 0)
                {
                    for (int l = 0; l < nsample; ++l)
                    {
                        idx_out[j * nsample + l] = k;
                    }
                }
                idx_out[j * nsample + cnt] = k;
                dist_out[j * nsample + cnt] = d2;
                ++cnt;
            }
        }
    }
}

__global__ void query_ball_point_kernel_partial_dense(int size_x, int size_y, float radius,
                                                      int nsample, const float* __restrict__ x,
                                                      const float* __restrict__ y,
                                                      const int64_t* __restrict__ batch_x,
                                                      const int64_t* __restrict__ batch_y,
                                                      int64_t* __restrict__ idx_out,
                                                      float* __restrict__ dist_out)
{
    // taken from
    // https://github.com/rusty1s/pytorch_cluster/blob/master/cuda/radius_kernel.cu
    const ptrdiff_t batch_idx = blockIdx.x;

    const ptrdiff_t start_idx_x = batch_x[batch_idx];
    const ptrdiff_t end_idx_x = batch_x[batch_idx + 1];

    const ptrdiff_t start_idx_y = batch_y[batch_idx];
    const ptrdiff_t end_idx_y = batch_y[batch_idx + 1];
    float radius2 = radius * radius;

    for (ptrdiff_t n_y = start_idx_y + threadIdx.x; n_y < end_idx_y; n_y += blockDim.x)
    {
        int64_t count = 0;
        for (ptrdiff_t n_x = start_idx_x; n_x < end_idx_x; n_x++)
        {
            float dist = 0;
            for (ptrdiff_t d = 0; d < 3; d++)
            {
                dist += (x[n_x * 3 + d] - y[n_y * 3 + d]) * (x[n_x * 3 + d] - y[n_y * 3 + d]);
            }
            if (dist <= radius2)
            {
                idx_out[n_y * nsample + count] = n_x;
                dist_out[n_y * nsample + count] = dist;
                count++;
            }
            if (count >= nsample)
            {
                break;
            }
        }
    }
}
