// tilelab kernel collection: CUDPP's cuckoo hash table (one value per key, a stash of 101 slots), build and retrieve
// Source:  https://github.com/cudpp/cudpp/blob/9dc7357ee818498a87bc2f68f9d887c298e0e3f6/src/cudpp_hash/hash_table.cuh
//          (cudpp/cudpp, commit 9dc7357: CUDPP, the CUDA Data Parallel Primitives library; its cudpp_hash
//          application, the GPU cuckoo hashing of Alcantara et al.)
// Licence: BSD-3-Clause (the repository's license.txt, repeated below; the source file refers to it).
// Kept: hash_table.cuh lines 1-19 and 24-308 (the three kernel templates clear_table<T>, hash_retrieve<N> and
//       CuckooHash<N> with their __device__ helpers), unchanged. Removed: lines 20-23, the includes of
//       "definitions.h", "hash_table.h" (the host class HashTable) and <driver_types.h> (host-only). In their place
//       the lines of definitions.h and hash_functions.h (same commit) the kernels use are copied in, marked. The
//       launches are hash_table.cu's HashTable::Build and HashTable::Retrieve: kBlockSize (64) threads a block,
//       ComputeGridDim's (n + 63) / 64 blocks, clear_table over table_size + kStashSize slots, CuckooHash and
//       hash_retrieve at the instance of the table's number of hash functions (2 to 5).

/*
Copyright (c) 2007-2010 The Regents of the University of California, Davis
campus ("The Regents") and NVIDIA Corporation ("NVIDIA"). All rights reserved.

Redistribution and use in source and binary forms, with or without modification, 
are permitted provided that the following conditions are met:

    * Redistributions of source code must retain the above copyright notice, 
      this list of conditions and the following disclaimer.
    * Redistributions in binary form must reproduce the above copyright notice, 
      this list of conditions and the following disclaimer in the documentation 
      and/or other materials provided with the distribution.
    * Neither the name of the The Regents, nor NVIDIA, nor the names of its 
      contributors may be used to endorse or promote products derived from this 
      software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND 
ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED 
WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. 
IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, 
INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, 
BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, 
DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF 
LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE 
OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF 
ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
*/

// ---- copied from src/cudpp_hash/definitions.h lines 69-70, 78, 81-84 and 86-87 (same commit) ----
namespace CudaHT {
namespace CuckooHashing {
typedef unsigned long long Entry;                   //!< A key and its value are stored in a 64-bit number.  The key is stored in the upper 32 bits.
const unsigned kKeyEmpty           = 0xffffffffu;   //!< Signifies empty slots in the table.
const unsigned kNotFound           = 0xffffffffu;   //!< Signifies that a query key was not found.
const unsigned kMaxHashFunctions   = 5;             //!< Maximum number of hash functions allowed.
const unsigned kStashSize          = 101;           //!< How many slots the stash hash table contains.
//! Value indicating that a hash table slot has no valid item within it.
const Entry    kEntryEmpty         = Entry(kKeyEmpty) << 32;
// ---- copied from src/cudpp_hash/hash_functions.h lines 14-15, 32-36, 49 and 51-87 (same commit; the struct's host
//      member Generate, lines 38-48, left out: it calls a host function this file does not have) ----
//! Prime number larger than the largest practical hash table size.
const unsigned kPrimeDivisor = 4294967291u;
//! Container for all of the hash functions.
template <unsigned N>
struct Functions {
  //! The constants required for all of the hash functions, including the stash.  Each function requires 2.
  uint2 constants[N];
};
//! Computes the value of a hash function for a given key.
/*! \param[in] constants  Constants used by the hash function.
  ! \param[in] key        Key being hashed.
  ! \returns              The value of the hash function for the key.
 */
inline __device__ __host__
unsigned hash_function_inner(const uint2    constants,
                             const unsigned key) {
#if 1                             
  // Fast version.                             
  return ((constants.x ^ key) + constants.y) % kPrimeDivisor;
#else
  // Slow version.
  return ((unsigned long long)constants.x * key + constants.y) % kPrimeDivisor;
#endif
}                             

//! Computes the value of a hash function for a given key.
/*! \param[in] functions        All of the constants used by the hash functions.
  ! \param[in] which_function   Which hash function is being used.
  ! \param[in] key              Key being hashed.
  ! \returns                    The value of a hash function with a given key.
 */
template <unsigned kNumHashFunctions>
inline __device__ __host__
unsigned hash_function(const Functions<kNumHashFunctions> functions,
                       const unsigned which_function,
                       const unsigned key) {
  return hash_function_inner(functions.constants[which_function], key);
}

//! Simple hash function used by the stash.
inline __device__ __host__
unsigned stash_hash_function(const uint2 stash_constants,
                             const unsigned key) {
  return (stash_constants.x ^ key + stash_constants.y) % kStashSize;
}
};  // namespace CuckooHashing
};  // namespace CudaHT
// ---- end of the copied lines ----

