// tilelab kernel collection: Alcedo Studio (PuerhLab)'s CUDA AHD-style RGGB demosaic (green, then red and blue)
// Source:  https://github.com/zidage/PuerhLab/blob/cbb992c0968c6c3d4996281367dfc858bb802074/alcedo_studio/src/decoders/processor/operators/gpu/cuda_debayer_ahd.cu
// Licence: GPL-3.0-only (the file's SPDX lines, kept below; the repository's LICENSE is the GPLv3 text)
// Kept: lines 1-3 (the notice), 12-114 (the namespaces, remap_d in __constant__ memory, G_FinalGeneration and
//       R_B_FinalGeneration) and 140-141 (the namespaces' ends), unchanged. Removed: the includes of lines 5-10 (the
//       project's headers; OpenCV's cuda.hpp, whose PtrStep is copied in below, marked, with the <cmath> it brings
//       for std::abs) and the host code (lines 116-139 BayerRGGB2RGB_AHD: block 32 x 32, grid ceil(cols / 32) x
//       ceil(rows / 32), G_final = image.clone(), R_final / B_final created, then MergeRGB).
//  Copyright 2025 Yurun Zi
//  SPDX-License-Identifier: GPL-3.0-only
//  Additional permission under GPLv3 section 7 applies; see the LICENSE file.

// ---- reached through OpenCV's <opencv2/core/cuda.hpp> (for std::abs), marked
#include <cmath>

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

__constant__ int   remap_d[4] = {0, 1, 3, 2};

__global__ void G_FinalGeneration(cv::cuda::PtrStep<float> raw, cv::cuda::PtrStep<float> G_final,
                                  cv::cuda::PtrStep<float> R_final,
                                  cv::cuda::PtrStep<float> B_final, int width, int height) {
  // Kernel implementation goes here
  const int x = blockIdx.x * blockDim.x + threadIdx.x;  // col
  const int y = blockIdx.y * blockDim.y + threadIdx.y;  // row

  // Boundary check to avoid processing out-of-bounds pixels
  if (y >= height - 2 || x >= width - 2 || y < 2 || x < 2) {
    return;
  }

  const int color_idx = remap_d[(((y % 2) * 2) + (x % 2)) % 4];
  if (color_idx == 0 || color_idx == 2) {
    float center  = raw(y, x);
    float h_avg   = 0.5f * (raw(y, x - 1) + raw(y, x + 1));
    float h_diff  = 0.25f * (2.0f * center - raw(y, x - 2) - raw(y, x + 2));

    float v_avg   = 0.5f * (raw(y - 1, x) + raw(y + 1, x));
    float v_diff  = 0.25f * (2.0f * center - raw(y - 2, x) - raw(y + 2, x));

    float Dh      = std::abs(raw(y, x - 1) - raw(y, x + 1));
    float Dv      = std::abs(raw(y - 1, x) - raw(y + 1, x));

    G_final(y, x) = (Dh < Dv) ? (h_avg + h_diff) : (v_avg + v_diff);

    R_final(y, x) = color_idx == 0 ? center : 0.0f;
    B_final(y, x) = color_idx == 2 ? center : 0.0f;
  }
}

__global__ void R_B_FinalGeneration(cv::cuda::PtrStep<float> raw, cv::cuda::PtrStep<float> G_final,
                                    cv::cuda::PtrStep<float> R_final,
                                    cv::cuda::PtrStep<float> B_final, int width, int height) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;  // col
  const int y = blockIdx.y * blockDim.y + threadIdx.y;  // row

  // Boundary check to avoid processing out-of-bounds pixels
  if (y >= height - 1 || x >= width - 1 || y < 1 || x < 1) {
    return;
  }

  const int color_idx = remap_d[(((y % 2) * 2) + (x % 2)) % 4];
  if (color_idx != 0) {
    float estimate_R = 0.0f;

    if (color_idx == 1) {
      float left  = R_final(y, x - 1) - G_final(y, x - 1);
      float right = R_final(y, x + 1) - G_final(y, x - 1);
      estimate_R  = G_final(y, x) + 0.5f * (left + right);
    } else if (color_idx == 3) {
      float up   = R_final(y - 1, x) - G_final(y - 1, x);
      float down = R_final(y + 1, x) - G_final(y + 1, x);
      estimate_R = G_final(y, x) + 0.5f * (up + down);
    } else if (color_idx == 2) {
      // At a B pixel: R is on diagonals
      float d1   = R_final(y - 1, x - 1) - G_final(y - 1, x - 1);
      float d2   = R_final(y - 1, x + 1) - G_final(y - 1, x + 1);
      float d3   = R_final(y + 1, x - 1) - G_final(y + 1, x - 1);
      float d4   = R_final(y + 1, x + 1) - G_final(y + 1, x + 1);
      estimate_R = G_final(y, x) + 0.25f * (d1 + d2 + d3 + d4);
    } else {
      float left  = R_final(y, x - 1) - G_final(y, x - 1);
      float right = R_final(y, x + 1) - G_final(y, x + 1);
      float up    = R_final(y - 1, x) - G_final(y - 1, x);
      float down  = R_final(y + 1, x) - G_final(y + 1, x);
      estimate_R  = G_final(y, x) + 0.25f * (left + right + up + down);
    }
    R_final(y, x) = estimate_R;
  }

  if (color_idx != 2) {
    float estimate_B = 0.0f;
    if (color_idx == 3) {
      float left  = B_final(y, x - 1) - G_final(y, x - 1);
      float right = B_final(y, x + 1) - G_final(y, x + 1);
      estimate_B  = G_final(y, x) + 0.5f * (left + right);
    } else if (color_idx == 1) {
      float up   = B_final(y - 1, x) - G_final(y - 1, x);
      float down = B_final(y + 1, x) - G_final(y + 1, x);
      estimate_B = G_final(y, x) + 0.5f * (up + down);
    } else if (color_idx == 0) {
      // At an R pixel: B is on diagonals
      float d1   = B_final(y - 1, x - 1) - G_final(y - 1, x - 1);
      float d2   = B_final(y - 1, x + 1) - G_final(y - 1, x + 1);
      float d3   = B_final(y + 1, x - 1) - G_final(y + 1, x - 1);
      float d4   = B_final(y + 1, x + 1) - G_final(y + 1, x + 1);
      estimate_B = G_final(y, x) + 0.25f * (d1 + d2 + d3 + d4);
    } else {
      float left  = B_final(y, x - 1) - G_final(y, x - 1);
      float right = B_final(y, x + 1) - G_final(y, x + 1);
      float up    = B_final(y - 1, x) - G_final(y - 1, x);
      float down  = B_final(y + 1, x) - G_final(y + 1, x);
      estimate_B  = G_final(y, x) + 0.25f * (left + right + up + down);
    }
    B_final(y, x) = estimate_B;
  }
}

};
};  // namespace alcedo
