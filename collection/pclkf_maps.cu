// tilelab kernel collection: PCL's KinFu (KinectFusion) vertex and normal maps: back-projection, cross-product normals, the rigid transform and the pyramid halving, CUDA
// Source:  https://github.com/PointCloudLibrary/pcl/blob/1fdb03883eab28f642e938d9bf4d317903212cb4/gpu/kinfu/src/cuda/maps.cu
// Licence: BSD-3-Clause (the file's own notice, kept below; the repository's LICENSE.txt is the same licence)
// Kept: maps.cu lines 40-113 (computeVmapKernel, computeNmapKernel), 151-202 (tranformMapsKernel) and 227-283 (resizeMapKernel), closed as at lines 303-304, unchanged; the #include of device.hpp and the host wrappers (divUp grids of
//       block 32 x 8) removed. Built as PCL builds it (cmake/pcl_targets.cmake: --expt-relaxed-constexpr, for
//       std::numeric_limits in device code).

/*
 * Software License Agreement (BSD License)
 *
 *  Point Cloud Library (PCL) - www.pointclouds.org
 *  Copyright (c) 2011, Willow Garage, Inc.
 *
 *  All rights reserved.
 *
 *  Redistribution and use in source and binary forms, with or without
 *  modification, are permitted provided that the following conditions
 *  are met:
 *
 *   * Redistributions of source code must retain the above copyright
 *     notice, this list of conditions and the following disclaimer.
 *   * Redistributions in binary form must reproduce the above
 *     copyright notice, this list of conditions and the following
 *     disclaimer in the documentation and/or other materials provided
 *     with the distribution.
 *   * Neither the name of Willow Garage, Inc. nor the names of its
 *     contributors may be used to endorse or promote products derived
 *     from this software without specific prior written permission.
 *
 *  THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
 *  "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
 *  LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS
 *  FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
 *  COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT,
 *  INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING,
 *  BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
 *  LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 *  CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
 *  LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN
 *  ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
 *  POSSIBILITY OF SUCH DAMAGE.
 *
 */
#include <limits>   // gpu/kinfu/src/cuda/utils.hpp line 44
// ---- gpu/containers/include/pcl/gpu/containers/kernel_containers.h lines 39-45 and 47-141 (the macro, DevPtr, PtrSz, PtrStep, PtrStepSz)
#if defined(__CUDACC__)
#define __PCL_GPU_HOST_DEVICE__ __host__ __device__ __forceinline__
#else
#define __PCL_GPU_HOST_DEVICE__
#endif

#include <cstddef>
namespace pcl {
namespace gpu {
template <typename T>
struct DevPtr {
  using elem_type = T;
  const static std::size_t elem_size = sizeof(elem_type);

  T* data;

  __PCL_GPU_HOST_DEVICE__
  DevPtr() : data(nullptr) {}

  __PCL_GPU_HOST_DEVICE__
  DevPtr(T* data_arg) : data(data_arg) {}

  __PCL_GPU_HOST_DEVICE__ std::size_t
  elemSize() const
  {
    return elem_size;
  }

  __PCL_GPU_HOST_DEVICE__
  operator T*() { return data; }
  __PCL_GPU_HOST_DEVICE__ operator const T*() const { return data; }
};

template <typename T>
struct PtrSz : public DevPtr<T> {
  __PCL_GPU_HOST_DEVICE__
  PtrSz() : size(0) {}

  __PCL_GPU_HOST_DEVICE__
  PtrSz(T* data_arg, std::size_t size_arg) : DevPtr<T>(data_arg), size(size_arg) {}

  std::size_t size;
};

template <typename T>
struct PtrStep : public DevPtr<T> {
  __PCL_GPU_HOST_DEVICE__
  PtrStep() : step(0) {}

  __PCL_GPU_HOST_DEVICE__
  PtrStep(T* data_arg, std::size_t step_arg) : DevPtr<T>(data_arg), step(step_arg) {}

  /** \brief stride between two consecutive rows in bytes. Step is stored always and
   * everywhere in bytes!!! */
  std::size_t step;

  __PCL_GPU_HOST_DEVICE__ T*
  ptr(int y = 0)
  {
    return (T*)((char*)DevPtr<T>::data + y * step);
  }

  __PCL_GPU_HOST_DEVICE__ const T*
  ptr(int y = 0) const
  {
    return (const T*)((const char*)DevPtr<T>::data + y * step);
  }

  __PCL_GPU_HOST_DEVICE__ T&
  operator()(int y, int x)
  {
    return ptr(y)[x];
  }

  __PCL_GPU_HOST_DEVICE__ const T&
  operator()(int y, int x) const
  {
    return ptr(y)[x];
  }
};

template <typename T>
struct PtrStepSz : public PtrStep<T> {
  __PCL_GPU_HOST_DEVICE__
  PtrStepSz() : cols(0), rows(0) {}

