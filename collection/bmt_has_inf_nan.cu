// tilelab kernel collection: BMTrain's gradient overflow check for loss scaling (any inf / NaN in fp16 gradients: a per-block OR by warp shuffles and shared memory, then one block's OR of the partial flags)
// Source:  https://github.com/OpenBMB/BMTrain/blob/30e6469744d070bd2ea487f3e7b8401168002081/csrc/cuda/has_inf_nan.cu
//          (OpenBMB/BMTrain, commit 30e6469)
// Licence: Apache-2.0 (the repository's LICENSE; the source files carry no notice of their own: the repository's
//          notice is repeated below).
// Kept, unchanged: lines 1-99 (includes, isnan_, the warp / block OR reductions and the three kernels, in their
//       anonymous namespace), but line 5 (#include "bfloat16.cuh"): that header's five lines are copied in its
//       place, marked. Removed: lines 100-145 (the host launchers has_nan_inf_fp16_launcher / _bf16_launcher and
//       is_bf16_supported; the launches are theirs, see the manifest).

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

#include <cstdint>
#include <cstdio>
#include <cuda.h>
#include <cuda_fp16.h>
// ---- csrc/cuda/bfloat16.cuh, lines 1-5 (the whole header: BF16_SUPPORT), in place of its #include ----
#include <cuda.h>
#if defined(__CUDACC__) && CUDA_VERSION >= 11000
#include <cuda_bf16.h>
#define BF16_SUPPORT
#endif
// ---- end of bfloat16.cuh ----

namespace{
__inline__ __device__ bool isnan_(half v) {
    #if __CUDA_ARCH__ >= 700 || __CUDA_ARCH__ == 600
        return __hisnan(v);
    #else
        return !__heq(v, v);
    #endif
}
    
__inline__ __device__ int8_t warpReduceAny(int8_t x) {
    for (int offset = warpSize/2; offset > 0; offset /= 2) 
        x |= __shfl_down_sync(0xFFFFFFFF, x, offset);
    return x;
}

__inline__ __device__ float blockReduceAny(int8_t x) {
    static __shared__ float shared[32];
    int lane = threadIdx.x % warpSize;
    int wid = threadIdx.x / warpSize;
    x = warpReduceAny(x);
    if (lane == 0) shared[wid] = x;
    __syncthreads();
    x = (threadIdx.x < blockDim.x / warpSize) ? shared[lane] : 0;
    if (wid == 0) x = warpReduceAny(x);
    return x;
}

// grid <min(ceil(n/1024), 1024)>,        thread<1024>
__global__ void bmt_has_nan_inf_fp16(
    int32_t n,
    const half* inp,        // (n,) 
    uint8_t* mid            // (1024,)
) {
    int32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
    int32_t span = blockDim.x * gridDim.x;

    int8_t r = 0;
    for (int i = gid; i < n; i += span) {
        half v = inp[i];
        if (__hisinf(v) || isnan_(v)) {
            r = 1;
            break;
        }
    }
    r = blockReduceAny(r);
    if (threadIdx.x == 0) {
        mid[blockIdx.x] = r;
    }
}

// grid <1>,        thread<1024>
__global__ void bmt_has_nan_inf_reduce(
    const uint8_t* mid,    // (1024,) 
    uint8_t* out
) {
    int tid = threadIdx.x;
    int8_t r = blockReduceAny(mid[tid]);
    if (tid == 0 && r > 0) {
        out[0] = 1;
    }
}

// grid <min(ceil(n/1024), 1024)>,        thread<1024>
__global__ void bmt_has_nan_inf_bf16(
    int32_t n,
    const uintptr_t inp,        // (n,) 
    uint8_t* mid            // (1024,)
) {
#ifdef BF16_SUPPORT
    const __nv_bfloat16* bf_inp = reinterpret_cast<const __nv_bfloat16*>(inp);
    int32_t gid = blockIdx.x * blockDim.x + threadIdx.x;
    int32_t span = blockDim.x * gridDim.x;

    int8_t r = 0;
    for (int i = gid; i < n; i += span) {
        __nv_bfloat16 v = bf_inp[i];
        #if __CUDA_ARCH__ >= 800
        if (__hisinf(v) || __hisnan(v)) { 
        #else
        if (isinf(__bfloat162float(v)) || isnan(__bfloat162float(v))) {
        #endif
            r = 1;
            break;
        }
    }
    r = blockReduceAny(r);
    if (threadIdx.x == 0) {
        mid[blockIdx.x] = r;
    }
#endif
}

}
