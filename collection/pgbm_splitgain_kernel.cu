// tilelab kernel collection: PGBM's split-gain histogram kernels (probabilistic gradient boosting machines, Airlab Amsterdam)
// Source:  https://github.com/elephaint/pgbm/blob/e62b340f7c1a60a54a0b9358e360fd8d79ae7b6d/pgbm/torch/splitgain_kernel.cu
// Licence: Apache-2.0 (the file's own notice, kept below; the repository's LICENSE is Apache-2.0); the accessor
//          lines copied from PyTorch are under PyTorch's BSD-style LICENSE, repeated below too.
// Kept: splitgain_kernel.cu lines 1-16 (the notice) and 23-89 (_kernel_Atomic_long, _kernel_Atomic_short), unchanged.
// Removed: lines 18-21 (<torch/extension.h>, <cuda.h>, <cuda_runtime.h>, <vector>) and the host _split_gain_cuda
//       (91-127: block (1, 1024), grid (n_features, (n_samples + 1023) / 1024); uint8 X for n_bins <= 256, else
//       short; GlHlGlc the zeroed (3, n_features, n_bins) float tensor, then a cumsum over the bins on the host).
// Copied in, marked: the accessor lines tilelab's ngpl_losses.cu copies from PyTorch (its lines 75-341: from
// torch/headeronly/core/TensorAccessor.h at pytorch/pytorch 00bbc89, RestrictPtrTraits and the detail:: accessor
// classes with their device members, host-only members left out; from ATen/core/TensorAccessor.h the at:: names,
// PackedTensorAccessor32 among them; and torch/types.h's "namespace torch { using namespace at; }"). Each accessor is
// passed by value as packed_accessor32 builds it: the data pointer, then N int32 sizes, then N int32 strides.

// 
//   Copyright (c) 2021 Olivier Sprangers as part of Airlab Amsterdam
//
//   Licensed under the Apache License, Version 2.0 (the "License");
//   you may not use this file except in compliance with the License.
 //  You may obtain a copy of the License at
//
//       http://www.apache.org/licenses/LICENSE-2.0
//
//   Unless required by applicable law or agreed to in writing, software
//   distributed under the License is distributed on an "AS IS" BASIS,
//   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
//   See the License for the specific language governing permissions and
//   limitations under the License.
//
//   https://github.com/elephaint/pgbm/blob/main/LICENSE

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

// Cuda kernel to compute split gain given short int input X
__global__ void _kernel_Atomic_long(
  const torch::PackedTensorAccessor32<short int,2,torch::RestrictPtrTraits> X,
  const torch::PackedTensorAccessor32<float,2,torch::RestrictPtrTraits> gradient_hessian,
  torch::PackedTensorAccessor32<float,3,torch::RestrictPtrTraits> GlHlGlc) {
  // feature index
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  // sample index
  unsigned int ti_j = threadIdx.y;
  unsigned int j = blockIdx.y * blockDim.y + ti_j;

  if (i < X.size(0) && j < X.size(1)){
  // Create shared gradient and hessian variables
  __shared__ short int Xs[1024];
  __shared__ float gs[1024];
  __shared__ float hs[1024];
  // Fill gradient and hessian variables
  Xs[ti_j] = X[i][j];
  gs[ti_j] = gradient_hessian[j][0];
  hs[ti_j] = gradient_hessian[j][1];
  // Sync threads 
  __syncthreads();    
  // Loop over bins
  auto Xsc = Xs[ti_j];
  auto grad = gs[ti_j];
  auto hess = hs[ti_j];
  atomicAdd(&GlHlGlc[0][i][Xsc], grad);
  atomicAdd(&GlHlGlc[1][i][Xsc], hess);
  atomicAdd(&GlHlGlc[2][i][Xsc], 1);
  // Sync threads 
  __syncthreads(); 
  }
}

// Cuda kernel to compute split gain given uint8 input X
__global__ void _kernel_Atomic_short(
  const torch::PackedTensorAccessor32<unsigned char,2,torch::RestrictPtrTraits> X,
  const torch::PackedTensorAccessor32<float,2,torch::RestrictPtrTraits> gradient_hessian,
  torch::PackedTensorAccessor32<float,3,torch::RestrictPtrTraits> GlHlGlc) {
  // feature index
  unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
  // sample index
  unsigned int ti_j = threadIdx.y;
  unsigned int j = blockIdx.y * blockDim.y + ti_j;

  if (i < X.size(0) && j < X.size(1)){
  // Create shared gradient and hessian variables
  __shared__ unsigned char Xs[1024];
  __shared__ float gs[1024];
  __shared__ float hs[1024];
  // Fill gradient and hessian variables
  Xs[ti_j] = X[i][j];
  gs[ti_j] = gradient_hessian[j][0];
  hs[ti_j] = gradient_hessian[j][1];
  // Sync threads 
  __syncthreads();    
  // Loop over bins
  auto Xsc = Xs[ti_j];
  auto grad = gs[ti_j];
  auto hess = hs[ti_j];
  atomicAdd(&GlHlGlc[0][i][Xsc], grad);
  atomicAdd(&GlHlGlc[1][i][Xsc], hess);
  atomicAdd(&GlHlGlc[2][i][Xsc], 1);
  // Sync threads 
  __syncthreads(); 
  }
}
