// tilelab kernel collection: sujalsin/gpu-sql-operators' GPU SQL operators, build_hash_table (linear probing, an atomicCAS on the entry's bool as a 32-bit word) and probe_hash_table (the join's output by atomicAdd)
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/hash_join.cu
//          (sujalsin/gpu-sql-operators, commit b295136; declarations in include/gpu_operators.cuh)
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: it is repeated below).
// Kept, unchanged: src/hash_join.cu lines 2-80 (every kernel) and 154 (the namespace's end); removed: line 1 (#include of
//       gpu_operators.cuh, whose host includes NVRTC cannot build) and lines 81-153 (the host execute()); copied in: the .cuh's lines below.
/*
MIT License

Copyright (c) 2024 GPU SQL Operators Contributors

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

// ---- copied in from include/gpu_operators.cuh (its host includes cuda_runtime.h / thrust left out): lines 8, 10-19
#include <cstdint>
namespace gpu_sql {

// Data types for SQL operations
using SqlKey = int64_t;
using SqlValue = int64_t;

struct TableEntry {
    SqlKey key;
    SqlValue value;
};
} // namespace gpu_sql
// ---- end of the lines from include/gpu_operators.cuh

#include <cooperative_groups.h>

namespace gpu_sql {

namespace cg = cooperative_groups;

// Hash function for keys
__device__ inline uint32_t hash_function(SqlKey key) {
    key = ((key >> 16) ^ key) * 0x45d9f3b;
    key = ((key >> 16) ^ key) * 0x45d9f3b;
    key = (key >> 16) ^ key;
    return key;
}

// Structure for hash table entry
struct HashEntry {
    SqlKey key;
    SqlValue value;
    bool valid;
};

__global__ void build_hash_table(
    const TableEntry* build_table,
    size_t build_size,
    HashEntry* hash_table,
    size_t hash_table_size
) {
    const size_t tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid >= build_size) return;

    const TableEntry entry = build_table[tid];
    const uint32_t hash = hash_function(entry.key);
    
    // Linear probing
    size_t pos = hash % hash_table_size;
    while (true) {
        bool expected = false;
        if (atomicCAS((unsigned int*)&hash_table[pos].valid, 0, 1) == 0) {
            hash_table[pos].key = entry.key;
            hash_table[pos].value = entry.value;
            break;
        }
        pos = (pos + 1) % hash_table_size;
    }
}

__global__ void probe_hash_table(
    const TableEntry* probe_table,
    size_t probe_size,
    const HashEntry* hash_table,
    size_t hash_table_size,
    TableEntry* output,
    size_t* output_size
) {
    const size_t tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid >= probe_size) return;

    const TableEntry probe_entry = probe_table[tid];
    const uint32_t hash = hash_function(probe_entry.key);
    
    // Linear probing for matching entries
    size_t pos = hash % hash_table_size;
    size_t attempts = 0;
    
    while (attempts < hash_table_size) {
        const HashEntry hash_entry = hash_table[pos];
        if (!hash_entry.valid) break;
        
        if (hash_entry.key == probe_entry.key) {
            const size_t output_idx = atomicAdd(output_size, 1);
            output[output_idx].key = probe_entry.key;
            output[output_idx].value = hash_entry.value;
            break;
        }
        
        pos = (pos + 1) % hash_table_size;
        attempts++;
    }
}

} // namespace gpu_sql
