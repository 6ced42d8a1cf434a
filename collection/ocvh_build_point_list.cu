// tilelab kernel collection: OpenCV's CUDA Hough transforms' point list (the edge image's non-zero pixels
// packed as (y << 16) | x, gathered through per-row shared queues and one global atomicAdd a block)
// Source:  https://github.com/opencv/opencv_contrib/blob/2a5154a4479e841aa1282ef83d139c4870d17b8f/modules/cudaimgproc/src/cuda/build_point_list.cu
//          (opencv/opencv_contrib, commit 2a5154a; its callers are the HoughLines, HoughSegments and
//          HoughCircles detectors of modules/cudaimgproc/src/)
// Licence: the 3-clause BSD licence of the file's own notice (kept below; the repository's LICENSE is
//          Apache-2.0).
// Kept: lines 1-44 (the notice, #if !defined CUDA_DISABLER), 48-108 (the namespaces and buildPointList) and
//       129-132, unchanged. Removed: the includes of lines 45-46 (OpenCV's common.hpp and emulation.hpp,
//       whose few lines the kernel uses, and hal/interface.h's uchar, are copied in below, marked) and the
//       host code (lines 109-128, buildPointList_gpu). The launch is buildPointList_gpu's: PIXELS_PER_THREAD = 16, block 32 x 4, grid
//       divUp(cols, 32 * 16) x divUp(rows, 4), the counter zeroed first.

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

namespace cv { namespace cuda { namespace device
{
    template<class T> struct DynamicSharedMem
    {
        __device__ __forceinline__ operator T*()
        {
            extern __shared__ int __smem[];
            return (T*)__smem;
        }

        __device__ __forceinline__ operator const T*() const
        {
            extern __shared__ int __smem[];
            return (T*)__smem;
        }
    };

    // specialize for double to avoid unaligned memory access compile errors
    template<> struct DynamicSharedMem<double>
    {
        __device__ __forceinline__ operator double*()
        {
            extern __shared__ double __smem_d[];
            return (double*)__smem_d;
        }

        __device__ __forceinline__ operator const double*() const
        {
            extern __shared__ double __smem_d[];
            return (double*)__smem_d;
        }
    };
}}}

namespace cv { namespace cuda { namespace device
{
    struct Emulation
    {
        struct smem
        {
            enum { TAG_MASK = (1U << ( (sizeof(unsigned int) << 3) - 5U)) - 1U };

            template<typename T>
            static __device__ __forceinline__ T atomicAdd(T* address, T val)
            {
#if defined (__CUDA_ARCH__) && (__CUDA_ARCH__ < 120)
                T count;
                unsigned int tag = threadIdx.x << ( (sizeof(unsigned int) << 3) - 5U);
                do
                {
                    count = *address & TAG_MASK;
                    count = tag | (count + val);
                    *address = count;
                } while (*address != count);

                return (count & TAG_MASK) - val;
#else
                return ::atomicAdd(address, val);
#endif
            }
        };
    };
}}}
// ---- end of OpenCV's core CUDA headers ----

// ---- copied from OpenCV's core headers, marked: hal/interface.h (opencv/opencv at 03b25ec) line 52, the
// ---- uchar the kernel's srcRow uses (reached through common.hpp; added after the first run, which stopped
// ---- at the missing typedef: bench/results/collection-emu-2026-12-06-unseen107-before.json)
   typedef unsigned char uchar;
// ---- end of hal/interface.h ----

namespace cv { namespace cuda { namespace device
{
    namespace hough
    {
        template <int PIXELS_PER_THREAD>
        __global__ void buildPointList(const PtrStepSzb src, unsigned int* list, int* counterPtr)
        {
            __shared__ unsigned int s_queues[4][32 * PIXELS_PER_THREAD];
            __shared__ int s_qsize[4];
            __shared__ int s_globStart[4];

            const int x = blockIdx.x * blockDim.x * PIXELS_PER_THREAD + threadIdx.x;
            const int y = blockIdx.y * blockDim.y + threadIdx.y;

            if (threadIdx.x == 0)
                s_qsize[threadIdx.y] = 0;
            __syncthreads();

            if (y < src.rows)
            {
                // fill the queue
                const uchar* srcRow = src.ptr(y);
                for (int i = 0, xx = x; i < PIXELS_PER_THREAD && xx < src.cols; ++i, xx += blockDim.x)
                {
                    if (srcRow[xx])
                    {
                        const unsigned int val = (y << 16) | xx;
                        const int qidx = Emulation::smem::atomicAdd(&s_qsize[threadIdx.y], 1);
                        s_queues[threadIdx.y][qidx] = val;
                    }
                }
            }

            __syncthreads();

            // let one thread reserve the space required in the global list
            if (threadIdx.x == 0 && threadIdx.y == 0)
            {
                // find how many items are stored in each list
                int totalSize = 0;
                for (int i = 0; i < blockDim.y; ++i)
                {
                    s_globStart[i] = totalSize;
                    totalSize += s_qsize[i];
                }

                // calculate the offset in the global list
                const int globalOffset = atomicAdd(counterPtr, totalSize);
                for (int i = 0; i < blockDim.y; ++i)
                    s_globStart[i] += globalOffset;
            }

            __syncthreads();

            // copy local queues to global queue
            const int qsize = s_qsize[threadIdx.y];
            int gidx = s_globStart[threadIdx.y] + threadIdx.x;
            for(int i = threadIdx.x; i < qsize; i += blockDim.x, gidx += blockDim.x)
                list[gidx] = s_queues[threadIdx.y][i];
        }

    }
}}}

#endif /* CUDA_DISABLER */
