// tilelab kernel collection: tiny-flash-attention's standalone FlashAttention-2 teaching kernel (one block of Br x Bc
// Source:  https://github.com/66RING/tiny-flash-attention/blob/dacda43160add8ed05c43b943b40787606a23f2f/flash_attention_cuda/standalone_src/flash_attention_v2_standalone.cu
//          (66RING/tiny-flash-attention, commit dacda43, a from-scratch FlashAttention tutorial in Python, Triton, CUDA, CuTe)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2024 66RING"), repeated below.
// threads a Br-row slice of Q, K and V tiles of Bc rows streamed through shared memory, an online softmax) and the
// file's three naive kernels (a slice-k QK^T GEMM, a one-thread-a-row softmax, P @ V) it is checked against.
// Kept: lines 1-4 (the includes but helper.h), 31-52 (FP, the constants, the kernels' prototypes),
//       76-205 (flash_attention_v2_kernel) and 247-319 (naive_nrow_gemm, naive_pv, row_softmax), unchanged.
// Removed: line 5 (#include "helper.h", the host's print and compare helpers), 6-30 (CUDA_CHECK, DEBUG_BLOCK),
//       53-75 (flash_attention_v2_cuda), 206-246 (self_attention_cuda) and 320-418 (test_attention, main).
// Selection, fixed before any run (collection/manifest.toml, the tinyfa_ entries): every __global__ kernel of
// flash_attention_v1_standalone.cu and flash_attention_v2_standalone.cu, none dropped for its result, each launched
// as the file's host launches it: naive_nrow_gemm <<<1, m / mBlock>>> (mBlock 2, a = 1 / sqrt(dim), b = 0),
// row_softmax <<<1, m>>>, naive_pv <<<1, m / mBlock>>>, the flash kernel <<<dim3(1, (m + Br - 1) / Br), dim3(Bc, Br)>>>;
// the file's constants kept (Br = Bc = 2, dim = 4: the kernels read them), the host's m = input_seq = 4 replaced by 64.
//
// MIT License
//
// Copyright (c) 2024 66RING
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// flash_attention_cuda/standalone_src/flash_attention_v2_standalone.cu, lines 1-4
#include <cassert>
#include <cmath>
#include <cuda_runtime.h>
#include <stdio.h>
// flash_attention_cuda/standalone_src/flash_attention_v2_standalone.cu, lines 31-52

// data type to test
using FP = float;
// BLOCK_M(Br, Brow), BLOCK_N(Bc, Bcol) can be determined at compile time
// just like offical implementation which use a template kernel to do that
// Block row size
const int Br = 2;
// Block column size
const int Bc = 2;
// seqlen
const int input_seq = 4;
// dim
const int dim = 4;


__global__ void naive_nrow_gemm(float *A, float *B, float *C, float a, float b,
                                int M, int N, int K, int mBlock);
__global__ void row_softmax(float *input, float *output, int n);
__global__ void naive_pv(float *P, float *V, float *O, int M, int N,
                         int mBlock);

