// tilelab kernel collection: mumax3's exchange field (a 6-neighbour stencil with clamped or periodic boundaries)
// Source:  https://github.com/mumax/3/blob/a0c5126ac5477b02ee321bebfb2ed5e2d76368b0/cuda/exchange.cu
//          (mumax/3, commit a0c5126: the GPU-accelerated micromagnetic simulator)
// Licence: GPL-3.0-or-later with an additional permission under section 7 (the repository's LICENSE; the file
//          itself carries no notice); the notice follows.
// Kept: the whole file, unchanged (lines 1, 6-88 of the original); the file has no host code.
//       Each #include of one of the repository's own headers (lines 2, 3, 4, 5) is replaced by that
//       header's lines, copied in, marked: cuda/exchange.h (lines 1-7); cuda/float3.h (lines 1-86); cuda/stencil.h (lines 1-33); cuda/amul.h (lines 1-29).

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

#include <stdint.h>
// ---- copied in from cuda/exchange.h (lines 1-7, the whole file) ----
#ifndef _EXCHANGE_H_
#define _EXCHANGE_H_

// indexing in symmetric matrix
#define symidx(i, j) ( (j<=i)? ( (((i)*((i)+1)) /2 )+(j) )  :  ( (((j)*((j)+1)) /2 )+(i) ) )

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
// ---- copied in from cuda/stencil.h (lines 1-33, the whole file) ----
#ifndef _STENCIL_H_
#define _STENCIL_H_

// 3D array indexing
#define index(ix,iy,iz,Nx,Ny,Nz) ( ( (iz)*(Ny) + (iy) ) * (Nx) + (ix) )
#define idx(ix,iy,iz) ( index((ix),(iy),(iz),(Nx),(Ny),(Nz)) )


// modulo used for PBC wrap around
#define MOD(n, M) ( (( (n) % (M) ) + (M) ) % (M)  )

// have PBC in x, y or z?
#define PBCx (PBC & 1)
#define PBCy (PBC & 2)
#define PBCz (PBC & 4)

// clamp or wrap index at boundary, depending on PBC
// hclamp*: clamps on upper side (index+1)
// lclamp*: clamps on lower side (index-1)
// *clampx: clamps along x
// ...
#define hclampx(ix) (PBCx? MOD(ix, Nx) : min((ix), Nx-1))
#define lclampx(ix) (PBCx? MOD(ix, Nx) : max((ix), 0))

#define hclampy(iy) (PBCy? MOD(iy, Ny) : min((iy), Ny-1))
#define lclampy(iy) (PBCy? MOD(iy, Ny) : max((iy), 0))

#define hclampz(iz) (PBCz? MOD(iz, Nz) : min((iz), Nz-1))
#define lclampz(iz) (PBCz? MOD(iz, Nz) : max((iz), 0))


#endif

// ---- end of the copied lines ----
// ---- copied in from cuda/amul.h (lines 1-29, the whole file) ----
#ifndef _AMUL_H_
#define _AMUL_H_

// ---- (#include "float3.h": its lines are copied in above) ----

// Returns mul * arr[i], or mul when arr == NULL;
inline __device__ float amul(float *arr, float mul, int i) {
    return (arr == NULL)? (mul): (mul * arr[i]);
}

// Returns m * a[i], or m when a == NULL;
inline __device__ float3 vmul(float *ax, float *ay, float *az,
                              float mx, float my, float mz, int i) {
    return make_float3(amul(ax, mx, i),
                       amul(ay, my, i),
                       amul(az, mz, i));
}

// Returns 1/Msat, or 0 when Msat == 0.
inline __device__ float inv_Msat(float *Ms_, float Ms_mul, int i) {
    float ms = amul(Ms_, Ms_mul, i);
    if (ms == 0.0f) {
        return 0.0f;
    } else {
        return 1.0f / ms;
    }
}

#endif
// ---- end of the copied lines ----

// See exchange.go for more details.
extern "C" __global__ void
addexchange(float* __restrict__ Bx, float* __restrict__ By, float* __restrict__ Bz,
            float* __restrict__ mx, float* __restrict__ my, float* __restrict__ mz,
            float* __restrict__ Ms_, float Ms_mul,
            float* __restrict__ aLUT2d, uint8_t* __restrict__ regions,
            float wx, float wy, float wz, int Nx, int Ny, int Nz, uint8_t PBC) {

    int ix = blockIdx.x * blockDim.x + threadIdx.x;
    int iy = blockIdx.y * blockDim.y + threadIdx.y;
    int iz = blockIdx.z * blockDim.z + threadIdx.z;

    if (ix >= Nx || iy >= Ny || iz >= Nz) {
        return;
    }

    // central cell
    int I = idx(ix, iy, iz);
    float3 m0 = make_float3(mx[I], my[I], mz[I]);

    if (is0(m0)) {
        return;
    }

    uint8_t r0 = regions[I];
    float3 B  = make_float3(0.0,0.0,0.0);

    int i_;    // neighbor index
    float3 m_; // neighbor mag
    float a__; // inter-cell exchange stiffness

    // left neighbor
    i_  = idx(lclampx(ix-1), iy, iz);           // clamps or wraps index according to PBC
    m_  = make_float3(mx[i_], my[i_], mz[i_]);  // load m
    m_  = ( is0(m_)? m0: m_ );                  // replace missing non-boundary neighbor
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wx * a__ *(m_ - m0);

    // right neighbor
    i_  = idx(hclampx(ix+1), iy, iz);
    m_  = make_float3(mx[i_], my[i_], mz[i_]);
    m_  = ( is0(m_)? m0: m_ );
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wx * a__ *(m_ - m0);

    // back neighbor
    i_  = idx(ix, lclampy(iy-1), iz);
    m_  = make_float3(mx[i_], my[i_], mz[i_]);
    m_  = ( is0(m_)? m0: m_ );
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wy * a__ *(m_ - m0);

    // front neighbor
    i_  = idx(ix, hclampy(iy+1), iz);
    m_  = make_float3(mx[i_], my[i_], mz[i_]);
    m_  = ( is0(m_)? m0: m_ );
    a__ = aLUT2d[symidx(r0, regions[i_])];
    B += wy * a__ *(m_ - m0);

    // only take vertical derivative for 3D sim
    if (Nz != 1) {
        // bottom neighbor
        i_  = idx(ix, iy, lclampz(iz-1));
        m_  = make_float3(mx[i_], my[i_], mz[i_]);
        m_  = ( is0(m_)? m0: m_ );
        a__ = aLUT2d[symidx(r0, regions[i_])];
        B += wz * a__ *(m_ - m0);

        // top neighbor
        i_  = idx(ix, iy, hclampz(iz+1));
        m_  = make_float3(mx[i_], my[i_], mz[i_]);
        m_  = ( is0(m_)? m0: m_ );
        a__ = aLUT2d[symidx(r0, regions[i_])];
        B += wz * a__ *(m_ - m0);
    }

    float invMs = inv_Msat(Ms_, Ms_mul, I);
    Bx[I] += B.x*invMs;
    By[I] += B.y*invMs;
    Bz[I] += B.z*invMs;
}

