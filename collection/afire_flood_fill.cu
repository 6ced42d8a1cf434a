// tilelab kernel collection: ArrayFire's CUDA flood fill (seeded region growing between two thresholds, af::floodFill)
// Source:  https://github.com/arrayfire/arrayfire/blob/492718b5a256d4a9d5198fdce89d8fd21772bfda/src/backend/cuda/kernel/flood_fill.cuh
// Licence: BSD-3-Clause (the file's own notice below; the repository's LICENSE repeats it in full)
// Repository: arrayfire/arrayfire at commit 492718b (the ArrayFire tensor library's CUDA back end).
// Kept: flood_fill.cuh lines 1-8 (the notice) and 13-146 (doAnotherLaunch, VALID/INVALID/ZERO, the kernels
//       initSeeds, floodStep and finalizeOutput), unchanged. Removed: lines 10-12 (#include <Param.hpp>,
//       <math.hpp>, <af/defines.h>), replaced by the marked lines below: Param.hpp lines 19-45 and 56-81, math.hpp
//       lines 430-439 (clamp), backend.hpp's __DH__, af/defines.h's dim_t and types.hpp's uint. THREADS_X = 32 and
//       THREADS_Y = 8 come, as in kernel/flood_fill.hpp's getKernel (DefineValue), as -D options. The launches are
//       flood_fill.hpp's: initSeeds <<<divup(#seeds, 256), 256>>>, floodStep and finalizeOutput <<<(divup(dims[0], 32),
//       divup(dims[1], 8)), (32, 8)>>>, out created as zeros (cuda/flood_fill.cpp's createValueArray(dims, T(0))).
/*******************************************************
 * Copyright (c) 2019, ArrayFire
 * All rights reserved.
 *
 * This file is distributed under 3-clause BSD license.
 * The complete license agreement can be obtained at:
 * http://arrayfire.com/licenses/BSD-3-Clause
 ********************************************************/

// ---- copied in from the repository's own headers, marked (the includes <Param.hpp>, <math.hpp> are removed) ----
// src/backend/cuda/backend.hpp line 17 (the __CUDACC_RTC__ branch of __DH__):
#define __DH__ __device__
// include/af/defines.h line 50 (dim_t on 64-bit platforms):
typedef long long   dim_t;
// src/backend/cuda/types.hpp line 40 (in namespace arrayfire::cuda there: the kernels' `uint`):
using uint    = unsigned int;
namespace arrayfire {
namespace cuda {
template<typename T>
class Param {
   public:
    dim_t dims[4];
    dim_t strides[4];
    T *ptr;

    __DH__ Param() noexcept : dims(), strides(), ptr(nullptr) {}

    __DH__
    Param(T *iptr, const dim_t *idims, const dim_t *istrides) noexcept
        : dims{idims[0], idims[1], idims[2], idims[3]}
        , strides{istrides[0], istrides[1], istrides[2], istrides[3]}
        , ptr(iptr) {}

    __DH__ size_t elements() const noexcept {
        return dims[0] * dims[1] * dims[2] * dims[3];
    }

    dim_t *dims_ptr() { return dims; }
    dim_t *strides_ptr() { return strides; }

    Param(const Param<T> &other) noexcept               = default;
    Param(Param<T> &&other) noexcept                    = default;
    Param<T> &operator=(const Param<T> &other) noexcept = default;
    Param<T> &operator=(Param<T> &&other) noexcept      = default;
};

template<typename T>
class CParam {
   public:
    dim_t dims[4];
    dim_t strides[4];
    const T *ptr;

    __DH__ CParam(const T *iptr, const dim_t *idims, const dim_t *istrides)
        : dims{idims[0], idims[1], idims[2], idims[3]}
        , strides{istrides[0], istrides[1], istrides[2], istrides[3]}
        , ptr(iptr) {}

    __DH__ CParam(Param<T> &in)
        : dims{in.dims[0], in.dims[1], in.dims[2], in.dims[3]}
        , strides{in.strides[0], in.strides[1], in.strides[2], in.strides[3]}
        , ptr(in.ptr) {}

    __DH__ size_t elements() const noexcept {
        return dims[0] * dims[1] * dims[2] * dims[3];
    }

    CParam(const CParam<T> &other) noexcept               = default;
    CParam(CParam<T> &&other) noexcept                    = default;
    CParam<T> &operator=(const CParam<T> &other) noexcept = default;
    CParam<T> &operator=(CParam<T> &&other) noexcept      = default;
};

// src/backend/cuda/math.hpp lines 430-439 (clamp):
template<typename T, typename Compare>
constexpr const __DH__ T clamp(const T value, const T lo, const T hi,
                               Compare comp) {
    return comp(value, lo) ? lo : comp(hi, value) ? hi : value;
}

template<typename T>
constexpr const __DH__ T clamp(const T value, const T lo, const T hi) {
    return clamp(value, lo, hi, [](auto lhs, auto rhs) { return lhs < rhs; });
}
}  // namespace cuda
}  // namespace arrayfire
// ---- end of the copied lines ----


