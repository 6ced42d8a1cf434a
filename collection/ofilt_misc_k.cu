// tilelab kernel collection: the optical flow filter's scalarProductF2_k (a float2 field scaled by a constant, over pitched rows)
// Source:  https://github.com/jadarve/optical-flow-filter/blob/597197587f8f64eff1bf44d11495fd9c54faab8d/src/gpu/device/misc_k.cu
//          (jadarve/optical-flow-filter, commit 5971975: scalarProductF2_k, the file's one kernel)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file's header points to it).
// Kept, unchanged: lines 1-7, 10-42; removed: lines 8-9 (its includes: the lines needed are copied in below). Copied in, marked: the lines of the
//       repository's headers the kernel uses.
/*
Copyright (c) 2015, Juan David Adarve, ANU
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

* Redistributions of source code must retain the above copyright notice, this
  list of conditions and the following disclaimer.

* Redistributions in binary form must reproduce the above copyright notice,
  this list of conditions and the following disclaimer in the documentation
  and/or other materials provided with the distribution.

* Neither the name of ANU nor the name optical-flow-filter nor the names of its
  contributors may be used to endorse or promote products derived from
  this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL ANU, THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
*/

/**
 * \file misc_k.cu
 * \brief Miscellaneous kernel declarations.
 * \copyright 2015, Juan David Adarve, ANU. See AUTHORS for more details
 * \license 3-clause BSD, see LICENSE for more details
 */

// ---- include/flowfilter/gpu/image.h, lines 11, 19-20, 22-42 and 177-178 (<memory>, the namespaces and struct gpuimage_t;
//      its host class GPUImage and the other includes left out)
#include <memory>
namespace flowfilter {
namespace gpu {
/**
 * \brief struct to encapsulated image information.
 *
 * This structure is used internally in the kernel and
 * device functions.
 */
template<typename T>
struct gpuimage_t {

    /** height in pixels */
    int height;

    /** width in pixels */
    int width;

    /** row pitch in bytes*/
    std::size_t pitch;

    /** memory buffer*/
    T* data;
};
}; // namespace gpu
}; // namespace flowfilter
// ---- end of image.h
// ---- include/flowfilter/gpu/device/image_k.h, lines 11 and 15-24 (<memory>, coordPitch in its namespaces)
#include <memory>
namespace flowfilter {
    namespace gpu {

        template<typename T>
        __device__ __forceinline__ T* coordPitch(gpuimage_t<T> img, const int2 pix) {
            return (T*)((char*)img.data + pix.y*img.pitch) + pix.x;
        }

    }; // namespace gpu
}; // namespace flowfilter
// ---- end of image_k.h


namespace flowfilter {
namespace gpu {

/**
 * \brief Multiplies an input vector field by a scalar constant.
 */
__global__ void scalarProductF2_k(gpuimage_t<float2> inputField,
                                  const float scalar,
                                  gpuimage_t<float2> outputField) {

    const int height = inputField.height;
    const int width = inputField.width;

    // pixel coordinate
    const int2 pix = make_int2(blockIdx.x*blockDim.x + threadIdx.x,
    blockIdx.y*blockDim.y + threadIdx.y);

    if(pix.x >= width || pix.y >= height) {
        return;
    }

    // read input vector
    float2 v = *coordPitch(inputField, pix);


    // write (scalar * v) in outputField
    *coordPitch(outputField, pix) = make_float2(scalar * v.x, scalar * v.y);
}

}; // namespace gpu
}; // namespace flowfilter
