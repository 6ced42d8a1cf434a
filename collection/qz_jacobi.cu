// tilelab kernel collection: Jacobi_CUDA's Jacobi iteration on a dense system (the tridiagonal -1, 2, -1 matrix)
// Source:  https://github.com/QiZhou1512/Jacobi_CUDA/blob/b585280de5dc2368f309e38810c4d82cf37fcc68/Jacobi.cu
//          (QiZhou1512/Jacobi_CUDA, commit b585280: a stand-alone CUDA Jacobi solver)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2021 QiZhou1512"; the file carries no notice of its
//          own: the LICENSE's notice is repeated below).
// Kept: the device code, unchanged (lines 4-48 of the original: the defines N and IT and the three kernels).
//       Removed: the host-only includes (lines 1-3: <stdio.h>, <stdlib.h>, <iostream>) and the host code
//       (lines 49-92: swap and main).
//
// MIT License
//
// Copyright (c) 2021 QiZhou1512
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


#define N 100
#define IT 3

__global__ void JacobiIteration(int n, float *a, float *b, float *x, float*x_result){
    for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x){
        float sigma = 0;
        for(int j = 0 ; j<n; j++){
            if(j!=i){
                sigma += a[i + j * n]*x[j];
            }
        }
        x_result[i] = (b[i] - sigma)/a[i + i*n];
    }
}

__global__ void initAMatrix(int n, float*a){
    int i;
    for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += blockDim.x * gridDim.x){
    
        for ( i = 0; i < n; i++ ){
            if ( j == i - 1 ){
                a[j+i*n] = -1.0;
            }
            else if ( j == i ){
                a[j+i*n] = 2.0;
            }
            else if ( j == i + 1 ){
                a[j+i*n] = -1.0;
            }
            else{
                a[j+i*n] = 0.0;
            }
        }
    }
      
}

__global__ void copy(int n, float*a, float *b){
    for (int j = blockIdx.x * blockDim.x + threadIdx.x; j < n; j += blockDim.x * gridDim.x){
        a[j] = b[j];
    }
      
}

