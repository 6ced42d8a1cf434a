// tilelab kernel collection: CudaTree's bootstrap marking kernel (a random forest's bootstrap: mark the drawn sample indices in a byte table)
// Source:  https://github.com/EasonLiao/CudaTree/blob/fcd9c7f4dbac00c105bbfbff9f55db1d29747fc7/cudatree/cuda_kernels/bootstrap_fill.cu
//          (EasonLiao/CudaTree, commit fcd9c7f)
// Licence: BSD-3-Clause ("New BSD License", the repository's LICENSE, repeated below; the file carries no notice).
// Kept:    lines 1-28, the whole file, unchanged but for its "%s" (line 4): the file is a Python format string that
//          cudatree/random_forest.py substitutes with % (ctype_indices,); here "uint16_t" (fewer than 65,536 samples: get_best_dtype, uint8 raised to uint16). PyCUDA's SourceModule compiles the string inside extern "C" { } (its default); here it is the string alone.
// Launches: random_forest.py's _get_sorted_indices: bootstrap_fill<<<(1, 1), (512, 1, 1)>>>, the unique drawn indices (np.unique of stride draws), mark_table, n_samples (their count), stride.

/*
   New BSD License
   
   Copyright (c) 2013 - Yisheng Liao, Alex Rubinsteyn and Power Russell.
   All rights reserved.
   
   
   Redistribution and use in source and binary forms, with or without
   modification, are permitted provided that the following conditions are met:
   
     a. Redistributions of source code must retain the above copyright notice,
        this list of conditions and the following disclaimer.
     b. Redistributions in binary form must reproduce the above copyright
        notice, this list of conditions and the following disclaimer in the
        documentation and/or other materials provided with the distribution.
     c. Neither the name of the Scikit-learn Developers  nor the names of
        its contributors may be used to endorse or promote products
        derived from this software without specific prior written
        permission. 
   
   
   THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
   AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
   IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
   ARE DISCLAIMED. IN NO EVENT SHALL THE REGENTS OR CONTRIBUTORS BE LIABLE FOR
   ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
   DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
   SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
   CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT
   LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY
   OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH
   DAMAGE.
*/

#include<stdio.h>
#include<math.h>
#include<stdint.h>
#define IDX_DATA_TYPE uint16_t

__global__ void bootstrap_fill(
                          IDX_DATA_TYPE *rand_indices,
                          uint8_t *mark_table,
                          uint32_t n_samples,
                          uint32_t stride
                          ){
  for(IDX_DATA_TYPE i = threadIdx.x; i < stride; i += blockDim.x)
    mark_table[i] = 0;
  
  __syncthreads();
  
  for(IDX_DATA_TYPE i = threadIdx.x; i < n_samples; ++i)
    mark_table[rand_indices[i]] = 1;
}









