// Collection file: from Tencent/TNN (Tencent's inference framework), its CUDA device's InstanceNorm layer.
// Source:  https://github.com/Tencent/TNN/blob/f0cb08129a05c5b60f08e4ef66042a54a883a56a/source/tnn/device/cuda/acc/cuda_instance_norm_layer_acc.cu
// Licence: BSD-3-Clause (the file's own notice, lines 1-13, kept below; the repository's LICENSE).
// Kept: lines 1-20 (the notice and the five CUB includes), 24-25 (namespace TNN_NS) and 28-95 (the __global__
//       instance_norm_kernel), unchanged, then the closing brace of line 158. Removed: lines 21-22 (cuda_layer_acc.h,
//       dims_utils.h: host headers), 26 (DECLARE_CUDA_ACC: the host class) and 96-157 (CudaInstanceNormLayerAcc's
//       Init, Reshape, Forward and REGISTER_CUDA_ACC: host code). Copied in, marked: macro.h's TNN_NS and utils.cuh's
//       get_float_value / convert_float_value, which cuda_layer_acc.h brings. The launches are Forward's:
//       instance_norm_kernel<128, float> and <128, __half>, grid channels * num (one block per plane), 128 threads,
//       eps 1e-5, gamma and beta the layer's per-channel scale and bias (copied to the device by Init).

// Tencent is pleased to support the open source community by making TNN available.
//
// Copyright (C) 2020 THL A29 Limited, a Tencent company. All rights reserved.
//
// Licensed under the BSD 3-Clause License (the "License"); you may not use this file except
// in compliance with the License. You may obtain a copy of the License at
//
// https://opensource.org/licenses/BSD-3-Clause
//
// Unless required by applicable law or agreed to in writing, software distributed
// under the License is distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR
// CONDITIONS OF ANY KIND, either express or implied. See the License for the
// specific language governing permissions and limitations under the License.

#include <cub/cub.cuh>
#include <cub/block/block_load.cuh>
#include <cub/block/block_store.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_radix_sort.cuh>

// ---- copied in from include/tnn/core/macro.h, lines 23-25 (TNN_NS, the namespace's name: tnn):
#define TNN_NS__(x) tnn##x
#define TNN_NS_(x) TNN_NS__(x)
#define TNN_NS TNN_NS_()
// ---- end of macro.h's lines
// ---- copied in from source/tnn/device/cuda/utils.cuh, lines 18-28 (the conversions the kernel calls):
#include <cuda_fp16.h>

namespace TNN_NS {

template<typename T>
__device__ float get_float_value(T value) { return value; }

template<typename T>
__device__ T convert_float_value(float value) { return T(value); }

}  //  namespace TNN_NS;
// ---- end of utils.cuh's lines

namespace TNN_NS {

template<int THREAD_PER_BLOCK, typename T>
__global__ void instance_norm_kernel(const T * input, T* output, const float * gamma,
        const float * beta, const int size, const int batch_size, const int C, const float eps) {
    __shared__ double ssum1[THREAD_PER_BLOCK/32];
    __shared__ double ssum2[THREAD_PER_BLOCK/32];
    __shared__ float k;
    __shared__ float b;

    // const int batch_offset = blockIdx.y * size;
    const int block_offset = blockIdx.x * size;
    const T * ptr = input + block_offset;
    T * dst = output + block_offset;
    const int cid = blockIdx.x % C;
    
    double thread_sum1 = 0.f;
    double thread_sum2 = 0.f;

    for (int i = threadIdx.x; i < size; i+=THREAD_PER_BLOCK) {
        float value = get_float_value<T>(ptr[i]);
        thread_sum1 += value;
        thread_sum2 += value * value;
    }

    thread_sum1 += __shfl_down_sync(0xffffffff, thread_sum1, 16, 32);
    thread_sum1 += __shfl_down_sync(0x0000ffff, thread_sum1, 8, 16);
    thread_sum1 += __shfl_down_sync(0x000000ff, thread_sum1, 4, 8);
    thread_sum1 += __shfl_down_sync(0x0000000f, thread_sum1, 2, 4);
    thread_sum1 += __shfl_down_sync(0x00000003, thread_sum1, 1, 2);

    thread_sum2 += __shfl_down_sync(0xffffffff, thread_sum2, 16, 32);
    thread_sum2 += __shfl_down_sync(0x0000ffff, thread_sum2, 8, 16);
    thread_sum2 += __shfl_down_sync(0x000000ff, thread_sum2, 4, 8);
    thread_sum2 += __shfl_down_sync(0x0000000f, thread_sum2, 2, 4);
    thread_sum2 += __shfl_down_sync(0x00000003, thread_sum2, 1, 2);

    if (threadIdx.x % 32 == 0) {
        ssum1[threadIdx.x / 32] = thread_sum1;
        ssum2[threadIdx.x / 32] = thread_sum2;
    }
    __syncthreads();

    if (threadIdx.x < blockDim.x / 32) {
        thread_sum1 = ssum1[threadIdx.x];
        thread_sum2 = ssum2[threadIdx.x];
    } else {
        thread_sum1 = 0;
        thread_sum2 = 0;
    }
    thread_sum1 += __shfl_down_sync(0x0000000f, thread_sum1, 2, 4);
    thread_sum1 += __shfl_down_sync(0x00000003, thread_sum1, 1, 2);

    thread_sum2 += __shfl_down_sync(0x0000000f, thread_sum2, 2, 4);
    thread_sum2 += __shfl_down_sync(0x00000003, thread_sum2, 1, 2);

    if (threadIdx.x == 0) {
        double mean = thread_sum1 / size;
        double var = thread_sum2 / size - mean * mean;

        k = gamma[cid] / sqrt(var + eps);
        b = - mean * k + beta[cid];
    }
    
    __syncthreads();
    #pragma unroll(4)
    for (int i = threadIdx.x; i < size; i += THREAD_PER_BLOCK) {
        dst[i] = convert_float_value<T>((get_float_value<T>(ptr[i]) * k + b));
    }
}

}  // namespace TNN_NS
