// tilelab kernel collection: torchmcubes' marching cubes (tatsy/torchmcubes: one thread a cell, then the triangle compaction)
// Source:  https://github.com/tatsy/torchmcubes/blob/3381600ddc3d2e4d74222f8495866be5fafbace4/cxx/mcubes_cuda.cu
// Licence: MPL-2.0 (the repository's LICENSE; the Exhibit A notice below); the accessor lines copied from PyTorch are
//          under PyTorch's BSD-style LICENSE, repeated below too.
// Kept: mcubes_cuda.cu lines 292-439 (vertexInterp, mcubes_cuda_kernel, compaction), unchanged. Removed: lines 1-14 (torch,
//       thrust and std includes, macros.h, cuda_utils.h, helper_math.h: none of their device code is used), lines 16-290
//       (edgeTable and triTable, host arrays that mcubes_cuda() copies into int tensors: the entries' edgeTable and
//       triTable arguments, given by collection/references.py) and the host code (441-533: 8 x 8 x 8 blocks over the
//       Nx x Ny x Nz volume, a zeroed (Nz, Ny, Nx, 12, 3) vertex buffer, thrust::exclusive_scan of the per-cell
//       triangle counts into offsets, then compaction on the same grid into (3 ntris, 3) verts and (ntris, 3) faces).
// Copied in, marked: the accessor classes tilelab's taudio_iir.cu / ngpl_volumerendering.cu copy from PyTorch's
// torch/headeronly/core/TensorAccessor.h (pytorch/pytorch at 00bbc89: RestrictPtrTraits, the detail:: accessor classes
// with their device members, host-only members left out), ATen/core/TensorAccessor.h's at:: names (PackedTensorAccessor32
// and 64, ...) and torch/types.h's "namespace torch { using namespace at; }" (at 1f73a72), as ngpl_volumerendering.cu
// has them: what <torch/extension.h> gives the kernels' torch::PackedTensorAccessor32/64 parameters.

