// tilelab kernel collection: naive and shared-memory tiled matrix multiply (lecture 8)
// Source:  https://github.com/gpu-mode/lectures/blob/7cb40f67ad68f59a7c13e9a8c4d8a816a3c68e7a/lecture_008/tiling.cu
//          (gpu-mode/lectures, commit 7cb40f67)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-39 of the original). Removed: host code (main / the
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

__global__ void matrixMulSimple(float* A, float* B, float* C, int width) {
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if(col < width && row < width) {
        float value = 0;
        for (int k = 0; k < width; ++k) {
            value += A[row * width + k] * B[k * width + col];
        }
        C[row * width + col] = value;
    }
}

#define TILE_WIDTH 16

__global__ void matrixMulTiled(float* A, float* B, float* C, int width) {
    __shared__ float As[TILE_WIDTH][TILE_WIDTH];
    __shared__ float Bs[TILE_WIDTH][TILE_WIDTH];

    int bx = blockIdx.x, by = blockIdx.y;
    int tx = threadIdx.x, ty = threadIdx.y;
    int Row = by * blockDim.y + ty;
    int Col = bx * blockDim.x + tx;

    float value = 0;
    for (int m = 0; m < width/TILE_WIDTH; ++m) {
        As[ty][tx] = A[Row*width + (m*TILE_WIDTH + tx)];
        Bs[ty][tx] = B[(m*TILE_WIDTH + ty)*width + Col];
        __syncthreads();

        for (int k = 0; k < TILE_WIDTH; ++k) {
            value += As[ty][k] * Bs[k][tx];
        }
        __syncthreads();
    }

    if(Row < width && Col < width) {
        C[Row*width + Col] = value;
    }
}
