// tilelab kernel collection: Hetero-Mark's FIR filter
// Source:  https://github.com/NUCAR-DEV/Hetero-Mark/blob/b8ea324d2394401776487b3520338d03f8c27676/src/fir/cuda/fir_cuda_benchmark.cu
//          (NUCAR-DEV/Hetero-Mark, commit b8ea324: the Hetero-Mark benchmark suite's CUDA version)
// Licence: the University of Illinois/NCSA-style licence of Northeastern University (the repository's LICENSE
//          and the file's own notice, which follows).
// Kept: the device code, unchanged (lines 47-62 of the original).
//       Removed: the host code (lines 64-132)
//       and the host-only includes (#include "src/fir/cuda/fir_cuda_benchmark.h" #include <cstdio> #include <cstdlib> #include <cstring>).

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
 * Author: Yifan Sun (yifansun@coe.neu.edu)
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
 * CONTRIBU TORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING
 * FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS WITH THE SOFTWARE.
 */

__global__ void fir_cuda(float *input, float *output, float *coeff,
                         float *history, uint32_t num_tap, uint32_t num_data) {
  uint32_t tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid > num_data) return;

  float sum = 0;
  uint32_t i = 0;
  for (i = 0; i < num_tap; i++) {
    if (tid >= i) {
      sum = sum + coeff[i] * input[tid - i];
    } else {
      sum = sum + coeff[i] * history[num_tap - (i - tid)];
    }
  }
  output[tid] = sum;
}
