// tilelab kernel collection: KFM's Deblock filter (AviSynthCUDAFilters): a DCT-domain deblocking post-filter
// Source:  https://github.com/nekopanda/AviSynthCUDAFilters/blob/9da82f045c81b3312f9d243b2952df1057a27768/KFM/Deblock.cu
//          (nekopanda/AviSynthCUDAFilters, commit 9da82f0: CUDA filter plugins for AviSynth Neo; KFM is its
//          own-implementation filter set, KFMDeint's inverse telecine / deinterlacing chain)
// Licence: MIT (README.md, "ライセンス": "KFM: MIT"; the repository has no licence file and the source file no
//          notice, so the MIT licence's text follows, naming the repository's author). The other projects of
//          the repository (KTGMC, KNNEDI3, AvsCUDA, GRunT) are GPL and are not used.
// What:    in the manner of FFmpeg's spp: 8x8 blocks at 2^quality shifted positions, DCT, hard threshold of the AC
//          coefficients by the block's quantiser, IDCT, overlapped sum; plus its quantiser-table and show kernels
// Kept: Deblock.cu line 2 (#include <stdint.h>), lines 137-270 (the DCT constants, dev_dct8 / dev_idct8 and
//       the 8x8 row-column passes), 287-308 (dev_hardthresh and the commented-out soft threshold), 329-434 (qp_apply_thresh, the
//       g_deblock_offset table and kl_deblock<pixel_t>), 514-531 (kl_deblock_show<pixel_t>) and 560-611
//       (norm_qscale and kl_make_qp_table), unchanged except that the file's Shift-JIS (CP932) comments were
//       converted to UTF-8 and its CRLF line endings became LF. Removed: the other includes (<avisynth.h>,
//       <algorithm> and the project's host headers), the host classes and functions (the cpu_* reference and
//       AVX paths, the filter classes and their Create functions) and the file's other filters' kernels from line 650 on.
//       The one helper the kept code takes from common/CommonFunctions.h (clamp, lines 63-67) is copied in,
//       marked. The launches are DeblockPlane's and QPForDeblock's (pixel_t = uint8_t): kl_make_qp_table
//       block (32, 8), grid (ceil(qp_width / 32), ceil(qp_height / 8)); kl_deblock block (8, 2^quality), grid
//       (qp_width, qp_height) = ((width + 15) >> 3, (height + 15) >> 3), dynamic shared memory
//       72 * 2^quality floats, on the frame padded by 8 pixels on each side (pitch (width + 23) & ~7), into the
//       4-plane ushort2 buffer; deblockShift = max(0, quality + bits - 10), deblockMaxV =
//       (1 << (bits + 6 - deblockShift)) - 1; kl_deblock_show block (8, 8), the same grid.

