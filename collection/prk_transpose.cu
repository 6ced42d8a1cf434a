// tilelab kernel collection: the Parallel Research Kernels' transpose: B += A^T over doubles, naive, coalesced (shared tile), no bank conflicts (padded tile) and block-strided; A += 1
// Source:  https://github.com/ParRes/Kernels/blob/04248b66a03d7f5edba8d54c9ae7834dd718027a/Cxx11/transpose-cuda.cu
//          (ParRes/Kernels, commit 04248b6: the Parallel Research Kernels, C++11 versions, Intel Corporation and contributors)
// Licence: BSD-3-Clause (Intel Corporation; the repository's COPYING, "All files use the following license", and the
//          file's own notice, which follows).
// Kept: lines 1-55 (the notice and the program's description) and the device code, unchanged (lines 58-131).
//       Removed: the host code (lines 133-303: the variant names and main(), which launches one variant, <true> unless its
//       perftest flag is given, with grid (order / 32, order / 32) and block (32, 8), and checks B) and the includes (lines 56-57:
//       "prk_util.h" "prk_cuda.h", host utilities but for the line copied in).
// Copied in, marked: prk_util.h line 88 (RESTRICT) in place of its #include line (56).

///
/// Copyright (c) 2013, Intel Corporation
/// Copyright (c) 2021, NVIDIA
///
/// Redistribution and use in source and binary forms, with or without
/// modification, are permitted provided that the following conditions
/// are met:
///
/// * Redistributions of source code must retain the above copyright
///       notice, this list of conditions and the following disclaimer.
/// * Redistributions in binary form must reproduce the above
///       copyright notice, this list of conditions and the following
///       disclaimer in the documentation and/or other materials provided
///       with the distribution.
/// * Neither the name of Intel Corporation nor the names of its
///       contributors may be used to endorse or promote products
///       derived from this software without specific prior written
///       permission.
///
/// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS
/// "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
/// LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS
/// FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE
/// COPYRIGHT OWNER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT,
/// INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING,
/// BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
/// LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
/// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
/// LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN
/// ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
/// POSSIBILITY OF SUCH DAMAGE.

//////////////////////////////////////////////////////////////////////
///
/// NAME:    transpose
///
/// PURPOSE: This program measures the time for the transpose of a
///          column-major stored matrix into a row-major stored matrix.
///
/// USAGE:   Program input is the matrix order and the number of times to
///          repeat the operation:
///
///          transpose <matrix_size> <# iterations> [tile size]
///
///          An optional parameter specifies the tile size used to divide the
///          individual matrix blocks for improved cache and TLB performance.
///
///          The output consists of diagnostics to make sure the
///          transpose worked and timing statistics.
///
/// HISTORY: Written by  Rob Van der Wijngaart, February 2009.
///          Converted to C++11 by Jeff Hammond, February 2016 and May 2017.
///
//////////////////////////////////////////////////////////////////////

// ---- from #include "prk_util.h" (Cxx11/prk_util.h line 88; the notice above covers it) ----
#define RESTRICT __restrict__
// ---- end of prk_util.h ----


// The kernel was derived from https://github.com/parallel-forall/code-samples/blob/master/series/cuda-cpp/transpose/transpose.cu

const int tile_dim = 32;
const int block_rows = 8;

template <bool accumulate>
__global__ void transposeNoBankConflict(int order, double * RESTRICT A, double * RESTRICT B)
{
    __shared__ double tile[tile_dim][tile_dim+1];

    auto x = blockIdx.x * tile_dim + threadIdx.x;
    auto y = blockIdx.y * tile_dim + threadIdx.y;

    for (int j = 0; j < tile_dim; j += block_rows) {
       tile[threadIdx.y+j][threadIdx.x] = A[(y+j)*order + x];
       if constexpr (accumulate) A[(y+j)*order + x] += (double)1;
    }

    __syncthreads();

    x = blockIdx.y * tile_dim + threadIdx.x;
    y = blockIdx.x * tile_dim + threadIdx.y;

    for (int j = 0; j < tile_dim; j+= block_rows) {
        B[(y+j)*order + x] += tile[threadIdx.x][threadIdx.y + j];
    }
}

template <bool accumulate>
__global__ void transposeCoalesced(int order, double * RESTRICT A, double * RESTRICT B)
{
    __shared__ double tile[tile_dim][tile_dim];

    auto x = blockIdx.x * tile_dim + threadIdx.x;
    auto y = blockIdx.y * tile_dim + threadIdx.y;

    for (int j = 0; j < tile_dim; j += block_rows) {
       tile[threadIdx.y+j][threadIdx.x] = A[(y+j)*order + x];
       if constexpr (accumulate) A[(y+j)*order + x] += (double)1;
    }

    __syncthreads();

    x = blockIdx.y * tile_dim + threadIdx.x;
    y = blockIdx.x * tile_dim + threadIdx.y;

    for (int j = 0; j < tile_dim; j+= block_rows) {
        B[(y+j)*order + x] += tile[threadIdx.x][threadIdx.y + j];
    }
}

template <bool accumulate>
__global__ void transposeNaive(int order, double * RESTRICT A, double * RESTRICT B)
{
    auto x = blockIdx.x * tile_dim + threadIdx.x;
    auto y = blockIdx.y * tile_dim + threadIdx.y;

    for (int j = 0; j < tile_dim; j+= block_rows) {
        B[x*order + (y+j)] += A[(y+j)*order + x];
        if constexpr (accumulate) A[(y+j)*order + x] += (double)1;
    }
}

template <bool accumulate>
__global__ void transposeBlockStrided(unsigned order, double * RESTRICT A, double * RESTRICT B)
{
    for (unsigned int i = blockIdx.x * blockDim.x + threadIdx.x; i < order; i += blockDim.x * gridDim.x) {
      for (unsigned int j = blockIdx.y * blockDim.y + threadIdx.y; j < order; j += blockDim.y * gridDim.y) {
        B[i*order + j] += A[j*order + i];
        if constexpr (accumulate) A[j*order + i] += (double)1;
      }
    }
}
