// tilelab kernel collection: the radix-select top-k's kernels: a per-block 256-bin shared histogram of one 8-bit digit
// Source:  https://github.com/anilshanbhag/gpu-topk/blob/eb53fe33e7c0d4e5e56787d45f48bb39201de5ec/src/radixSelectTopK.cuh
//          (anilshanbhag/gpu-topk, commit eb53fe3, Anil Shanbhag's GPU top-k: sort, radix select and bitonic top-k)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2016 Anil Shanbhag"), repeated below.
// of the twiddled keys (run-length-merged shared atomics, then global atomics), its guarded version for the tail, and
// select_kth_bucket (cub::BlockLoad, cub::BlockScan, two compactions through shared memory by block-wide atomicAdd).
// Kept: line 2 (<cub/device/device_radix_sort.cuh>, through which the kernels get cub::Traits, BlockLoad and BlockScan) and
//       lines 4-371 (the using-directives and the three kernel templates), unchanged. Removed: line 1 (<cuda.h>, the
//       driver API), line 3 (<cub/util_allocator.cuh>, the host's CachingDeviceAllocator) and lines 372-471 (KPT 16, TPB 384,
//       DIGIT_BITS 8 and the host function radixSelectTopK, whose launches the entries copy).
// Selection, fixed before any run (collection/manifest.toml, the gtopk_ entries): every __global__ kernel of the file, none
// dropped for its result, each launched as radixSelectTopK launches it in its first pass (digit 0): rdxsrt_histogram<KeyT,
// uint, 8, 16, 384, 9><<<num_items / 6144, 384>>>, rdxsrt_histogram_with_guards<...><<<1, 384>>> on the remainder, and
// select_kth_bucket<KeyT, uint, 8, 16, 384><<<num_blocks + remainder_blocks, 384>>> with the digit value the host takes
// from the histogram for k; KeyT float and unsigned int (compareTopKAlgorithms' types 1 and 3); the host's 2^start..2^stop
// keys replaced by 13,288 (two full tiles and a tail of 1,000), k = 1,000. bitonicTopK.cuh is not taken: its kernels need
// sharedmem.cuh's SharedMemory<T>, NVIDIA EULA code. sortTopK.cuh has no kernel (cub::DeviceRadixSort from the host).
//
// MIT License
//
// Copyright (c) 2016 Anil Shanbhag
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

#include <cub/device/device_radix_sort.cuh>

using namespace cub;
using namespace std;

/**
 * Computes the histogram over the digit values of an array of keys that MUST have a length of an integer multiple of (KPT * blockDim.x).
 * The padding to the integer multiple can be done by adding 0's at the end and subtracting the number of padded 0's from the final result's 0 bin.
 * The 2^NUM_BITS possible counts (0..2^NUM_BITSNUM_BITS-1) will be placed in global_histo.
 * @param keys            [IN]  The keys for which to compute the histogram
 * @param digit           [IN]
 * @param global_histo        [OUT] The array of element counts, MUST be 256 in size.
 * @param per_block_histo     [OUT]
 */
template<
  typename KeyT,    // Data type of the keys within device memory. Data will be twiddled (if necessary) to unsigned type
  typename IndexT,  // Data type used for key's offsets and counters (limits number of supported keys, uint = 2^32)
  int NUM_BITS,     // Number of bits being sorted at a time
  int KPT,          // Number of keys per thread
  int TPB,          // Number of threads per block
  int PRE_SORT_RUNS_LENGTH // For values greater than 1, this causes to sort a thread's keys by runs of a given length to improve run-length encoded updates to shared memory.
