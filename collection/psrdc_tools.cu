// tilelab kernel collection: psrdada_cpp's Effelsberg EDD reductions (array_sum and scaled_square_residual_sum: grid-
// stride partial sums, a shared tree, one value a block)
// Source:  https://github.com/MPIfR-BDG/psrdada_cpp/blob/aa9436e59eeb6ee597173caeba8a9e15db8d7d46/psrdada_cpp/effelsberg/edd/src/Tools.cu
//          (MPIfR-BDG/psrdada_cpp, commit aa9436e)
// Licence: MIT (the repository's LICENSE, repeated below; the file itself carries no notice).
// Kept, unchanged: lines 3-63 (the two kernels) and 105-108; removed: lines 1-2 (project includes; Tools.cuh's
//       <cstdint> and array_sum_Nthreads are copied in below) and 64-104 (host bit-field helpers).
/*
 * MIT License
 *
 * Copyright (c) 2017 ewanbarr
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- psrdada_cpp/effelsberg/edd/Tools.cuh, lines 4 and 8-9 (the kernels' block size)
#include <cstdint>
// blocksize for the array sum kernel
#define array_sum_Nthreads 1024
// ---- end of Tools.cuh

namespace psrdada_cpp {
namespace effelsberg {
namespace edd {

__global__ void array_sum(float *in, size_t N, float *out) {
  __shared__ float data[array_sum_Nthreads];

  size_t tid = threadIdx.x;

  float ls = 0;

  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; (i < N);
       i += blockDim.x * gridDim.x) {
    ls += in[i];
  }

  data[tid] = ls;
  __syncthreads();

  for (size_t i = blockDim.x / 2; i > 0; i /= 2) {
    if (tid < i) {
      data[tid] += data[tid + i];
    }
    __syncthreads();
  }

  if (tid == 0) {
    out[blockIdx.x] = data[0];
  }
}


__global__ void scaled_square_residual_sum(float *in, size_t N, float *offset,
                                         float *out) {
  __shared__ float data[array_sum_Nthreads];

  size_t tid = threadIdx.x;

  double ls = 0;

  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; (i < N);
       i += blockDim.x * gridDim.x) {
    const double t = (in[i] - (*offset) / N);
    ls += t * t;
  }

  data[tid] = ls / N;
  __syncthreads();

  for (size_t i = blockDim.x / 2; i > 0; i /= 2) {
    if (tid < i) {
      data[tid] += data[tid + i];
    }
    __syncthreads();
  }

  if (tid == 0) {
    out[blockIdx.x] = data[0];
  }
}


} // edd
} // effelsberg
} // psrdada_cpp
