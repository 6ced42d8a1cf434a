// tilelab kernel collection: bin_column_kernel, one thread a value, a linear scan over the sorted bin edges (WarpGBM, a GPU gradient-boosted decision tree library)
// Source:  https://github.com/jefferythewind/warpgbm/blob/642da0bc5f29a6403a0eccd86cd152f6b73ff686/warpgbm/cuda/binner.cu
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: binner.cu lines 5-26 (bin_column_kernel), unchanged.
// Removed: lines 1-3 (<torch/extension.h>, <cuda.h>, <cuda_runtime.h>) and the host launcher (28-52: 256 threads, (N + 255) / 256 blocks, B - 1 edges).
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

__global__ void bin_column_kernel(
    const float *__restrict__ X,         // [N]
    const float *__restrict__ bin_edges, // [B - 1]
    int8_t *__restrict__ bin_indices,    // [N]
    int N,
    int B_minus1)
{
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= N)
        return;

    float val = X[idx];
    int bin = 0;

    // Linear scan over edges: bin_edges is sorted
    while (bin < B_minus1 && val >= bin_edges[bin])
    {
        ++bin;
    }

    bin_indices[idx] = static_cast<int8_t>(bin);
}