// -------------------------------------------------------------
// cuDPP -- CUDA Data Parallel Primitives library
// -------------------------------------------------------------
// $Revision:$
// $Date:$
// ------------------------------------------------------------- 
// This source code is distributed under the terms of license.txt in
// the root directory of this source distribution.
// ------------------------------------------------------------- 

/**
 * @file hash_table.cuh
 *
 * @brief Implements kernel and __device__ functions for a basic hash table.
 */

#ifndef CUDAHT__CUCKOO__SRC__LIBRARY__HASH_TABLE__CUH
#define CUDAHT__CUCKOO__SRC__LIBRARY__HASH_TABLE__CUH


namespace CudaHT {
namespace CuckooHashing {

//! Makes an 64-bit Entry out of a key-value pair for the hash table.
inline __device__ __host__ Entry make_entry(unsigned key, unsigned value) {
  return (Entry(key) << 32) + value;
}

//! Returns the key of an Entry.
inline __device__ __host__ unsigned get_key(Entry entry) {
  return (unsigned) (entry >> 32);
}

//! Returns the value of an Entry.
inline __device__ __host__ unsigned get_value(Entry entry) {
  return (unsigned) (entry & 0xffffffff);
}


//! @name Internal
//! @brief Functions used for building the hash table.
//! @{

//! Fills the entire array with a specific value.
template <class T> __global__
void clear_table(const unsigned  table_size,
                 const T         value,
                       T        *table)
{       
  unsigned thread_index = threadIdx.x +
                          blockIdx.x * blockDim.x +
                          blockIdx.y * blockDim.x * gridDim.x;
  if (thread_index < table_size) {
    table[thread_index] = value;
  }
}


//! Determine where in the hash table the key could be located.
template <unsigned kNumHashFunctions>
__device__ void
KeyLocations(const Functions<kNumHashFunctions> constants,
             const unsigned  table_size,
             const unsigned  key,
                   unsigned  locations[kNumHashFunctions])
{
  // Compute all possible locations for the key in the big table.
  #pragma unroll
  for (int i = 0; i < kNumHashFunctions; ++i) {
    locations[i] = hash_function(constants, i, key) % table_size;
  }
}
//! @}


/* --------------------------------------------------------------------------
   Retrieval functions.
   -------------------------------------------------------------------------- */
//! Answers a single query.
/*! @ingroup PublicInterface
 *  @param[in]  key                   Query key
 *  @param[in]  table_size            Size of the hash table
 *  @param[in]  table                 The contents of the hash table
 *  @param[in]  constants             The hash functions used to build the table
 *  @param[in]  stash_constants       The hash function used to build the stash
 *  @param[in]  stash_count           The number of items in the stash
 *  @param[out] num_probes_required   Debug only: The number of probes required to resolve the query.
 *  @returns The value of the query key, if the key exists in the table.  Otherwise, \ref kNotFound will be returned.
 */
template <unsigned kNumHashFunctions> __device__
unsigned retrieve(const unsigned                      query_key,
                  const unsigned                      table_size,
                  const Entry                        *table,
                  const Functions<kNumHashFunctions>  constants,
                  const uint2                         stash_constants,
                  const unsigned                      stash_count,
                        unsigned                     *num_probes_required = NULL)
{
  // Identify all of the locations that the key can be located in.
  unsigned locations[kNumHashFunctions];
  KeyLocations(constants, table_size, query_key, locations);

  // Check each location until the key is found.
  unsigned num_probes = 1;
  Entry    entry      = table[locations[0]];
  unsigned key        = get_key(entry);

  #pragma unroll
  for (unsigned i = 1; i < kNumHashFunctions; ++i) {
    if (key != query_key && key != kNotFound) {
      num_probes++;
      entry = table[locations[i]];
      key = get_key(entry);
    }
  }

  // Check the stash.
  if (stash_count && get_key(entry) != query_key) {
    num_probes++;
    const Entry *stash = table + table_size;
    unsigned slot = stash_hash_function(stash_constants, query_key);
    entry = stash[slot];
  }

#ifdef TRACK_ITERATIONS
  if (num_probes_required) {
    *num_probes_required = num_probes;
  }
#endif

  if (get_key(entry) == query_key) {
    return get_value(entry);
  } else {
    return kNotFound;
  }
}


//! Perform a retrieval from a basic hash table.  Each thread manages a single query.
template <unsigned kNumHashFunctions> __global__
void hash_retrieve(const unsigned                      n_queries,
                   const unsigned                     *keys_in,
                   const unsigned                      table_size,
                   const Entry                        *table,
                   const Functions<kNumHashFunctions>  constants,
                   const uint2                         stash_constants,
                   const unsigned                      stash_count,
                         unsigned                     *values_out,
                         unsigned                     *num_probes_required = NULL)
{
  // Get the key.
  unsigned thread_index = threadIdx.x +
                          blockIdx.x * blockDim.x +
                          blockIdx.y * blockDim.x * gridDim.x;
  if (thread_index >= n_queries)
    return;
  unsigned key = keys_in[thread_index];

  values_out[thread_index] = retrieve<kNumHashFunctions>
                                     (key,
                                      table_size,
                                      table,
                                      constants,
                                      stash_constants,
                                      stash_count,
                                      (num_probes_required ? num_probes_required + thread_index : NULL));
}       


/* --------------------------------------------------------------------------
   Build a cuckoo hash table.
   -------------------------------------------------------------------------- */
//! @name Internal
//! @{

//! Determine where to insert the key next.  The hash functions are used in round-robin order.
template <unsigned kNumHashFunctions> __device__
unsigned determine_next_location(const Functions<kNumHashFunctions> constants,
                                 const unsigned                     table_size,
                                 const unsigned                     key,
                                 const unsigned                     previous_location) {
  // Identify all possible locations for the entry.
  unsigned locations[kNumHashFunctions];
  #pragma unroll
  for (unsigned i = 0; i < kNumHashFunctions; ++i) {
    locations[i] = hash_function(constants, i, key) % table_size;
  }

  // Figure out where the item should be inserted next.
  unsigned next_location = locations[0];
  #pragma unroll
  for (int i = kNumHashFunctions - 2; i >= 0; --i) {
    next_location = (previous_location == locations[i] ? locations[i+1]
                                                       : next_location);
  }
  return next_location;
}


//! Attempts to insert a single entry into the hash table.
/*! This process stops after a certain number of iterations.  If the thread is
    still holding onto an item because of an eviction, it tries the stash.
    If it fails to enter the stash, it returns false.
    Otherwise, it succeeds and returns true.
 */
template <unsigned kNumHashFunctions> __device__
bool insert(const unsigned                      table_size,
            const Functions<kNumHashFunctions>  constants,
            const uint2                         stash_constants,
            const unsigned                      max_iteration_attempts,
                  Entry                        *table,
                  unsigned                     *stash_count,
                  Entry                         entry,
                  unsigned                     *iterations_used) {
  unsigned key = get_key(entry);

  // The key is always inserted into its first slot at the start.
  unsigned location = hash_function(constants, 0, key) % table_size;

  // Keep inserting until an empty slot is found or the eviction chain grows too large.
  for (unsigned its = 1; its <= max_iteration_attempts; its++) {
    // Insert the new entry.
    entry = atomicExch(&table[location], entry);
    key   = get_key(entry);

    // If no key was evicted, we're done.
    if (key == kKeyEmpty) {
      *iterations_used = its;
      break;
    }

    // Otherwise, determine where the evicted key will go.
    location = determine_next_location(constants, table_size, key, location);
  }

  if (key != kKeyEmpty) {
    // Shove it into the stash.
    unsigned slot = stash_hash_function(stash_constants, key);
    Entry *stash = table + table_size;
    Entry replaced_entry = atomicCAS(stash + slot, kEntryEmpty, entry);
    if (replaced_entry != kEntryEmpty) {
      return false;
    } else {
      atomicAdd(stash_count, 1);
    }
  }

  return true;
}



// Build a basic hash table, using one big table.
template <unsigned kNumHashFunctions> __global__
void CuckooHash(const unsigned   n_entries,
                const unsigned  *keys,
                const unsigned  *values,
                const unsigned   table_size,
                const Functions<kNumHashFunctions>  constants,
                const unsigned   max_iteration_attempts,
                      Entry     *table,
                      uint2      stash_constants,
                      unsigned  *stash_count,
                      unsigned  *failures,
                      unsigned  *iterations_taken) {
  // Check if this thread has an item and if any previous threads failed.
  unsigned thread_index = threadIdx.x +
                          blockIdx.x * blockDim.x +
                          blockIdx.y * blockDim.x * gridDim.x;
  if (thread_index >= n_entries || *failures)
    return;
  Entry entry = make_entry(keys[thread_index], values[thread_index]);

  unsigned iterations = 0;
  bool success = insert<kNumHashFunctions>
                       (table_size, constants, stash_constants,
                       max_iteration_attempts, table, stash_count, entry, &iterations);

  if (success == false) {
    // The eviction chain grew too large.  Report failure.
  #ifdef COUNT_UNINSERTED
    atomicAdd(failures, 1);
  #else
    *failures = 1;
  #endif
  }

#ifdef TRACK_ITERATIONS
  iterations_taken[thread_index] = iterations;
#endif
}       
//! @}

};  // namespace CuckooHashing
};  // namespace CudaHT

#endif


// Leave this at the end of the file
// Local Variables:
// mode:c++
// c-file-style: "NVIDIA"
// End:
