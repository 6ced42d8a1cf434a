// tilelab kernel collection: KBLAS's batched Cholesky solve (B A^-1 from A's factor) of small matrices in registers
// Source:  https://github.com/ecrc/kblas-gpu/blob/8af76dc862c74cbe880569ff2ccf6e5e54245430/src/batch_triangular/Xpotrs_batch_kernels.cuh
//          (ecrc/kblas-gpu, commit 8af76dc: KAUST BLAS, KBLAS, batched BLAS/LAPACK routines for NVIDIA GPUs)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file carries KAUST's copyright line).
// Kept: lines 1-329 (the whole file: device code only, no host code). KBLAS builds it with TARGET_SM
// from its CMake set-up; the manifest passes -DTARGET_SM=90.
// Copied in, marked below: include/kblas_operators.h lines 27-28, 32-33, 37-51, 53-54 and 84-97 (make_zero,
// make_one, FMA and shfl for float and double; the complex overloads are left out, nothing here uses them).
//
// Copyright (c) 2012-, King Abdullah University of Science and Technology
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// * Redistributions of source code must retain the above copyright notice, this
//   list of conditions and the following disclaimer.
//
// * Redistributions in binary form must reproduce the above copyright notice,
//   this list of conditions and the following disclaimer in the documentation
//   and/or other materials provided with the distribution.
//
// * Neither the name of the copyright holder nor the names of its
//   contributors may be used to endorse or promote products derived from
//   this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// ---- from include/kblas_operators.h, lines 27-28
__host__ __device__ static __inline__ void make_zero_(float* x) {*x = 0.0;}
__host__ __device__ static __inline__ void make_zero_(double* x) {*x = 0.0;}
// ---- from include/kblas_operators.h, lines 32-33
__host__ __device__ static __inline__ void make_one_(float* x) {*x = 1.0;}
__host__ __device__ static __inline__ void make_one_(double* x) {*x = 1.0;}
// ---- from include/kblas_operators.h, lines 37-51
template<class T>
__host__ __device__ static __inline__ T make_zero()
{
  T a;
  make_zero_(&a);
  return a;
}

template<class T>
__host__ __device__ T make_one()
{
  T a;
  make_one_(&a);
  return a;
}
// ---- from include/kblas_operators.h, lines 53-54
__device__ static __inline__ float FMA(float a, float b, float c){return fmaf(a,b,c);}
__device__ static __inline__ double FMA(double a, double b, double c){return fma(a,b,c);}
// ---- from include/kblas_operators.h, lines 84-97
__device__ __inline__ float shfl(float x, int lane, int ws = 32)
{
  return __shfl_sync(0xFFFFFFFF, x, lane, ws);
}
__device__ __inline__ double shfl(double x, int lane, int ws = 32)
{
  // Split the double number into 2 32b registers.
  int lo = __double2loint(x), hi = __double2hiint(x);
  // Shuffle the two 32b registers.
  lo = __shfl_sync(0xFFFFFFFF, lo, lane, ws);
  hi = __shfl_sync(0xFFFFFFFF, hi, lane, ws);
  // Recreate the 64b number.
  return __hiloint2double(hi,lo);
}
// ---- end of the lines from include/kblas_operators.h

// ---- src/batch_triangular/Xpotrs_batch_kernels.cuh, lines 1-329
/**
 * @copyright (c) 2012- King Abdullah University of Science and
 *                      Technology (KAUST). All rights reserved.
 **/


/**
 * @file src/batch_triangular/Xpotrs_batch_kernels.cuh

 * KBLAS is a high performance CUDA library for subset of BLAS
 *    and LAPACK routines optimized for NVIDIA GPUs.
 * KBLAS is provided by KAUST.
 *
 * @version 3.0.0
 * @author Ali Charara
 * @date 2018-11-14
 **/

#ifndef __XPOTRS_BATCH_KERNELS_H__
#define __XPOTRS_BATCH_KERNELS_H__


