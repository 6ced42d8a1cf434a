// tilelab kernel collection: TorchPQ's get_write_address_v2 (IVF insertion: the ioa-th empty slot in each label's division, by a per-thread walk)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_write_address_v2.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetWriteAddressV2Cuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-42, device code only).
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
typedef unsigned char uint8_t;
extern "C"
__global__ void get_write_address(
  const uint8_t* __restrict__ isEmpty,
  const ll_t* __restrict__ divStart,
  const ll_t* __restrict__ divSize,
  const ll_t* __restrict__ labels,
  const ll_t* __restrict__ ioa,
  ll_t* __restrict__ write_adr,
  int n_slots, int n_labels
) {
  int tid = threadIdx.x; // thread ID
  int lid = blockIdx.x * _TPB_ + tid; // label ID

  if (lid < n_labels){
    const ll_t threadLabel = labels[lid];
    const ll_t threadIoa = ioa[lid];
    const ll_t threadDivStart = divStart[threadLabel];
    const ll_t threadDivSize = divSize[threadLabel];

    ll_t counter = 0;
    for (int i=0; i<threadDivSize; i++){
      ll_t adr = threadDivStart + i;
      if (adr < n_slots){
        uint8_t empty = isEmpty[adr];
        if (empty == 1){
          if (counter == threadIoa){
            write_adr[lid] = adr;
            break;
          }
          counter ++;
        }
      }
    } // end for i
  }
}
