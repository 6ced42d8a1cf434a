// tilelab kernel collection: OpenCV's CUDA stereo utilities (cv::cuda::reprojectImageTo3D, cv::cuda::drawColorDisp):
// a disparity map to 3-D points through the 4 x 4 reprojection matrix in __constant__ memory, and to BGRA colours
// Source:  https://github.com/opencv/opencv/blob/d3277bb7469c28c5d3bf3dabdae75a2112464d6d/modules/cudastereo/src/cuda/util.cu
//          (opencv/opencv, commit d3277bb: OpenCV 3.0-dev, before the CUDA modules moved to opencv_contrib)
// Licence: the 3-clause BSD licence of the file's own notice (kept below). The host side is
//          modules/cudastereo/src/util.cpp.
// Kept: lines 1-44 (the notice, #if !defined CUDA_DISABLER), 49-81 (the namespaces, cq, reprojectImageTo3D),
//       105-208 (cvtPixel and both drawColorDisp kernels) and 236-239, unchanged. Removed: the includes of
//       lines 45-48 (OpenCV's common.hpp, transform.hpp, functional.hpp and reduce.hpp; the few lines the
//       kernels use, cuda_types.hpp's PtrStep / PtrStepSz, hal/interface.h's uchar and vec_traits.hpp's
//       VecTraits<float3> / VecTraits<float4> all(), are copied in below, marked) and the host code (lines
//       82-104 reprojectImageTo3D_gpu and its eight instantiations, 209-235 the two drawColorDisp_gpu).
// The launches are the host's: reprojectImageTo3D_gpu's block 32 x 8, grid divUp(cols, 32) x divUp(rows, 8),
//       the 16 floats of Q copied to cq first; drawColorDisp_gpu's block 16 x 16, grid divUp(cols, 64) x
//       divUp(rows, 16) for uchar disparities (src.step bytes), block 32 x 8, grid divUp(cols, 64) x
//       divUp(rows, 8) for short ones (step / sizeof(short) elements); the output a CV_8UC4 image.

/*M///////////////////////////////////////////////////////////////////////////////////////
//
//  IMPORTANT: READ BEFORE DOWNLOADING, COPYING, INSTALLING OR USING.
//
//  By downloading, copying, installing or using the software you agree to this license.
//  If you do not agree to this license, do not download, install,
//  copy or use the software.
//
//
//                           License Agreement
//                For Open Source Computer Vision Library
//
// Copyright (C) 2000-2008, Intel Corporation, all rights reserved.
// Copyright (C) 2009, Willow Garage Inc., all rights reserved.
// Third party copyrights are property of their respective owners.
//
// Redistribution and use in source and binary forms, with or without modification,
// are permitted provided that the following conditions are met:
//
//   * Redistribution's of source code must retain the above copyright notice,
//     this list of conditions and the following disclaimer.
//
//   * Redistribution's in binary form must reproduce the above copyright notice,
//     this list of conditions and the following disclaimer in the documentation
//     and/or other materials provided with the distribution.
//
//   * The name of the copyright holders may not be used to endorse or promote products
//     derived from this software without specific prior written permission.
//
// This software is provided by the copyright holders and contributors "as is" and
// any express or implied warranties, including, but not limited to, the implied
// warranties of merchantability and fitness for a particular purpose are disclaimed.
// In no event shall the Intel Corporation or contributors be liable for any direct,
// indirect, incidental, special, exemplary, or consequential damages
// (including, but not limited to, procurement of substitute goods or services;
// loss of use, data, or profits; or business interruption) however caused
// and on any theory of liability, whether in contract, strict liability,
// or tort (including negligence or otherwise) arising in any way out of
// the use of this software, even if advised of the possibility of such damage.
//
//M*/

#if !defined CUDA_DISABLER

// ---- copied from OpenCV's core CUDA headers (opencv/opencv, modules/core/include/opencv2/core/; the same
// ---- BSD-style notice as above), marked: cuda_types.hpp (at 09a4a1f) lines 63-67 (__CV_CUDA_HOST_DEVICE__),
// ---- 69-72 and 137-138 (its namespaces), 77-92 (DevPtr), 102-127 (PtrStep, PtrStepSz) and 129-135 (the
// ---- typedefs); cuda/dynamic_smem.hpp (at 173f149) lines 46-78 (DynamicSharedMem); cuda/emulation.hpp:
// ---- struct Emulation's struct smem with its TAG_MASK and atomicAdd only, in namespace cv::cuda::device
#ifdef __CUDACC__
    #define __CV_CUDA_HOST_DEVICE__ __host__ __device__ __forceinline__