/*
 * torchmcubes' LICENSE is the Mozilla Public License, v. 2.0 (its README says "MIT License 2019-2024 (c) Tatsuya
 * Yatagawa"; the LICENSE file is MPL-2.0, which this file follows). The MPL's Exhibit A notice:
 *
 *   This Source Code Form is subject to the terms of the Mozilla Public
 *   License, v. 2.0. If a copy of the MPL was not distributed with this
 *   file, You can obtain one at http://mozilla.org/MPL/2.0/.
 *
 * The source code of this file's original is at the Source: address above.
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

__device__ float3 vertexInterp(float isolevel, float3 p1, float3 p2, float valp1, float valp2) {
    float mu;
    float3 p;

    if (fabsf(isolevel - valp1) < 1.0e-4f) {
        return p1;
    }

    if (fabsf(isolevel - valp2) < 1.0e-4f) {
        return p2;
    }

    if (fabsf(valp1 - valp2) < 1.0e-4f) {
        return p1;
    }

    mu = (isolevel - valp1) / (valp2 - valp1);
    p.x = p1.x + mu * (p2.x - p1.x);
    p.y = p1.y + mu * (p2.y - p1.y);
    p.z = p1.z + mu * (p2.z - p1.z);

    return p;
}

__global__ void mcubes_cuda_kernel(const torch::PackedTensorAccessor64<float, 3, torch::RestrictPtrTraits> vol,
                                   torch::PackedTensorAccessor64<float, 5, torch::RestrictPtrTraits> vertices,
                                   torch::PackedTensorAccessor64<int, 3, torch::RestrictPtrTraits> ntris_in_cells,
                                   int3 nGrids, float threshold,
                                   const torch::PackedTensorAccessor64<int, 1, torch::RestrictPtrTraits> edgeTable,
                                   const torch::PackedTensorAccessor64<int, 2, torch::RestrictPtrTraits> triTable) {
    const int ix = blockIdx.x * blockDim.x + threadIdx.x;
    const int iy = blockIdx.y * blockDim.y + threadIdx.y;
    const int iz = blockIdx.z * blockDim.z + threadIdx.z;
    if (ix >= nGrids.x - 1 || iy >= nGrids.y - 1 || iz >= nGrids.z - 1) {
        return;
    }

    int cubeindex = 0;
    int bits = 0;
    float val[8];
    float3 p[8];

    int indexTable[8]{ 0, 1, 4, 5, 3, 2, 7, 6 };

    for (int k = 0; k <= 1; k++) {
        for (int j = 0; j <= 1; j++) {
            for (int i = 0; i <= 1; i++) {
                const int jx = ix + i;
                const int jy = iy + j;
                const int jz = iz + k;
                if (vol[jz][jy][jx] < threshold) {
                    cubeindex |= 0x01 << indexTable[bits];
                }

                val[indexTable[bits]] = vol[jz][jy][jx];
                p[indexTable[bits]] = make_float3(jx, jy, jz);
                bits += 1;
            }
        }
    }

    /* Find the vertices where the surface intersects the cube */
    float3 vertlist[12];
    if ((edgeTable[cubeindex] & 1) != 0) {
        vertlist[0] = vertexInterp(threshold, p[0], p[1], val[0], val[1]);
    }

    if ((edgeTable[cubeindex] & 2) != 0) {
        vertlist[1] = vertexInterp(threshold, p[1], p[2], val[1], val[2]);
    }

    if ((edgeTable[cubeindex] & 4) != 0) {
        vertlist[2] = vertexInterp(threshold, p[2], p[3], val[2], val[3]);
    }

    if ((edgeTable[cubeindex] & 8) != 0) {
        vertlist[3] = vertexInterp(threshold, p[3], p[0], val[3], val[0]);
    }

    if ((edgeTable[cubeindex] & 16) != 0) {
        vertlist[4] = vertexInterp(threshold, p[4], p[5], val[4], val[5]);
    }

    if ((edgeTable[cubeindex] & 32) != 0) {
        vertlist[5] = vertexInterp(threshold, p[5], p[6], val[5], val[6]);
    }

    if ((edgeTable[cubeindex] & 64) != 0) {
        vertlist[6] = vertexInterp(threshold, p[6], p[7], val[6], val[7]);
    }

    if ((edgeTable[cubeindex] & 128) != 0) {
        vertlist[7] = vertexInterp(threshold, p[7], p[4], val[7], val[4]);
    }

    if ((edgeTable[cubeindex] & 256) != 0) {
        vertlist[8] = vertexInterp(threshold, p[0], p[4], val[0], val[4]);
    }

    if ((edgeTable[cubeindex] & 512) != 0) {
        vertlist[9] = vertexInterp(threshold, p[1], p[5], val[1], val[5]);
    }

    if ((edgeTable[cubeindex] & 1024) != 0) {
        vertlist[10] = vertexInterp(threshold, p[2], p[6], val[2], val[6]);
    }

    if ((edgeTable[cubeindex] & 2048) != 0) {
        vertlist[11] = vertexInterp(threshold, p[3], p[7], val[3], val[7]);
    }

    for (int i = 0; i < 4; i++) {
        if (triTable[cubeindex][i * 3 + 0] >= 0) {
            for (int k = 0; k < 3; k++) {
                const float3 &v = vertlist[triTable[cubeindex][i * 3 + k]];
                vertices[iz][iy][ix][i * 3 + k][0] = v.x;
                vertices[iz][iy][ix][i * 3 + k][1] = v.y;
                vertices[iz][iy][ix][i * 3 + k][2] = v.z;
            }
            ntris_in_cells[iz][iy][ix] += 1;
        }
    }
}

__global__ void compaction(const torch::PackedTensorAccessor64<float, 5, torch::RestrictPtrTraits> vertBuf,
                           const torch::PackedTensorAccessor64<int, 3, torch::RestrictPtrTraits> ntris,
                           const torch::PackedTensorAccessor64<int, 3, torch::RestrictPtrTraits> offsets, int3 nGrids,
                           torch::PackedTensorAccessor64<float, 2, torch::RestrictPtrTraits> verts,
                           torch::PackedTensorAccessor64<int, 2, torch::RestrictPtrTraits> faces) {
    const int ix = blockIdx.x * blockDim.x + threadIdx.x;
    const int iy = blockIdx.y * blockDim.y + threadIdx.y;
    const int iz = blockIdx.z * blockDim.z + threadIdx.z;
    const int index = (iz * nGrids.y + iy) * nGrids.x + ix;
    const int size = nGrids.x * nGrids.y * nGrids.z;

    if (index < size) {
        const int start = offsets[iz][iy][ix];
        const int n = ntris[iz][iy][ix];
        for (int i = 0; i < n; i++) {
            for (int k = 0; k < 3; k++) {
                verts[(start + i) * 3 + k][0] = vertBuf[iz][iy][ix][i * 3 + k][0];
                verts[(start + i) * 3 + k][1] = vertBuf[iz][iy][ix][i * 3 + k][1];
                verts[(start + i) * 3 + k][2] = vertBuf[iz][iy][ix][i * 3 + k][2];
                faces[start + i][k] = (start + i) * 3 + k;
            }
        }
    }
}
