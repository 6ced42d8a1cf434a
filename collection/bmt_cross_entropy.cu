// tilelab kernel collection: BMTrain's fused cross-entropy loss, forward (block max and sum of exponentials by warp shuffles, softmax out) and backward in place
// Source:  https://github.com/OpenBMB/BMTrain/blob/30e6469744d070bd2ea487f3e7b8401168002081/csrc/cuda/cross_entropy.cu
//          (OpenBMB/BMTrain, commit 30e6469)
// Licence: Apache-2.0 (the repository's LICENSE; the source files carry no notice of their own: the repository's
//          notice is repeated below).
// Kept, unchanged: lines 1-200 (includes and the kernels, in their anonymous namespace), but line 1 (#include
//       "reduce.cuh") and line 5 (#include "bfloat16.cuh"): those headers are copied in their places, whole,
//       marked. Removed: lines 201-315 (the host launchers; the launches are theirs, see the manifest).

/*
 * OpenBMB/BMTrain LICENSE: Apache License, Version 2.0, January 2004 (http://www.apache.org/licenses/); its notice:
 *
 *   Copyright 2022 OpenBMB
 *
 *   Licensed under the Apache License, Version 2.0 (the "License");
 *   you may not use this file except in compliance with the License.
 *   You may obtain a copy of the License at
 *
 *       http://www.apache.org/licenses/LICENSE-2.0
 *
 *   Unless required by applicable law or agreed to in writing, software
 *   distributed under the License is distributed on an "AS IS" BASIS,
 *   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 *   See the License for the specific language governing permissions and
 *   limitations under the License.
 */

// ---- csrc/cuda/reduce.cuh, lines 1-114 (the whole header: the block sum / max reductions), in place of its #include ----
namespace {
const int WARP_SZ = 32;

// blocks <block_size>,      threads<1024>
__device__ float block_reduce_sum(float val) {
    static __shared__ float s_x[WARP_SZ];
    // int gid = threadIdx.x + blockIdx.x * blockDim.x;
    int tid = threadIdx.x;
    int lid = threadIdx.x % WARP_SZ;
    int wid = threadIdx.x / WARP_SZ;

    // reduce intra warp

    for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
        val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    
    if (lid == 0) s_x[wid] = val;
    __syncthreads();

    // reduce inter warp
    val = (tid < WARP_SZ) ? s_x[lid] : 0;
    if (wid == 0) {
        for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
            val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    }
    return val;
}

// blocks <block_size>,      threads<1024>
__device__ float block_reduce_max(float val) {
    static __shared__ float s_x[WARP_SZ];
    // int gid = threadIdx.x + blockIdx.x * blockDim.x;
    int tid = threadIdx.x;
    int lid = threadIdx.x % WARP_SZ;
    int wid = threadIdx.x / WARP_SZ;

    // reduce intra warp

    for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
        val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, offset));
    
    if (lid == 0) s_x[wid] = val;
    __syncthreads();

    // reduce inter warp
    val = (tid < WARP_SZ) ? s_x[lid] : -INFINITY;
    if (wid == 0) {
        for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
            val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, offset));
    }
    return val;
}

// blocks <block_size>,      threads<1024>
__device__ float block_allreduce_sum(float val) {
    static __shared__ float s_x[WARP_SZ];
    // int gid = threadIdx.x + blockIdx.x * blockDim.x;
    int tid = threadIdx.x;
    int lid = threadIdx.x % WARP_SZ;
    int wid = threadIdx.x / WARP_SZ;

    // reduce intra warp

    for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
        val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    
    if (lid == 0) s_x[wid] = val;
    __syncthreads();

    // reduce inter warp
    val = (tid < WARP_SZ) ? s_x[lid] : 0;
    if (wid == 0) {
        for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
            val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    }

    if (tid == 0) {
        s_x[0] = val;
    }
    __syncthreads();
    return s_x[0];
}

