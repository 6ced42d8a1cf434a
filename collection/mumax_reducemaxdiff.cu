// tilelab kernel collection: mumax3's maximum absolute difference (reduce.h's macro)
// Source:  https://github.com/mumax/3/blob/a0c5126ac5477b02ee321bebfb2ed5e2d76368b0/cuda/reducemaxdiff.cu
//          (mumax/3, commit a0c5126: the GPU-accelerated micromagnetic simulator)
// Licence: GPL-3.0-or-later with an additional permission under section 7 (the repository's LICENSE; the file
//          itself carries no notice); the notice follows.
// Kept: the whole file, unchanged (lines 3-10 of the original); the file has no host code.
//       Each #include of one of the repository's own headers (lines 1, 2) is replaced by that
//       header's lines, copied in, marked: cuda/reduce.h (lines 1-45); cuda/atomicf.h (lines 1-10).

/*
 * Mumax3 GPU-accelerated micromagnetic simulator
 * Copyright (C) 2012-2014  Arne Vansteenkiste.
 * Contributions by Ahmad Syukri, Colin Jermain, Jonathan Leliaert, Mykola Dvornik.
 *
 * Mumax3 is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * Additional permission under GNU GPL version 3 section 7
 *
 * If you modify this Program, or any covered work, by linking or
 * combining it with NVIDIA Corporation's CUDA libraries from the
 * NVIDIA CUDA Toolkit (or a modified version of those libraries),
 * containing parts covered by the terms of NVIDIA CUDA Toolkit
 * EULA, the licensors of this Program grant you additional
 * permission to convey the resulting work.
 */

// ---- copied in from cuda/reduce.h (lines 1-45, the whole file) ----
#ifndef _REDUCE_H_
#define _REDUCE_H_

// Block size for reduce kernels.
#define REDUCE_BLOCKSIZE 512

// This macro expands to a reduce kernel with arbitrary reduce operation.
// Ugly, perhaps, but arguably nicer than some 1000+ line C++ template.
// load(i): loads element i, possibly pre-processing the data
// op(a, b): reduce operation. e.g. sum
// atomicOp(a, b): atomic reduce operation in global mem.
#define reduce(load, op, atomicOp)                      \
    __shared__ float sdata[REDUCE_BLOCKSIZE];           \
    int tid = threadIdx.x;                              \
    int i =  blockIdx.x * blockDim.x + threadIdx.x;     \
                                                        \
    float mine = initVal;                               \
    int stride = gridDim.x * blockDim.x;                \
    while (i < n) {                                     \
        mine = op(mine, load(i));                       \
        i += stride;                                    \
    }                                                   \
    sdata[tid] = mine;                                  \
    __syncthreads();                                    \
                                                        \
    for (unsigned int s=blockDim.x/2; s>32; s>>=1) {    \
        if (tid < s){                                   \
            sdata[tid] = op(sdata[tid], sdata[tid + s]);\
        }                                               \
        __syncthreads();                                \
    }                                                   \
                                                        \
    if (tid < 32) {                                     \
        volatile float* smem = sdata;                   \
        smem[tid] = op(smem[tid], smem[tid + 32]);      \
        smem[tid] = op(smem[tid], smem[tid + 16]);      \
        smem[tid] = op(smem[tid], smem[tid +  8]);      \
        smem[tid] = op(smem[tid], smem[tid +  4]);      \
        smem[tid] = op(smem[tid], smem[tid +  2]);      \
        smem[tid] = op(smem[tid], smem[tid +  1]);      \
    }                                                   \
                                                        \
    if (tid == 0) { atomicOp(dst, sdata[0]); }          \
// Based on "Optimizing parallel reduction in CUDA" by Mark Harris.
#endif
// ---- end of the copied lines ----
// ---- copied in from cuda/atomicf.h (lines 1-10, the whole file) ----
#ifndef _ATOMICF_H_
#define _ATOMICF_H_

// Atomic max of abs value.
inline __device__ void atomicFmaxabs(float* a, float b){
	b = fabs(b);
	atomicMax((int*)(a), *((int*)(&b)));
}

#endif
// ---- end of the copied lines ----

#define load_diff(i) fabs(src1[i] - src2[i])

extern "C" __global__ void
reducemaxdiff(float* __restrict__ src1, float* __restrict__  src2, float* __restrict__ dst, float initVal, int n) {
    reduce(load_diff, fmax, atomicFmaxabs)
}

