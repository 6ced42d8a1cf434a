// tilelab kernel collection: MAGMA sparse's fine-grained asynchronous ILU(0) sweep (Chow and Patel), double complex
// Source:  https://github.com/icl-utk-edu/magma/blob/02ecee0ccc56cce85194fdda18c9e0614797b2f9/sparse/blas/zparilu_kernels.cu
//          (icl-utk-edu/magma at 02ecee0, the commit before 87e789b, "Sparse: remove deprecated functionality",
//          removed the file; MAGMA 2.x, the University of Tennessee's dense and sparse linear algebra library)
// Licence: BSD-3-Clause (the repository's COPYRIGHT, repeated below; the source file carries MAGMA's banner only).
// Kept: zparilu_kernels.cu lines 1-10 (MAGMA's banner) and 12-61 (PRECISION_z and the kernel
//       magma_zparilu_csr_kernel), unchanged. Removed: line 11 (#include "magmasparse_internal.h"; the lines of
//       MAGMA's own headers the kernel needs are copied in below, marked) and the host code from line 62
//       (magma_zparilu_csr's documentation and launch). The launch is magma_zparilu_csr's: block 128, grid
//       magma_ceildiv(A.nnz, 128), a thread per nonzero of A (COO: rowidx, col), L in CSR with its unit diagonal
//       stored last in each row, U transposed and stored in CSR (its diagonal last in each row).

/*
 * Copyright (c) 2009-2023, The University of Tennessee
 * All rights reserved.
 *
 *   Redistribution and use in source and binary forms, with or without
 *   modification, are permitted provided that the following conditions
 *   are met:
 *
 *   * Redistributions of source code must retain the above copyright
 *     notice, this list of conditions and the following disclaimer.
 *   * Redistributions in binary form must reproduce the above copyright
 *     notice, this list of conditions and the following disclaimer in the
 *     documentation and/or other materials provided with the distribution.
 *   * Neither the name of the University of Tennessee, Knoxville nor the
 *     names of its contributors may be used to endorse or promote products
 *     derived from this software without specific prior written permission.
 *
 *   This software is provided by the copyright holders and contributors
 *   ``as is'' and any express or implied warranties, including, but not
 *   limited to, the implied warranties of merchantability and fitness for
 *   a particular purpose are disclaimed. In no event shall the copyright
 *   holders or contributors be liable for any direct, indirect, incidental,
 *   special, exemplary, or consequential damages (including, but not
 *   limited to, procurement of substitute goods or services; loss of use,
 *   data, or profits; or business interruption) however caused and on any
 *   theory of liability, whether in contract, strict liability, or tort
 *   (including negligence or otherwise) arising in any way out of the use
 *   of this software, even if advised of the possibility of such damage.
 */

// ---- copied from MAGMA's include/magma_types.h (same commit), lines 71, 74, 114 and 124-126 (the CUDA branch;
//      <cuComplex.h> is what that branch includes for cuDoubleComplex)
#include <cuComplex.h>
typedef int magma_int_t;
typedef int magma_index_t;
typedef cuDoubleComplex magmaDoubleComplex;
#define MAGMA_Z_MAKE(r,i)     make_cuDoubleComplex(r, i)    ///< @return complex number r + i*sqrt(-1).
#define MAGMA_Z_REAL(a)       (a).x                         ///< @return real component of a.
#define MAGMA_Z_IMAG(a)       (a).y                         ///< @return imaginary component of a.
// ---- copied from MAGMA's include/magma_operators.h (same commit), lines 48, 51, 123-129, 141-146, 162-168,
//      180-185 and 235-256 (real, imag, +=, -, -=, * and / on magmaDoubleComplex)
__host__ __device__ static inline double real(const magmaDoubleComplex &x) { return MAGMA_Z_REAL(x); }
__host__ __device__ static inline double imag(const magmaDoubleComplex &x) { return MAGMA_Z_IMAG(x); }

__host__ __device__ static inline magmaDoubleComplex&
operator += (magmaDoubleComplex &a, const magmaDoubleComplex b)
{
    a = MAGMA_Z_MAKE( real(a) + real(b),
                      imag(a) + imag(b) );
    return a;
}

__host__ __device__ static inline magmaDoubleComplex
operator - (const magmaDoubleComplex a, const magmaDoubleComplex b)
{
    return MAGMA_Z_MAKE( real(a) - real(b),
                         imag(a) - imag(b) );
}

__host__ __device__ static inline magmaDoubleComplex&
operator -= (magmaDoubleComplex &a, const magmaDoubleComplex b)
{
    a = MAGMA_Z_MAKE( real(a) - real(b),
                      imag(a) - imag(b) );
    return a;
}

__host__ __device__ static inline magmaDoubleComplex
operator * (const magmaDoubleComplex a, const magmaDoubleComplex b)
{
    return MAGMA_Z_MAKE( real(a)*real(b) - imag(a)*imag(b),
                         imag(a)*real(b) + real(a)*imag(b) );
}

__host__ __device__ static inline magmaDoubleComplex
operator / (const magmaDoubleComplex x, const magmaDoubleComplex y)
{
    double a = real(x);
    double b = imag(x);
    double c = real(y);
    double d = imag(y);
    double e, f, p, q;
    if ( fabs( d ) < fabs( c ) ) {
        e = d / c;
        f = c + d*e;
        p = ( a + b*e ) / f;
        q = ( b - a*e ) / f;
    }
    else {
        e = c / d;
        f = d + c*e;
        p = (  b + a*e ) / f;
        q = ( -a + b*e ) / f;
    }
    return MAGMA_Z_MAKE( p, q );
}
// ---- end of the copied lines

/*
    -- MAGMA (version 2.0) --
       Univ. of Tennessee, Knoxville
       Univ. of California, Berkeley
       Univ. of Colorado, Denver
       @date

       @precisions normal z -> c d s

*/

#define PRECISION_z


__global__ void 
magma_zparilu_csr_kernel(  
    const magma_int_t num_rows, 
    const magma_int_t nnz,  
    const magma_index_t *rowidxA, 
    const magma_index_t *colidxA,
    const magmaDoubleComplex * __restrict__ A, 
    const magma_index_t *rowptrL, 
    const magma_index_t *colidxL, 
    magmaDoubleComplex *valL, 
    const magma_index_t *rowptrU, 
    const magma_index_t *colidxU, 
    magmaDoubleComplex *valU)
{
    int i, j;
    int k = blockDim.x * blockIdx.x + threadIdx.x;
    magmaDoubleComplex zero = MAGMA_Z_MAKE(0.0, 0.0);
    magmaDoubleComplex s, sp;
    int il, iu, jl, ju;
    if (k < nnz) {
       i = rowidxA[k];
        j = colidxA[k];
#if (__CUDA_ARCH__ >= 350) && (defined(PRECISION_d) || defined(PRECISION_s))
        s =  __ldg(A+k);
#else
        s =  A[k];
#endif
        il = rowptrL[i];
        iu = rowptrU[j];

        while (il < rowptrL[i+1] && iu < rowptrU[j+1]) {
            sp = zero;
            jl = colidxL[il];
            ju = colidxU[iu];
            sp = (jl == ju) ? valL[il] * valU[iu] : sp;
            s = (jl == ju) ? s-sp : s;
            il = (jl <= ju) ? il+1 : il;
            iu = (jl >= ju) ? iu+1 : iu;
        }
        s += sp;  // undo the last operation (it must be the last)        
        if (i > j)      // modify l entry
            valL[il-1] =  s / valU[rowptrU[j+1]-1];
        else            // modify u entry
            valU[iu-1] = s;
    }
}
