// tilelab kernel collection: BabelStream's CUDA kernels (init, copy, mul, add, triad, nstream, dot), templated on the type
// Source:  https://github.com/UoB-HPC/BabelStream/blob/f6ae48de899408cf50c24079417dc71a03dbb5a8/src/cuda/CUDAStream.cu
//          (UoB-HPC/BabelStream, the release v5.0, commit f6ae48d: the BabelStream memory-bandwidth benchmark)
// Licence: BabelStream's own licence (the repository's LICENSE, which follows whole; the file's notice (lines 2-6)
//          after it): free to use and redistribute; results of modified code must be labelled as such.
// Kept: the device code, unchanged (lines 124-131, 165-170, 181-187, 198-203, 214-220, 231-237, 248-271 of the original).
//       Removed: the host code (lines 11-122, 133-163, 172-179, 189-196, 205-212, 222-229, 239-246, 273-345:
//       check_error, the CUDAStream<T> members that allocate and launch, listDevices, getDeviceName,
//       getDeviceDriver, the explicit instantiations for float and double) and the host-only include
//       (#include "CUDAStream.h").

/*
 *==============================================================================
 *------------------------------------------------------------------------------
 * Copyright 2015-16: Tom Deakin, Simon McIntosh-Smith, University of Bristol HPC
 * Based on John D. McCalpin’s original STREAM benchmark for CPUs
 *------------------------------------------------------------------------------
 * License:
 *  1. You are free to use this program and/or to redistribute
 *     this program.
 *  2. You are free to modify this program for your own use,
 *     including commercial use, subject to the publication
 *     restrictions in item 3.
 *  3. You are free to publish results obtained from running this
 *     program, or from works that you derive from this program,
 *     with the following limitations:
 *     3a. In order to be referred to as "BabelStream benchmark results",
 *         published results must be in conformance to the BabelStream
 *         Run Rules published at
 *         http://github.com/UoB-HPC/BabelStream/wiki/Run-Rules
 *         and incorporated herein by reference.
 *         The copyright holders retain the
 *         right to determine conformity with the Run Rules.
 *     3b. Results based on modified source code or on runs not in
 *         accordance with the BabelStream Run Rules must be clearly
 *         labelled whenever they are published.  Examples of
 *         proper labelling include:
 *         "tuned BabelStream benchmark results"
 *         "based on a variant of the BabelStream benchmark code"
 *         Other comparable, clear and reasonable labelling is
 *         acceptable.
 *     3c. Submission of results to the BabelStream benchmark web site
 *         is encouraged, but not required.
 *  4. Use of this program or creation of derived works based on this
 *     program constitutes acceptance of these licensing restrictions.
 *  5. Absolutely no warranty is expressed or implied.
 *———————————————————————————————————-------------------------------------------
 */

// Copyright (c) 2015-16 Tom Deakin, Simon McIntosh-Smith,
// University of Bristol HPC
//
// For full license terms please see the LICENSE file distributed with this
// source code

// ---- copied from src/Stream.h (lines 13-17) and src/cuda/CUDAStream.h (line 18) of the same commit
// Array values
#define startA (0.1)
#define startB (0.2)
#define startC (0.0)
#define startScalar (0.4)

#define TBSIZE 1024
// ---- end of the copied lines

template <typename T>
__global__ void init_kernel(T * a, T * b, T * c, T initA, T initB, T initC)
{
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  a[i] = initA;
  b[i] = initB;
  c[i] = initC;
}

template <typename T>
__global__ void copy_kernel(const T * a, T * c)
{
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  c[i] = a[i];
}

template <typename T>
__global__ void mul_kernel(T * b, const T * c)
{
  const T scalar = startScalar;
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  b[i] = scalar * c[i];
}

template <typename T>
__global__ void add_kernel(const T * a, const T * b, T * c)
{
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

template <typename T>
__global__ void triad_kernel(T * a, const T * b, const T * c)
{
  const T scalar = startScalar;
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  a[i] = b[i] + scalar * c[i];
}

template <typename T>
__global__ void nstream_kernel(T * a, const T * b, const T * c)
{
  const T scalar = startScalar;
  const int i = blockDim.x * blockIdx.x + threadIdx.x;
  a[i] += b[i] + scalar * c[i];
}

template <class T>
__global__ void dot_kernel(const T * a, const T * b, T * sum, int array_size)
{
  __shared__ T tb_sum[TBSIZE];

  int i = blockDim.x * blockIdx.x + threadIdx.x;
  const size_t local_i = threadIdx.x;

  tb_sum[local_i] = {};
  for (; i < array_size; i += blockDim.x*gridDim.x)
    tb_sum[local_i] += a[i] * b[i];

  for (int offset = blockDim.x / 2; offset > 0; offset /= 2)
  {
    __syncthreads();
    if (local_i < offset)
    {
      tb_sum[local_i] += tb_sum[local_i+offset];
    }
  }

  if (local_i == 0)
    sum[blockIdx.x] = tb_sum[local_i];
}
