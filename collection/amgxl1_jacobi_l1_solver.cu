// tilelab kernel collection: AMGX's L1-Jacobi smoother (scalar and 4x4-block L1 diagonals, the smoothing sweeps)
// Source:  https://github.com/NVIDIA/AMGX/blob/3188dce5bdc22e96407d609e398925bed6aa010d/src/solvers/jacobi_l1_solver.cu
//          (NVIDIA/AMGX, commit 3188dce; helpers from include/solvers/block_common_solver.h, include/sm_utils.inl, include/cutil.h)
// Licence: BSD-3-Clause (the file's SPDX line; the repository's LICENSES/BSD-3-Clause.txt repeated below).
// Kept, unchanged: jacobi_l1_solver.cu lines 1-3 and 20-267 (namespace amgx and all seven kernels) and line 601 (its close);
//       removed: the includes (lines 5-18) and the host methods (268-600). Copied in, marked: the headers' lines named below.
/*
Copyright (c) 2017 - 2024 NVIDIA CORPORATION. All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions
are met:

1. Redistributions of source code must retain the above copyright
   notice, this list of conditions and the following disclaimer.
2. Redistributions in binary form must reproduce the above copyright
   notice, this list of conditions and the following disclaimer in the
   documentation and/or other materials provided with the distribution.
3. Neither the name of NVIDIA CORPORATION nor the names of its
   contributors may be used to endorse or promote products derived
   from this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR
CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
*/

// SPDX-FileCopyrightText: 2013 - 2025 NVIDIA CORPORATION. All Rights Reserved.
//
// SPDX-License-Identifier: BSD-3-Clause

// ---- copied in: include/sm_utils.inl lines 12-13, 93-98, 107-110, 597 ----
namespace utils
{
static __device__ __forceinline__ int lane_id()
{
    int id;
    asm( "mov.u32 %0, %%laneid;" : "=r"(id) );
    return id;
}

static __device__ __forceinline__ int warp_id()
{
    return threadIdx.x >> 5;
}
} // namespace utils

// ---- copied in: include/solvers/block_common_solver.h lines 11-12, 14-17, 21-30, 52-60, 82-92, 194-248, 383 ----
namespace amgx
{
#define double_epsilon  1e-12   //* AMGX_NUMERICAL_DZERO
#define float_epsilon   1e-7    //* AMGX_NUMERICAL_SZERO
#define s_A(ROW,COL)   s_Amat[s_offset+ROW*bsize+COL]
#define s_At(ROW,COL)   s_Amat[s_offset+COL*bsize+ROW]


static inline __host__  __device__ bool isCloseToZero( double a)
{
    return  fabs(a) < double_epsilon ? true : false;
}

static inline __host__ __device__ bool isCloseToZero( float a)
{
    return  fabs(a) < float_epsilon ? true : false;
}

static inline __host__ __device__ bool isNotCloseToZero( const double &a)
{
    return !isCloseToZero(a);
}

static inline __host__ __device__ bool isNotCloseToZero( const float &a)
{
    return !isCloseToZero(a);
}

static inline __host__ __device__ float epsilon( float dummy)
{
    // return a small value with the same sign as the example value
    return copysign(float_epsilon, dummy);
}

static inline __host__ __device__ double epsilon( double dummy)
{
    // return a small value with the same sign as the example value
    return copysign(double_epsilon, dummy);
}

template<typename IndexType, typename ValueType, int bsize, bool store_result>
__device__
void compute_block_inverse_row_major4x4_formula2( volatile ValueType *s_Amat, const int s_offset, const int e_offset, const int i_ind, const int j_ind, ValueType *Einv )
{
    short I0, I1, I2;
    short J0, J1, J2;
    I0 = !j_ind;
    I1 = 1 + (j_ind < 2);
    I2 = 2 + (j_ind < 3);
    J0 = !i_ind;
    J1 = 1 + (i_ind < 2);
    J2 = 2 + (i_ind < 3);
    // Each thread computes its co-factors
    ValueType cofactor = 0.;
    cofactor += s_A(I0, J0) * s_A(I1, J1) * s_A(I2, J2);
    cofactor += s_A(I0, J1) * s_A(I1, J2) * s_A(I2, J0);
    cofactor += s_A(I0, J2) * s_A(I1, J0) * s_A(I2, J1);
    cofactor -= s_A(I0, J0) * s_A(I1, J2) * s_A(I2, J1);
    cofactor -= s_A(I0, J1) * s_A(I1, J0) * s_A(I2, J2);
    cofactor -= s_A(I0, J2) * s_A(I1, J1) * s_A(I2, J0);

    if ((i_ind + j_ind) % 2) { cofactor *= -1; }

    ValueType my_A = s_A(j_ind, i_ind);
    // Each thread stores its result in shared memory to compute determinant
    s_A(i_ind, j_ind) = my_A * cofactor;
    // Each thread computes det
    ValueType det = s_A(0, 0) + s_A(0, 1) + s_A(0, 2) + s_A(0, 3);

    if (store_result)
    {
        if (isNotCloseToZero(det) )
        {
            Einv[e_offset] = cofactor / det;
        }
        else
        {
            Einv[e_offset] = (i_ind == j_ind) ? ( isNotCloseToZero(my_A) ? ValueType(1) / my_A : ValueType(1) / epsilon(my_A)) : ValueType(0.);
        }

        //Einv[e_offset] = cofactor/epsilon(det);
    }
    else
    {
        if (isNotCloseToZero(det) )
        {
            s_A(i_ind, j_ind) = cofactor / det;
        }
        else
            //s_A(i_ind,j_ind) = cofactor/epsilon(det);
        {
            s_A(i_ind, j_ind) = (i_ind == j_ind) ? ( isNotCloseToZero(my_A) ? ValueType(1) / my_A : ValueType(1) / epsilon(my_A)) : ValueType(0.);
        }
    }
}
} // namespace amgx