// blocks <block_size>,      threads<1024>
__device__ float block_allreduce_max(float val) {
    static __shared__ float s_x[WARP_SZ];
    // int gid = threadIdx.x + blockIdx.x * blockDim.x;
    int tid = threadIdx.x;
    int lid = threadIdx.x % WARP_SZ;
    int wid = threadIdx.x / WARP_SZ;

    // reduce intra warp

    for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
        val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, offset));
    
    if (lid == 0) s_x[wid] = val;
    __syncthreads();

    // reduce inter warp
    val = (tid < WARP_SZ) ? s_x[lid] : -INFINITY;
    if (wid == 0) {
        for (int offset = WARP_SZ/2; offset > 0; offset >>= 1) 
            val = fmaxf(val, __shfl_down_sync(0xFFFFFFFF, val, offset));
    }

    if (tid == 0) {
        s_x[0] = val;
    }
    __syncthreads();
    return s_x[0];
}

}
// ---- end of reduce.cuh ----
#include <cstdint>
#include <cuda.h>
#include <cuda_fp16.h>
// ---- csrc/cuda/bfloat16.cuh, lines 1-5 (the whole header: BF16_SUPPORT), in place of its #include ----
#include <cuda.h>
#if defined(__CUDACC__) && CUDA_VERSION >= 11000
#include <cuda_bf16.h>
#define BF16_SUPPORT
#endif
// ---- end of bfloat16.cuh ----

namespace {
// blocks <m>,      threads<1024>
__global__ void cross_entropy_forward_fp16(
    int64_t n,
    const half *input,      // (m, n)
    const int32_t *target,  // (m)
    half *softmax,          // (m, n)
    float *output,          // (m)
    int32_t ignore_index
) {
    int64_t base_idx = blockIdx.x * n;

    float local_max = -INFINITY;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_max = fmaxf(__half2float(input[base_idx + i]), local_max);
    }

    local_max = fmaxf(block_allreduce_max(local_max), -1e6);
    
    float local_sum = 0;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_sum += expf(__half2float(input[base_idx + i]) - local_max);
    }
    local_sum = block_allreduce_sum(local_sum) + 1e-10; // avoid nan
    
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        softmax[base_idx + i] = __float2half( expf(__half2float(input[base_idx + i]) - local_max) / local_sum );
    }

    if (threadIdx.x == 0) {
        if (target[blockIdx.x] != ignore_index) {
            output[blockIdx.x] = -__half2float(input[base_idx + target[blockIdx.x]]) + local_max + logf(local_sum);
        } else {
            output[blockIdx.x] = 0;
        }
    }
}

// blocks <m>,      threads<1024>
__global__ void cross_entropy_backward_inplace_fp16(
    int64_t n,
    const float *grad_output,   // (m)
    const int32_t *target,      // (m)
    half *x,                    // (m, n)
    int32_t ignore_index
) {
    int64_t base_idx = blockIdx.x * n;

    int32_t t = target[blockIdx.x];
    float v = grad_output[blockIdx.x];
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        x[base_idx + i] = __float2half(i==t ? (__half2float(x[base_idx + i])-1)*v : __half2float(x[base_idx + i])*v);
    }
}

// blocks <m>,      threads<1024>
__global__ void cross_entropy_forward_bf16(
    int64_t n,
    const std::uintptr_t input_ptr,      // (m, n)
    const int32_t *target,  // (m)
    std::uintptr_t softmax_ptr,          // (m, n)
    float *output,          // (m)
    int32_t ignore_index
) {
#ifdef BF16_SUPPORT
    const __nv_bfloat16* input = reinterpret_cast<const __nv_bfloat16*>(input_ptr);
    __nv_bfloat16* softmax = reinterpret_cast<__nv_bfloat16*>(softmax_ptr);
    int64_t base_idx = blockIdx.x * n;

    float local_max = -INFINITY;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_max = fmaxf(__bfloat162float(input[base_idx + i]), local_max);
    }

    local_max = fmaxf(block_allreduce_max(local_max), -1e6);
    
    float local_sum = 0;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_sum += expf(__bfloat162float(input[base_idx + i]) - local_max);
    }
    local_sum = block_allreduce_sum(local_sum) + 1e-10; // avoid nan
    
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        softmax[base_idx + i] = __float2bfloat16( expf(__bfloat162float(input[base_idx + i]) - local_max) / local_sum );
    }

    if (threadIdx.x == 0) {
        if (target[blockIdx.x] != ignore_index) {
            output[blockIdx.x] = -__bfloat162float(input[base_idx + target[blockIdx.x]]) + local_max + logf(local_sum);
        } else {
            output[blockIdx.x] = 0;
        }
    }
