// tilelab kernel collection: PCL's KinFu (KinectFusion) depth filtering: the bilateral filter, two depth pyramid reductions and the depth truncation, CUDA
// Source:  https://github.com/PointCloudLibrary/pcl/blob/1fdb03883eab28f642e938d9bf4d317903212cb4/gpu/kinfu/src/cuda/bilateral_pyrdown.cu
// Licence: BSD-3-Clause (the file's own notice, kept below; the repository's LICENSE.txt is the same licence)
// Kept: bilateral_pyrdown.cu lines 40-176 (bilateralKernel, pyrDownGaussKernel, pyrDownKernel, truncateDepthKernel), unchanged; the #include of device.hpp and the host wrappers (divUp grids of
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
// ---- gpu/kinfu/src/internal.h line 50 (ushort), in its namespaces (lines 44-47)
namespace pcl
{
  namespace device
  {
    using ushort = unsigned short;
  }
}
// ---- gpu/kinfu/src/cuda/bilateral_pyrdown.cu
namespace pcl
{
  namespace device
  {
    const float sigma_color = 30;     //in mm
    const float sigma_space = 4.5;     // in pixels

    //////////////////////////////////////////////////////////////////////////////////////////////////////////////////
    __global__ void
    bilateralKernel (const PtrStepSz<ushort> src, 
                     PtrStep<ushort> dst, 
                     float sigma_space2_inv_half, float sigma_color2_inv_half)
    {
      int x = threadIdx.x + blockIdx.x * blockDim.x;
      int y = threadIdx.y + blockIdx.y * blockDim.y;

      if (x >= src.cols || y >= src.rows)
        return;

      const int R = 6;       //static_cast<int>(sigma_space * 1.5);
      const int D = R * 2 + 1;

      int value = src.ptr (y)[x];

      int tx = min (x - D / 2 + D, src.cols - 1);
      int ty = min (y - D / 2 + D, src.rows - 1);

      float sum1 = 0;
      float sum2 = 0;

      for (int cy = max (y - D / 2, 0); cy < ty; ++cy)
      {
        for (int cx = max (x - D / 2, 0); cx < tx; ++cx)
        {
          int tmp = src.ptr (cy)[cx];

          float space2 = (x - cx) * (x - cx) + (y - cy) * (y - cy);
          float color2 = (value - tmp) * (value - tmp);

          float weight = __expf (-(space2 * sigma_space2_inv_half + color2 * sigma_color2_inv_half));

          sum1 += tmp * weight;
          sum2 += weight;
        }
      }

      int res = __float2int_rn (sum1 / sum2);
      dst.ptr (y)[x] = max (0, min (res, std::numeric_limits<short>::max ()));
    }

    //////////////////////////////////////////////////////////////////////////////////////////////////////////////////
    __global__ void
    pyrDownGaussKernel (const PtrStepSz<ushort> src, PtrStepSz<ushort> dst, float sigma_color)
    {
      int x = blockIdx.x * blockDim.x + threadIdx.x;
      int y = blockIdx.y * blockDim.y + threadIdx.y;

      if (x >= dst.cols || y >= dst.rows)
        return;

      const int D = 5;

      int center = src.ptr (2 * y)[2 * x];

      int x_mi = max(0, 2*x - D/2) - 2*x;
      int y_mi = max(0, 2*y - D/2) - 2*y;

      int x_ma = min(src.cols, 2*x -D/2+D) - 2*x;
      int y_ma = min(src.rows, 2*y -D/2+D) - 2*y;
            
      float sum = 0;
      float wall = 0;
      
      float weights[] = {0.375f, 0.25f, 0.0625f} ;

      for(int yi = y_mi; yi < y_ma; ++yi)
          for(int xi = x_mi; xi < x_ma; ++xi)
          {
              int val = src.ptr (2*y + yi)[2*x + xi];

              if (std::abs (val - center) < 3 * sigma_color)
              {                                 
                sum += val * weights[std::abs(xi)] * weights[std::abs(yi)];
                wall += weights[std::abs(xi)] * weights[std::abs(yi)];
              }
          }


      dst.ptr (y)[x] = static_cast<int>(sum /wall);
    }

    //////////////////////////////////////////////////////////////////////////////////////////////////////////////////
    __global__ void
    pyrDownKernel (const PtrStepSz<ushort> src, PtrStepSz<ushort> dst, float sigma_color)
    {
      int x = blockIdx.x * blockDim.x + threadIdx.x;
      int y = blockIdx.y * blockDim.y + threadIdx.y;

      if (x >= dst.cols || y >= dst.rows)
        return;

      const int D = 5;

      int center = src.ptr (2 * y)[2 * x];

      int tx = min (2 * x - D / 2 + D, src.cols - 1);
      int ty = min (2 * y - D / 2 + D, src.rows - 1);
      int cy = max (0, 2 * y - D / 2);

      int sum = 0;
      int count = 0;

      for (; cy < ty; ++cy)
        for (int cx = max (0, 2 * x - D / 2); cx < tx; ++cx)
        {
          int val = src.ptr (cy)[cx];
          if (std::abs (val - center) < 3 * sigma_color)
          {
            sum += val;
            ++count;
          }
        }
      dst.ptr (y)[x] = sum / count;
    }

	__global__ void
    truncateDepthKernel(PtrStepSz<ushort> depth, ushort max_distance_mm)
	{
		int x = blockIdx.x * blockDim.x + threadIdx.x;
		int y = blockIdx.y * blockDim.y + threadIdx.y;

		if (x < depth.cols && y < depth.rows)		
			if(depth.ptr(y)[x] > max_distance_mm)
				depth.ptr(y)[x] = 0;
	}
  }
}