__global__ void flash_attention_v2_kernel(FP *Q, FP* K, FP* V, FP* O, int seqlen, FP smScale);
// flash_attention_cuda/standalone_src/flash_attention_v2_standalone.cu, lines 76-205
__global__ void flash_attention_v2_kernel(FP *Q, FP* K, FP* V, FP* O, int seqlen, FP smScale) {
  // block size for K, V
  // group of row(seqlen)
  int groupSeq = (seqlen + Bc - 1) / Bc;
  // parallel process for V[Br, d]
  // group of column
  int groupTx = (dim + Bc - 1) / Bc;
  int groupTy = (dim + Br - 1) / Br;

  // load slice from global memory(HBM)
  __shared__ FP sQ[Br][dim];
  __shared__ FP sK[Bc][dim];
  __shared__ FP sV[Bc][dim];
  // tmp o
  __shared__ FP sO[Br][dim];
  __shared__ FP sQK[Br][Bc];
  // e^{x - max}
  __shared__ FP sSafeE[Br][Bc];
  // s stand for shared and local
  __shared__ FP sDenom[Br];
  __shared__ FP sMax[Br];

  // TODO: multihead

  // [0, Bc]
  int tx = threadIdx.x;
  // [0, Br]
  int ty = threadIdx.y;

  int row = ty + blockIdx.y * blockDim.y;

  if (row >= seqlen) {
  }
  // load q, o, max, denom from global memory to shared memory
  // Q[Br, dim]
  for (int i = 0; i < groupTx; i++) {
    sQ[ty][i * Bc + tx] = Q[row * dim + i * Bc + tx];
    // NOTE:: accumulator zero init here
    sO[ty][i * Bc + tx] = 0;
  }

  sMax[ty] = -INFINITY;
  sDenom[ty] = 0;

  // load K, V block
  // Q[Br][dim] @ K[0..seqlen.step(Bc), dim]
  // compute partial sum of O[ty][dim] each iteration
  for (int j = 0; j < groupSeq; j++) {
    if ((j * Bc + tx) < seqlen) {
      // load k, v from global memory to shared memory
      // K[seqlen, dim], V[seqlen, dim]
      for (int i = 0; i < groupTy; i++) {
        // NOTE:
        // each thread.x copy a row of K to K.T
        // row0, t0:
        // row1, t1:
        // row2, t0:
        // row3, t2:
        sK[tx][i * Br + ty] = K[j * Bc * dim + tx * dim + i * Br + ty];
        sV[tx][i * Br + ty] = V[j * Bc * dim + tx * dim + i * Br + ty];
      }
    }

    // wait until g2s done
    __syncthreads();

    // compute qk
    FP sum = 0.f;
    // result oriented: qk[y][x] from q[y] @ k[x]
    for (int i = 0; i < dim; i++) {
      sum += sQ[ty][i] * sK[tx][i];
    }
    // sQK[Br, Bc]
    sQK[ty][tx] = sum * smScale;

    // wait until qk done
    __syncthreads();

    // compute local max of each row of qk
    FP localMax = -INFINITY;
    for (int i = 0; i < Bc; i++) {
      localMax = max(localMax, sQK[ty][i]);
    }
    __syncthreads();
    // compute the max of each row
    FP newMax = max(sMax[ty], localMax);

    // compute safe e(e^{x - max}) of each qk element
    sSafeE[ty][tx] = exp(sQK[ty][tx] - newMax);
    __syncthreads();

    // accumulate local denom of each row of qk with local max
    FP localDenom = 0.f;
    for (int i = 0; i < Bc; i++) {
      localDenom += sSafeE[ty][i];
    }
    __syncthreads();

    // rescale history result
    FP rescaleOld = exp(sMax[ty] - newMax);
    // rescale denom
    FP newDenom = sDenom[ty] * rescaleOld + localDenom;

    // NOTE:
    // QK[Br, Bc] @ V[Bc, d] = O[Br, d]
    // tx in [0, Bc], ty in [0, Br]
    // slice-Bc and each O[ty, group.x] as accumulator
    for (int i = 0; i < groupTx; i++) {
      // NOTE: rescale old_o(numerator only for now) once: old_nume * rescale
      sO[ty][i * Bc + tx] = (sO[ty][i * Bc + tx] * rescaleOld);
      for (int k = 0; k < Bc; k++) {
        // NOTE:
        // accumulate numerator
        // new_nume = old_nume' + local_nume (Softmax(QK)@V)
        sO[ty][i * Bc + tx] += sSafeE[ty][k] * sV[k][i * Bc + tx];
      }
    }

    // update global max and denom
    sMax[ty] = newMax;
    sDenom[ty] = newDenom;
    __syncthreads();
  }

  // rescale O in the end
  for (int i = 0; i < groupTx; i++) {
    // copy sO[row, dim] to gO[row, dim]
    O[row * dim + i * Bc + tx] = sO[ty][i * Bc + tx] / sDenom[ty];
  }
}
// flash_attention_cuda/standalone_src/flash_attention_v2_standalone.cu, lines 247-319
// naive gemm implement with slice-k
// perform C = aA@B + bC
// A[M, K] x B[K, N] = C[M, N]
// each thread process mblock rows of A
__global__ void naive_nrow_gemm(float *A, float *B, float *C, float a, float b,
                                int M, int N, int K, int mBlock) {
  int idx = threadIdx.x + blockDim.x * blockIdx.x;

  // each thread process a range of rows
  idx *= mBlock;

  // A[mBlock, K] x B[N, K].T = C[mBlock, N]
  for (int i = idx; i < idx + mBlock; i++) {
    for (int j = 0; j < N; j++) {
      float sum = 0.f;
      for (int k = 0; k < K; k++) {
        sum += A[i * K + k] * B[j * K + k];
      }
      // C[M, N]
      // C = aA@B + bC
      C[i * N + j] = a * sum + b * C[i * N + j];
    }
  }
}

// perform QK[M, M] @ V[M, N]
__global__ void naive_pv(float *P, float *V, float *O, int M, int N,
                         int mBlock) {
  int idx = threadIdx.x + blockDim.x * blockIdx.x;

  // each thread process a range of rows
  idx *= mBlock;

  int K = M;
  // P[mBlock, M] x V[M, N] = O[mBlock, N]
  for (int i = idx; i < idx + mBlock; i++) {
    for (int j = 0; j < N; j++) {
      float sum = 0.f;
      for (int k = 0; k < K; k++) {
        sum += P[i * K + k] * V[k * N + j];
      }
      // C[M, N]
      O[i * N + j] = sum;
    }
  }
}

// each thread process one row of softmax
__global__ void row_softmax(float *input, float *output, int n) {
  // assume id will not exceed row number of input
  int idx = threadIdx.x + blockDim.x * blockIdx.x;

  float max = -INFINITY;
  float sum = 0.f;

  // Find max
  for (int i = 0; i < n; i++) {
    if (input[idx * n + i] > max) {
      max = input[idx * n + i];
    }
  }

  // Compute numerator and denominator
  for (int i = 0; i < n; i++) {
    output[idx * n + i] = exp(input[idx * n + i] - max);
    sum += output[idx * n + i];
  }

  // Compute softmax
  for (int i = 0; i < n; i++) {
    output[idx * n + i] /= sum;
  }
}
