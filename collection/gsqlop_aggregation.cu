// tilelab kernel collection: sujalsin/gpu-sql-operators' GPU SQL operators, compute_aggregation (warp shuffles, a shared stage, one row per block by atomicAdd)
// Source:  https://github.com/sujalsin/gpu-sql-operators/blob/b295136d69e9a682277a76d580da89b61c88e6fe/src/aggregation.cu
//          (sujalsin/gpu-sql-operators, commit b295136; declarations in include/gpu_operators.cuh)
// Licence: MIT (the repository's LICENSE; the source files carry no notice of their own: it is repeated below).
// Kept, unchanged: src/aggregation.cu lines 2-94 (every kernel) and 139 (the namespace's end); removed: line 1 (#include of
//       gpu_operators.cuh, whose host includes NVRTC cannot build) and lines 95-138 (the host execute()); copied in: the .cuh's lines below.
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

// ---- copied in from include/gpu_operators.cuh (its host includes cuda_runtime.h / thrust left out): lines 8, 10-19, lines 40-48 and 62 (class Aggregation's AggType enum; the execute declaration, host, left out)
#include <cstdint>
namespace gpu_sql {

// Data types for SQL operations
using SqlKey = int64_t;
using SqlValue = int64_t;

struct TableEntry {
    SqlKey key;
    SqlValue value;
};
class Aggregation {
public:
    enum class AggType {
        SUM,
        COUNT,
        MIN,
        MAX,
        AVG
    };
};
} // namespace gpu_sql
// ---- end of the lines from include/gpu_operators.cuh

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

} // namespace gpu_sql