#else
    #define __CV_CUDA_HOST_DEVICE__
#endif

namespace cv
{
    namespace cuda
    {
        template <typename T> struct DevPtr
        {
            typedef T elem_type;
            typedef int index_type;

            enum { elem_size = sizeof(elem_type) };

            T* data;

            __CV_CUDA_HOST_DEVICE__ DevPtr() : data(0) {}
            __CV_CUDA_HOST_DEVICE__ DevPtr(T* data_) : data(data_) {}

            __CV_CUDA_HOST_DEVICE__ size_t elemSize() const { return elem_size; }
            __CV_CUDA_HOST_DEVICE__ operator       T*()       { return data; }
            __CV_CUDA_HOST_DEVICE__ operator const T*() const { return data; }
        };

        template <typename T> struct PtrStep : public DevPtr<T>
        {
            __CV_CUDA_HOST_DEVICE__ PtrStep() : step(0) {}
            __CV_CUDA_HOST_DEVICE__ PtrStep(T* data_, size_t step_) : DevPtr<T>(data_), step(step_) {}

            size_t step;

            __CV_CUDA_HOST_DEVICE__       T* ptr(int y = 0)       { return (      T*)( (      char*)DevPtr<T>::data + y * step); }
            __CV_CUDA_HOST_DEVICE__ const T* ptr(int y = 0) const { return (const T*)( (const char*)DevPtr<T>::data + y * step); }

            __CV_CUDA_HOST_DEVICE__       T& operator ()(int y, int x)       { return ptr(y)[x]; }
            __CV_CUDA_HOST_DEVICE__ const T& operator ()(int y, int x) const { return ptr(y)[x]; }
        };

        template <typename T> struct PtrStepSz : public PtrStep<T>
        {
            __CV_CUDA_HOST_DEVICE__ PtrStepSz() : cols(0), rows(0) {}
            __CV_CUDA_HOST_DEVICE__ PtrStepSz(int rows_, int cols_, T* data_, size_t step_)
                : PtrStep<T>(data_, step_), cols(cols_), rows(rows_) {}

            template <typename U>
            explicit PtrStepSz(const PtrStepSz<U>& d) : PtrStep<T>((T*)d.data, d.step), cols(d.cols), rows(d.rows){}

            int cols;
            int rows;
        };

        typedef PtrStepSz<unsigned char> PtrStepSzb;
        typedef PtrStepSz<float> PtrStepSzf;
        typedef PtrStepSz<int> PtrStepSzi;

        typedef PtrStep<unsigned char> PtrStepb;
        typedef PtrStep<float> PtrStepf;
        typedef PtrStep<int> PtrStepi;
    }
}

// ---- copied from OpenCV (the same BSD-style notice as above), marked: modules/core/include/opencv2/core/hal/
// ---- interface.h's typedef of uchar (for the drawColorDisp kernels' uchar*), and from
// ---- modules/core/include/opencv2/core/cuda/vec_traits.hpp the two VecTraits specialisations reprojectImageTo3D
// ---- instantiates (float3, float4), written out from its OPENCV_CUDA_IMPLEMENT_TYPED_VEC_TRAITS(float, float)
// ---- macro with only the all() member the kernel calls
typedef unsigned char uchar;

namespace cv { namespace cuda { namespace device
{
    template<typename T> struct VecTraits;
    template<> struct VecTraits<float3>
    {
        typedef float elem_type;
        enum {cn=3};
        static __device__ __host__ __forceinline__ float3 all(float v) {return make_float3(v, v, v);}
    };
    template<> struct VecTraits<float4>
    {
        typedef float elem_type;
        enum {cn=4};
        static __device__ __host__ __forceinline__ float4 all(float v) {return make_float4(v, v, v, v);}
    };
}}}

// ---- end of the copied lines

namespace cv { namespace cuda { namespace device
{
    /////////////////////////////////// reprojectImageTo3D ///////////////////////////////////////////////

    __constant__ float cq[16];

