// tilelab kernel collection: sujalsin/gpu-sql-operators' GPU SQL operators, filter_kernel (atomicAdd compaction) and filter_with_prefix_sum (a shared Hillis-Steele scan)
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/filter.cu
//          (sujalsin/gpu-sql-operators, commit b295136; declarations in include/gpu_operators.cuh)
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: it is repeated below).
// Kept, unchanged: src/filter.cu lines 2-104 (every kernel) and 171 (the namespace's end); removed: line 1 (#include of
//       gpu_operators.cuh, whose host includes NVRTC cannot build) and lines 105-170 (the host execute()); copied in: the .cuh's lines below.
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

// ---- copied in from include/gpu_operators.cuh (its host includes cuda_runtime.h / thrust left out): lines 8, 10-19, lines 64-74 and 88 (class Filter's Predicate enum; the execute declaration, host, left out)
#include <cstdint>
namespace gpu_sql {

// Data types for SQL operations
using SqlKey = int64_t;
using SqlValue = int64_t;

struct TableEntry {
    SqlKey key;
    SqlValue value;
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
};
} // namespace gpu_sql
// ---- end of the lines from include/gpu_operators.cuh

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

} // namespace gpu_sql
