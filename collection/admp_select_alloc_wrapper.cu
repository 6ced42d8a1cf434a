// tilelab kernel collection: autodock-cudamp's alloc_kernel (fills the selection's allocation array)
// Source:  https://github.com/evertonmj/autodock-cudamp/blob/29ddf11841b3a8ee86d3a6971699c30372c0c7e8/select_alloc_wrapper.cu
// Licence: GPL-2.0-or-later (AutoDock 4's; the repository's COPYING), notice below.
// Kept, unchanged: select_alloc_wrapper.cu lines 13-26; removed: lines 1-12 (#includes of cuda.h, cuda_runtime.h, cutil.h, stdio.h, typedefs.h and the wrapper's header) and 27-62 (the host wrapper).
// evertonmj/autodock-cudamp (AutoDock 4.2 with CUDA energy kernels, E. Mendonca), commit 29ddf11.
// Built as Makefile.everton builds the .cu files: -DNOSQRT -DUSE_8A_NBCUTOFF (AM_CPPFLAGS) and -use_fast_math (NVCCFLAGS).
/*

 AutoDock's notice, as the repository's autocomm.h carries it (the repository: COPYING, GPL-2.0):

 AutoDock

 Copyright (C) 1989-2007,  Garrett M. Morris, David S. Goodsell, Ruth Huey, Arthur J. Olson,
 All Rights Reserved.

 AutoDock is a Trade Mark of The Scripps Research Institute.

 This program is free software; you can redistribute it and/or
 modify it under the terms of the GNU General Public License
 as published by the Free Software Foundation; either version 2
 of the License, or (at your option) any later version.

 This program is distributed in the hope that it will be useful,
 but WITHOUT ANY WARRANTY; without even the implied warranty of
 MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 GNU General Public License for more details.

 You should have received a copy of the GNU General Public License
 along with this program; if not, write to the Free Software
 Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA  02110-1301, USA.

 */


#define BLOCK_SIZE 128

/**
 * GPU kernel for alloc
 * @param alloc_data alloc array to be stored into
 */
__global__ void alloc_kernel(float *alloc_data)
{
    int idx = blockIdx.x  * blockDim.x + threadIdx.x;

//    alloc_data[idx] = make_float4(1.0,1.0,1.0,1.0);
    alloc_data[idx] = 1.0;

}
