// tilelab kernel collection: Hashinator's CUDA kernels (fmihpc/hashinator: a portable hybrid hashmap for CPUs and GPUs)
// Source:  https://github.com/fmihpc/hashinator/blob/4ec66208bb5d820e766cfa0765a903ba5de4e4ca/include/hashinator/kernels_NVIDIA.h
// Licence: GPL-2.0-or-later (the files' notice below; the repository's LICENSE is the GPL v3 text). Host code (hashers.h, hashinator.h) removed.
// Kept: lines 18 and 20-832 (all but its #include "defaults.h", line 19), unchanged, with what it uses copied in, marked: include/common.h
// 20-27, 49-57 and 81-91 (not its host-only helpers), include/hashinator/hashfunctions.h 26-85, defaults.h 22-56, hash_pair.h 24-93,
// include/splitvector/splitvec.h 42, include/splitvector/split_tools.h 38-43, include/splitvector/gpu_wrappers.h 21-340.
/* File:    kernels_NVIDIA.h
 * Authors: Kostis Papadakis, Urs Ganse and Markus Battarbee (2023)
 *
 * This program is free software; you can redistribute it and/or
 * modify it under the terms of the GNU General Public License
 * as published by the Free Software Foundation; either version 2
 * of the License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program; if not, write to the Free Software
 * Foundation, Inc., 51 Franklin Street, Fifth Floor, Boston, MA  02110-1301, USA.
 * */

// ---- from include/common.h, lines 20-27, 49-57 and 81-91
#pragma once
#ifdef HASHINATOR_CPU_ONLY_MODE
#define HASHINATOR_DEVICEONLY
#define HASHINATOR_HOSTDEVICE
#else
#define HASHINATOR_DEVICEONLY __device__
#define HASHINATOR_HOSTDEVICE __host__ __device__
#endif
/**
 * @brief Computes the next optimal overflow for the hasher kernels
 */
HASHINATOR_HOSTDEVICE
//[[nodiscard]]
constexpr inline size_t nextOverflow(size_t currentOverflow, size_t virtualWarp) noexcept {
    size_t remainder = currentOverflow % virtualWarp;
    return ((remainder)==0)?currentOverflow: currentOverflow + (virtualWarp - remainder);
}
/**
 * @brief Enum for error checking in Hahsinator.
 */
namespace Hashinator {
enum status { success, fail, invalid };

/**
 * @brief Enum for specifying backend target.
 */
enum targets { host, device, automatic };
} // namespace Hashinator

// ---- from include/splitvector/splitvec.h, line 42
#define HOSTDEVICE __host__ __device__

// ---- from include/hashinator/hashfunctions.h, lines 26-85
namespace Hashinator {

namespace HashFunctions {

template <typename T>
struct Fibonacci {
   /**
    * @brief Computes a 32-bit hash value using the Fibonacci hash algorithm.
    *
    * @param key The input key to be hashed.
    * @param sizePower The size power for mixing the key.
    * @return uint32_t The computed hash value.
    */
   [[nodiscard]] HOSTDEVICE inline static constexpr uint32_t fibhash(uint32_t key, const int sizePower) {
      key ^= key >> (32 - sizePower);
      uint32_t retval = (uint64_t)(key * 2654435769ul) >> (32 - sizePower);
      return retval;
   }

   /**
    * @brief Computes a 64-bit hash value using the Fibonacci hash algorithm.
    *
    * @param key The input key to be hashed.
    * @param sizePower The size power for mixing the key.
    * @return uint64_t The computed hash value.
    */
   [[nodiscard]] HOSTDEVICE inline static uint64_t constexpr fibhash(uint64_t key, int sizePower) {
      key ^= key >> (64 - sizePower);
      uint64_t retval = (key * 11400714819323198485ull) >> (64 - sizePower);
      return retval;
   }

   /**
    * @brief Computes a 32-bit hash value using the Fibonacci hash algorithm.
    *
    * @param key The input key to be hashed.
    * @param sizePower The size power for mixing the key.
    * @return uint32_t The computed hash value.
    */
   [[nodiscard]] HOSTDEVICE inline static constexpr uint32_t fibhash(int key, const int sizePower) {
      return fibhash(static_cast<uint32_t>(key), sizePower);
   }

   /**
    * @brief Computes a hash value using the Fibonacci hash algorithm.
    *
    * This function is a template wrapper that calls the appropriate fibhash
    * function based on the key type.
    *
    * @param key The input key to be hashed.
    * @param sizePower The size power for mixing the key.
    * @return T The computed hash value.
    */
   [[nodiscard]] HOSTDEVICE inline static constexpr T _hash(T key, const int sizePower) {
      static_assert(std::is_integral<T>::value, "Hashinator only works for integral types");
      return fibhash(key, sizePower);
   }
};
} // namespace HashFunctions
} // namespace Hashinator

// ---- from include/hashinator/defaults.h, lines 22-56

