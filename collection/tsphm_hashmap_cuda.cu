// tilelab kernel collection: TorchSparse's two-level cuckoo hash map (the coordinate hash table of its sparse
// convolution's kernel maps, before v2.1): bucketing, per-bucket cuckoo insertion in shared memory, lookup
// Source:  https://github.com/mit-han-lab/torchsparse/blob/b55506aa2524c8d69e3b6081a4fd404ffd072b4b/torchsparse/backend/hashmap/hashmap_cuda.cu
//          (mit-han-lab/torchsparse, commit b55506a: the last commit with this file; v2.1 replaced it)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
// Kept: hashmap_cuda.cu lines 8-127 (the three kernels cuckooBucketKernel_Multi, cuckooInsertKernel_Multi,
//       cuckooLookupKernel_Multi), unchanged. Removed: lines 1-3 (<chrono>, <cstdio>, <cstdlib>), the includes of
//       lines 5-6, whose lines the kernels use are copied in below, marked, and the host code from line 129
//       (CuckooHashTableCuda_Multi::lookup_vals and insert_vals). The launches are insert_vals' and lookup_vals' as
//       backend/others/query_cuda.cu (hash_query_cuda) drives them: num_funcs 3, table_size 4 * nextPow2(n) for
//       n < 2048 (at least 512), evict_bound 8 * ceil(log2(n)), BUCKET_SIZE (512) threads a block,
//       ceil(n / 512) blocks for bucketing and lookup, ceil(table_size / 512) for insertion with
//       num_funcs * 512 * 8 bytes of dynamic shared memory.

/*
 * MIT License
 *
 * Copyright (c) 2020-2021 TorchSparse Contributors
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

// ---- copied from torchsparse/backend/hashmap/hashmap_cuda.cuh line 4 (same commit) ----
#include <cstdint>
// ---- copied from torchsparse/backend/utils/atomic.cuh lines 3-6 (same commit) ----
__device__ static uint64_t atomicExch(uint64_t *addr, uint64_t val) {
  return (uint64_t)atomicExch((unsigned long long int *)addr,
                              (unsigned long long int)val);
}
// ---- copied from torchsparse/backend/hashmap/hashmap_cuda.cuh lines 11-12, 18-52 (same commit) ----
/** Reserved value for indicating "empty". */
#define EMPTY_CELL (0)
/** CUDA multi-level thread block size = bucket size. */
#define BUCKET_SIZE (512)

/** Struct of a hash function config. */
typedef struct {
  int rv;  // Randomized XOR value.
  int ss;  // Randomized shift filter start position.
} FuncConfig;

/** Hard code hash functions and all inline helper functions for CUDA kernels'
 * use. */
inline __device__ int do_1st_hash(const uint64_t val, const int num_buckets) {
  return val % num_buckets;
}

inline __device__ int do_2nd_hash(const uint64_t val,
                                  const FuncConfig *const hash_func_configs,
                                  const int func_idx, const int size) {
  FuncConfig fc = hash_func_configs[func_idx];
  return ((val ^ fc.rv) >> fc.ss) % size;  // XOR function as 2nd-level hashing.
}

// trying to ignore EMPTY_CELL by adding 1 at make_data.
inline __device__ uint64_t fetch_val(const uint64_t data, const int pos_width) {
  return data >> pos_width;
}

inline __device__ int fetch_func(const uint64_t data, const int pos_width) {
  return data & ((0x1 << pos_width) - 1);
}

inline __device__ uint64_t make_data(const uint64_t val, const int func,
                                     const int pos_width) {
  return (val << pos_width) ^ func;
}
// ---- end of the copied lines ----

