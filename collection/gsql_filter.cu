// tilelab kernel collection: selection (WHERE value op constant): filter_kernel (atomicAdd slots) and filter_with_prefix_sum (a block scan).
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/filter.cu
//          (sujalsin/gpu-sql-operators, commit b295136, GPU SQL operators: hash join, aggregation, filter)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2024 GPU SQL Operators Contributors"), repeated below.
// Kept: lines 2-104, 171 of src/filter.cu, unchanged, after include/gpu_operators.cuh's
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

// src/filter.cu, lines 2-104
#include <cooperative_groups.h>

namespace gpu_sql {

namespace cg = cooperative_groups;

__device__ inline bool evaluate_predicate(
    SqlValue value,
    Filter::Predicate pred_type,
    SqlValue pred_value
) {
    switch (pred_type) {
        case Filter::Predicate::EQUAL:
            return value == pred_value;
        case Filter::Predicate::NOT_EQUAL:
            return value != pred_value;
        case Filter::Predicate::GREATER:
            return value > pred_value;
        case Filter::Predicate::LESS:
            return value < pred_value;
        case Filter::Predicate::GREATER_EQUAL:
            return value >= pred_value;
        case Filter::Predicate::LESS_EQUAL:
            return value <= pred_value;
        default:
            return false;
    }
}

__global__ void filter_kernel(
    const TableEntry* input,
    size_t input_size,
    TableEntry* output,
    size_t* output_size,
    Filter::Predicate pred_type,
    SqlValue pred_value
) {
    const size_t tid = blockDim.x * blockIdx.x + threadIdx.x;
    
    if (tid < input_size) {
        const TableEntry entry = input[tid];
        if (evaluate_predicate(entry.value, pred_type, pred_value)) {
            const size_t output_idx = atomicAdd(output_size, 1);
            output[output_idx] = entry;
        }
    }
}

__global__ void filter_with_prefix_sum(
    const TableEntry* input,
    size_t input_size,
    TableEntry* output,
    size_t* output_size,
    Filter::Predicate pred_type,
    SqlValue pred_value,
    int* prefix_sum
) {
    extern __shared__ int shared_flags[];
    
    const size_t tid = blockDim.x * blockIdx.x + threadIdx.x;
    const size_t local_tid = threadIdx.x;
    
    // Step 1: Evaluate predicate and store result
    int flag = 0;
    if (tid < input_size) {
        flag = evaluate_predicate(input[tid].value, pred_type, pred_value) ? 1 : 0;
    }
    shared_flags[local_tid] = flag;
    
    __syncthreads();
    
    // Step 2: Compute prefix sum within block
    for (int stride = 1; stride < blockDim.x; stride *= 2) {
        int temp = 0;
        if (local_tid >= stride) {
            temp = shared_flags[local_tid - stride];
        }
        __syncthreads();
        if (local_tid >= stride) {
            shared_flags[local_tid] += temp;
        }
        __syncthreads();
    }
    
    // Step 3: Store block sum and update global prefix sum
    if (local_tid == blockDim.x - 1) {
        if (blockIdx.x > 0) {
            prefix_sum[blockIdx.x] = shared_flags[local_tid];
        }
        if (blockIdx.x == gridDim.x - 1) {
            *output_size = shared_flags[local_tid];
        }
    }
    
    __syncthreads();
    
    // Step 4: Write output
    if (tid < input_size && flag) {
        const size_t output_idx = (blockIdx.x > 0 ? prefix_sum[blockIdx.x - 1] : 0) + 
                                 shared_flags[local_tid] - 1;
        output[output_idx] = input[tid];
    }
}
// src/filter.cu, line 171
} // namespace gpu_sql
