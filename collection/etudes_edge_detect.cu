// tilelab kernel collection: parallel-etudes' cuda-edge-detect.cu: Sobel edge detection on a grayscale image
// Source:  https://github.com/mmarzolla/parallel-etudes/blob/3605b0033eee696ca047bf79c804a8dba89de104/cuda-edge-detect.cu
//          (mmarzolla/parallel-etudes, commit 3605b00: the exercises of Moreno Marzolla's High Performance Computing course)
// Licence: GPL-3.0-or-later (the file's own notice, kept as lines 1-20 are; the repository's COPYING is the GPL-3.0).
// Kept: the device code, unchanged (lines 1-20, 73-117 of the original).
//       Removed: lines 21-72: the exercise's text and the includes (<stdio.h> <stdlib.h> <string.h> <assert.h> "hpc.h" "pgmutils.h"); lines 118-182: edge_detect's host code (serial loop and launch) and main.

/****************************************************************************
 *
 * cuda-edge-detect.cu - Edge detection on grayscale images
 *
 * Copyright (C) 2024, 2025 Moreno Marzolla
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <http://www.gnu.org/licenses/>.
 *
 ****************************************************************************/

#ifndef SERIAL
#define BLKDIM 32

__device__ __host__
#endif
int IDX(int i, int j, int width)
{
    return (i*width + j);
}

#ifndef SERIAL
__global__ void
sobel_kernel(const unsigned char *in,
             unsigned char *edges,
             int width, int height,
             int threshold)
{
    const unsigned char WHITE = 255;
    const unsigned char BLACK = 0;
    const int j = threadIdx.x + blockIdx.x * blockDim.x;
    const int i = threadIdx.y + blockIdx.y * blockDim.y;

    if (i >= height || j >= width)
        return;

    if (i==0 || j==0 || i==height-1 || j==width-1)
        edges[IDX(i, j, width)] = WHITE;
    else {
        /* Compute the gradients Gx and Gy along the x and y
           dimensions */
        const int Gx =
            in[IDX(i-1, j-1, width)] - in[IDX(i-1, j+1, width)]
            + 2*in[IDX(i, j-1, width)] - 2*in[IDX(i, j+1, width)]
            + in[IDX(i+1, j-1, width)] - in[IDX(i+1, j+1, width)];
        const int Gy =
            in[IDX(i-1, j-1, width)] + 2*in[IDX(i-1, j, width)] + in[IDX(i-1, j+1, width)]
            - in[IDX(i+1, j-1, width)] - 2*in[IDX(i+1, j, width)] - in[IDX(i+1, j+1, width)];
        const int magnitude = Gx * Gx + Gy * Gy;
        if  (magnitude > threshold*threshold)
            edges[IDX(i, j, width)] = WHITE;
        else
            edges[IDX(i, j, width)] = BLACK;
    }
}
#endif