>
__global__ void rdxsrt_histogram(KeyT *__restrict__ keys, const uint digit, IndexT *global_histo)
{
  /*** TYPEDEFs***/
  typedef Traits<KeyT>                        KeyTraits;
  typedef typename KeyTraits::UnsignedBits    UnsignedBits;
  /*typedef LoadUnit<IndexT, RDXSRT_LOAD_STRIDE_WARP, KPT, TPB> KeyLoader;*/

  /*** DECLARATIONS ***/
  UnsignedBits tloc_keys[KPT];
  uint tloc_masked[KPT];
  __shared__ uint shared_bins[0x01<<NUM_BITS];

  /*** INIT SHARED HISTO ***/
  if(threadIdx.x < 32){
    #pragma unroll
    for(int i=0;i<(0x01<<NUM_BITS);i+=32){
      shared_bins[i+threadIdx.x] = 0;
    }
  }
  __syncthreads();

  /*** GET KEYS & PREPARE KEYS FOR HISTO ***/
  // Bucket index used to determine the memory offset of the bucket's global histogram
  const uint bucket_idx = 0;
  // This thread block's keys memory offset, pointing to the index of its first key
  const IndexT block_offset = (blockDim.x * blockIdx.x * KPT);

  // Load keys
  // KeyLoader(block_offset, threadIdx.x).template LoadStrided<UnsignedBits, KeyT, 0, KPT>(keys, tloc_keys);
  #pragma unroll
  for (int i=0; i<KPT; i++) {
    tloc_keys[i] = reinterpret_cast<UnsignedBits*>(keys)[block_offset + threadIdx.x + blockDim.x * i];
  }

#if true || USE_RLE_HISTO
  // Mask
  #pragma unroll
  for (int i=0; i<KPT; i++) {
    tloc_keys[i] = KeyTraits::TwiddleIn(tloc_keys[i]);
    tloc_masked[i] = (tloc_keys[i]>>((sizeof(KeyT)*8)-(NUM_BITS*(digit+1))))&((0x01<<NUM_BITS)-1);
  }

#if 0
  /*** SORT RUNS ***/
  if(PRE_SORT_RUNS_LENGTH>1){
    SortingNetwork<uint>::sort_runs<PRE_SORT_RUNS_LENGTH>(tloc_masked);
  }
#endif

  /*** COMPUTE HISTO ***/
  uint rle = 1;
  #pragma unroll
  for(int i=1; i<KPT; i++){
    if(tloc_masked[i] == tloc_masked[i-1])
      rle++;
    else{
      atomicAdd(&shared_bins[tloc_masked[i-1]], rle);
      rle=1;
    }
  }
  atomicAdd(&shared_bins[tloc_masked[KPT-1]], rle);
#else
  #pragma unroll
  for(int i=0; i<KPT; i++){
    tloc_masked[i] = (tloc_keys[i]>>((sizeof(KeyT)*8)-(NUM_BITS*(digit+1))))&((0x01<<NUM_BITS)-1);
    atomicAdd(&shared_bins[tloc_masked[i]], 1);
  }
#endif

  // Make sure we've got the counts from all threads
  __syncthreads();

  /*** Write shared histo to global histo ***/
  if(threadIdx.x < 32){
    for(int i=0;i<(0x01<<NUM_BITS);i+=32){
      atomicAdd(&global_histo[(0x01<<NUM_BITS)*bucket_idx+i+threadIdx.x], shared_bins[i+threadIdx.x]);
      // per_block_histo[blockIdx.x*(0x01<<NUM_BITS)+i+threadIdx.x] = shared_bins[i+threadIdx.x];
    }
  }
}

template<
  typename KeyT,    // Data type of the keys within device memory. Data will be twiddled (if necessary) to unsigned type
  typename IndexT,  // Data type used for key's offsets and counters (limits number of supported keys, uint = 2^32)
  int NUM_BITS,     // Number of bits being sorted at a time
  int KPT,          // Number of keys per thread
  int TPB,          // Number of threads per block
  int PRE_SORT_RUNS_LENGTH // For values greater than 1, this causes to sort a thread's keys by runs of a given length to improve run-length encoded updates to shared memory.