//==============================================================================================
#define WARP 32
#define WARP1 33
#define tx threadIdx.x
#define ty threadIdx.y
//==============================================================================================
//Naming convention <dev/kernel>_<KernelName>_<Non/Uniform>_<Right/Left><Lower/Upper><Non/Transpose><Non/Diag>_<variants>
//==============================================================================================
#ifndef TARGET_SM
  #error "TARGET_SM is not defined"
#elif (TARGET_SM >= 30)

//==============================================================================================
template<typename T, int TX>
__device__ inline void
dev_potrs_U_RL_registers_Nfix_Mvar(const int m, const int n,
                                   const T* __restrict__ A, int lda,
                                                      T* B, int ldb)
{
  T rA[TX], rB[TX], s;
  int ind0, b;
  int mb = m / TX;

  //copy needed data from global to registers
  #pragma unroll
  for(int i = 0; i < TX; i++)
  {
    //if(tx >= i)
    rA[ i ] = __ldg(&(A[ tx + i * lda ]));
  }
  for(b = 0; b < mb; b++)
  {
    ind0 = tx + TX * b;
    //copy needed data from global to registers
    #pragma unroll
    for(int i = 0; i < TX; i++)
    {
      rB[ i ] = __ldg(&(B[ ind0 + i * ldb ]));
    }

    #pragma unroll
    for(int j = 0; j < TX; j++)
    {
      s = shfl(rA[j], j, TX);
      rB[j] /= s;

      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[i] = FMA( rB[j], s, rB[i]);
      }

    }

    #pragma unroll
    for(int j = TX-1; j >= 0; j--)
    {
      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[j] = FMA( rB[i], s, rB[j]);
      }

      s = shfl(rA[j], j, TX);
      rB[j] /= s;
    }

    //copy data back to global mem
    #pragma unroll
    for(int i = 0; i < TX; i++)
    {
      B[ ind0 + i * ldb ] = rB[ i ];
    }
  }
  if(m % TX != 0){

    ind0 = tx + TX * b;
    //copy needed data from global to registers
    if(ind0 < m){
      #pragma unroll
      for(int i = 0; i < TX; i++)
        rB[ i ] = __ldg(&(B[ ind0 + i * ldb ]));
    }

    #pragma unroll
    for(int j = 0; j < TX; j++)
    {
      s = shfl(rA[j], j, TX);
      rB[j] /= s;

      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[i] = FMA( rB[j], s, rB[i]);
      }
    }

    #pragma unroll
    for(int j = TX-1; j >= 0; j--)
    {
      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[j] = FMA( rB[i], s, rB[j]);
      }

      s = shfl(rA[j], j, TX);
      rB[j] /= s;
    }

    //copy data back to global mem
    if(ind0 < m){
      #pragma unroll
      for(int i = 0; i < TX; i++)
        B[ ind0 + i * ldb ] = rB[ i ];
    }
  }
}

//--------------------------------------------------------------------------------------------
template<typename T, typename T_PTR, bool STRIDED, int TX>
__global__ void  //__launch_bounds__(256)
kernel_potrs_U_RL_registers_Nfix_Mvar(const int m, const int n, int batchCount,
                                      const T_PTR __restrict__ A_array, int A_row_off, int A_col_off, int lda, long strideA,
                                                         T_PTR B_array, int B_row_off, int B_col_off, int ldb, long strideB)
{
  if( TX != n ) return;//necessary condition

  //are we within bounds
  if(blockIdx.x * blockDim.y + ty >= batchCount) return;

  const T *A;
        T *B;
  if(STRIDED == true){
    A = (const T*)A_array + (blockIdx.x * blockDim.y + ty) * strideA;
    B =       (T*)B_array + (blockIdx.x * blockDim.y + ty) * strideB;
  }else{
    A = ((const T**)A_array)[blockIdx.x * blockDim.y + ty];
    B =       ((T**)B_array)[blockIdx.x * blockDim.y + ty];
  }
  A += A_row_off + A_col_off * lda;
  B += B_row_off + B_col_off * ldb;

  dev_potrs_U_RL_registers_Nfix_Mvar<T, TX>(m, n,
                                            A, lda,
                                            B, ldb);
}

