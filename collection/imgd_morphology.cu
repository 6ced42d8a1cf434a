// tilelab kernel collection: imgdistort's GPU grey-scale dilation and erosion (any structuring element up to
// 15 x 15, per image of a batch, the tile and its apron in shared memory)
// Source:  https://github.com/jpuigcerver/imgdistort/blob/a61c22d5fb751a732b0a0795af1984829fb0b46e/morphology.cu
//          (jpuigcerver/imgdistort, commit a61c22d; see imgd_affine.cu)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
// Kept: morphology.cu lines 9-59 (the size defines and kernel_dilate_or_erode_NCHW), unchanged. Removed: the
//       includes of morphology.h, <glog/logging.h>, <limits> (used by the host code only) and utils.h, and
//       the host code (lines 61-126: call_kernel_dilate_or_erode_NCHW's CHECKs and launch, the four
//       dilate/erode_NCHW_f32/_f64 wrappers). Copied in, marked: utils.h lines 7, 19-22 (DIV_UP, pixv,
//       pixv_pad) and 58-61 (thBi; utils.h defines it under #ifdef __CUDACC__, which NVRTC defines too).
//       The launches are call_kernel_dilate_or_erode_NCHW's: block BLOCK_SIZE x BLOCK_SIZE, grid
//       C * DIV_UP(W, BLOCK_SIZE) x DIV_UP(H, BLOCK_SIZE) x N, with the wrappers' padv (-inf for dilate,
//       +inf for erode) at T = float and T = double.

/*
 * The MIT License (MIT)
 *
 * Copyright (c) 2016 Joan Puigcerver
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

// ---- copied from utils.h lines 7, 19-22 and 58-61 (imgdistort, same commit) ----
#define DIV_UP(x, y) (((x) + (y) - 1) / (y))
#define pixv(src, x, y, w, h) ((src)[(y) * (w) + (x)])
#define pixv_pad(src, x, y, w, h, v)                                  \
  (((x) < 0||(y) < 0||(x) >= (w)||(y) >= (h)) ? (v) : ((src)[(y) * (w) + (x)]))

#define thBi (                                          \
    threadIdx.x +                                       \
    threadIdx.y * blockDim.x +                          \
    threadIdx.z * blockDim.x * blockDim.y)
// ---- end of utils.h ----

// W,H Block size
#define BLOCK_SIZE      16
// W,H Max Kernel sizes (up to 15 x 15 pixels)
#define MAX_KERNEL_SIZE 15
// W,H Max apron area size
#define MAX_APRON_SIZE  (BLOCK_SIZE + MAX_KERNEL_SIZE - 1)

template <typename T, bool dilate>
__global__
void kernel_dilate_or_erode_NCHW(
    T* D, const T* S, const int N, const int C, const int H, const int W,
    const bool* M, const int Mn, const int Mh, const int Mw, const T padv) {
  const int Bx = BLOCK_SIZE * (blockIdx.x % DIV_UP(W, BLOCK_SIZE));
  const int By = BLOCK_SIZE * blockIdx.y;
  const int n = blockIdx.z;
  const int c = blockIdx.x / DIV_UP(W, BLOCK_SIZE);
  const int x = Bx + threadIdx.x;
  const int y = By + threadIdx.y;
  const int offset_S = n * C * H * W + c * H * W;
  const int offset_M = (n % Mn) * Mh * Mw;

  // Copy structure kernel mask to shared memory.
  __shared__ bool _M[MAX_KERNEL_SIZE * MAX_KERNEL_SIZE];
  if (threadIdx.x < Mw && threadIdx.y < Mh) {
    _M[threadIdx.x + threadIdx.y * Mw] =
        M[offset_M + threadIdx.y * Mw + threadIdx.x];
  }

  // Copy source image to shared memory
  __shared__ T _S[MAX_APRON_SIZE * MAX_APRON_SIZE];
  const int Aw = BLOCK_SIZE + Mw - 1, Ah = BLOCK_SIZE + Mh - 1;
  const int L = DIV_UP(Aw * Ah, BLOCK_SIZE * BLOCK_SIZE);
  for (int l = 0, j = L * thBi; l < L && j < Aw * Ah; ++l, ++j) {
    const int ax = j % Aw,           ay = j / Aw;
    const int sx = Bx + ax - Mw / 2, sy = By + ay - Mh / 2;
    _S[j] = pixv_pad(S + offset_S, sx, sy, W, H, padv);
  }
  __syncthreads();

  // Compute output pixel value
  if (x >= W || y >= H) return;
  T tmp = padv;
  for (int ki = 0; ki < Mh; ++ki) {
    for (int kj = 0; kj < Mw; ++kj) {
      if (!_M[ki * Mw + kj]) continue;
      const T v = pixv(_S, threadIdx.x + kj, threadIdx.y + ki, Aw, Ah);
      if ((dilate && tmp < v) || (!dilate && tmp > v)) tmp = v;
    }
  }
  D[offset_S + y * W + x] = tmp;
}
