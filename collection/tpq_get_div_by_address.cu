// tilelab kernel collection: TorchPQ's get_div_by_address (IVF bookkeeping: the inverted list (division) each address falls in, by scanning shared tiles)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_div_by_address.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetDivByAddressCuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-63, device code only).
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
__global__ void get_div_by_address(
  const ll_t* __restrict__ address,
  const ll_t* __restrict__ div_start,
  const ll_t* __restrict__ div_end,
  ll_t* __restrict__ divs,
  int N, int K
) {
  int tid = threadIdx.x; // thread ID
  int bid = blockIdx.x; // block ID
  int div_id_start = bid * _TPB_ * _TA_ + tid * _TA_; //

  ll_t start_adr[_TA_];
  ll_t end_adr[_TA_];

#pragma unroll
  for (int i=0; i<_TA_; i++){
    if (div_id_start + i < K){
      start_adr[i] = div_start[div_id_start + i];
      end_adr[i] = div_end[div_id_start + i];
    }
  }
  __shared__ volatile ll_t smem[_TPB_];
  __shared__ volatile ll_t results[_TPB_];

  int n_iter = (N + _TPB_ - 1) / _TPB_;
  for (int i=0; i<n_iter; i++){
    int nid = i * _TPB_ + tid;

    if (nid < N){
      smem[tid] = address[nid];
    }
    results[tid] = -1;
    __syncthreads();

#pragma unroll
    for (int j=0; j<_TPB_; j++){
      ll_t adr = smem[j];
#pragma unroll
      for (int k=0; k<_TA_; k++){
        if (div_id_start + k < K){
          if (adr >= start_adr[k] && adr < end_adr[k]){
            results[j] = (ll_t) div_id_start + k;
          }
        }
      }
    }
    __syncthreads();

    if (nid < N){
      if (results[tid] >= 0)
        divs[nid] = results[tid];
    }
    __syncthreads();
  }
}
