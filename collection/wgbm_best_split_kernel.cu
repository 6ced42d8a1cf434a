// tilelab kernel collection: directional_split_kernel, per-era split gains and directions of every bin boundary (WarpGBM, a GPU gradient-boosted decision tree library)
// Source:  https://github.com/jefferythewind/warpgbm/blob/642da0bc5f29a6403a0eccd86cd152f6b73ff686/warpgbm/cuda/best_split_kernel.cu
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: best_split_kernel.cu lines 5-55 (directional_split_kernel), unchanged.
// Removed: lines 1-3 (includes) and the launcher (57-88: grid ((F + threads - 1) / threads, E)).
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

__global__ void directional_split_kernel(
    const float *__restrict__ G,                // [E * F * B]
    const float *__restrict__ H,                // [E * F * B]
    int E, int F, int B,
    float min_split_gain,
    float min_child_samples,
    float eps,
    float *__restrict__ per_era_gain,           // [E * F * (B-1)]
    float *__restrict__ per_era_direction       // [E * F * (B-1)]
)
{
    int f = blockIdx.x * blockDim.x + threadIdx.x; // feature index
    int e = blockIdx.y;                            // era index

    if (f >= F || e >= E) return;

    // Access base offset for this (era, feature)
    int base = e * F * B + f * B;
    int base_gain = e * F * (B - 1) + f * (B - 1);

    float G_total = 0.0f, H_total = 0.0f;
    for (int b = 0; b < B; ++b) {
        G_total += G[base + b];
        H_total += H[base + b];
    }

    float G_L = 0.0f, H_L = 0.0f;
    for (int b = 0; b < B - 1; ++b) {
        G_L += G[base + b];
        H_L += H[base + b];

        float G_R = G_total - G_L;
        float H_R = H_total - H_L;

        float gain = 0.0f;
        float dir = 0.0f;

        if (H_L >= min_child_samples && H_R >= min_child_samples) {
            gain = (G_L * G_L) / (H_L + eps)
                 + (G_R * G_R) / (H_R + eps)
                 - (G_total * G_total) / (H_total + eps);

            float left_val = G_L / (H_L + eps);
            float right_val = G_R / (H_R + eps);
            dir = (left_val > right_val) ? 1.0f : -1.0f;
        }

        per_era_gain[base_gain + b] = gain;
        per_era_direction[base_gain + b] = dir;
    }
}
