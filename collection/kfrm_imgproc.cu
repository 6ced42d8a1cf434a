// tilelab kernel collection: kinfu_remake's depth-image processing kernels (KinectFusion's surface measurement), CUDA
// Source:  https://github.com/Nerei/kinfu_remake/blob/bddffe19a78e6767489319e106754d4ac096c453/kfusion/src/cuda/imgproc.cu
// Licence: BSD-3-Clause (the repository's LICENSE.md, repeated below; imgproc.cu carries no notice of its own)
// Kept: imgproc.cu lines 6-44 (bilateral_kernel), 61-75 (truncate_depth_kernel), 89-124 (pyramid_kernel), 140-189
//       (compute_normals_kernel, mask_depth_kernel), 254-272 (compute_dists_kernel), 283-325 (resize_depth_normals_kernel),
//       unchanged; the host wrappers (divUp grids of block 32 x 8) and the other kernels removed (see the README).

/*
 * Copyright (c) 2012, Anatoly Baksheev
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
 * * Neither the name of the {organization} nor the names of its
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

#include <cuda_fp16.h>   // internal.hpp line 3
#include <climits>       // USHRT_MAX (temp_utils.hpp's numeric_limits<unsigned short>)

// ---- kfusion/include/kfusion/cuda/kernel_containers.hpp lines 3-9 and 13-72 (the macros, DevPtr, PtrSz, PtrStep, PtrStepSz)
#include <cstddef>       // kernel_containers.hpp line 11
#if defined(__CUDACC__)
    #define __kf_hdevice__ __host__ __device__ __forceinline__
    #define __kf_device__ __device__ __forceinline__
#else
    #define __kf_hdevice__
    #define __kf_device__
#endif  
namespace kfusion
{
    namespace cuda
    {
        template<typename T> struct DevPtr
        {
            typedef T elem_type;
            const static size_t elem_size = sizeof(elem_type);

            T* data;

            __kf_hdevice__ DevPtr() : data(0) {}
            __kf_hdevice__ DevPtr(T* data_arg) : data(data_arg) {}

            __kf_hdevice__ size_t elemSize() const { return elem_size; }
            __kf_hdevice__ operator       T*()       { return data; }
            __kf_hdevice__ operator const T*() const { return data; }
        };

        template<typename T> struct PtrSz : public DevPtr<T>
        {                     
            __kf_hdevice__ PtrSz() : size(0) {}
            __kf_hdevice__ PtrSz(T* data_arg, size_t size_arg) : DevPtr<T>(data_arg), size(size_arg) {}

            size_t size;
        };

        template<typename T>  struct PtrStep : public DevPtr<T>
        {   
            __kf_hdevice__ PtrStep() : step(0) {}
            __kf_hdevice__ PtrStep(T* data_arg, size_t step_arg) : DevPtr<T>(data_arg), step(step_arg) {}

            /** \brief stride between two consecutive rows in bytes. Step is stored always and everywhere in bytes!!! */
            size_t step;            

            __kf_hdevice__       T* ptr(int y = 0)       { return (      T*)( (      char*)DevPtr<T>::data + y * step); }
            __kf_hdevice__ const T* ptr(int y = 0) const { return (const T*)( (const char*)DevPtr<T>::data + y * step); }

            __kf_hdevice__       T& operator()(int y, int x)       { return ptr(y)[x]; }
            __kf_hdevice__ const T& operator()(int y, int x) const { return ptr(y)[x]; }
        };

        template <typename T> struct PtrStepSz : public PtrStep<T>
        {   
            __kf_hdevice__ PtrStepSz() : cols(0), rows(0) {}
            __kf_hdevice__ PtrStepSz(int rows_arg, int cols_arg, T* data_arg, size_t step_arg)
                : PtrStep<T>(data_arg, step_arg), cols(cols_arg), rows(rows_arg) {}

            int cols;
            int rows;                                                                              
        };
    }

    namespace device
    {
        using kfusion::cuda::PtrSz;
        using kfusion::cuda::PtrStep;
        using kfusion::cuda::PtrStepSz;
    }
}
// ---- kfusion/src/internal.hpp lines 9-23 and 67-73 (the typedefs, Reprojector), closed as at lines 152-153
namespace kfusion
{
    namespace device
    {
        typedef float4 Normal;
        typedef float4 Point;