/*
 * MIT License
 *
 * Copyright (c) nekopanda (the AviSynthCUDAFilters authors)
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

#include <stdint.h>

// ---- tilelab: from common/CommonFunctions.h at the same commit, lines 63-67
template<typename T>
__host__ __device__ T clamp(T n, T minv, T maxv)
{
  return max(minv, min(n, maxv));
}
// ---- end of the copied lines

// got from the following command in python. (do "from math import *" before)
#define S1    0.19509032201612825f   // sin(1*pi/(2*8))
#define C1    0.9807852804032304f    // cos(1*pi/(2*8))
#define S3    0.5555702330196022f    // sin(3*pi/(2*8))
#define C3    0.8314696123025452f    // cos(3*pi/(2*8))
#define S2S6  1.3065629648763766f    // sqrt(2)*sin(6*pi/(2*8))
#define S2C6  0.5411961001461971f    // sqrt(2)*cos(6*pi/(2*8))
#define S2    1.4142135623730951f    // sqrt(2)

template <int stride>
__device__ __host__ void dev_dct8(float* data)
{
  // stage 1
  float a0 = data[7 * stride] + data[0 * stride];
  float a1 = data[6 * stride] + data[1 * stride];
  float a2 = data[5 * stride] + data[2 * stride];
  float a3 = data[4 * stride] + data[3 * stride];
  float a4 = data[3 * stride] - data[4 * stride];
  float a5 = data[2 * stride] - data[5 * stride];
  float a6 = data[1 * stride] - data[6 * stride];
  float a7 = data[0 * stride] - data[7 * stride];

  // stage 2 even
  float b0 = a3 + a0;
  float b1 = a2 + a1;
  float b2 = a1 - a2;
  float b3 = a0 - a3;

  // stage 2 odd
  float b4 = (S3 - C3) * a7 + C3 * (a4 + a7);
  float b5 = (S1 - C1) * a6 + C1 * (a5 + a6);
  float b6 = -(C1 + S1) * a5 + C1 * (a5 + a6);
  float b7 = -(C3 + S3) * a4 + C3 * (a4 + a7);

  // stage3 even
  float c0 = b1 + b0;
  float c1 = b0 - b1;
  float c2 = (S2S6 - S2C6) * b3 + S2C6 * (b2 + b3);
  float c3 = -(S2C6 + S2S6) * b2 + S2C6 * (b2 + b3);

  // stage3 odd
  float c4 = b6 + b4;
  float c5 = b7 - b5;
  float c6 = b4 - b6;
  float c7 = b5 + b7;

  // stage 4 odd
  float d4 = c7 - c4;
  float d5 = c5 * S2;
  float d6 = c6 * S2;
  float d7 = c4 + c7;

  // store
  data[0 * stride] = c0;
  data[4 * stride] = c1;
  data[2 * stride] = c2;
  data[6 * stride] = c3;
  data[7 * stride] = d4;
  data[3 * stride] = d5;
  data[5 * stride] = d6;
  data[1 * stride] = d7;
}

template <int stride>
__device__ __host__ void dev_idct8(float* data)
{
  float c0 = data[0 * stride];
  float c1 = data[4 * stride];
  float c2 = data[2 * stride];
  float c3 = data[6 * stride];
  float d4 = data[7 * stride];
  float d5 = data[3 * stride];
  float d6 = data[5 * stride];
  float d7 = data[1 * stride];

  float c4 = d7 - d4;
  float c5 = d5 * S2;
  float c6 = d6 * S2;
  float c7 = d4 + d7;

  float b0 = c1 + c0;
  float b1 = c0 - c1;
  float b2 = -(S2C6 + S2S6) * c3 + S2C6 * (c2 + c3);
  float b3 = (S2S6 - S2C6) * c2 + S2C6 * (c2 + c3);

  float b4 = c6 + c4;
  float b5 = c7 - c5;
  float b6 = c4 - c6;
  float b7 = c5 + c7;

  float a0 = b3 + b0;
  float a1 = b2 + b1;
  float a2 = b1 - b2;
  float a3 = b0 - b3;

  float a4 = -(C3 + S3) * b7 + C3 * (b4 + b7);
  float a5 = -(C1 + S1) * b6 + C1 * (b5 + b6);
  float a6 = (S1 - C1) * b5 + C1 * (b5 + b6);
  float a7 = (S3 - C3) * b4 + C3 * (b4 + b7);

  data[0 * stride] = a7 + a0;
  data[1 * stride] = a6 + a1;
  data[2 * stride] = a5 + a2;
  data[3 * stride] = a4 + a3;
  data[4 * stride] = a3 - a4;
  data[5 * stride] = a2 - a5;
  data[6 * stride] = a1 - a6;
  data[7 * stride] = a0 - a7;
}

__device__ void dev_dct8x8(int tx, float* data)
{
  dev_dct8<1>(data + tx * 9); // row
#if CUDART_VERSION >= 9000
  __syncwarp();
#endif
  dev_dct8<9>(data + tx);  // column
#if CUDART_VERSION >= 9000
  __syncwarp();
#endif
}

__device__ void dev_idct8x8(int tx, float* data)
{
  dev_idct8<9>(data + tx);  // column
#if CUDART_VERSION >= 9000
  __syncwarp();
#endif
  dev_idct8<1>(data + tx * 9); // row
#if CUDART_VERSION >= 9000
  __syncwarp();
#endif
}


__device__ void dev_hardthresh(int tx, float *data, float threshold)
{
  for (int i = tx; i < 72; i += 8) {
    if (i == 0) continue;
    float level = data[i];
    if (abs(level) <= threshold) {
      data[i] = 0;
    }
  }
}

//__device__ void dev_softthresh(int tx, float *data, float threshold)
//{
//  for (int i = tx; i < 72; i += 8) {
//    if (i == 0) continue;
//    float level = data[i];
//    if (abs(level) <= threshold) data[i] = 0;
//    else if (level > 0) data[i] -= threshold;
//    else                data[i] += threshold;
//  }
//}


__device__ __host__ float qp_apply_thresh(float qp, float thresh_a, float thresh_b)
{
  return clamp(thresh_a * qp + thresh_b, 0.0f, qp);
}

#ifdef __CUDA_ARCH__
__constant__
#endif
uchar2 g_deblock_offset[127] = {
  { 0,0 },
  { 0,0 },{ 4,4 },                                           // quality = 1
  { 0,0 },{ 2,2 },{ 6,4 },{ 4,6 },                             // quality = 2
  { 0,0 },{ 5,1 },{ 2,2 },{ 7,3 },{ 4,4 },{ 1,5 },{ 6,6 },{ 3,7 }, // quality = 3

  { 0,0 },{ 4,0 },{ 1,1 },{ 5,1 },{ 3,2 },{ 7,2 },{ 2,3 },{ 6,3 }, // quality = 4
  { 0,4 },{ 4,4 },{ 1,5 },{ 5,5 },{ 3,6 },{ 7,6 },{ 2,7 },{ 6,7 },

  { 0,0 },{ 0,2 },{ 0,4 },{ 0,6 },{ 1,1 },{ 1,3 },{ 1,5 },{ 1,7 }, // quality = 5
  { 2,0 },{ 2,2 },{ 2,4 },{ 2,6 },{ 3,1 },{ 3,3 },{ 3,5 },{ 3,7 },
  { 4,0 },{ 4,2 },{ 4,4 },{ 4,6 },{ 5,1 },{ 5,3 },{ 5,5 },{ 5,7 },
  { 6,0 },{ 6,2 },{ 6,4 },{ 6,6 },{ 7,1 },{ 7,3 },{ 7,5 },{ 7,7 },

  { 0,0 },{ 4,4 },{ 0,4 },{ 4,0 },{ 2,2 },{ 6,6 },{ 2,6 },{ 6,2 }, // quality = 6
  { 0,2 },{ 4,6 },{ 0,6 },{ 4,2 },{ 2,0 },{ 6,4 },{ 2,4 },{ 6,0 },
  { 1,1 },{ 5,5 },{ 1,5 },{ 5,1 },{ 3,3 },{ 7,7 },{ 3,7 },{ 7,3 },
  { 1,3 },{ 5,7 },{ 1,7 },{ 5,3 },{ 3,1 },{ 7,5 },{ 3,5 },{ 7,1 },
  { 0,1 },{ 4,5 },{ 0,5 },{ 4,1 },{ 2,3 },{ 6,7 },{ 2,7 },{ 6,3 },
  { 0,3 },{ 4,7 },{ 0,7 },{ 4,3 },{ 2,1 },{ 6,5 },{ 2,5 },{ 6,1 },
  { 1,0 },{ 5,4 },{ 1,4 },{ 5,0 },{ 3,2 },{ 7,6 },{ 3,6 },{ 7,2 },
  { 1,2 },{ 5,6 },{ 1,6 },{ 5,2 },{ 3,0 },{ 7,4 },{ 3,4 },{ 7,0 },
};

// src: 外周8ピクセル拡張したソース
// out: 外周8ピクセル拡張し、かつ、縦方向に4倍した中間出力バッファ
// qp_table: ffmpegから取得したqpテーブル
// offsets: ブロックオフセットテーブル
// shift: min(3, 16 - quality - bits)
// maxv: (1 << (11 - shift)) - 1
template <typename pixel_t>
__global__ void kl_deblock(
  const pixel_t* __restrict__ src, int src_pitch,
  int bw, int bh,
  ushort2* out, int out_pitch,
  const uint16_t* __restrict__ qp_table, int qp_pitch,
  int count_minus_1, int shift, int maxv,
  float strength, float thresh_a, float thresh_b)
{
  int tx = threadIdx.x; // 8
  int ty = threadIdx.y; // count

  __shared__ ushort2 local_out[16][8];
  extern __shared__ float dct_tmp_buf[];

  // sharedメモリはバンクコンフリクトを回避するため9x8で確保する
  float* dct_tmp = dct_tmp_buf + 72 * ty;

  // local_out初期化
  for (int y = ty; y < 16; y += blockDim.y) {
    local_out[y][tx] = ushort2();
  }
  __syncthreads();

  // getpixel
  const uchar2 offset = g_deblock_offset[count_minus_1 + ty];
  {
    int off_x = blockIdx.x * 8 + offset.x;
    int off_y = blockIdx.y * 8 + offset.y;
    for (int y = 0; y < 8; ++y) {
      dct_tmp[tx + y * 9] = src[(off_x + tx) + (off_y + y) * src_pitch];
    }
  }

  // dct
  dev_dct8x8(tx, dct_tmp);

  // requantize
  uint16_t qp = qp_table[blockIdx.x + blockIdx.y * qp_pitch];
  float thresh = qp_apply_thresh(qp, thresh_a, thresh_b) * ((1 << 2) + strength) - 1;
  // dev_softthresh(tx, dct_tmp, thresh);
  dev_hardthresh(tx, dct_tmp, thresh);
#if CUDART_VERSION >= 9000
  __syncwarp();
#endif

  // idct
  dev_idct8x8(tx, dct_tmp);

  // add
  // 16bitのatomicAddはないので、2つの16bitを1つの32bitとして扱う
  //（オーバーフローしない前提）
  const int half = (1 << shift) >> 1;
  for (int y = 0; y < 8; ++y) {
    int tmp = clamp((int)(dct_tmp[tx + y * 9] + half) >> shift, 0, maxv);
    int off_x = offset.x + tx;
    atomicAdd((int32_t*)&local_out[offset.y + y][off_x >> 1], tmp << ((off_x & 1) * 16));
  }
  __syncthreads();

  // store
  int off_z = (blockIdx.x & 1) + (blockIdx.y & 1) * 2;
  int off_x = blockIdx.x * 4;
  int off_y = (bh * off_z + blockIdx.y) * 8;
  for (int y = ty; y < 16; y += blockDim.y) {
    out[(off_x + tx) + (off_y + y) * out_pitch] = local_out[y][tx];
  }
}

template <typename pixel_t>
__global__ void kl_deblock_show(
  pixel_t* dst, int dst_pitch,
  int width, int height,
  int bw, int bh,
  const uint16_t* qp_table, int qp_pitch,
  float thresh_a, float thresh_b)
{
  uint16_t qp = qp_table[blockIdx.x + blockIdx.y * qp_pitch];
  bool is_enabled = (qp_apply_thresh(qp, thresh_a, thresh_b) >= (qp >> 1));
  int off_x = blockIdx.x * 8 - 4;
  int off_y = blockIdx.y * 8 - 4;
  int x = off_x + threadIdx.x;
  int y = off_y + threadIdx.y;
  if (x >= 0 && x < width && y >= 0 && y < height) {
    dst[x + y * dst_pitch] = is_enabled ? 230 : 16;
  }
}

// normalize the qscale factor
// ffmpegはmpeg1に合わせているが値が小さいのでh264に合わせるようにした
//（ffmpegの4倍の値が返る）
__device__ __host__ inline int norm_qscale(int qscale, int type)
{
  switch (type) {
  case 0/*FF_QSCALE_TYPE_MPEG1*/: return qscale << 2;
  case 1/*FF_QSCALE_TYPE_MPEG2*/: return qscale << 1;
  case 2/*FF_QSCALE_TYPE_H264*/:  return qscale;
  case 3/*FF_QSCALE_TYPE_VP56*/:  return (63 - qscale + 2);
  }
  return qscale;
}


