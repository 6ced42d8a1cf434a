// tilelab kernel collection: YACCLAB's CUDA union-find connected-component labelling
// Source:  https://github.com/prittt/YACCLAB/blob/54e43543a02ff9966124c4bc41a5eda568aa8a06/cuda/src/labeling_oliveira_2010.cu
//          (prittt/YACCLAB, commit 54e4354; its host class UF launches them: PerformLabeling's block 16 x 16 and grid
//          divUp(cols, 16) x divUp(rows, 16); PerformLabelingBlocksize's LocalMergeSize with any block and
//          rows * cols * 5 bytes of dynamic shared memory)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below after the file's own notice).
// What:    after Oliveira and Lotufo (2010): LocalMerge (8-connected union-find on a 16 x 16 tile in shared memory,
//          atomicMin links), LocalMergeSize (the same with the tile in dynamic shared memory, any block size),
//          GlobalMerge (the tiles' border unions on the global label image) and PathCompression (every pixel's label set to its tree's root)
// Kept: lines 1-11 (the notice) and 21-290 (the defines, `using namespace cv;` and the anonymous namespace's
//       device code), unchanged. Removed: the includes of lines 13-19 (opencv2/cudafeatures2d.hpp,
//       cuda_runtime.h, device_launch_parameters.h, labeling_algorithms.h, register.h) and the host class
//       (lines 292-431: UF, REGISTER_LABELING). The lines of OpenCV's cuda_types.hpp the kernels use
//       (cv::cuda::PtrStepSz and its bases) and <cassert> (which the OpenCV include chain brought for assert)
//       are copied in below, marked.

// Copyright (c) 2020, the YACCLAB contributors, as 
// shown by the AUTHORS file. All rights reserved.
//
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.
//
// Additional Authors:
// Victor M. A. Oliveira, Roberto A. Lotufo
// Department of Computer Engineering and Industrial Automation
// School of Electrical and Computer Engineering - UNICAMP, Campinas, Brazil


// ---- The repository's LICENSE (BSD 3-Clause), which the notice above refers to:
// BSD 3-Clause License
//
// Copyright (c) 2020, the respective contributors, as shown by the AUTHORS file.
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// ---- <cassert>: assert, which the removed OpenCV include (opencv2/cudafeatures2d.hpp) brought
#include <cassert>
// ---- copied from OpenCV's core CUDA headers (opencv/opencv at 09a4a1f, modules/core/include/opencv2/core/
// ---- cuda_types.hpp; OpenCV's licence, its notice repeated here), marked: lines 63-67 (__CV_CUDA_HOST_DEVICE__),
// ---- 69-72 and 137-138 (its namespaces), 77-92 (DevPtr), 102-127 (PtrStep, PtrStepSz) and 129-135 (the typedefs)
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

// ---- end of the copied OpenCV lines

// Oliveira2010

#define BLOCK_ROWS 16
#define BLOCK_COLS 16

using namespace cv;

