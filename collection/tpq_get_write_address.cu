// tilelab kernel collection: TorchPQ's get_write_address (IVF insertion: the address of the ioa-th empty slot of each label's division, by shared tiles)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_write_address.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetWriteAddressCuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-53, device code only).
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
__global__ void get_write_address(
  const ll_t* __restrict__ empty_adr,
  const ll_t* __restrict__ div_of_empty_adr,
  const ll_t* __restrict__ labels,
  const ll_t* __restrict__ ioa,
  ll_t* __restrict__ write_adr,
  int n_empty, int n_labels
) {
  int tid = threadIdx.x; // thread ID
  int lid = blockIdx.x * _TPB_ + tid; // label ID

  ll_t label;
  ll_t write_at_count;
  ll_t counter = 0;
  if (lid < n_labels){
    label = labels[lid];
    write_at_count = ioa[lid];
  } else {
    label = -1;
    write_at_count = -1;
  }

  __shared__ volatile ll_t smem[_TPB_];
  int n_iter = (n_empty + _TPB_ - 1) / _TPB_;
  for (int i =0; i<n_iter; i++){
    int nid = i * _TPB_ + tid;
    if (nid < n_empty){
      smem[tid] = div_of_empty_adr[nid];
    }
    __syncthreads();
    if (counter <= write_at_count){
      for (int j=0; j<_TPB_; j++){
        ll_t div = smem[j];
        if (div == label && i*_TPB_ + j < n_empty){
          if (counter == write_at_count){
            ll_t adr = empty_adr[i*_TPB_ + j];
            write_adr[lid] = adr;
          }
          counter ++;
        }
      }
    }
    __syncthreads();
  }
}
