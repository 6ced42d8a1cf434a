// tilelab kernel collection: cudacodes' softmax, online (one thread a row, two passes)
// Source:  https://github.com/Maharshi-Pandya/cudacodes/blob/9a459b1007c68430c801389f4eaf31cf31b906a6/softmax/kernels/online_1.cu
//          (Maharshi-Pandya/cudacodes, commit 9a459b1)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 7-39 of the original). Removed: host code (run_kernel_*: events,
//       timing, the launch, which is the manifest entry's) and host-only includes (<cuda.h>, <cuda_runtime.h>,
//       <stdio.h>); the lines of include/cuda_utils.cuh the kernel uses are copied in, marked.
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
One thread processes one entire row, but instead of 3 passes we do only 2 passes.
This is possible due to the property of exponentials.
We are parallelizing over the rows.
*/
__global__ void softmax_kernel_1(float* __restrict__ matd, float* __restrict__ resd, int M, int N) {
    int row = blockDim.x * blockIdx.x + threadIdx.x;

    if (row < M) {
        float m = -1 * INFINITY;
        float L = 0.0f;

        // compute max and norm factor in one pass only
        // by exploiting the property of exponentials
        for (int col = 0; col < N; col++) {
            int i = row * N + col;
            float curr = matd[i];
            if (curr > m) {
                L = L * expf(m - curr);
                m = curr;
            }
            L += expf(curr - m);
        }
        for (int col = 0; col < N; col++) {
            int i = row * N + col;
            resd[i] = expf(matd[i] - m) / L;
        }
    }
}