#endif
}

// blocks <m>,      threads<1024>
__global__ void cross_entropy_backward_inplace_bf16(
    int64_t n,
    const float *grad_output,   // (m)
    const int32_t *target,      // (m)
    std::uintptr_t x_ptr,                    // (m, n)
    int32_t ignore_index
) {
#ifdef BF16_SUPPORT
    __nv_bfloat16* x = reinterpret_cast<__nv_bfloat16*>(x_ptr);
    int64_t base_idx = blockIdx.x * n;

    int32_t t = target[blockIdx.x];
    float v = grad_output[blockIdx.x];
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        x[base_idx + i] = __float2bfloat16(i==t ? (__bfloat162float(x[base_idx + i])-1)*v : __bfloat162float(x[base_idx + i])*v);
    }
#endif
}

// blocks <m>,      threads<1024>
__global__ void fused_sumexp_fp16(
    int64_t n,
    const half *input,              // (m, n)
    const float *global_max,        // (m)
    float *global_sum               // (m)
) {
    int64_t base_idx = blockIdx.x * n;
    float local_max = global_max[blockIdx.x];
    
    float local_sum = 0;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_sum += expf(__half2float(input[base_idx + i]) - local_max);
    }
    local_sum = block_allreduce_sum(local_sum);
    if (threadIdx.x == 0) {
        global_sum[blockIdx.x] = local_sum;
    }
}

// blocks <m>,      threads<1024>
__global__ void fused_sumexp_bf16(
    int64_t n,
    const std::uintptr_t input_ptr,              // (m, n)
    const float *global_max,        // (m)
    float *global_sum               // (m)
) {
#ifdef BF16_SUPPORT
    const __nv_bfloat16* input = reinterpret_cast<const __nv_bfloat16*>(input_ptr);
    int64_t base_idx = blockIdx.x * n;
    float local_max = global_max[blockIdx.x];
    
    float local_sum = 0;
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        local_sum += expf(__bfloat162float(input[base_idx + i]) - local_max);
    }
    local_sum = block_allreduce_sum(local_sum);
    if (threadIdx.x == 0) {
        global_sum[blockIdx.x] = local_sum;
    }
#endif
}

// blocks <m>,      threads<1024>
__global__ void fused_softmax_inplace_fp16(
    int64_t n,
    half *softmax,                  // (m, n)
    const float *global_max,        // (m)
    const float *global_sum         // (m)
) {
    int64_t base_idx = blockIdx.x * n;
    float local_max = global_max[blockIdx.x];
    float local_sum = global_sum[blockIdx.x];
    
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        softmax[base_idx + i] = __float2half( expf(__half2float(softmax[base_idx + i]) - local_max) / local_sum );
    }
}

// blocks <m>,      threads<1024>
__global__ void fused_softmax_inplace_bf16(
    int64_t n,
    std::uintptr_t softmax_ptr,                  // (m, n)
    const float *global_max,        // (m)
    const float *global_sum         // (m)
) {
#ifdef BF16_SUPPORT
    __nv_bfloat16* softmax = reinterpret_cast<__nv_bfloat16*>(softmax_ptr);
    int64_t base_idx = blockIdx.x * n;
    float local_max = global_max[blockIdx.x];
    float local_sum = global_sum[blockIdx.x];
    
    for (int64_t i = threadIdx.x; i < n; i += blockDim.x) {
        softmax[base_idx + i] = __float2bfloat16( expf(__bfloat162float(softmax[base_idx + i]) - local_max) / local_sum );
    }
#endif
}
}