//==============================================================================================
template<typename T, int TX>
__device__ inline void
dev_potrs_U_RL_registers_NMvar(const int m, const int n,
                               const T* __restrict__ A, int lda,
                                                  T* B, int ldb)
{
  T rA[TX], rB[TX], s, zero = make_zero<T>();
  int ind0, b;
  int mb = m / TX;

  //copy needed data from global to registers
  if(tx < n){
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(i < n)
        rA[ i ] = __ldg(&(A[ tx + i * lda ]));
      // else
      //   rA[ i ] = zero;
    }
  }
  for(b = 0; b < mb; b++)
  {
    ind0 = tx + TX * b;
    //copy needed data from global to registers
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(i < n)
        rB[ i ] = __ldg(&(B[ ind0 + i * ldb ]));
      // else
      //   rB[ i ] = zero;
    }

    #pragma unroll
    for(int j = 0; j < TX; j++)
    {
      s = shfl(rA[j], j, TX);
      if(s != zero)
        rB[j] /= s;

      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[i] = FMA( rB[j], s, rB[i]);
      }

    }

    #pragma unroll
    for(int j = TX-1; j >= 0; j--)
    {
      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[j] = FMA( rB[i], s, rB[j]);
      }

      s = shfl(rA[j], j, TX);
      if(s != zero)
        rB[j] /= s;
    }

    //copy data back to global mem
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(i < n)
        B[ ind0 + i * ldb ] = rB[ i ];
    }
  }
  if(m % TX != 0){

    ind0 = tx + TX * b;
    //copy needed data from global to registers
    if(ind0 < m){
      #pragma unroll
      for(int i = 0; i < TX; i++)
        if(i < n)
          rB[ i ] = __ldg(&(B[ ind0 + i * ldb ]));
    }

    #pragma unroll
    for(int j = 0; j < TX; j++)
    {
      s = shfl(rA[j], j, TX);
      if(s != zero)
        rB[j] /= s;

      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[i] = FMA( rB[j], s, rB[i]);
      }
    }

    #pragma unroll
    for(int j = TX-1; j >= 0; j--)
    {
      #pragma unroll
      for(int i = 0; i < TX; i++){
        s = -shfl(rA[j], i, TX);
        if(j < i)
          rB[j] = FMA( rB[i], s, rB[j]);
      }

      s = shfl(rA[j], j, TX);
      if(s != zero)
        rB[j] /= s;
    }

    //copy data back to global mem
    if(ind0 < m){
      #pragma unroll
      for(int i = 0; i < TX; i++)
        if(i < n)
          B[ ind0 + i * ldb ] = rB[ i ];
    }
  }
}
//--------------------------------------------------------------------------------------------
template<typename T, typename T_PTR, bool STRIDED, int TX>
__global__ void  //__launch_bounds__(256)
kernel_potrs_U_RL_registers_NMvar(const int m, const int n, int batchCount,
                                  const T_PTR __restrict__ A_array, int A_row_off, int A_col_off, int lda, long strideA,
                                                     T_PTR B_array, int B_row_off, int B_col_off, int ldb, long strideB)
{
  if( TX < n ) return;//necessary condition

  //are we within bounds
  if(blockIdx.x * blockDim.y + ty >= batchCount) return;

  const T *A;
        T *B;
  if(STRIDED == true){
    A = (const T*)A_array + (blockIdx.x * blockDim.y + ty) * strideA;
    B =       (T*)B_array + (blockIdx.x * blockDim.y + ty) * strideB;
  }else{
    A = ((const T**)A_array)[blockIdx.x * blockDim.y + ty];
    B =       ((T**)B_array)[blockIdx.x * blockDim.y + ty];
  }
  A += A_row_off + A_col_off * lda;
  B += B_row_off + B_col_off * ldb;

  dev_potrs_U_RL_registers_NMvar<T, TX>(m, n,
                                        A, lda,
                                        B, ldb);
}
//==============================================================================================
#else
  #error "Pre-Kepler architechture is not supported in KBLAS batch POTRS"
#endif

#endif //__XPOTRS_BATCH_KERNELS_H__
