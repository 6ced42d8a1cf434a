// tilelab kernel collection: MiVINS's GPU edgelet detector (Xiaomi CyberDog's VIO front end): 3 x 3 Gaussian, Scharr
// score, per-cell spin-locked 3 x 3 non-maximum suppression, and each corner's angle from a 36-bin orientation histogram.
// Source:  https://github.com/MiRoboticsLab/cyberdog_mivins/blob/11170d84a9bd4573c54af144e33198c429be2e6b/mivins_core/mivins_frontend/mivins_direct/src/edgelet_detection_v2_gpu.cu
//          (MiRoboticsLab/cyberdog_mivins, commit 11170d8)
// Licence: Apache-2.0 (the file's own notice, kept below; the repository has no LICENSE file of its own).
// Kept, unchanged: edgelet_detection_v2_gpu.cu lines 1-14 (the notice), 16-18 (<stdio.h>, <stdlib.h>, <stdint.h>) and
//       21-193 (M_PI_LOCAL, struct Corner, getAngleAtPixelUsingHistogramCuda, Gaussian3x3Kernel, ScharrForScore,
//       NonmaxSuppression, GetAngleByCorner). Removed: lines 15 ("cuda_runtime.h"), 19 (<iostream>), 20
//       (<mivins/direct/fast_detection_gpu.h>: the host's image pyramid and OccupandyGrid2D types) and 194-276 (namespace
//       mivins: the host function EdgeletDetectorV2Gpu).
// Host launch (EdgeletDetectorV2Gpu, on pyramid level 1, scale 2): block2 (cell_size, cell_size), grid2 ((width - 1) /
// cell_size + 1, (height - 1) / cell_size + 1) for the first three kernels, block1 32 and grid1 ((corners - 1) / 32 + 1)
// for GetAngleByCorner; the corners start as Corner(0, 0, threshold_secondary, 0, 0.0f), one per grid cell.
// Copyright (c) 2023 Beijing Xiaomi Mobile Software Co., Ltd. All rights reserved.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

#define M_PI_LOCAL 3.14159265358979323846

struct Corner
{
  int x;        ///< x-coordinate of corner in the image.
  int y;        ///< y-coordinate of corner in the image.
  int level;    ///< pyramid level of the corner.
  float score;  ///< shi-tomasi score of the corner.
  float angle;  ///< for gradient-features: dominant gradient angle.
};

__device__ float getAngleAtPixelUsingHistogramCuda(const unsigned char *src_img, int idx, int idy, int halfpatch_size, int width, int height)
{
    int n_bins = 36;
    double hist[36] = {0.0};

    // angleHistogram
    constexpr double pi2 = 2.0 * M_PI_LOCAL;
    for (int dy = -halfpatch_size; dy <= halfpatch_size; ++dy)
    {
        for (int dx = -halfpatch_size; dx <= halfpatch_size; ++dx)
        {
            // gradientAndMagnitudeAtPixel
            int index_x = idx + dx;
            int index_y = idy + dy; 
            if (index_y < 0 || index_y >= height - 1 || index_x < 0 || index_x >= width - 1)
                continue;
            int ddx = src_img[index_y * width + index_x + 1] - src_img[index_y * width + index_x - 1];
            int ddy = src_img[(index_y + 1) * width + index_x] - src_img[(index_y - 1) * width + index_x];
            float mag = sqrt((float)(ddx * ddx + ddy * ddy));
            float angle = atan2((float)ddy, (float)ddx); 

            size_t bin = round( n_bins * (angle + M_PI_LOCAL) / pi2);
            bin = (bin < n_bins) ? bin : 0u;
            hist[bin] += mag;
        }
    }

    // smoothOrientationHistogram
    double prev = hist[n_bins - 1], h0 = hist[0];
    for (int i = 0; i < n_bins; ++i)
    {
        double temp = hist[i];
        hist[i] = 0.25 * prev + 0.5 * hist[i] + 0.25 * ( (n_bins == i + 1 ) ? h0 : hist[i + 1]);
        prev = temp;
    }

    // dgetDominantAngle
    double max_angle = hist[0];
    int max_bin = 0;
    for (int i = 1; i < n_bins; i++)
    {
        if (hist[i] > max_angle)
        {
            max_angle = hist[i];
            max_bin = i;
        }
    }

    return max_bin * 2.0 * M_PI_LOCAL / n_bins;
}

