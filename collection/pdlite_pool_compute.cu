// tilelab kernel collection: Paddle-Lite's CUDA pooling kernels (max, average, adaptive max/average, global max/average; NCHW)
// Source:  https://github.com/PaddlePaddle/Paddle-Lite/blob/3bd7124a4ada69febfd610475a28a7b312c2af33/lite/kernels/cuda/pool_compute.cu
//          (PaddlePaddle/Paddle-Lite, commit 3bd7124: the file's last version, removed with the CUDA backend by a47336c)
// Licence: Apache-2.0 (the file's own notice, lines 1-10, repeated below; the repository's LICENSE is Apache-2.0).
// Kept: lines 1-10 (the notice), 18-21 (namespace paddle::lite::kernels::cuda opened), 25-248 (MAX_VAL, MIN_VAL and the six
//       __global__ kernels) and 416-419 (the namespaces closed), unchanged. Removed: line 12 (#pragma once), lines 13-16 (the
//       includes: <vector> and Paddle-Lite's op_registry.h, pool_compute.h, macros.h), 22-23 (the lite::Tensor / DDim
//       aliases, host only) and 250-415 (PoolCompute::Run, PoolComputeNHWC and the kernel registrations: host code).
//       Added: #include <cfloat> for FLT_MAX, which the original gets through its Paddle-Lite includes (marked).
// Selection, fixed before any run (collection/manifest.toml, the pdlite_ entries): every __global__ kernel of this file,
// each once, launched as PoolCompute::Run launches it (threads = 512, blocks = (total_threads + 511) / 512, total_threads =
// the output's element count), on a small NCHW input.

/* Copyright (c) 2019 PaddlePaddle Authors. All Rights Reserved.
Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at
    http://www.apache.org/licenses/LICENSE-2.0
Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License. */

#include <cfloat>  // added: FLT_MAX (the original reaches it through its Paddle-Lite headers)

