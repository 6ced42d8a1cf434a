// tilelab kernel collection: a lock-free GPU hash table of uint32 keys and values by linear probing (insert by atomicCAS
// Source:  https://github.com/nosferalatu/SimpleGPUHashTable/blob/d3f5b74f3176f40120cd5dc61a8d4811302eb829/src/linearprobing.cu
//          (nosferalatu/SimpleGPUHashTable, commit d3f5b74, a simple GPU hash table by linear probing)
// Licence: public domain (the Unlicense: the repository's LICENSE), repeated below.
// on the key, lookup, delete by writing kEmpty to the value, iteration with an atomicAdd slot).
// Kept: src/linearprobing.cu lines 6-15 (hash), 31-53, 91-115, 153-178 and 216-232 (the four kernels), unchanged, after
//       src/linearprobing.h lines 3-13 (KeyValue, kHashTableCapacity, kNumKeyValues, kEmpty). Removed: the includes
//       (lines 1-4), the host functions (create/insert/lookup/delete/iterate/destroy_hashtable) and the header's prototypes.
// Changed (a host size, not the code): linearprobing.h line 9, kHashTableCapacity = 128 * 1024 * 1024 (a 1 GiB table)
//       is 4096 here (a power of two as the mask requires); kNumKeyValues follows it (2048).
// Selection, fixed before any run (collection/manifest.toml, the sgpuht_ entries): every __global__ kernel of the file
// (four), none dropped for its result, each launched as its host function launches it: block = the occupancy API's
// size for gpu_hashtable_insert (1024 on an H100/H200 for this kernel), grid = (n + 1023) / 1024, the iteration over
// the whole table (4096 / 1024 = 4 blocks); the table starts all 0xff as create_hashtable's cudaMemset makes it;
// main.cpp's 64M random keys replaced by 1500 distinct random keys (2 blocks, the second partial).
//
// This is free and unencumbered software released into the public domain.
//
// Anyone is free to copy, modify, publish, use, compile, sell, or
// distribute this software, either in source code form or as a compiled
// binary, for any purpose, commercial or non-commercial, and by any
// means.
//
// In jurisdictions that recognize copyright laws, the author or authors
// of this software dedicate any and all copyright interest in the
// software to the public domain. We make this dedication for the benefit
// of the public at large and to the detriment of our heirs and
// successors. We intend this dedication to be an overt act of
// relinquishment in perpetuity of all present and future rights to this
// software under copyright law.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT.
// IN NO EVENT SHALL THE AUTHORS BE LIABLE FOR ANY CLAIM, DAMAGES OR
// OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE,
// ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR
// OTHER DEALINGS IN THE SOFTWARE.
//
// For more information, please refer to <https://unlicense.org>
//

// src/linearprobing.h, lines 3-13 (line 9 changed: see above)
struct KeyValue
{
    uint32_t key;
    uint32_t value;
};

const uint32_t kHashTableCapacity = 4096;

const uint32_t kNumKeyValues = kHashTableCapacity / 2;

const uint32_t kEmpty = 0xffffffff;

// src/linearprobing.cu, lines 6-15
// 32 bit Murmur3 hash
__device__ uint32_t hash(uint32_t k)
{
    k ^= k >> 16;
    k *= 0x85ebca6b;
    k ^= k >> 13;
    k *= 0xc2b2ae35;
    k ^= k >> 16;
    return k & (kHashTableCapacity-1);
}
// src/linearprobing.cu, lines 31-53
// Insert the key/values in kvs into the hashtable
__global__ void gpu_hashtable_insert(KeyValue* hashtable, const KeyValue* kvs, unsigned int numkvs)
{
    unsigned int threadid = blockIdx.x*blockDim.x + threadIdx.x;
    if (threadid < numkvs)
    {
        uint32_t key = kvs[threadid].key;
        uint32_t value = kvs[threadid].value;
        uint32_t slot = hash(key);

        while (true)
        {
            uint32_t prev = atomicCAS(&hashtable[slot].key, kEmpty, key);
            if (prev == kEmpty || prev == key)
            {
                hashtable[slot].value = value;
                return;
            }

            slot = (slot + 1) & (kHashTableCapacity-1);
        }
    }
}
// src/linearprobing.cu, lines 91-115
// Lookup keys in the hashtable, and return the values
__global__ void gpu_hashtable_lookup(KeyValue* hashtable, KeyValue* kvs, unsigned int numkvs)
{
    unsigned int threadid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadid < numkvs)
    {
        uint32_t key = kvs[threadid].key;
        uint32_t slot = hash(key);

        while (true)
        {
            if (hashtable[slot].key == key)
            {
                kvs[threadid].value = hashtable[slot].value;
                return;
            }
            if (hashtable[slot].key == kEmpty)
            {
                kvs[threadid].value = kEmpty;
                return;
            }
            slot = (slot + 1) & (kHashTableCapacity - 1);
        }
    }
}
// src/linearprobing.cu, lines 153-178
// Delete each key in kvs from the hash table, if the key exists
// A deleted key is left in the hash table, but its value is set to kEmpty
// Deleted keys are not reused; once a key is assigned a slot, it never moves
__global__ void gpu_hashtable_delete(KeyValue* hashtable, const KeyValue* kvs, unsigned int numkvs)
{
    unsigned int threadid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadid < numkvs)
    {
        uint32_t key = kvs[threadid].key;
        uint32_t slot = hash(key);

        while (true)
        {
            if (hashtable[slot].key == key)
            {
                hashtable[slot].value = kEmpty;
                return;
            }
            if (hashtable[slot].key == kEmpty)
            {
                return;
            }
            slot = (slot + 1) & (kHashTableCapacity - 1);
        }
    }
}
// src/linearprobing.cu, lines 216-232
// Iterate over every item in the hashtable; return non-empty key/values
__global__ void gpu_iterate_hashtable(KeyValue* pHashTable, KeyValue* kvs, uint32_t* kvs_size)
{
    unsigned int threadid = blockIdx.x * blockDim.x + threadIdx.x;
    if (threadid < kHashTableCapacity) 
    {
        if (pHashTable[threadid].key != kEmpty) 
        {
            uint32_t value = pHashTable[threadid].value;
            if (value != kEmpty)
            {
                uint32_t size = atomicAdd(kvs_size, 1);
                kvs[size] = pHashTable[threadid];
            }
        }
    }
}
