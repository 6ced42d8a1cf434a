// tilelab kernel collection: HeCBench's intrinsics-cast: every conversion intrinsic of the CUDA math API with a rounding mode
// Source:  https://github.com/zjin-lcf/HeCBench/blob/f27000a5188f8ac79bd43fc95a1b3f890c18823d/src/intrinsics-cast-cuda/main.cu
//          (zjin-lcf/HeCBench, commit f27000a: HeCBench, the heterogeneous-computing benchmark suite of Zheming Jin)
// Licence: BSD-3-Clause (the repository's LICENSE, Argonne / Oak Ridge National Laboratory; the file itself carries no notice); it follows.
// Kept: lines 6-128 of the original, unchanged (the two kernels). Removed: includes and host code; the launches
//       (<<<(n + 255) / 256, 256>>>) are manifest entries.

/*
 * BSD 3-Clause License
 *
 * Copyright (c) 2020 ,       Argonne National Laboratory   (Zheming Jin)
 * Copyright (c) 2020-,     Oak Ridge National Laboratory   (Zheming Jin)
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

__global__
void cast1_intrinsics(const int n,
                      const double* input,
                            long long int* output)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n) return;

  int r1 = 0;
  unsigned int r2 = 0;
  long long int r3 = 0;
  unsigned long long int r4 = 0;
  
  double x = input[i];

  r1 ^= __double2hiint(x);
  r1 ^= __double2loint(x);

  r1 ^= __double2int_rd(x);
  r1 ^= __double2int_rn(x);
  r1 ^= __double2int_ru(x);
  r1 ^= __double2int_rz(x);

  r1 ^= __float2int_rd(x);
  r1 ^= __float2int_rn(x);
  r1 ^= __float2int_ru(x);
  r1 ^= __float2int_rz(x);

  r1 ^= __float_as_int(x);

  r2 ^= __double2uint_rd(x);
  r2 ^= __double2uint_rn(x);
  r2 ^= __double2uint_ru(x);
  r2 ^= __double2uint_rz(x);

  r2 ^= __float2uint_rd(x);
  r2 ^= __float2uint_rn(x);
  r2 ^= __float2uint_ru(x);
  r2 ^= __float2uint_rz(x);
  
  r2 ^= __float_as_uint(x);

  r3 ^= __double2ll_rd(x);
  r3 ^= __double2ll_rn(x);
  r3 ^= __double2ll_ru(x);
  r3 ^= __double2ll_rz(x);

  r3 ^= __float2ll_rd(x);
  r3 ^= __float2ll_rn(x);
  r3 ^= __float2ll_ru(x);
  r3 ^= __float2ll_rz(x);

  r3 ^= __double_as_longlong(x);

  r4 ^= __double2ull_rd(x);
  r4 ^= __double2ull_rn(x);
  r4 ^= __double2ull_ru(x);
  r4 ^= __double2ull_rz(x);

  r4 ^= __float2ull_rd(x);
  r4 ^= __float2ull_rn(x);
  r4 ^= __float2ull_ru(x);
  r4 ^= __float2ull_rz(x);

  output[i] = (r1 + r2) + (r3 + r4);
}


__global__
void cast2_intrinsics(const int n,
                      const long long int* input,
                            long long int* output)
{
  int i = threadIdx.x + blockIdx.x * blockDim.x;
  if (i >= n) return;

  float r1 = 0;
  double r2 = 0;
  
  long long int x = input[i];

  r1 += __hiloint2double(x >> 32, x);

  r1 += __int2float_rd(x);
  r1 += __int2float_rn(x);
  r1 += __int2float_ru(x);
  r1 += __int2float_rz(x);

  r1 += __uint2float_rd(x);
  r1 += __uint2float_rn(x);
  r1 += __uint2float_ru(x);
  r1 += __uint2float_rz(x);

  r1 += __int_as_float(x);
  r1 += __uint_as_float(x);

  r1 += __ll2float_rd(x);
  r1 += __ll2float_rn(x);
  r1 += __ll2float_ru(x);
  r1 += __ll2float_rz(x);

  r1 += __ull2float_rd(x);
  r1 += __ull2float_rn(x);
  r1 += __ull2float_ru(x);
  r1 += __ull2float_rz(x);

  r2 += __int2double_rn(x);
  r2 += __uint2double_rn(x);

  r2 += __ll2double_rd(x);
  r2 += __ll2double_rn(x);
  r2 += __ll2double_ru(x);
  r2 += __ll2double_rz(x);

  r2 += __ull2double_rd(x);
  r2 += __ull2double_rn(x);
  r2 += __ull2double_ru(x);
  r2 += __ull2double_rz(x);

  r2 += __longlong_as_double(x);

  output[i] = __double_as_longlong(r1+r2);
}
