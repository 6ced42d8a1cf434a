// tilelab kernel collection: parallel-etudes' cuda-anneal.cu: the ANNEAL cellular automaton (ghost-cell copies and a 3 x 3 majority step, plain and shared)
// Source:  https://github.com/mmarzolla/parallel-etudes/blob/3605b0033eee696ca047bf79c804a8dba89de104/cuda-anneal.cu
//          (mmarzolla/parallel-etudes, commit 3605b00: the exercises of Moreno Marzolla's High Performance Computing course)
// Licence: GPL-3.0-or-later (the file's own notice, kept as lines 1-20 are; the repository's COPYING is the GPL-3.0).
// Kept: the device code, unchanged (lines 1-20, 232-257, 297-309, 350-362, 389-507 of the original).
//       Removed: lines 21-231: the exercise's text and the includes; lines 258-296, 310-349, 363-388: the serial versions and their #ifdef SERIAL / #else / #endif lines; lines 508-674: #endif, init, write_pbm and main.

/****************************************************************************
 *
 * cuda-anneal.cu - ANNEAL cellular automaton
 *
 * Copyright (C) 2017--2025 Moreno Marzolla
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
/* We use 2D blocks of size (BLKDIM * BLKDIM) to compute
   the next configuration of the automaton */

#define BLKDIM 32

/* We use 1D blocks of (BLKDIM_COPY) threads to copy ghost cells */

#define BLKDIM_COPY 1024
#endif

typedef unsigned char cell_t;

/* The following function simplifies indexing of the 2D
   domain. Instead of writing grid[i*ext_width + j] you write
   IDX(grid, ext_width, i, j) to get a pointer to grid[i][j]. This
   function assumes that the size of the CA grid is
   (ext_width*ext_height), where the first and last rows/columns are
   ghost cells. */
#ifndef SERIAL
__device__ __host__
#endif
cell_t* IDX(cell_t *grid, int ext_width, int i, int j)
{
    return (grid + i*ext_width + j);
}

__global__ void copy_top_bottom(cell_t *grid, int ext_width, int ext_height)
{
    const int j = threadIdx.x + blockIdx.x * blockDim.x;
    const int TOP = 1;
    const int BOTTOM = ext_height - 2;
    const int TOP_GHOST = TOP - 1;
    const int BOTTOM_GHOST = BOTTOM + 1;

    if (j < ext_width) {
        *IDX(grid, ext_width, BOTTOM_GHOST, j) = *IDX(grid, ext_width, TOP, j); /* top to bottom halo */
        *IDX(grid, ext_width, TOP_GHOST, j) = *IDX(grid, ext_width, BOTTOM, j); /* bottom to top halo */
    }
}

__global__ void copy_left_right(cell_t *grid, int ext_width, int ext_height)
{
    const int i = threadIdx.x + blockIdx.x * blockDim.x;
    const int LEFT = 1;
    const int RIGHT = ext_width - 2;
    const int LEFT_GHOST = LEFT - 1;
    const int RIGHT_GHOST = RIGHT + 1;

    if (i < ext_height) {
        *IDX(grid, ext_width, i, RIGHT_GHOST) = *IDX(grid, ext_width, i, LEFT); /* left column to right halo */
        *IDX(grid, ext_width, i, LEFT_GHOST) = *IDX(grid, ext_width, i, RIGHT); /* right column to left halo */
    }
}

__device__
int d_min(int a, int b)
{
    return (a<b ? a : b);
}

/* Compute the next grid given the current configuration. Each grid
   has (ext_width * ext_height) elements. */
