// tilelab kernel collection: CUDA-Kernels-Demo's matrix-vector operations (dense, banded, symmetric and triangular
// products; rank-1 and rank-2 updates)
// Source:  https://github.com/ridash2005/CUDA-Kernels-Demo/blob/3e67e059bb30e8f3bdbdf02ca96aa3cb317ede5a/mv_ops/src/mv_ops.cu
//          (ridash2005/CUDA-Kernels-Demo, commit 3e67e05: a teaching repository of CUDA kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Rickarya Das"; the file carries no notice of its
//          own: the LICENSE's notice is repeated below).
// Kept: the device code, unchanged (lines 5-57 and 63-76 of the original).
//       Removed: the includes (lines 1-4: <cstdio>, "mv_ops.h", the host wrappers' prototypes,
//       <cuda_runtime.h>, <cmath>), the host function tri_solve (lines 58-62, a printf placeholder) and the
//       host code after the kernels (lines 77-286: timing helpers, host wrappers, validation).
//
// MIT License
//
// Copyright (c) 2025 Rickarya Das
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.


#define TILE_WIDTH 16

// CUDA Kernels

__global__ void matVecMulKernel(const float *A, const float *x, float *y, int N) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N) {
        float val = 0.0f;
        for (int j = 0; j < N; ++j)
            val += A[row * N + j] * x[j];
        y[row] = val;
    }
}

__global__ void bandMatVecMulKernel(const float *A_band, const float *x, float *y, int N, int k) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N) {
        float val = 0.0f;
        int lower = max(0, row - k);
        int upper = min(N - 1, row + k);
        for (int j=lower; j <= upper; ++j) {
            int band_col = k + j - row;
            val += A_band[row * (2*k + 1) + band_col] * x[j];
        }
        y[row] = val;
    }
}

__global__ void symMatVecMulKernel(const float *A, const float *x, float *y, int N) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if(row < N) {
        float val = 0.0f;
        for(int col=0; col<N; ++col)
            val += A[row*N+col] * x[col];
        y[row] = val;
    }
}

__global__ void triMatVecMulKernel(const float *A, const float *x, float *y, int N, bool lower) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    if(row < N){
        float val = 0.0f;
        if (lower) {
            for(int col=0; col <= row; ++col)
                val += A[row*N + col] * x[col];
        } else {
            for(int col=row; col < N; ++col)
                val += A[row*N + col] * x[col];
        }
        y[row] = val;
    }
}


__global__ void rank1UpdateKernel(float *A, const float *x, const float *y, float alpha, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if(row < N && col < N)
        A[row*N + col] += alpha * x[row] * y[col];
}

__global__ void rank2UpdateKernel(float *A, const float *x, const float *y, float alpha, int N) {
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if(row < N && col < N)
        A[row*N + col] += alpha * (x[row] * y[col] + y[row] * x[col]);
}
