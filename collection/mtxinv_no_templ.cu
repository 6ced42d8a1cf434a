// tilelab kernel collection: matrixInversion's batched in-place LU inversion (no_templ/)
// Source:  https://github.com/sumukhashridhar/matrixInversion/blob/23d1759c202edb36ccac67860f0d00c55c5794eb/no_templ/luBatchedInplace.cuh
//          (sumukhashridhar/matrixInversion, commit 23d1759: batched LU factorisation and inversion of small
//          matrices, a sub-warp of threads a matrix, the matrices in dynamic shared memory)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below).
// Kept: lines 7-8 and 11-131 (the device code). Removed: lines 1-5 (<cuda.h>, <cuda_runtime.h>,
// <device_launch_parameters.h> and the host's "verify.hpp") and the host-only CUDA_CHECK macro.
// The host code is no_templ/luBatchedInplace.cu; the entries use its block, grid and shared-memory formulas.
//
// BSD 3-Clause License
//
// Copyright (c) 2024, djangohegde
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
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

#define BLOCK_SIZE 256
#define MATRIX_SIZE 32
// ---- (host-only CUDA_CHECK macro removed)


template<typename T>
__device__ void comp_U(T* __restrict__ A, int rowIdx, int threadNum, int matrixSize, int threadsPerMatrix) {
        T sum = static_cast<T>(0.0);

        #pragma unroll
        for (int l = 0; l < rowIdx; l++) {
            sum += A[rowIdx * matrixSize + l] * A[l * matrixSize + threadNum]; 
        }

        A[rowIdx * matrixSize + threadNum] = A[rowIdx * matrixSize + threadNum] - sum;

}


template<typename T>
__device__ void comp_L(T* __restrict__ A, int rowIdx, int threadNum, int matrixSize, int threadsPerMatrix) {
        T sum = static_cast<T>(0.0);

        #pragma unroll
        for (int l = 0; l < rowIdx; l++) {
            sum += A[threadNum * matrixSize + l] * A[l * matrixSize + rowIdx];
        }

        A[threadNum * matrixSize + rowIdx] = (A[threadNum * matrixSize + rowIdx] - sum) / A[rowIdx * matrixSize + rowIdx];
}


template<typename T>
__device__ void inversion(T* __restrict__ A, int rowIdx, int matrixSize) {
        T y[MATRIX_SIZE];
        T x[MATRIX_SIZE];

        // init x and y
        #pragma unroll
        for (int i = 0; i < matrixSize; i++) {
            x[i] = static_cast<T>(0.0);
            y[i] = static_cast<T>(0.0);
        }

        // forward substitution
        #pragma unroll
        for (int i = 0; i < matrixSize; i++) {
            T sum = static_cast<T>(0.0);
            #pragma unroll
            for (int j = 0; j < i; j++) {
                sum += A[(i * matrixSize) + j] * y[j];
            }
            y[i] = (((i == rowIdx) ? static_cast<T>(1.0) : static_cast<T>(0.0)) - sum);
        }

        // backward substitution
        #pragma unroll
        for (int i = matrixSize - 1; i >= 0; i--) {
            T sum = static_cast<T>(0.0);
            #pragma unroll
            for (int j = i + 1; j < matrixSize; j++) {
                sum += A[(i * matrixSize) + j] * x[j];
            }
            x[i] = (y[i] - sum) / A[(i * matrixSize) + i];
        }
        __syncthreads();

        #pragma unroll
        for (int i = 0; i < matrixSize; i++) {
            A[(i * matrixSize) + rowIdx] = x[i];
        }
}


template<typename T>
__global__ void
__launch_bounds__(BLOCK_SIZE)
batched_lu_subwarp(T* __restrict__ A, int matrixSize, int numMatrices, int threadsPerMatrix, int matricesPerBlock) {
    int matrixIdInBlock =  threadIdx.x / threadsPerMatrix;
    int globalMatrixId = (blockIdx.x * matricesPerBlock) + (matrixIdInBlock);

    if (globalMatrixId < numMatrices) {
        int threadIdInMatrix =  threadIdx.x % threadsPerMatrix;
        int numElements = matrixSize * matrixSize;
        int mtrxOffset = globalMatrixId * numElements;
        
        extern __shared__ T shmem[];
        T *sh_A = &shmem[matrixIdInBlock * (numElements)];

        #pragma unroll
        for (int k = threadIdInMatrix; k < numElements; k += threadsPerMatrix) {
            sh_A[k] = A[k + mtrxOffset];
        }
        __syncthreads();

        #pragma unroll 8
        for (int rowIdx = 0; rowIdx < matrixSize; rowIdx++) {
            #pragma unroll
            for (int colIdx = rowIdx+threadIdInMatrix; colIdx < matrixSize; colIdx += threadsPerMatrix) {
                comp_U(sh_A, rowIdx, colIdx, matrixSize, threadsPerMatrix);
            }

            __syncthreads();

            #pragma unroll
            for (int colIdx = rowIdx+1+threadIdInMatrix; colIdx < matrixSize; colIdx += threadsPerMatrix) {
                comp_L(sh_A, rowIdx, colIdx, matrixSize, threadsPerMatrix);
            }
            
            __syncthreads();
        }

        #pragma unroll
        for (int rowIdx = threadIdInMatrix; rowIdx < matrixSize; rowIdx += threadsPerMatrix) {
            inversion(sh_A, rowIdx, matrixSize);
        }
        __syncthreads();

        #pragma unroll
        for (int k = threadIdInMatrix; k < numElements; k += threadsPerMatrix) {
            A[k + mtrxOffset] = sh_A[k];
        }
    }
}
