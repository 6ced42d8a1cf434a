// tilelab kernel collection: nvcomp 1.2.3's run-length encoder, its first kernel (runs per 1024-value tile)
// Source:  https://github.com/NVIDIA/nvcomp/blob/cbbf1c09e44eb09fa7ce37a20ad37e8c97a7129a/src/RunLengthEncodeGPU.cu
//          (NVIDIA/nvcomp, tag v1.2.3, commit cbbf1c0; launched by RunLengthEncodeGPU::compressDownstream)
// Licence: BSD-3-Clause (the file's own NVIDIA notice, repeated below; the repository's LICENSE is the same)
// Kept, unchanged: lines 1-27 (notice), 47 (<cassert>), 51-168 (namespace nvcomp, its constants, warpSum,
//       cooperativeSum, rleInitKernel), 344 (the kernels' anonymous namespace's close) and 609 (namespace
//       nvcomp's close). Removed: lines 29-45 (the project's own headers and cub's device-wide RLE and scan, used by
//       host code only), 48-49 (<stdexcept>, <string>: host only), 170-343 (rleReduceKernel and rleFinalizeKernel,
//       which take device pointers to device pointers, VALUE** / RUN**, that the collection cannot pass) and
//       345-608 (host code). src/common.h's line 34 (#include <cstdint>), which the file reaches through its
//       own headers, is copied in, marked.
/*
 * Copyright (c) 2020, NVIDIA CORPORATION. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 *  * Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 *  * Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *  * Neither the name of NVIDIA CORPORATION nor the names of its
 *    contributors may be used to endorse or promote products derived
 *    from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
 * OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

#include <cassert>
#include <cstdint> // ---- copied from src/common.h, line 34 ----

namespace nvcomp
{

/******************************************************************************
 * CONSTANTS ******************************************************************
 *****************************************************************************/

namespace
{
constexpr const size_t ALIGN_OFFSET = 256;
constexpr const int WARP_SIZE = 32;
constexpr const int GLOBAL_TILE_SIZE = 1024;
} // namespace

/******************************************************************************
 * KENRELS ********************************************************************
 *****************************************************************************/

namespace
{

template <typename T, int NUM_THREADS>
__device__ T warpSum(T const initVal)
{
  constexpr const uint32_t mask
      = NUM_THREADS < WARP_SIZE ? (1u << NUM_THREADS) - 1 : 0xffffffff;
  T val = initVal;
  for (int d = NUM_THREADS / 2; d > 0; d /= 2) {
    val += __shfl_down_sync(mask, val, d, NUM_THREADS);
  }

  return val;
}

template <typename T, int BLOCK_SIZE>
__device__ T cooperativeSum(T const initVal, T* const buffer)
{
  // first all warps reduce to single value
  assert(BLOCK_SIZE % WARP_SIZE == 0);
  assert(BLOCK_SIZE <= WARP_SIZE * WARP_SIZE);

  T val = warpSum<T, WARP_SIZE>(initVal);
  if (threadIdx.x % WARP_SIZE == 0) {
    buffer[threadIdx.x / WARP_SIZE] = val;
  }
  __syncthreads();

  if (threadIdx.x < (BLOCK_SIZE / WARP_SIZE)) {
    val = warpSum<T, BLOCK_SIZE / WARP_SIZE>(buffer[threadIdx.x]);
  }

  return val;
}

/**
 * @brief This kernel produces the block sizes for a prefixsum in a subsequent
 * kernel.
 *
 * @tparam VALUE The value type.
 * @tparam RUN The run count type.
 * @param in The input data.
 * @param num The size of the input data.
 * @param blockSize The location to write the block sizes (output).
 */
template <typename VALUE, typename RUN, int BLOCK_SIZE, int TILE_SIZE>
__global__ void rleInitKernel(
    const VALUE* const in,
    const size_t* const numInDevice,
    RUN* const blockSize)
{
  constexpr const int ITEMS_PER_THREAD = TILE_SIZE / BLOCK_SIZE;
  // the algorithm here is to keep reducing "chunks" to a start and end marker

  const int num = static_cast<int>(*numInDevice);

  if (blockIdx.x * TILE_SIZE < num) {
    // we load the preceding value in the first spot
    __shared__ VALUE valBuffer[TILE_SIZE + 1];
    __shared__ RUN buffer[BLOCK_SIZE / WARP_SIZE];

    if (threadIdx.x == 0) {
      valBuffer[0]
          = blockIdx.x > 0 ? in[blockIdx.x * TILE_SIZE - 1] : (in[0] + 1);
    }
    for (int tid = threadIdx.x; tid < TILE_SIZE; tid += BLOCK_SIZE) {
      const int gTid = tid + blockIdx.x * TILE_SIZE;
      // cooperatively populate valBuffer and runBuffer
      if (gTid < num) {
        valBuffer[tid + 1] = in[gTid];
      } else {
        valBuffer[tid + 1] = in[num - 1];
      }
    }

    __syncthreads();

    // build bit mask
    VALUE val = valBuffer[threadIdx.x * ITEMS_PER_THREAD];
    RUN sum = 0;
    for (int i = 0; i < ITEMS_PER_THREAD; ++i) {
      const int tid = threadIdx.x * ITEMS_PER_THREAD + i;
      const VALUE nextVal = valBuffer[tid + 1];
      sum += nextVal != val;
      val = nextVal;
    }

    sum = cooperativeSum<RUN, BLOCK_SIZE>(sum, buffer);
    if (threadIdx.x == 0) {
      blockSize[blockIdx.x] = sum;
    }
  } else if (threadIdx.x == 0) {
    blockSize[blockIdx.x] = 0;
  }

  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 0) {
    blockSize[gridDim.x] = 0;
  }
}
} // namespace

} // namespace nvcomp
