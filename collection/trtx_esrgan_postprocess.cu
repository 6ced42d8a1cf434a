// tilelab kernel collection: tensorrtx: Real-ESRGAN's postprocess_kernel (NCHW to NHWC, RGB to BGR, x255, clamp, to bytes) (real-esrgan/x4plus/postprocess.cu)
// Source:  https://github.com/wang-xinyu/tensorrtx/blob/3ff22bb4be762dafa2ce83dac0b291ba9a57cd9b/real-esrgan/x4plus/postprocess.cu
//          (wang-xinyu/tensorrtx, commit 3ff22bb: TensorRT implementations of popular networks, their image pre- and post-processing)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019-2020 Wang Xinyu"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 3-25 of the original), after <stdint.h>.
//       Removed: the host code (lines 27-end: postprocess and the plugin's enqueue) and the host-only include (line 1:
//       "cuda_utils.h", which brought in uint8_t).

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

#include <stdint.h>   // uint8_t, which the removed include brought in

using namespace std;

// postprocess (NCHW->NHWC, RGB->BGR, *255, ROUND, uint8)
__global__ void postprocess_kernel(uint8_t* output, float* input,
    const int batchSize, const int height, const int width, const int channel,
    const int thread_count)
{
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    if (index >= thread_count) return;

    const int c_idx = index % channel;
    int idx = index / channel;
    const int w_idx = idx % width;
    idx /= width;
    const int h_idx = idx % height;
    const int b_idx = idx / height;

    int g_idx = b_idx * height * width * channel + (2 - c_idx)* height * width + h_idx * width + w_idx;
    float tt = input[g_idx] * 255.f;
    if (tt > 255)
        tt = 255;
    output[index] = tt;
}
