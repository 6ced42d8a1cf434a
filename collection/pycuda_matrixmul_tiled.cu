// tilelab kernel collection: PyCUDA's examples: a shared-memory tiled matrix multiply (from-wiki/matrixmul_tiled.py)
// Source:  https://github.com/inducer/pycuda/blob/19bed9035edb9990b2928e297125d8e9d470130b/examples/from-wiki/matrixmul_tiled.py
//          (inducer/pycuda, commit 19bed90: PyCUDA's examples)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python string kernel_code_template holds (lines 21-86 of the original), its text as the string builds it, unchanged (Python's quotes and escapes undone).
//       Substituted as the host substitutes it: kernel_code_template % {"MATRIX_SIZE": 4, "BLOCK_SIZE": 2}. PyCUDA's SourceModule compiles the string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.

/*
 * PyCUDA is licensed to you under the MIT/X Consortium license:
 *
 * Copyright (c) 2009,10 Andreas Klöckner and Contributors.
 *
 * Permission is hereby granted, free of charge, to any person
 * obtaining a copy of this software and associated documentation
 * files (the "Software"), to deal in the Software without
 * restriction, including without limitation the rights to use,
 * copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following
 * conditions:
 *
 * The above copyright notice and this permission notice shall be
 * included in all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
 * EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES
 * OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
 * NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT
 * HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY,
 * WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR
 * OTHER DEALINGS IN THE SOFTWARE.
 */

__global__ void MatrixMulKernel(float *A, float *B, float *C)
{

  const uint wA = 4;
  const uint wB = 4;

  // Block index
  const uint bx = blockIdx.x;
  const uint by = blockIdx.y;

  // Thread index
  const uint tx = threadIdx.x;
  const uint ty = threadIdx.y;

  // Index of the first sub-matrix of A processed by the block
  const uint aBegin = wA * 2 * by;
  // Index of the last sub-matrix of A processed by the block
  const uint aEnd = aBegin + wA - 1;
  // Step size used to iterate through the sub-matrices of A
  const uint aStep = 2;

  // Index of the first sub-matrix of B processed by the block
  const uint bBegin = 2 * bx;
  // Step size used to iterate through the sub-matrices of B
  const uint bStep = 2 * wB;

  // The element of the block sub-matrix that is computed
  // by the thread
  float Csub = 0;
  // Loop over all the sub-matrices of A and B required to
  // compute the block sub-matrix
  for (int a = aBegin, b = bBegin;
       a <= aEnd;
       a += aStep, b += bStep)
    {
      // Shared memory for the sub-matrix of A
      __shared__ float As[2][2];
      // Shared memory for the sub-matrix of B
      __shared__ float Bs[2][2];

      // Load the matrices from global memory to shared memory
      // each thread loads one element of each matrix
      As[ty][tx] = A[a + wA * ty + tx];
      Bs[ty][tx] = B[b + wB * ty + tx];
      // Synchronize to make sure the matrices are loaded
      __syncthreads();

      // Multiply the two matrices together;
      // each thread computes one element
      // of the block sub-matrix
      for (int k = 0; k < 2; ++k)
        Csub += As[ty][k] * Bs[k][tx];

      // Synchronize to make sure that the preceding
      // computation is done before loading two new
      // sub-matrices of A and B in the next iteration
      __syncthreads();
    }

  // Write the block sub-matrix to global memory;
  // each thread writes one element
  const uint c = wB * 2 * by + 2 * bx;
  C[c + wB * ty + tx] = Csub;
}
