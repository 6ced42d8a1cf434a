// tilelab kernel collection: TorchPQ's pq_decode (PQ decoding: each code byte looks up its sub-quantizer's centroid in a shared codebook tile)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/pq_decode.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/PQDecodeCuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-54, device code only).
//
// MIT License
// Copyright (c) 2018 YOUR NAME
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.//

#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif

typedef unsigned char uint8_t;

extern "C"
__global__ void pq_decode(
  const float* __restrict__ codebook,
  const uint8_t* __restrict__ code,
  float* __restrict__ result,
  int M, int D, int N
) {
  const int tid = threadIdx.x; // thread ID
  const int mStart = blockIdx.x * _TM_;
  const int dStart = blockIdx.y * _TD_;

  extern __shared__ volatile float smem[]; // _TM_ * _TD_ * 256

  // load codebook into smem
#pragma unroll
  for (int m=0; m<_TM_; m++){
#pragma unroll
    for (int d=0; d<_TD_; d++){
      int mid = mStart + m;
      int did = dStart + d;
      if (mid < M && did < D){
        smem[(m)*_TD_*256 + (d)*256 + tid] = codebook[(mid)*D*256 + (did)*256 + tid];
      }
    }
  }
  __syncthreads();

  int nIter = (N + _TPB_ - 1) / _TPB_;
  for (int i=0; i<nIter; i++){
    int nid = i * _TPB_ + tid;
    if (nid < N){
#pragma unroll
      for (int m=0; m<_TM_; m++){
        int mid = mStart + m;
        int index = code[(mid)*N + (nid)];
#pragma unroll
        for (int d=0; d<_TD_; d++){
          int did = dStart + d;
          if (mid < M && did < D){
            float value = smem[(m)*_TD_*256 + (d)*256 + index];
            result[(mid)*D*N + (did)*N + nid] = value;
          }
        }
      }
    }
  }
  __syncthreads();
}
