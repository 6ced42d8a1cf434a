// tilelab kernel collection: ENCCS's transpose study, v1: naive transpose (strided stores)
// Source:  https://github.com/ENCCS/gpu-programming/blob/87fab1cb29329f6fcf5bf592b96b22ca1c61cec6/content/examples/non-portable-kernel-models/cuda-matrix-transpose-v1.cu
//          (ENCCS/gpu-programming, commit 87fab1c: the ENCCS lesson "GPU programming: why, when and how?")
// Licence: MIT for the lesson's code (the repository's LICENSE.code; its prose is CC-BY-4.0); the file carries no notice, LICENSE.code's follows.
// Kept: lines 9-11, 13-22 of the original, unchanged.
//       Removed: the host includes (2-7) and main (24-86); main's grid and block are the manifest entry's.

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

const static int width = 4096;
const static int height = 4096;
const static int tile_dim = 16;

__global__ void transpose_naive_kernel(float *in, float *out, int width,
                                       int height) {
  int x_index = blockIdx.x * tile_dim + threadIdx.x;
  int y_index = blockIdx.y * tile_dim + threadIdx.y;

  int in_index = y_index * width + x_index;
  int out_index = x_index * height + y_index;

  out[out_index] = in[in_index];
}