// ---- copied in: include/cutil.h lines 16-17, 169-200, 325 ----
namespace amgx
{
template <int NUM_ELEMENTS>
__device__ inline void loadAsVector(const double *src, double *dst)
{
    if (NUM_ELEMENTS % 4 == 0)
    {
        const double4 *src_ = reinterpret_cast<const double4 *>(src);
        double4 *dst_ = reinterpret_cast<double4 *>(dst);
#pragma unroll
        for (int i = 0; i < NUM_ELEMENTS / 4; i++)
        {
            dst_[i] = src_[i];
        }
    }
    else if (NUM_ELEMENTS % 2 == 0)
    {
        const double2 *src_ = reinterpret_cast<const double2 *>(src);
        double2 *dst_ = reinterpret_cast<double2 *>(dst);
#pragma unroll
        for (int i = 0; i < NUM_ELEMENTS / 2; i++)
        {
            dst_[i] = src_[i];
        }
    }
    else
    {
#pragma unroll
        for (int i = 0; i < NUM_ELEMENTS; i++)
        {
            dst[i] = src[i];
        }
    }
}
} // namespace amgx

// ---- jacobi_l1_solver.cu ----
namespace amgx
{

// -----------
// Kernels
// -----------

template <typename ValueTypeA, typename ValueTypeB>
__global__ void jacobi_l1_postsmooth(
    int n, ValueTypeB omega, ValueTypeB* x, ValueTypeA* d_in, ValueTypeB* b_in, ValueTypeB* y_in)
{
    int gid = blockDim.x * blockIdx.x + threadIdx.x;

    for (int i = gid; i < n; i += blockDim.x * gridDim.x)
    {
        ValueTypeA d = d_in[i];
        ValueTypeB b = b_in[i];
        ValueTypeB y = y_in[i];
        d = ValueTypeA( 1 ) / (isNotCloseToZero(d) ? d : epsilon(d));
        b -= y;
        b *= omega;
        x[i] = b * d + x[i];
    }
}

template <typename ValueTypeA, typename ValueTypeB>
__global__ void jacobi_l1_postsmooth_zero(
    int n, ValueTypeB omega, ValueTypeB* x, ValueTypeA* d_in, ValueTypeB* b_in)
{
    int gid = blockDim.x * blockIdx.x + threadIdx.x;

    for (int i = gid; i < n; i += blockDim.x * gridDim.x)
    {
        ValueTypeA d = d_in[i];
        ValueTypeB b = b_in[i];
        x[i] = omega * b / (isNotCloseToZero(d) ? d : epsilon(d));
    }
}

template<typename IndexType, typename ValueTypeA, typename ValueTypeB>
__global__ void compute_d_kernel(const IndexType num_rows,
                                 const IndexType *Ap,
                                 const IndexType *Aj,
                                 const ValueTypeA *Ax,
                                 ValueTypeA *d)
{
    IndexType tidx = blockDim.x * blockIdx.x + threadIdx.x;

    for (int ridx = tidx; ridx < num_rows; ridx += blockDim.x * gridDim.x)
    {
        ValueTypeB d_ = 0;
        IndexType row_start = Ap[ridx];
        IndexType row_end   = Ap[ridx + 1];
        // check if we need +ve or -ve d
        bool is_npd = false;

        for (int j = row_start; j < row_end; j++)
        {
            ValueTypeB Aij = Ax[j];

            if (Aj[j] == ridx && Aij < 0.) { is_npd = true; }

            //if not the diagonal then compute the absolute value
            //if(Aj[j]!=ridxa)  JE: must include diagonal here or else we can get cancellation and Nan results
            Aij = fabs(Aij);
            d_ += Aij;
        }

        // set sign of L1-norm appropriately
        d[ridx] = (is_npd) ? -d_ : d_;
    }
}

template<typename IndexType, typename ValueTypeA, typename ValueTypeB, int CtaSize>
__global__ void compute_d_4x4_kernel(const IndexType num_rows,
                                     const IndexType *A_row_offsets,
                                     const IndexType *A_col_indices,
                                     const IndexType *A_dia_indices,
                                     const ValueTypeA *A_nonzero_values,
                                     ValueTypeA *d)
{
    const int nWarps = CtaSize / 32; // Number of warps per block
    const int warpId = utils::warp_id();
    const int laneId = utils::lane_id();
    // Lane ID in the 2 16-wide segments.
    const int lane_id_div_16 = laneId / 16;
    const int lane_id_mod_16 = laneId % 16;
    // Coordinates inside a 4x4 block of the matrix.
    const int idx_i = lane_id_mod_16 / 4;
    const int idx_j = lane_id_mod_16 % 4;
    __shared__ volatile ValueTypeA s_diag[nWarps][32];
    int aRowId = blockIdx.x * nWarps + warpId;

    while (aRowId < num_rows )
    {
        int aColBeg = A_row_offsets[aRowId];
        int aColEnd = A_row_offsets[aRowId + 1];
        s_diag[warpId][laneId] = 0.;

        //TODO: Should prefetch the column indices
        for (int i = aColBeg; i < aColEnd; i += 2)
        {
            const int my_i = i + lane_id_div_16;
            int aColId = my_i < aColEnd ? A_col_indices[my_i] : int (-1);
            s_diag[warpId][laneId] += (aRowId != aColId && aColId != -1) ? fabs(A_nonzero_values[16 * my_i + lane_id_mod_16]) : 0.;
        }

        // Threads 0 to 15 compute inverse
        if (lane_id_div_16 == 0)
        {
            s_diag[warpId][laneId] += s_diag[warpId][laneId + 16];
            s_diag[warpId][laneId] += fabs( A_nonzero_values[A_dia_indices[aRowId] * 16 + laneId]);
            const int offset = 16 * aRowId;
            compute_block_inverse_row_major4x4_formula2<int, ValueTypeA, 4, true>
            (s_diag[warpId], 16 * lane_id_div_16, offset, idx_i, idx_j, d);
        }

        aRowId += nWarps * gridDim.x;
    }
}


template<typename IndexType, typename ValueTypeA, typename ValueTypeB>
__global__ void jacobi_smooth_kernel(const IndexType num_rows,
                                     const IndexType *Ap,
                                     const IndexType *Aj,
                                     const ValueTypeA *Ax,
                                     const ValueTypeA *d,
                                     const ValueTypeB *b,
                                     const ValueTypeB *x,
                                     ValueTypeB *xout,
                                     const IndexType row_offset)

{
    IndexType tidx = blockDim.x * blockIdx.x + threadIdx.x;

    for (int ridx = row_offset + tidx; ridx < num_rows; ridx += blockDim.x * gridDim.x)
    {
        IndexType row_start = Ap[ridx];
        IndexType row_end   = Ap[ridx + 1];
        ValueTypeB Axi = 0.0;

        for (int j = row_start; j < row_end; j++)
        {
            Axi += Ax[j] * x[Aj[j]];
        }

        xout[ridx] = x[ridx] + (b[ridx] - Axi) / ( isNotCloseToZero( d[ridx]) ? d[ridx] : epsilon(d[ridx]) );
    }
}


template<typename IndexType, typename ValueTypeA, typename ValueTypeB, int blockrows_per_cta, int blockrows_per_warp, int bsize>
__global__ void jacobi_smooth_4x4_kernel(const IndexType num_rows,
        const IndexType *row_offsets,
        const IndexType *column_indices,
        const ValueTypeA *nonzero_values,
        const ValueTypeA *d,
        const ValueTypeB *b,
        const ValueTypeB *x,
        ValueTypeB *xout,
        const IndexType row_offset)

{
    int warp_id = threadIdx.x / 32;
    int warp_thread_id = threadIdx.x & 31;

    // padding row blocks to fit in a single warp
    if ( warp_thread_id >= blockrows_per_warp * bsize ) { return; }

    // new thread id with padding
    int tid = warp_id * blockrows_per_warp * bsize + warp_thread_id;
    // Here we use one thread per row (not block row)
    int cta_blockrow_id = (tid) / bsize;
    int blockrow_id = blockIdx.x * blockrows_per_cta + cta_blockrow_id;
    const int vec_entry_index = tid - cta_blockrow_id * bsize;
    volatile __shared__ ValueTypeB s_xtemp[ bsize * blockrows_per_cta];
    int offset, s_offset, i;
    ValueTypeB bmAx, temp[bsize];

    while (blockrow_id < num_rows &&  cta_blockrow_id < blockrows_per_cta)
    {
        i = blockrow_id;
        // Load RHS and x
        // groups of 4 threads load 32-byte, through texture, no wasted bandwidth
        offset = i * bsize + vec_entry_index;
        bmAx = b[offset];
        // Contribution from each nonzero column
        int jmax = row_offsets[i + 1];

        for (int jind = row_offsets[i]; jind < jmax; jind++)
        {
            IndexType jcol = column_indices[jind];
            offset = jcol * bsize + vec_entry_index;
            s_xtemp[tid] = x[offset] * (jcol != i);
            //for some reason we do better in perf if we write to volatile shared memory and then read this back...
            //s_xtemp[threadIdx.x] += delta[offset]*(row_colors[jcol] < current_color && current_color!= 0);
            // Load nonzero_values
            offset = jind * bsize * bsize + vec_entry_index * bsize;
            loadAsVector<bsize>(nonzero_values + offset, temp);
            // Do matrix multiply
            s_offset = cta_blockrow_id * bsize;
#pragma unroll

            for (int m = 0; m < bsize; m++)
            {
                bmAx -= temp[m] * s_xtemp[s_offset++];
            }
        }

        // Each thread stores bmAx in xtemp
        s_xtemp[tid] = bmAx;
        bmAx = 0.;
        // Load Dinv
        offset = i * bsize * bsize + vec_entry_index * bsize;
        loadAsVector<bsize>(d + offset, temp);
        // Do matrix-vector multiply
        s_offset = cta_blockrow_id * bsize;
#pragma unroll

        for (int m = 0; m < bsize; m++)
        {
            bmAx += temp[m] * s_xtemp[s_offset++];
        }

        xout[i * bsize + vec_entry_index] = bmAx;
        blockrow_id += blockrows_per_cta * gridDim.x;
    }
}



template<typename IndexType, typename ValueTypeA, typename ValueTypeB>
__global__ void jacobi_smooth_with_0_initial_guess_kernel(const IndexType num_rows,
        const ValueTypeA *d,
        const ValueTypeB *b,
        ValueTypeB *x,
        ValueTypeB weight,
        const IndexType row_offset)

{
    IndexType tidx = blockDim.x * blockIdx.x + threadIdx.x;

    for (int ridx = row_offset + tidx; ridx < num_rows; ridx += blockDim.x * gridDim.x)
    {
        x[ridx] = weight * b[ridx] /  ( isNotCloseToZero( d[ridx]) ? d[ridx] : epsilon(d[ridx]) );
    }
}
} // namespace amgx