        typedef unsigned short ushort;
        typedef unsigned char uchar;

#if defined __CUDA_ARCH__ && __CUDA_ARCH__ >= 500
        typedef PtrStepSz<__half> Dists;
#else
        typedef PtrStepSz<ushort> Dists;
#endif
        struct Reprojector
        {
            Reprojector() {}
            Reprojector(float fx, float fy, float cx, float cy);
            float2 finv, c;
            __kf_device__ float3 operator()(int x, int y, float z) const;
        };
    }
}
// ---- kfusion/src/cuda/temp_utils.hpp lines 6-30, 72-80, 97-105 (numeric_limits, dot, operator-, operator*, normalized, cross), closed
namespace kfusion
{
    namespace device
    {
        template <class T> __kf_hdevice__ void swap(T& a, T& b) { T c(a); a=b; b=c; }

        template<typename T> struct numeric_limits;

        template<> struct numeric_limits<float>
        {
            __kf_device__ static float quiet_NaN() { return __int_as_float(0x7fffffff); /*CUDART_NAN_F*/ };
            __kf_device__ static float epsilon() { return 1.192092896e-07f/*FLT_EPSILON*/; };
            __kf_device__ static float min() { return 1.175494351e-38f/*FLT_MIN*/; };
            __kf_device__ static float max() { return 3.402823466e+38f/*FLT_MAX*/; };
        };

        template<> struct numeric_limits<unsigned short>
        {
            __kf_device__ static unsigned short max() { return USHRT_MAX; };
        };

        __kf_device__ float dot(const float3& v1, const float3& v2)
        {
            return __fmaf_rn(v1.x, v2.x, __fmaf_rn(v1.y, v2.y, v1.z*v2.z));
        }
        __kf_device__ float3 operator-(const float3& v1, const float3& v2)
        {
            return make_float3(v1.x - v2.x, v1.y - v2.y, v1.z - v2.z);
        }

        __kf_hdevice__ float3 operator*(const float3& v1, const float& v)
        {
            return make_float3(v1.x * v, v1.y * v, v1.z * v);
        }
        __kf_device__ float3 normalized(const float3& v)
        {
            return v * rsqrt(dot(v, v));
        }

        __kf_hdevice__ float3 cross(const float3& v1, const float3& v2)
        {
            return make_float3(v1.y * v2.z - v1.z * v2.y, v1.z * v2.x - v1.x * v2.z, v1.x * v2.y - v1.y * v2.x);
        }
    }
}
// ---- kfusion/src/cuda/device.hpp lines 43-48 (Reprojector::operator())
__kf_device__ float3 kfusion::device::Reprojector::operator()(int u, int v, float z) const
{
    float x = z * (u - c.x) * finv.x;
    float y = z * (v - c.y) * finv.y;
    return make_float3(x, y, z);
}
// ---- kfusion/src/cuda/imgproc.cu
namespace kfusion
{
    namespace device
    {
        __global__ void bilateral_kernel(const PtrStepSz<ushort> src, PtrStep<ushort> dst, const int ksz, const float sigma_spatial2_inv_half, const float sigma_depth2_inv_half)
        {
            int x = threadIdx.x + blockIdx.x * blockDim.x;
            int y = threadIdx.y + blockIdx.y * blockDim.y;

            if (x >= src.cols || y >= src.rows)
                return;

            int value = src(y, x);

            int tx = min (x - ksz / 2 + ksz, src.cols - 1);
            int ty = min (y - ksz / 2 + ksz, src.rows - 1);

            float sum1 = 0;
            float sum2 = 0;

            for (int cy = max (y - ksz / 2, 0); cy < ty; ++cy)
            {
                for (int cx = max (x - ksz / 2, 0); cx < tx; ++cx)
                {
                    int depth = src(cy, cx);

                    float space2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
                    float color2 = (value - depth) * (value - depth);

                    float weight = __expf (-(space2 * sigma_spatial2_inv_half + color2 * sigma_depth2_inv_half));

                    sum1 += depth * weight;
                    sum2 += weight;
                }
            }
            dst(y, x) = __float2int_rn (sum1 / sum2);
        }
    }
}
namespace kfusion
{
    namespace device
    {
        __global__ void truncate_depth_kernel(PtrStepSz<ushort> depth, ushort max_dist /*mm*/)
        {
            int x = blockIdx.x * blockDim.x + threadIdx.x;
            int y = blockIdx.y * blockDim.y + threadIdx.y;

            if (x < depth.cols && y < depth.rows)
                if(depth(y, x) > max_dist)
                    depth(y, x) = 0;
        }
    }
}
namespace kfusion
{
    namespace device
    {
        __global__ void pyramid_kernel(const PtrStepSz<ushort> src, PtrStepSz<ushort> dst, float sigma_depth_mult3)
        {
            int x = blockIdx.x * blockDim.x + threadIdx.x;
            int y = blockIdx.y * blockDim.y + threadIdx.y;

            if (x >= dst.cols || y >= dst.rows)
                return;

            const int D = 5;
            int center = src(2 * y, 2 * x);

            int tx = min (2 * x - D / 2 + D, src.cols - 1);
            int ty = min (2 * y - D / 2 + D, src.rows - 1);
            int cy = max (0, 2 * y - D / 2);

            int sum = 0;
            int count = 0;

            for (; cy < ty; ++cy)
                for (int cx = max (0, 2 * x - D / 2); cx < tx; ++cx)
                {
                    int val = src(cy, cx);
                    if (abs (val - center) < sigma_depth_mult3)
                    {
                        sum += val;
                        ++count;
                    }
                }
            dst(y, x) = (count == 0) ? 0 : sum / count;
        }
    }
}
namespace kfusion
{
    namespace device
    {
        __global__ void compute_normals_kernel(const PtrStepSz<ushort> depth, const Reprojector reproj, PtrStep<Normal> normals)
        {
            int x = threadIdx.x + blockIdx.x * blockDim.x;
            int y = threadIdx.y + blockIdx.y * blockDim.y;

            if (x >= depth.cols || y >= depth.rows)
                return;

            const float qnan = numeric_limits<float>::quiet_NaN ();

            Normal n_out = make_float4(qnan, qnan, qnan, 0.f);

            if (x < depth.cols - 1 && y < depth.rows - 1)
            {
                //mm -> meters
                float z00 = depth(y,   x) * 0.001f;
                float z01 = depth(y, x+1) * 0.001f;
                float z10 = depth(y+1, x) * 0.001f;

                if (z00 * z01 * z10 != 0)
                {
                    float3 v00 = reproj(x,   y, z00);
                    float3 v01 = reproj(x+1, y, z01);
                    float3 v10 = reproj(x, y+1, z10);

                    float3 n = normalized( cross (v01 - v00, v10 - v00) );
                    n_out = make_float4(-n.x, -n.y, -n.z, 0.f);
                }
            }
            normals(y, x) = n_out;
        }

