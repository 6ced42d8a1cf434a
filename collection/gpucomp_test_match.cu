// tilelab kernel collection: GPU-FOR and GPU-DFOR (tile-based bit-packed integer decompression, SIGMOD '22), decoded to a column
// Source:  https://github.com/anilshanbhag/gpu-compression/blob/57e9f67b46d3a43a1fcc1c4f21d565f772381899/src/bench/test_match.cu
//          (anilshanbhag/gpu-compression, commit 57e9f67; the decoders in src/binpack_kernel.cuh, src/deltabinpack_kernel.cuh)
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: it is repeated below)
// Kept, unchanged: test_match.cu lines 22-80 (runDBinKernel, runBinKernel); removed: lines 1-21 (host includes, the allocator)
//       and 81-245 (host); copied in: ../kernel.cuh's two decoders' headers whole (marked), in its include order, and line 18's using.
/*
 * MIT License
 *
 * Copyright (c) 2022 Anil Shanbhag
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */
// ---- copied in: src/deltabinpack_kernel.cuh (whole)
#pragma once
#include <cub/cub.cuh>
using namespace cub;

__forceinline__ __device__ int decodeElementDBin(int i, uint* data_block) {
  // Reference for the frame
  int reference = reinterpret_cast<int*>(data_block)[0];

  // Index of miniblock containing i
  uint miniblock_index = i/32;

  // Miniblock bitwidths
  uint miniblock_bitwidths = data_block[1];

  // Miniblock offset into data_block array
  uint miniblock_offset = 0;
  for (int j=0; j<miniblock_index; j++) {
    miniblock_offset += (miniblock_bitwidths & 255);
    miniblock_bitwidths >>= 8;
  }

  // Miniblock bitwidth
  uint bitwidth = miniblock_bitwidths & 255;

  // Entry index in the miniblock
  uint index_into_miniblock = i & (32 - 1);

  uint start_bitindex = (bitwidth * index_into_miniblock);
  uint start_intindex = 2 + start_bitindex/32;

  unsigned long long element_block = (((unsigned long long)data_block[miniblock_offset + start_intindex + 1]) << 32) | data_block[miniblock_offset + start_intindex];
  start_bitindex = start_bitindex & (32-1);

  uint element = (element_block & (((1LL<<bitwidth) - 1LL) << start_bitindex)) >> start_bitindex;

  return reference + element;
}

template<int BLOCK_THREADS, int ITEMS_PER_THREAD>
__forceinline__ __device__ void LoadDBinPack(uint* block_start, 
    uint* data, uint* shared_buffer, int (&items)[4], bool is_last_tile, int num_tile_items) {
  typedef cub::BlockExchange<int, 128, 4> BlockExchange;

  // Specialize BlockScan for a 1D block of 128 threads on type int
  typedef cub::BlockScan<int, 128> BlockScan;

  int tile_idx = blockIdx.x;

  // Block start indices of 5 blocks converted into integer offsets.
  uint *block_starts = &shared_buffer[0];
  if (threadIdx.x < 5) {
    block_starts[threadIdx.x] = block_start[tile_idx * 4 + threadIdx.x];
  }
  __syncthreads();

  // Shared memory for 4 blocks of encoded l_shipdate data 
  uint* data_block = &shared_buffer[5];

  // Lets load 4 blocks from the encoded column
  uint start_offset = block_starts[0] - 1;
  uint end_offset = block_starts[4];
  for (int i=0; i<4; i++) {
    uint index = start_offset + threadIdx.x + i*128;
    if (index < end_offset)
      data_block[threadIdx.x + i*128] = data[index];
  }
  __syncthreads();

  int first_value = data_block[0];
  data_block = data_block + 1;

  for (int i=0; i<4; i++) {
    if (is_last_tile) {
      if (threadIdx.x + i*128 < num_tile_items) {
        items[i] = decodeElementDBin(threadIdx.x, data_block + block_starts[i] - block_starts[0]);
      }
    }
    else {
      items[i] = decodeElementDBin(threadIdx.x, data_block + block_starts[i] - block_starts[0]);
    }
  }

  if (threadIdx.x == 0) {
    items[0] = first_value;
  }

  __syncthreads();

  typename BlockScan::TempStorage *temp_storage_scan = reinterpret_cast<typename BlockScan::TempStorage*>(shared_buffer);
  typename BlockExchange::TempStorage *temp_storage_exchange = reinterpret_cast<typename BlockExchange::TempStorage*>(shared_buffer);

  BlockExchange(*temp_storage_exchange).StripedToBlocked(items);

  __syncthreads();

  // Also accepts an initial value
  BlockScan(*temp_storage_scan).InclusiveSum(items, items);

  __syncthreads();

  BlockExchange(*temp_storage_exchange).BlockedToStriped(items);
}

// ---- copied in: src/binpack_kernel.cuh (whole)
#pragma once

__forceinline__ __device__ int decodeElement(int i, uint miniblock_index, uint index_into_miniblock, uint* data_block, uint* bitwidths, uint* offsets) {
  // Reference for the frame
  int reference = reinterpret_cast<int*>(data_block)[0];

  uint miniblock_offset = offsets[miniblock_index];
  uint bitwidth = bitwidths[miniblock_index];

  uint start_bitindex = (bitwidth * index_into_miniblock);
  uint start_intindex = 2 + (start_bitindex >> 5);

  start_bitindex = start_bitindex & (32-1);

  unsigned long long element_block = (((unsigned long long)data_block[miniblock_offset + start_intindex + 1]) << 32) | data_block[miniblock_offset + start_intindex];
  uint element = (element_block >> start_bitindex) & ((1LL<<bitwidth) - 1LL);

  return reference + element;
}

