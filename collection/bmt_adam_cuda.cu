// tilelab kernel collection: BMTrain's fused mixed-precision Adam steps (fp16 gradients and first moment with fp32 master weights, and the bf16 form)
// Source:  https://github.com/OpenBMB/BMTrain/blob/30e6469744d070bd2ea487f3e7b8401168002081/csrc/cuda/adam_cuda.cu
//          (OpenBMB/BMTrain, commit 30e6469)
// Licence: Apache-2.0 (the repository's LICENSE; the source files carry no notice of their own: the repository's
//          notice is repeated below).
// Kept, unchanged: lines 1-74 (includes and both kernels, in their anonymous namespace), but line 4 (#include
//       "bfloat16.cuh"): that header's five lines are copied in its place, marked. Removed: lines 75-126 (the host
//       launchers adam_fp16_launcher and adam_bf16_launcher; the launches are theirs, see the manifest).

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
// blocks <n // 1024>,      threads<min(n, 1024)>
__global__ void adam_fp32_accum(
    int32_t n,
    const half *g,        // (n)
    half *m,        // (n)
    float *v,        // (n)
    float *param,   // (n)
    half *param_h,  // (n)
    float beta1,
    float beta2,
    float eps,
    float lr,
    float scale,
    float weight_decay,
    float bias_correction1,
    float bias_correction2
) {
    int32_t col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col < n) {
        float local_g = __half2float(g[col]);                                       // real_g * scale
        float local_m = beta1 * __half2float(m[col]) + (1 - beta1) * local_g;       // real_m * scale
        float local_v = beta2 * v[col] + (1 - beta2) * local_g * local_g / scale;   // real_v * scale
        float local_p = param[col];
        local_p = local_p - lr * local_m / bias_correction1 / (sqrtf(local_v * scale / bias_correction2) + eps * scale) - lr * weight_decay * local_p;

        param_h[col] = __float2half(local_p);
        param[col] = local_p;
        v[col] = local_v;
        m[col] = __float2half(local_m);
    }
}

__global__ void adam_fp32_accum_bf16(
    int32_t n,
    const std::uintptr_t g_ptr,        // (n)
    float *m,        // (n)
    float *v,        // (n)
    float *param,   // (n)
    std::uintptr_t param_h_ptr,  // (n)
    float beta1,
    float beta2,
    float eps,
    float lr,
    float scale,
    float weight_decay,
    float bias_correction1,
    float bias_correction2
) {
#ifdef BF16_SUPPORT
    const __nv_bfloat16* g = reinterpret_cast<const __nv_bfloat16*>(g_ptr);
    __nv_bfloat16* param_h = reinterpret_cast<__nv_bfloat16*>(param_h_ptr);
    int32_t col = blockIdx.x * blockDim.x + threadIdx.x;
    if (col < n) {
        float local_g = __bfloat162float(g[col]) / scale; // real_g
        float local_m = beta1 * m[col] + (1 - beta1) * local_g; // real_m
        float local_v = beta2 * v[col] + (1 - beta2) * local_g * local_g; // real_v
        float local_p = param[col];
        local_p = local_p - lr * local_m / bias_correction1 / (sqrtf(local_v / bias_correction2) + eps) - lr * weight_decay * local_p; 
    
        param_h[col] = __float2bfloat16(local_p);
        param[col] = local_p;
        v[col] = local_v;
        m[col] = local_m; 
    }
#endif
}

}
