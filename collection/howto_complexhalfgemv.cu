// tilelab kernel collection: How_to_optimize_in_GPU's ComplexHalfGemv: a complex-half GEMV, float4 loads of four cuHalfComplex, half shuffle sums
// Source:  https://github.com/Liu-xiandong/How_to_optimize_in_GPU/blob/5d2def3e082c4e1364c3ade54451b7b9d1d6f044/sgemv/ComplexHalfGemv.cu
//          (Liu-xiandong/How_to_optimize_in_GPU, commit 5d2def3: CUDA optimisation notes and kernels, by Liu Xiandong)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 19-79 of the original).
//       Removed: the host code (lines 12-17: the checkCudaErrors macro; lines 81-178: main(), which takes M and N from its
//       command line and checks against a CPU loop; its grid and block are the manifest entry's) and the host-only includes
//       (lines 1-9: <stdio.h> <stdlib.h> <cuda_runtime.h> <cublas_v2.h> <math.h> <cuComplex.h> <thrust/complex.h>; none of their
//       names is used by the device code).
// Copied in, marked: sgemv/cuHalfComplex.cuh lines 1-23 in place of its #include line (line 10).

/*
 * Copyright (c) the authors of Liu-xiandong/How_to_optimize_in_GPU
 * (https://github.com/Liu-xiandong/How_to_optimize_in_GPU).
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// ---- #include "cuHalfComplex.cuh": sgemv/cuHalfComplex.cuh lines 1-23 copied in (the notice above covers it) ----
#if !defined(CU_HALFCOMPLEX_H_)
#define CU_HALFCOMPLEX_H_

#if !defined(__CUDACC__)
#include <math.h>       /* import fabsf, sqrt */
#endif /* !defined(__CUDACC__) */
#include <cuda_fp16.h>

struct cuHalfComplex {
    half r;
    half i;
    __host__ __device__ __forceinline__ cuHalfComplex( half a, half b ) : r(a), i(b) {}

    __device__ __forceinline__ cuHalfComplex operator*(const cuHalfComplex& a) {
        return cuHalfComplex(r*a.r - i*a.i, i*a.r + r*a.i);
    }

    __device__ __forceinline__ cuHalfComplex operator+(const cuHalfComplex& a) {
        return cuHalfComplex(r+a.r, i+a.i);
    }
};

#endif /* !defined(CU_HALFCOMPLEX_H_) */
// ---- end of cuHalfComplex.cuh ----

#define FETCH_FLOAT4(pointer) (reinterpret_cast<float4*>(&(pointer))[0])

template <unsigned int WarpSize>
__device__ __forceinline__ half warpReduceSum(half sum) {
    if (WarpSize >= 32)sum += __shfl_down_sync(0xffffffff, sum, 16); // 0-16, 1-17, 2-18, etc.
    if (WarpSize >= 16)sum += __shfl_down_sync(0xffffffff, sum, 8);// 0-8, 1-9, 2-10, etc.
    if (WarpSize >= 8)sum += __shfl_down_sync(0xffffffff, sum, 4);// 0-4, 1-5, 2-6, etc.
    if (WarpSize >= 4)sum += __shfl_down_sync(0xffffffff, sum, 2);// 0-2, 1-3, 4-6, 5-7, etc.
    if (WarpSize >= 2)sum += __shfl_down_sync(0xffffffff, sum, 1);// 0-1, 2-3, 4-5, etc.
    return sum;
}

__global__ void ComplexHalfGemv( 
    cuHalfComplex * __restrict__ A,
    cuHalfComplex * __restrict__ x,
    cuHalfComplex * __restrict__ y, 
    const int M,
    const int N) {
    // Block index
    int bx = blockIdx.x;

    // Thread index
    int tx = threadIdx.x;
    int ty = threadIdx.y;

    const int warp_size=32;
    int laneId= tx % warp_size;
    int current_row = blockDim.y * bx + ty;

    if(current_row < M){
        cuHalfComplex res = cuHalfComplex(0,0);
        int kIteration = (N/warp_size)/4;
        if(kIteration==0) kIteration=1;
        A = &A[current_row*N];

        #pragma unroll
        for(int i=0; i< kIteration; i++){
            int current_col_vec = (i*warp_size + laneId)/4;
            float4 current_val= reinterpret_cast<float4 *>(A)[current_col_vec]; //FETCH_FLOAT4(A[current_col_vec]); 
            float4 current_x = reinterpret_cast<float4 *>(x)[current_col_vec];
            cuHalfComplex val0 =  reinterpret_cast<cuHalfComplex *>(&current_val)[0];
            cuHalfComplex val1 =  reinterpret_cast<cuHalfComplex *>(&current_val)[1];
            cuHalfComplex val2 =  reinterpret_cast<cuHalfComplex *>(&current_val)[2];
            cuHalfComplex val3 =  reinterpret_cast<cuHalfComplex *>(&current_val)[3];
            cuHalfComplex x0 =  reinterpret_cast<cuHalfComplex *>(&current_x)[0];
            cuHalfComplex x1 =  reinterpret_cast<cuHalfComplex *>(&current_x)[1];
            cuHalfComplex x2 =  reinterpret_cast<cuHalfComplex *>(&current_x)[2];
            cuHalfComplex x3 =  reinterpret_cast<cuHalfComplex *>(&current_x)[3];

            res = res + val0 * x0;
            res = res + val1 * x1;
            res = res + val2 * x2;
            res = res + val3 * x3;
        }
        half res_r = res.r;
        half res_i = res.i;
        res_r = warpReduceSum<warp_size>(res_r);
        res_i = warpReduceSum<warp_size>(res_i);
        if(laneId == 0) y[current_row]=cuHalfComplex(res_r,res_i);
    }
}