/// doAnotherLaunch is a variable in kernel space
/// used to track the convergence of
/// the breath first search algorithm
__device__ int doAnotherLaunch = 0;

namespace arrayfire {
namespace cuda {

/// Output array is set to the following values during the progression
/// of the algorithm.
///
/// 0 - not processed
/// 1 - not valid
/// 2 - valid (candidate for neighborhood walk, pushed onto the queue)
///
/// Once, the algorithm is finished, output is reset
/// to either zero or \p newValue for all valid pixels.
template<typename T>
constexpr T VALID() {
    return T(2);
}
template<typename T>
constexpr T INVALID() {
    return T(1);
}
template<typename T>
constexpr T ZERO() {
    return T(0);
}

template<typename T>
__global__ void initSeeds(Param<T> out, CParam<uint> seedsx,
                          CParam<uint> seedsy) {
    uint idx = blockDim.x * blockIdx.x + threadIdx.x;
    if (idx < seedsx.elements()) {
        uint x                       = seedsx.ptr[idx];
        uint y                       = seedsy.ptr[idx];
        out.ptr[x + y * out.dims[0]] = VALID<T>();
    }
}

template<typename T>
__global__ void floodStep(Param<T> out, CParam<T> img, T lowValue,
                          T highValue) {
    constexpr int RADIUS      = 1;
    constexpr int SMEM_WIDTH  = THREADS_X + 2 * RADIUS;
    constexpr int SMEM_HEIGHT = THREADS_Y + 2 * RADIUS;

    __shared__ T smem[SMEM_HEIGHT][SMEM_WIDTH];

    const int lx = threadIdx.x;
    const int ly = threadIdx.y;
    const int gx = blockDim.x * blockIdx.x + lx;
    const int gy = blockDim.y * blockIdx.y + ly;
    const int d0 = out.dims[0];
    const int d1 = out.dims[1];
    const int s0 = out.strides[0];
    const int s1 = out.strides[1];

    const T *iptr = (const T *)img.ptr;
    T *optr       = (T *)out.ptr;
#pragma unroll
    for (int b = ly, gy2 = gy; b < SMEM_HEIGHT;
         b += blockDim.y, gy2 += blockDim.y) {
#pragma unroll
        for (int a = lx, gx2 = gx; a < SMEM_WIDTH;
             a += blockDim.x, gx2 += blockDim.x) {
            int x      = gx2 - RADIUS;
            int y      = gy2 - RADIUS;
            bool inROI = (x >= 0 && x < d0 && y >= 0 && y < d1);
            smem[b][a] = (inROI ? optr[x * s0 + y * s1] : INVALID<T>());
        }
    }
    int i = lx + RADIUS;
    int j = ly + RADIUS;

    T tImgVal = iptr[(clamp(gx, 0, int(img.dims[0] - 1)) * img.strides[0] +
                      clamp(gy, 0, int(img.dims[1] - 1)) * img.strides[1])];
    const int isPxBtwnThresholds =
        (tImgVal >= lowValue && tImgVal <= highValue);
    __syncthreads();

    T origOutVal      = smem[j][i];
    bool blockChanged = false;
    bool isBorderPxl  = (lx == 0 || ly == 0 || lx == (blockDim.x - 1) ||
                        ly == (blockDim.y - 1));
    do {
        int validNeighbors = 0;
#pragma unroll
        for (int no_j = -RADIUS; no_j <= RADIUS; ++no_j) {
#pragma unroll
            for (int no_i = -RADIUS; no_i <= RADIUS; ++no_i) {
                T currVal = smem[j + no_j][i + no_i];
                validNeighbors += (currVal == VALID<T>());
            }
        }
        __syncthreads();

        bool outChanged = (smem[j][i] == ZERO<T>() && (validNeighbors > 0));
        if (outChanged) { smem[j][i] = T(isPxBtwnThresholds + INVALID<T>()); }
        blockChanged = __syncthreads_or(int(outChanged));
    } while (blockChanged);

    T newOutVal = smem[j][i];

    bool borderChanged =
        (isBorderPxl && newOutVal != origOutVal && newOutVal == VALID<T>());

    borderChanged = __syncthreads_or(int(borderChanged));

    if (borderChanged && lx == 0 && ly == 0) {
        // Atleast one border pixel changed. Therefore, mark for
        // another kernel launch to propogate changes beyond border
        // of this block
        doAnotherLaunch = 1;
    }

    if (gx < d0 && gy < d1) { optr[(gx * s0 + gy * s1)] = smem[j][i]; }
}

template<typename T>
__global__ void finalizeOutput(Param<T> out, T newValue) {
    uint gx = blockDim.x * blockIdx.x + threadIdx.x;
    uint gy = blockDim.y * blockIdx.y + threadIdx.y;
    if (gx < out.dims[0] && gy < out.dims[1]) {
        uint idx     = gx * out.strides[0] + gy * out.strides[1];
        T val        = out.ptr[idx];
        out.ptr[idx] = (val == VALID<T>() ? newValue : ZERO<T>());
    }
}

}  // namespace cuda
}  // namespace arrayfire