    template <typename T, typename D>
    __global__ void reprojectImageTo3D(const PtrStepSz<T> disp, PtrStep<D> xyz)
    {
        const int x = blockIdx.x * blockDim.x + threadIdx.x;
        const int y = blockIdx.y * blockDim.y + threadIdx.y;

        if (y >= disp.rows || x >= disp.cols)
            return;

        const float qx = x * cq[ 0] + y * cq[ 1] + cq[ 3];
        const float qy = x * cq[ 4] + y * cq[ 5] + cq[ 7];
        const float qz = x * cq[ 8] + y * cq[ 9] + cq[11];
        const float qw = x * cq[12] + y * cq[13] + cq[15];

        const T d = disp(y, x);

        const float iW = 1.f / (qw + cq[14] * d);

        D v = VecTraits<D>::all(1.0f);
        v.x = (qx + cq[2] * d) * iW;
        v.y = (qy + cq[6] * d) * iW;
        v.z = (qz + cq[10] * d) * iW;

        xyz(y, x) = v;
    }


    /////////////////////////////////// drawColorDisp ///////////////////////////////////////////////

    template <typename T>
    __device__ unsigned int cvtPixel(T d, int ndisp, float S = 1, float V = 1)
    {
        unsigned int H = ((ndisp-d) * 240)/ndisp;

        unsigned int hi = (H/60) % 6;
        float f = H/60.f - H/60;
        float p = V * (1 - S);
        float q = V * (1 - f * S);
        float t = V * (1 - (1 - f) * S);

        float3 res;

        if (hi == 0) //R = V,	G = t,	B = p
        {
            res.x = p;
            res.y = t;
            res.z = V;
        }

        if (hi == 1) // R = q,	G = V,	B = p
        {
            res.x = p;
            res.y = V;
            res.z = q;
        }

        if (hi == 2) // R = p,	G = V,	B = t
        {
            res.x = t;
            res.y = V;
            res.z = p;
        }

        if (hi == 3) // R = p,	G = q,	B = V
        {
            res.x = V;
            res.y = q;
            res.z = p;
        }

        if (hi == 4) // R = t,	G = p,	B = V
        {
            res.x = V;
            res.y = p;
            res.z = t;
        }

        if (hi == 5) // R = V,	G = p,	B = q
        {
            res.x = q;
            res.y = p;
            res.z = V;
        }
        const unsigned int b = (unsigned int)(::max(0.f, ::min(res.x, 1.f)) * 255.f);
        const unsigned int g = (unsigned int)(::max(0.f, ::min(res.y, 1.f)) * 255.f);
        const unsigned int r = (unsigned int)(::max(0.f, ::min(res.z, 1.f)) * 255.f);
        const unsigned int a = 255U;

        return (a << 24) + (r << 16) + (g << 8) + b;
    }

    __global__ void drawColorDisp(uchar* disp, size_t disp_step, uchar* out_image, size_t out_step, int width, int height, int ndisp)
    {
        const int x = (blockIdx.x * blockDim.x + threadIdx.x) << 2;
        const int y = blockIdx.y * blockDim.y + threadIdx.y;

        if(x < width && y < height)
        {
            uchar4 d4 = *(uchar4*)(disp + y * disp_step + x);

            uint4 res;
            res.x = cvtPixel(d4.x, ndisp);
            res.y = cvtPixel(d4.y, ndisp);
            res.z = cvtPixel(d4.z, ndisp);
            res.w = cvtPixel(d4.w, ndisp);

            uint4* line = (uint4*)(out_image + y * out_step);
            line[x >> 2] = res;
        }
    }

    __global__ void drawColorDisp(short* disp, size_t disp_step, uchar* out_image, size_t out_step, int width, int height, int ndisp)
    {
        const int x = (blockIdx.x * blockDim.x + threadIdx.x) << 1;
        const int y = blockIdx.y * blockDim.y + threadIdx.y;

        if(x < width && y < height)
        {
            short2 d2 = *(short2*)(disp + y * disp_step + x);

            uint2 res;
            res.x = cvtPixel(d2.x, ndisp);
            res.y = cvtPixel(d2.y, ndisp);

            uint2* line = (uint2*)(out_image + y * out_step);
            line[x >> 1] = res;
        }
    }


}}} // namespace cv { namespace cuda { namespace cudev


#endif /* CUDA_DISABLER */