__global__ void cuckooBucketKernel_Multi(
    uint64_t *const key_buf, uint64_t *const val_buf, const int size,
    const uint64_t *const keys, const uint64_t *const vals, const int n,
    int *const counters, const int num_buckets) {
  // Get thread index.
  int idx = threadIdx.x + blockIdx.x * blockDim.x;

  // Only threads within range are active.
  if (idx < n) {
    // Do 1st-level hashing to get bucket id, then do atomic add to get index
    // inside the bucket.
    uint64_t key = keys[idx];
    uint64_t val = vals[idx];

    int bucket_num = do_1st_hash(key, num_buckets);
    int bucket_ofs = atomicAdd(&counters[bucket_num], 1);

    // Directly write the key into the table buffer.
    if (bucket_ofs >= BUCKET_SIZE) {
      printf("%d/%d ERROR: bucket overflow! (n=%d, bucket_num=%d/%d, key=%d)\n",
             bucket_ofs, BUCKET_SIZE, n, bucket_num, num_buckets, key);
    } else {
      key_buf[bucket_num * BUCKET_SIZE + bucket_ofs] = key;
      val_buf[bucket_num * BUCKET_SIZE + bucket_ofs] = val;
    }
  }
}

__global__ void cuckooInsertKernel_Multi(
    uint64_t *const key, uint64_t *const val, const uint64_t *const key_buf,
    const uint64_t *const val_buf, const int size,
    const FuncConfig *const hash_func_configs, const int num_funcs,
    const int *const counters, const int num_buckets, const int evict_bound,
    const int pos_width, int *const rehash_requests) {
  // Create local cuckoo table in shared memory. Size passed in as the third
  // kernel parameter.
  extern __shared__ uint64_t local_key[];
  for (int i = 0; i < num_funcs; ++i) {
    local_key[i * BUCKET_SIZE + threadIdx.x] = EMPTY_CELL;
  }

  // might be useful
  __syncthreads();

  // Get thread index.
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  uint64_t cur_idx = idx;

  // Only threads within local bucket range are active.
  if (threadIdx.x < counters[blockIdx.x]) {
    // Set initial conditions.
    uint64_t cur_key = key_buf[cur_idx];
    int cur_func = 0;
    int evict_count = 0;

    // Start the test-kick-and-reinsert loops.
    do {
      int pos = do_2nd_hash(cur_key, hash_func_configs, cur_func, BUCKET_SIZE);

      uint64_t new_data = make_data(cur_idx + 1, cur_func, pos_width);

      uint64_t old_idx =
          atomicExch(&local_key[cur_func * BUCKET_SIZE + pos], new_data);

      if (old_idx != EMPTY_CELL) {
        cur_idx = fetch_val(old_idx, pos_width) - 1;
        // potential overflow here. It seems that cur_idx < 0 is possible!
        cur_key = key_buf[cur_idx];
        cur_func = (fetch_func(old_idx, pos_width) + 1) % num_funcs;
        evict_count++;
      } else {
        break;
      }

    } while (evict_count < num_funcs * evict_bound);

    // If exceeds eviction bound, then needs rehashing.
    if (evict_count >= num_funcs * evict_bound) {
      atomicAdd(rehash_requests, 1);
    }
  }

  // Every thread write its responsible local slot into the global data table.
  __syncthreads();
  for (int i = 0; i < num_funcs; ++i) {
    uint64_t cur_idx = local_key[i * BUCKET_SIZE + threadIdx.x];
    if (cur_idx == EMPTY_CELL) {
      continue;
    }
    int cur_func = fetch_func(cur_idx, pos_width);
    cur_idx = fetch_val(cur_idx, pos_width) - 1;
    key[i * size + idx] = key_buf[cur_idx];
    val[i * size + idx] = val_buf[cur_idx];
  }
}

__global__ void cuckooLookupKernel_Multi(
    const uint64_t *const keys, uint64_t *const results, const int n,
    const uint64_t *const all_keys, const uint64_t *const all_vals,
    const int size, const FuncConfig *const hash_func_configs,
    const int num_funcs, const int num_buckets, const int pos_width) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;

  // Only threads within range are active.
  if (idx < n) {
    uint64_t key = keys[idx];
    int bucket_num = do_1st_hash(key, num_buckets);
    for (int i = 0; i < num_funcs; ++i) {
      int pos = bucket_num * BUCKET_SIZE +
                do_2nd_hash(key, hash_func_configs, i, BUCKET_SIZE);
      if (all_keys[i * size + pos] == key) {
        results[idx] = all_vals[i * size + pos] + 1;
        return;
      }
    }

    // TODO(Haotian): should be a value that will not be encountered.
    results[idx] = EMPTY_CELL;
  }
}