namespace Hashinator {
namespace defaults {
#ifdef __NVCC__
constexpr int WARPSIZE = 32;
constexpr int BUCKET_OVERFLOW = 32;
#elif (__HIP__ && __AMDGCN_WAVEFRONT_SIZE)
// AMDs GPU warp size depends on the GPU architecture
constexpr int WARPSIZE = __AMDGCN_WAVEFRONT_SIZE;
constexpr int BUCKET_OVERFLOW = __AMDGCN_WAVEFRONT_SIZE;
#else
constexpr int BUCKET_OVERFLOW = 32; // to allow cpu only mode
#ifndef HASHINATOR_CPU_ONLY_MODE
#error "Warp size not known, please use a CUDA or HIP compiler."
#endif
#endif
constexpr int elementsPerWarp = 1;
constexpr int MAX_BLOCKSIZE = 1024;
template <typename T>
using DefaultHashFunction = HashFunctions::Fibonacci<T>;
} // namespace defaults

struct Info {
   Info(){};
   Info(int sz)
       : sizePower(sz), fill(0), currentMaxBucketOverflow(defaults::BUCKET_OVERFLOW), tombstoneCounter(0),
         err(status::invalid) {}
   int sizePower;
   size_t fill;
   size_t currentMaxBucketOverflow;
   size_t tombstoneCounter;
   status err;
};

} // namespace Hashinator

// ---- from include/hashinator/hash_pair.h, lines 24-93
#include <stdlib.h>
#include <type_traits>

namespace Hashinator {

template <typename T, typename U>
struct hash_pair {

   T first;  /**< The first value in the pair. */
   U second; /**< The second value in the pair. */

   /**
    * @brief Default constructor.
    *
    * Initializes both values with their default constructors.
    */
   HASHINATOR_HOSTDEVICE
   hash_pair() : first(T()), second(U()) {}

   /**
    * @brief Constructor with values.
    *
    * Initializes the pair with the provided values.
    *
    * @param f The value for the first element of the pair.
    * @param s The value for the second element of the pair.
    */
   HASHINATOR_HOSTDEVICE
   hash_pair(const T& f, const U& s) : first(f), second(s) {}

   /**
    * @brief Equality operator.
    *
    * Compares two hash_pair objects for equality.
    *
    * @param y The hash_pair to compare with.
    * @return bool Returns true if both pairs are equal, false otherwise.
    */
   HASHINATOR_HOSTDEVICE
   inline bool operator==(const hash_pair& y) const { return first == y.first && second == y.second; }

   /**
    * @brief Inequality operator.
    *
    * Compares two hash_pair objects for inequality.
    *
    * @param y The hash_pair to compare with.
    * @return bool Returns true if pairs are not equal, false otherwise.
    */
   HASHINATOR_HOSTDEVICE
   inline bool operator!=(const hash_pair& y) const { return !(*this == y); }
};

/**
 * @brief Creates a hash_pair object.
 *
 * Convenience function to create and initialize a hash_pair object with the provided values.
 *
 * @tparam T Type of the first value in the pair.
 * @tparam U Type of the second value in the pair.
 * @param x The value for the first element of the pair.
 * @param y The value for the second element of the pair.
 * @return hash_pair<T, U> The created hash_pair object.
 */
template <class T, class U>
HASHINATOR_HOSTDEVICE inline hash_pair<T, U> make_pair(T x, U y) {
   return hash_pair<T, U>(x, y);
}

} // namespace Hashinator

// ---- from include/splitvector/split_tools.h, lines 38-43
#ifdef __NVCC__
#define SPLIT_VOTING_MASK 0xFFFFFFFF // 32-bit wide for split_gpu warps
#define WARPLENGTH 32
#define MASKTYPE uint32_t
#define ONE 1
#endif

// ---- from include/splitvector/gpu_wrappers.h, lines 21-340
#pragma once
#ifndef SPLIT_CPU_ONLY_MODE

