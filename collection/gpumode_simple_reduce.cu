// tilelab kernel collection: PMPP's simple in-place sum reduction (lecture 9)
// Source:  https://github.com/gpu-mode/lectures/blob/7cb40f67ad68f59a7c13e9a8c4d8a816a3c68e7a/lecture_009/simple_reduce.cu
//          (gpu-mode/lectures, commit 7cb40f67)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 4-16 of the original). Removed: host code (main / the
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

__global__ void SimpleSumReductionKernel(float* input, float* output) {
    unsigned int i = 2 * threadIdx.x;
    for (unsigned int stride = 1; stride <= blockDim.x; stride *= 2) {
        if (threadIdx.x % stride == 0) {
            input[i] += input[i + stride];
        }
        __syncthreads();

    }
    if (threadIdx.x == 0) {
    *output = input[0];
    }
}
