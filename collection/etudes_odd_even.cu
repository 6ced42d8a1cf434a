// tilelab kernel collection: parallel-etudes' cuda-odd-even.cu: odd-even transposition sort, one launch a phase
// Source:  https://github.com/mmarzolla/parallel-etudes/blob/3605b0033eee696ca047bf79c804a8dba89de104/cuda-odd-even.cu
//          (mmarzolla/parallel-etudes, commit 3605b00: the exercises of Moreno Marzolla's High Performance Computing course)
// Licence: GPL-3.0-or-later (the file's own notice, kept as lines 1-20 are; the repository's COPYING is the GPL-3.0).
// Kept: the device code, unchanged (lines 1-20, 111-140, 184-195, 225 of the original).
//       Removed: lines 21-110: the exercise's text and the includes; lines 141-183: odd_even_sort's host code; lines 196-224: odd_even_sort_good's host code (line 225, its #endif, kept); lines 226-316: fill, check and main.

/****************************************************************************
 *
 * cuda-odd-even.cu - Odd-even sort
 *
 * Copyright (C) 2017--2024 Moreno Marzolla
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

/* if *a > *b, swap them. Otherwise do nothing */
#ifndef SERIAL
__host__ __device__
#endif
void cmp_and_swap( int* a, int* b )
{
    if ( *a > *b ) {
        int tmp = *a;
        *a = *b;
        *b = tmp;
    }
}

#ifndef SERIAL
#define BLKDIM 1024

/**
 * This kernel requires `n` threads to sort `n` elements, but only
 * half the threads are used during each phase. Therefore, this kernel
 * is not efficient.
 */
__global__ void odd_even_step_bad( int *x, int n, int phase )
{
    const int idx = threadIdx.x + blockIdx.x * blockDim.x;
    if ( (idx < n-1) && ((idx % 2) == (phase % 2)) ) {
        /* Compare & swap x[idx] and x[idx+1] */
        cmp_and_swap(&x[idx], &x[idx+1]);
    }
}
#endif

#ifndef SERIAL
/**
 * A more efficient kernel that uses n/2 threads to sort n elements.
 */
__global__ void odd_even_step_good( int *x, int n, int phase )
{
    const int tid = threadIdx.x + blockIdx.x * blockDim.x; /* thread index */
    const int idx = tid*2 + (phase % 2); /* array index handled by this thread */
    if (idx < n-1) {
        cmp_and_swap(&x[idx], &x[idx+1]);
    }
}

#endif
