// tilelab kernel collection: fast-interconnects' no-partitioning hash join (linear probing and perfect hashing, build and probe-aggregate)
// Source:  https://github.com/TU-Berlin-DIMA/fast-interconnects/blob/84c181aa22f5d33e3c6af090ca09ba804408aa44/sql-ops/cudautils/no_partitioning_join.cu
//          (TU-Berlin-DIMA/fast-interconnects, commit 84c181a; headers sql-ops/include/gpu_common.h, ptx_memory.h; sql-ops/cudautils/gpu_common.cu)
// Licence: Apache-2.0 (each file's own notice, kept; the repository's LICENSE).
// Kept, unchanged: no_partitioning_join.cu lines 1-27 and 29-379; removed: line 28 (#include <gpu_common.h>, copied in at its place:
//       gpu_common.h lines 1-18 and 20-219 with ptx_memory.h lines 1-240 at line 19, its #include <ptx_memory.h>; then gpu_common.cu lines 1-13 and 17-61, its definitions).
// Copyright 2018-2022 Clemens Lutz
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
//
// Note that parts of this code are based on the Hawk query compiler by
// Sebastian Bress et al.
// See https://github.com/TU-Berlin-DIMA/Hawk-VLDBJ for details.

/*
 * Assumptions:
 *
 * Hash table's size is 2^x - 1
 * Key with value==-1 is reserved for NULL values
 * Key and payload are int64_t
 * Hash table is initialized with all entries set to -1
 */

// ---- copied in from sql-ops/include/gpu_common.h lines 1-18 (its #include <ptx_memory.h>, line 19, replaced by that header's lines 1-240)
// Copyright 2020-2022 Clemens Lutz
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef GPU_COMMON_H
#define GPU_COMMON_H

#ifdef __CUDACC__
// ---- copied in from sql-ops/include/ptx_memory.h lines 1-240
// Copyright 2020-2022 Clemens Lutz
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

#ifndef PTX_MEMORY_H
#define PTX_MEMORY_H

/*
 * Cache at global level
 *
 * Loads from L2 cache, by-passing L1 cache.
 */
template <typename T>
__device__ __forceinline__ T ptx_load_cache_global(const T *addr);

