// tilelab kernel collection: CS759-Fall-22 image denoising, pixel-similarity ("KNN") denoising: exp-weighted average over every pixel by single-pixel distance (global memory)
// Source:  https://github.com/kaushik246/CS759-Fall-22/blob/6b46a9be28cf4b3de7964b7f37c40cfb7100a358/src/knn_cuda/knn.cu
//          (kaushik246/CS759-Fall-22, commit 6b46a9b; launched <<<pixels, pixels[, patch * (pixels + 2 * padding) * 4]>>> by its host file)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept, unchanged: lines 2-3, 4-48 (the device code). Removed: line(s) 1 ("knn.cuh").
//       The host (main, the image reader and the Gaussian patch weights of utils.cpp) is not copied.
/*
 * CS759-Fall-22: non-local means (NLM) and K-nearest-neighbour image denoising on the CPU and with CUDA.
 * Copyright (C) the repository's authors (https://github.com/kaushik246/CS759-Fall-22).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the GNU
 * General Public License as published by the Free Software Foundation, either version 3 of the License,
 * or (at your option) any later version. This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A
 * PARTICULAR PURPOSE. See the GNU General Public License for more details: <https://www.gnu.org/licenses/>.
 */

#include <stdio.h>
#include <math.h>

#define FILTER_SIGMA 0.0185
#define PATCH_SIGMA 3.1550

__device__ const float DEV_FILTER_SIGMA = (float)FILTER_SIGMA;

__device__ void compare_patches(float *comp, float *image, float *gaussian_arr, int i, int j, int pixels, int padding, int patch)
{
    for (int m = 0; m < patch; m++)
    {
        for (int n = 0; n < patch; n++)
        {
            int idx_1 = i + (m - padding) * (pixels + 2 * padding) + n - padding;
            int idx_2 = j + (m - padding) * (pixels + 2 * padding) + n - padding;
            if (image[idx_1] != (float)-1 && image[idx_2] != (float)-1)
            {
                float diff = image[idx_1] - image[idx_2];
                *comp += gaussian_arr[m * patch + n] * (diff * diff);
            }
        }
    }
}

__global__ void knn(float *knn_image, float *image, int size_with_padding, float *gaussian_arr, int pixels, int padding, int patch)
{
    int index = blockIdx.x * (blockDim.x + 2 * padding) + (threadIdx.x + padding) + padding * pixels + 2 * padding * padding;
    int row_size = pixels + 2 * padding;
    if (index < size_with_padding)
    {
        knn_image[index] = 0;
        float weight;
        float Z = 0;
        for (int i = padding; i < (pixels + padding); i++)
        {
            for (int j = padding; j < (pixels + padding); j++)
            {
                float diff = image[index] - image[i * (pixels + 2 * padding) + j];
                weight = (float)exp((diff * diff * -1) / (float)(DEV_FILTER_SIGMA * DEV_FILTER_SIGMA));
                knn_image[index] += weight * image[i * row_size + j];
                Z += weight;
            }
        }
        knn_image[index] = knn_image[index] / Z;
    }
}
