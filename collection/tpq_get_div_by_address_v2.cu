// tilelab kernel collection: TorchPQ's get_div_by_address_v2 (IVF bookkeeping: the division of each sorted address, by a binary search over the divisions)
// Source:  https://github.com/DeMoriarty/TorchPQ/blob/e67fc2c1c9cb4daf3eee7a5359504a3240adbb01/torchpq/kernels/cuda/get_div_by_address_v2.cu
//          (DeMoriarty/TorchPQ, commit e67fc2c; a CuPy RawKernel string: torchpq/kernels/GetDivByAddressV2Cuda.py substitutes
//          its _NAME_ placeholders by text, which the manifest's options give as -D defines of the same values)
// Licence: MIT (the repository's LICENSE; the file carries no notice of its own: the LICENSE's notice is repeated)
// Kept, unchanged: the whole file (lines 1-96, device code only).
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
  const ll_t* __restrict__ divStart,
  const ll_t* __restrict__ divEnd,
  ll_t* __restrict__ divs,
  int nAddress, int nDivs
) {
  int tid = threadIdx.x; // thread ID
  int bid = blockIdx.x; // block ID
  int aStartBlock = bid * _TPB_ * _TA_;
  // int aStartThread = aStartBlock + tid * _TA_;

  extern __shared__ ll_t smem[];  //[_TPB_ * _TA_]

  ll_t threadAddress[_TA_];
#pragma unroll
  for (int i=0; i<_TA_; i++){
    int aid = aStartBlock + i * _TPB_ + tid;
    if (aid < nAddress){
      threadAddress[i] = address[aid];
    } else {
      threadAddress[i] = -3;
    }
  }

#pragma unroll
  for (int i=0; i<_TA_; i++){
    int idx = i * _TPB_ + tid;
    smem[idx] = threadAddress[i];

  }
  __syncthreads();
  ll_t threadMax = -1;
#pragma unroll
  for (int i=0; i<_TA_; i++){
    int idx = tid * _TA_ + i;
    threadAddress[i] = smem[idx];
    threadMax = max(threadMax, threadAddress[i]);
  }
  ll_t threadMin = threadAddress[0];

  int nIters = __float2int_rn(__log2f(float(nDivs))) + 1;
  
  int leftPivotRange[2] = {0, nDivs};
  int leftPivot = 0;
  for (int i=0; i<nIters; i++){
    leftPivot = (leftPivotRange[0] + leftPivotRange[1]) / 2;
    ll_t leftDivStart = divStart[leftPivot];
    ll_t leftDivEnd = divEnd[leftPivot];
    if (leftDivStart <= threadMin && leftDivEnd > threadMin){
      break;
    } else if (leftDivStart > threadMin) {
      leftPivotRange[1] = leftPivot;
    } else if (leftDivEnd <= threadMin) {
      leftPivotRange[0] = leftPivot;
    }
  } // end for i

  int rightPivotRange[2] = {0, nDivs};
  int rightPivot = nDivs - 1;
  for (int i=0; i<nIters; i++){
    rightPivot = (rightPivotRange[0] + rightPivotRange[1]) / 2;
    ll_t rightDivStart = divStart[rightPivot];
    ll_t rightDivEnd = divEnd[rightPivot];
    if (rightDivStart <= threadMax && rightDivEnd > threadMax){
      break;
    } else if (rightDivStart > threadMax) {
      rightPivotRange[1] = rightPivot;
    } else if (rightDivEnd <= threadMax) {
      rightPivotRange[0] = rightPivot;
    }
  } // end for i

  for (int i=leftPivot; i<rightPivot + 1; i++){ // is +1 necessary?
    ll_t cDivStart = divStart[i];
    ll_t cDivEnd = divEnd[i];
#pragma unroll
    for (int j=0; j<_TA_; j++){
      int aid = aStartBlock + tid * _TA_ + j;
      if (aid < nAddress){
        ll_t adr = threadAddress[j];
        if (adr >= cDivStart && adr < cDivEnd){
          divs[aid] = i;
        }
      }
    } // end for j
  } // end for i
}