template<int BLOCK_THREADS, int ITEMS_PER_THREAD>
__forceinline__ __device__ void LoadBinPack(uint* block_start, 
    uint* data, uint* shared_buffer, int (&items)[ITEMS_PER_THREAD], bool is_last_tile, int num_tile_items) {
  int tile_idx = blockIdx.x;
  int threadId = threadIdx.x;

  // Block start indices of 5 blocks converted into integer offsets.
  uint *block_starts = &shared_buffer[0];
  if (threadId < ITEMS_PER_THREAD + 1) {
    block_starts[threadIdx.x] = block_start[tile_idx * ITEMS_PER_THREAD + threadIdx.x];
  }
  __syncthreads();

  // Shared memory for 4 blocks of encoded l_shipdate data 
  // 5 + 32
  uint* data_block = &shared_buffer[ITEMS_PER_THREAD + 1 + (ITEMS_PER_THREAD << 3)];

  // Lets load 4 blocks from the encoded column
  uint start_offset = block_starts[0];
  uint end_offset = block_starts[ITEMS_PER_THREAD];
  for (int i=0; i<ITEMS_PER_THREAD; i++) {
    uint index = start_offset + threadIdx.x + (i << 7); // i * 128
    if (index < end_offset)
      data_block[threadIdx.x + (i << 7)] = data[index];
  }
  __syncthreads();

  uint* bitwidths = &shared_buffer[ITEMS_PER_THREAD + 1];
  uint* offsets = &shared_buffer[ITEMS_PER_THREAD + 1 + (ITEMS_PER_THREAD << 2)];

  if (threadId < (ITEMS_PER_THREAD << 2)) {
    int i = threadId >> 2;
    int miniblock_index = threadId & 3;

    // Miniblock bitwidths
    uint miniblock_bitwidths = *(data_block + block_starts[i] - block_starts[0] + 1);

    // Miniblock bitwidth
    uint miniblock_offsets = (miniblock_bitwidths << 8) + (miniblock_bitwidths << 16) + (miniblock_bitwidths << 24);
    uint miniblock_offset = (miniblock_offsets >> (miniblock_index << 3)) & 255;
    uint bitwidth = (miniblock_bitwidths >> (miniblock_index << 3)) & 255;

    offsets[threadId] = miniblock_offset;
    bitwidths[threadId] = bitwidth;
  }
  __syncthreads();

  // Index of miniblock containing i
  uint miniblock_index = threadIdx.x >> 5; // i / 32

  // Entry index in the miniblock
  uint index_into_miniblock = threadIdx.x & (32 - 1);

  for (int i=0; i<ITEMS_PER_THREAD; i++) {
    /*if (is_last_tile) {*/
      /*if (threadIdx.x + i*128 < num_tile_items) {*/
        /*items[i] = decodeElement(threadIdx.x, data_block + block_starts[i] - block_starts[0]);*/
      /*}*/
    /*}*/
    /*else {*/
      items[i] = decodeElement(threadIdx.x, miniblock_index, index_into_miniblock, data_block + block_starts[i] - block_starts[0], bitwidths + (i<<2), offsets + (i<<2));
    /*}*/
  }
}

// ---- copied in: test_match.cu line 18
using namespace cub;
// ---- test_match.cu from line 22:
template<int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void runDBinKernel(
    int* col, 
    uint* col_block_start, uint* col_data,
    int num_entries) {
  int tile_size = BLOCK_THREADS * ITEMS_PER_THREAD;
  int tile_idx = blockIdx.x;
  int tile_offset = tile_idx * tile_size;

  // Load a segment of consecutive items that are blocked across threads
  int col_block[ITEMS_PER_THREAD];

  int num_tiles = (num_entries + tile_size - 1) / tile_size;
  int num_tile_items = tile_size;
  bool is_last_tile = false;
  if (tile_idx == num_tiles - 1) {
    num_tile_items = num_entries - tile_offset;
    is_last_tile = true;
  }

  extern __shared__ uint shared_buffer[];
  LoadDBinPack<BLOCK_THREADS, ITEMS_PER_THREAD>(col_block_start, col_data, shared_buffer, col_block, is_last_tile, num_tile_items);

  __syncthreads();

  for (int i=0; i<ITEMS_PER_THREAD; i++) {
    col[tile_size * tile_idx + i * 128 + threadIdx.x] = col_block[i];
  }
}

template<int BLOCK_THREADS, int ITEMS_PER_THREAD>
__global__ void runBinKernel(
    int* col, 
    uint* col_block_start, uint* col_data,
    int num_entries) {
  int tile_size = BLOCK_THREADS * ITEMS_PER_THREAD;
  int tile_idx = blockIdx.x;
  int tile_offset = tile_idx * tile_size;

  // Load a segment of consecutive items that are blocked across threads
  int col_block[ITEMS_PER_THREAD];

  int num_tiles = (num_entries + tile_size - 1) / tile_size;
  int num_tile_items = tile_size;
  bool is_last_tile = false;
  if (tile_idx == num_tiles - 1) {
    num_tile_items = num_entries - tile_offset;
    is_last_tile = true;
  }

  extern __shared__ uint shared_buffer[];
  LoadBinPack<BLOCK_THREADS, ITEMS_PER_THREAD>(col_block_start, col_data, shared_buffer, col_block, is_last_tile, num_tile_items);

  __syncthreads();

  for (int i=0; i<ITEMS_PER_THREAD; i++) {
    col[tile_size * tile_idx + i * 128 + threadIdx.x] = col_block[i];
  }
}
