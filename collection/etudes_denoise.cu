// tilelab kernel collection: parallel-etudes' cuda-denoise.cu: median-of-five denoising of a colour plane
// Source:  https://github.com/mmarzolla/parallel-etudes/blob/3605b0033eee696ca047bf79c804a8dba89de104/cuda-denoise.cu
//          (mmarzolla/parallel-etudes, commit 3605b00: the exercises of Moreno Marzolla's High Performance Computing course)
// Licence: GPL-3.0-or-later (the file's own notice, kept as lines 1-20 are; the repository's COPYING is the GPL-3.0).
// Kept: the device code, unchanged (lines 1-20, 77-124, 152-172 of the original).
//       Removed: lines 21-76: the exercise's text and the includes; lines 125-151: the serial denoise (#ifdef SERIAL ... #else); lines 173-204: denoise's host code, #endif and main.

/****************************************************************************
 *
 * cuda-denoise.cu - Image denoising
 *
 * Copyright (C) 2018--2025 Moreno Marzolla
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

#define BLKDIM 32

/**
 * Swap *a and *b if necessary so that, at the end, *a <= *b
 */
#ifndef SERIAL
__device__
#endif
void compare_and_swap( unsigned char *a, unsigned char *b )
{
    if (*a > *b ) {
        unsigned char tmp = *a;
        *a = *b;
        *b = tmp;
    }
}

#ifndef SERIAL
__device__
#endif
unsigned char *PTR(unsigned char *bmap, int width, int i, int j)
{
    return (bmap + i*width + j);
}

/**
 * Return the median of v[0..4]
 */
#ifndef SERIAL
__device__
#endif
unsigned char median_of_five( unsigned char v[5] )
{
    /* We do a partial sort of v[5] using bubble sort until v[2] is
       correctly placed; this element is the median. (There are better
       ways to compute the median-of-five). */
    compare_and_swap( v+3, v+4 );
    compare_and_swap( v+2, v+3 );
    compare_and_swap( v+1, v+2 );
    compare_and_swap( v  , v+1 );
    compare_and_swap( v+3, v+4 );
    compare_and_swap( v+2, v+3 );
    compare_and_swap( v+1, v+2 );
    compare_and_swap( v+3, v+4 );
    compare_and_swap( v+2, v+3 );
    return v[2];
}


__global__ void denoise_kernel( unsigned char *bmap, unsigned char *out, int width, int height )
{
    const int i = threadIdx.y + blockIdx.y * blockDim.y;
    const int j = threadIdx.x + blockIdx.x * blockDim.x;

    if (i<height && j<width) {
        /* Note that the pixels on the border are left unchanged */
        if ((i>0) && (i<height-1) && (j>0) && (j<width-1)) {
            unsigned char v[5];
            v[0] = *PTR(bmap, width, i  , j  );
            v[1] = *PTR(bmap, width, i  , j-1);
            v[2] = *PTR(bmap, width, i  , j+1);
            v[3] = *PTR(bmap, width, i-1, j  );
            v[4] = *PTR(bmap, width, i+1, j  );

            *PTR(out, width, i, j) = median_of_five(v);
        } else {
            *PTR(out, width, i, j) = *PTR(bmap, width, i, j);
        }
    }
}