template <>
__device__ __forceinline__ unsigned int ptx_load_cache_global<>(
    const unsigned int *addr) {
  unsigned int return_value;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ int ptx_load_cache_global<>(const int *addr) {
  int return_value;
  asm volatile("ld.global.cg.s32 %0, [%1];" : "=r"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ long long ptx_load_cache_global<>(
    const long long *addr) {
  long long return_value;
  asm volatile("ld.global.cg.s64 %0, [%1];" : "=l"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ longlong2
ptx_load_cache_global<>(const longlong2 *addr) {
  longlong2 return_value;
  asm volatile("ld.global.cg.v2.s64 {%0, %1}, [%2];"
               : "=l"(return_value.x), "=l"(return_value.y)
               : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ unsigned long long ptx_load_cache_global<>(
    const unsigned long long *addr) {
  unsigned long long return_value;
  asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(return_value) : "l"(addr));
  return return_value;
}

/*
 * Cache streaming, likely accessed once
 *
 * Load with first-eviction policy in L1 and L2 to limit cache pollution.
 */
template <typename T>
__device__ __forceinline__ T ptx_load_cache_streaming(const T *addr);

template <>
__device__ __forceinline__ int ptx_load_cache_streaming<>(const int *addr) {
  int return_value;
  asm volatile("ld.global.cs.s32 %0, [%1];" : "=r"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ int2 ptx_load_cache_streaming<>(const int2 *addr) {
  int2 return_value;
  asm volatile("ld.global.cs.v2.s32 {%0, %1}, [%2];"
               : "=r"(return_value.x), "=r"(return_value.y)
               : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ long long ptx_load_cache_streaming<>(
    const long long *addr) {
  long long return_value;
  asm volatile("ld.global.cs.s64 %0, [%1];" : "=l"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ longlong2
ptx_load_cache_streaming<>(const longlong2 *addr) {
  longlong2 return_value;
  asm volatile("ld.global.cs.v2.s64 {%0, %1}, [%2];"
               : "=l"(return_value.x), "=l"(return_value.y)
               : "l"(addr));
  return return_value;
}

/*
 * Don't cache and fetch again
 *
 * Invalidates and discardes matching L2 cacheline and loads again from memory.
 */
template <typename T>
__device__ __forceinline__ T ptx_load_nocache(const T *addr);

template <>
__device__ __forceinline__ int ptx_load_nocache<>(const int *addr) {
  int return_value;
  asm volatile("ld.global.cv.s32 %0, [%1];" : "=r"(return_value) : "l"(addr));
  return return_value;
}

template <>
__device__ __forceinline__ long long ptx_load_nocache<>(const long long *addr) {
  long long return_value;
  asm volatile("ld.global.cv.s64 %0, [%1];" : "=l"(return_value) : "l"(addr));
  return return_value;
}

/*
 * Cache at global level
 *
 * Stores only in L2 cache, by-passing L1 cache.
 */
template <typename T>
__device__ __forceinline__ void ptx_store_cache_global(T *addr, T value);

template <>
__device__ __forceinline__ void ptx_store_cache_global<>(int *addr, int value) {
  asm volatile("st.global.cg.s32 [%0], %1;" : : "l"(addr), "r"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_global<>(unsigned int *addr,
                                                         unsigned int value) {
  asm volatile("st.global.cg.u32 [%0], %1;" : : "l"(addr), "r"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_global<>(long long *addr,
                                                         long long value) {
  asm volatile("st.global.cg.s64 [%0], %1;" : : "l"(addr), "l"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_global<>(
    unsigned long long *addr, unsigned long long value) {
  asm volatile("st.global.cg.u64 [%0], %1;" : : "l"(addr), "l"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_global<>(longlong2 *addr,
                                                         longlong2 value) {
  asm volatile("st.global.cg.v2.s64 [%0], {%1, %2};"
               :
               : "l"(addr), "l"(value.x), "l"(value.y));
}

/*
 * Cache streaming, likely accessed once
 *
 * Stores by allocating cacheline with first-eviction policy in L1 and L2 to
 * limit cache pollution.
 */
template <typename T>
__device__ __forceinline__ void ptx_store_cache_streaming(T *addr, T value);

template <>
__device__ __forceinline__ void ptx_store_cache_streaming<>(int *addr,
                                                            int value) {
  asm volatile("st.global.cs.s32 [%0], %1;" : : "l"(addr), "r"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_streaming<>(int2 *addr,
                                                            int2 value) {
  asm volatile("st.global.cs.v2.s32 [%0], {%1, %2};"
               :
               : "l"(addr), "r"(value.x), "r"(value.y));
}

template <>
__device__ __forceinline__ void ptx_store_cache_streaming<>(long long *addr,
                                                            long long value) {
  asm volatile("st.global.cs.s64 [%0], %1;" : : "l"(addr), "l"(value));
}

template <>
__device__ __forceinline__ void ptx_store_cache_streaming<>(longlong2 *addr,
                                                            longlong2 value) {
  asm volatile("st.global.cs.v2.s64 [%0], {%1, %2};"
               :
               : "l"(addr), "l"(value.x), "l"(value.y));
}

/*
 * Don't cache and write-through
 *
 * Writes through the L2 cache to memory.
 */
template <typename T>
__device__ __forceinline__ void ptx_store_nocache(T *addr, T value);

template <>
__device__ __forceinline__ void ptx_store_nocache<>(int *addr, int value) {
  asm volatile("st.global.wt.s32 [%0], %1;" : : "l"(addr), "r"(value));
}

template <>
__device__ __forceinline__ void ptx_store_nocache<>(long long *addr,
                                                    long long value) {
  asm volatile("st.global.wt.s64 [%0], %1;" : : "l"(addr), "l"(value));
}

/*
 * Prefetch into L1 data cache
 */
__device__ __forceinline__ void ptx_prefetch_l1(void const *const ptr) {
  asm("prefetch.global.L1 [%0];" : : "l"(ptr));
}

/*
 * Prefetch into L2 data cache
 */
__device__ __forceinline__ void ptx_prefetch_l2(void const *const ptr) {
  asm("prefetch.global.L2 [%0];" : : "l"(ptr));
}

#endif /* PTX_MEMORY_H */
// ---- end of ptx_memory.h; gpu_common.h lines 20-219
#endif /* __CUDACC__ */

#ifndef __CUDACC__
#define __forceinline__ __attribute__((always_inline)) inline
#endif /* not __CUDACC__ */

#ifndef CUDA_MODIFIER
#define CUDA_MODIFIER __device__
#endif

// #ifdef __CUDACC__
// Returns the log2 of the next-lower power of two
CUDA_MODIFIER int log2_floor_power_of_two(int x);
CUDA_MODIFIER int log2_floor_power_of_two(long long x);
CUDA_MODIFIER int log2_floor_power_of_two(unsigned int x);
CUDA_MODIFIER int log2_floor_power_of_two(unsigned long x);
CUDA_MODIFIER int log2_floor_power_of_two(unsigned long long x);

// Returns the log2 of the next-higher power of two
CUDA_MODIFIER int log2_ceil_power_of_two(int x);
CUDA_MODIFIER int log2_ceil_power_of_two(long long x);
CUDA_MODIFIER int log2_ceil_power_of_two(unsigned int x);
CUDA_MODIFIER int log2_ceil_power_of_two(unsigned long x);
CUDA_MODIFIER int log2_ceil_power_of_two(unsigned long long x);
// #endif /* __CUDACC__ */

// A key-value tuple.
//
// Note that the struct's layout must be kept in sync with its counterpart in
// Rust.
template <typename K, typename V>
struct Tuple {
  K key;
  V value;

#ifdef __CUDACC__
  __device__ __forceinline__ void load(Tuple<int, int> const &src) {
    int2 tmp = *reinterpret_cast<int2 const *>(&src);
    this->key = tmp.x;
    this->value = tmp.y;
  }

  __device__ __forceinline__ void load(Tuple<long long, long long> const &src) {
    longlong2 tmp = *reinterpret_cast<longlong2 const *>(&src);
    this->key = tmp.x;
    this->value = tmp.y;
  }

  __device__ __forceinline__ void load_streaming(Tuple<int, int> const &src) {
    int2 tmp = ptx_load_cache_streaming(reinterpret_cast<int2 const *>(&src));
    this->key = tmp.x;
    this->value = tmp.y;
  }

  __device__ __forceinline__ void load_streaming(
      Tuple<long long, long long> const &src) {
    longlong2 tmp =
        ptx_load_cache_streaming(reinterpret_cast<longlong2 const *>(&src));
    this->key = tmp.x;
    this->value = tmp.y;
  }

  __device__ __forceinline__ void store(Tuple<int, int> &dst) {
    int2 tmp = make_int2(this->key, this->value);
    *reinterpret_cast<int2 *>(&dst) = tmp;
  }

  __device__ __forceinline__ void store(Tuple<long long, long long> &dst) {
    longlong2 tmp = make_longlong2(this->key, this->value);
    *reinterpret_cast<longlong2 *>(&dst) = tmp;
  }

  __device__ __forceinline__ void store_streaming(Tuple<int, int> &dst) {
    int2 tmp = make_int2(this->key, this->value);
    ptx_store_cache_streaming(reinterpret_cast<int2 *>(&dst), tmp);
  }

  __device__ __forceinline__ void store_streaming(
      Tuple<long long, long long> &dst) {
    longlong2 tmp = make_longlong2(this->key, this->value);
    ptx_store_cache_streaming(reinterpret_cast<longlong2 *>(&dst), tmp);
  }
#endif /* __CUDACC__ */
};

// A hash table entry.
//
// Note that the struct's layout must be kept in sync with its counterpart in
// Rust.
template <typename K, typename V>
using HtEntry = Tuple<K, V>;

template <typename K>
CUDA_MODIFIER constexpr K null_key();

template <>
CUDA_MODIFIER constexpr int null_key<int>() {
  return 0xFFFFFFFF;
}

template <>
CUDA_MODIFIER constexpr long long null_key<long long>() {
  return 0xFFFFFFFFFFFFFFFFll;
}

// Multiply-shift hash function
//
// Takes a value and returns the hash of the value, modulo the number of
// buckets. Takes the number of buckets as log2(buckets).
//
// Requirement: hash factor is an odd integer
// Original source: Dietzfelbinger et al. "A Reliable Randomized Algorithm for
// the Closest-Pair Problem"
//
// Knuth specifies using the golden ratio in "The Art of Computer Programming"
// Volume 3, Section 6.4, Figure 37 pp
//
// Compute golden ratio with:
// floor(2^32 * (-1 + sqrt(5)) / 2) = 2654435769u
// floor(2^64 * (-1 + sqrt(5)) / 2) = 11400714819323198485
// e.g., using Wolfram Alpha
//
// See also Richter et al., Seven-Dimensional Analysis of Hashing Methods
template <typename T>
CUDA_MODIFIER T mult_shift_hash(T value, unsigned int log2_buckets);

template <>
CUDA_MODIFIER __forceinline__ int mult_shift_hash(int value,
                                                  unsigned int log2_buckets) {
  constexpr unsigned int HASH_FACTOR = 2654435769u;
  constexpr unsigned int INT_BITS = 32u;

  unsigned int product = static_cast<unsigned int>(value) * HASH_FACTOR;
  unsigned int shifted = product >> (INT_BITS - log2_buckets);
  return static_cast<int>(shifted);
}

template <>
CUDA_MODIFIER __forceinline__ long long mult_shift_hash(
    long long value, unsigned int log2_buckets) {
  constexpr unsigned long long HASH_FACTOR = 11400714819323198485llu;
  constexpr unsigned int INT_BITS = 64u;

  unsigned long long product =
      static_cast<unsigned long long>(value) * HASH_FACTOR;
  unsigned long long shifted =
      product >> static_cast<unsigned long long>(INT_BITS - log2_buckets);
  return static_cast<long long>(shifted);
}

// Murmur3 hash function
//
// Takes a value and returns the hash of the value, modulo the number of
// buckets. Takes the number of buckets as log2(buckets).
//
// Copied from
// https://github.com/aappleby/smhasher/blob/master/src/MurmurHash3.cpp
//
// Source is in public domain Only finalizer for 32-bit and 64-bit results is
// used, as in Richter et al. See Richter et al., Seven-Dimensional Analysis of
// Hashing Methods
template <typename T>
CUDA_MODIFIER T murmur3_hash(T value, unsigned int log2_buckets);

template <>
CUDA_MODIFIER __forceinline__ int murmur3_hash(int value,
                                               unsigned int log2_buckets) {
  unsigned int h = static_cast<unsigned int>(value);

  h ^= h >> 16;
  h *= 0x85ebca6b;
  h ^= h >> 13;
  h *= 0xc2b2ae35;
  h ^= h >> 16;

  unsigned int buckets_mask = (1u << log2_buckets) - 1u;
  return static_cast<int>(h & buckets_mask);
}

template <>
CUDA_MODIFIER __forceinline__ long long murmur3_hash(
    long long value, unsigned int log2_buckets) {
  unsigned long long k = static_cast<unsigned long long>(value);

  k ^= k >> 33;
  k *= 0xff51afd7ed558ccdull;
  k ^= k >> 33;
  k *= 0xc4ceb9fe1a85ec53ull;
  k ^= k >> 33;

  unsigned long long buckets_mask = (1llu << log2_buckets) - 1llu;
  return static_cast<long long>(k & buckets_mask);
}

// Alias defining the default hash function
template <typename T>
constexpr auto hash = &mult_shift_hash<T>;
// constexpr auto hash = &murmur3_hash<T>;

#endif /* GPU_COMMON_H */
// ---- copied in from sql-ops/cudautils/gpu_common.cu lines 1-13 and 17-61 (lines 15-16: its #include <gpu_common.h>, above)
// Copyright 2020-2022 Clemens Lutz
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.
#include <cassert>

// Returns the log2 of the next-lower power of two
__device__ int log2_floor_power_of_two(int x) { return 32 - __clz(x) - 1; }

__device__ int log2_floor_power_of_two(long long x) {
  return 64 - __clzll(x) - 1;
}

__device__ int log2_floor_power_of_two(unsigned int x) {
  return log2_floor_power_of_two(static_cast<int>(x));
}

__device__ int log2_floor_power_of_two(unsigned long x) {
  if (sizeof(unsigned long) == sizeof(unsigned long long)) {
    return log2_floor_power_of_two(static_cast<unsigned long long>(x));
  } else if (sizeof(unsigned long) == sizeof(unsigned int)) {
    return log2_floor_power_of_two(static_cast<unsigned int>(x));
  } else {
    assert(false);
  }
}

__device__ int log2_floor_power_of_two(unsigned long long x) {
  return log2_floor_power_of_two(static_cast<long long>(x));
}

// Returns the log2 of the next-higher power of two
__device__ int log2_ceil_power_of_two(int x) { return 32 - __clz(x - 1); }

__device__ int log2_ceil_power_of_two(long long x) {
  return 64 - __clzll(x - 1LL);
}

__device__ int log2_ceil_power_of_two(unsigned int x) {
  return log2_ceil_power_of_two(static_cast<int>(x));
}

__device__ int log2_ceil_power_of_two(unsigned long x) {
  return log2_ceil_power_of_two(static_cast<unsigned long long>(x));
}

__device__ int log2_ceil_power_of_two(unsigned long long x) {
  return log2_ceil_power_of_two(static_cast<long long>(x));
}
// ---- end of the copied lines; no_partitioning_join.cu from line 29

#define OPTIMIZE_INT32
/* #define PREDICATED_AGGREGATION */

/*
 * Note: uint64_t in cstdint header doesn't match atomicCAS()
 */
typedef unsigned int uint32_t;
typedef unsigned long long int uint64_t;

__device__ void gpu_ht_insert_linearprobing_int32(
    HtEntry<int, int> *const __restrict__ hash_table,
    unsigned int log2_hash_table_entries, int key, int payload) {
  uint64_t index = hash<int>(key, log2_hash_table_entries);

  uint64_t hash_table_entries = 1ULL << log2_hash_table_entries;
  uint64_t hash_table_mask = hash_table_entries - 1ULL;

  for (uint64_t i = 0; i < hash_table_entries;
       ++i, index = (index + 1ULL) & hash_table_mask) {
#ifdef OPTIMIZE_INT32
    uint64_t null_key_64 = static_cast<uint64_t>(null_key<long long>());
    // Negative int32_t is promoted when cast to uint64_t,
    // need to drop the sign flags added by the cast
    uint64_t entry = (static_cast<uint64_t>(key) & 0x00000000FFFFFFFF) |
                     (static_cast<uint64_t>(payload) << 32);
    uint64_t old_entry = atomicCAS(
        reinterpret_cast<uint64_t *>(&hash_table[index]), null_key_64, entry);
    if (old_entry == static_cast<uint64_t>(null_key<long long>())) {
      return;
    }
#else
    unsigned int null_key_u = static_cast<unsigned int>(null_key<int>());
    int old = static_cast<int>(
        atomicCAS(reinterpret_cast<unsigned int *>(&hash_table[index].key),
                  null_key_u, static_cast<unsigned int>(key)));
    if (old == null_key<int>()) {
      hash_table[index].value = payload;
      return;
    }
#endif
  }
}

__device__ void gpu_ht_insert_linearprobing_int64(
    HtEntry<long long, long long> *const __restrict__ hash_table,
    unsigned int log2_hash_table_entries, long long key, long long payload) {
  uint64_t index =
      static_cast<uint64_t>(hash<long long>(key, log2_hash_table_entries));

  uint64_t hash_table_entries = 1ULL << log2_hash_table_entries;
  uint64_t hash_table_mask = hash_table_entries - 1ULL;

  for (uint64_t i = 0; i < hash_table_entries;
       ++i, index = (index + 1ULL) & hash_table_mask) {
    unsigned long long int null_key_u =
        static_cast<unsigned long long>(null_key<long long>());
    long long old = static_cast<long long>(atomicCAS(
        reinterpret_cast<unsigned long long int *>(&hash_table[index].key),
        null_key_u, static_cast<unsigned long long int>(key)));
    if (old == null_key<long long>()) {
      hash_table[index].value = payload;
      return;
    }
  }
}

extern "C" __global__ void gpu_ht_build_linearprobing_int32(
    HtEntry<int, int> *const __restrict__ hash_table,
    uint64_t const hash_table_entries,
    const int *const __restrict__ join_attr_data,
    const int *const __restrict__ payload_attr_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;
  const unsigned int log2_hash_table_entries =
      log2_floor_power_of_two(hash_table_entries);

  for (uint64_t tuple_id = global_idx; tuple_id < data_length;
       tuple_id += global_threads) {
    gpu_ht_insert_linearprobing_int32(hash_table, log2_hash_table_entries,
                                      join_attr_data[tuple_id],
                                      payload_attr_data[tuple_id]);
  }
}

extern "C" __global__ void gpu_ht_build_linearprobing_int64(
    HtEntry<long long, long long> *const __restrict__ hash_table,
    uint64_t const hash_table_entries,
    const long long *const __restrict__ join_attr_data,
    const long long *const __restrict__ payload_attr_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;
  const unsigned int log2_hash_table_entries =
      log2_floor_power_of_two(hash_table_entries);

  for (uint64_t tuple_id = global_idx; tuple_id < data_length;
       tuple_id += global_threads) {
    gpu_ht_insert_linearprobing_int64(hash_table, log2_hash_table_entries,
                                      join_attr_data[tuple_id],
                                      payload_attr_data[tuple_id]);
  }
}

__device__ bool gpu_ht_findkey_linearprobing_int32(
    const HtEntry<int, int> *const __restrict__ hash_table,
    unsigned int log2_hash_table_entries, int key, int *found_payload,
    uint64_t *__restrict__ last_index, bool use_last_index) {
  uint64_t hash_table_entries = 1ULL << log2_hash_table_entries;
  uint64_t hash_table_mask = hash_table_entries - 1ULL;

  uint64_t index = 0;
  if (use_last_index) {
    index = *last_index;
    index = (index + 1ULL) & hash_table_mask;
  } else {
    index = hash<int>(key, log2_hash_table_entries);
  }

  for (uint64_t i = 0; i < hash_table_entries;
       ++i, index = (index + 1ULL) & hash_table_mask) {
    HtEntry<int, int> entry;
    entry.load(hash_table[index]);

    if (entry.key == key) {
      *found_payload = entry.value;
      *last_index = index;
      return true;
    } else if (entry.key == null_key<int>()) {
      return false;
    }
  }

  return false;
}

__device__ bool gpu_ht_findkey_linearprobing_int64(
    const HtEntry<long long, long long> *const __restrict__ hash_table,
    unsigned int log2_hash_table_entries, long long key,
    long long *found_payload, uint64_t *__restrict__ last_index,
    bool use_last_index) {
  uint64_t hash_table_entries = 1ULL << log2_hash_table_entries;
  uint64_t hash_table_mask = hash_table_entries - 1ULL;

  uint64_t index = 0;
  if (use_last_index) {
    index = *last_index;
    index = (index + 1ULL) & hash_table_mask;
  } else {
    index = hash<long long>(key, log2_hash_table_entries);
  }

  for (uint64_t i = 0; i < hash_table_entries;
       ++i, index = (index + 1ULL) & hash_table_mask) {
    HtEntry<long long, long long> entry;
    entry.load(hash_table[index]);

    if (entry.key == key) {
      *found_payload = entry.value;
      *last_index = index;
      return true;
    } else if (entry.key == null_key<long long>()) {
      return false;
    }
  }

  return false;
}

extern "C" __global__ void gpu_ht_probe_aggregate_linearprobing_int32(
    const HtEntry<int, int> *const __restrict__ hash_table,
    uint64_t const hash_table_entries,
    const int *const __restrict__ join_attr_data,
    const int *const __restrict__ payload_attr_data, uint64_t const data_length,
    uint64_t *__restrict__ aggregation_result) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;
  const unsigned int log2_hash_table_entries =
      log2_floor_power_of_two(hash_table_entries);

  for (uint64_t tuple_id = global_idx; tuple_id < data_length;
       tuple_id += global_threads) {
    int hash_table_payload = 0;
    uint64_t hash_table_last_index = 0;
    bool hash_table_use_last_index = false;
    while (gpu_ht_findkey_linearprobing_int32(
        hash_table, log2_hash_table_entries, join_attr_data[tuple_id],
        &hash_table_payload, &hash_table_last_index,
        hash_table_use_last_index)) {
      hash_table_use_last_index = true;
      aggregation_result[global_idx] += payload_attr_data[tuple_id];
    }
  }
}

extern "C" __global__ void gpu_ht_probe_aggregate_linearprobing_int64(
    const HtEntry<long long, long long> *const __restrict__ hash_table,
    uint64_t const hash_table_entries,
    const long long *const __restrict__ join_attr_data,
    const long long *const __restrict__ payload_attr_data,
    uint64_t const data_length, uint64_t *__restrict__ aggregation_result) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;
  const unsigned int log2_hash_table_entries =
      log2_floor_power_of_two(hash_table_entries);

  for (uint64_t tuple_id = global_idx; tuple_id < data_length;
       tuple_id += global_threads) {
    long long hash_table_payload = 0;
    uint64_t hash_table_last_index = 0;
    bool hash_table_use_last_index = false;
    while (gpu_ht_findkey_linearprobing_int64(
        hash_table, log2_hash_table_entries, join_attr_data[tuple_id],
        &hash_table_payload, &hash_table_last_index,
        hash_table_use_last_index)) {
      hash_table_use_last_index = true;
      aggregation_result[global_idx] += payload_attr_data[tuple_id];
    }
  }
}

extern "C" __global__ void gpu_ht_build_perfect_int32(
    HtEntry<int, int> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const int *const __restrict__ join_attribute_data,
    const int *const __restrict__ payload_attributed_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    HtEntry<int, int> tuple;
    tuple.key = join_attribute_data[i];
    tuple.value = payload_attributed_data[i];

    tuple.store(hash_table[tuple.key]);
  }
}

extern "C" __global__ void gpu_ht_build_selective_perfect_int32(
    HtEntry<int, int> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const int *const __restrict__ join_attribute_data,
    const int *const __restrict__ payload_attributed_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    int key = join_attribute_data[i];
    if (key != null_key<int>()) {
      HtEntry<int, int> tuple;
      tuple.key = key;
      tuple.value = payload_attributed_data[i];

      tuple.store(hash_table[key]);
    }
  }
}

extern "C" __global__ void gpu_ht_build_perfect_int64(
    HtEntry<long long, long long> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const long long *const __restrict__ join_attribute_data,
    const long long *const __restrict__ payload_attributed_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    HtEntry<long long, long long> tuple;
    tuple.key = join_attribute_data[i];
    tuple.value = payload_attributed_data[i];

    tuple.store(hash_table[tuple.key]);
  }
}

extern "C" __global__ void gpu_ht_build_selective_perfect_int64(
    HtEntry<long long, long long> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const long long *const __restrict__ join_attribute_data,
    const long long *const __restrict__ payload_attributed_data,
    uint64_t const data_length) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    long long key = join_attribute_data[i];
    if (key != null_key<long long>()) {
      HtEntry<long long, long long> tuple;
      tuple.key = key;
      tuple.value = payload_attributed_data[i];

      tuple.store(hash_table[key]);
    }
  }
}

extern "C" __global__ void gpu_ht_probe_aggregate_perfect_int32(
    const HtEntry<int, int> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const int *const __restrict__ join_attribute_data,
    const int *const __restrict__ payload_attribute_data,
    uint64_t const data_length, uint64_t *__restrict__ aggregation_result) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    int key = join_attribute_data[i];

#ifdef PREDICATED_AGGREGATION
    int condition = hash_table[key].key == key;
    condition = (condition << 31) >> 31;

    int payload = condition & payload_attribute_data[i];
    aggregation_result[global_idx] += static_cast<uint64_t>(payload);
#else
    if (hash_table[key].key == key) {
      aggregation_result[global_idx] += payload_attribute_data[i];
    }
#endif /* PREDICATED_AGGREGATION */
  }
}

extern "C" __global__ void gpu_ht_probe_aggregate_perfect_int64(
    const HtEntry<long long, long long> *const __restrict__ hash_table,
    uint64_t const /* hash_table_entries */,
    const long long *const __restrict__ join_attribute_data,
    const long long *const __restrict__ payload_attribute_data,
    uint64_t const data_length, uint64_t *__restrict__ aggregation_result) {
  const uint32_t global_idx = blockIdx.x * blockDim.x + threadIdx.x;
  const uint32_t global_threads = blockDim.x * gridDim.x;

  for (uint64_t i = global_idx; i < data_length; i += global_threads) {
    long long key = join_attribute_data[i];

#ifdef PREDICATED_AGGREGATION
    long long condition = hash_table[key].key == key;
    condition = (condition << 63) >> 63;

    long long payload = condition & payload_attribute_data[i];
    aggregation_result[global_idx] += static_cast<uint64_t>(payload);
#else
    if (hash_table[key].key == key) {
      aggregation_result[global_idx] += payload_attribute_data[i];
    }
#endif /* PREDICATED_AGGREGATION */
  }
}
