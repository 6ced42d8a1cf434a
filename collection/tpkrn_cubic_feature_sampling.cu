// tilelab kernel collection: torch-points-kernels' cubic feature sampling (GRNet: for each point, the features of the grid vertices of its cell's neighbourhood, -1 outside the grid) and its gradient (atomicAdd back onto the grid)
// Source:  https://github.com/torch-points3d/torch-points-kernels/blob/401531936524c64beb8ee75dc468ed3427f3ad0b/cuda/src/cubic_feature_sampling_gpu.cu
//          (torch-points3d/torch-points-kernels, commit 4015319)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept, unchanged: lines 1-3 (<cmath>, <cstdio>, <cstdlib>), 7-9 (CUDA_NUM_THREADS), 16-104 (compute_index and
//       cubic_feature_sampling_kernel) and 136-177 (cubic_feature_sampling_grad_kernel). Removed: lines 4-6
//       (<torch/extension.h>, "cuda_utils.h"), 10-15 (the host's get_n_threads), 105-135 and 178-210 (the wrappers).
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

#include <cmath>
#include <cstdio>
#include <cstdlib>

#define CUDA_NUM_THREADS 512


__device__ int compute_index(int offset_x, int offset_y, int offset_z, int scale)
{
    return offset_x * scale * scale + offset_y * scale + offset_z;
}

template <typename scalar_t>
__global__ void cubic_feature_sampling_kernel(int scale, int neighborhood_size, int n_vertices,
                                              int n_pts, int n_cubic_channels,
                                              const scalar_t* __restrict__ ptcloud,
                                              const scalar_t* __restrict__ cubic_features,
                                              scalar_t* __restrict__ point_features,
                                              int* __restrict__ grid_pt_indexes)
{
    int batch_index = blockIdx.x;
    int index = threadIdx.x;
    int stride = blockDim.x;
    int cub_scale = scale * scale * scale;

    ptcloud += batch_index * n_pts * 3;
    cubic_features += batch_index * n_cubic_channels * cub_scale;
    point_features += batch_index * n_pts * n_vertices * n_cubic_channels;
    grid_pt_indexes += batch_index * n_pts * n_vertices;

    for (int i = index; i < n_pts; i += stride)
    {
        scalar_t pt_x = ptcloud[i * 3 + 0];
        scalar_t pt_y = ptcloud[i * 3 + 1];
        scalar_t pt_z = ptcloud[i * 3 + 2];

        int lower_x = std::floor(pt_x);
        int upper_x = std::ceil(pt_x);
        if (lower_x == upper_x)
        {
            upper_x += 1;
        }
        int lower_y = std::floor(pt_y);
        int upper_y = std::ceil(pt_y);
        if (lower_y == upper_y)
        {
            upper_y += 1;
        }
        int lower_z = std::floor(pt_z);
        int upper_z = std::ceil(pt_z);
        if (lower_z == upper_z)
        {
            upper_z += 1;
        }

        int ns = neighborhood_size - 1;
        int vertex_idx = 0;
        for (int j = lower_x - ns; j <= upper_x + ns; ++j)
        {
            for (int k = lower_y - ns; k <= upper_y + ns; ++k)
            {
                for (int m = lower_z - ns; m <= upper_z + ns; ++m)
                {
                    if (j < 0 || j >= scale || k < 0 || k >= scale || m < 0 || m >= scale)
                    {
                        // Ignore points lies out of the grid
                        grid_pt_indexes[i * n_vertices + vertex_idx++] = -1;
                    }
                    else
                    {
                        // Calcuating indexes for adjacent vertices
                        grid_pt_indexes[i * n_vertices + vertex_idx++] =
                            compute_index(j, k, m, scale);
                    }
                }
            }
        }

        // Gather Features
        for (int j = 0; j < n_vertices; ++j)
        {
            for (int k = 0; k < n_cubic_channels; ++k)
            {
                int vertex_idx = grid_pt_indexes[i * n_vertices + j];
                if (vertex_idx == -1)
                {
                    continue;
                }
                int feature_idx = i * n_vertices * n_cubic_channels + j * n_cubic_channels + k;
                scalar_t feature_val = cubic_features[k * cub_scale + vertex_idx];
                point_features[feature_idx] = feature_val;
            }
        }
    }
}

template <typename scalar_t>
__global__ void cubic_feature_sampling_grad_kernel(int scale, int neighborhood_size, int n_vertices,
                                                   int n_pts, int n_cubic_channels,
                                                   const scalar_t* __restrict__ grad_point_features,
                                                   const int* __restrict__ grid_pt_indexes,
                                                   scalar_t* __restrict__ grad_ptcloud,
                                                   scalar_t* __restrict__ grad_cubic_features)
{
    int batch_index = blockIdx.x;
    int index = threadIdx.x;
    int stride = blockDim.x;
    int cub_scale = scale * scale * scale;

    grad_point_features += batch_index * n_pts * n_vertices * n_cubic_channels;
    grid_pt_indexes += batch_index * n_pts * n_vertices;
    grad_ptcloud += batch_index * n_pts * 3;
    grad_cubic_features += batch_index * n_cubic_channels * cub_scale;

    for (int i = index; i < n_pts; i += stride)
    {
        for (int j = 0; j < n_vertices; ++j)
        {
            int vertex_idx = grid_pt_indexes[i * n_vertices + j];
            if (vertex_idx == -1)
            {
                continue;
            }
            for (int k = 0; k < n_cubic_channels; ++k)
            {
                int grad_idx = i * n_vertices * n_cubic_channels + j * n_cubic_channels + k;
                scalar_t grad_val = grad_point_features[grad_idx];
                // Fix bugs: the gradients of ceil and floor functions are zeros.
                // Ref: https://github.com/tensorflow/tensorflow/issues/897
                // atomicAdd(&(grad_ptcloud[i * 3 + 0]), grad_val);
                // atomicAdd(&(grad_ptcloud[i * 3 + 1]), grad_val);
                // atomicAdd(&(grad_ptcloud[i * 3 + 2]), grad_val);
                atomicAdd(&(grad_cubic_features[k * cub_scale + vertex_idx]), grad_val);
            }
        }
    }
}
