// tilelab kernel collection: csc-training/CUDA: the Jacobi exercise's solution of CSC's CUDA course, a 5-point Poisson sweep (exercises/jacobi/solution/jacobi.cu)
// Source:  https://github.com/csc-training/CUDA/blob/30ad78b20134cf4016ff9596672608666a0bdb08/exercises/jacobi/solution/jacobi.cu
//          (csc-training/CUDA, commit 30ad78b: the exercises and demos of CSC's "Introduction to CUDA programming" course)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2017 CSC Training"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 31-50 of the original).
//       Removed: the includes (lines 1-4: <sys/time.h>, <cstdio>, "jacobi.h", "error_checks.h"; jacobi.h brings thrust for the
//       host's diffGPU), the host's defines and CPU sweep (lines 5-30) and the host code (lines 51-208: compareArrays, diffCPU, main).

/*
 * MIT License
 *
 * Copyright (c) 2017 CSC Training
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// GPU kernel
__global__ 
void sweepGPU(double *phi, const double *phiPrev, const double *source, 
              double h2, int N)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int j = blockIdx.y * blockDim.y + threadIdx.y;
    int index = i + j*N;
    int i1, i2, i3, i4;

    i1 = (i-1) +   j   * N;
    i2 = (i+1) +   j   * N;
    i3 =   i   + (j-1) * N;
    i4 =   i   + (j+1) * N;

    if (i > 0 && j > 0 && i < N-1 && j < N-1)
        phi[index] = 0.25 * (phiPrev[i1] + phiPrev[i2] + 
                             phiPrev[i3] + phiPrev[i4] - 
                             h2 * source[index]);
}
