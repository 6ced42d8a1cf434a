// tilelab kernel collection: CudaTree's constant-feature test (one block per feature: are its first and last sorted values equal?)
// Source:  https://github.com/EasonLiao/CudaTree/blob/fcd9c7f4dbac00c105bbfbff9f55db1d29747fc7/cudatree/cuda_kernels/feature_selector.cu
//          (EasonLiao/CudaTree, commit fcd9c7f)
// Licence: BSD-3-Clause ("New BSD License", the repository's LICENSE, repeated below; the file carries no notice).
// Kept:    lines 1-29, the whole file, unchanged but for its two "%s" (lines 4-5), a Python format string as CudaTree's other kernels are, substituted
//          as they would be with % (ctype_indices, ctype_samples): "uint16_t", "float". The repository never compiles or launches this file (no host code names it).
// Launches: none in the repository: one block per feature (the kernel reads only blockIdx.x), one thread.

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
#define SAMPLE_DATA_TYPE float


__global__ void feature_selector(IDX_DATA_TYPE *sorted_indices,
                          SAMPLE_DATA_TYPE *samples,
                          uint8_t* boolean_mask,
                          int n_samples,
                          int stride
                          ){
    uint32_t offset = blockIdx.x * stride;
    if(samples[offset + sorted_indices[offset]] == samples[offset + sorted_indices[offset + n_samples -1]])
      boolean_mask[blockIdx.x] = 0;
    else
      boolean_mask[blockIdx.x] = 1;

}









