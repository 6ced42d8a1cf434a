// tilelab kernel collection: the optical flow filter's flow update (flowUpdate_k: per pixel, the new flow from the old one and the image model's gradient and temporal difference, a 2 x 2 system solved by its adjugate, clamped to maxflow and sanitised of inf / NaN)
// Source:  https://github.com/jadarve/optical-flow-filter/blob/597197587f8f64eff1bf44d11495fd9c54faab8d/src/gpu/device/update_k.cu
//          (jadarve/optical-flow-filter, commit 5971975: flowUpdate_k (lines 15-79); deltaFlowUpdate_k (lines 82-173) is left out: it reads the upper pyramid level's flow through a cudaTextureObject_t (tex2D<float2>, normalised coordinates, linear filtering), which the emulator has no model of)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file's header points to it).
// Kept, unchanged: lines 1-7, 10-79, 174-177; removed: lines 8-9 (its includes: the lines needed are copied in below), 80-173 (deltaFlowUpdate_k). Copied in, marked: the lines of the
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
 * \file update_k.cu
 * \brief Kernel declarations for optical flow update computation.
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

__global__ void flowUpdate_k(gpuimage_t<float> newImage, 
    gpuimage_t<float2> newImageGradient,
    gpuimage_t<float> oldImage, gpuimage_t<float2> oldFlow,
    gpuimage_t<float> imageUpdated, gpuimage_t<float2> flowUpdated,
    const float gamma, const float maxflow) {


    const int height = flowUpdated.height;
    const int width = flowUpdated.width;

    // pixel coordinate
    const int2 pix = make_int2(blockIdx.x*blockDim.x + threadIdx.x,
    blockIdx.y*blockDim.y + threadIdx.y);

    if(pix.x >= width || pix.y >= height) {
        return;
    }

    // read elements from the different arrays
    float2 a1 = *coordPitch(newImageGradient, pix);
    float a0 = *coordPitch(newImage, pix);
    float a0old = *coordPitch(oldImage, pix);
    float2 ofOld = *coordPitch(oldFlow, pix);

    //#################################
    // FLOW UPDATE
    //#################################
    // temporal derivative
    float Yt = a0old - a0;

    float ax2 = a1.x*a1.x;
    float ay2 = a1.y*a1.y;

    // elements of the adjucate matrix of M
    float N00 = gamma + ay2;
    float N01 = -a1.x*a1.y;
    float N10 = N01;
    float N11 = gamma + ax2;

    // reciprocal determinant of M
    float rdetM = 1.0f / (gamma*(gamma + ax2 + ay2));

    // q vector components
    float qx = gamma*ofOld.x + a1.x*Yt;
    float qy = gamma*ofOld.y + a1.y*Yt;

    // computes the updated optical flow
    float2 ofNew = make_float2( (N00*qx + N01*qy)*rdetM,
                                (N10*qx + N11*qy)*rdetM);

    // truncates the flow to lie in its allowed interval
    ofNew.x = max(-maxflow, min(ofNew.x, maxflow));
    ofNew.y = max(-maxflow, min(ofNew.y, maxflow));

    // sanitize the output
    ofNew.x = isinf(ofNew.x) + isnan(ofNew.x) > 0? 0.0f : ofNew.x;
    ofNew.y = isinf(ofNew.y) + isnan(ofNew.y) > 0? 0.0f : ofNew.y;


    //#################################
    // PACK RESULTS
    //#################################
    *coordPitch(flowUpdated, pix) = ofNew;
    *coordPitch(imageUpdated, pix) = a0;
}

}; // namespace gpu
}; // namespace flowfilter

