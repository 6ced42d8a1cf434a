// tilelab kernel collection: psrdada_cpp's Effelsberg EDD VLBI 2-bit digitiser (pack2bit_nonLinear: thresholds at -v
// sigma, 0, v sigma, 16 codes a word rearranged through shared memory)
// Source:  https://github.com/MPIfR-BDG/psrdada_cpp/blob/aa9436e59eeb6ee597173caeba8a9e15db8d7d46/psrdada_cpp/effelsberg/edd/src/VLBI.cu
//          (MPIfR-BDG/psrdada_cpp, commit aa9436e)
// Licence: MIT (the repository's LICENSE, repeated below; the file itself carries no notice).
// Kept, unchanged: lines 6-7 and 10-13, 183-245 (the kernel); removed: lines 1-5 and 8-9 (project, CUDA driver and
//       Boost includes) and 14-182 (the VDIFHeader classes' host code).
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

#include <cstdint>


namespace psrdada_cpp {
namespace effelsberg {
namespace edd {



__global__ void pack2bit_nonLinear(const float *__restrict__ input,
                                   uint32_t *__restrict__ output,
                                   size_t inputSize, float v, float *sigma2,
                                   float *meanN) {
  // number of values to pack into one output element, use 32 bit here to
  // maximize number of threads
  const uint8_t NPACK = 32 / 2;

  __shared__ uint32_t tmp[1024];
  const float vsigma = v * sqrt(*sigma2);

  for (uint32_t i = NPACK * blockIdx.x * blockDim.x + threadIdx.x;
       (i < inputSize); i += blockDim.x * gridDim.x * NPACK) {
    tmp[threadIdx.x] = 0;

    #pragma unroll
    for (uint8_t j = 0; j < NPACK; j++) {
      // Load new input value, clip and convert to Nbit integer
      const float inp = input[i + j * blockDim.x] - (*meanN) / inputSize;

      uint32_t p = 0;
      p += (inp >= (-1. * vsigma));
      p += (inp >= (0));
      p += (inp >= (1. * vsigma));
      // this is more efficient than fmin, fmax for clamp and cast.

      // store in shared memory with linear access
      tmp[threadIdx.x] += p << (2 * j);
    }
    __syncthreads();

    // load value from shared memory and rearange to output - the read value is
    // reused per warp
    uint32_t out = 0;

    // bit mask: Thread 0 always first input_bit_depth bits, thread 1 always
    // second input_bit_depth bits, ...
    const uint32_t mask = ((1 << 2) - 1) << (2 * (threadIdx.x % NPACK));

    #pragma unroll
    for (uint32_t j = 0; j < NPACK; j++) {
      uint32_t v = tmp[(threadIdx.x / NPACK) * NPACK + j] & mask;
      // retrieve correct bits
      v = v >> (2 * (threadIdx.x % NPACK));
      v = v << (2 * j);
      out += v;
    }

    size_t oidx = threadIdx.x / NPACK +
                  (threadIdx.x % NPACK) * (blockDim.x / NPACK) +
                  (i - threadIdx.x) / NPACK;
    output[oidx] = out;
    __syncthreads();
  }
}


} //namespace edd
} //namespace effelsberg
} //namespace psrdada_cpp