__global__ void kl_make_qp_table(
  int in_width, int in_height,
  const uint8_t* in_table0, const uint8_t* nonb_table0,
	const uint8_t* in_table1, const uint8_t* nonb_table1,
  int in_pitch, int qp_scale, float dc_coeff,
	const uint8_t* dc_table0, const uint8_t* dc_table1, int dc_pitch,
  int qp_shift_x, int qp_shift_y,
  int out_width, int out_height,
  uint16_t* out_table, int out_pitch)
{
  int x = threadIdx.x + blockIdx.x * blockDim.x;
  int y = threadIdx.y + blockIdx.y * blockDim.y;

  if (x < out_width && y < out_height) {
    int qp;
		if (in_table0) {
			int qp_x = min(x >> qp_shift_x, in_width - 1);
			int qp_y = min(y >> qp_shift_y, in_height - 1);
			int in_qp = in_table0[qp_x + qp_y * in_pitch];
			int nonb_qp = nonb_table0[qp_x + qp_y * in_pitch];
			int dc = dc_table0 ? dc_table0[qp_x + qp_y * dc_pitch] : 255;
			if (in_table1) {
				in_qp = max(in_qp, (int)in_table1[qp_x + qp_y * in_pitch]);
				nonb_qp = max(nonb_qp, (int)nonb_table1[qp_x + qp_y * in_pitch]);
				dc = max(dc, dc_table1 ? dc_table1[qp_x + qp_y * dc_pitch] : 255);
			}
			int b = norm_qscale(in_qp, qp_scale);
			int nonb = norm_qscale(nonb_qp, qp_scale);
			float b_ratio = min(1.0f, dc * dc_coeff);
			qp = max(1, (int)(b * b_ratio + nonb * (1 - b_ratio) + 0.5f));
		}
    else {
      qp = qp_scale;
    }
    out_table[x + y * out_pitch] = qp;
  }
}
