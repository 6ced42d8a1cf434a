// tilelab kernel collection: Image-Processing-CUDA's colour-plane filters (grayscale, 5 x 5 Gaussian blur, Sobel, Sobel on one plane)
// Source:  https://github.com/TiagoOrl/Image-Processing-CUDA/blob/fc3f6cccd1f9bccf7bfb5b141ab4e7182a97e731/src/cuda/kernel_processing.cu
//          (TiagoOrl/Image-Processing-CUDA, commit fc3f6cc: Tiago Orlando de Jesus's OpenCV + CUDA image filters)
// Licence: GPL-2.0-or-later (the repository's LICENSE; the file itself carries no notice); the LICENSE's notice follows.
// Kept: the device code, unchanged (lines 7-198 of the original: the four kernels).
//       Removed: the includes (lines 1-6: "../utils/timer.h" "../utils/utils.h" <stdio.h>) and the host
//       wrappers (lines 199-357: cuda_blur, cuda_sobel, cuda_grayScale, cuda_sobelBW; their launches are manifest entries).
// Added for NVRTC: `u_char` and `uint`, which nvcc takes from glibc's <sys/types.h> through the host includes, are typedef'd.

/*
 * Copyright (C) 2020  Tiago Orlando de Jesus
 *
 * This program is free software; you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation; either version 2 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 */

typedef unsigned char u_char;  // added for NVRTC (see the header)
typedef unsigned int uint;     // added for NVRTC (see the header)

__global__
void k_grayScale (
    u_char * r_in, u_char * g_in, u_char * b_in,
    u_char * r_out, u_char * g_out, u_char * b_out,
    int height, int width) {
        
        int tIdx = threadIdx.x + blockIdx.x * blockDim.x;
        int tIdy = threadIdx.y + blockIdx.y * blockDim.y;

        if (tIdx >= width || tIdy >= height) return;
        int i = width * tIdy + tIdx;

        int avg = (r_in[i] + g_in[i] + b_in[i]) / 3;

        r_out[i] = avg;
        g_out[i] = avg;
        b_out[i] = avg;
    }

__global__
void k_blur (
    u_char * r_in, u_char * g_in, u_char * b_in,
    u_char * r_out, u_char * g_out, u_char * b_out,
    int height, int width) {
    
    int tIdx = threadIdx.x + blockIdx.x * blockDim.x;
    int tIdy = threadIdx.y + blockIdx.y * blockDim.y;
    int size = width * height;

    if (tIdx >= width || tIdy >= height) return;
    int index = width * tIdy + tIdx;


    float kernel[] = {
        1, 4,  6,  4,  1,
        4, 16, 24, 16, 4,
        6, 24, 36, 24, 6,
        4, 16, 24, 16, 4,
        1, 4,  6,  4,  1
    };

    const uint length = sizeof(kernel) / sizeof(kernel[0]);

    for (uint i = 0; i < length; i++)
    {
        kernel[i] = kernel[i] / 256;
    }

    int rowCount = -2;
    int colCount = -2;


    u_char rSum = 0;
    u_char gSum = 0;
    u_char bSum = 0;
    for (uint i = 0; i < length; i++)
    {
        if (i % 5 == 0 && i != 0)
            rowCount++;

        int kIndex = index + rowCount * width + colCount;
        if (kIndex < 0 || kIndex >= size)    
            continue;

        rSum += r_in[kIndex] * kernel[i];
        gSum += g_in[kIndex] * kernel[i];
        bSum += b_in[kIndex] * kernel[i];


        colCount++;
        if (colCount == 2)
            colCount = -2;

    }
    r_out[index] = rSum;
    g_out[index] = gSum;
    b_out[index] = bSum;
}

__global__
void k_sobel (
            u_char * r_in, u_char * g_in, u_char * b_in,
            u_char * r_out, u_char * g_out, u_char * b_out,
            int height, int width) {
    
    int tIdx = threadIdx.x + blockIdx.x * blockDim.x;
    int tIdy = threadIdx.y + blockIdx.y * blockDim.y;
    size_t size = height * width;

    if (tIdx >= width || tIdy >= height) return;

    int index = width * tIdy + tIdx;

    float hMask[] = {
        1.0f, 0.0f, -1.0f,
        2.0f, 0.0f, -2.0f,
        1.0f, 0.0f, -1.0f
    };

    float vMask[] = {
        1.0f, 2.0f, 1.0f,
        0.0f, 0.0f, 0.0f,
        -1.0f, -2.0f, -1.0f
    };

    int hRSum = 0;
    int vRSum = 0;
    int hGSum = 0;
    int vGSum = 0;
    int hBSum = 0;
    int vBSum = 0;
    int rowCount = -1;
    int colCount = -1;

    for (size_t i = 0; i < 9; i++)
    {
        if (i % 3 == 0 && i != 0)
            rowCount++;
        
        int kIndex = index + rowCount * width + colCount;
        if (kIndex < 0 || kIndex >= size)
            continue;
        
        hRSum += r_in[kIndex] * hMask[i];
        vRSum += r_in[kIndex] * vMask[i];

        hGSum += g_in[kIndex] * hMask[i];
        vGSum += g_in[kIndex] * vMask[i];

        hBSum += b_in[kIndex] * hMask[i];
        vBSum += b_in[kIndex] * vMask[i];

        colCount++;
        if (colCount == 1)
            colCount = -1;
    }

    r_out[index] = (unsigned char) abs( (hRSum + vRSum) / 2);
    g_out[index] = (unsigned char) abs( (hGSum + vGSum) / 2);
    b_out[index] = (unsigned char) abs( (hBSum + vBSum) / 2);
}

__global__
void k_sobelBW (
            u_char * in_channel, 
            u_char * out_channel,
            int height, int width) {
    
    int tIdx = threadIdx.x + blockIdx.x * blockDim.x;
    int tIdy = threadIdx.y + blockIdx.y * blockDim.y;
    size_t size = width * height;

    if (tIdx >= width || tIdy >= height) return;

    int index = width * tIdy + tIdx;

    float hMask[] = {
        1.0f, 0.0f, -1.0f,
        2.0f, 0.0f, -2.0f,
        1.0f, 0.0f, -1.0f
    };

    float vMask[] = {
        1.0f, 2.0f, 1.0f,
        0.0f, 0.0f, 0.0f,
        -1.0f, -2.0f, -1.0f
    };

    int hSum = 0;
    int vSum = 0;
    int rowCount = -1;
    int colCount = -1;

    for (size_t i = 0; i < 9; i++)
    {
        if (i % 3 == 0 && i != 0)
            rowCount++;
        
        int kIndex = index + rowCount * width + colCount;
        if (kIndex < 0 || kIndex >= size)
            continue;
        
        hSum += in_channel[kIndex] * hMask[i];
        vSum += in_channel[kIndex] * vMask[i];

        colCount++;
        if (colCount == 1)
            colCount = -1;
    }

    out_channel[index] = (u_char) abs( (hSum + vSum) / 2);
}
