// tilelab kernel collection: RAFT's memory-efficient correlation lookup (alt_cuda_corr: on-the-fly all-pairs
// correlation sampled bilinearly around each pixel's flow target, forward with shared-memory feature tiles and
// backward with float atomicAdd) (princeton-vl/RAFT, Recurrent All-Pairs Field Transforms for optical flow)
// Source:  https://github.com/princeton-vl/RAFT/blob/2888e15a51fa41140771d3f498ed8023cff098d1/alt_cuda_corr/correlation_kernel.cu
//          (princeton-vl/RAFT, commit 2888e15)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below: the source file carries no notice of its own); the
//          accessor lines copied from PyTorch are under PyTorch's BSD-style LICENSE, repeated below too.
// Kept, unchanged: correlation_kernel.cu lines 5-311 (the block macros, within_bounds, corr_forward_kernel, the
//       commented-out first backward kernel, corr_backward_kernel). Removed: lines 1-4 (<torch/extension.h>, <cuda.h>,
//       <cuda_runtime.h>, <vector>) and the host functions corr_cuda_forward / corr_cuda_backward (312-375).
// Copied in, marked: PyTorch's packed-accessor classes exactly as tilelab's svx2_optim_kernel.cu copies them (its
//       lines 71-337: torch/headeronly/core/TensorAccessor.h, ATen/core/TensorAccessor.h and torch/types.h at the
//       commits tilelab's ngpl_losses.cu names).
// Host launch: forward <<<(B, (H + 3) / 4, (W + 7) / 8), (4, 8)>>> on float, corr = torch::zeros(B, N, rd * rd, H,
// W), rd = 2r + 1; backward <<<(B * H1 * W1 + 255) / 256, 256>>>, the three gradients torch::zeros.

