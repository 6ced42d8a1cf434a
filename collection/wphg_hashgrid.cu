// tilelab kernel collection: NVIDIA Warp's hash grid build, the uniform-grid broad phase's device kernels that
// take plain arrays: the cells of the sorted (cell, group) keys and each cell's start / end in the sorted points
// Source:  https://github.com/NVIDIA/warp/blob/9934a4eb2c503399140daab09d256ccc7236d1d8/warp/native/hashgrid.cu
//          (NVIDIA/warp, commit 9934a4e: the Python framework for simulation and graphics; wp.HashGrid.build's
//          CUDA back end)
// Licence: Apache-2.0 (the repository's LICENSE.md; the file's own SPDX notice is kept below).
// Kept: lines 1-2 (the notice), 12 (namespace wp), 36-68 (extract_cells_from_keys, compute_cell_offsets) and
//       113 (the namespace's end), unchanged. Removed: lines 4-10 (warp.h, cuda_util.h, hashgrid.h, sort.h,
//       a host declaration), 14-34 (compute_cell_indices and compute_point_keys: their HashGrid_t, array_t and
//       vec_t arguments are warp's own structures from hashgrid.h, array.h and vec.h, thousands of lines) and
//       70-111 (hash_grid_rebuild_device, the host code, and its instantiations). The launches are
//       hash_grid_rebuild_device's wp_launch_device (cuda_util.h): 256 threads, (num_points + 255) / 256 blocks,
//       cell_starts and cell_ends zeroed first (wp_memset_device), point_cells sorted (radix_sort_pairs_device).

// SPDX-FileCopyrightText: Copyright (c) 2022 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
// SPDX-License-Identifier: Apache-2.0

namespace wp {

__global__ void extract_cells_from_keys(int* point_cells, const uint64_t* point_keys, int num_points)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid < num_points)
        point_cells[tid] = (int)(point_keys[tid] >> 32);
}

__global__ void compute_cell_offsets(int* cell_starts, int* cell_ends, const int* point_cells, int num_points)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;

    // compute cell start / end
    if (tid < num_points) {
        // scan the particle-cell array to find the start and end
        const int c = point_cells[tid];

        if (tid == 0)
            cell_starts[c] = 0;
        else {
            const int p = point_cells[tid - 1];

            if (c != p) {
                cell_starts[c] = tid;
                cell_ends[p] = tid;
            }
        }

        if (tid == num_points - 1) {
            cell_ends[c] = tid + 1;
        }
    }
}

}  // namespace wp
