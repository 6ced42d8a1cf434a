// tilelab kernel collection: MiVINS's GPU FAST corner detector (Xiaomi CyberDog's VIO front end): a 16-pixel circle with
// an arc of 10, scores in dynamic shared memory, 3 x 3 non-maximum suppression, each cell's best under an atomicCAS lock.
// Source:  https://github.com/MiRoboticsLab/cyberdog_mivins/blob/11170d84a9bd4573c54af144e33198c429be2e6b/mivins_core/mivins_frontend/mivins_direct/src/fast_detection_gpu.cu
//          (MiRoboticsLab/cyberdog_mivins, commit 11170d8)
// Licence: Apache-2.0 (the file's own notice, kept below; the repository has no LICENSE file of its own).
// Kept, unchanged: fast_detection_gpu.cu lines 1-14 (the notice), 17-19 (<stdio.h>, <stdlib.h>, <stdint.h>), 21 and
//       23-184 (three commented-out includes, MinMaxScore, Comparator, FastKernel). Removed: lines 15-16 and 20
//       ("cuda_runtime.h", "fast/fast.h": the CPU FAST library, <iostream>), 22 (<mivins/direct/fast_detection_gpu.h>:
//       the host's image pyramid, Corners and OccupandyGrid2D types) and 185-251 (namespace mivins: the host function
//       FastDetectorGpu).
// Host launch (FastDetectorGpu): block (cell_size, cell_size), grid (ceil(cols0 / cell_size), ceil(cols0 / cell_size)) --
// both from the level-0 image's cols, as the source has it --, dynamic shared memory (cell_size + 2)^2 * 4 bytes; one
// launch per pyramid level on the same dst / mlock (grid_size * 4 ints, cudaMemset to 0).
// Copyright (c) 2023 Beijing Xiaomi Mobile Software Co., Ltd. All rights reserved.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
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

//#include <mivins/direct/feature_detector_utilities.h>
//#include <mivins/direct/feature_detector_types.h>
//#include <mivins/direct/feature_detector.h>

__device__ int MinMaxScore(int *scores, const int threshold) 
{
    int score_max = 0;

    for (int i = 0; i < 16; i++)
    {
        if (scores[(i + 0) & 0xf] > threshold &&
            scores[(i + 1) & 0xf] > threshold &&
            scores[(i + 2) & 0xf] > threshold &&
            scores[(i + 3) & 0xf] > threshold &&
            scores[(i + 4) & 0xf] > threshold &&
            scores[(i + 5) & 0xf] > threshold &&
            scores[(i + 6) & 0xf] > threshold &&
            scores[(i + 7) & 0xf] > threshold &&
            scores[(i + 8) & 0xf] > threshold &&
            scores[(i + 9) & 0xf] > threshold)
        {
            int score_min_tmp_0 = min(scores[(i + 0) & 0xf], scores[(i + 1) & 0xf]);
            int score_min_tmp_1 = min(scores[(i + 2) & 0xf], scores[(i + 3) & 0xf]);
            int score_min_tmp_2 = min(scores[(i + 4) & 0xf], scores[(i + 5) & 0xf]);
            int score_min_tmp_3 = min(scores[(i + 6) & 0xf], scores[(i + 7) & 0xf]);
            int score_min_tmp_4 = min(scores[(i + 8) & 0xf], scores[(i + 9) & 0xf]);
            score_min_tmp_0 = min(score_min_tmp_0, score_min_tmp_1);
            score_min_tmp_2 = min(score_min_tmp_2, score_min_tmp_3);
            score_min_tmp_0 = min(score_min_tmp_0, score_min_tmp_2);
            score_min_tmp_0 = min(score_min_tmp_0, score_min_tmp_4);
            score_max = max(score_max, score_min_tmp_0);
        }
        else if (scores[(i + 0) & 0xf] < -threshold && 
                 scores[(i + 1) & 0xf] < -threshold && 
                 scores[(i + 2) & 0xf] < -threshold && 
                 scores[(i + 3) & 0xf] < -threshold && 
                 scores[(i + 4) & 0xf] < -threshold && 
                 scores[(i + 5) & 0xf] < -threshold && 
                 scores[(i + 6) & 0xf] < -threshold && 
                 scores[(i + 7) & 0xf] < -threshold && 
                 scores[(i + 8) & 0xf] < -threshold && 
                 scores[(i + 9) & 0xf] < -threshold )
        {
            int score_min_tmp_0 = max(scores[(i + 0) & 0xf], scores[(i + 1) & 0xf]);
            int score_min_tmp_1 = max(scores[(i + 2) & 0xf], scores[(i + 3) & 0xf]);
            int score_min_tmp_2 = max(scores[(i + 4) & 0xf], scores[(i + 5) & 0xf]);
            int score_min_tmp_3 = max(scores[(i + 6) & 0xf], scores[(i + 7) & 0xf]);
            int score_min_tmp_4 = max(scores[(i + 8) & 0xf], scores[(i + 9) & 0xf]);
            score_min_tmp_0 = max(score_min_tmp_0, score_min_tmp_1);
            score_min_tmp_2 = max(score_min_tmp_2, score_min_tmp_3);
            score_min_tmp_0 = max(score_min_tmp_0, score_min_tmp_2);
            score_min_tmp_0 = max(score_min_tmp_0, score_min_tmp_4);
            score_max = max(score_max, abs(score_min_tmp_0));
        }
    }
    return score_max;
}

