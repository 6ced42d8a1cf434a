// tilelab kernel collection: torch-points-kernels' gridding (GRNet's point cloud to 3-D grid: each point's trilinear weights on its 8 grid vertices, atomicAdd-ed into the grid) and its gradient
// Source:  https://github.com/torch-points3d/torch-points-kernels/blob/401531936524c64beb8ee75dc468ed3427f3ad0b/cuda/src/gridding_gpu.cu
//          (torch-points3d/torch-points-kernels, commit 4015319)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept, unchanged: lines 1-3 (<cmath>, <cstdio>, <cstdlib>), 7-9 (CUDA_NUM_THREADS), 16-169 (compute_index,
//       compute_weight, gridding_kernel) and 203-304 (gridding_grad_kernel). Removed: lines 4-6 (<torch/extension.h>,
//       "cuda_utils.h"), 10-15 (the host's get_n_threads), 170-202 and 305-331 (the torch launch wrappers).
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


__device__ int compute_index(int offset_x, int offset_y, int offset_z, int len_y, int len_z)
{
    return offset_x * len_y * len_z + offset_y * len_z + offset_z;
}

template <typename scalar_t>
__device__ scalar_t compute_weight(scalar_t x, scalar_t x0)
{
    return 1 - abs(x - x0);
}

template <typename scalar_t>
__global__ void
gridding_kernel(int n_grid_vertices, int n_pts, float min_x, float min_y, float min_z, int len_y,
                int len_z, const scalar_t* __restrict__ ptcloud,
                scalar_t* __restrict__ grid_weights, scalar_t* __restrict__ grid_pt_weights,
                int* __restrict__ grid_pt_indexes)
{
    int batch_index = blockIdx.x;
    int index = threadIdx.x;
    int stride = blockDim.x;

    ptcloud += batch_index * n_pts * 3;
    grid_weights += batch_index * n_grid_vertices;
    grid_pt_weights += batch_index * n_pts * 24;
    grid_pt_indexes += batch_index * n_pts * 8;

    for (int j = index; j < n_pts; j += stride)
    {
        scalar_t pt_x = ptcloud[j * 3 + 0];
        scalar_t pt_y = ptcloud[j * 3 + 1];
        scalar_t pt_z = ptcloud[j * 3 + 2];

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

        int lx_offset = lower_x - min_x, ux_offset = upper_x - min_x;
        int ly_offset = lower_y - min_y, uy_offset = upper_y - min_y;
        int lz_offset = lower_z - min_z, uz_offset = upper_z - min_z;

        // Compute weights and corresponding positions, a loop for 8 points
        // LLL -> Lower X, Lower Y, Lower Z
        grid_pt_indexes[j * 8 + 0] = compute_index(lx_offset, ly_offset, lz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 0] = compute_weight<scalar_t>(pt_x, lower_x);
        grid_pt_weights[j * 24 + 1] = compute_weight<scalar_t>(pt_y, lower_y);
        grid_pt_weights[j * 24 + 2] = compute_weight<scalar_t>(pt_z, lower_z);

        // LLU -> Lower X, Lower Y, Upper Z
        grid_pt_indexes[j * 8 + 1] = compute_index(lx_offset, ly_offset, uz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 3] = compute_weight<scalar_t>(pt_x, lower_x);
        grid_pt_weights[j * 24 + 4] = compute_weight<scalar_t>(pt_y, lower_y);
        grid_pt_weights[j * 24 + 5] = compute_weight<scalar_t>(pt_z, upper_z);

        // LUL -> Lower X, Upper Y, Lower Z
        grid_pt_indexes[j * 8 + 2] = compute_index(lx_offset, uy_offset, lz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 6] = compute_weight<scalar_t>(pt_x, lower_x);
        grid_pt_weights[j * 24 + 7] = compute_weight<scalar_t>(pt_y, upper_y);
        grid_pt_weights[j * 24 + 8] = compute_weight<scalar_t>(pt_z, lower_z);

        // LUU -> Lower X, Upper Y, Upper Z
        grid_pt_indexes[j * 8 + 3] = compute_index(lx_offset, uy_offset, uz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 9] = compute_weight<scalar_t>(pt_x, lower_x);
        grid_pt_weights[j * 24 + 10] = compute_weight<scalar_t>(pt_y, upper_y);
        grid_pt_weights[j * 24 + 11] = compute_weight<scalar_t>(pt_z, upper_z);

        // ULL -> Upper X, Lower Y, Lower Z
        grid_pt_indexes[j * 8 + 4] = compute_index(ux_offset, ly_offset, lz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 12] = compute_weight<scalar_t>(pt_x, upper_x);
        grid_pt_weights[j * 24 + 13] = compute_weight<scalar_t>(pt_y, lower_y);
        grid_pt_weights[j * 24 + 14] = compute_weight<scalar_t>(pt_z, lower_z);

        // ULU -> Upper X, Lower Y, Upper Z
        grid_pt_indexes[j * 8 + 5] = compute_index(ux_offset, ly_offset, uz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 15] = compute_weight<scalar_t>(pt_x, upper_x);
        grid_pt_weights[j * 24 + 16] = compute_weight<scalar_t>(pt_y, lower_y);
        grid_pt_weights[j * 24 + 17] = compute_weight<scalar_t>(pt_z, upper_z);

        // UUL -> Upper X, Upper Y, Lower Z
        grid_pt_indexes[j * 8 + 6] = compute_index(ux_offset, uy_offset, lz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 18] = compute_weight<scalar_t>(pt_x, upper_x);
        grid_pt_weights[j * 24 + 19] = compute_weight<scalar_t>(pt_y, upper_y);
        grid_pt_weights[j * 24 + 20] = compute_weight<scalar_t>(pt_z, lower_z);

        // UUU -> Upper X, Upper Y, Upper Z
        grid_pt_indexes[j * 8 + 7] = compute_index(ux_offset, uy_offset, uz_offset, len_y, len_z);
        grid_pt_weights[j * 24 + 21] = compute_weight<scalar_t>(pt_x, upper_x);
        grid_pt_weights[j * 24 + 22] = compute_weight<scalar_t>(pt_y, upper_y);
        grid_pt_weights[j * 24 + 23] = compute_weight<scalar_t>(pt_z, upper_z);
    }

    __syncthreads();

    int gvtx_idx = 0;
    for (int j = index; j < n_pts; j += stride)
    {
        // LLL -> Lower X, Lower Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 0];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 0] *
                                                 grid_pt_weights[j * 24 + 1] *
                                                 grid_pt_weights[j * 24 + 2]);
        // LLU -> Lower X, Lower Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 1];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 3] *
                                                 grid_pt_weights[j * 24 + 4] *
                                                 grid_pt_weights[j * 24 + 5]);
        // LUL -> Lower X, Upper Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 2];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 6] *
                                                 grid_pt_weights[j * 24 + 7] *
                                                 grid_pt_weights[j * 24 + 8]);
        // LUU -> Lower X, Upper Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 3];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 9] *
                                                 grid_pt_weights[j * 24 + 10] *
                                                 grid_pt_weights[j * 24 + 11]);
        // ULL -> Upper X, Lower Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 4];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 12] *
                                                 grid_pt_weights[j * 24 + 13] *
                                                 grid_pt_weights[j * 24 + 14]);
        // ULU -> Upper X, Lower Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 5];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 15] *
                                                 grid_pt_weights[j * 24 + 16] *
                                                 grid_pt_weights[j * 24 + 17]);
        // UUL -> Upper X, Upper Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 6];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 18] *
                                                 grid_pt_weights[j * 24 + 19] *
                                                 grid_pt_weights[j * 24 + 20]);
        // UUU -> Upper X, Upper Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 7];
        atomicAdd(&(grid_weights[gvtx_idx]), grid_pt_weights[j * 24 + 21] *
                                                 grid_pt_weights[j * 24 + 22] *
                                                 grid_pt_weights[j * 24 + 23]);
    }
}

