// tilelab kernel collection: Dtananaev's cuda_filters: filter_kernel, a 3 x 3 median filter, one colour channel (cuda_median/cuda_median.cu)
// Source:  https://github.com/Dtananaev/cuda_filters/blob/be777f6ea1f78c15e05728965f316bcdf98db068/cuda_median/cuda_median.cu
//          (Dtananaev/cuda_filters, commit be777f6: Denis Tananaev's CUDA image filters)
// Licence: the BSD-3-Clause text of the repository's LICENSE.md, "Copyright (c) 2015, Denis Tananaev" (its README's badge says BSD-2); the file itself carries no licence notice: the LICENSE.md text follows.
// Kept: the device code, unchanged (lines 1-8 and 13-50 of the original).
//       Removed: the host code (lines 51-end: apply_filter and main) and the host-only includes (lines 9-12: "CMatrix.h"
//       <stdio.h> "CTensor.h").

/*
 * Copyright (c) 2015, Denis Tananaev. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * * Redistributions of source code must retain the above copyright notice, this
 *   list of conditions and the following disclaimer.
 *
 * * Redistributions in binary form must reproduce the above copyright notice,
 *   this list of conditions and the following disclaimer in the documentation
 *   and/or other materials provided with the distribution.
 *
 * * Neither the name of the project nor the names of its
 *   contributors may be used to endorse or promote products derived from
 *   this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

/*
* cuda_median.cu
*
*  Created on: February 15, 2015
*      Author: Denis Tananaev
*/


__global__ void filter_kernel( float* result, float* img,int n,int m)
{
  int x = blockDim.x * blockIdx.x + threadIdx.x;
  int y = blockDim.y * blockIdx.y + threadIdx.y;

  float filter[9];

  int ym1,yp1,xm1,xp1;
  if( y == 0 ) ym1=y; else ym1 = y-1;

  // upper row
  filter[0] = img[ym1*n + (x-1)];
  filter[1] = img[ym1*n + (x)];
  filter[2] = img[ym1*n + (x+1)];

  // middle row
  filter[3] = img[(y)*n + (x-1)];
  filter[4] = img[(y)*n + (x)];
  filter[5] = img[(y)*n + (x+1)];

  // below row
  filter[6] = img[(y+1)*n + (x-1)];
  filter[7] = img[(y+1)*n + (x)];
  filter[8] = img[(y+1)*n + (x+1)];

  // filter
  for(int i = 0; i < 9; ++i)
  for(int j = 0; j < 8-i; ++j){
    if( filter[j] > filter[j+1] ){
      float tmp = filter[j];
      filter[j] = filter[j+1];
      filter[j+1] = tmp;
    }
  }

  result[y*n + x] = filter[4];

}
