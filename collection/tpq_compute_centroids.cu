// tilelab kernel collection: TorchPQ's compute_centroids (k-means centroid update: shared-memory float atomicAdd sums and counts per cluster, then means)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/compute_centroids.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/ComputeCentroidsCuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-87, device code only).
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
typedef long long int64_t;

extern "C"
__global__ void compute_centroids(
  const float* __restrict__ Data,
  const int64_t* __restrict__ Label,
  float* __restrict__ C,
  int M, int N, int E, int K
) {
  int tid = threadIdx.x; // thread ID
  int wid = tid / 32;
  int wtid = tid % 32;
  int nWarp = blockDim.x / 32;

  int sid = blockIdx.x; // subquantizer ID

  int kStart = blockIdx.y * _DK_;
  int kEnd = kStart + _DK_;
  if (kEnd > K)
    kEnd = K;
  int eStart = blockIdx.z * _DE_;
  int eEnd = eStart + _DK_;
  if (eEnd > E)
    eEnd = E;


  extern __shared__ volatile float  sh[]; // [(_DE_ + 1) * _DK_]
  // volatile int* counts = (volatile int*) &sh[_DE_ * _DK_];

  const int nIters = _NITERS_;
#pragma unroll
  for (int i = 0; i < nIters; i++){
    int ckid = i * _TPB_ + tid;
    if (ckid < _DK_){
      // counts[ckid] = 0;
      sh[_DK_*_DE_ + ckid] = 0;
#pragma unroll
      for (int j = 0; j < _DE_; j++){
        sh[(j) * _DK_ + (ckid) ] = 0.f;
      }
    }
  }
  __syncthreads();

  for (int iN = 0; iN < N / _TPB_ + int(N % _TPB_ != 0); iN++){
    const int nid = iN * _TPB_ + tid;

    if (nid >= N)
      break;
#pragma unroll
    for (int iE = 0; iE < _DE_; iE++){
      // load from Data [m, e, n]
      float val = Data[(sid)*E*N + (eStart + iE)*N + (nid)];

      // load from label
      int lab = (int) Label[(sid)*N + (nid)];

      // if label in range kStart : kEnd
      if (lab >= kStart && lab < kEnd){
        atomicAdd((float*) &sh[(iE) *_DK_ + (lab - kStart)], val);
        atomicAdd((float*) &sh[_DK_*_DE_ + (lab - kStart)], 1);
      }
    }
  }
  __syncthreads();
  // load from sh, divide by count, write to C
#pragma unroll
  for (int i = 0; i < nIters; i++){
    int ckid = i * _TPB_ + tid;
    if (ckid < _DK_ && ckid + kStart < K){
      //float count = (float) counts[ckid];
      float count = sh[_DK_*_DE_+ckid];
#pragma unroll
      for (int j = 0; j < _DE_; j++){
        float sum = sh[(j) * _DK_ + (ckid)];
        C[(sid)*E*K + (eStart + j)*K + (kStart + ckid)] = count == 0 ? 0.f : sum / count;
        // atomicAdd(&C[0 + (eStart)*K + (kStart + tid)], count == 0 ? -1.f : 99.f);
      }
    }
  }
}
