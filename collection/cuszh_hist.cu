// tilelab kernel collection: cuSZ's quantisation-code histograms (the symbol frequencies its Huffman codebook is
// built from): a naive global-atomic one and Gomez-Luna et al.'s 2013 replicated shared-memory histogram
// Source:  https://github.com/szcompressor/cuSZ/blob/93f58b009021c3b830bf3668daabf2628fc10829/src/kernel/hist.cuh
//          (szcompressor/cuSZ, commit 93f58b0, March 2022; the host side is the same file's
//          kernel_wrapper::get_frequency, called from src/wrapper/huffman_coarse.cuh)
// Licence: BSD-3-Clause style (the repository's LICENSE, "Copyright (c) 2020, UChicago Argonne, LLC and Washington
//          State University"; the file's own notice, "See LICENSE in top-level directory", is kept, the LICENSE
//          repeated below).
// Kept: lines 1-16, 24-46, 72-122 and 186 (the file's notice, its macros, the two kernels' declarations and
//       definitions, the include guard), unchanged. Removed: the includes (lines 17-22: <cuda_runtime.h>,
//       <cstdio>, <limits> used only by a commented-out static_assert, and the project's common.hh and
//       utils/timer.hh, which the kernels do not use) and the host wrapper (lines 48-70, its declaration; lines
//       124-185, get_frequency). get_frequency launches p2013Histogram<T, cusz::FREQ = uint32_t> with
//       r_per_block = (max_bytes / sizeof(int)) / (nbin + 1), grid_dim = the SM count and block_dim =
//       ((((in_len / grid_dim) + 1) / 64) + 1) * 64, halving r_per_block and doubling grid_dim while block_dim
//       > 1024, (nbin + 1) * r_per_block ints of dynamic shared memory.

/*
 * Copyright © 2020, UChicago Argonne, LLC and Washington State University
 *
 * All Rights Reserved
 *
 * Software Name: cuSZ: CUDA-Based Error-Bounded Lossy Compressor for Scientific Data
 *
 * By: Argonne National Laboratory, Washington State University, Clemson University
 *
 * OPEN SOURCE LICENSE
 *
 * Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.
 * 2. Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.
 * 3. Neither the name of the copyright holder nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.
 *
 * ******************************************************************************************************
 *                                               DISCLAIMER
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED
 * WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
 * PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
 * ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT
 * LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR
 * TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF
 * ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 * ******************************************************************************************************
 *
 * Contact: SZ Team (szlossycompressor@gmail.com)
 */

/**
 * @file hist.cuh
 * @author Cody Rivera (cjrivera1@crimson.ua.edu), Megan Hickman Fulp (mlhickm@g.clemson.edu)
 * @brief Fast histogramming from [Gómez-Luna et al. 2013]
 * @version 0.1
 * @date 2020-09-20
 * Created on 2020-02-16
 *
 * @copyright (C) 2020 by Washington State University, The University of Alabama, Argonne National Laboratory
 * See LICENSE in top-level directory
 *
 */

#ifndef CUSZ_KERNEL_HIST_CUH
#define CUSZ_KERNEL_HIST_CUH


#define MIN(a, b) ((a) < (b)) ? (a) : (b)
const static unsigned int WARP_SIZE = 32;

#define tix threadIdx.x
#define tiy threadIdx.y
#define tiz threadIdx.z
#define bix blockIdx.x
#define biy blockIdx.y
#define biz blockIdx.z
#define bdx blockDim.x
#define bdy blockDim.y
#define bdz blockDim.z

namespace kernel {

template <typename Input>
__global__ void NaiveHistogram(Input in_data[], int out_freq[], int N, int symbols_per_thread);

/* Copied from J. Gomez-Luna et al */
template <typename T, typename FREQ>
__global__ void p2013Histogram(T*, FREQ*, size_t, int, int);

}  // namespace kernel

template <typename T>
__global__ void kernel::NaiveHistogram(T in_data[], int out_freq[], int N, int symbols_per_thread)
{
    unsigned int i = blockDim.x * blockIdx.x + threadIdx.x;
    unsigned int j;
    if (i * symbols_per_thread < N) {  // if there is a symbol to count,
        for (j = i * symbols_per_thread; j < (i + 1) * symbols_per_thread; j++) {
            if (j < N) {
                unsigned int item = in_data[j];  // Symbol to count
                atomicAdd(&out_freq[item], 1);   // update bin count by 1
            }
        }
    }
}

template <typename T, typename FREQ>
__global__ void kernel::p2013Histogram(T* in_data, FREQ* out_freq, size_t N, int nbin, int R)
{
    // static_assert(
    //     std::numeric_limits<T>::is_integer and (not std::numeric_limits<T>::is_signed),
    //     "T must be `unsigned integer` type of {1,2,4} bytes");

    extern __shared__ int Hs[/*(nbin + 1) * R*/];

    const unsigned int warp_id     = (int)(tix / WARP_SIZE);
    const unsigned int lane        = tix % WARP_SIZE;
    const unsigned int warps_block = bdx / WARP_SIZE;
    const unsigned int off_rep     = (nbin + 1) * (tix % R);
    const unsigned int begin       = (N / warps_block) * warp_id + WARP_SIZE * blockIdx.x + lane;
    unsigned int       end         = (N / warps_block) * (warp_id + 1);
    const unsigned int step        = WARP_SIZE * gridDim.x;

    // final warp handles data outside of the warps_block partitions
    if (warp_id >= warps_block - 1) end = N;

    for (unsigned int pos = tix; pos < (nbin + 1) * R; pos += bdx) Hs[pos] = 0;
    __syncthreads();

    for (unsigned int i = begin; i < end; i += step) {
        int d = in_data[i];
        d     = d <= 0 and d >= nbin ? nbin / 2 : d;
        atomicAdd(&Hs[off_rep + d], 1);
    }
    __syncthreads();

    for (unsigned int pos = tix; pos < nbin; pos += bdx) {
        int sum = 0;
        for (int base = 0; base < (nbin + 1) * R; base += nbin + 1) { sum += Hs[base + pos]; }
        atomicAdd(out_freq + pos, sum);
    }
}

#endif
