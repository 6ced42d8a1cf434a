// tilelab kernel collection: cudacodes' softmax, a block a row, float4 accesses and block reductions
// Source:  https://github.com/Maharshi-Pandya/cudacodes/blob/9a459b1007c68430c801389f4eaf31cf31b906a6/softmax/kernels/vectorized_4.cu
//          (Maharshi-Pandya/cudacodes, commit 9a459b1)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 8-109 of the original). Removed: host code (run_kernel_*: events,
//       timing, the launch, which is the manifest entry's) and host-only includes (<cuda.h>, <cuda_runtime.h>,
//       <stdio.h>, <assert.h>); the lines of include/cuda_utils.cuh the kernel uses are copied in, marked.
//       Built with the repository Makefile's -std=c++17 --extended-lambda (the manifest's options).

/*
 * Copyright the authors of Maharshi-Pandya/cudacodes (https://github.com/Maharshi-Pandya/cudacodes).
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

// ---- from softmax/include/cuda_utils.cuh (lines 7, 21-97; its guard, host-only includes and CUDA_CHECK not taken)
#include <limits.h>
#define CEIL_DIV(x, y) ((x) >= 0 ? (((x) + (y) - 1) / (y)) : ((x) / (y)))

#define M_PI 3.14159265f

#ifndef WARP_SIZE
#define WARP_SIZE 32
#endif


// warp reduce for any Op
template<typename T, typename Op>
__device__ __forceinline__ T warpReduce(T val, Op op, unsigned int mask = 0xffffffffu) {
    for(int offset = WARP_SIZE >> 1; offset > 0; offset >>= 1)
        val = op(val, __shfl_down_sync(mask, val, offset));
    return val;
}

// warp reduce for sum and max using lambda functions
template<typename T>
__device__ __forceinline__ T warpReduceSum(T val) {
    return warpReduce(val, []__device__(T a, T b) { return a + b; });
}

template<typename T>
__device__ __forceinline__ T warpReduceMax(T val) {
    return warpReduce(val, []__device__(T a, T b) { return a > b ? a : b; });
}

template<typename T, typename Op>
__device__ __forceinline__ void blockReduce(T val, T *smem, T identity, Op op) {
    int tx = threadIdx.x;
    int wid = tx / WARP_SIZE;
    int lane = tx % WARP_SIZE;

    val = warpReduce(val, op);

    // when blockDim is greater than 32, we need to do a block level reduction
    // AFTER warp level reductions since we have the 8 maximum values that needs to be reduced again
    // the global max will be stored in the first warp
    if (blockDim.x > WARP_SIZE) {
        if (lane == 0) {
            // which warp are we at?
            // store the value in its first thread index
            smem[wid] = val;
        }
        __syncthreads();

        // first warp will do global reduction only
        // this is possible because we stored the values in the shared memory
        // so the threads in the first warp will read from it and then reduce
        if (tx < WARP_SIZE) {
            val = (tx < CEIL_DIV(blockDim.x, WARP_SIZE)) ? smem[tx] : identity;
            val = warpReduce(val, op);
            if (tx == 0) smem[0] = val;
        }
    } else {
        // this is for when the number of threads in a block are not
        // greater than the warp size, in that case we already reduced
        // so we can store the value
        if (tx == 0) smem[0] = val;
    }
}

template<typename T>
__device__ __forceinline__ void blockReduceSum(T val, T *smem, T identity) {
    return blockReduce(
        val, smem, identity, []__device__(T a, T b) { return a + b; } 
    );
}


template<typename T>
__device__ __forceinline__ void blockReduceMax(T val, T *smem, T identity) {
    return blockReduce(
        val, smem, identity, []__device__(T a, T b) { return a > b ? a : b; }
    );
}

// ---- end of cuda_utils.cuh's lines

/*
This kernel implements an online softmax operation on a matrix of size (M, N).
The softmax operation is performed on the last dimension of the matrix.

How this works:
Instead of accessing shared memory and having sync barrier overhead, we will use warp-level primitives (then
block-level) for performing max and sum reductions. The benefit is: it is faster than shared
memory access and also does not need syncing since each warp (group of 32 threads) execute
an instuction parallely on GPU so no chance of race conditions.

We will also use vectorized loads and stores.
*/
__global__ void softmax_kernel_4(float* __restrict__ xd, float* __restrict__ resd, int M, int N) {
    // max and norm reduction will happen in shared memory (static)
    extern __shared__ float smem[];

    int row = blockIdx.x;
    int tid = threadIdx.x;
    if (row >= M) return;

    float* input_row = xd + row * N;
    float* output_row = resd + row * N;
    float local_max = -INFINITY;
    float local_norm = 0.0f;

    // cast as float4
    int n_float4s = N / 4;
    int tail = N % 4;
    float4* input_row_vec = reinterpret_cast<float4*>(input_row);
    float4* output_row_vec = reinterpret_cast<float4*>(output_row);
    float maxval = -INFINITY;

    #pragma unroll
    for (int i = tid; i < n_float4s; i += blockDim.x) {
        float4 elem = input_row_vec[i];

        maxval = fmaxf(maxval, elem.x);
        maxval = fmaxf(maxval, elem.y);
        maxval = fmaxf(maxval, elem.z);
        maxval = fmaxf(maxval, elem.w);
        if (maxval > local_max) {
            local_norm *= __expf(local_max - maxval);
            local_max = maxval;
        }
        local_norm += __expf(elem.x - maxval);
        local_norm += __expf(elem.y - maxval);
        local_norm += __expf(elem.z - maxval);
        local_norm += __expf(elem.w - maxval);
    }

    // handle extra row elements
    if (tail && tid < tail) {
        float val = input_row[n_float4s * 4 + tid];
        if (val > local_max) {
            local_norm *= __expf(local_max - val);
            local_max = val;
        }
        local_norm += __expf(val - local_max);
    }
    __syncthreads();

    // warp level reduction using XOR shuffle ('exchanges' the values in the threads)
    // note: if there are 256 threads in one block (8 warps of 32 threads each)
    // the following for loop reduces the value in all the 8 warps
    // the 8 warps contain the 8 maximum values of the 32 threads that reside in those warps
    // float val = smem[tid];
    blockReduceMax<float>(local_max, smem, -INFINITY);
    __syncthreads();

    // we got the global row max now
    float row_max = smem[0];
    __syncthreads();

    // each thread will have its own local_norm
    // we will store the corrected local_norm and reduce it
    // same reduction algorithm as above, but instead of max reduction
    // we do a sum reduction i.e. we accumulate the values
    float val = local_norm * expf(local_max - row_max);
    blockReduceSum<float>(val, smem, 0.0f);
    __syncthreads();

    float row_norm = smem[0];
    __syncthreads();

    // finally, compute softmax
    #pragma unroll
    for (int i = tid; i < n_float4s; i += blockDim.x) {
        float4 elem = input_row_vec[i];
        elem.x = __expf(elem.x - row_max) / row_norm;
        elem.y = __expf(elem.y - row_max) / row_norm;
        elem.z = __expf(elem.z - row_max) / row_norm;
        elem.w = __expf(elem.w - row_max) / row_norm;

        output_row_vec[i] = elem;
    }
    // write tail elements
    if (tail && tid < tail)
    {
        float val = input_row[n_float4s * 4 + tid];
        output_row[n_float4s * 4 + tid] = __expf(val - row_max) / row_norm;
    }
}
