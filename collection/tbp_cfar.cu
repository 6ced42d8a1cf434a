// tilelab kernel collection: torchbp's 2-D CFAR (constant false alarm rate) detector for SAR images
// Source:  https://github.com/Ttl/torchbp/blob/3fcafa656b0a33846763a174c971452a02e35ebb/torchbp/csrc/cuda/cfar.cu
// Licence: MIT (the repository's LICENSE, "Copyright 2025 Henrik Forstén"; the source file carries no notice of
//          its own: the repository's notice is repeated below).
//          (Ttl/torchbp, commit 3fcafa6: fast SAR back-projection and radar image operators as PyTorch ops)
// Kept: cfar.cu lines 3-57 (namespace torchbp and the kernel cfar_2d_kernel), unchanged, and the namespace's
//       closing brace (line 106). Removed: line 1 (#include "util.h": PyTorch's and CUDA's host headers; the
//       kernel uses none of util.h's own definitions) and the host code, lines 58-105 (cfar_2d_cuda and the
//       op's registration). The launches are cfar_2d_cuda's: block (256, 1), grid
//       ((N0 * N1 + 255) / 256, nbatch), the image nbatch x N0 x N1 contiguous float32, detections zeroed
//       (torch::zeros_like) before the launch.

/*
 * Copyright 2025 Henrik Forstén
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the “Software”), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED “AS IS”, WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */

namespace torchbp {

__global__ void cfar_2d_kernel(
          const float* img,
          float* detections,
          int N0,
          int N1,
          int Navg0,
          int Navg1,
          int Nguard0,
          int Nguard1,
          float threshold,
          int peaks_only) {
    const int id0 = blockIdx.x * blockDim.x + threadIdx.x;
    const int idx = id0 % N1;
    const int idy = id0 / N1;
    const int idbatch = blockIdx.y * blockDim.y + threadIdx.y;

    if (id0 >= N0 * N1) {
        return;
    }

    if (peaks_only) {
        float v = img[idbatch * N0 * N1 + idy * N1 + idx];
        float v00 = img[idbatch * N0 * N1 + idy * N1 + max(0, idx - 1)];
        float v01 = img[idbatch * N0 * N1 + idy * N1 + min(N1-1, idx + 1)];
        float v10 = img[idbatch * N0 * N1 + max(0, idy - 1) * N1 + idx];
        float v11 = img[idbatch * N0 * N1 + min(N0-1, idy + 1) * N1 + idx];
        if (v < v00 || v < v01 || v < v10 || v < v11) {
            detections[idbatch * N0 * N1 + idy * N1 + idx] = 0.0f;
            return;
        }
    }

    float avg = 0.0f;
    int Navg = 0;
    for (int i=-Navg0; i <= Navg0; i++) {
        int x = idx + i;
        if (x < 0 || x >= N1) continue;
        for (int j=-Navg1; j <= Navg1; j++) {
            if (i >= -Nguard0 && i <= Nguard0 && j >= -Nguard1 && j <= Nguard1) continue;
            int y = idy + j;
            if (y < 0 || y >= N0) continue;
            avg += img[idbatch * N0 * N1 + y * N1 + x];
            Navg += 1;
        }
    }
    avg /= Navg;
    float v = img[idbatch * N0 * N1 + idy * N1 + idx];
    if (v > avg * threshold) {
        detections[idbatch * N0 * N1 + idy * N1 + idx] = v / avg;
    } else {
        detections[idbatch * N0 * N1 + idy * N1 + idx] = 0.0f;
    }
}

}
