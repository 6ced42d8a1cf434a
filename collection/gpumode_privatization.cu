// tilelab kernel collection: vector add through registers (lecture 8)
// Source:  https://github.com/gpu-mode/lectures/blob/7cb40f67ad68f59a7c13e9a8c4d8a816a3c68e7a/lecture_008/privatization.cu
//          (gpu-mode/lectures, commit 7cb40f67)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 4-20 of the original). Removed: host code (main / the
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

// CUDA kernel for vector addition without privatization
__global__ void vectorAdd(const float *a, const float *b, float *result, int n) {
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    if (index < n) {
        result[index] = a[index] + b[index];
    }
}

// CUDA kernel for vector addition with privatization
__global__ void vectorAddPrivatized(const float *a, const float *b, float *result, int n) {
    int index = threadIdx.x + blockIdx.x * blockDim.x;
    if (index < n) {
        float a_private = a[index]; // Load into private memory
        float b_private = b[index]; // Load into private memory
        result[index] = a_private + b_private;
    }
}
