// tilelab kernel collection: ArrayFire's CUDA mean-shift filter (edge-preserving smoothing, af::meanShift)
// Source:  https://github.com/arrayfire/arrayfire/blob/492718b5a256d4a9d5198fdce89d8fd21772bfda/src/backend/cuda/kernel/meanshift.cuh
// Licence: BSD-3-Clause (the file's own notice below; the repository's LICENSE repeats it in full)
// Repository: arrayfire/arrayfire at commit 492718b (the ArrayFire tensor library's CUDA back end).
// Kept: meanshift.cuh lines 1-8 (the notice) and 13-130 (the kernel template meanshift<AccType, T, channels>),
//       unchanged. Removed: lines 10-11 (#include <Param.hpp>, <math.hpp>), replaced by the marked lines below:
//       Param.hpp lines 19-45 and 56-81 (Param<T>, CParam<T>), backend.hpp's __DH__, af/defines.h's dim_t and
//       types.hpp's uint. The launch is kernel/meanshift.hpp's: block (16, 16), grid (divup(dims[0], 16) * bCount,
//       divup(dims[1], 16) * dims[3]) with bCount = 1 for colour and dims[2] for grey, radius =
//       max(int(spatialSigma * 1.5f), 1), cvar = chromaticSigma^2, nBBS0 = divup(dims[0], 16), nBBS1 = divup(dims[1], 16).
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
}  // namespace cuda
}  // namespace arrayfire
// ---- end of the copied lines ----

namespace arrayfire {
namespace cuda {

template<typename AccType, typename T, int channels>
__global__ void meanshift(Param<T> out, CParam<T> in, int radius, float cvar,
                          uint numIters, int nBBS0, int nBBS1) {
    unsigned b2 = blockIdx.x / nBBS0;
    unsigned b3 = blockIdx.y / nBBS1;
    const T* iptr =
        (const T*)in.ptr + (b2 * in.strides[2] + b3 * in.strides[3]);
    T* optr      = (T*)out.ptr + (b2 * out.strides[2] + b3 * out.strides[3]);
    const int gx = blockDim.x * (blockIdx.x - b2 * nBBS0) + threadIdx.x;
    const int gy = blockDim.y * (blockIdx.y - b3 * nBBS1) + threadIdx.y;

    if (gx >= in.dims[0] || gy >= in.dims[1]) return;

    int meanPosI = gx;
    int meanPosJ = gy;

    T currentCenterColors[channels];
    T tempColors[channels];

    AccType currentMeanColors[channels];

#pragma unroll
    for (int ch = 0; ch < channels; ++ch)
        currentCenterColors[ch] = iptr[(
            gx * in.strides[0] + gy * in.strides[1] + ch * in.strides[2])];

    const int dim0LenLmt = in.dims[0] - 1;
    const int dim1LenLmt = in.dims[1] - 1;

    // scope of meanshift iterations begin
    for (uint it = 0; it < numIters; ++it) {
        int oldMeanPosJ = meanPosJ;
        int oldMeanPosI = meanPosI;
        unsigned count  = 0;

        int shift_x = 0;
        int shift_y = 0;

#pragma unroll
        for (int ch = 0; ch < channels; ++ch) currentMeanColors[ch] = 0;

        for (int wj = -radius; wj <= radius; ++wj) {
            int hit_count = 0;
            int tj        = meanPosJ + wj;

            if (tj < 0 || tj > dim1LenLmt) continue;

            for (int wi = -radius; wi <= radius; ++wi) {
                int ti = meanPosI + wi;

                if (ti < 0 || ti > dim0LenLmt) continue;

                AccType norm = 0;
#pragma unroll
                for (int ch = 0; ch < channels; ++ch) {
                    tempColors[ch] =
                        iptr[(ti * in.strides[0] + tj * in.strides[1] +
                              ch * in.strides[2])];
                    AccType diff = (AccType)currentCenterColors[ch] -
                                   (AccType)tempColors[ch];
                    norm += (diff * diff);
                }

                if (norm <= cvar) {
#pragma unroll
                    for (int ch = 0; ch < channels; ++ch)
                        currentMeanColors[ch] += (AccType)tempColors[ch];

                    shift_x += ti;
                    ++hit_count;
                }
            }
            count += hit_count;
            shift_y += tj * hit_count;
        }

        if (count == 0) break;

        const AccType fcount = 1 / (AccType)count;

        meanPosI = __float2int_rz(shift_x * fcount);
        meanPosJ = __float2int_rz(shift_y * fcount);

#pragma unroll
        for (int ch = 0; ch < channels; ++ch)
            currentMeanColors[ch] =
                __float2int_rz(currentMeanColors[ch] * fcount);

        AccType norm = 0;
#pragma unroll
        for (int ch = 0; ch < channels; ++ch) {
            AccType diff =
                (AccType)currentCenterColors[ch] - currentMeanColors[ch];
            norm += (diff * diff);
        }

        bool stop = (meanPosJ == oldMeanPosJ && meanPosI == oldMeanPosI) ||
                    ((abs(oldMeanPosJ - meanPosJ) +
                      abs(oldMeanPosI - meanPosI) + norm) <= 1);

#pragma unroll
        for (int ch = 0; ch < channels; ++ch)
            currentCenterColors[ch] = (T)(currentMeanColors[ch]);

        if (stop) break;
    }  // scope of meanshift iterations end

#pragma unroll
    for (int ch = 0; ch < channels; ++ch)
        optr[(gx * out.strides[0] + gy * out.strides[1] +
              ch * out.strides[2])] = currentCenterColors[ch];
}

}  // namespace cuda
}  // namespace arrayfire
