// tilelab kernel collection: KBLAS's batched triangular inversion of small matrices in registers
// Source:  https://github.com/ecrc/kblas-gpu/blob/8af76dc862c74cbe880569ff2ccf6e5e54245430/src/batch_triangular/Xtrtri_batch_kernels.cuh
//          (ecrc/kblas-gpu, commit 8af76dc: KAUST BLAS, KBLAS, batched BLAS/LAPACK routines for NVIDIA GPUs)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file carries KAUST's copyright line).
// Kept: lines 1-208 (the whole file: device code only, no host code). KBLAS builds it with TARGET_SM
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

// ---- src/batch_triangular/Xtrtri_batch_kernels.cuh, lines 1-208
/**
 * @copyright (c) 2012- King Abdullah University of Science and
 *                      Technology (KAUST). All rights reserved.
 **/


/**
 * @file src/batch_triangular/Xtrtri_batch_kernels.cuh

 * KBLAS is a high performance CUDA library for subset of BLAS
 *    and LAPACK routines optimized for NVIDIA GPUs.
 * KBLAS is provided by KAUST.
 *
 * @version 3.0.0
 * @author Ali Charara
 * @date 2018-11-14
 **/

#ifndef __XTRTRI_BATCH_KERNELS_H__
#define __XTRTRI_BATCH_KERNELS_H__


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
dev_trtri_U_registers_Nfix(int n, T* A, int lda)
{
  T rA[TX], s, a, zero = make_zero<T>(), one = make_one<T>();
  //copy needed data from global to registers
  #pragma unroll
  for(int i = 0; i < TX; i++)
  {
    //if(tx >= i)
      rA[ i ] = __ldg(&(A[ tx + i * lda ]));
  }

  //perform inverting on registers
  #pragma unroll
  for(int j = TX-1; j >= 0; j--)
  {
    s = zero;
    #pragma unroll
    for(int i = 0; i < TX; i++){
      a = shfl(rA[j], i, TX);
      if(j < i && i <= tx)
        s = FMA( rA[i], a, s);
    }
    a = shfl(rA[j], j, TX);
    if(tx == j)
      rA[j] = one / a;
    else
    if(tx > j)
      rA[j] = -s / a;
    //rA[j] = (tx == j ? one : -s ) / a;
  }

  //copy data back to global mem
  #pragma unroll
  for(int i = 0; i < TX; i++)
  {
    if(tx >= i)
      A[ tx + i * lda ] = rA[ i ];
  }
}

//--------------------------------------------------------------------------------------------
template<typename T, typename T_PTR, bool STRIDED, int TX>
__global__ void  //__launch_bounds__(256)
kernel_trtri_U_registers_Nfix(const int n, int batchCount,
                              T_PTR A_array, int A_row_off, int A_col_off, int lda, long strideA,
                              int* info)
{
  //are we within bounds
  if(blockIdx.x * blockDim.y + ty >= batchCount) return;

  //n should be a multiple of TX, for processing many diagonal blocks in parallel
  if(n % TX != 0){ info[blockIdx.x * blockDim.y + ty] = -1; return; }

  T *A;
  if(STRIDED == true){
    A = (T*)A_array + (blockIdx.x * blockDim.y + ty) * strideA;
  }else{
    A = ((T**)A_array)[blockIdx.x * blockDim.y + ty];
  }
  A += A_row_off + A_col_off * lda + blockIdx.y * TX * (1 + lda);

  dev_trtri_U_registers_Nfix<T, TX>(n, A, lda);

}

//==============================================================================================
template<typename T, int TX>
__device__ inline void
dev_trtri_U_registers_Nvar(int n, T* A, int lda)
{
  T rA[TX], s, a, zero = make_zero<T>(), one = make_one<T>();
  bool lastBlock = (blockIdx.y == (gridDim.y - 1)) && (n % TX != 0);
  int N = lastBlock ? (n - blockIdx.y * TX) : TX;

  //copy needed data from global to registers
  if(!lastBlock){
    #pragma unroll
    for(int i = 0; i < TX; i++){
      rA[ i ] = __ldg(&(A[ tx + i * lda ]));
    }
  }else{
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(tx < N && i < N)
        rA[ i ] = __ldg(&(A[ tx + i * lda ]));
    }
  }

  //perform inverting on registers
  if(!lastBlock){
    #pragma unroll
    for(int j = TX-1; j >= 0; j--){
      s = zero;
      #pragma unroll
      for(int i = 0; i < TX; i++){
        a = shfl(rA[j], i, TX);
        if(j < i && i <= tx)
          s = FMA( rA[i], a, s);
      }
      a = shfl(rA[j], j, TX);
      if(tx == j)
        rA[j] = one / a;
      else
      if(tx > j)
        rA[j] = -s / a;
    }
  }else{
    #pragma unroll
    for(int j = TX-1; j >= 0; j--){
      if(j < N){
        s = zero;
        #pragma unroll
        for(int i = 0; i < TX; i++){
          a = shfl(rA[j], i, TX);
          if(i < N && j < i && i <= tx)
            s = FMA( rA[i], a, s);
        }
        a = shfl(rA[j], j, TX);
        if(tx == j)
          rA[j] = one / a;
        else
        if(tx > j)
          rA[j] = -s / a;
      }
    }
  }

  //copy data back to global mem
  if(!lastBlock){
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(tx >= i)
        A[ tx + i * lda ] = rA[ i ];
    }
  }else{
    #pragma unroll
    for(int i = 0; i < TX; i++){
      if(tx >= i && i < N && tx < N)
        A[ tx + i * lda ] = rA[ i ];
    }
  }
}

//--------------------------------------------------------------------------------------------
template<typename T, typename T_PTR, bool STRIDED, int TX>
__global__ void  //__launch_bounds__(256)
kernel_trtri_U_registers_Nvar(const int n, int batchCount,
                              T_PTR A_array, int A_row_off, int A_col_off, int lda, long strideA,
                              int* info)
{
  //are we within bounds
  if(blockIdx.x * blockDim.y + ty >= batchCount) return;

  T *A;
  if(STRIDED == true){
    A = (T*)A_array + (blockIdx.x * blockDim.y + ty) * strideA;
  }else{
    A = ((T**)A_array)[blockIdx.x * blockDim.y + ty];
  }
  A += A_row_off + A_col_off * lda + blockIdx.y * TX * (1 + lda);

  dev_trtri_U_registers_Nvar<T, TX>(n, A, lda);

}
//==============================================================================================
#else
  #error "Pre-Kepler architechture is not supported in KBLAS batch TRTRI"
#endif

#endif //__XTRTRI_BATCH_KERNELS_H__