#ifdef __NVCC__
#include <cuda_runtime_api.h>
#elif __HIP__
#include <hip/hip_runtime.h>
#include <hip/hip_runtime_api.h>
#endif
namespace split {

/**
 * @brief Wrapper for atomic exchange operation.
 *
 * @tparam T The data type of the value being exchanged.
 * @param address Pointer to the memory location.
 * @param val The value to exchange.
 * @return The value that was replaced.
 */
template <typename T>
__device__ __forceinline__ T s_atomicExch(T* address, T val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      return atomicExch((unsigned int*)address, (unsigned int)val);
   } else if constexpr (sizeof(T) == 8) {
      return atomicExch((unsigned long long*)address, (unsigned long long)val);
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Wrapper for atomic compare-and-swap operation.
 *
 * @tparam T The data type of the value being compared and swapped.
 * @param address Pointer to the memory location.
 * @param compare Predicate.
 * @param val The value to swap.
 * @return The original value at the memory location.
 */
template <typename T>
__device__ __forceinline__ T s_atomicCAS(T* address, T compare, T val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      return atomicCAS((unsigned int*)address, (unsigned int)compare, (unsigned int)val);
   } else if constexpr (sizeof(T) == 8) {
      return atomicCAS((unsigned long long*)address, (unsigned long long)compare, (unsigned long long)val);
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Wrapper for atomic addition operation.
 *
 * @tparam T The data type of the value being added.
 * @tparam U The data type of the value to add.
 * @param address Pointer to the memory location.
 * @param val The value to add.
 * @return The original value at the memory location.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_atomicAdd(T* address, U val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      if constexpr (std::is_signed<T>::value) {
         return atomicAdd((int*)address, static_cast<T>(val));
      } else {
         return atomicAdd((unsigned int*)address, static_cast<T>(val));
      }
   } else if constexpr (sizeof(T) == 8) {
      return atomicAdd((unsigned long long*)address, static_cast<T>(val));
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Wrapper for atomic subtraction operation.
 *
 * @tparam T The data type of the value being subtracted.
 * @tparam U The data type of the value to subtract.
 * @param address Pointer to the memory location.
 * @param val The value to subtract.
 * @return The original value at the memory location.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_atomicSub(T* address, U val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      if constexpr (std::is_signed<T>::value) {
         return atomicSub((int*)address, static_cast<T>(val));
      } else {
         return atomicSub((unsigned int*)address, static_cast<T>(val));
      }
   } else if constexpr (sizeof(T) == 8) {
      return atomicAdd((unsigned long long*)address, static_cast<T>(-val));
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Wrapper for atomic maximum operation.
 *
 * @tparam T The data type of the value being maximized.
 * @tparam U The data type of the value to maximize against.
 * @param address Pointer to the memory location.
 * @param val The value to maximize against.
 * @return The original value at the memory location.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_atomicMax(T* address, U val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      if constexpr (std::is_signed<T>::value) {
         return atomicMax((int*)address, static_cast<T>(val));
      } else {
         return atomicMax((unsigned int*)address, static_cast<T>(val));
      }
   } else if constexpr (sizeof(T) == 8) {
      return atomicMax((unsigned long long*)address, static_cast<T>(val));
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Wrapper for atomic minimum operation.
 *
 * @tparam T The data type of the value being minimized.
 * @tparam U The data type of the value to minimize against.
 * @param address Pointer to the memory location.
 * @param val The value to minimize against.
 * @return The original value at the memory location.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_atomicMin(T* address, U val) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
   if constexpr (sizeof(T) == 4) {
      if constexpr (std::is_signed<T>::value) {
         return atomicMin((int*)address, static_cast<T>(val));
      } else {
         return atomicMin((unsigned int*)address, static_cast<T>(val));
      }
   } else if constexpr (sizeof(T) == 8) {
      return atomicMin((unsigned long long*)address, static_cast<T>(val));
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
}

/**
 * @brief Returns the submask needed by each Virtual Warp during voting (CUDA variant).
 */
[[nodiscard]] __device__ __forceinline__ uint32_t constexpr getIntraWarpMask_CUDA(uint32_t n, uint32_t l,
                                                                                  uint32_t r) noexcept {
   uint32_t num = ((1 << r) - 1) ^ ((1 << (l - 1)) - 1);
   return (n ^ num);
};

/**
 * @brief Returns the submask needed by each Virtual Warp during voting (AMD variant).
 */
[[nodiscard]] __device__ __forceinline__ uint64_t constexpr getIntraWarpMask_AMD(uint64_t n, uint64_t l,
                                                                                 uint64_t r) noexcept {
   uint64_t num = ((1ull << r) - 1) ^ ((1ull << (l - 1)) - 1);
   return (n ^ num);
};

/**
 * @brief Wrapper for warp-level voting (ballot) operation.
 *
 * @tparam T The data type of the voting mask.
 * @param predicate The predicate value.
 * @param votingMask The voting mask.
 * @return Result mask.
 */
template <typename T>
__device__ __forceinline__ T s_warpVote(bool predicate, T votingMask = T(-1)) noexcept {
#ifdef __NVCC__
   return __ballot_sync(votingMask, predicate);
#endif

#ifdef __HIP__
   return __ballot(predicate);
#endif
}

/**
 * @brief Wrapper for finding the index of the first set bit in a mask.
 *
 * @tparam T The data type of the mask.
 * @param mask The mask value.
 * @return The index of the first set bit.
 */
template <typename T>
__device__ __forceinline__ int s_findFirstSig(T mask) noexcept {
#ifdef __NVCC__
   return __ffs(mask);
#endif

#ifdef __HIP__
   return __ffsll((unsigned long long)mask);
#endif
}

/**
 * @brief Wrapper for warp-level voting (any) operation.
 *
 * @tparam T The data type of the voting mask.
 * @param predicate The predicate value.
 * @param votingMask The voting mask.
 * @return Whether any of the warp-threads satisfy the predicate.
 */
template <typename T>
__device__ __forceinline__ int s_warpVoteAny(bool predicate, T votingMask = T(-1)) noexcept {
#ifdef __NVCC__
   return __any_sync(votingMask, predicate);
#endif

#ifdef __HIP__
   return __any(predicate);
#endif
}

/**
 * @brief Wrapper for counting the number of set bits in a mask.
 *
 * @tparam T The data type of the mask.
 * @param mask The mask value.
 * @return The number of set bits.
 */
template <typename T>
__device__ __forceinline__ uint32_t s_pop_count(T mask) noexcept {
#ifdef __NVCC__
   return __popc(mask);
#endif
#ifdef __HIP__
   if constexpr (sizeof(T) == 4) {
      return __popc(mask);
   } else if constexpr (sizeof(mask) == 8) {
      return __popcll(mask);
   } else {
      // Cannot be static_assert(false...);
      static_assert(!sizeof(T*), "Not supported");
   }
#endif
}

/**
 * @brief Wrapper for performing a broadcast shuffle operation.
 *
 * @tparam T The data type of the variable.
 * @tparam U The data type of the mask.
 * @param variable The variable to shuffle.
 * @param  source the lane source to broadcast from.
 * @param mask Voting mask.
 * @return The shuffled variable.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_shuffle(T variable, unsigned int source, U mask = 0) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
#ifdef __NVCC__
   return __shfl_sync(mask, variable, source);
#endif
#ifdef __HIP__
   return __shfl(variable, source);
#endif
}

/**
 * @brief Wrapper for performing a down register shuffle operation.
 *
 * @tparam T The data type of the variable.
 * @tparam U The data type of the mask.
 * @param variable The variable to shuffle.
 * @param delta The offset.
 * @param mask Voting mask.
 * @return The shuffled variable.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_shuffle_down(T variable, unsigned int delta, U mask = 0) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
#ifdef __NVCC__
   return __shfl_down_sync(mask, variable, delta);
#endif
#ifdef __HIP__
   return __shfl_down(variable, delta);
#endif
}

/**
 * @brief Wrapper for performing an up register shuffle operation.
 *
 * @tparam T The data type of the variable.
 * @tparam U The data type of the mask.
 * @param variable The variable to shuffle.
 * @param delta The offset.
 * @param mask Voting mask.
 * @return The shuffled variable.
 */
template <typename T, typename U>
__device__ __forceinline__ T s_shuffle_up(T variable, unsigned int delta, U mask = 0) noexcept {
   static_assert(std::is_integral<T>::value && "Only integers supported");
#ifdef __NVCC__
   return __shfl_up_sync(mask, variable, delta);
#endif
#ifdef __HIP__
   return __shfl_up(variable, delta);
#endif
}
} // namespace split
#endif

// ---- include/hashinator/kernels_NVIDIA.h, lines 18 and 20-832
#pragma once
namespace Hashinator {
namespace Hashers {

/*
 * Resets all elements in dst to EMPTY, VAL_TYPE()
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max()>
__global__ void reset_all_to_empty(hash_pair<KEY_TYPE, VAL_TYPE>* dst, Hashinator::Info* info, const size_t len) {
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   // Early exit here
   if (tid >= len) {
      return;
   }

   if (dst[tid].first != EMPTYBUCKET) {
      dst[tid].first = EMPTYBUCKET;
   }

   //Thread 0 resets fill
   if (tid==0){
      info->fill=0;
   }
   return;
}

template <int WARPSIZE>
HASHINATOR_DEVICEONLY __forceinline__ int warpReduce(int localCount) {
   for (int i = WARPSIZE / 2; i > 0; i = i / 2) {
      localCount += split::s_shuffle_down(localCount, i, SPLIT_VOTING_MASK);
   }
   return localCount;
}

template <int WARPSIZE>
HASHINATOR_DEVICEONLY __forceinline__ uint64_t warpReduceMax(uint64_t entry) {
   for (int i = WARPSIZE / 2; i > 0; i = i / 2) {
      entry = std::max(entry, split::s_shuffle_down(entry, i, SPLIT_VOTING_MASK));
   }
   return entry;
}

/*
 * Resets all elements pointed by src to EMPTY in dst
 * If an elements in src is not found this will assert(false)
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void reset_to_empty(hash_pair<KEY_TYPE, VAL_TYPE>* src, hash_pair<KEY_TYPE, VAL_TYPE>* dst,
                               Hashinator::Info* info, size_t len)

{
   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const int sizePower = info->sizePower;
   //const size_t maxoverflow = info->currentMaxBucketOverflow;

   // Early quit if we have more warps than elements to insert
   if (wid >= len) {
      return;
   }

   //Thread 0 decrememnts fill by the total number of elements this kernel 
   //will remove
   if (tid==0){
      info->fill -= len;
   }

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   hash_pair<KEY_TYPE, VAL_TYPE> candidate = src[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidate.first, sizePower);
   uint32_t vWarpDone = 0; // state of virtual warp

   for (size_t i = 0; i < (1 << sizePower); i += VIRTUALWARP) {

      // Check if this virtual warp is done.
      if (vWarpDone) {
         break;
      }

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      auto target = dst[probingindex];

      // vote for available emptybuckets in warp region
      // Note that this has to be done before voting for already existing elements (below)
      auto mask = split::s_warpVote(target.first == candidate.first, submask);

      while (mask && !vWarpDone) {
         int winner = split::s_findFirstSig(mask) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            dst[probingindex].first = EMPTYBUCKET;
            vWarpDone = 1;
         }
         // If any of the virtual warp threads are done the the whole
         // Virtual warp is done
         vWarpDone = split::s_warpVoteAny(vWarpDone, submask);
         mask ^= (1UL << winner);
      }
   }

   if (split::s_warpVote(vWarpDone, SPLIT_VOTING_MASK) != __activemask()) {
      assert(0);
   }
   return;
}

template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void insert_kernel(hash_pair<KEY_TYPE, VAL_TYPE>* src, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                              Hashinator::Info* info, size_t len) {

   size_t* d_overflow = &(info->currentMaxBucketOverflow);
   size_t* d_fill = &(info->fill);
   status* err = &(info->err);
   __shared__ uint32_t addMask[WARPSIZE];
   __shared__ uint64_t warpOverflow[WARPSIZE];
   const int sizePower = info->sizePower;
   //const size_t maxoverflow = info->currentMaxBucketOverflow;
   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const size_t proper_w_tid = tid % WARPSIZE; // the proper WID as if we had no Virtual warps
   const size_t proper_wid = tid / WARPSIZE;
   const size_t blockWid = proper_wid % WARPSIZE;

   // Early quit if we have more warps than elements to insert
   if (wid >= len) {
      return;
   }

   // Zero out shared count;
   if (proper_w_tid == 0 && blockWid == 0) {
      for (int i = 0; i < WARPSIZE; i++) {
         addMask[i] = 0;
         warpOverflow[i] = 0;
      }
   }
   __syncthreads();

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   hash_pair<KEY_TYPE, VAL_TYPE> candidate = src[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidate.first, sizePower);
   uint32_t vWarpDone = 0; // state of virtual warp
   uint32_t localCount = 0;
   uint64_t threadOverflow = 0;

   for (size_t i = 0; i < (1 << sizePower); i += VIRTUALWARP) {

      // Check if this virtual warp is done.
      if (vWarpDone) {
         break;
      }

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      auto target = buckets[probingindex];

      // vote for available emptybuckets in warp region
      // Note that this has to be done before voting for already existing elements (below)
      auto mask = split::s_warpVote(target.first == EMPTYBUCKET, submask);

      // Check if this elements already exists
      auto already_exists = split::s_warpVote(target.first == candidate.first, submask);
      if (already_exists) {
         int winner = split::s_findFirstSig(already_exists) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            split::s_atomicExch(&buckets[probingindex].second, candidate.second);
            // This virtual warp is now done.
            vWarpDone = 1;
         }
      }

      // If any duplicate was there now is the time for the whole Virtual warp to find out!
      vWarpDone = split::s_warpVoteAny(vWarpDone, submask);

      while (mask && !vWarpDone) {
         int winner = split::s_findFirstSig(mask) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            KEY_TYPE old = split::s_atomicCAS(&buckets[probingindex].first, EMPTYBUCKET, candidate.first);
            if (old == EMPTYBUCKET) {
               threadOverflow = std::min(i+w_tid,static_cast<size_t>(1<<sizePower)) +1;
               split::s_atomicExch(&buckets[probingindex].second, candidate.second);
               vWarpDone = 1;
               // Flip the bit which corresponds to the thread that added an element
               localCount++;
            } else if (old == candidate.first) {
               // Parallel stuff are fun. Major edge case!
               split::s_atomicExch(&buckets[probingindex].second, candidate.second);
               vWarpDone = 1;
            }
         }
         // If any of the virtual warp threads are done the the whole
         // Virtual warp is done
         vWarpDone = split::s_warpVoteAny(vWarpDone, submask);
         mask ^= (1UL << winner);
      }
   }

   /*
      Update fill and overflow in 2 steps:
      Step 1--> First thread per warp reduces the total elements added (per Warp)
      Step 2--> Reduce the blockTotal from the warpTotals but do it in registers using the first warp in the block
   */

   // Per warp reduction
   __syncwarp();
   int warpTotals = warpReduce<WARPSIZE>(localCount);
   uint64_t perWarpOverflow = warpReduceMax<WARPSIZE>(threadOverflow);
   __syncwarp();

   // Store to shmem minding Bank Conflicts
   if (proper_w_tid == 0) {
      // Write the count to the same place
      addMask[(blockWid)] = warpTotals;
      warpOverflow[(blockWid)] = perWarpOverflow;
   }

   __syncthreads();
   // First warp in block reductions
   if (blockWid == 0) {
      uint64_t blockOverflow = warpReduceMax<WARPSIZE>(warpOverflow[(proper_w_tid)]);
      int blockTotal = warpReduce<WARPSIZE>(addMask[(proper_w_tid)]);
      // First thread updates fill and overlfow (1 update per block)
      if (proper_w_tid == 0) {
         atomicMax((unsigned long long*)d_overflow, (unsigned long long)nextOverflow(blockOverflow,VIRTUALWARP));
         split::s_atomicAdd(d_fill, blockTotal);
         ;
      }
   }

   // Make sure everyone actually made it otherwise raise the error flag.
   if (split::s_warpVote(vWarpDone, SPLIT_VOTING_MASK) != __activemask()) {
      split::s_atomicExch((uint32_t*)err, (uint32_t)status::fail);
   }
   return;
}

/*Warp Synchronous hashing kernel for hashinator's internal use:
 * This method uses 32-thread Warps to hash an element from src.
 * Threads in a given warp simultaneously try to hash an element
 * in the buckets by using warp voting to communicate available
 * positions in the probing  sequence. The position of least overflow
 * is selected by using __ffs to decide on the winner. If no positios
 * are available in the probing sequence the warp shifts by a warp size
 * and ties to overflow(up to maxoverflow).
 * No tombstones allowed!
 * Parameters:
 *    src          -> pointer to device data with pairs to be inserted
 *    buckets      -> current hashinator buckets
 *    info         -> hashinator info struct
 *    sizePower    -> current hashinator sizepower
 *    maxoverflow  -> maximum allowed overflow
 *    d_overflow   -> stores the overflow after inserting the elements
 *    d_fill       -> stores the device fill after inserting the elements
 *    len          -> number of elements to read from src
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void insert_kernel(KEY_TYPE* keys, VAL_TYPE* vals, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                              Hashinator::Info* info, size_t len) {

   __shared__ uint32_t addMask[WARPSIZE];
   __shared__ uint64_t warpOverflow[WARPSIZE];
   size_t* d_overflow = &(info->currentMaxBucketOverflow);
   size_t* d_fill = &(info->fill);
   status* err = &(info->err);
   const int sizePower = info->sizePower;
   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const size_t proper_w_tid = tid % WARPSIZE; // the proper WID as if we had no Virtual warps
   const size_t proper_wid = tid / WARPSIZE;
   const size_t blockWid = proper_wid % WARPSIZE;

   // Early quit if we have more warps than elements to insert
   if (wid >= len) {
      return;
   }

   // Zero out shared count;
   if (proper_w_tid == 0 && blockWid == 0) {
      for (int i = 0; i < WARPSIZE; i++) {
         addMask[i] = 0;
         warpOverflow[i] = 0;
      }
   }
   __syncthreads();

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   KEY_TYPE candidateKey = keys[wid];
   VAL_TYPE candidateVal = vals[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidateKey, sizePower);
   uint32_t vWarpDone = 0; // state of virtual warp
   uint32_t localCount = 0;
   uint64_t threadOverflow = 0;

   for (size_t i = 0; i < (1 << sizePower); i += VIRTUALWARP) {

      // Check if this virtual warp is done.
      if (vWarpDone) {
         break;
      }

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      auto target = buckets[probingindex];

      // vote for available emptybuckets in warp region
      // Note that this has to be done before voting for already existing elements (below)
      auto mask = split::s_warpVote(target.first == EMPTYBUCKET, submask);

      // Check if this elements already exists
      auto already_exists = split::s_warpVote(target.first == candidateKey, submask);
      if (already_exists) {
         int winner = split::s_findFirstSig(already_exists) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            split::s_atomicExch(&buckets[probingindex].second, candidateVal);
            // This virtual warp is now done.
            vWarpDone = 1;
         }
      }

      // If any duplicate was there now is the time for the whole Virtual warp to find out!
      vWarpDone = split::s_warpVoteAny(vWarpDone, submask);

      while (mask && !vWarpDone) {
         int winner = split::s_findFirstSig(mask) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            KEY_TYPE old = split::s_atomicCAS(&buckets[probingindex].first, EMPTYBUCKET, candidateKey);
            if (old == EMPTYBUCKET) {
               threadOverflow = std::min(i+w_tid,static_cast<size_t>(1<<sizePower)) +1;
               split::s_atomicExch(&buckets[probingindex].second, candidateVal);
               vWarpDone = 1;
               // Flip the bit which corresponds to the thread that added an element
               localCount++;
            } else if (old == candidateKey) {
               // Parallel stuff are fun. Major edge case!
               split::s_atomicExch(&buckets[probingindex].second, candidateVal);
               vWarpDone = 1;
            }
         }
         // If any of the virtual warp threads are done the the whole
         // Virtual warp is done
         vWarpDone = split::s_warpVoteAny(vWarpDone, submask);
         mask ^= (1UL << winner);
      }
   }

   /*
      Update fill and overflow in 2 steps:
      Step 1--> First thread per warp reduces the total elements added (per Warp)
      Step 2--> Reduce the blockTotal from the warpTotals but do it in registers using the first warp in the block
   */

   // Per warp reduction
   __syncwarp();
   int warpTotals = warpReduce<WARPSIZE>(localCount);
   uint64_t perWarpOverflow = warpReduceMax<WARPSIZE>(threadOverflow);
   __syncwarp();

   // Store to shmem minding Bank Conflicts
   if (proper_w_tid == 0) {
      // Write the count to the same place
      addMask[(blockWid)] = warpTotals;
      warpOverflow[(blockWid)] = perWarpOverflow;
   }

   __syncthreads();
   // First warp in block reductions
   if (blockWid == 0) {
      uint64_t blockOverflow = warpReduceMax<WARPSIZE>(warpOverflow[(proper_w_tid)]);
      int blockTotal = warpReduce<WARPSIZE>(addMask[(proper_w_tid)]);
      // First thread updates fill and overlfow (1 update per block)
      if (proper_w_tid == 0) {
         atomicMax((unsigned long long*)d_overflow, (unsigned long long)nextOverflow(blockOverflow,VIRTUALWARP));
         split::s_atomicAdd(d_fill, blockTotal);
         ;
      }
   }

   // Make sure everyone actually made it otherwise raise the error flag.
   if (split::s_warpVote(vWarpDone, SPLIT_VOTING_MASK) != __activemask()) {
      split::s_atomicExch((uint32_t*)err, (uint32_t)status::fail);
   }
   return;
}

/*Warp Synchronous hashing kernel for hashinator's internal use:
 * This method uses 32-thread Warps to hash an element from src.
 * Threads in a given warp simultaneously try to hash an element
 * in the buckets by using warp voting to communicate available
 * positions in the probing  sequence. The position of least overflow
 * is selected by using __ffs to decide on the winner. If no positios
 * are available in the probing sequence the warp shifts by a warp size
 * and ties to overflow(up to maxoverflow).
 * No tombstones allowed!
 * Parameters:
 *    src          -> pointer to device data with pairs to be inserted
 *    buckets      -> current hashinator buckets
 *    sizePower    -> current hashinator sizepower
 *    maxoverflow  -> maximum allowed overflow
 *    d_overflow   -> stores the overflow after inserting the elements
 *    d_fill       -> stores the device fill after inserting the elements
 *    len          -> number of elements to read from src
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void insert_index_kernel(KEY_TYPE* keys, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                                    Hashinator::Info* info, size_t len) {

   size_t* d_overflow = &(info->currentMaxBucketOverflow);
   size_t* d_fill = &(info->fill);
   status* err = &(info->err);
   __shared__ uint32_t addMask[WARPSIZE];
   __shared__ uint64_t warpOverflow[WARPSIZE];
   const int sizePower = info->sizePower;
   //const size_t maxoverflow = info->currentMaxBucketOverflow;

   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const size_t proper_w_tid = tid % WARPSIZE; // the proper WID as if we had no Virtual warps
   const size_t proper_wid = tid / WARPSIZE;
   const size_t blockWid = proper_wid % WARPSIZE;

   // Early quit if we have more warps than elements to insert
   if (wid >= len) {
      return;
   }

   // Zero out shared count;
   if (proper_w_tid == 0 && blockWid == 0) {
      for (int i = 0; i < WARPSIZE; i++) {
         addMask[i] = 0;
         warpOverflow[i] = 0;
      }
   }
   __syncthreads();

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   KEY_TYPE candidateKey = keys[wid];
   VAL_TYPE candidateVal = wid;
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidateKey, sizePower);
   uint32_t vWarpDone = 0; // state of virtual warp
   uint32_t localCount = 0;
   uint64_t threadOverflow = 0;

   for (size_t i = 0; i < (1 << sizePower); i += VIRTUALWARP) {

      // Check if this virtual warp is done.
      if (vWarpDone) {
         break;
      }

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      auto target = buckets[probingindex];

      // vote for available emptybuckets in warp region
      // Note that this has to be done before voting for already existing elements (below)
      auto mask = split::s_warpVote(target.first == EMPTYBUCKET, submask);

      // Check if this elements already exists
      auto already_exists = split::s_warpVote(target.first == candidateKey, submask);
      if (already_exists) {
         int winner = split::s_findFirstSig(already_exists) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            split::s_atomicExch(&buckets[probingindex].second, candidateVal);
            // This virtual warp is now done.
            vWarpDone = 1;
         }
      }

      // If any duplicate was there now is the time for the whole Virtual warp to find out!
      vWarpDone = split::s_warpVoteAny(vWarpDone, submask);

      while (mask && !vWarpDone) {
         int winner = split::s_findFirstSig(mask) - 1;
         int sub_winner = winner - (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == sub_winner) {
            KEY_TYPE old = split::s_atomicCAS(&buckets[probingindex].first, EMPTYBUCKET, candidateKey);
            if (old == EMPTYBUCKET) {
               threadOverflow = std::min(i+w_tid,static_cast<size_t>(1<<sizePower)) +1;
               split::s_atomicExch(&buckets[probingindex].second, candidateVal);
               vWarpDone = 1;
               // Flip the bit which corresponds to the thread that added an element
               localCount++;
            } else if (old == candidateKey) {
               // Parallel stuff are fun. Major edge case!
               split::s_atomicExch(&buckets[probingindex].second, candidateVal);
               vWarpDone = 1;
            }
         }
         // If any of the virtual warp threads are done the the whole
         // Virtual warp is done
         vWarpDone = split::s_warpVoteAny(vWarpDone, submask);
         mask ^= (1UL << winner);
      }
   }

   /*
      Update fill and overflow in 2 steps:
      Step 1--> First thread per warp reduces the total elements added (per Warp)
      Step 2--> Reduce the blockTotal from the warpTotals but do it in registers using the first warp in the block
   */

   // Per warp reduction
   __syncwarp();
   int warpTotals = warpReduce<WARPSIZE>(localCount);
   uint64_t perWarpOverflow = warpReduceMax<WARPSIZE>(threadOverflow);
   __syncwarp();

   // Store to shmem minding Bank Conflicts
   if (proper_w_tid == 0) {
      // Write the count to the same place
      addMask[(blockWid)] = warpTotals;
      warpOverflow[(blockWid)] = perWarpOverflow;
   }

   __syncthreads();
   // First warp in block reductions
   if (blockWid == 0) {
      uint64_t blockOverflow = warpReduceMax<WARPSIZE>(warpOverflow[(proper_w_tid)]);
      int blockTotal = warpReduce<WARPSIZE>(addMask[(proper_w_tid)]);
      // First thread updates fill and overlfow (1 update per block)
      if (proper_w_tid == 0) {
         atomicMax((unsigned long long*)d_overflow, (unsigned long long)nextOverflow(blockOverflow,VIRTUALWARP));
         split::s_atomicAdd(d_fill, blockTotal);
         ;
      }
   }

   // Make sure everyone actually made it otherwise raise the error flag.
   if (split::s_warpVote(vWarpDone, SPLIT_VOTING_MASK) != __activemask()) {
      split::s_atomicExch((uint32_t*)err, (uint32_t)status::fail);
   }
   return;
}

/*
 * In a similar way to the insert and retrieve kernels we
 * delete keys in "keys" if they do exist in the hasmap.
 * If the keys do not exist we do nothing.
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          KEY_TYPE TOMBSTONE = EMPTYBUCKET - 1, class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>,
          int WARPSIZE = defaults::WARPSIZE, int elementsPerWarp>
__global__ void delete_kernel(KEY_TYPE* keys, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                              Hashinator::Info* info, size_t len) {

   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const size_t proper_w_tid = tid % WARPSIZE; // the proper WID as if we had no Virtual warps
   const size_t proper_wid = tid / WARPSIZE;
   const size_t blockWid = proper_wid % WARPSIZE;
   const int sizePower = info->sizePower;
   const size_t maxoverflow = info->currentMaxBucketOverflow;
   size_t* d_tombstoneCounter = &(info->tombstoneCounter);
   __shared__ uint32_t deleteMask[WARPSIZE];
   // Early quit if we have more warps than elements to handle
   if (wid >= len) {
      return;
   }

   // Zero out shmem;
   if (proper_w_tid == 0 && blockWid == 0) {
      for (int i = 0; i < WARPSIZE; i++) {
         deleteMask[i] = 0;
      }
   }
   __syncthreads();

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   KEY_TYPE candidateKey = keys[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidateKey, sizePower);
   uint32_t localCount = 0;
   uint32_t vWarpDone = 0; // state of virtual warp

   for (size_t i = 0; i < maxoverflow; i += VIRTUALWARP) {
      if (vWarpDone) {
         break;
      }

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      const auto maskExists = split::s_warpVote(buckets[probingindex].first == candidateKey, submask);
      const auto emptyFound = split::s_warpVote(buckets[probingindex].first == EMPTYBUCKET, submask);
      // If we encountered empty and the key is not in the range of this warp that means the key is not in hashmap.
      if (!maskExists && emptyFound) {
         vWarpDone = 1;
      }
      if (maskExists) {
         int winner = split::s_findFirstSig(maskExists) - 1;
         winner -= (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == winner) {
            split::s_atomicExch(&buckets[probingindex].first, TOMBSTONE);
            localCount++;
            // split::s_atomicAdd(d_tombstoneCounter, 1);
            vWarpDone = 1;
         }
      }
      vWarpDone = split::s_warpVoteAny(vWarpDone, submask);
   }

   /*
      Update tombstone counter and overflow in 2 steps:
      Step 1--> First thread per warp reduces the total deleted elements (per Warp)
      Step 2--> Reduce the blockTotal from the warpTotals but do it in registers using the first warp in the block
   */

   // Per warp reduction
   __syncwarp();
   int warpTotals = warpReduce<WARPSIZE>(localCount);
   __syncwarp();

   // Store to shmem minding Bank Conflicts
   if (proper_w_tid == 0) {
      // Write the count to the same place
      deleteMask[(blockWid)] = warpTotals;
   }

   __syncthreads();
   // First warp in block reductions
   if (blockWid == 0) {
      int blockTotal = warpReduce<WARPSIZE>(deleteMask[(proper_w_tid)]);
      // First thread updates the tombstone counter (1 update per block)
      if (proper_w_tid == 0) {
         split::s_atomicAdd(d_tombstoneCounter, blockTotal);
      }
   }
   return;
}

/*
 * Similarly to the insert_kernel we examine elements in keys and return their value in vals,
 * if the do exist in the hashmap. If the elements is not found and invalid key is returned;
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void retrieve_kernel(KEY_TYPE* keys, VAL_TYPE* vals, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                                Hashinator::Info* info) {

   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const int sizePower = info->sizePower;
   const size_t maxoverflow = info->currentMaxBucketOverflow;

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   KEY_TYPE& candidateKey = keys[wid];
   VAL_TYPE& candidateVal = vals[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidateKey, sizePower);

   // Check for duplicates
   for (size_t i = 0; i < maxoverflow; i += VIRTUALWARP) {

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      const auto maskExists =
          split::s_warpVote(buckets[probingindex].first == candidateKey, SPLIT_VOTING_MASK) & submask;
      const auto emptyFound =
          split::s_warpVote(buckets[probingindex].first == EMPTYBUCKET, SPLIT_VOTING_MASK) & submask;
      // If we encountered empty and the key is not in the range of this warp that means the key is not in hashmap.
      if (!maskExists && emptyFound) {
         return;
      }
      if (maskExists) {
         int winner = split::s_findFirstSig(maskExists) - 1;
         winner -= (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == winner) {
            split::s_atomicExch(&candidateVal, buckets[probingindex].second);
         }
         return;
      }
   }
}

/*
 * Similarly to the insert_kernel we examine elements in keys and return their value in vals,
 * if the do exist in the hashmap. If the elements is not found and invalid key is returned;
 * */
template <typename KEY_TYPE, typename VAL_TYPE, KEY_TYPE EMPTYBUCKET = std::numeric_limits<KEY_TYPE>::max(),
          class HashFunction = HashFunctions::Fibonacci<KEY_TYPE>, int WARPSIZE = defaults::WARPSIZE,
          int elementsPerWarp>
__global__ void retrieve_kernel(hash_pair<KEY_TYPE, VAL_TYPE>* src, hash_pair<KEY_TYPE, VAL_TYPE>* buckets,
                                Hashinator::Info* info) {

   const int VIRTUALWARP = WARPSIZE / elementsPerWarp;
   const size_t tid = threadIdx.x + blockIdx.x * blockDim.x;
   const size_t wid = tid / VIRTUALWARP;
   const size_t w_tid = tid % VIRTUALWARP;
   const int sizePower = info->sizePower;
   const size_t maxoverflow = info->currentMaxBucketOverflow;

   uint32_t subwarp_relative_index = (wid) % (WARPSIZE / VIRTUALWARP);
   uint32_t submask;
   if constexpr (elementsPerWarp == 1) {
      // TODO mind AMD 64 thread wavefronts
      submask = SPLIT_VOTING_MASK;
   } else {
      submask = split::getIntraWarpMask_CUDA(0, VIRTUALWARP * subwarp_relative_index + 1,
                                             VIRTUALWARP * subwarp_relative_index + VIRTUALWARP);
   }

   hash_pair<KEY_TYPE, VAL_TYPE>& candidate = src[wid];
   const int bitMask = (1 << (sizePower)) - 1;
   const auto hashIndex = HashFunction::_hash(candidate.first, sizePower);

   // Check for duplicates
   for (size_t i = 0; i < maxoverflow; i += VIRTUALWARP) {

      // Get the position we should be looking into
      size_t probingindex = ((hashIndex + i + w_tid) & bitMask);
      const auto maskExists =
          split::s_warpVote(buckets[probingindex].first == candidate.first, SPLIT_VOTING_MASK) & submask;
      const auto emptyFound =
          split::s_warpVote(buckets[probingindex].first == EMPTYBUCKET, SPLIT_VOTING_MASK) & submask;
      // If we encountered empty and the key is not in the range of this warp that means the key is not in hashmap.
      if (!maskExists && emptyFound) {
         return;
      }
      if (maskExists) {
         int winner = split::s_findFirstSig(maskExists) - 1;
         winner -= (subwarp_relative_index)*VIRTUALWARP;
         if (w_tid == winner) {
            split::s_atomicExch(&candidate.second, buckets[probingindex].second);
         }
         return;
      }
   }
}

} // namespace Hashers
} // namespace Hashinator