        __global__ void mask_depth_kernel(const PtrStep<Normal> normals, PtrStepSz<ushort> depth)
        {
            int x = threadIdx.x + blockIdx.x * blockDim.x;
            int y = threadIdx.y + blockIdx.y * blockDim.y;

            if (x < depth.cols || y < depth.rows)
            {
                float4 n = normals(y, x);
                if (isnan(n.x))
                    depth(y, x) = 0;
            }
        }
    }
}
namespace kfusion
{
    namespace device
    {
        __global__ void compute_dists_kernel(const PtrStepSz<ushort> depth, Dists dists, float2 finv, float2 c)
        {
            int x = threadIdx.x + blockIdx.x * blockDim.x;
            int y = threadIdx.y + blockIdx.y * blockDim.y;

            if (x < depth.cols || y < depth.rows)
            {
                float xl = (x - c.x) * finv.x;
                float yl = (y - c.y) * finv.y;
                float lambda = sqrtf (xl * xl + yl * yl + 1);
                dists(y, x) = __float2half_rn(depth(y, x) * lambda * 0.001f); //meters
            }
        }
    }
}
namespace kfusion
{
    namespace device
    {
        __global__ void resize_depth_normals_kernel(const PtrStep<ushort> dsrc, const PtrStep<float4> nsrc, PtrStepSz<ushort> ddst, PtrStep<float4> ndst)
        {
            int x = threadIdx.x + blockIdx.x * blockDim.x;
            int y = threadIdx.y + blockIdx.y * blockDim.y;

            if (x >= ddst.cols || y >= ddst.rows)
                return;

            const float qnan = numeric_limits<float>::quiet_NaN ();

            ushort d = 0;
            float4 n = make_float4(qnan, qnan, qnan, qnan);

            int xs = x * 2;
            int ys = y * 2;

            int d00 = dsrc(ys+0, xs+0);
            int d01 = dsrc(ys+0, xs+1);
            int d10 = dsrc(ys+1, xs+0);
            int d11 = dsrc(ys+1, xs+1);

            if (d00 * d01 != 0 && d10 * d11 != 0)
            {
                d = (d00 + d01 + d10 + d11)/4;

                float4 n00 = nsrc(ys+0, xs+0);
                float4 n01 = nsrc(ys+0, xs+1);
                float4 n10 = nsrc(ys+1, xs+0);
                float4 n11 = nsrc(ys+1, xs+1);

                n.x = (n00.x + n01.x + n10.x + n11.x)*0.25;
                n.y = (n00.y + n01.y + n10.y + n11.y)*0.25;
                n.z = (n00.z + n01.z + n10.z + n11.z)*0.25;
            }
            ddst(y, x) = d;
            ndst(y, x) = n;
        }
    }
}
