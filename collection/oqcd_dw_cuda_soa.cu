// tilelab kernel collection: openQCD's Wilson-Dirac operator Dw in CUDA (the UCL port's SoA test, tests/cuda2): the clover
// term (mulpauli), the hopping terms Doe (gather) and Deo (float atomicAdd scatter), and the AoS-to-SoA conversions.
// Source:  https://github.com/UCL/openqcd-oneapi/blob/e5d53c7e47d8b94f78c87b91ef218d217ce57597/tests/cuda2/dw_cuda_soa.cu
//          (UCL/openqcd-oneapi, commit e5d53c7, tests/cuda2/dw_cuda_soa.cu; the repository is openQCD-1.6's code and its
//          oneAPI / CUDA ports)
// Licence: GPL-2.0 (the repository's COPYING; the file carries no notice of its own): this file stays under the GPL-2.0,
//          as the notice below says.
// Kept, unchanged: lines 1 and 4-53 (the commented-out include, the C headers, the four atomicAdd vector helpers),
//       179-830 (the seven extern "C" kernels: pauli_AoS2SoA, su3_AoS2SoA, spinor_AoS2SoA, spinor_SoA2AoS,
//       mulpauli_kernel, doe_kernel, deo_kernel). Removed: lines 2-3 (`#include "su3.h"`, `#include "macros.h"`, both
//       copied in below, whole), 54-178 (host allocation and cudaFree helpers) and 831-987 (Dw_cuda_SoA, the host
//       driver: copies, launches at 128 threads a block, timing).
/*
 * openQCD / openqcd-oneapi, tests/cuda2/dw_cuda_soa.cu
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
// ---- tests/cuda2/includes/su3.h, lines 1-68 (whole: complex, su3_vector, su3, weyl, spinor, pauli and their SoA forms)
#ifndef SU3_H
#define SU3_H

typedef struct
{
    float re, im;
} complex;

typedef struct
{
    complex c1, c2, c3;
} su3_vector;

typedef struct
{
    complex c11, c12, c13, c21, c22, c23, c31, c32, c33;
} su3;

typedef struct
{
    su3_vector c1, c2;
} weyl;

typedef struct
{
    su3_vector c1, c2, c3, c4;
} spinor;

typedef struct
{
    float u[36];
} pauli;

typedef union
{
  spinor s;
  weyl w[2];
} spin_t;


typedef struct
{
    float *re;
    float *im;
} complex_soa;

typedef struct
{
    complex_soa c1, c2, c3;
} su3_vector_soa;

typedef struct
{
    complex_soa c11, c12, c13, c21, c22, c23, c31, c32, c33;
} su3_soa;

typedef struct
{
    su3_vector_soa c1, c2, c3, c4;
} spinor_soa;

typedef struct
{
    float *m1;  // For A+
    float *m2;  // For A-
} pauli_soa;

#endif
// ---- tests/cuda2/includes/macros.h, lines 1-188 (whole: the vector, SU(3) and copy macros)
#ifndef MACROS_H
#define MACROS_H

#define _vector_mul_assign(r, c)                                                 \
    (r).c1.re *= (c);                                                            \
    (r).c1.im *= (c);                                                            \
    (r).c2.re *= (c);                                                            \
    (r).c2.im *= (c);                                                            \
    (r).c3.re *= (c);                                                            \
    (r).c3.im *= (c)

#define _vector_add(r, s1, s2)                                                   \
    (r).c1.re = (s1).c1.re + (s2).c1.re;                                         \
    (r).c1.im = (s1).c1.im + (s2).c1.im;                                         \
    (r).c2.re = (s1).c2.re + (s2).c2.re;                                         \
    (r).c2.im = (s1).c2.im + (s2).c2.im;                                         \
    (r).c3.re = (s1).c3.re + (s2).c3.re;                                         \
    (r).c3.im = (s1).c3.im + (s2).c3.im

#define _vector_sub(r, s1, s2)                                                   \
    (r).c1.re = (s1).c1.re - (s2).c1.re;                                         \
    (r).c1.im = (s1).c1.im - (s2).c1.im;                                         \
    (r).c2.re = (s1).c2.re - (s2).c2.re;                                         \
    (r).c2.im = (s1).c2.im - (s2).c2.im;                                         \
    (r).c3.re = (s1).c3.re - (s2).c3.re;                                         \
    (r).c3.im = (s1).c3.im - (s2).c3.im

#define _vector_i_add(r, s1, s2)                                                 \
    (r).c1.re = (s1).c1.re - (s2).c1.im;                                         \
    (r).c1.im = (s1).c1.im + (s2).c1.re;                                         \
    (r).c2.re = (s1).c2.re - (s2).c2.im;                                         \
    (r).c2.im = (s1).c2.im + (s2).c2.re;                                         \
    (r).c3.re = (s1).c3.re - (s2).c3.im;                                         \
    (r).c3.im = (s1).c3.im + (s2).c3.re

#define _vector_i_sub(r, s1, s2)                                                 \
    (r).c1.re = (s1).c1.re + (s2).c1.im;                                         \
    (r).c1.im = (s1).c1.im - (s2).c1.re;                                         \
    (r).c2.re = (s1).c2.re + (s2).c2.im;                                         \
    (r).c2.im = (s1).c2.im - (s2).c2.re;                                         \
    (r).c3.re = (s1).c3.re + (s2).c3.im;                                         \
    (r).c3.im = (s1).c3.im - (s2).c3.re

#define _vector_add_assign(r, s)                                                 \
    (r).c1.re += (s).c1.re;                                                      \
    (r).c1.im += (s).c1.im;                                                      \
    (r).c2.re += (s).c2.re;                                                      \
    (r).c2.im += (s).c2.im;                                                      \
    (r).c3.re += (s).c3.re;                                                      \
    (r).c3.im += (s).c3.im

#define _vector_sub_assign(r, s)                                                 \
    (r).c1.re -= (s).c1.re;                                                      \
    (r).c1.im -= (s).c1.im;                                                      \
    (r).c2.re -= (s).c2.re;                                                      \
    (r).c2.im -= (s).c2.im;                                                      \
    (r).c3.re -= (s).c3.re;                                                      \
    (r).c3.im -= (s).c3.im

#define _vector_i_add_assign(r, s)                                               \
    (r).c1.re -= (s).c1.im;                                                      \
    (r).c1.im += (s).c1.re;                                                      \
    (r).c2.re -= (s).c2.im;                                                      \
    (r).c2.im += (s).c2.re;                                                      \
    (r).c3.re -= (s).c3.im;                                                      \
    (r).c3.im += (s).c3.re

#define _vector_i_sub_assign(r, s)                                               \
    (r).c1.re += (s).c1.im;                                                      \
    (r).c1.im -= (s).c1.re;                                                      \
    (r).c2.re += (s).c2.im;                                                      \
    (r).c2.im -= (s).c2.re;                                                      \
    (r).c3.re += (s).c3.im;                                                      \
    (r).c3.im -= (s).c3.re

#define _su3_multiply(r, u, s)                                                   \
    (r).c1.re = (u).c11.re * (s).c1.re - (u).c11.im * (s).c1.im +                \
                (u).c12.re * (s).c2.re - (u).c12.im * (s).c2.im +                \
                (u).c13.re * (s).c3.re - (u).c13.im * (s).c3.im;                 \
    (r).c1.im = (u).c11.re * (s).c1.im + (u).c11.im * (s).c1.re +                \
                (u).c12.re * (s).c2.im + (u).c12.im * (s).c2.re +                \
                (u).c13.re * (s).c3.im + (u).c13.im * (s).c3.re;                 \
    (r).c2.re = (u).c21.re * (s).c1.re - (u).c21.im * (s).c1.im +                \
                (u).c22.re * (s).c2.re - (u).c22.im * (s).c2.im +                \
                (u).c23.re * (s).c3.re - (u).c23.im * (s).c3.im;                 \
    (r).c2.im = (u).c21.re * (s).c1.im + (u).c21.im * (s).c1.re +                \
                (u).c22.re * (s).c2.im + (u).c22.im * (s).c2.re +                \
                (u).c23.re * (s).c3.im + (u).c23.im * (s).c3.re;                 \
    (r).c3.re = (u).c31.re * (s).c1.re - (u).c31.im * (s).c1.im +                \
                (u).c32.re * (s).c2.re - (u).c32.im * (s).c2.im +                \
                (u).c33.re * (s).c3.re - (u).c33.im * (s).c3.im;                 \
    (r).c3.im = (u).c31.re * (s).c1.im + (u).c31.im * (s).c1.re +                \
                (u).c32.re * (s).c2.im + (u).c32.im * (s).c2.re +                \
                (u).c33.re * (s).c3.im + (u).c33.im * (s).c3.re

#define _su3_inverse_multiply(r, u, s)                                           \
    (r).c1.re = (u).c11.re * (s).c1.re + (u).c11.im * (s).c1.im +                \
                (u).c21.re * (s).c2.re + (u).c21.im * (s).c2.im +                \
                (u).c31.re * (s).c3.re + (u).c31.im * (s).c3.im;                 \
    (r).c1.im = (u).c11.re * (s).c1.im - (u).c11.im * (s).c1.re +                \
                (u).c21.re * (s).c2.im - (u).c21.im * (s).c2.re +                \
                (u).c31.re * (s).c3.im - (u).c31.im * (s).c3.re;                 \
    (r).c2.re = (u).c12.re * (s).c1.re + (u).c12.im * (s).c1.im +                \
                (u).c22.re * (s).c2.re + (u).c22.im * (s).c2.im +                \
                (u).c32.re * (s).c3.re + (u).c32.im * (s).c3.im;                 \
    (r).c2.im = (u).c12.re * (s).c1.im - (u).c12.im * (s).c1.re +                \
                (u).c22.re * (s).c2.im - (u).c22.im * (s).c2.re +                \
                (u).c32.re * (s).c3.im - (u).c32.im * (s).c3.re;                 \
    (r).c3.re = (u).c13.re * (s).c1.re + (u).c13.im * (s).c1.im +                \
                (u).c23.re * (s).c2.re + (u).c23.im * (s).c2.im +                \
                (u).c33.re * (s).c3.re + (u).c33.im * (s).c3.im;                 \
    (r).c3.im = (u).c13.re * (s).c1.im - (u).c13.im * (s).c1.re +                \
                (u).c23.re * (s).c2.im - (u).c23.im * (s).c2.re +                \
                (u).c33.re * (s).c3.im - (u).c33.im * (s).c3.re

#define _su3_copy2struct(dst, src, id)                                           \
    (dst).c11.re = (src).c11.re[id];                                             \
    (dst).c11.im = (src).c11.im[id];                                             \
    (dst).c12.re = (src).c12.re[id];                                             \
    (dst).c12.im = (src).c12.im[id];                                             \
    (dst).c13.re = (src).c13.re[id];                                             \
    (dst).c13.im = (src).c13.im[id];                                             \
    (dst).c21.re = (src).c21.re[id];                                             \
    (dst).c21.im = (src).c21.im[id];                                             \
    (dst).c22.re = (src).c22.re[id];                                             \
    (dst).c22.im = (src).c22.im[id];                                             \
    (dst).c23.re = (src).c23.re[id];                                             \
    (dst).c23.im = (src).c23.im[id];                                             \
    (dst).c31.re = (src).c31.re[id];                                             \
    (dst).c31.im = (src).c31.im[id];                                             \
    (dst).c32.re = (src).c32.re[id];                                             \
    (dst).c32.im = (src).c32.im[id];                                             \
    (dst).c33.re = (src).c33.re[id];                                             \
    (dst).c33.im = (src).c33.im[id]

#define _spinor_copy2struct(dst, src, id)                                        \
    (dst).c1.c1.re = (src).c1.c1.re[id];                                         \
    (dst).c1.c1.im = (src).c1.c1.im[id];                                         \
    (dst).c1.c2.re = (src).c1.c2.re[id];                                         \
    (dst).c1.c2.im = (src).c1.c2.im[id];                                         \
    (dst).c1.c3.re = (src).c1.c3.re[id];                                         \
    (dst).c1.c3.im = (src).c1.c3.im[id];                                         \
    (dst).c2.c1.re = (src).c2.c1.re[id];                                         \
    (dst).c2.c1.im = (src).c2.c1.im[id];                                         \
    (dst).c2.c2.re = (src).c2.c2.re[id];                                         \
    (dst).c2.c2.im = (src).c2.c2.im[id];                                         \
    (dst).c2.c3.re = (src).c2.c3.re[id];                                         \
    (dst).c2.c3.im = (src).c2.c3.im[id];                                         \
    (dst).c3.c1.re = (src).c3.c1.re[id];                                         \
    (dst).c3.c1.im = (src).c3.c1.im[id];                                         \
    (dst).c3.c2.re = (src).c3.c2.re[id];                                         \
    (dst).c3.c2.im = (src).c3.c2.im[id];                                         \
    (dst).c3.c3.re = (src).c3.c3.re[id];                                         \
    (dst).c3.c3.im = (src).c3.c3.im[id];                                         \
    (dst).c4.c1.re = (src).c4.c1.re[id];                                         \
    (dst).c4.c1.im = (src).c4.c1.im[id];                                         \
    (dst).c4.c2.re = (src).c4.c2.re[id];                                         \
    (dst).c4.c2.im = (src).c4.c2.im[id];                                         \
    (dst).c4.c3.re = (src).c4.c3.re[id];                                         \
    (dst).c4.c3.im = (src).c4.c3.im[id]

#define _spinor_add2arrays(dst, src, id)                                         \
    (dst).c1.c1.re[id] += (src).c1.c1.re;                                        \
    (dst).c1.c1.im[id] += (src).c1.c1.im;                                        \
    (dst).c1.c2.re[id] += (src).c1.c2.re;                                        \
    (dst).c1.c2.im[id] += (src).c1.c2.im;                                        \
    (dst).c1.c3.re[id] += (src).c1.c3.re;                                        \
    (dst).c1.c3.im[id] += (src).c1.c3.im;                                        \
    (dst).c2.c1.re[id] += (src).c2.c1.re;                                        \
    (dst).c2.c1.im[id] += (src).c2.c1.im;                                        \
    (dst).c2.c2.re[id] += (src).c2.c2.re;                                        \
    (dst).c2.c2.im[id] += (src).c2.c2.im;                                        \
    (dst).c2.c3.re[id] += (src).c2.c3.re;                                        \
    (dst).c2.c3.im[id] += (src).c2.c3.im;                                        \
    (dst).c3.c1.re[id] += (src).c3.c1.re;                                        \
    (dst).c3.c1.im[id] += (src).c3.c1.im;                                        \
    (dst).c3.c2.re[id] += (src).c3.c2.re;                                        \
    (dst).c3.c2.im[id] += (src).c3.c2.im;                                        \
    (dst).c3.c3.re[id] += (src).c3.c3.re;                                        \
    (dst).c3.c3.im[id] += (src).c3.c3.im;                                        \
    (dst).c4.c1.re[id] += (src).c4.c1.re;                                        \
    (dst).c4.c1.im[id] += (src).c4.c1.im;                                        \
    (dst).c4.c2.re[id] += (src).c4.c2.re;                                        \
    (dst).c4.c2.im[id] += (src).c4.c2.im;                                        \
    (dst).c4.c3.re[id] += (src).c4.c3.re;                                        \
    (dst).c4.c3.im[id] += (src).c4.c3.im

#endif
// ---- tests/cuda2/dw_cuda_soa.cu, line 1 and lines 4-53
// #include "dw_cuda_soa.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>


__device__
void vector_add_assign(su3_vector_soa r, su3_vector s, int idx)
{
    atomicAdd(&(r.c1.re[idx]),  s.c1.re);
    atomicAdd(&(r.c1.im[idx]),  s.c1.im);
    atomicAdd(&(r.c2.re[idx]),  s.c2.re);
    atomicAdd(&(r.c2.im[idx]),  s.c2.im);
    atomicAdd(&(r.c3.re[idx]),  s.c3.re);
    atomicAdd(&(r.c3.im[idx]),  s.c3.im);
}

__device__
void vector_sub_assign(su3_vector_soa r, su3_vector s, int idx)
{
    atomicAdd(&(r.c1.re[idx]), -s.c1.re);
    atomicAdd(&(r.c1.im[idx]), -s.c1.im);
    atomicAdd(&(r.c2.re[idx]), -s.c2.re);
    atomicAdd(&(r.c2.im[idx]), -s.c2.im);
    atomicAdd(&(r.c3.re[idx]), -s.c3.re);
    atomicAdd(&(r.c3.im[idx]), -s.c3.im);
}

__device__
void vector_i_add_assign(su3_vector_soa r, su3_vector s, int idx)
{
    atomicAdd(&(r.c1.re[idx]), -s.c1.im);
    atomicAdd(&(r.c1.im[idx]),  s.c1.re);
    atomicAdd(&(r.c2.re[idx]), -s.c2.im);
    atomicAdd(&(r.c2.im[idx]),  s.c2.re);
    atomicAdd(&(r.c3.re[idx]), -s.c3.im);
    atomicAdd(&(r.c3.im[idx]),  s.c3.re);
}

__device__
void vector_i_sub_assign(su3_vector_soa r, su3_vector s, int idx)
{
    atomicAdd(&(r.c1.re[idx]),  s.c1.im);
    atomicAdd(&(r.c1.im[idx]), -s.c1.re);
    atomicAdd(&(r.c2.re[idx]),  s.c2.im);
    atomicAdd(&(r.c2.im[idx]), -s.c2.re);
    atomicAdd(&(r.c3.re[idx]),  s.c3.im);
    atomicAdd(&(r.c3.im[idx]), -s.c3.re);
}

// ---- tests/cuda2/dw_cuda_soa.cu, lines 179-830


// Kernel to convert pauli from AoS to SoA in GPU
extern "C" __global__
void pauli_AoS2SoA(int vol, pauli_soa mout, pauli *min)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol) return;

    int j;

    // A+
    for (j = 0; j < 36; ++j) {
        mout.m1[j*vol + idx] = (*(min+2*idx+0)).u[j];
    }

    // A-
    for (j = 0; j < 36; ++j) {
        mout.m2[j*vol + idx] = (*(min+2*idx+1)).u[j];
    }
}

// Kernel to convert su3 from AoS to SoA in GPU
extern "C" __global__
void su3_AoS2SoA(int vol, su3_soa uout, su3 *uin)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol/2) return;

    int idSoA, idAoS;

    for (int j = 0; j < 8; ++j) {
        idSoA = (vol/2)*j + idx;
        idAoS = 8*idx + j;
        uout.c11.re[idSoA] = (*(uin+idAoS)).c11.re;
        uout.c11.im[idSoA] = (*(uin+idAoS)).c11.im;
        uout.c12.re[idSoA] = (*(uin+idAoS)).c12.re;
        uout.c12.im[idSoA] = (*(uin+idAoS)).c12.im;
        uout.c13.re[idSoA] = (*(uin+idAoS)).c13.re;
        uout.c13.im[idSoA] = (*(uin+idAoS)).c13.im;
        uout.c21.re[idSoA] = (*(uin+idAoS)).c21.re;
        uout.c21.im[idSoA] = (*(uin+idAoS)).c21.im;
        uout.c22.re[idSoA] = (*(uin+idAoS)).c22.re;
        uout.c22.im[idSoA] = (*(uin+idAoS)).c22.im;
        uout.c23.re[idSoA] = (*(uin+idAoS)).c23.re;
        uout.c23.im[idSoA] = (*(uin+idAoS)).c23.im;
        uout.c31.re[idSoA] = (*(uin+idAoS)).c31.re;
        uout.c31.im[idSoA] = (*(uin+idAoS)).c31.im;
        uout.c32.re[idSoA] = (*(uin+idAoS)).c32.re;
        uout.c32.im[idSoA] = (*(uin+idAoS)).c32.im;
        uout.c33.re[idSoA] = (*(uin+idAoS)).c33.re;
        uout.c33.im[idSoA] = (*(uin+idAoS)).c33.im;
    }
}

// Kernel to convert spinor from AoS to SoA in GPU
extern "C" __global__
void spinor_AoS2SoA(int vol, spinor_soa rout, spinor *rin)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol) return;

    rout.c1.c1.re[idx] = (*(rin+idx)).c1.c1.re;
    rout.c1.c1.im[idx] = (*(rin+idx)).c1.c1.im;
    rout.c1.c2.re[idx] = (*(rin+idx)).c1.c2.re;
    rout.c1.c2.im[idx] = (*(rin+idx)).c1.c2.im;
    rout.c1.c3.re[idx] = (*(rin+idx)).c1.c3.re;
    rout.c1.c3.im[idx] = (*(rin+idx)).c1.c3.im;
    rout.c2.c1.re[idx] = (*(rin+idx)).c2.c1.re;
    rout.c2.c1.im[idx] = (*(rin+idx)).c2.c1.im;
    rout.c2.c2.re[idx] = (*(rin+idx)).c2.c2.re;
    rout.c2.c2.im[idx] = (*(rin+idx)).c2.c2.im;
    rout.c2.c3.re[idx] = (*(rin+idx)).c2.c3.re;
    rout.c2.c3.im[idx] = (*(rin+idx)).c2.c3.im;
    rout.c3.c1.re[idx] = (*(rin+idx)).c3.c1.re;
    rout.c3.c1.im[idx] = (*(rin+idx)).c3.c1.im;
    rout.c3.c2.re[idx] = (*(rin+idx)).c3.c2.re;
    rout.c3.c2.im[idx] = (*(rin+idx)).c3.c2.im;
    rout.c3.c3.re[idx] = (*(rin+idx)).c3.c3.re;
    rout.c3.c3.im[idx] = (*(rin+idx)).c3.c3.im;
    rout.c4.c1.re[idx] = (*(rin+idx)).c4.c1.re;
    rout.c4.c1.im[idx] = (*(rin+idx)).c4.c1.im;
    rout.c4.c2.re[idx] = (*(rin+idx)).c4.c2.re;
    rout.c4.c2.im[idx] = (*(rin+idx)).c4.c2.im;
    rout.c4.c3.re[idx] = (*(rin+idx)).c4.c3.re;
    rout.c4.c3.im[idx] = (*(rin+idx)).c4.c3.im;
}

// Kernel to convert spinor from SoA to AoS in GPU
extern "C" __global__
void spinor_SoA2AoS(int vol, spinor *rout, spinor_soa rin)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol) return;

    (*(rout+idx)).c1.c1.re = rin.c1.c1.re[idx];
    (*(rout+idx)).c1.c1.im = rin.c1.c1.im[idx];
    (*(rout+idx)).c1.c2.re = rin.c1.c2.re[idx];
    (*(rout+idx)).c1.c2.im = rin.c1.c2.im[idx];
    (*(rout+idx)).c1.c3.re = rin.c1.c3.re[idx];
    (*(rout+idx)).c1.c3.im = rin.c1.c3.im[idx];
    (*(rout+idx)).c2.c1.re = rin.c2.c1.re[idx];
    (*(rout+idx)).c2.c1.im = rin.c2.c1.im[idx];
    (*(rout+idx)).c2.c2.re = rin.c2.c2.re[idx];
    (*(rout+idx)).c2.c2.im = rin.c2.c2.im[idx];
    (*(rout+idx)).c2.c3.re = rin.c2.c3.re[idx];
    (*(rout+idx)).c2.c3.im = rin.c2.c3.im[idx];
    (*(rout+idx)).c3.c1.re = rin.c3.c1.re[idx];
    (*(rout+idx)).c3.c1.im = rin.c3.c1.im[idx];
    (*(rout+idx)).c3.c2.re = rin.c3.c2.re[idx];
    (*(rout+idx)).c3.c2.im = rin.c3.c2.im[idx];
    (*(rout+idx)).c3.c3.re = rin.c3.c3.re[idx];
    (*(rout+idx)).c3.c3.im = rin.c3.c3.im[idx];
    (*(rout+idx)).c4.c1.re = rin.c4.c1.re[idx];
    (*(rout+idx)).c4.c1.im = rin.c4.c1.im[idx];
    (*(rout+idx)).c4.c2.re = rin.c4.c2.re[idx];
    (*(rout+idx)).c4.c2.im = rin.c4.c2.im[idx];
    (*(rout+idx)).c4.c3.re = rin.c4.c3.re[idx];
    (*(rout+idx)).c4.c3.im = rin.c4.c3.im[idx];
}


// ---------------------------------------------------------------------------//
extern "C" __global__
void mulpauli_kernel(int vol, float mu, spinor_soa s, spinor_soa r, pauli_soa m)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol) return;

    float u[36];
    weyl sloc;

    // A+
    sloc.c1.c1.re = s.c1.c1.re[idx];
    sloc.c1.c1.im = s.c1.c1.im[idx];
    sloc.c1.c2.re = s.c1.c2.re[idx];
    sloc.c1.c2.im = s.c1.c2.im[idx];
    sloc.c1.c3.re = s.c1.c3.re[idx];
    sloc.c1.c3.im = s.c1.c3.im[idx];
    sloc.c2.c1.re = s.c2.c1.re[idx];
    sloc.c2.c1.im = s.c2.c1.im[idx];
    sloc.c2.c2.re = s.c2.c2.re[idx];
    sloc.c2.c2.im = s.c2.c2.im[idx];
    sloc.c2.c3.re = s.c2.c3.re[idx];
    sloc.c2.c3.im = s.c2.c3.im[idx];

    #pragma unroll
    for (int i = 0; i < 36; ++i) {
        u[i] = m.m1[i*vol + idx];
    }

    r.c1.c1.re[idx] =
      u[0]  * sloc.c1.c1.re - mu    * sloc.c1.c1.im + u[6]  * sloc.c1.c2.re -
      u[7]  * sloc.c1.c2.im + u[8]  * sloc.c1.c3.re - u[9]  * sloc.c1.c3.im +
      u[10] * sloc.c2.c1.re - u[11] * sloc.c2.c1.im + u[12] * sloc.c2.c2.re -
      u[13] * sloc.c2.c2.im + u[14] * sloc.c2.c3.re - u[15] * sloc.c2.c3.im;

    r.c1.c1.im[idx] =
      u[0]  * sloc.c1.c1.im + mu    * sloc.c1.c1.re + u[6]  * sloc.c1.c2.im +
      u[7]  * sloc.c1.c2.re + u[8]  * sloc.c1.c3.im + u[9]  * sloc.c1.c3.re +
      u[10] * sloc.c2.c1.im + u[11] * sloc.c2.c1.re + u[12] * sloc.c2.c2.im +
      u[13] * sloc.c2.c2.re + u[14] * sloc.c2.c3.im + u[15] * sloc.c2.c3.re;

    r.c1.c2.re[idx] =
      u[6]  * sloc.c1.c1.re + u[7]  * sloc.c1.c1.im + u[1]  * sloc.c1.c2.re -
      mu    * sloc.c1.c2.im + u[16] * sloc.c1.c3.re - u[17] * sloc.c1.c3.im +
      u[18] * sloc.c2.c1.re - u[19] * sloc.c2.c1.im + u[20] * sloc.c2.c2.re -
      u[21] * sloc.c2.c2.im + u[22] * sloc.c2.c3.re - u[23] * sloc.c2.c3.im;

    r.c1.c2.im[idx] =
      u[6]  * sloc.c1.c1.im - u[7]  * sloc.c1.c1.re + u[1]  * sloc.c1.c2.im +
      mu    * sloc.c1.c2.re + u[16] * sloc.c1.c3.im + u[17] * sloc.c1.c3.re +
      u[18] * sloc.c2.c1.im + u[19] * sloc.c2.c1.re + u[20] * sloc.c2.c2.im +
      u[21] * sloc.c2.c2.re + u[22] * sloc.c2.c3.im + u[23] * sloc.c2.c3.re;

    r.c1.c3.re[idx] =
      u[8]  * sloc.c1.c1.re + u[9]  * sloc.c1.c1.im + u[16] * sloc.c1.c2.re +
      u[17] * sloc.c1.c2.im + u[2]  * sloc.c1.c3.re - mu    * sloc.c1.c3.im +
      u[24] * sloc.c2.c1.re - u[25] * sloc.c2.c1.im + u[26] * sloc.c2.c2.re -
      u[27] * sloc.c2.c2.im + u[28] * sloc.c2.c3.re - u[29] * sloc.c2.c3.im;

    r.c1.c3.im[idx] =
      u[8]  * sloc.c1.c1.im - u[9]  * sloc.c1.c1.re + u[16] * sloc.c1.c2.im -
      u[17] * sloc.c1.c2.re + u[2]  * sloc.c1.c3.im + mu    * sloc.c1.c3.re +
      u[24] * sloc.c2.c1.im + u[25] * sloc.c2.c1.re + u[26] * sloc.c2.c2.im +
      u[27] * sloc.c2.c2.re + u[28] * sloc.c2.c3.im + u[29] * sloc.c2.c3.re;

    r.c2.c1.re[idx] =
      u[10] * sloc.c1.c1.re + u[11] * sloc.c1.c1.im + u[18] * sloc.c1.c2.re +
      u[19] * sloc.c1.c2.im + u[24] * sloc.c1.c3.re + u[25] * sloc.c1.c3.im +
      u[3]  * sloc.c2.c1.re - mu * sloc.c2.c1.im    + u[30] * sloc.c2.c2.re -
      u[31] * sloc.c2.c2.im + u[32] * sloc.c2.c3.re - u[33] * sloc.c2.c3.im;

    r.c2.c1.im[idx] =
      u[10] * sloc.c1.c1.im - u[11] * sloc.c1.c1.re + u[18] * sloc.c1.c2.im -
      u[19] * sloc.c1.c2.re + u[24] * sloc.c1.c3.im - u[25] * sloc.c1.c3.re +
      u[3]  * sloc.c2.c1.im + mu    * sloc.c2.c1.re + u[30] * sloc.c2.c2.im +
      u[31] * sloc.c2.c2.re + u[32] * sloc.c2.c3.im + u[33] * sloc.c2.c3.re;

    r.c2.c2.re[idx] =
      u[12] * sloc.c1.c1.re + u[13] * sloc.c1.c1.im + u[20] * sloc.c1.c2.re +
      u[21] * sloc.c1.c2.im + u[26] * sloc.c1.c3.re + u[27] * sloc.c1.c3.im +
      u[30] * sloc.c2.c1.re + u[31] * sloc.c2.c1.im + u[4]  * sloc.c2.c2.re -
      mu    * sloc.c2.c2.im + u[34] * sloc.c2.c3.re - u[35] * sloc.c2.c3.im;

    r.c2.c2.im[idx] =
      u[12] * sloc.c1.c1.im - u[13] * sloc.c1.c1.re + u[20] * sloc.c1.c2.im -
      u[21] * sloc.c1.c2.re + u[26] * sloc.c1.c3.im - u[27] * sloc.c1.c3.re +
      u[30] * sloc.c2.c1.im - u[31] * sloc.c2.c1.re + u[4]  * sloc.c2.c2.im +
      mu    * sloc.c2.c2.re + u[34] * sloc.c2.c3.im + u[35] * sloc.c2.c3.re;

    r.c2.c3.re[idx] =
      u[14] * sloc.c1.c1.re + u[15] * sloc.c1.c1.im + u[22] * sloc.c1.c2.re +
      u[23] * sloc.c1.c2.im + u[28] * sloc.c1.c3.re + u[29] * sloc.c1.c3.im +
      u[32] * sloc.c2.c1.re + u[33] * sloc.c2.c1.im + u[34] * sloc.c2.c2.re +
      u[35] * sloc.c2.c2.im + u[5]  * sloc.c2.c3.re - mu    * sloc.c2.c3.im;

    r.c2.c3.im[idx] =
      u[14] * sloc.c1.c1.im - u[15] * sloc.c1.c1.re + u[22] * sloc.c1.c2.im -
      u[23] * sloc.c1.c2.re + u[28] * sloc.c1.c3.im - u[29] * sloc.c1.c3.re +
      u[32] * sloc.c2.c1.im - u[33] * sloc.c2.c1.re + u[34] * sloc.c2.c2.im -
      u[35] * sloc.c2.c2.re + u[5]  * sloc.c2.c3.im + mu    * sloc.c2.c3.re;


      // A-
      sloc.c1.c1.re = s.c3.c1.re[idx];
      sloc.c1.c1.im = s.c3.c1.im[idx];
      sloc.c1.c2.re = s.c3.c2.re[idx];
      sloc.c1.c2.im = s.c3.c2.im[idx];
      sloc.c1.c3.re = s.c3.c3.re[idx];
      sloc.c1.c3.im = s.c3.c3.im[idx];
      sloc.c2.c1.re = s.c4.c1.re[idx];
      sloc.c2.c1.im = s.c4.c1.im[idx];
      sloc.c2.c2.re = s.c4.c2.re[idx];
      sloc.c2.c2.im = s.c4.c2.im[idx];
      sloc.c2.c3.re = s.c4.c3.re[idx];
      sloc.c2.c3.im = s.c4.c3.im[idx];

      #pragma unroll
      for (int i = 0; i < 36; ++i) {
          u[i] = m.m2[i*vol + idx];
      }

      mu = -mu;

      r.c3.c1.re[idx] =
        u[0]  * sloc.c1.c1.re - mu    * sloc.c1.c1.im + u[6]  * sloc.c1.c2.re -
        u[7]  * sloc.c1.c2.im + u[8]  * sloc.c1.c3.re - u[9]  * sloc.c1.c3.im +
        u[10] * sloc.c2.c1.re - u[11] * sloc.c2.c1.im + u[12] * sloc.c2.c2.re -
        u[13] * sloc.c2.c2.im + u[14] * sloc.c2.c3.re - u[15] * sloc.c2.c3.im;

      r.c3.c1.im[idx] =
        u[0]  * sloc.c1.c1.im + mu    * sloc.c1.c1.re + u[6]  * sloc.c1.c2.im +
        u[7]  * sloc.c1.c2.re + u[8]  * sloc.c1.c3.im + u[9]  * sloc.c1.c3.re +
        u[10] * sloc.c2.c1.im + u[11] * sloc.c2.c1.re + u[12] * sloc.c2.c2.im +
        u[13] * sloc.c2.c2.re + u[14] * sloc.c2.c3.im + u[15] * sloc.c2.c3.re;

      r.c3.c2.re[idx] =
        u[6]  * sloc.c1.c1.re + u[7]  * sloc.c1.c1.im + u[1]  * sloc.c1.c2.re -
        mu    * sloc.c1.c2.im + u[16] * sloc.c1.c3.re - u[17] * sloc.c1.c3.im +
        u[18] * sloc.c2.c1.re - u[19] * sloc.c2.c1.im + u[20] * sloc.c2.c2.re -
        u[21] * sloc.c2.c2.im + u[22] * sloc.c2.c3.re - u[23] * sloc.c2.c3.im;

      r.c3.c2.im[idx] =
        u[6]  * sloc.c1.c1.im - u[7]  * sloc.c1.c1.re + u[1]  * sloc.c1.c2.im +
        mu    * sloc.c1.c2.re + u[16] * sloc.c1.c3.im + u[17] * sloc.c1.c3.re +
        u[18] * sloc.c2.c1.im + u[19] * sloc.c2.c1.re + u[20] * sloc.c2.c2.im +
        u[21] * sloc.c2.c2.re + u[22] * sloc.c2.c3.im + u[23] * sloc.c2.c3.re;

      r.c3.c3.re[idx] =
        u[8]  * sloc.c1.c1.re + u[9]  * sloc.c1.c1.im + u[16] * sloc.c1.c2.re +
        u[17] * sloc.c1.c2.im + u[2]  * sloc.c1.c3.re - mu    * sloc.c1.c3.im +
        u[24] * sloc.c2.c1.re - u[25] * sloc.c2.c1.im + u[26] * sloc.c2.c2.re -
        u[27] * sloc.c2.c2.im + u[28] * sloc.c2.c3.re - u[29] * sloc.c2.c3.im;

      r.c3.c3.im[idx] =
        u[8]  * sloc.c1.c1.im - u[9]  * sloc.c1.c1.re + u[16] * sloc.c1.c2.im -
        u[17] * sloc.c1.c2.re + u[2]  * sloc.c1.c3.im + mu    * sloc.c1.c3.re +
        u[24] * sloc.c2.c1.im + u[25] * sloc.c2.c1.re + u[26] * sloc.c2.c2.im +
        u[27] * sloc.c2.c2.re + u[28] * sloc.c2.c3.im + u[29] * sloc.c2.c3.re;

      r.c4.c1.re[idx] =
        u[10] * sloc.c1.c1.re + u[11] * sloc.c1.c1.im + u[18] * sloc.c1.c2.re +
        u[19] * sloc.c1.c2.im + u[24] * sloc.c1.c3.re + u[25] * sloc.c1.c3.im +
        u[3]  * sloc.c2.c1.re - mu * sloc.c2.c1.im    + u[30] * sloc.c2.c2.re -
        u[31] * sloc.c2.c2.im + u[32] * sloc.c2.c3.re - u[33] * sloc.c2.c3.im;

      r.c4.c1.im[idx] =
        u[10] * sloc.c1.c1.im - u[11] * sloc.c1.c1.re + u[18] * sloc.c1.c2.im -
        u[19] * sloc.c1.c2.re + u[24] * sloc.c1.c3.im - u[25] * sloc.c1.c3.re +
        u[3]  * sloc.c2.c1.im + mu    * sloc.c2.c1.re + u[30] * sloc.c2.c2.im +
        u[31] * sloc.c2.c2.re + u[32] * sloc.c2.c3.im + u[33] * sloc.c2.c3.re;

      r.c4.c2.re[idx] =
        u[12] * sloc.c1.c1.re + u[13] * sloc.c1.c1.im + u[20] * sloc.c1.c2.re +
        u[21] * sloc.c1.c2.im + u[26] * sloc.c1.c3.re + u[27] * sloc.c1.c3.im +
        u[30] * sloc.c2.c1.re + u[31] * sloc.c2.c1.im + u[4]  * sloc.c2.c2.re -
        mu    * sloc.c2.c2.im + u[34] * sloc.c2.c3.re - u[35] * sloc.c2.c3.im;

      r.c4.c2.im[idx] =
        u[12] * sloc.c1.c1.im - u[13] * sloc.c1.c1.re + u[20] * sloc.c1.c2.im -
        u[21] * sloc.c1.c2.re + u[26] * sloc.c1.c3.im - u[27] * sloc.c1.c3.re +
        u[30] * sloc.c2.c1.im - u[31] * sloc.c2.c1.re + u[4]  * sloc.c2.c2.im +
        mu    * sloc.c2.c2.re + u[34] * sloc.c2.c3.im + u[35] * sloc.c2.c3.re;

      r.c4.c3.re[idx] =
        u[14] * sloc.c1.c1.re + u[15] * sloc.c1.c1.im + u[22] * sloc.c1.c2.re +
        u[23] * sloc.c1.c2.im + u[28] * sloc.c1.c3.re + u[29] * sloc.c1.c3.im +
        u[32] * sloc.c2.c1.re + u[33] * sloc.c2.c1.im + u[34] * sloc.c2.c2.re +
        u[35] * sloc.c2.c2.im + u[5]  * sloc.c2.c3.re - mu    * sloc.c2.c3.im;

      r.c4.c3.im[idx] =
        u[14] * sloc.c1.c1.im - u[15] * sloc.c1.c1.re + u[22] * sloc.c1.c2.im -
        u[23] * sloc.c1.c2.re + u[28] * sloc.c1.c3.im - u[29] * sloc.c1.c3.re +
        u[32] * sloc.c2.c1.im - u[33] * sloc.c2.c1.re + u[34] * sloc.c2.c2.im -
        u[35] * sloc.c2.c2.re + u[5]  * sloc.c2.c3.im + mu    * sloc.c2.c3.re;
}
// ---------------------------------------------------------------------------//


// ---------------------------------------------------------------------------//
extern "C" __global__
void doe_kernel(int vol, spinor_soa s, spinor_soa r, su3_soa u,
                int4 *piup, int4 *pidn, float coe,
                float gamma_f, float one_over_gammaf)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol/2) return;

    su3 uloc;
    spinor sloc, rloc;
    su3_vector psi, chi;
    int4 piuploc = piup[idx];
    int4 pidnloc = pidn[idx];
    int sidx, uidx;

    /***************************** direction +0 *******************************/

    sidx = piuploc.x;
    uidx = 0*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_add(psi, sloc.c1, sloc.c3);
    _su3_multiply(rloc.c1, uloc, psi);
    rloc.c3 = rloc.c1;

    _vector_add(psi, sloc.c2, sloc.c4);
    _su3_multiply(rloc.c2, uloc, psi);
    rloc.c4 = rloc.c2;

    /***************************** direction -0 *******************************/

    sidx = pidnloc.x;
    uidx = 1*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_sub(psi, sloc.c1, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_sub_assign(rloc.c3, chi);

    _vector_sub(psi, sloc.c2, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_sub_assign(rloc.c4, chi);

    _vector_mul_assign(rloc.c1, gamma_f);
    _vector_mul_assign(rloc.c2, gamma_f);
    _vector_mul_assign(rloc.c3, gamma_f);
    _vector_mul_assign(rloc.c4, gamma_f);

    /***************************** direction +1 *******************************/

    sidx = piuploc.y;
    uidx = 2*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_add(psi, sloc.c1, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_i_sub_assign(rloc.c4, chi);

    _vector_i_add(psi, sloc.c2, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_i_sub_assign(rloc.c3, chi);

    /***************************** direction -1 *******************************/

    sidx = pidnloc.y;
    uidx = 3*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_sub(psi, sloc.c1, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_i_add_assign(rloc.c4, chi);

    _vector_i_sub(psi, sloc.c2, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_i_add_assign(rloc.c3, chi);

    /***************************** direction +2 *******************************/

    sidx = piuploc.z;
    uidx = 4*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_add(psi, sloc.c1, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_add_assign(rloc.c4, chi);

    _vector_sub(psi, sloc.c2, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_sub_assign(rloc.c3, chi);

    /***************************** direction -2 *******************************/

    sidx = pidnloc.z;
    uidx = 5*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_sub(psi, sloc.c1, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_sub_assign(rloc.c4, chi);

    _vector_add(psi, sloc.c2, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_add_assign(rloc.c3, chi);

    /***************************** direction +3 *******************************/

    sidx = piuploc.w;
    uidx = 6*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_add(psi, sloc.c1, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_i_sub_assign(rloc.c3, chi);

    _vector_i_sub(psi, sloc.c2, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_i_add_assign(rloc.c4, chi);

    /***************************** direction -3 *******************************/

    sidx = pidnloc.w;
    uidx = 7*(vol/2) + idx;
    _spinor_copy2struct(sloc, s, sidx);
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_sub(psi, sloc.c1, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c1, chi);
    _vector_i_add_assign(rloc.c3, chi);

    _vector_i_add(psi, sloc.c2, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    _vector_add_assign(rloc.c2, chi);
    _vector_i_sub_assign(rloc.c4, chi);

    _vector_mul_assign(rloc.c1, coe);
    _vector_mul_assign(rloc.c2, coe);
    _vector_mul_assign(rloc.c3, coe);
    _vector_mul_assign(rloc.c4, coe);

    _vector_mul_assign(rloc.c1, one_over_gammaf);
    _vector_mul_assign(rloc.c2, one_over_gammaf);
    _vector_mul_assign(rloc.c3, one_over_gammaf);
    _vector_mul_assign(rloc.c4, one_over_gammaf);

    // Copy from registers to global memory
    sidx = vol/2 + idx;
    _spinor_add2arrays(r, rloc, sidx);
}
// ---------------------------------------------------------------------------//


// ---------------------------------------------------------------------------//
extern "C" __global__
void deo_kernel(int vol, spinor_soa s, spinor_soa r, su3_soa u,
                int4 *piup, int4 *pidn, float ceo,
                float one_over_gammaf)
{
    int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >= vol/2) return;

    su3 uloc;
    spinor sloc;
    su3_vector psi, chi;
    int4 piuploc = piup[idx];
    int4 pidnloc = pidn[idx];
    int sidx, uidx;


    sidx = vol/2 + idx;
    _spinor_copy2struct(sloc, s, sidx);

    _vector_mul_assign(sloc.c1, ceo);
    _vector_mul_assign(sloc.c2, ceo);
    _vector_mul_assign(sloc.c3, ceo);
    _vector_mul_assign(sloc.c4, ceo);

    /***************************** direction +0 *******************************/

    sidx = piuploc.x;
    uidx = 0*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_sub(psi, sloc.c1, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_sub_assign(r.c3, chi, sidx);

    _vector_sub(psi, sloc.c2, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_sub_assign(r.c4, chi, sidx);

    /***************************** direction -0 *******************************/

    sidx = pidnloc.x;
    uidx = 1*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_add(psi, sloc.c1, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_add_assign(r.c3, chi, sidx);

    _vector_add(psi, sloc.c2, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_add_assign(r.c4, chi, sidx);

    /***************************** direction +1 *******************************/

    _vector_mul_assign(sloc.c1, one_over_gammaf);
    _vector_mul_assign(sloc.c2, one_over_gammaf);
    _vector_mul_assign(sloc.c3, one_over_gammaf);
    _vector_mul_assign(sloc.c4, one_over_gammaf);

    sidx = piuploc.y;
    uidx = 2*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_sub(psi, sloc.c1, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_i_add_assign(r.c4, chi, sidx);

    _vector_i_sub(psi, sloc.c2, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_i_add_assign(r.c3, chi, sidx);

    /***************************** direction -1 *******************************/

    sidx = pidnloc.y;
    uidx = 3*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_add(psi, sloc.c1, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_i_sub_assign(r.c4, chi, sidx);

    _vector_i_add(psi, sloc.c2, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_i_sub_assign(r.c3, chi, sidx);

    /***************************** direction +2 *******************************/

    sidx = piuploc.z;
    uidx = 4*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_sub(psi, sloc.c1, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_sub_assign(r.c4, chi, sidx);

    _vector_add(psi, sloc.c2, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_add_assign(r.c3, chi, sidx);

    /***************************** direction -2 *******************************/

    sidx = pidnloc.z;
    uidx = 5*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_add(psi, sloc.c1, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_add_assign(r.c4, chi, sidx);

    _vector_sub(psi, sloc.c2, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_sub_assign(r.c3, chi, sidx);

    /***************************** direction +3 *******************************/

    sidx = piuploc.w;
    uidx = 6*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_sub(psi, sloc.c1, sloc.c3);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_i_add_assign(r.c3, chi, sidx);

    _vector_i_add(psi, sloc.c2, sloc.c4);
    _su3_inverse_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_i_sub_assign(r.c4, chi, sidx);

    /***************************** direction -3 *******************************/

    sidx = pidnloc.w;
    uidx = 7*(vol/2) + idx;
    _su3_copy2struct(uloc, u, uidx);

    _vector_i_add(psi, sloc.c1, sloc.c3);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c1, chi, sidx);
    vector_i_sub_assign(r.c3, chi, sidx);

    _vector_i_sub(psi, sloc.c2, sloc.c4);
    _su3_multiply(chi, uloc, psi);
    vector_add_assign(r.c2, chi, sidx);
    vector_i_add_assign(r.c4, chi, sidx);
}
// ---------------------------------------------------------------------------//

