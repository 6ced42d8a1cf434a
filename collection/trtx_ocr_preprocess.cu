// tilelab kernel collection: tensorrtx: PP-OCRv5's det_preprocess_kernel and rec_preprocess_kernel (bilinear resize and normalisation) (ppocrv5/src/preprocess.cu)
// Source:  https://github.com/wang-xinyu/tensorrtx/blob/3ff22bb4be762dafa2ce83dac0b291ba9a57cd9b/ppocrv5/src/preprocess.cu
//          (wang-xinyu/tensorrtx, commit 3ff22bb: TensorRT implementations of popular networks, their image pre- and post-processing)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019-2020 Wang Xinyu"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 18-123 and 191 of the original: the anonymous namespace with bilinearSample
//       and the two kernels), after <stdint.h>. Removed: the host code (lines 11-16: static buffers; lines 125-190:
//       roundToMultiple32, the buffer helpers and the launching functions; lines 192-end: preprocessDet, preprocessRec, init
//       and destroy) and the host-only includes (lines 1-9: "preprocess.h" "config.h" "cuda_utils.h" <algorithm> <cmath>
//       <cstring> <stdexcept>).

/*
 * MIT License
 *
 * Copyright (c) 2019-2020 Wang Xinyu
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

#include <stdint.h>   // uint8_t, which the removed includes brought in

namespace {

__device__ void bilinearSample(uint8_t* src, int src_line_size, int src_width, int src_height, float src_x, float src_y,
                               float* c0, float* c1, float* c2) {
    int x_low = floorf(src_x);
    int y_low = floorf(src_y);
    int x_high = x_low + 1;
    int y_high = y_low + 1;

    float lx = src_x - x_low;
    float ly = src_y - y_low;
    float hx = 1.0f - lx;
    float hy = 1.0f - ly;
    float w1 = hy * hx;
    float w2 = hy * lx;
    float w3 = ly * hx;
    float w4 = ly * lx;

    uint8_t const_value[] = {0, 0, 0};
    uint8_t* v1 = const_value;
    uint8_t* v2 = const_value;
    uint8_t* v3 = const_value;
    uint8_t* v4 = const_value;

    if (y_low >= 0) {
        if (x_low >= 0) {
            v1 = src + y_low * src_line_size + x_low * 3;
        }
        if (x_high < src_width) {
            v2 = src + y_low * src_line_size + x_high * 3;
        }
    }

    if (y_high < src_height) {
        if (x_low >= 0) {
            v3 = src + y_high * src_line_size + x_low * 3;
        }
        if (x_high < src_width) {
            v4 = src + y_high * src_line_size + x_high * 3;
        }
    }

    *c0 = w1 * v1[0] + w2 * v2[0] + w3 * v3[0] + w4 * v4[0];
    *c1 = w1 * v1[1] + w2 * v2[1] + w3 * v3[1] + w4 * v4[1];
    *c2 = w1 * v1[2] + w2 * v2[2] + w3 * v3[2] + w4 * v4[2];
}

__global__ void det_preprocess_kernel(uint8_t* src, int src_line_size, int src_width, int src_height, float* dst,
                                      int dst_width, int dst_height, int edge) {
    int position = blockDim.x * blockIdx.x + threadIdx.x;
    if (position >= edge) {
        return;
    }

    int dx = position % dst_width;
    int dy = position / dst_width;
    float scale_x = static_cast<float>(src_width) / static_cast<float>(dst_width);
    float scale_y = static_cast<float>(src_height) / static_cast<float>(dst_height);
    float src_x = (dx + 0.5f) * scale_x - 0.5f;
    float src_y = (dy + 0.5f) * scale_y - 0.5f;
    src_x = fminf(fmaxf(src_x, 0.0f), static_cast<float>(src_width - 1));
    src_y = fminf(fmaxf(src_y, 0.0f), static_cast<float>(src_height - 1));

    float c0, c1, c2;
    bilinearSample(src, src_line_size, src_width, src_height, src_x, src_y, &c0, &c1, &c2);

    c0 = c0 / 255.0f;
    c1 = c1 / 255.0f;
    c2 = c2 / 255.0f;

    int area = dst_width * dst_height;
    float* pdst_c0 = dst + dy * dst_width + dx;
    float* pdst_c1 = pdst_c0 + area;
    float* pdst_c2 = pdst_c1 + area;
    *pdst_c0 = (c0 - 0.485f) / 0.229f;
    *pdst_c1 = (c1 - 0.456f) / 0.224f;
    *pdst_c2 = (c2 - 0.406f) / 0.225f;
}

__global__ void rec_preprocess_kernel(uint8_t* src, int src_line_size, int src_width, int src_height, float* dst,
                                      int resize_width, int dst_width, int dst_height, int edge) {
    int position = blockDim.x * blockIdx.x + threadIdx.x;
    if (position >= edge) {
        return;
    }

    int dx = position % resize_width;
    int dy = position / resize_width;
    float scale_x = static_cast<float>(src_width) / static_cast<float>(resize_width);
    float scale_y = static_cast<float>(src_height) / static_cast<float>(dst_height);
    float src_x = (dx + 0.5f) * scale_x - 0.5f;
    float src_y = (dy + 0.5f) * scale_y - 0.5f;
    src_x = fminf(fmaxf(src_x, 0.0f), static_cast<float>(src_width - 1));
    src_y = fminf(fmaxf(src_y, 0.0f), static_cast<float>(src_height - 1));

    float c0, c1, c2;
    bilinearSample(src, src_line_size, src_width, src_height, src_x, src_y, &c0, &c1, &c2);

    int area = dst_width * dst_height;
    float* pdst_c0 = dst + dy * dst_width + dx;
    float* pdst_c1 = pdst_c0 + area;
    float* pdst_c2 = pdst_c1 + area;
    *pdst_c0 = c0 / 127.5f - 1.0f;
    *pdst_c1 = c1 / 127.5f - 1.0f;
    *pdst_c2 = c2 / 127.5f - 1.0f;
}

}  // namespace   (line 191 of the original: the anonymous namespace's end, after the removed host helpers)
