// tilelab kernel collection: tensorrtx: Real-ESRGAN's preprocess_kernel (NHWC to NCHW, BGR to RGB, /255) (real-esrgan/x4plus/preprocess.cu)
// Source:  https://github.com/wang-xinyu/tensorrtx/blob/3ff22bb4be762dafa2ce83dac0b291ba9a57cd9b/real-esrgan/x4plus/preprocess.cu
//          (wang-xinyu/tensorrtx, commit 3ff22bb: TensorRT implementations of popular networks, their image pre- and post-processing)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019-2020 Wang Xinyu"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 3-23 of the original), after <stdint.h>.
//       Removed: the host code (lines 25-end: preprocess and the plugin's enqueue) and the host-only include (line 1:
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

// preprocess (NHWC->NCHW, BGR->RGB, [0, 255]->[0, 1](Normalize))
__global__ void preprocess_kernel(float* output, uint8_t* input,
    const int batchSize, const int height, const int width, const int channel,
    const int thread_count)
{
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    if (index >= thread_count) return;

    const int w_idx = index % width;
    int idx = index / width;
    const int h_idx = idx % height;
    idx /= height;
    const int c_idx = idx % channel;
    const int b_idx = idx / channel;

    int g_idx = b_idx * height * width * channel + h_idx * width * channel + w_idx * channel + 2 - c_idx;

    output[index] = input[g_idx] / 255.f;
}
