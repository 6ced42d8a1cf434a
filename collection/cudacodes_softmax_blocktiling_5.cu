// tilelab kernel collection: cudacodes' softmax, block tiling (4 rows a block)
// Source:  https://github.com/Maharshi-Pandya/cudacodes/blob/9a459b1007c68430c801389f4eaf31cf31b906a6/softmax/kernels/blocktiling_5.cu
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

const int TILE_SIZE = 4;


/*
Takes in an array of size `TILE_SIZE` and reduces it as warp-wide sum.
The first element in the array will contain the reduced sum.
*/
__device__ __forceinline__ float warpReduceSum(float val) {
    for(int offset = warpSize / 2; offset > 0; offset /= 2) {
        val += __shfl_down_sync(0xffffffff, val, offset);
    }
    return val;
}

/*
Takes in an array of size `TILE_SIZE` and reduces it warp-wide max.
The first element in the array will contain the reduced max.
*/
__device__ __forceinline__ float warpReduceMax(float val) {
    for (int offset = warpSize / 2; offset > 0; offset /= 2) {
        val = fmaxf(val, __shfl_down_sync(0xffffffff, val, offset));
    }
}

// __device__ __forceinline__ void blockReduceSum(volatile float* arr, float* smem, int ty, int tx, int blockDimX) {
//     warpReduceSum(arr);

//     if (blockDimX <= warpSize) {
//         // for small block sizes, single warp reduction is sufficient
//         return;
//     }

//     int cols = blockDimX / warpSize;
//     int lane = tx % warpSize;
//     int wid = tx / warpSize;

//     if (lane == 0) {
//         #pragma unroll
//         smem[ty*cols + wid] = arr[wid];
//     }
//     __syncthreads();

//     if (tx < warpSize) {
//         #pragma unroll
//         for(int i = 0; i < TILE_SIZE; i++) {
//             arr[i] = smem[i*cols + tx];
//         }
//         warpReduceSum(arr);
//     }
// }

/*
How this works:
Instead of having one block calculate only one row of the output matrix, one block
will compute `TILE_SIZE` number of rows. This way we will have fewer blocks, and more
computations per block. 2D threads will process elements. `tx` will process elements and
`ty` will process rows in a block

We will need partial block-wide reduction with width `tx` threads participating in the reduction
for each row's maximum and norm value.
*/
__global__ void softmax_kernel_5(float* __restrict__ xd, float* __restrict__ resd, int M, int N) {
    int bx = blockDim.x;

    // ty equals TILE_SIZE
    int ty = threadIdx.y;
    int tx = threadIdx.x;

    // result matrix's row
    int row = (bx * TILE_SIZE + ty);
    if (row >= M) return;

    // one for each row
    float local_maxs[TILE_SIZE] = {-INFINITY};
    float local_norms[TILE_SIZE] = {0.f};
    float x[TILE_SIZE] = {0.f};

    for (int i = tx; i < N; i += bx) {
        #pragma unroll
        for (int j = 0; j < TILE_SIZE; j++) {
            x[j] = xd[row * N + i];
            if (x[j] > local_maxs[j]) {
                local_norms[j] *= expf(local_maxs[j] - x[j]);
                local_maxs[j] = x[j];
            }
            local_norms[j] += expf(x[j] - local_maxs[j]);
        }
    }
    __syncthreads();

    for(int tile = 0; tile < TILE_SIZE; tile++) {
        float lm = local_maxs[tile];
        local_maxs[tile] = warpReduceMax(lm);
        local_norms[tile] *= expf(lm - local_maxs[tile]);
        local_norms[tile] = warpReduceSum(local_norms[tile]);
    }

    // finally, compute softmax
    for (int i = tx; i < N; i += bx)
        for (int tile = 0; tile < TILE_SIZE; tile++)
            resd[row * N + i] = expf(xd[row * N + i] - local_maxs[tile]) / local_norms[tile];
}
