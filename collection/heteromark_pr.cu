// tilelab kernel collection: Hetero-Mark's PageRank step on a CSR graph
// Source:  https://github.com/NUCAR-DEV/Hetero-Mark/blob/b8ea324d2394401776487b3520338d03f8c27676/src/pr/cuda/pr_cuda_benchmark.cu
//          (NUCAR-DEV/Hetero-Mark, commit b8ea324: the Hetero-Mark benchmark suite's CUDA version)
// Licence: the University of Illinois/NCSA-style licence of Northeastern University (the repository's LICENSE
//          and the file's own notice, which follows).
// Kept: the device code, unchanged (lines 56-68 of the original).
//       Removed: the host code (lines 46-54, 70-124)
//       and the host-only includes (#include "src/pr/cuda/pr_cuda_benchmark.h" #include <cstdio> #include <cstdlib> #include <cstring>).

/*
 * Hetero-mark
 *
 * Copyright (c) 2015 Northeastern University
 * All rights reserved.
 *
 * Developed by:
 *   Northeastern University Computer Architecture Research (NUCAR) Group
 *   Northeastern University
 *   http://www.ece.neu.edu/groups/nucar/
 *
 *
 * Permission is hereby granted, free of charge, to any person obtaining a
 * copy of this software and associated documentation files (the "Software"),
 * to deal with the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense,
 * and/or sell copies of the Software, and to permit persons to whom the
 * Software is furnished to do so, subject to the following conditions:
 *
 *   Redistributions of source code must retain the above copyright notice,
 *   this list of conditions and the following disclaimers.
 *
 *   Redistributions in binary form must reproduce the above copyright
 *   notice, this list of conditions and the following disclaimers in the
 *   documentation and/or other materials provided with the distribution.
 *
 *   Neither the names of NUCAR, Northeastern University, nor the names of
 *   its contributors may be used to endorse or promote products derived
 *   from this Software without specific prior written permission.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * CONTRIBUTORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS WITH THE SOFTWARE.
 */

// Copied in (the collection's addition, as for SGEMM_CUDA's files): nvcc's glibc <sys/types.h> defines `uint`, NVRTC does not
typedef unsigned int uint;

__global__ void pr_cuda(uint32_t *device_row_offsets,
                        uint32_t *device_column_numbers, float *device_values,
                        float *device_mtx_1, float *device_mtx_2) {
  uint tid = blockIdx.x * blockDim.x + threadIdx.x;
  uint32_t initialize = device_row_offsets[tid];
  uint32_t limit = device_row_offsets[tid + 1];
  float new_value = 0;
  for (uint32_t j = initialize; j < limit; j++) {
    uint32_t index = device_column_numbers[j];
    new_value += device_values[j] * device_mtx_1[index];
  }
  device_mtx_2[tid] = new_value;
}
