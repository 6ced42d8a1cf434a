// tilelab kernel collection: CUDA-ALIGN-DNA's edit distance: the matrix's first column and row, and the matrix by one thread (main.cu)
// Source:  https://github.com/cguzman95/CUDA-ALIGN-DNA/blob/b67eb37a37efd658084422c9aef801db9354c521/main.cu
//          (cguzman95/CUDA-ALIGN-DNA, commit b67eb37: a course project's GPU edit distance of two DNA sequences)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 Christian Guzman Ruiz"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 3-34 of the original).
//       Removed: the include of the host-only header main.h (line 1: <cuda.h>, <stdio.h>, <stdlib.h>, <string.h> and
//       read_sequence) and the host code (lines 36-71: edit_distance, main).

/*
 * MIT License
 *
 * Copyright (c) 2026 Christian Guzman Ruiz
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

#define T_BLOCK 1024

__device__ static int dmin3(int a, int b, int c) {
  int m = a < b ? a : b;
  return m < c ? m : c;
}

__global__ void d_init_dpi(int *dp, int m, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dp[i * m] = i;
}

__global__ void d_init_dpj(int *dp, int m) {
  int j = blockIdx.x * blockDim.x + threadIdx.x;
  if (j < m)
    dp[j] = j;
}

__global__ void d_edit_core(char *a, char *b, int *dp, int n, int m) {
  int tid = blockIdx.x * blockDim.x + threadIdx.x;

  if (tid == 0) {
    for (int i = 1; i < n; i++) {
      for (int j = 1; j < m; j++) {
        int cost = (a[i - 1] == b[j - 1]) ? 0 : 1;
        dp[i * m + j] = dmin3(dp[(i - 1) * m + j] + 1, dp[i * m + (j - 1)] + 1,
                              dp[(i - 1) * m + (j - 1)] + cost);
      }
    }
  }
}
