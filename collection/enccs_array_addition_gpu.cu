// tilelab kernel collection: ENCCS's array addition: one double a thread, no bounds check (the host's NX is no multiple of the block)
// Source:  https://github.com/ENCCS/gpu-programming/blob/87fab1cb29329f6fcf5bf592b96b22ca1c61cec6/content/examples/cuda-hip/cuda/02_array_addition/02_array_addition_gpu.cu
//          (ENCCS/gpu-programming, commit 87fab1c: the ENCCS lesson "GPU programming: why, when and how?")
// Licence: MIT for the lesson's code (the repository's LICENSE.code; its prose is CC-BY-4.0); the file carries no notice, LICENSE.code's follows.
// Kept: lines 1-3, 12, 63-67 of the original, unchanged.
//       Removed: the host includes (4-5), the host constants a, b, c, EPSILON (7-10), main and array_check (13-60, 70-82); main's grid and block are the manifest entry's.

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

//
// nvcc 02_array_addition_gpu.cu
//

void __global__ array_addition(const double *vecA, const double *vecB, double *vecC);

void __global__ array_addition(const double *vecA, const double *vecB, double *vecC)
{
    const int i = blockDim.x * blockIdx.x + threadIdx.x;
    vecC[i] = vecA[i] + vecB[i];
}
