// tilelab kernel collection: histogram_tiled_configurable_kernel, per-era gradient / count histograms in shared memory (WarpGBM, a GPU gradient-boosted decision tree library)
// Source:  https://github.com/jefferythewind/warpgbm/blob/642da0bc5f29a6403a0eccd86cd152f6b73ff686/warpgbm/cuda/histogram_kernel.cu
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: histogram_kernel.cu lines 5-61 (histogram_tiled_configurable_kernel), unchanged.
// Removed: lines 1-3 (includes) and the launcher (63-104: grid (F, row tiles), threads_per_block, 2 * eras * bins floats of dynamic shared memory).
//       <cstdint> stands in for <torch/extension.h>, which brought int8_t / int32_t / int64_t.
/*
 * WarpGBM (https://github.com/jefferythewind/warpgbm), a GPU gradient-boosted decision tree library for PyTorch.
 * Copyright (C) the WarpGBM authors.
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the GNU
 * General Public License as published by the Free Software Foundation, version 3 of the License (the
 * repository's LICENSE). This program is distributed in the hope that it will be useful, but WITHOUT ANY
 * WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the
 * GNU General Public License for more details: <https://www.gnu.org/licenses/>.
 */

#include <cstdint>

__global__ void histogram_tiled_configurable_kernel(
    const int8_t *__restrict__ bin_indices, // [N, F_master]
    const float *__restrict__ residuals,    // [N]
    const int32_t *__restrict__ sample_indices, // [N]
    const int32_t *__restrict__ feature_indices, // [F]
    const int32_t *__restrict__ era_indices, // [N]
    float *__restrict__ grad_hist,          // [F * B]
    float *__restrict__ hess_hist,          // [F * B]
    int64_t N, int64_t F_master, int64_t F, int64_t B, int64_t num_eras,
    int rows_per_thread)
{
    int hist_feat_idx = blockIdx.x;
    int feat = feature_indices[ hist_feat_idx ]; // 1 block per feature
    int row_start = (blockIdx.y * blockDim.x + threadIdx.x) * rows_per_thread;

    extern __shared__ float shmem[];
    float *sh_grad = shmem;                             // [num_eras * B]
    float *sh_hess = &sh_grad[num_eras * B];            // [num_eras * B]

    // Initialize shared memory histograms
    for (int i = threadIdx.x; i < num_eras * B; i += blockDim.x) {
        sh_grad[i] = 0.0f;
        sh_hess[i] = 0.0f;
    }
    
    __syncthreads();

    // Each thread processes multiple rows
    for (int r = 0; r < rows_per_thread; ++r)
    {
        int row = row_start + r;
        if (row < N)
        {
            int sample = sample_indices[row];
            int8_t bin = bin_indices[sample * F_master + feat];
            int32_t era = era_indices[sample];
            if (bin >= 0 && bin < B)
            {
                atomicAdd(&sh_grad[era * B + bin], residuals[sample]);
                atomicAdd(&sh_hess[era * B + bin], 1.0f);
            }
        }
    }
    __syncthreads();

    // One thread per bin writes results back to global memory
    for (int b = threadIdx.x; b < num_eras * B; b += blockDim.x)
    {
        int e = b / B;
        int bin = b % B;
        int64_t idx = e * F * B + hist_feat_idx * B + bin;

        atomicAdd(&grad_hist[idx], sh_grad[b]);
        atomicAdd(&hess_hist[idx], sh_hess[b]);
    }

}
