// tilelab kernel collection: Kernel Tuner's reduction example: a grid-stride sum with a shared-memory tree per block
// Source:  https://github.com/KernelTuner/kernel_tuner/blob/96a6abc1019179397753c4afede9149a80aec369/examples/cuda/reduction.cu
//          (KernelTuner/kernel_tuner, commit 96a6abc: the examples of Kernel Tuner, Netherlands eScience Center)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the whole file (68 lines) but one line (below): it holds device code only; the launch is a manifest entry.
// Changed as Kernel Tuner changes it: its first loop_unroll_factor_0 value is 0, for which Kernel Tuner
//       deletes the line `#pragma unroll loop_unroll_factor_0` (kernel_tuner/util.py, prepare_kernel_string):
//       line 26 of the original is removed. The parameters the file leaves undefined (block_size_x,
//       num_blocks, use_shuffle) are the entry's -D options, as Kernel Tuner's prefix defines them.

/*
 * Copyright the authors of KernelTuner/kernel_tuner (https://github.com/KernelTuner/kernel_tuner).
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

#ifndef vector
#define vector 1
#endif 

#if (vector==1)
#define floatvector float
#elif (vector == 2)
#define floatvector float2
#elif (vector == 4)
#define floatvector float4
#endif

#if use_shuffle == 1
#define stop_loop 16
#elif use_shuffle == 0
#define stop_loop 0
#endif

__global__ void sum_floats(float *sum_global, floatvector *array, int n) {
    int ti = threadIdx.x;
    int x = blockIdx.x * block_size_x + threadIdx.x;
    int step_size = num_blocks * block_size_x;
    float sum = 0.0f;

    //cooperatively iterate over input array with all thread blocks
    for (int i=x; i<n/vector; i+=step_size) {
        floatvector v = array[i];
        #if vector == 1
        sum += v;
        #elif vector == 2
        sum += v.x + v.y;
        #elif vector == 4
        sum += v.x + v.y + v.z + v.w;
        #endif
    }
    
    //reduce sum to single value (or last 32 in case of use_shuffle)
    __shared__ float sh_mem[block_size_x];

    sh_mem[ti] = sum;
    __syncthreads();
    #pragma unroll
    for (unsigned int s=block_size_x/2; s>stop_loop; s>>=1) {
        if (ti < s) {
            sh_mem[ti] += sh_mem[ti + s];
        }
        __syncthreads();
    }

    //reduce last 32 values to single value using warp shuffle instructions
    #if use_shuffle == 1
    if (ti < 32) {
        sum = sh_mem[ti];
        #pragma unroll
        for (unsigned int s=16; s>0; s>>=1) {
            sum += __shfl_down_sync(0xffffffff, sum, s);
        }
    }
    #else
    sum = sh_mem[0];
    #endif

    //write back one value per thread block, run kernel again with one tread block
    if (ti == 0) {
        sum_global[blockIdx.x] = sum;
    }
}