template <typename scalar_t>
__global__ void
gridding_grad_kernel(int n_grid_vertices, int n_pts, const scalar_t* __restrict__ grid_pt_weights,
                     const int* __restrict__ grid_pt_indexes,
                     const scalar_t* __restrict__ grad_grid, scalar_t* __restrict__ grad_ptcloud)
{
    int batch_index = blockIdx.x;
    int index = threadIdx.x;
    int stride = blockDim.x;

    grid_pt_weights += batch_index * n_pts * 24;
    grid_pt_indexes += batch_index * n_pts * 8;
    grad_grid += batch_index * n_grid_vertices;
    grad_ptcloud += batch_index * n_pts * 3;

    int gvtx_idx = 0;
    scalar_t grad_vtx = 0, x_weights = 0, y_weights = 0, z_weights = 0;
    for (int j = index; j < n_pts; j += stride)
    {
        // Compute gradient for the corresponding positions, a loop for 8 points
        // LLL -> Lower X, Lower Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 0];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 0];
        y_weights = grid_pt_weights[j * 24 + 1];
        z_weights = grid_pt_weights[j * 24 + 2];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), -grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), -grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), -grad_vtx * x_weights * y_weights);

        // LLU -> Lower X, Lower Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 1];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 3];
        y_weights = grid_pt_weights[j * 24 + 4];
        z_weights = grid_pt_weights[j * 24 + 5];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), -grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), -grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), grad_vtx * x_weights * y_weights);

        // LUL -> Lower X, Upper Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 2];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 6];
        y_weights = grid_pt_weights[j * 24 + 7];
        z_weights = grid_pt_weights[j * 24 + 8];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), -grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), -grad_vtx * x_weights * y_weights);

        // LUU -> Lower X, Upper Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 3];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 9];
        y_weights = grid_pt_weights[j * 24 + 10];
        z_weights = grid_pt_weights[j * 24 + 11];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), -grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), grad_vtx * x_weights * y_weights);

        // ULL -> Upper X, Lower Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 4];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 12];
        y_weights = grid_pt_weights[j * 24 + 13];
        z_weights = grid_pt_weights[j * 24 + 14];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), -grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), -grad_vtx * x_weights * y_weights);

        // ULU -> Upper X, Lower Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 5];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 15];
        y_weights = grid_pt_weights[j * 24 + 16];
        z_weights = grid_pt_weights[j * 24 + 17];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), -grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), grad_vtx * x_weights * y_weights);

        // UUL -> Upper X, Upper Y, Lower Z
        gvtx_idx = grid_pt_indexes[j * 8 + 6];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 18];
        y_weights = grid_pt_weights[j * 24 + 19];
        z_weights = grid_pt_weights[j * 24 + 20];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), -grad_vtx * x_weights * y_weights);

        // UUU -> Upper X, Upper Y, Upper Z
        gvtx_idx = grid_pt_indexes[j * 8 + 7];
        grad_vtx = grad_grid[gvtx_idx];
        x_weights = grid_pt_weights[j * 24 + 21];
        y_weights = grid_pt_weights[j * 24 + 22];
        z_weights = grid_pt_weights[j * 24 + 23];
        atomicAdd(&(grad_ptcloud[j * 3 + 0]), grad_vtx * y_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 1]), grad_vtx * x_weights * z_weights);
        atomicAdd(&(grad_ptcloud[j * 3 + 2]), grad_vtx * x_weights * y_weights);
    }
}
