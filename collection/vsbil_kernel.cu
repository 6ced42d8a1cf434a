// tilelab kernel collection: VapourSynth-BilateralGPU's bilateral filter (and joint/cross bilateral with a
// reference clip), CUDA back end
// Source:  https://github.com/WolframRhodium/VapourSynth-BilateralGPU/blob/936173276496ad11a105ee5af1ae8e44c19045ed/source/kernel.cu
//          (WolframRhodium/VapourSynth-BilateralGPU, commit 9361732: the VapourSynth video filter plugin
//          "bilateralgpu", a bilateral filter on float planes, optionally guided by a reference clip)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
// Kept: kernel.cu lines 3-6 (<cuda_pipeline_primitives.h>, BLOCK_X, BLOCK_Y) and 14-117 (the kernel template
//       bilateral<use_shared_memory, has_ref>), unchanged. Removed: line 1 (<iterator>, for the host's
//       std::size), lines 8-12 (a host declaration) and the host code from line 119 (get_graphexec: the
//       pitched copies and the CUDA graph). The launches are get_graphexec's: block BLOCK_X x BLOCK_Y, grid
//       ((width - 1) / BLOCK_X + 1) x ((height - 1) / BLOCK_Y + 1), dynamic shared memory
//       (1 + has_ref) * (2 * radius + BLOCK_Y) * (2 * radius + BLOCK_X) * sizeof(float) for the shared-memory
//       instances (0 for the others), src holding (1 + has_ref) planes of height rows of stride floats.

/*
 * MIT License
 *
 * Copyright (c) 2021 WolframRhodium
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

#include <cuda_pipeline_primitives.h>

#define BLOCK_X 16
#define BLOCK_Y 8

template <bool use_shared_memory, bool has_ref>
__global__
__launch_bounds__(BLOCK_X * BLOCK_Y)
static void bilateral(
    float * __restrict__ dst, const float * __restrict__ src,
    int width, int height, int stride,
    float sigma_spatial_scaled, float sigma_color_scaled, int radius) {

    const int x = threadIdx.x + blockIdx.x * BLOCK_X;
    const int y = threadIdx.y + blockIdx.y * BLOCK_Y;

    float num {};
    float den {};

    if constexpr (use_shared_memory) {
        extern __shared__ float buffer[
            /* (1 + has_ref) * (2 * radius + BLOCK_Y) * (2 * radius + BLOCK_X) */];

        for (int cy = threadIdx.y; cy < 2 * radius + BLOCK_Y; cy += BLOCK_Y) {
            int sy = min(max(cy - static_cast<int>(threadIdx.y) - radius + y, 0), height - 1);
            for (int cx = threadIdx.x; cx < 2 * radius + BLOCK_X; cx += BLOCK_X) {
                int sx = min(max(cx - static_cast<int>(threadIdx.x) - radius + x, 0), width - 1);
                __pipeline_memcpy_async(
                    &buffer[cy * (2 * radius + BLOCK_X) + cx],
                    &src[sy * stride + sx],
                    4
                );
            }
        }

        if constexpr (has_ref) {
            for (int cy = threadIdx.y; cy < 2 * radius + BLOCK_Y; cy += BLOCK_Y) {
                int sy = min(max(cy - static_cast<int>(threadIdx.y) - radius + y, 0), height - 1);
                for (int cx = threadIdx.x; cx < 2 * radius + BLOCK_X; cx += BLOCK_X) {
                    int sx = min(max(cx - static_cast<int>(threadIdx.x) - radius + x, 0), width - 1);
                    __pipeline_memcpy_async(
                        &buffer[(2 * radius + BLOCK_Y + cy) * (2 * radius + BLOCK_X) + cx],
                        &src[(height + sy) * stride + sx],
                        4
                    );
                }
            }
        }

        __pipeline_commit();
        __pipeline_wait_prior(0);
        __syncthreads();

        if (x >= width || y >= height)
            return;

        const float center = buffer[
            (has_ref * (2 * radius + BLOCK_Y) + radius + threadIdx.y) * (2 * radius + BLOCK_X) +
            radius + threadIdx.x
        ]; // src[(has_ref * height + y) * stride + x];

        for (int cy = -radius; cy <= radius; ++cy) {
            int sy = cy + radius + threadIdx.y;

            for (int cx = -radius; cx <= radius; ++cx) {
                int sx = cx + radius + threadIdx.x;

                float value = buffer[(has_ref * (2 * radius + BLOCK_Y) + sy) * (2 * radius + BLOCK_X) + sx];

                float space = cy * cy + cx * cx;
                float range = (value - center) * (value - center);

                float weight = exp2f(space * sigma_spatial_scaled + range * sigma_color_scaled);

                if constexpr (has_ref) {
                    value = buffer[sy * (2 * radius + BLOCK_X) + sx];
                }

                num += weight * value;
                den += weight;
            }
        }
    } else {
        if (x >= width || y >= height)
            return;

        const float center = src[(has_ref * height + y) * stride + x];

        for (int cy = max(y - radius, 0); cy <= min(y + radius, height - 1); ++cy) {
            for (int cx = max(x - radius, 0); cx <= min(x + radius, width - 1); ++cx) {
                float value = src[(has_ref * height + cy) * stride + cx];

                float space = (y - cy) * (y - cy) + (x - cx) * (x - cx);
                float range = (value - center) * (value - center);

                float weight = exp2f(space * sigma_spatial_scaled + range * sigma_color_scaled);

                if constexpr (has_ref) {
                    value = src[cy * stride + cx];
                }

                num += weight * value;
                den += weight;
            }
        }
    }

    dst[y * stride + x] = num / den;
}
