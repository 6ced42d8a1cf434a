// tilelab kernel collection: Alcedo Studio (PuerhLab)'s CUDA image rotations (90 degrees CW and CCW, 180 degrees)
// Source:  https://github.com/zidage/PuerhLab/blob/cbb992c0968c6c3d4996281367dfc858bb802074/alcedo_studio/src/decoders/processor/operators/gpu/cuda_rotate.cu
// Licence: GPL-3.0-only (the file's SPDX lines, kept below; the repository's LICENSE is the GPLv3 text)
// Kept: lines 1-3 (the notice), 13-88 (the namespaces, kTileDim / kBlockRows and the three kernel templates) and
//       126 (the anonymous namespace's end) with 206-207, unchanged. Removed: the includes of lines 5-11 (the
//       project's headers, OpenCV's cuda_types.hpp, whose PtrStep / PtrStepSz are copied in below, marked) and the
//       host code (lines 90-124 the _Impl launchers, 128-204 the type switches). Launches: the _Impl functions'
//       (block 32 x 8, grid ceil(cols / 32) x ceil(rows / 32) for the 90-degree turns, block 32 x 8 over dst for 180).
//  Copyright 2026 Yurun Zi
//  SPDX-License-Identifier: GPL-3.0-only
//  Additional permission under GPLv3 section 7 applies; see the LICENSE file.

// ---- copied from OpenCV's core CUDA headers, which the file reaches through <opencv2/core/cuda_types.hpp>
// ---- (opencv/opencv, modules/core/include/opencv2/core/cuda_types.hpp at 09a4a1f, the same lines as
// ---- collection/ocvsu_util.cu): lines 63-67 (__CV_CUDA_HOST_DEVICE__), 69-72 and 137-138 (its namespaces),
// ---- 77-92 (DevPtr), 102-127 (PtrStep, PtrStepSz) and 129-135 (the typedefs), marked; OpenCV's notice:
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
// ---- end of the lines copied from OpenCV

namespace alcedo {
namespace CUDA {
namespace {

constexpr int kTileDim   = 32;
constexpr int kBlockRows = 8;

template <typename T>
__global__ void Rotate90CWKernel(cv::cuda::PtrStepSz<T> src, cv::cuda::PtrStepSz<T> dst) {
  __shared__ T tile[kTileDim][kTileDim + 1];

  const int src_col = blockIdx.x * kTileDim + threadIdx.x;
  const int src_row = blockIdx.y * kTileDim + threadIdx.y;

  #pragma unroll
  for (int i = 0; i < kTileDim; i += kBlockRows) {
    const int row = src_row + i;
    if (src_col < src.cols && row < src.rows) {
      tile[threadIdx.y + i][threadIdx.x] = src(row, src_col);
    }
  }

  __syncthreads();

  const int dst_col = src.rows - 1 - (blockIdx.y * kTileDim + threadIdx.x);
  const int dst_row = blockIdx.x * kTileDim + threadIdx.y;

  #pragma unroll
  for (int i = 0; i < kTileDim; i += kBlockRows) {
    const int row = dst_row + i;
    if (row < dst.rows && dst_col >= 0 && dst_col < dst.cols) {
      dst(row, dst_col) = tile[threadIdx.x][threadIdx.y + i];
    }
  }
}

template <typename T>
__global__ void Rotate90CCWKernel(cv::cuda::PtrStepSz<T> src, cv::cuda::PtrStepSz<T> dst) {
  __shared__ T tile[kTileDim][kTileDim + 1];

  const int src_col = blockIdx.x * kTileDim + threadIdx.x;
  const int src_row = blockIdx.y * kTileDim + threadIdx.y;

  #pragma unroll
  for (int i = 0; i < kTileDim; i += kBlockRows) {
    const int row = src_row + i;
    if (src_col < src.cols && row < src.rows) {
      tile[threadIdx.y + i][threadIdx.x] = src(row, src_col);
    }
  }

  __syncthreads();

  const int dst_col = blockIdx.y * kTileDim + threadIdx.x;
  const int dst_row = dst.rows - 1 - (blockIdx.x * kTileDim + threadIdx.y);

  #pragma unroll
  for (int i = 0; i < kTileDim; i += kBlockRows) {
    const int row = dst_row - i;
    if (row >= 0 && row < dst.rows && dst_col < dst.cols) {
      dst(row, dst_col) = tile[threadIdx.x][threadIdx.y + i];
    }
  }
}

template <typename T>
__global__ void Rotate180Kernel(cv::cuda::PtrStepSz<T> src, cv::cuda::PtrStepSz<T> dst) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y * blockDim.y + threadIdx.y;

  if (x >= dst.cols || y >= dst.rows) return;

  const int src_row = src.rows - 1 - y;
  const int src_col = src.cols - 1 - x;
  dst(y, x)         = src(src_row, src_col);
}
}  // namespace

}  // namespace CUDA
}  // namespace alcedo
