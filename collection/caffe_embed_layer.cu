// tilelab kernel collection: Caffe's embedding lookup (EmbedForward) and its backward by float atomicAdd into the weight gradient (EmbedBackward)
// Source:  https://github.com/BVLC/caffe/blob/9b891540183ddc834a02b2bd81b31afae71b2153/src/caffe/layers/embed_layer.cu
//          (BVLC/caffe, commit 9b89154, the Berkeley Vision and Learning Center's deep-learning framework)
// Licence: BSD-2-Clause (the repository's LICENSE: "Copyright (c) 2014-2017 The Regents of the University of
//          California (Regents)" and "Copyright (c) 2014-2017, the respective contributors"), repeated below.
// Kept: lines 8-44 (namespace caffe; EmbedForward, EmbedBackward's declaration and definition) and 86 (the
//       namespace's close), unchanged. Removed: the other includes (algorithm, vector, caffe's headers; cfloat kept where the file has it), the
//       host Forward_gpu/Backward_gpu methods and INSTANTIATE_LAYER_GPU_FUNCS. Copied in: CUDA_KERNEL_LOOP from device_alternate.hpp and
//       caffe_gpu_atomic_add<float> from gpu_util.cuh (marked).
// Selection, fixed before any run (collection/manifest.toml, the caffe_ entries): pooling_layer.cu, embed_layer.cu,
// dropout_layer.cu and softmax_loss_layer.cu at Dtype = float; every __global__ kernel of those files launched as its
// Forward_gpu/Backward_gpu launches it (<<<CAFFE_GET_BLOCKS(count), CAFFE_CUDA_NUM_THREADS>>> = (count+511)/512, 512),
// none dropped for its result, except pooling's three STOCHASTIC kernels (kept in the file, not launched: their host
// draws rand_idx with cuRAND); host sizes (blob shapes) replaced by small ones of the same kind. A NULL pointer of the
// host (MaxPool's unused mask or top_mask) is passed as a small array the kernel never touches (run.py takes no NULL).
//
// COPYRIGHT
//
// All contributions by the University of California:
// Copyright (c) 2014-2017 The Regents of the University of California (Regents)
// All rights reserved.
//
// All other contributions:
// Copyright (c) 2014-2017, the respective contributors
// All rights reserved.
//
// Caffe uses a shared copyright model: each contributor holds copyright over
// their contributions to Caffe. The project versioning records all such
// contribution and copyright details. If a contributor wants to further mark
// their specific copyright on a particular contribution, they should indicate
// their copyright solely in the commit message of the change when it is
// committed.
//
// LICENSE
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met: 
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer. 
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution. 
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR
// ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
// (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
// LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
// ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
// (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
// SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
// CONTRIBUTION AGREEMENT
//
// By contributing to the BVLC/caffe repository through pull-request, comment,
// or otherwise, the contributor releases their content to the
// license and copyright terms herein.

// From include/caffe/util/device_alternate.hpp (at 9b89154), lines 69-73:
// CUDA: grid stride looping
#define CUDA_KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; \
       i < (n); \
       i += blockDim.x * gridDim.x)
// (end of device_alternate.hpp lines)
// From include/caffe/util/gpu_util.cuh (at 9b89154), lines 4 and 6-14 (the template and its float
// specialisation; the double one, an atomicCAS loop, and the namespace's other lines are not copied: no launch
// uses them), and a closing brace for its namespace:
namespace caffe {
template <typename Dtype>
inline __device__ Dtype caffe_gpu_atomic_add(const Dtype val, Dtype* address);

template <>
inline __device__
float caffe_gpu_atomic_add(const float val, float* address) {
  return atomicAdd(address, val);
}

}  // namespace caffe
// (end of gpu_util.cuh lines)

namespace caffe {

template <typename Dtype>
__global__ void EmbedForward(const int nthreads, const Dtype* bottom_data,
    const Dtype* weight, const int M, const int N, const int K,
    Dtype* top_data) {
  CUDA_KERNEL_LOOP(top_index, nthreads) {
    const int n = top_index / N;
    const int d = top_index % N;
    const int index = static_cast<int>(bottom_data[n]);
    #ifdef DEBUG
        assert(index >= 0);
        assert(index < K);
        assert(static_cast<Dtype>(index) == bottom_data[n]);
    #endif
    const int weight_index = index * N + d;
    top_data[top_index] = weight[weight_index];
  }
}

template <typename Dtype>
__global__ void EmbedBackward(const int nthreads, const Dtype* bottom_data,
    const Dtype* top_diff, const int M, const int N, const int K,
    Dtype* weight_diff);

template <typename Dtype>
__global__ void EmbedBackward(const int nthreads, const Dtype* bottom_data,
    const Dtype* top_diff, const int M, const int N, const int K,
    Dtype* weight_diff) {
  CUDA_KERNEL_LOOP(top_index, nthreads) {
    const int n = top_index / N;
    const int d = top_index % N;
    const int index = static_cast<int>(bottom_data[n]);
    const int weight_index = index * N + d;
    caffe_gpu_atomic_add(top_diff[top_index], weight_diff + weight_index);
  }
}
}  // namespace caffe