namespace {

// Returns the root index of the UFTree
__device__ unsigned Find(const int* s_buf, unsigned n) {
    // Warning: do not call Find on a background pixel

    unsigned label = s_buf[n];

    assert(label > 0);

    while (label - 1 != n) {
        n = label - 1;
        label = s_buf[n];

        assert(label > 0);
    }

    return n;

}


// Merges the UFTrees of a and b, linking one root to the other
__device__ void Union(int* s_buf, unsigned a, unsigned b) {

    bool done;

    do {

        a = Find(s_buf, a);
        b = Find(s_buf, b);

        if (a < b) {
            int old = atomicMin(s_buf + b, a + 1);
            done = (old == b + 1);
            b = old - 1;
        }
        else if (b < a) {
            int old = atomicMin(s_buf + a, b + 1);
            done = (old == a + 1);
            a = old - 1;
        }
        else {
            done = true;
        }

    } while (!done);

}


__global__ void LocalMerge(const cuda::PtrStepSzb img, cuda::PtrStepSzi labels) {

    unsigned local_row = threadIdx.y;
    unsigned local_col = threadIdx.x;
    unsigned local_index = local_row * blockDim.x + local_col;

    unsigned global_row = blockIdx.y * BLOCK_ROWS + local_row;
    unsigned global_col = blockIdx.x * blockDim.x + local_col;
    unsigned img_index = global_row * img.step + global_col;

    __shared__ int s_buf[BLOCK_ROWS * BLOCK_COLS];
    __shared__ unsigned char s_img[BLOCK_ROWS * BLOCK_COLS];

    bool in_limits = (global_row < img.rows&& global_col < img.cols);

    s_buf[local_index] = local_index + 1;
    s_img[local_index] = in_limits ? img[img_index] : 0xFF;

    __syncthreads();

    unsigned char v = s_img[local_index];

    if (in_limits) {

        if (v) {

            if (local_col > 0 && s_img[local_index - 1]) {
                Union(s_buf, local_index, local_index - 1);
            }


            if (local_row > 0 && s_img[local_index - blockDim.x]) {
                Union(s_buf, local_index, local_index - blockDim.x);
            }

        }

        else {
            if (local_row > 0 && s_img[local_index - blockDim.x]) {

                if (local_col > 0 && s_img[local_index - 1]) {
                    Union(s_buf, local_index - 1, local_index - blockDim.x);
                }


                if (local_col < blockDim.x - 1 && s_img[local_index + 1]) {
                    Union(s_buf, local_index + 1, local_index - blockDim.x);
                }
            }

        }

    }

    __syncthreads();

    if (in_limits) {

        if (v) {
            unsigned f = Find(s_buf, local_index);
            unsigned f_row = f / blockDim.x;
            unsigned f_col = f % blockDim.x;
            unsigned global_f = (blockIdx.y * BLOCK_ROWS + f_row) * (labels.step / labels.elem_size) + (blockIdx.x * blockDim.x + f_col);
            labels.data[global_row * labels.step / sizeof(int) + global_col] = global_f + 1;
        }

        else {
            labels.data[global_row * labels.step / sizeof(int) + global_col] = 0;
        }

    }
}


__global__ void LocalMergeSize(const cuda::PtrStepSzb img, cuda::PtrStepSzi labels) {

    unsigned local_row = threadIdx.y;
    unsigned local_col = threadIdx.x;
    unsigned local_index = local_row * blockDim.x + local_col;

    unsigned global_row = blockIdx.y * blockDim.y + local_row;
    unsigned global_col = blockIdx.x * blockDim.x + local_col;
    unsigned img_index = global_row * img.step + global_col;

    extern __shared__ unsigned char shared_memory[];

    int* s_buf = reinterpret_cast<int*>(shared_memory);
    unsigned char* s_img = reinterpret_cast<unsigned char*>(shared_memory + blockDim.y * blockDim.x * sizeof(int));

    bool in_limits = (global_row < img.rows&& global_col < img.cols);

    s_buf[local_index] = local_index + 1;
    s_img[local_index] = in_limits ? img[img_index] : 0xFF;

    __syncthreads();

    unsigned char v = s_img[local_index];

    if (in_limits) {

        if (v) {

            if (local_col > 0 && s_img[local_index - 1]) {
                Union(s_buf, local_index, local_index - 1);
            }


            if (local_row > 0 && s_img[local_index - blockDim.x]) {
                Union(s_buf, local_index, local_index - blockDim.x);
            }

        }

        else {
            if (local_row > 0 && s_img[local_index - blockDim.x]) {

                if (local_col > 0 && s_img[local_index - 1]) {
                    Union(s_buf, local_index - 1, local_index - blockDim.x);
                }


                if (local_col < blockDim.x - 1 && s_img[local_index + 1]) {
                    Union(s_buf, local_index + 1, local_index - blockDim.x);
                }
            }

        }

    }

    __syncthreads();

    if (in_limits) {

        if (v) {
            unsigned f = Find(s_buf, local_index);
            unsigned f_row = f / blockDim.x;
            unsigned f_col = f % blockDim.x;
            unsigned global_f = (blockIdx.y * blockDim.y + f_row) * (labels.step / labels.elem_size) + (blockIdx.x * blockDim.x + f_col);
            labels.data[global_row * labels.step / sizeof(int) + global_col] = global_f + 1;		// C'è distinzione tra background e foreground
        }

        else {
            labels.data[global_row * labels.step / sizeof(int) + global_col] = 0;
        }

    }
}



__global__ void GlobalMerge(const cuda::PtrStepSzb img, cuda::PtrStepSzi labels) {

    unsigned local_row = threadIdx.y;
    unsigned local_col = threadIdx.x;

    unsigned global_row = blockIdx.y * blockDim.y + local_row;
    unsigned global_col = blockIdx.x * blockDim.x + local_col;
    unsigned img_index = global_row * img.step + global_col;
    unsigned labels_index = global_row * (labels.step / labels.elem_size) + global_col;

    bool in_limits = (global_row < img.rows&& global_col < img.cols);

    if (in_limits) {

        unsigned char v = img[img_index];

        if (v) {

            if (global_col > 0 && local_col == 0 && img[img_index - 1]) {
                Union(labels.data, labels_index, labels_index - 1);
            }

            if (global_row > 0 && local_row == 0 && img[img_index - img.step]) {
                Union(labels.data, labels_index, labels_index - labels.step / sizeof(int));
            }

        }

        else {

            if (global_row > 0 && img[img_index - img.step]) {

                if (global_col > 0 && (local_row == 0 || local_col == 0) && img[img_index - 1]) {
                    Union(labels.data, labels_index - 1, labels_index - labels.step / sizeof(int));
                }

                if ((global_col < img.cols - 1) && (local_row == 0 || local_col == blockDim.x - 1) && img[img_index + 1]) {
                    Union(labels.data, labels_index + 1, labels_index - labels.step / sizeof(int));
                }
            }
        }

    }
}


__global__ void PathCompression(const cuda::PtrStepSzb img, cuda::PtrStepSzi labels) {

    unsigned global_row = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned global_col = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned labels_index = global_row * (labels.step / labels.elem_size) + global_col;

    if (global_row < labels.rows && global_col < labels.cols) {
        unsigned char val = img[global_row * img.step + global_col];
        if (val) {
            labels[labels_index] = Find(labels.data, labels_index) + 1;
        }
    }
}

}
