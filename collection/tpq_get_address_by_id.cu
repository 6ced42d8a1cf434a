// tilelab kernel collection: TorchPQ's get_address_by_id (IVF bookkeeping: each id's storage address, found by scanning shared tiles of address2id)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_address_by_id.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetAddressByIDCuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-45, device code only).
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
__global__ void get_address_by_id(
  const ll_t* __restrict__ address2id,
  const ll_t* __restrict__ ids,
  ll_t* __restrict__ address,
  int n_data, int n_ids
) {
  int tid = threadIdx.x; // thread ID
  int qid = blockIdx.x * _TPB_ + tid;

  __shared__  volatile ll_t smem[_TPB_];

  ll_t id = -1;
  if (qid < n_ids){
    id = ids[qid];
  }

  int n_iter = (n_data + _TPB_ - 1) / _TPB_;
  for (int i=0; i<n_iter; i++){
    int nid = i * _TPB_ + tid;
    if (nid < n_data){
      smem[tid] = address2id[nid];
    }
    __syncthreads();
    if (qid < n_ids){
#pragma unroll
      for (int j=0; j<_TPB_; j++){
        if (i * _TPB_ + j < n_data){
          ll_t candidate = smem[j];
          if (candidate == id){
            address[qid] = (ll_t) (i * _TPB_ + j);
            break;
          }
        }
      }
    }
    __syncthreads();
  }
}