  __PCL_GPU_HOST_DEVICE__
  PtrStepSz(int rows_arg, int cols_arg, T* data_arg, std::size_t step_arg)
  : PtrStep<T>(data_arg, step_arg), cols(cols_arg), rows(rows_arg)
  {}

  int cols;
  int rows;
};
} // namespace gpu

namespace device {
using pcl::gpu::PtrStep;
using pcl::gpu::PtrStepSz;
using pcl::gpu::PtrSz;
} // namespace device
} // namespace pcl
// ---- gpu/kinfu/src/internal.h lines 50 (ushort) and 83-86 (Mat33), in its namespaces (lines 44-47)
namespace pcl
{
  namespace device
  {
    using ushort = unsigned short;
    struct Mat33
    {
      float3 data[3];
    };
  }
}
// ---- gpu/kinfu/src/cuda/utils.hpp lines 48-110 (swap, dot, the float3 operators, norm, normalized, cross), closed
namespace pcl
{
  namespace device
  {   
    template <class T> 
    __device__ __host__ __forceinline__ void swap ( T& a, T& b )
    {
      T c(a); a=b; b=c;
    }
      
    __device__ __forceinline__ float
    dot(const float3& v1, const float3& v2)
    {
      return v1.x * v2.x + v1.y*v2.y + v1.z*v2.z;
    }

    __device__ __forceinline__ float3&
    operator+=(float3& vec, const float& v)
    {
      vec.x += v;  vec.y += v;  vec.z += v; return vec;
    }

    __device__ __forceinline__ float3
    operator+(const float3& v1, const float3& v2)
    {
      return make_float3(v1.x + v2.x, v1.y + v2.y, v1.z + v2.z);
    }
    
    __device__ __forceinline__ float3&
    operator*=(float3& vec, const float& v)
    {
      vec.x *= v;  vec.y *= v;  vec.z *= v; return vec;
    }

    __device__ __forceinline__ float3
    operator-(const float3& v1, const float3& v2)
    {
      return make_float3(v1.x - v2.x, v1.y - v2.y, v1.z - v2.z);
    }

    __device__ __forceinline__ float3
    operator*(const float3& v1, const float& v)
    {
      return make_float3(v1.x * v, v1.y * v, v1.z * v);
    }

    __device__ __forceinline__ float
    norm(const float3& v)
    {
      return sqrt(dot(v, v));
    }

    __device__ __forceinline__ float3
    normalized(const float3& v)
    {
      return v * rsqrt(dot(v, v));
    }

    __device__ __host__ __forceinline__ float3 
    cross(const float3& v1, const float3& v2)
    {
      return make_float3(v1.y * v2.z - v1.z * v2.y, v1.z * v2.x - v1.x * v2.z, v1.x * v2.y - v1.y * v2.x);
    }
  }
}
// ---- gpu/kinfu/src/cuda/device.hpp lines 45-48 and 73-77 (Mat33 * float3), closed
namespace pcl
{
  namespace device
  {   
    __device__ __forceinline__ float3
    operator* (const Mat33& m, const float3& vec)
    {
      return make_float3 (dot (m.data[0], vec), dot (m.data[1], vec), dot (m.data[2], vec));
    }
  }
}
// ---- gpu/kinfu/src/cuda/maps.cu
using namespace pcl::device;
using namespace pcl::gpu;

namespace pcl
{
  namespace device
  {
    __global__ void
    computeVmapKernel (const PtrStepSz<unsigned short> depth, PtrStep<float> vmap, float fx_inv, float fy_inv, float cx, float cy)
    {
      int u = threadIdx.x + blockIdx.x * blockDim.x;
      int v = threadIdx.y + blockIdx.y * blockDim.y;

      if (u < depth.cols && v < depth.rows)
      {
        float z = depth.ptr (v)[u] / 1000.f; // load and convert: mm -> meters

        if (z != 0)
        {
          float vx = z * (u - cx) * fx_inv;
          float vy = z * (v - cy) * fy_inv;
          float vz = z;

          vmap.ptr (v                 )[u] = vx;
          vmap.ptr (v + depth.rows    )[u] = vy;
          vmap.ptr (v + depth.rows * 2)[u] = vz;
        }
        else
          vmap.ptr (v)[u] = std::numeric_limits<float>::quiet_NaN ();

      }
    }

