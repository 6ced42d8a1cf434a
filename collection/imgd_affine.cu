// tilelab kernel collection: imgdistort's GPU affine warp (bilinear, the inverse map, per image of a batch)
// Source:  https://github.com/jpuigcerver/imgdistort/blob/a61c22d5fb751a732b0a0795af1984829fb0b46e/affine.cu
//          (jpuigcerver/imgdistort, commit a61c22d: the image distortions, affine warps and grey-scale
//          morphology, that PyLaia's handwriting-recognition training uses for data augmentation, as a
//          Torch/PyTorch extension over a CUDA and a CPU back end)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
// Kept: affine.cu lines 7-39 (BLOCK_SIZE and kernel_affine_NCHW), unchanged. Removed: the includes of
//       affine.h, <glog/logging.h> and utils.h, and the host code (lines 41-73: call_kernel_affine_NCHW's
//       CHECKs and launch, affine_NCHW_f32/_f64). Copied in, marked: affine.h lines 6-19
//       (invert_affine_matrix) and utils.h lines 7 and 17-50 (DIV_UP, coord_in, pixv, pixv_pad, blinterp).
//       The launches are call_kernel_affine_NCHW's: block BLOCK_SIZE x BLOCK_SIZE, grid
//       C * DIV_UP(W, BLOCK_SIZE) x DIV_UP(H, BLOCK_SIZE) x N, at T = float (affine_NCHW_f32) and
//       T = double (affine_NCHW_f64).

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

// ---- copied from utils.h lines 7 and 17-50 (imgdistort, same commit) ----
#define DIV_UP(x, y) (((x) + (y) - 1) / (y))

#define coord_in(x, y, w, h) \
  (((x) < 0 || (y) < 0 || (x) >= (w) || (y) >= (h)) ? 0 : 1)
#define pixv(src, x, y, w, h) ((src)[(y) * (w) + (x)])
#define pixv_pad(src, x, y, w, h, v)                                  \
  (((x) < 0||(y) < 0||(x) >= (w)||(y) >= (h)) ? (v) : ((src)[(y) * (w) + (x)]))

template <typename T>
__host__ __device__
float blinterp(const T* src, float x, float y, int w, int h) {
  const int x_i = static_cast<int>(x);
  const int y_i = static_cast<int>(y);
  const float a = fabs(x - x_i);
  const float b = fabs(y - y_i);
  float n = 0;
  float v = 0.0f;
  if (coord_in(x_i    , y_i    , w, h)) {
    v += (1 - a) * (1 - b) * pixv(src, x_i    , y_i    , w, h);
    n += (1 - a) * (1 - b);
  }
  if (coord_in(x_i + 1, y_i    , w, h)) {
    v += (    a) * (1 - b) * pixv(src, x_i + 1, y_i    , w, h);
    n += (    a) * (1 - b);
  }
  if (coord_in(x_i    , y_i + 1, w, h)) {
    v += (1 - a) * (    b) * pixv(src, x_i    , y_i + 1, w, h);
    n += (1 - a) * (    b);

  }
  if (coord_in(x_i + 1, y_i + 1, w, h)) {
    v += (    a) * (    b) * pixv(src, x_i + 1, y_i + 1, w, h);
    n += (    a) * (    b);
  }
  return n > 0.0f ? v / n : 0.0f;
}
// ---- end of utils.h ----

// ---- copied from affine.h lines 6-19 (imgdistort, same commit) ----
template <typename T>
__host__ __device__
inline void invert_affine_matrix(const T* M, T* iM) {
  const double M0 = M[0], M1 = M[1], M2 = M[2], M3 = M[3], M4 = M[4], M5 = M[5];
  const double D = (M0 * M4 != M1 * M3) ? 1.0 / (M0 * M4 - M1 * M3) : 0.0;
  const double A11 =  M4 * D;
  const double A12 = -M1 * D;
  const double A21 = -M3 * D;
  const double A22 =  M0 * D;
  const double b1 = -A11 * M2 - A12 * M5;
  const double b2 = -A21 * M2 - A22 * M5;
  iM[0] = A11; iM[1] = A12; iM[2] = b1;
  iM[3] = A21; iM[4] = A22; iM[5] = b2;
}
// ---- end of affine.h ----

#define BLOCK_SIZE 16

template <typename T>
__global__
void kernel_affine_NCHW(
    T* dst, const T* src, const int N, const int C, const int H, const int W,
    const T* M, const int Mn) {
  const int Bx = BLOCK_SIZE * (blockIdx.x % DIV_UP(W, BLOCK_SIZE));
  const int By = BLOCK_SIZE * blockIdx.y;
  const int n = blockIdx.z;
  const int c = blockIdx.x / DIV_UP(W, BLOCK_SIZE);
  const int x = Bx + threadIdx.x;
  const int y = By + threadIdx.y;

  // Copy affine transformation matrix into shared memory and invert it.
  // The affine matrix needs to be inverted because the kernel actually computes
  // the inverse operation.
  // All threads in the block work on the same image, and thus all use the same
  // affine matrix.
  __shared__ T _M[6];
  const int offset_M = (n % Mn) * 6;
  if (threadIdx.x == 0 && threadIdx.y == 0) {
    invert_affine_matrix(M + offset_M, _M);
  }
  __syncthreads();

  // Compute output pixel value
  if (x >= W || y >= H) return;
  const T rx = _M[0] * x + _M[1] * y + _M[2];
  const T ry = _M[3] * x + _M[4] * y + _M[5];
  const int offset_S = n * C * H * W + c * H * W;
  dst[offset_S + y * W + x] = blinterp(src + offset_S, rx, ry, W, H);
}