/*
 * RAFT's LICENSE:
 *
 * BSD 3-Clause License
 *
 * Copyright (c) 2020, princeton-vl
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * * Redistributions of source code must retain the above copyright notice, this
 *   list of conditions and the following disclaimer.
 *
 * * Redistributions in binary form must reproduce the above copyright notice,
 *   this list of conditions and the following disclaimer in the documentation
 *   and/or other materials provided with the distribution.
 *
 * * Neither the name of the copyright holder nor the names of its
 *   contributors may be used to endorse or promote products derived from
 *   this software without specific prior written permission.
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



#define BLOCK_H 4
#define BLOCK_W 8
#define BLOCK_HW BLOCK_H * BLOCK_W
#define CHANNEL_STRIDE 32


__forceinline__ __device__
bool within_bounds(int h, int w, int H, int W) {
  return h >= 0 && h < H && w >= 0 && w < W;
}

template <typename scalar_t>
__global__ void corr_forward_kernel(
    const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap1,
    const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap2,
    const torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> coords,
    torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> corr,
    int r)
{
  const int b = blockIdx.x;
  const int h0 = blockIdx.y * blockDim.x;
  const int w0 = blockIdx.z * blockDim.y;
  const int tid = threadIdx.x * blockDim.y + threadIdx.y;

  const int H1 = fmap1.size(1);
  const int W1 = fmap1.size(2);
  const int H2 = fmap2.size(1);
  const int W2 = fmap2.size(2);
  const int N = coords.size(1);
  const int C = fmap1.size(3);

  __shared__ scalar_t f1[CHANNEL_STRIDE][BLOCK_HW+1];
  __shared__ scalar_t f2[CHANNEL_STRIDE][BLOCK_HW+1];
  __shared__ scalar_t x2s[BLOCK_HW];
  __shared__ scalar_t y2s[BLOCK_HW];

  for (int c=0; c<C; c+=CHANNEL_STRIDE) {
    for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
      int k1 = k + tid / CHANNEL_STRIDE;
      int h1 = h0 + k1 / BLOCK_W;
      int w1 = w0 + k1 % BLOCK_W;
      int c1 = tid % CHANNEL_STRIDE;

      auto fptr = fmap1[b][h1][w1];
      if (within_bounds(h1, w1, H1, W1))
        f1[c1][k1] = fptr[c+c1];
      else
        f1[c1][k1] = 0.0;
    }

    __syncthreads();

    for (int n=0; n<N; n++) {
      int h1 = h0 + threadIdx.x;
      int w1 = w0 + threadIdx.y;
      if (within_bounds(h1, w1, H1, W1)) {
        x2s[tid] = coords[b][n][h1][w1][0];
        y2s[tid] = coords[b][n][h1][w1][1];
      }

      scalar_t dx = x2s[tid] - floor(x2s[tid]);
      scalar_t dy = y2s[tid] - floor(y2s[tid]);

      int rd = 2*r + 1;
      for (int iy=0; iy<rd+1; iy++) {
        for (int ix=0; ix<rd+1; ix++) {
          for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
            int k1 = k + tid / CHANNEL_STRIDE;
            int h2 = static_cast<int>(floor(y2s[k1]))-r+iy;
            int w2 = static_cast<int>(floor(x2s[k1]))-r+ix;
            int c2 = tid % CHANNEL_STRIDE;

            auto fptr = fmap2[b][h2][w2];
            if (within_bounds(h2, w2, H2, W2))
              f2[c2][k1] = fptr[c+c2];
            else
              f2[c2][k1] = 0.0;
          }

          __syncthreads();
      
          scalar_t s = 0.0;
          for (int k=0; k<CHANNEL_STRIDE; k++)
            s += f1[k][tid] * f2[k][tid];

          int ix_nw = H1*W1*((iy-1) + rd*(ix-1));
          int ix_ne = H1*W1*((iy-1) + rd*ix);
          int ix_sw = H1*W1*(iy + rd*(ix-1));
          int ix_se = H1*W1*(iy + rd*ix);

          scalar_t nw = s * (dy) * (dx);
          scalar_t ne = s * (dy) * (1-dx);
          scalar_t sw = s * (1-dy) * (dx);
          scalar_t se = s * (1-dy) * (1-dx);

          scalar_t* corr_ptr = &corr[b][n][0][h1][w1];

          if (iy > 0 && ix > 0 && within_bounds(h1, w1, H1, W1))
            *(corr_ptr + ix_nw) += nw;

          if (iy > 0 && ix < rd && within_bounds(h1, w1, H1, W1))
            *(corr_ptr + ix_ne) += ne;

          if (iy < rd && ix > 0 && within_bounds(h1, w1, H1, W1))
            *(corr_ptr + ix_sw) += sw;

          if (iy < rd && ix < rd && within_bounds(h1, w1, H1, W1))
            *(corr_ptr + ix_se) += se;
        }
      } 
    }
  }
}


// template <typename scalar_t>
// __global__ void corr_backward_kernel(
//     const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap1,
//     const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap2,
//     const torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> coords,
//     const torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> corr_grad,
//     torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap1_grad,
//     torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap2_grad,
//     torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> coords_grad,
//     int r)
// {

//   const int b = blockIdx.x;
//   const int h0 = blockIdx.y * blockDim.x;
//   const int w0 = blockIdx.z * blockDim.y;
//   const int tid = threadIdx.x * blockDim.y + threadIdx.y;

//   const int H1 = fmap1.size(1);
//   const int W1 = fmap1.size(2);
//   const int H2 = fmap2.size(1);
//   const int W2 = fmap2.size(2);
//   const int N = coords.size(1);
//   const int C = fmap1.size(3);

//   __shared__ scalar_t f1[CHANNEL_STRIDE][BLOCK_HW+1];
//   __shared__ scalar_t f2[CHANNEL_STRIDE][BLOCK_HW+1];

//   __shared__ scalar_t f1_grad[CHANNEL_STRIDE][BLOCK_HW+1];
//   __shared__ scalar_t f2_grad[CHANNEL_STRIDE][BLOCK_HW+1];

//   __shared__ scalar_t x2s[BLOCK_HW];
//   __shared__ scalar_t y2s[BLOCK_HW];

//   for (int c=0; c<C; c+=CHANNEL_STRIDE) {

//     for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
//       int k1 = k + tid / CHANNEL_STRIDE;
//       int h1 = h0 + k1 / BLOCK_W;
//       int w1 = w0 + k1 % BLOCK_W;
//       int c1 = tid % CHANNEL_STRIDE;

//       auto fptr = fmap1[b][h1][w1];
//       if (within_bounds(h1, w1, H1, W1))
//         f1[c1][k1] = fptr[c+c1];
//       else
//         f1[c1][k1] = 0.0;

//       f1_grad[c1][k1] = 0.0;
//     }

//     __syncthreads();

//     int h1 = h0 + threadIdx.x;
//     int w1 = w0 + threadIdx.y;

//     for (int n=0; n<N; n++) {  
//       x2s[tid] = coords[b][n][h1][w1][0];
//       y2s[tid] = coords[b][n][h1][w1][1];

//       scalar_t dx = x2s[tid] - floor(x2s[tid]);
//       scalar_t dy = y2s[tid] - floor(y2s[tid]);

//       int rd = 2*r + 1;
//       for (int iy=0; iy<rd+1; iy++) {
//         for (int ix=0; ix<rd+1; ix++) {
//           for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
//             int k1 = k + tid / CHANNEL_STRIDE;
//             int h2 = static_cast<int>(floor(y2s[k1]))-r+iy;
//             int w2 = static_cast<int>(floor(x2s[k1]))-r+ix;
//             int c2 = tid % CHANNEL_STRIDE;

//             auto fptr = fmap2[b][h2][w2];
//             if (within_bounds(h2, w2, H2, W2))
//               f2[c2][k1] = fptr[c+c2];
//             else
//               f2[c2][k1] = 0.0;

//             f2_grad[c2][k1] = 0.0;
//           }

//           __syncthreads();
      
//           const scalar_t* grad_ptr = &corr_grad[b][n][0][h1][w1];
//           scalar_t g = 0.0;

//           int ix_nw = H1*W1*((iy-1) + rd*(ix-1));
//           int ix_ne = H1*W1*((iy-1) + rd*ix);
//           int ix_sw = H1*W1*(iy + rd*(ix-1));
//           int ix_se = H1*W1*(iy + rd*ix);

//           if (iy > 0 && ix > 0 && within_bounds(h1, w1, H1, W1))
//             g +=  *(grad_ptr + ix_nw) * dy * dx;

//           if (iy > 0 && ix < rd && within_bounds(h1, w1, H1, W1))
//             g += *(grad_ptr + ix_ne) * dy * (1-dx);

//           if (iy < rd && ix > 0 && within_bounds(h1, w1, H1, W1))
//             g += *(grad_ptr + ix_sw) * (1-dy) * dx;

//           if (iy < rd && ix < rd && within_bounds(h1, w1, H1, W1))
//             g += *(grad_ptr + ix_se) * (1-dy) * (1-dx);
            
//           for (int k=0; k<CHANNEL_STRIDE; k++) {
//             f1_grad[k][tid] += g * f2[k][tid];
//             f2_grad[k][tid] += g * f1[k][tid];
//           }

//           for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
//             int k1 = k + tid / CHANNEL_STRIDE;
//             int h2 = static_cast<int>(floor(y2s[k1]))-r+iy;
//             int w2 = static_cast<int>(floor(x2s[k1]))-r+ix;
//             int c2 = tid % CHANNEL_STRIDE;

//             scalar_t* fptr = &fmap2_grad[b][h2][w2][0];
//             if (within_bounds(h2, w2, H2, W2))
//               atomicAdd(fptr+c+c2, f2_grad[c2][k1]);
//           }
//         }
//       } 
//     }
//     __syncthreads();


//     for (int k=0; k<BLOCK_HW; k+=BLOCK_HW/CHANNEL_STRIDE) {
//       int k1 = k + tid / CHANNEL_STRIDE;
//       int h1 = h0 + k1 / BLOCK_W;
//       int w1 = w0 + k1 % BLOCK_W;
//       int c1 = tid % CHANNEL_STRIDE;

//       scalar_t* fptr = &fmap1_grad[b][h1][w1][0];
//       if (within_bounds(h1, w1, H1, W1))
//         fptr[c+c1] += f1_grad[c1][k1];
//     }
//   }
// }


template <typename scalar_t>
__global__ void corr_backward_kernel(
  const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap1,
  const torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap2,
  const torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> coords,
  const torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> corr_grad,
  torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap1_grad,
  torch::PackedTensorAccessor32<scalar_t,4,torch::RestrictPtrTraits> fmap2_grad,
  torch::PackedTensorAccessor32<scalar_t,5,torch::RestrictPtrTraits> coords_grad,
  int r
) {
  const int B = fmap1.size(0);
  const int H1 = fmap1.size(1);
  const int W1 = fmap1.size(2);
  const int idx = threadIdx.x + blockDim.x * blockIdx.x;
  if (idx < B*H1*W1) {
    const int H2 = fmap2.size(1);
    const int W2 = fmap2.size(2);
    const int N = coords.size(1);
    const int C = fmap1.size(3);
    const int rd = int(sqrt(corr_grad.size(2)));
    const int b = idx / (H1 * W1);
    const int h = (idx % (H1*W1)) / W1;
    const int w = (idx % (H1*W1)) % W1;
    const int r = (rd - 1) / 2;
    for (int n = 0; n < N; n++) {
      scalar_t coords_x = coords[b][n][h][w][0], coords_y = coords[b][n][h][w][1];
      for (int iy = -r; iy <= r; iy++) {
        for (int ix = -r; ix <= r; ix++) {
          scalar_t x = coords_x + ix, y = coords_y + iy;
          int x_floor = static_cast<int>(floor(x)), y_floor = static_cast<int>(floor(y));
					scalar_t dx = x - x_floor, dy = y - y_floor;
					scalar_t weights_ii[2] = {1 - dx, dx}, weights_jj[2] = {1 - dy, dy};
          scalar_t g = corr_grad[b][n][(ix + r) * rd + iy + r][h][w];
          for (int c = 0; c < C; c++) {
            scalar_t f = fmap1[b][h][w][c];
            scalar_t gf = 0;
            for (int ii = 0; ii < 2; ii++) {
              for (int jj = 0; jj < 2; jj++) {
                int x0 = x_floor + ii, y0 = y_floor + jj;
                if (within_bounds(y0, x0, H2, W2)) {
                  gf += g * fmap2[b][y0][x0][c] * weights_ii[ii] * weights_jj[jj];
                  atomicAdd(&fmap2_grad[b][y0][x0][c], g * f * weights_ii[ii] * weights_jj[jj]);
                }
              }
            }
            fmap1_grad[b][h][w][c] += gf;
          }
        }
      }
    }
  }
}
