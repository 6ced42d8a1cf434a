// tilelab kernel collection: TorchPQ's get_ioa (IVF bookkeeping: each label's index of appearance (how many equal labels come before it))
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_ioa.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetIOACuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-47, device code only).
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


typedef long long ll_t;

extern "C"
__global__ void get_ioa(
  const ll_t* __restrict__ labels,
  const ll_t* __restrict__ unique_labels,
  ll_t* __restrict__ ioa,
  int n_labels, int n_unique
) {
  int tid = threadIdx.x; // thread ID
  int uid = blockIdx.x * _TPB_ + tid; // unique label id

  ll_t ulabel = -1;
  int counter = 0;

  //ulabel = unique_labels[uid];
  if (uid < n_unique){
    ulabel = unique_labels[uid];
  } else {
    //ulabel = -1;
  }

  __shared__ volatile ll_t smem[_TPB_];
  int n_iter = (n_labels + _TPB_ - 1) / _TPB_;
  for (int i=0; i<n_iter; i++){
    int nid = i * _TPB_ + tid;
    if (nid < n_labels){
      smem[tid] = labels[nid];
    }
    __syncthreads();

#pragma unroll
    for (int j=0; j<_TPB_; j++){
      ll_t label = smem[j];
      if ( label == ulabel && (i * _TPB_ + j) < n_labels){
        ioa[i * _TPB_ + j] = ll_t(counter);
        counter ++;
      }
    }
    __syncthreads();
  }
}
