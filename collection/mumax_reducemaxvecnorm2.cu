// tilelab kernel collection: mumax3's maximum squared vector norm (reduce.h's macro)
// Source:  https://github.com/mumax/3/blob/a0c5126ac5477b02ee321bebfb2ed5e2d76368b0/cuda/reducemaxvecnorm2.cu
//          (mumax/3, commit a0c5126: the GPU-accelerated micromagnetic simulator)
// Licence: GPL-3.0-or-later with an additional permission under section 7 (the repository's LICENSE; the file
//          itself carries no notice); the notice follows.
// Kept: the whole file, unchanged (lines 4-12 of the original); the file has no host code.
//       Each #include of one of the repository's own headers (lines 1, 2, 3) is replaced by that
//       header's lines, copied in, marked: cuda/reduce.h (lines 1-45); cuda/atomicf.h (lines 1-10); cuda/float3.h (lines 1-86).

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
// ---- copied in from cuda/float3.h (lines 1-86, the whole file) ----
#ifndef _FLOAT3_H_
#define _FLOAT3_H_

// This file implements common functions on float3 (vector).
// Author: Mykola Dvornik, Arne Vansteenkiste

inline __device__ float3 operator+(float3 a, float3 b) {
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

inline __device__ void operator+=(float3 &a, float3 b) {
    a.x += b.x; 
	a.y += b.y; 
	a.z += b.z;
}

inline __device__ float3 operator-(float3 a, float3 b) {
    return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}

inline __device__ float3 operator-(float3 a) {
    return make_float3(-a.x, -a.y, -a.z);
}

inline __device__ void operator-=(float3 &a, float3 b) {
    a.x -= b.x; 
	a.y -= b.y; 
	a.z -= b.z;
}

inline __device__ float3 operator*(float s, float3 a) {
    return make_float3(s*a.x, s*a.y, s*a.z);
}

inline __device__ float3 operator*(float3 a, float s) {
    return make_float3(s*a.x, s*a.y, s*a.z);
}

inline __device__ void operator*=(float3 &a, float s) {
    a.x *= s; 
	a.y *= s; 
	a.z *= s;
}

// dot product
inline __device__ float dot(float3 a, float3 b) { 
	return a.x * b.x + a.y * b.y + a.z * b.z;
}

// cross product
inline __device__ float3 cross(float3 a, float3 b) { 
	return make_float3( a.y*b.z - a.z*b.y,  a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x); 
}

// length of the 3-components vector
inline __device__ float len(float3 a) {
	return sqrtf(dot(a,a));
}

// returns a normalized copy of the 3-components vector
inline __device__ float3 normalized(float3 a){
    float veclen = (len(a) != 0.0f) ? 1.0f / len(a) : 0.0f;
	return veclen * a;
}

// square
inline __device__ float pow2(float x){
	return x * x;
}


// pow(x, 3)
inline __device__ float pow3(float x){
	return x * x * x;
}


// pow(x, 4)
inline __device__ float pow4(float x){
	float s = x*x;
	return s*s;
}

#define is0(m) ( dot(m, m) == 0.0f )

#endif
// ---- end of the copied lines ----

#define load_vecnorm2(i) \
	pow2(x[i]) + pow2(y[i]) +  pow2(z[i])

extern "C" __global__ void
reducemaxvecnorm2(float* __restrict__ x, float* __restrict__ y, float* __restrict__ z, float* __restrict__ dst, float initVal, int n) {
    reduce(load_vecnorm2, fmax, atomicFmaxabs)
}