__global__ void step(cell_t *cur, cell_t *next, int ext_width, int ext_height)
{
    const int LEFT = 1;
    const int RIGHT = ext_width - 2;
    const int TOP = 1;
    const int BOTTOM = ext_height - 2;
    const int i = TOP + threadIdx.y + blockIdx.y * blockDim.y;
    const int j = LEFT + threadIdx.x + blockIdx.x * blockDim.x;

    if ( i <= BOTTOM && j <= RIGHT ) {
        int nblack = 0;
        /* The `#pragma unroll` directive instructs nvcc to unroll the
           "for" loop immediately following it. Loop unrolling is a
           well-known optimization techniques that consists of
           replacing, e.g., the code:

           for (int i=0; i<5; i++) {
              foo(i);
           }

           with

           foo(0);
           foo(1);
           foo(2);
           foo(3);
           foo(4);

           to avoid the overhead of testing, branching and
           incrementing the loop counter.

           Loop unrolloing is normally left to the compiler; however,
           nvcc allows the user to explicitly ask for unrolling
           certain loop(s). Unrolling is useful for "small" loops with
           a simple body that is iterated only a few times (ideally,
           the number of iterations should be known at compile-time).
        */
#pragma unroll
        for (int di=-1; di<=1; di++) {
#pragma unroll
            for (int dj=-1; dj<=1; dj++) {
                nblack += *IDX(cur, ext_width, i+di, j+dj);
            }
        }
        *IDX(next, ext_width, i, j) = (nblack >= 6 || nblack == 4);
    }
}

/* Same as above, but using shared memory. This kernel works correctly
   even if the size of the domain is not multiple of BLKDIM.

   Note that, on modern GPUs, this version is actually *slower* than
   the plain version above.  The reason is that neser GPUs have an
   internal cache, and this computation does not reuse data enough to
   pay for the cost of filling the shared memory. */
__global__ void step_shared(cell_t *cur, cell_t *next, int ext_width, int ext_height)
{
    __shared__ cell_t buf[BLKDIM+2][BLKDIM+2];

    const int LEFT = 1;
    const int RIGHT = ext_width - 2;
    const int TOP = 1;
    const int BOTTOM = ext_height - 2;

    /* "global" indexes */
    const int gi = TOP + threadIdx.y + blockIdx.y * blockDim.y;
    const int gj = LEFT + threadIdx.x + blockIdx.x * blockDim.x;
    /* "local" indexes */
    const int li = 1 + threadIdx.y;
    const int lj = 1 + threadIdx.x;

    /* The following variables are needed to handle the case of a
       domain whose size is not multiple of BLKDIM.

       height and width of the (NOT extended) subdomain handled by
       this thread block. Its maximum size is blockdim.x * blockDim.y,
       but could be less than that if the domain size is not a
       multiple of the block size. */
    const int height = d_min(blockDim.y, ext_height-1-gi);
    const int width  = d_min(blockDim.x, ext_width-1-gj);

    if ( gi <= BOTTOM && gj <= RIGHT ) {
        buf[li][lj] = *IDX(cur, ext_width, gi, gj);
        if (li == 1) {
            /* top and bottom */
            buf[0       ][lj] = *IDX(cur, ext_width, gi-1, gj);
            buf[1+height][lj] = *IDX(cur, ext_width, gi+height, gj);
        }
        if (lj == 1) { /* left and right */
            buf[li][0      ] = *IDX(cur, ext_width, gi, gj-1);
            buf[li][1+width] = *IDX(cur, ext_width, gi, gj+width);
        }
        if (li == 1 && lj == 1) { /* corners */
            buf[0       ][0       ] = *IDX(cur, ext_width, gi-1, gj-1);
            buf[0       ][lj+width] = *IDX(cur, ext_width, gi-1, gj+width);
            buf[1+height][0       ] = *IDX(cur, ext_width, gi+height, gj-1);
            buf[1+height][1+width ] = *IDX(cur, ext_width, gi+height, gj+width);
        }
        __syncthreads(); /* Wait for all threads to fill the shared memory */

        int nblack = 0;
#pragma unroll
        for (int di=-1; di<=1; di++) {
#pragma unroll
            for (int dj=-1; dj<=1; dj++) {
                nblack += buf[li+di][lj+dj];
            }
        }
        *IDX(next, ext_width, gi, gj) = (nblack >= 6 || nblack == 4);
    }
}
