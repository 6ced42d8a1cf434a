// tilelab kernel collection: ENCCS's vector add (non-portable kernel models)
// Source:  https://github.com/ENCCS/gpu-programming/blob/87fab1cb29329f6fcf5bf592b96b22ca1c61cec6/content/examples/non-portable-kernel-models/cuda-vector-add.cu
//          (ENCCS/gpu-programming, commit 87fab1c: the ENCCS lesson "GPU programming: why, when and how?")
// Licence: MIT for the lesson's code (the repository's LICENSE.code; its prose is CC-BY-4.0); the file carries no notice, LICENSE.code's follows.
// Kept: lines 6-11 of the original, unchanged.
//       Removed: the host includes (1-4) and main (13-end); main's grid and block are the manifest entry's.

/*
 * MIT License
 *
 * Copyright (c) 2023-2024, ENCCS and individual contributors.
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

__global__ void vector_add(float *A, float *B, float *C, int n) {
  int tid = threadIdx.x + blockIdx.x * blockDim.x;
  if (tid < n) {
    C[tid] = A[tid] + B[tid];
  }
}
