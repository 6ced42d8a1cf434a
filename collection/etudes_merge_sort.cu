// tilelab kernel collection: parallel-etudes' cuda-merge-sort.cu: bottom-up merge sort, one launch a pass
// Source:  https://github.com/mmarzolla/parallel-etudes/blob/3605b0033eee696ca047bf79c804a8dba89de104/cuda-merge-sort.cu
//          (mmarzolla/parallel-etudes, commit 3605b00: the exercises of Moreno Marzolla's High Performance Computing course)
// Licence: GPL-3.0-or-later (the file's own notice, kept as lines 1-20 are; the repository's COPYING is the GPL-3.0).
// Kept: the device code, unchanged (lines 1-20, 107-143 of the original).
//       Removed: lines 21-106: the exercise's text, the includes, the host helpers swap and print_array and the serial merge (#ifdef SERIAL ... #else); lines 144-260: #endif, the host code and main.

/****************************************************************************
 *
 * cuda-merge-sort.cu - Bottom-up Merge Sort with CUDA
 *
 * Copyright (C) 2017--2026 Moreno Marzolla
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

#define BLKDIM 1024

__global__ void
merge_kernel(const int* src,
	     int len,
	     int n,
	     int* dst)
{
    const int id = threadIdx.x + blockIdx.x * blockDim.x;

    /* avoid overflow of `low` below. */
    if (id >= (n + 2*len-1) / (2*len))
        return;

    const int low = id*2*len;
    const int mid = min(n-1, low+len-1);
    const int high = min(n-1, mid+len);

    int i=low, j=mid+1, k=low;
    while (i<=mid && j<=high) {
        if (src[i] <= src[j]) {
            dst[k] = src[i++];
        } else {
            dst[k] = src[j++];
        }
        k++;
    }
    /* Handle leftovers */
    while (i<=mid) {
        dst[k] = src[i++];
        k++;
    }
    while (j<=high) {
        dst[k] = src[j++];
        k++;
    }
}