__device__ int Comparator(uint8_t *input, const int *circle, const int threshold, int index) 
{
    uint8_t pixel = input[index];
    int scores[16] = {0};

    /// iterate over whole circle
    for (size_t i = 0; i < 16; i++) // 16 + 10  --circle_size=16 --consecutive_point_size=10
    {
        scores[i] = pixel - input[index + circle[i]]; // i % circle_size

    }

    return MinMaxScore(scores, threshold + 1) - 1;
}

__global__ void FastKernel(uint8_t *src, int32_t *dst, int32_t *mlock, 
                           const int width, const int height, const int threshold, 
                           const int border, const int scale, const int cell_size, 
                           const int grid_size_x, const int level)
{
    int block_size = blockDim.x;
    int local_size = blockDim.x + 2;
    extern __shared__ int local_score[]; // block_size * block_size

    // get 1d coordinates and cutout borders
    const int pixel[16] = {
        0 + width * 3,
        1 + width * 3,
        2 + width * 2,
        3 + width * 1,
        3 + width * 0,
        3 + width * -1,
        2 + width * -2,
        1 + width * -3,
        0 + width * -3,
        -1 + width * -3,
        -2 + width * -2,
        -3 + width * -1,
        -3 + width * 0,
        -3 + width * 1,
        -2 + width * 2,
        -1 + width * 3,
    };

    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    int idy = blockIdx.y * blockDim.y + threadIdx.y;

    int block_id = floor((float)idy * scale / cell_size) * grid_size_x + floor((float)idx * scale / cell_size);

    int start_index = threadIdx.y * blockDim.x + threadIdx.x;
    for (int index_local = start_index; index_local < local_size * local_size; index_local += block_size * block_size)
    {
        int y = blockIdx.y * blockDim.y - 1 + index_local / local_size;
        int x = blockIdx.x * blockDim.x - 1 + index_local % local_size;
        int index_global = y * width + x;

        if (x < 3 || y < 3 || x >= (width - 3) || y >= (height - 3))
        {
            local_score[index_local] = 0;
            continue;
        }
        local_score[index_local] = Comparator(src, pixel, threshold, index_global);
    }

    __syncthreads();
    int score_center_index = (threadIdx.y + 1) * local_size + threadIdx.x + 1;
    int score_center = local_score[score_center_index];

    bool blocked = true;
    if (score_center > local_score[score_center_index - local_size - 1] &&
        score_center > local_score[score_center_index - local_size - 0] &&
        score_center > local_score[score_center_index - local_size + 1] &&
        score_center > local_score[score_center_index - 1] &&
        score_center > local_score[score_center_index + 1] &&
        score_center > local_score[score_center_index + local_size - 1] &&
        score_center > local_score[score_center_index + local_size - 0] &&
        score_center > local_score[score_center_index + local_size + 1])
    {
        while (blocked)
        {
            if (0 == atomicCAS(&mlock[block_id], 0, 1))
            {
                if (idx >= border && idy >= border && idx < (width - border) && idy < (height - border))
                {
                    if ((score_center > *(dst + 4 * block_id + 3)) || 
                        ((score_center == *(dst + 4 * block_id + 3)) && 
                         (level == *(dst + 4 * block_id + 2)) &&
                         ((idy * scale < *(dst + 4 * block_id + 1)) || 
                          ((idy * scale == *(dst + 4 * block_id + 1)) && 
                           (idx * scale < *(dst + 4 * block_id))))))
                    {
                        *(dst + 4 * block_id    ) = idx * scale;
                        *(dst + 4 * block_id + 1) = idy * scale;
                        *(dst + 4 * block_id + 2) = level;
                        *(dst + 4 * block_id + 3) = score_center;
                    }
                }
                __threadfence();
                atomicExch(&mlock[block_id], 0);
                blocked = false;
            }
        }
    }
}