namespace paddle {
namespace lite {
namespace kernels {
namespace cuda {

#define MAX_VAL(a, b) (((a) > (b)) ? (a) : (b))
#define MIN_VAL(a, b) (((a) < (b)) ? (a) : (b))

__global__ void max_pool_kernel(const float* input,
                                float* output,
                                const int spatial_in,
                                const int spatial_out,
                                const int in_h,
                                const int in_w,
                                const int out_h,
                                const int out_w,
                                const int pad_h,
                                const int pad_w,
                                const int win_h,
                                const int win_w,
                                const int stride_h,
                                const int stride_w,
                                const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int nc_id = gid / spatial_out;
    const int w_id = gid % spatial_out % out_w;
    const int h_id = gid % spatial_out / out_w;
    const int w_s = w_id * stride_w - pad_w;
    const int iw_s = MAX_VAL(w_s, 0);
    const int iw_e = MIN_VAL(w_s + win_w, in_w);
    const int w_loop = iw_e - iw_s;
    const int h_s = h_id * stride_h - pad_h;
    const int ih_s = MAX_VAL(h_s, 0);
    const int ih_e = MIN_VAL(h_s + win_h, in_h);
    const int h_loop = ih_e - ih_s;
    const float* in_p = input + nc_id * spatial_in + ih_s * in_w + iw_s;
    float max_val = -FLT_MAX;
    for (int i = 0; i < h_loop; ++i) {
      for (int j = 0; j < w_loop; ++j) {
        max_val = MAX_VAL(max_val, *(in_p + j));
      }
      in_p += in_w;
    }
    max_val = max_val == -FLT_MAX ? 0.f : max_val;
    output[nc_id * spatial_out + h_id * out_w + w_id] = max_val;
  }
}

__global__ void adaptive_max_pool_kernel(const float* input,
                                         float* output,
                                         const int spatial_in,
                                         const int spatial_out,
                                         const int in_h,
                                         const int in_w,
                                         const int out_h,
                                         const int out_w,
                                         const int pad_h,
                                         const int pad_w,
                                         const int win_h,
                                         const int win_w,
                                         const int stride_h,
                                         const int stride_w,
                                         const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int nc_id = gid / spatial_out;
    const int w_id = gid % spatial_out % out_w;
    const int h_id = gid % spatial_out / out_w;
    const int iw_s = floor(static_cast<double>(w_id * in_w) / out_w);
    const int iw_e = ceil(static_cast<double>((w_id + 1) * in_w) / out_w);
    const int w_loop = iw_e - iw_s;
    const int ih_s = floor(static_cast<double>(h_id * in_h) / out_h);
    const int ih_e = ceil(static_cast<double>((h_id + 1) * in_h) / out_h);
    const int h_loop = ih_e - ih_s;
    const float* in_p = input + nc_id * spatial_in + ih_s * in_w + iw_s;
    float max_val = -FLT_MAX;
    for (int i = 0; i < h_loop; ++i) {
      for (int j = 0; j < w_loop; ++j) {
        max_val = MAX_VAL(max_val, *(in_p + j));
      }
      in_p += in_w;
    }
    output[nc_id * spatial_out + h_id * out_w + w_id] = max_val;
  }
}

__global__ void avg_pool_kernel(const float* input,
                                float* output,
                                const int spatial_in,
                                const int spatial_out,
                                const int in_h,
                                const int in_w,
                                const int out_h,
                                const int out_w,
                                const int pad_h,
                                const int pad_w,
                                const int win_h,
                                const int win_w,
                                const int stride_h,
                                const int stride_w,
                                bool exclusive,
                                const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int nc_id = gid / spatial_out;
    const int w_id = gid % spatial_out % out_w;
    const int h_id = gid % spatial_out / out_w;
    const int w_s = w_id * stride_w - pad_w;
    const int iw_s = MAX_VAL(w_s, 0);
    const int iw_e = MIN_VAL(w_s + win_w, in_w);
    const int w_loop = iw_e - iw_s;
    const int h_s = h_id * stride_h - pad_h;
    const int ih_s = MAX_VAL(h_s, 0);
    const int ih_e = MIN_VAL(h_s + win_h, in_h);
    const int h_loop = ih_e - ih_s;
    const float* in_p = input + nc_id * spatial_in + ih_s * in_w + iw_s;
    float sum_val = 0.f;
    for (int i = 0; i < h_loop; ++i) {
      for (int j = 0; j < w_loop; ++j) {
        sum_val += *(in_p + j);
      }
      in_p += in_w;
    }
    int pool_size = exclusive ? h_loop * w_loop : win_w * win_h;
    pool_size = pool_size == 0 ? 1 : pool_size;
    output[nc_id * spatial_out + h_id * out_w + w_id] = sum_val / pool_size;
  }
}

__global__ void adaptive_avg_pool_kernel(const float* input,
                                         float* output,
                                         const int spatial_in,
                                         const int spatial_out,
                                         const int in_h,
                                         const int in_w,
                                         const int out_h,
                                         const int out_w,
                                         const int pad_h,
                                         const int pad_w,
                                         const int win_h,
                                         const int win_w,
                                         const int stride_h,
                                         const int stride_w,
                                         const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int nc_id = gid / spatial_out;
    const int w_id = gid % spatial_out % out_w;
    const int h_id = gid % spatial_out / out_w;
    const int iw_s = floor(static_cast<double>(w_id * in_w) / out_w);
    const int iw_e = ceil(static_cast<double>((w_id + 1) * in_w) / out_w);
    const int w_loop = iw_e - iw_s;
    const int ih_s = floor(static_cast<double>(h_id * in_h) / out_h);
    const int ih_e = ceil(static_cast<double>((h_id + 1) * in_h) / out_h);
    const int h_loop = ih_e - ih_s;
    const float* in_p = input + nc_id * spatial_in + ih_s * in_w + iw_s;
    float sum_val = 0.f;
    for (int i = 0; i < h_loop; ++i) {
      for (int j = 0; j < w_loop; ++j) {
        sum_val += *(in_p + j);
      }
      in_p += in_w;
    }
    int pool_size = h_loop * w_loop;
    pool_size = pool_size == 0 ? 1 : pool_size;
    output[nc_id * spatial_out + h_id * out_w + w_id] = sum_val / pool_size;
  }
}

__global__ void global_max_pool_kernel(const float* input,
                                       float* output,
                                       const int in_h,
                                       const int in_w,
                                       const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int spatial_in = in_h * in_w;
    const float* in_p = input + gid * spatial_in;
    int i = 0;
    float max_val = -0.f;
    // unroll 8
    for (; i < spatial_in - 7; i += 8) {
      max_val = MAX_VAL(max_val, *(in_p + 0));
      max_val = MAX_VAL(max_val, *(in_p + 1));
      max_val = MAX_VAL(max_val, *(in_p + 2));
      max_val = MAX_VAL(max_val, *(in_p + 3));
      max_val = MAX_VAL(max_val, *(in_p + 4));
      max_val = MAX_VAL(max_val, *(in_p + 5));
      max_val = MAX_VAL(max_val, *(in_p + 6));
      max_val = MAX_VAL(max_val, *(in_p + 7));
      in_p += 8;
    }
    for (; i < spatial_in; i++) {
      max_val = MAX_VAL(max_val, *in_p);
      in_p++;
    }
    output[gid] = max_val;
  }
}

__global__ void global_avg_pool_kernel(const float* input,
                                       float* output,
                                       const int in_h,
                                       const int in_w,
                                       const int total_threads) {
  const int gid = blockIdx.x * blockDim.x + threadIdx.x;
  if (gid < total_threads) {
    const int spatial_in = in_h * in_w;
    const float* in_p = input + gid * spatial_in;
    int i = 0;
    float sum_val = 0.f;
    // unroll 8
    for (; i < spatial_in - 7; i += 8) {
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
      sum_val += *in_p++;
    }
    for (; i < spatial_in; i++) {
      sum_val += *in_p++;
    }
    output[gid] = sum_val / spatial_in;
  }
}

}  // namespace cuda
}  // namespace kernels
}  // namespace lite
}  // namespace paddle
