// tilelab kernel collection: Plenoxels' (svox2) optimiser steps on its sparse voxel grid data (RMSprop and SGD)
// Source:  https://github.com/sxyu/svox2/blob/ee80e2c4df8f29a407fda5729a494be94ccf9234/svox2/csrc/optim_kernel.cu
// Licence: BSD-2-Clause (the repository's LICENSE, repeated below); the accessor lines copied from PyTorch are under
//          PyTorch's BSD-style LICENSE, repeated below too.
// Kept: optim_kernel.cu lines 1-2 (notice) and 7-152 (the anonymous namespace: rmsprop_once, sgd_once and the six
//       step kernels in namespace device), unchanged. Removed: lines 4-5 (includes) and the host code (153-266).
// Copied in, marked: include/cuda_util.cuh lines 13-14 (CUDA_GET_THREAD_ID) and 70-75 (lerp), include/util.hpp line 24
// (_SQR); and PyTorch's packed-accessor classes exactly as tilelab's ngpl_losses.cu copies them (its lines 77-341:
// torch/headeronly/core/TensorAccessor.h, ATen/core/TensorAccessor.h and torch/types.h at the commits it names).
// Host launch: 256 threads, (Q - 1) / 256 + 1 blocks, Q = rows * channels (index kernels: indices * channels).

