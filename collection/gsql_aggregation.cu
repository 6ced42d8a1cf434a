// tilelab kernel collection: compute_aggregation, a one-group aggregate (SUM/COUNT/MIN/MAX/AVG) by warp shuffles and a per-block atomicAdd slot.
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/aggregation.cu
//          (sujalsin/gpu-sql-operators, commit b295136, GPU SQL operators: hash join, aggregation, filter)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2024 GPU SQL Operators Contributors"), repeated below.
// Kept: lines 2-94, 139 of src/aggregation.cu, unchanged, after include/gpu_operators.cuh's
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

// src/aggregation.cu, lines 2-94
#include <cooperative_groups.h>

namespace gpu_sql {

namespace cg = cooperative_groups;

template<typename T>
__device__ inline void warp_reduce(T& val) {
    for (int offset = warpSize/2; offset > 0; offset /= 2) {
        val += __shfl_down_sync(0xffffffff, val, offset);
    }
}

__global__ void compute_aggregation(
    const TableEntry* input,
    size_t input_size,
    TableEntry* output,
    size_t* output_size,
    Aggregation::AggType agg_type
) {
    extern __shared__ SqlValue shared_mem[];
    
    const size_t tid = blockDim.x * blockIdx.x + threadIdx.x;
    const size_t lane_id = threadIdx.x % warpSize;
    const size_t warp_id = threadIdx.x / warpSize;
    
    SqlValue thread_value = 0;
    size_t count = 0;

    // Each thread processes multiple elements
    for (size_t i = tid; i < input_size; i += blockDim.x * gridDim.x) {
        SqlValue current = input[i].value;
        
        switch (agg_type) {
            case Aggregation::AggType::SUM:
                thread_value += current;
                break;
            case Aggregation::AggType::COUNT:
                thread_value += 1;
                break;
            case Aggregation::AggType::MIN:
                thread_value = (i == tid) ? current : min(thread_value, current);
                break;
            case Aggregation::AggType::MAX:
                thread_value = (i == tid) ? current : max(thread_value, current);
                break;
            case Aggregation::AggType::AVG:
                thread_value += current;
                count++;
                break;
        }
    }

    // Warp-level reduction
    warp_reduce(thread_value);
    if (agg_type == Aggregation::AggType::AVG) {
        warp_reduce(count);
    }

    // Write warp results to shared memory
    if (lane_id == 0) {
        shared_mem[warp_id] = thread_value;
        if (agg_type == Aggregation::AggType::AVG) {
            shared_mem[warp_id + blockDim.x/warpSize] = count;
        }
    }
    
    __syncthreads();

    // Final block reduction (single warp)
    if (warp_id == 0) {
        thread_value = (lane_id < blockDim.x/warpSize) ? shared_mem[lane_id] : 0;
        if (agg_type == Aggregation::AggType::AVG) {
            count = (lane_id < blockDim.x/warpSize) ? shared_mem[lane_id + blockDim.x/warpSize] : 0;
        }
        
        warp_reduce(thread_value);
        if (agg_type == Aggregation::AggType::AVG) {
            warp_reduce(count);
        }

        if (lane_id == 0) {
            const size_t output_idx = atomicAdd(output_size, 1);
            output[output_idx].key = 0;  // Single group for now
            
            if (agg_type == Aggregation::AggType::AVG) {
                output[output_idx].value = count > 0 ? thread_value / count : 0;
            } else {
                output[output_idx].value = thread_value;
            }
        }
    }
}
// src/aggregation.cu, line 139
} // namespace gpu_sql