__global__ void Gaussian3x3Kernel(const unsigned char *src_data, unsigned char *gauss_data, const int width, const int height)
{
    const int id_x = blockIdx.x * blockDim.x + threadIdx.x;
    const int id_y = blockIdx.y * blockDim.y + threadIdx.y;

    if (id_x >= width - 1 || id_y >= height - 1 || id_x == 0 || id_y == 0)
        return ;

    const int index = id_x + id_y * width;
    const int t_index = index - width;
    const int b_index = index + width;

    unsigned char ret = (src_data[t_index - 1] + src_data[t_index + 1] + src_data[b_index - 1] + src_data[b_index + 1] +
                      ((src_data[t_index] + src_data[index - 1] + src_data[index + 1] + src_data[b_index]) << 1) +
                       (src_data[index] << 2)) >> 4;
    gauss_data[index] = ret;
}

__global__ void ScharrForScore(const unsigned char *gauss_data, float *score_data,
                               const float threshold, const int border, const int width, const int height)
{
    const int id_x = blockIdx.x * blockDim.x + threadIdx.x;
    const int id_y = blockIdx.y * blockDim.y + threadIdx.y;

    if (id_x >= width - border || id_y >= height - border || id_x < border || id_y < border)
        return;

    const int index = id_x + id_y * width;
    const int t_index = index - width;
    const int b_index = index + width;

    short dx = (short)((gauss_data[t_index + 1] + gauss_data[b_index + 1] - gauss_data[t_index - 1] - gauss_data[b_index - 1]) * 3 +
                       (gauss_data[index + 1] - gauss_data[index - 1]) * 10);
    short dy = (short)((gauss_data[b_index - 1] + gauss_data[b_index + 1] - gauss_data[t_index - 1] - gauss_data[t_index + 1]) * 3 +
                       (gauss_data[b_index] - gauss_data[t_index]) * 10);

    float mag = sqrt((float)(dx * dx + dy * dy));
    float score = 0.0f;
    if (mag > threshold)
    {
        score = mag;
    }
    score_data[index] = score;
}

__global__ void NonmaxSuppression(const unsigned char *src_img, float *score_data, void *p_corner, unsigned char *occupancy, int *mlock,
                                  const int border, const int scale, const int level, const int cell_size, const int cell_cols,
                                  const int width, const int height)
{
    const int id_x = blockIdx.x * blockDim.x + threadIdx.x;
    const int id_y = blockIdx.y * blockDim.y + threadIdx.y;

    if (id_x >= width - border || id_y >= height - border || id_x < border || id_y < border)
        return;

    Corner *p = (Corner *)p_corner;
    int k = (int)( floor(id_y * scale / (float)cell_size) * cell_cols + floor(id_x * scale / (float)cell_size) );
    if (occupancy[k] == 1)
        return;
    
    const int index = id_x + id_y * width;
    const int t_index = index - width;
    const int b_index = index + width;

    if((score_data[index] > 0.0f) 
    && (score_data[index] >= score_data[t_index - 1])
    && (score_data[index] >= score_data[t_index]) 
    && (score_data[index] > score_data[t_index + 1])
    && (score_data[index] >= score_data[index - 1])
    && (score_data[index] > score_data[index + 1])
    && (score_data[index] >= score_data[b_index - 1])
    && (score_data[index] > score_data[b_index])
    && (score_data[index] > score_data[b_index + 1]) )
    {
        bool blocked = true;
        while (blocked)
        {
            if (0 == atomicCAS(&mlock[k], 0, 1))
            {
                if (score_data[index] > p[k].score)
                {
                    p[k].x = id_x * scale;
                    p[k].y = id_y * scale;
                    p[k].level = level - 1;
                    p[k].score = score_data[index];
                    //p[k].angle = getAngleAtPixelUsingHistogramCuda(src_img, id_x, id_y, 4, width, height);
                }
                __threadfence();
                atomicExch(&mlock[k], 0);
                blocked = false;
            }
        }
    }
}

__global__ void GetAngleByCorner(const unsigned char *src_img, void *p_corner, 
                                 const int threshold, const int scale, const int corner_size, const int width, const int height)
{
    const int id_x = blockIdx.x * blockDim.x + threadIdx.x;

    if (id_x >= corner_size)
        return;

    Corner *p = (Corner *)p_corner;

    if (p[id_x].score > (float)threshold)
    {
        p[id_x].angle = getAngleAtPixelUsingHistogramCuda(src_img, (p[id_x].x / scale), (p[id_x].y / scale), 4, width, height);
    }
}
