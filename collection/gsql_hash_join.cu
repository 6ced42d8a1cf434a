// tilelab kernel collection: a GPU hash join: build_hash_table (linear probing, a slot claimed by atomicCAS on its valid flag) and probe_hash_table (one output row per probe row that finds its key, by atomicAdd).
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/hash_join.cu
//          (sujalsin/gpu-sql-operators, commit b295136, GPU SQL operators: hash join, aggregation, filter)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2024 GPU SQL Operators Contributors"), repeated below.
// Kept: lines 2-80, 154 of src/hash_join.cu, unchanged, after include/gpu_operators.cuh's
//       lines 8 and 10-99 (<cstdint>, the namespace's types TableEntry/SqlKey/SqlValue and the operator classes, whose
//       enums AggType and Predicate the kernels take), unchanged. Removed: line 1 (the include of that header; its
//       Thrust includes, lines 1-7, are not copied) and the host wrapper (execute).
// Selection, fixed before any run (collection/manifest.toml, the gsql_ entries): every __global__ kernel of src/hash_join.cu,
// src/aggregation.cu and src/filter.cu (five), none dropped for its result, each launched as its host wrapper launches it
// (BLOCK_SIZE = 256, grid (n + 255) / 256, the wrapper's dynamic shared size); filter_with_prefix_sum, which the host runs
// only above 10^6 rows, at 600 rows; compute_aggregation for SUM and AVG; the hash table of build_size * 100 / 75 slots
// zeroed as the host's cudaMemsetAsync does; host sizes replaced by 1000 build rows, 600 probe rows, 1000 rows.
//
// MIT License
//
// Copyright (c) 2024 GPU SQL Operators Contributors
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
//

// include/gpu_operators.cuh, lines 8 and 10-99
#include <cstdint>
namespace gpu_sql {

// Data types for SQL operations
using SqlKey = int64_t;
using SqlValue = int64_t;

struct TableEntry {
    SqlKey key;
    SqlValue value;
};

// Hash Join operator
class HashJoin {
public:
    static cudaError_t execute(
        const TableEntry* build_table,
        size_t build_size,
        const TableEntry* probe_table,
        size_t probe_size,
        TableEntry* output,
        size_t* output_size,
        cudaStream_t stream = nullptr
    );

private:
    static constexpr size_t BLOCK_SIZE = 256;
    static constexpr size_t HASH_TABLE_LOAD_FACTOR = 75;
};

// Aggregation operator
class Aggregation {
public:
    enum class AggType {
        SUM,
        COUNT,
        MIN,
        MAX,
        AVG
    };

    static cudaError_t execute(
        const TableEntry* input,
        size_t input_size,
        TableEntry* output,
        size_t* output_size,
        AggType agg_type,
        cudaStream_t stream = nullptr
    );

private:
    static constexpr size_t BLOCK_SIZE = 256;
    static constexpr size_t SHARED_MEMORY_SIZE = 48 * 1024; // 48KB
};

// Filter operator
class Filter {
public:
    enum class Predicate {
        EQUAL,
        NOT_EQUAL,
        GREATER,
        LESS,
        GREATER_EQUAL,
        LESS_EQUAL
    };

    static cudaError_t execute(
        const TableEntry* input,
        size_t input_size,
        TableEntry* output,
        size_t* output_size,
        Predicate pred_type,
        SqlValue pred_value,
        cudaStream_t stream = nullptr
    );

private:
    static constexpr size_t BLOCK_SIZE = 256;
};

// Memory management utilities
class MemoryManager {
public:
    static cudaError_t allocateDeviceMemory(void** ptr, size_t size);
    static cudaError_t freeDeviceMemory(void* ptr);
    static cudaError_t copyHostToDevice(void* dst, const void* src, size_t size, cudaStream_t stream = nullptr);
    static cudaError_t copyDeviceToHost(void* dst, const void* src, size_t size, cudaStream_t stream = nullptr);
};

} // namespace gpu_sql

// src/hash_join.cu, lines 2-80
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
// src/hash_join.cu, line 154
} // namespace gpu_sql
