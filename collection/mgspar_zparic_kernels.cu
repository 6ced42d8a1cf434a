// tilelab kernel collection: MAGMA sparse's fine-grained asynchronous IC(0) sweep (Chow and Patel), double complex
// Source:  https://github.com/icl-utk-edu/magma/blob/02ecee0ccc56cce85194fdda18c9e0614797b2f9/sparse/blas/zparic_kernels.cu
//          (icl-utk-edu/magma at 02ecee0, the commit before 87e789b, "Sparse: remove deprecated functionality",
//          removed the file; MAGMA 2.x, the University of Tennessee's dense and sparse linear algebra library)
// Licence: BSD-3-Clause (the repository's COPYRIGHT, repeated below; the source file carries MAGMA's banner only).
// Kept: zparic_kernels.cu lines 1-10 (MAGMA's banner) and 12-65 (PRECISION_z and the kernel
//       magma_zparic_csr_kernel), unchanged. Removed: line 11 (#include "magmasparse_internal.h"; the lines of
//       MAGMA's own headers the kernel needs are copied in below, marked) and the host code from line 66
//       (magma_zparic_csr's documentation and launch). The launch is magma_zparic_csr's: block 128, grid
//       magma_ceildiv(A.nnz, 128), a thread per nonzero of A's lower triangle (COO: rowidx, col), the factor L
//       in CSR (rowptr, colidx, val) with its diagonal last in each row.

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
magma_zparic_csr_kernel(    
    magma_int_t n, 
    magma_int_t nnz, 
    magma_index_t *Arowidx, 
    magma_index_t *Acolidx, 
    const magmaDoubleComplex * __restrict__  A_val,
    magma_index_t *rowptr, 
    magma_index_t *colidx, 
    magmaDoubleComplex *val )
{
    int i, j;
    int k = (blockDim.x * blockIdx.x + threadIdx.x); // % nnz;
    magmaDoubleComplex zero = MAGMA_Z_MAKE(0.0, 0.0);
    magmaDoubleComplex s, sp;
    int il, iu, jl, ju;
    if ( k < nnz ) {     
        i = Arowidx[k];
        j = Acolidx[k];
#if (__CUDA_ARCH__ >= 350) && (defined(PRECISION_d) || defined(PRECISION_s))
        s = __ldg( A_val+k );
#else
        s = A_val[k];
#endif
        il = rowptr[i];
        iu = rowptr[j];
        while (il < rowptr[i+1] && iu < rowptr[j+1]) {
            sp = zero;
            jl = colidx[il];
            ju = colidx[iu];
            if (jl < ju)
                il++;
            else if (ju < jl)
                iu++;
            else {
                // we are going to modify this u entry
                sp = val[il] * val[iu];
                s -= sp;
                il++;
                iu++;
            }
        }
        s += sp; // undo the last operation (it must be the last)
        // modify entry
        if (i == j) // diagonal
            val[il-1] = MAGMA_Z_MAKE( sqrt( fabs( MAGMA_Z_REAL(s) )), 0.0 );
        else  //sub-diagonal
            val[il-1] =  s / val[iu-1];
    }
}// kernel 