/*
 * svox2's LICENSE:
 *
 * BSD 2-Clause License
 *
 * Copyright (c) 2021, the Plenoxels authors
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/*
 * PyTorch's LICENSE (for the accessor lines below):
 *
 * All contributions by Google: Copyright (c) 2015 Google Inc. All rights reserved.
 * All contributions by Yangqing Jia: Copyright (c) 2015 Yangqing Jia. All rights reserved.
 * All contributions from Caffe: Copyright(c) 2013, 2014, 2015, the respective contributors. All rights reserved.
 * All other contributions: Copyright(c) 2015, the respective contributors. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
 * ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
 * WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR
 * ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
 * (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 * LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND
 * ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
 * SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

#include <cstddef>
#include <cstdint>
// ---- copied from PyTorch's torch/headeronly/core/TensorAccessor.h (host-only members left out, see above) ----
namespace torch::headeronly {

template <typename T>
struct DefaultPtrTraits {
  typedef T* PtrType;
};

template <typename T>
struct RestrictPtrTraits {
  typedef T* __restrict__ PtrType;
};

namespace detail {

template <
    template <typename I> class ArrayRef,
    typename T,
    size_t N,
    template <typename U> class PtrTraits = DefaultPtrTraits,
    typename index_t = int64_t>
class TensorAccessorBase {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __host__ __device__ TensorAccessorBase(
      PtrType data_,
      const index_t* sizes_,
      const index_t* strides_)
      : data_(data_), sizes_(sizes_), strides_(strides_) {}
  __host__ __device__ index_t stride(index_t i) const {
    return strides_[i];
  }
  __host__ __device__ index_t size(index_t i) const {
    return sizes_[i];
  }
  __host__ __device__ PtrType data() {
    return data_;
  }
  __host__ __device__ const PtrType data() const {
    return data_;
  }

 protected:
  PtrType data_;
  const index_t* sizes_;
  const index_t* strides_;
};

template <
    template <typename I> class ArrayRef,
    typename T,
    size_t N,
    template <typename U> class PtrTraits = DefaultPtrTraits,
    typename index_t = int64_t>
class TensorAccessor
    : public TensorAccessorBase<ArrayRef, T, N, PtrTraits, index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __host__ __device__ TensorAccessor(
      PtrType data_,
      const index_t* sizes_,
      const index_t* strides_)
      : TensorAccessorBase<ArrayRef, T, N, PtrTraits, index_t>(
            data_,
            sizes_,
            strides_) {}

  __host__ __device__ TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>
  operator[](index_t i) {
    return TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i,
        this->sizes_ + 1,
        this->strides_ + 1);
  }

  __host__ __device__ const TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    return TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i,
        this->sizes_ + 1,
        this->strides_ + 1);
  }
};

template <
    template <typename I> class ArrayRef,
    typename T,
    template <typename U> class PtrTraits,
    typename index_t>
class TensorAccessor<ArrayRef, T, 1, PtrTraits, index_t>
    : public TensorAccessorBase<ArrayRef, T, 1, PtrTraits, index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __host__ __device__ TensorAccessor(
      PtrType data_,
      const index_t* sizes_,
      const index_t* strides_)
      : TensorAccessorBase<ArrayRef, T, 1, PtrTraits, index_t>(
            data_,
            sizes_,
            strides_) {}
  __host__ __device__ T& operator[](index_t i) {
    // NOLINTNEXTLINE(clang-analyzer-core.NullDereference)
    return this->data_[this->strides_[0] * i];
  }
  __host__ __device__ const T& operator[](index_t i) const {
    return this->data_[this->strides_[0] * i];
  }
};

template <
    typename IndexBoundsCheck,
    typename T,
    size_t N,
    template <typename U> class PtrTraits = DefaultPtrTraits,
    typename index_t = int64_t>
class GenericPackedTensorAccessorBase {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __host__ __device__ index_t stride(index_t i) const {
    return strides_[i];
  }
  __host__ __device__ index_t size(index_t i) const {
    return sizes_[i];
  }
  __host__ __device__ PtrType data() {
    return data_;
  }
  __host__ __device__ const PtrType data() const {
    return data_;
  }

 protected:
  PtrType data_;
  // NOLINTNEXTLINE(*c-arrays*)
  index_t sizes_[N];
  // NOLINTNEXTLINE(*c-arrays*)
  index_t strides_[N];
};

template <
    template <typename I> class ArrayRef,
    typename IndexBoundsCheck,
    typename T,
    size_t N,
    template <typename U> class PtrTraits = DefaultPtrTraits,
    typename index_t = int64_t>
class GenericPackedTensorAccessor : public GenericPackedTensorAccessorBase<
                                        IndexBoundsCheck,
                                        T,
                                        N,
                                        PtrTraits,
                                        index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __device__ TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t> operator[](
      index_t i) {
    index_t* new_sizes = this->sizes_ + 1;
    index_t* new_strides = this->strides_ + 1;
    return TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, new_sizes, new_strides);
  }

  __device__ const TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>
  operator[](index_t i) const {
    const index_t* new_sizes = this->sizes_ + 1;
    const index_t* new_strides = this->strides_ + 1;
    return TensorAccessor<ArrayRef, T, N - 1, PtrTraits, index_t>(
        this->data_ + this->strides_[0] * i, new_sizes, new_strides);
  }
};

template <
    template <typename I> class ArrayRef,
    typename IndexBoundsCheck,
    typename T,
    template <typename U> class PtrTraits,
    typename index_t>
class GenericPackedTensorAccessor<
    ArrayRef,
    IndexBoundsCheck,
    T,
    1,
    PtrTraits,
    index_t>
    : public GenericPackedTensorAccessorBase<
          IndexBoundsCheck,
          T,
          1,
          PtrTraits,
          index_t> {
 public:
  typedef typename PtrTraits<T>::PtrType PtrType;

  __device__ T& operator[](index_t i) {
    return this->data_[this->strides_[0] * i];
  }
  __device__ const T& operator[](index_t i) const {
    return this->data_[this->strides_[0] * i];
  }
};

} // namespace detail

namespace {
template <size_t N, typename index_t>
struct IndexBoundsCheck {};   // its host-only constructor (a STD_TORCH_CHECK) left out

template <typename T>
class HeaderOnlyArrayRef {
 protected:
  const T* Data;
  size_t Length;
};
} // anonymous namespace

template <
    typename T,
    size_t N,
    template <typename U> class PtrTraits = DefaultPtrTraits,
    typename index_t = int64_t>
using HeaderOnlyGenericPackedTensorAccessor = detail::GenericPackedTensorAccessor<
    HeaderOnlyArrayRef,
    IndexBoundsCheck<N, index_t>,
    T,
    N,
    PtrTraits,
    index_t>;

} // namespace torch::headeronly
// ---- end of the lines copied from PyTorch ----

// ---- copied from PyTorch's aten/src/ATen/core/TensorAccessor.h (see above) ----
namespace at {

using torch::headeronly::DefaultPtrTraits;
#if defined(__CUDACC__) || defined(__HIPCC__)
  using torch::headeronly::RestrictPtrTraits;
#endif

template<typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
using GenericPackedTensorAccessor = torch::headeronly::HeaderOnlyGenericPackedTensorAccessor<T, N, PtrTraits, index_t>;

// Old name for `GenericPackedTensorAccessor`
template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits, typename index_t = int64_t>
using PackedTensorAccessor = GenericPackedTensorAccessor<T, N, PtrTraits, index_t>;

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor32 = GenericPackedTensorAccessor<T, N, PtrTraits, int32_t>;

template <typename T, size_t N, template <typename U> class PtrTraits = DefaultPtrTraits>
using PackedTensorAccessor64 = GenericPackedTensorAccessor<T, N, PtrTraits, int64_t>;
} // namespace at
// ---- end of the lines copied from TensorAccessor.h ----

// ---- copied from PyTorch's torch/csrc/api/include/torch/types.h ----
namespace torch {
using namespace at; // NOLINT
} // namespace torch
// ---- end of the lines copied from types.h ----

// ---- copied from svox2's svox2/csrc/include/util.hpp line 24 ----
#define _SQR(x) ((x) * (x))
// ---- copied from svox2's svox2/csrc/include/cuda_util.cuh lines 13-14 and 70-75 ----
#define CUDA_GET_THREAD_ID(tid, Q) const int tid = blockIdx.x * blockDim.x + threadIdx.x; \
                      if (tid >= Q) return
// Subtract and fused multiply-add
// (1-w) a + w b
template<class T>
__host__ __device__ __inline__ T lerp(T a, T b, T w) {
    return fmaf(w, b - a, a);
}
// ---- end of the lines copied from svox2's headers ----

// Copyright 2021 Alex Yu
// Optimizer-related kernels
namespace {

const int RMSPROP_STEP_CUDA_THREADS = 256;
const int MIN_BLOCKS_PER_SM = 4;

namespace device {

// RMSPROP
__inline__ __device__ void rmsprop_once(
        float* __restrict__ ptr_data,
        float* __restrict__ ptr_rms,
        float* __restrict__ ptr_grad,
        const float beta, const float lr, const float epsilon, float minval) {
    float rms = *ptr_rms;
    rms = rms == 0.f ? _SQR(*ptr_grad) : lerp(_SQR(*ptr_grad), rms, beta);
    *ptr_rms = rms;
    *ptr_data = fmaxf(*ptr_data - lr * (*ptr_grad) / (sqrtf(rms) + epsilon), minval);
    *ptr_grad = 0.f;
}

__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void rmsprop_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_rms,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        float beta,
        float lr,
        float epsilon,
        float minval,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, all_data.size(0) * all_data.size(1));
    int32_t chnl = tid % all_data.size(1);
    rmsprop_once(all_data.data() + tid,
                 all_rms.data() + tid,
                 all_grad.data() + tid,
                 beta,
                 (chnl == all_data.size(1) - 1) ? lr_last : lr,
                 epsilon,
                 minval);
}


__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void rmsprop_mask_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_rms,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        const bool* __restrict__ mask,
        float beta,
        float lr,
        float epsilon,
        float minval,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, all_data.size(0) * all_data.size(1));
    if (mask[tid / all_data.size(1)] == false) return;
    int32_t chnl = tid % all_data.size(1);
    rmsprop_once(all_data.data() + tid,
                 all_rms.data() + tid,
                 all_grad.data() + tid,
                 beta,
                 (chnl == all_data.size(1) - 1) ? lr_last : lr,
                 epsilon,
                 minval);
}

__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void rmsprop_index_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_rms,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        torch::PackedTensorAccessor32<int64_t, 1, torch::RestrictPtrTraits> indices,
        float beta,
        float lr,
        float epsilon,
        float minval,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, indices.size(0) * all_data.size(1));
    int32_t i = indices[tid / all_data.size(1)];
    int32_t chnl = tid % all_data.size(1);
    size_t off = i * all_data.size(1) + chnl;
    rmsprop_once(all_data.data() + off, all_rms.data() + off,
                 all_grad.data() + off,
                 beta,
                 (chnl == all_data.size(1) - 1) ? lr_last : lr,
                 epsilon,
                 minval);
}


// SGD
__inline__ __device__ void sgd_once(
        float* __restrict__ ptr_data,
        float* __restrict__ ptr_grad,
        const float lr) {
    *ptr_data -= lr * (*ptr_grad);
    *ptr_grad = 0.f;
}

__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void sgd_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        float lr,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, all_data.size(0) * all_data.size(1));
    int32_t chnl = tid % all_data.size(1);
    sgd_once(all_data.data() + tid,
             all_grad.data() + tid,
             (chnl == all_data.size(1) - 1) ? lr_last : lr);
}

__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void sgd_mask_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        const bool* __restrict__ mask,
        float lr,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, all_data.size(0) * all_data.size(1));
    if (mask[tid / all_data.size(1)] == false) return;
    int32_t chnl = tid % all_data.size(1);
    sgd_once(all_data.data() + tid,
             all_grad.data() + tid,
             (chnl == all_data.size(1) - 1) ? lr_last : lr);
}

__launch_bounds__(RMSPROP_STEP_CUDA_THREADS, MIN_BLOCKS_PER_SM)
__global__ void sgd_index_step_kernel(
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_data,
        torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> all_grad,
        torch::PackedTensorAccessor32<int64_t, 1, torch::RestrictPtrTraits> indices,
        float lr,
        float lr_last) {
    CUDA_GET_THREAD_ID(tid, indices.size(0) * all_data.size(1));
    int32_t i = indices[tid / all_data.size(1)];
    int32_t chnl = tid % all_data.size(1);
    size_t off = i * all_data.size(1) + chnl;
    sgd_once(all_data.data() + off,
            all_grad.data() + off,
            (chnl == all_data.size(1) - 1) ? lr_last : lr);
}



}  // namespace device
}  // namespace
