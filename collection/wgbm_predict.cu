// tilelab kernel collection: predict_forest_kernel, one thread a (sample, tree) walking a flattened tree, atomicAdd into the sample's prediction (WarpGBM, a GPU gradient-boosted decision tree library)
// Source:  https://github.com/jefferythewind/warpgbm/blob/642da0bc5f29a6403a0eccd86cd152f6b73ff686/warpgbm/cuda/predict.cu
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: predict.cu lines 5-45 (predict_forest_kernel), unchanged.
// Removed: lines 1-3 (includes) and the host predict_with_forest (48-76: 256 threads, (N * T + 255) / 256 blocks).
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

__global__ void predict_forest_kernel(
    const int8_t *__restrict__ bin_indices, // [N x F]
    const float *__restrict__ tree_tensor,  // [T x max_nodes x 6]
    int64_t N, int64_t F, int64_t T, int64_t max_nodes,
    float learning_rate,
    float *__restrict__ out // [N]
)
{
    int64_t idx = static_cast<int64_t>(blockIdx.x) * blockDim.x + threadIdx.x;
    int64_t total_jobs = N * T;
    if (idx >= total_jobs)
        return;

    int64_t i = idx % N; // sample index
    int64_t t = idx / N; // tree index

    const float *tree = tree_tensor + t * max_nodes * 6;

    int node_id = 0;
    while (true)
    {
        float is_leaf = tree[node_id * 6 + 4];
        if (is_leaf > 0.5f)
        {
            float val = tree[node_id * 6 + 5];
            atomicAdd(&out[i], learning_rate * val);
            return;
        }

        int feat = static_cast<int>(tree[node_id * 6 + 0]);
        int split_bin = static_cast<int>(tree[node_id * 6 + 1]);
        int left_id = static_cast<int>(tree[node_id * 6 + 2]);
        int right_id = static_cast<int>(tree[node_id * 6 + 3]);

        // prevent overflow
        int64_t bin_idx = i * F + feat;
        int8_t bin = bin_indices[bin_idx];

        node_id = (bin <= split_bin) ? left_id : right_id;
    }
}