    __global__ void
    computeNmapKernel (int rows, int cols, const PtrStep<float> vmap, PtrStep<float> nmap)
    {
      int u = threadIdx.x + blockIdx.x * blockDim.x;
      int v = threadIdx.y + blockIdx.y * blockDim.y;

      if (u >= cols || v >= rows)
        return;

      if (u == cols - 1 || v == rows - 1)
      {
        nmap.ptr (v)[u] = std::numeric_limits<float>::quiet_NaN ();
        return;
      }

      float3 v00, v01, v10;
      v00.x = vmap.ptr (v  )[u];
      v01.x = vmap.ptr (v  )[u + 1];
      v10.x = vmap.ptr (v + 1)[u];

      if (!isnan (v00.x) && !isnan (v01.x) && !isnan (v10.x))
      {
        v00.y = vmap.ptr (v + rows)[u];
        v01.y = vmap.ptr (v + rows)[u + 1];
        v10.y = vmap.ptr (v + 1 + rows)[u];

        v00.z = vmap.ptr (v + 2 * rows)[u];
        v01.z = vmap.ptr (v + 2 * rows)[u + 1];
        v10.z = vmap.ptr (v + 1 + 2 * rows)[u];

        float3 r = normalized (cross (v01 - v00, v10 - v00));

        nmap.ptr (v       )[u] = r.x;
        nmap.ptr (v + rows)[u] = r.y;
        nmap.ptr (v + 2 * rows)[u] = r.z;
      }
      else
        nmap.ptr (v)[u] = std::numeric_limits<float>::quiet_NaN ();
    }
  }
}
namespace pcl
{
  namespace device
  {
    __global__ void
    tranformMapsKernel (int rows, int cols, const PtrStep<float> vmap_src, const PtrStep<float> nmap_src,
                        const Mat33 Rmat, const float3 tvec, PtrStepSz<float> vmap_dst, PtrStep<float> nmap_dst)
    {
      int x = threadIdx.x + blockIdx.x * blockDim.x;
      int y = threadIdx.y + blockIdx.y * blockDim.y;

      const float qnan = std::numeric_limits<float>::quiet_NaN ();

      if (x < cols && y < rows)
      {
        //vertices
        float3 vsrc, vdst = make_float3 (qnan, qnan, qnan);
        vsrc.x = vmap_src.ptr (y)[x];

        if (!isnan (vsrc.x))
        {
          vsrc.y = vmap_src.ptr (y + rows)[x];
          vsrc.z = vmap_src.ptr (y + 2 * rows)[x];

          vdst = Rmat * vsrc + tvec;

          vmap_dst.ptr (y + rows)[x] = vdst.y;
          vmap_dst.ptr (y + 2 * rows)[x] = vdst.z;
        }

        vmap_dst.ptr (y)[x] = vdst.x;

        //normals
        float3 nsrc, ndst = make_float3 (qnan, qnan, qnan);
        nsrc.x = nmap_src.ptr (y)[x];

        if (!isnan (nsrc.x))
        {
          nsrc.y = nmap_src.ptr (y + rows)[x];
          nsrc.z = nmap_src.ptr (y + 2 * rows)[x];

          ndst = Rmat * nsrc;

          nmap_dst.ptr (y + rows)[x] = ndst.y;
          nmap_dst.ptr (y + 2 * rows)[x] = ndst.z;
        }

        nmap_dst.ptr (y)[x] = ndst.x;
      }
    }
  }
}
namespace pcl
{
  namespace device
  {
    template<bool normalize>
    __global__ void
    resizeMapKernel (int drows, int dcols, int srows, const PtrStep<float> input, PtrStep<float> output)
    {
      int x = threadIdx.x + blockIdx.x * blockDim.x;
      int y = threadIdx.y + blockIdx.y * blockDim.y;

      if (x >= dcols || y >= drows)
        return;

      const float qnan = std::numeric_limits<float>::quiet_NaN ();

      int xs = x * 2;
      int ys = y * 2;

      float x00 = input.ptr (ys + 0)[xs + 0];
      float x01 = input.ptr (ys + 0)[xs + 1];
      float x10 = input.ptr (ys + 1)[xs + 0];
      float x11 = input.ptr (ys + 1)[xs + 1];

      if (isnan (x00) || isnan (x01) || isnan (x10) || isnan (x11))
      {
        output.ptr (y)[x] = qnan;
        return;
      }
      else
      {
        float3 n;

        n.x = (x00 + x01 + x10 + x11) / 4;

        float y00 = input.ptr (ys + srows + 0)[xs + 0];
        float y01 = input.ptr (ys + srows + 0)[xs + 1];
        float y10 = input.ptr (ys + srows + 1)[xs + 0];
        float y11 = input.ptr (ys + srows + 1)[xs + 1];

        n.y = (y00 + y01 + y10 + y11) / 4;

        float z00 = input.ptr (ys + 2 * srows + 0)[xs + 0];
        float z01 = input.ptr (ys + 2 * srows + 0)[xs + 1];
        float z10 = input.ptr (ys + 2 * srows + 1)[xs + 0];
        float z11 = input.ptr (ys + 2 * srows + 1)[xs + 1];

        n.z = (z00 + z01 + z10 + z11) / 4;

        if (normalize)
          n = normalized (n);

        output.ptr (y        )[x] = n.x;
        output.ptr (y + drows)[x] = n.y;
        output.ptr (y + 2 * drows)[x] = n.z;
      }
    }
  }
}
