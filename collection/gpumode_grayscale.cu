// tilelab kernel collection: RGB to grayscale on bytes (lecture 2)
// Source:  https://github.com/gpu-mode/lectures/blob/7cb40f67ad68f59a7c13e9a8c4d8a816a3c68e7a/lecture_002/rgb_to_grayscale/grayscale_kernel.cu
//          (gpu-mode/lectures, commit 7cb40f67)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 5-21 of the original). Removed: host code (main / the
//       PyTorch wrapper, allocation, timing) and host-only includes; the launches are manifest entries.

/*
 * Copyright the authors of gpu-mode/lectures (https://github.com/gpu-mode/lectures).
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

__global__
void rgb_to_grayscale_kernel(unsigned char* output, unsigned char* input, int width, int height) {
    const int channels = 3;

    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (col < width && row < height) {
        int outputOffset = row * width + col;
        int inputOffset = (row * width + col) * channels;

        unsigned char r = input[inputOffset + 0];   // red
        unsigned char g = input[inputOffset + 1];   // green
        unsigned char b = input[inputOffset + 2];   // blue

        output[outputOffset] = (unsigned char)(0.21f * r + 0.71f * g + 0.07f * b);
    }
}