>
__global__ void rdxsrt_histogram_with_guards(KeyT *__restrict__ keys, const uint digit, IndexT *global_histo, const IndexT total_keys, const int block_index_offset)
{
  /*** TYPEDEFs***/
  typedef Traits<KeyT>                        KeyTraits;
  typedef typename KeyTraits::UnsignedBits    UnsignedBits;
  /*typedef LoadUnit<IndexT, RDXSRT_LOAD_STRIDE_WARP, KPT, TPB> KeyLoader;*/

  /*** DECLARATIONS ***/
  UnsignedBits tloc_keys[KPT];
  uint tloc_masked[KPT];
  __shared__ uint shared_bins[(0x01<<NUM_BITS) + 1];

  /*** INIT SHARED HISTO ***/
  if (threadIdx.x < 32) {
    #pragma unroll
    for(int i=0;i<(0x01<<NUM_BITS);i+=32){
      shared_bins[i+threadIdx.x] = 0;
    }
  }
  __syncthreads();

  /*** GET KEYS & PREPARE KEYS FOR HISTO ***/
  // Bucket index used to determine the memory offset of the bucket's global histogram
  const uint bucket_idx = 0;
  // This thread block's keys memory offset, pointing to the index of its first key
  const IndexT block_offset = (blockDim.x * (block_index_offset + blockIdx.x) * KPT);

  // Maximum number of keys the block may fetch
  const IndexT block_max_num_keys = total_keys - block_offset;
  // KeyLoader(block_offset, threadIdx.x).template LoadStridedWithGuards<UnsignedBits, KeyT, 0, KPT>(keys, tloc_keys, block_max_num_keys);
  #pragma unroll
  for (int i=0; i<KPT; i++) {
    if ((threadIdx.x + blockDim.x * i) < block_max_num_keys) {
      tloc_keys[i] = reinterpret_cast<UnsignedBits*>(keys)[block_offset + threadIdx.x + blockDim.x * i];
    }
  }

  #pragma unroll
  for(int i=0; i<KPT; i++){
    // if(KeyLoader(block_offset, threadIdx.x).ThreadIndexInBounds(block_max_num_keys, i)){
    if ((threadIdx.x + blockDim.x * i) < block_max_num_keys) {
      tloc_keys[i] = KeyTraits::TwiddleIn(tloc_keys[i]);
      tloc_masked[i] = (tloc_keys[i]>>((sizeof(KeyT)*8)-(NUM_BITS*(digit+1))))&((0x01<<NUM_BITS)-1);
      atomicAdd(&shared_bins[tloc_masked[i]], 1);
    }
  }

  // Make sure we've got the counts from all threads
  __syncthreads();

  /*** Write shared histo to global histo ***/
  if(threadIdx.x < 32){
    for(int i=0;i<(0x01<<NUM_BITS);i+=32){
      atomicAdd(&global_histo[(0x01<<NUM_BITS)*bucket_idx+i+threadIdx.x], shared_bins[i+threadIdx.x]);
      // per_block_histo[(block_index_offset + blockIdx.x)*(0x01<<NUM_BITS)+i+threadIdx.x] = shared_bins[i+threadIdx.x];
    }
  }
}

/**
 * Makes a single pass over the input array to find entries whose digit is equal to selected digit value and greater than
 * digit value. Entries equal to digit value are written to keys_buffer for future processing, entries greater
 * are written to output array.
 * @param d_keys_in        [IN] The keys for which to compute the histogram
 * @param digit            [IN] Digit index (0 => highest digit, 3 => lowest digit for 32-bit)
 * @param digit_val        [IN] Digit value.
 * @param num_items        [IN] Number of entries.
 * @param d_keys_buffer    [OUT] Entries with x[digit] > digit_val.
 * @param d_keys_out       [OUT] Entries with x[digit] > digit_val.
 * @param d_index_buffer   [OUT] Index into d_keys_buffer.
 * @param d_index_out      [OUT] Index into d_keys_out.
 */
template<
  typename KeyT,    // Data type of the keys within device memory. Data will be twiddled (if necessary) to unsigned type
  typename IndexT,  // Data type used for key's offsets and counters (limits number of supported keys, uint = 2^32)
  int NUM_BITS,     // Number of bits being sorted at a time
  int KPT,          // Number of keys per thread
  int TPB           // Number of threads per block
