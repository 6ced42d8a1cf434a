// tilelab kernel collection: the optical flow filter's rotationalOpticalFlow_k (the flow a camera rotation w induces at each pixel of a perspective camera: p = K^-1 pix, w x p, projected)
// Source:  https://github.com/jadarve/optical-flow-filter/blob/597197587f8f64eff1bf44d11495fd9c54faab8d/src/gpu/device/rotation_k.cu
//          (jadarve/optical-flow-filter, commit 5971975: rotationalOpticalFlow_k, the file's one kernel)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file's header points to it).
// Kept, unchanged: lines 1-7, 12-46; removed: lines 8-11 (its includes: the lines needed are copied in below). Copied in, marked: the lines of the
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
 * \file rotation_k.cu
 * \brief Kernel methods generating rotational flow fields.
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
// ---- include/flowfilter/gpu/camera.h, lines 11-12, 16-24 and 40-41 (the namespaces and struct perspectiveCamera)
namespace flowfilter {
namespace gpu {
/**
 * \brief Perspective camera intrinsic parameters.
 */
typedef struct {
    float alphaX;
    float alphaY;
    float centerX;
    float centerY;
} perspectiveCamera;
} // namespace gpu
} // namespace flowfilter
// ---- end of camera.h
// ---- include/flowfilter/gpu/device/camera_k.h, lines 12-30 (pixelToCameraCoordinates in its namespaces)
namespace flowfilter {
namespace gpu {


/**
 * \brief returns 3D coordinate in image plane for corresponding pixel coordinate
 *
 * \param cam perspective camera
 * \param pix pixel coordinate in (col, row) order.
 */
inline __device__ float3 pixelToCameraCoordinates(const perspectiveCamera& cam, const int2& pix) {

    return make_float3( (pix.x - cam.centerX)/cam.alphaX,
                        (pix.y - cam.centerY)/cam.alphaY,
                        1);
}

} // namespace gpu
} // namespace flowfilter
// ---- end of camera_k.h
// ---- include/flowfilter/gpu/device/math_k.h, lines 12-29 and 76-77 (cross(float3, float3) in its namespaces)
namespace flowfilter {
namespace gpu {


//#########################################################
// FLOAT-3
//#########################################################

//#####################################
// FUNCTIONS
//#####################################

inline __device__ float3 cross(const float3& a, const float3& b) {

    return make_float3( a.y*b.z - a.z*b.y,
                        a.z*b.x - a.x*b.z,
                        a.x*b.y - a.y*b.x);
}
} // namespace gpu
} // namespace flowfilter
// ---- end of math_k.h


namespace flowfilter {
namespace gpu {

__global__ void rotationalOpticalFlow_k(perspectiveCamera cam, 
    float3 w, gpuimage_t<float2> flowField) {


    const int height = flowField.height;
    const int width = flowField.width;

    // pixel coordinate
    const int2 pix = make_int2(blockIdx.x*blockDim.x + threadIdx.x,
    blockIdx.y*blockDim.y + threadIdx.y);

    if(pix.x >= width || pix.y >= height) {
        return;
    }

    // float3 w = make_float3(yaw, pitch, roll);
    float3 p = pixelToCameraCoordinates(cam, pix);

    float3 wp_cross = cross(w, p);

    float flowX = cam.alphaX*wp_cross.x + (cam.centerX - pix.x)*wp_cross.z;
    float flowY = cam.alphaY*wp_cross.y + (cam.centerY - pix.y)*wp_cross.z;

    float2 flow = make_float2(flowX, flowY);

    *coordPitch(flowField, pix) = flow;
}

} // namespace gpu
} // namespace flowfilter
