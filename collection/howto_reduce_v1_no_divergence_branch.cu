// tilelab kernel collection: How_to_optimize_in_GPU's reduce v1: interleaved addressing, index = 2*s*tid (bank conflicts)
// Source:  https://github.com/Liu-xiandong/How_to_optimize_in_GPU/blob/5d2def3e082c4e1364c3ade54451b7b9d1d6f044/reduce/reduce_v1_no_divergence_branch.cu
//          (Liu-xiandong/How_to_optimize_in_GPU, commit 5d2def3: CUDA optimisation notes and kernels, by Liu Xiandong)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 7-31 of the original).
//       Removed: the host code (lines 33-85: check() and main(), whose grid and block are the manifest entry's, at a smaller N)
//       and the host-only includes (lines 1-6: <bits/stdc++.h> <cuda.h> "cuda_runtime.h" "device_launch_parameters.h" <time.h> <sys/time.h>).

/*
 * Copyright (c) the authors of Liu-xiandong/How_to_optimize_in_GPU
 * (https://github.com/Liu-xiandong/How_to_optimize_in_GPU).
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


#define THREAD_PER_BLOCK 256

// bank conflict
__global__ void reduce1(float *d_in,float *d_out){
    __shared__ float sdata[THREAD_PER_BLOCK];

    // each thread loads one element from global to shared mem
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x*blockDim.x + threadIdx.x;
    sdata[tid] = d_in[i];
    __syncthreads();

    // do reduction in shared mem
    for(unsigned int s=1; s < blockDim.x; s *= 2) {
        int index = 2 * s * tid;
        if (index < blockDim.x) {
            sdata[index] += sdata[index + s];
        }
        __syncthreads();
    }

    // write result for this block to global mem
    if (tid == 0) d_out[blockIdx.x] = sdata[0];
}