>
__global__ void select_kth_bucket(KeyT* d_keys_in, const uint digit, const uint digit_val, uint num_items,
    KeyT* d_keys_buffer, KeyT* d_keys_out, uint* d_index_buffer, uint* d_index_out)
{
  typedef Traits<KeyT>                        KeyTraits;
  typedef typename KeyTraits::UnsignedBits    UnsignedBits;

  // Specialize BlockLoad for a 1D block of TPB threads owning KPT integer items each
  typedef cub::BlockLoad<UnsignedBits, TPB, KPT, BLOCK_LOAD_TRANSPOSE> BlockLoadT;

  // Specialize BlockScan type for our thread block
  typedef BlockScan<int, TPB, BLOCK_SCAN_RAKING> BlockScanT;

  const int tile_size = TPB * KPT;
  int tile_idx = blockIdx.x;    // Current tile index
  int tile_offset = tile_idx * tile_size;

  // Allocate shared memory for BlockLoad
  __shared__ union TempStorage
  {
    typename BlockLoadT::TempStorage    load_items;
    typename BlockScanT::TempStorage    scan;
    int offset[1];
    UnsignedBits raw_exchange[2 * TPB * KPT];
  } temp_storage;

  // Load a segment of consecutive items that are blocked across threads
  UnsignedBits key_entries[KPT];
  /*float payload_entries[KPT];*/
  int selection_flags[KPT];
  int selection_indices[KPT];

  int num_tiles = (num_items + tile_size - 1) / tile_size;
  int num_tile_items = tile_size;
  bool is_last_tile = false;
  if (tile_idx == num_tiles - 1) {
    num_tile_items = num_items - tile_offset;
    is_last_tile = true;
  }

  // Load keys
  if (is_last_tile)
    BlockLoadT(temp_storage.load_items).Load(reinterpret_cast<UnsignedBits*>(d_keys_in) + tile_offset, key_entries, num_tile_items);
  else
    BlockLoadT(temp_storage.load_items).Load(reinterpret_cast<UnsignedBits*>(d_keys_in) + tile_offset, key_entries);


#if 0
  if (is_last_tile)
    BlockLoadT(temp_storage.load_items).Load(payload + tile_offset, payload_entries, num_tile_items);
  else
    BlockLoadT(temp_storage.load_items).Load(payload + tile_offset, payload_entries);
#endif

  __syncthreads();

  /*** Step 1: Find keys with digit value to selected digit value ***/
  #pragma unroll
  for (int ITEM = 0; ITEM < KPT; ++ITEM)
  {
    // Out-of-bounds items are selection_flags
    selection_flags[ITEM] = 0;

    if (!is_last_tile || (int(threadIdx.x * KPT) + ITEM < num_tile_items)) {
      UnsignedBits key = KeyTraits::TwiddleIn(key_entries[ITEM]);
      uint masked_key = (key>>((sizeof(KeyT)*8)-(NUM_BITS*(digit+1))))&((0x01<<NUM_BITS)-1);
      selection_flags[ITEM] = (masked_key > digit_val);
    }
  }

  __syncthreads();

  // Compute exclusive prefix sum
  int num_selected;
  BlockScanT(temp_storage.scan).ExclusiveSum(selection_flags, selection_indices, num_selected);

  __syncthreads();

  if (num_selected > 0) {
    int index_out;
    if (threadIdx.x == 0) {
      // Find index into keys_out array
      index_out = atomicAdd(d_index_out, num_selected);
      temp_storage.offset[0] = index_out;
    }

    __syncthreads();

    index_out = temp_storage.offset[0];

    __syncthreads();

    // Compact and scatter items
    #pragma unroll
    for (int ITEM = 0; ITEM < KPT; ++ITEM)
    {
      int local_scatter_offset = selection_indices[ITEM];
      if (selection_flags[ITEM])
      {
        temp_storage.raw_exchange[local_scatter_offset] = key_entries[ITEM];
        /*temp_storage.raw_exchange[tile_size + local_scatter_offset] = payload_entries[ITEM];*/
      }
    }

    __syncthreads();

    // Write out matched entries to output array
    for (int item = threadIdx.x; item < num_selected; item += TPB)
    {
      reinterpret_cast<UnsignedBits*>(d_keys_out)[index_out + item] = temp_storage.raw_exchange[item];
    }

    __syncthreads();

#if 0
    for (int item = threadIdx.x; item < num_selected; item += TPB)
    {
      payload_out[num_selections_prefix + item] = temp_storage.raw_exchange[tile_size + item];
    }
#endif
  }

  /*** Step 2: Find entries that have digit equal to digit value ***/
  #pragma unroll
  for (int ITEM = 0; ITEM < KPT; ++ITEM)
  {
    // Out-of-bounds items are selection_flags
    selection_flags[ITEM] = 0;

    if (!is_last_tile || (int(threadIdx.x * KPT) + ITEM < num_tile_items)) {
      UnsignedBits key = KeyTraits::TwiddleIn(key_entries[ITEM]);
      uint masked_key = (key>>((sizeof(KeyT)*8)-(NUM_BITS*(digit+1))))&((0x01<<NUM_BITS)-1);
      selection_flags[ITEM] = (masked_key == digit_val);
    }
  }

  __syncthreads();

  // Compute exclusive prefix sum
  BlockScanT(temp_storage.scan).ExclusiveSum(selection_flags, selection_indices, num_selected);

  __syncthreads();

  if (num_selected > 0) {
    int index_buffer;
    if (threadIdx.x == 0) {
      index_buffer = atomicAdd(d_index_buffer, num_selected);
      temp_storage.offset[0] = index_buffer;
    }

    __syncthreads();

    index_buffer = temp_storage.offset[0];

    __syncthreads();

    // Compact and scatter items
    #pragma unroll
    for (int ITEM = 0; ITEM < KPT; ++ITEM)
    {
      int local_scatter_offset = selection_indices[ITEM];
      if (selection_flags[ITEM])
      {
        temp_storage.raw_exchange[local_scatter_offset] = key_entries[ITEM];
        /*temp_storage.raw_exchange[tile_size + local_scatter_offset] = payload_entries[ITEM];*/
      }
    }

    __syncthreads();

    // Write out output entries
    for (int item = threadIdx.x; item < num_selected; item += TPB)
    {
      reinterpret_cast<UnsignedBits*>(d_keys_buffer)[index_buffer + item] = temp_storage.raw_exchange[item];
    }

    __syncthreads();
  }
}

