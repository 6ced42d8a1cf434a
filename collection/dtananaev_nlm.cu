// tilelab kernel collection: Dtananaev's cuda_filters: cuda_NLM_filter, the naive non-local means filter (cuda_nlm/cuda_nlm.cu)
// Source:  https://github.com/Dtananaev/cuda_filters/blob/be777f6ea1f78c15e05728965f316bcdf98db068/cuda_nlm/cuda_nlm.cu
//          (Dtananaev/cuda_filters, commit be777f6: Denis Tananaev's CUDA image filters)
// Licence: the BSD-3-Clause text of the repository's LICENSE.md, "Copyright (c) 2015, Denis Tananaev" (its README's badge says BSD-2); the file itself carries no licence notice: the LICENSE.md text follows.
// Kept: the device code, unchanged (lines 1-7 and 14-72 of the original).
//       Removed: the host code (lines 73-117: cuda_NLM_Naive, which builds the Gaussian table and launches) and the
//       host-only includes (lines 8-13: "cuda_nlm.h" <cmath> <cstdio> "CMatrix.h" <ctime>).
//       The original's CRLF line endings are LF here.

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
* cuda_nlm.cpp
*
*  Created on: March 17, 2015
*      Author: Denis Tananaev
*/

using namespace std;


//Cuda_NLM_Naive
__global__ void cuda_NLM_filter(float* result, const float* input,float *gauss_lut, int x_size, int y_size,int window_radius,int patch_radius,float inv_sqr_sigma)
{
int x = blockDim.x * blockIdx.x + threadIdx.x;
int y = blockDim.y * blockIdx.y + threadIdx.y;

if(x>=x_size || y>=y_size)
return;

  //variables
 int gauss_lut_center = patch_radius;
	float sum = 0; 
    float new_value = 0;
	
	

	// window
    const int x1 = max(0,x-window_radius);
    const int y1 = max(0,y-window_radius);
    const int x2 = min(x_size-1,x+window_radius);
    const int y2 = min(y_size-1,y+window_radius);

	
	//patch comparing
    for( int ny = y1; ny <= y2; ++ny )
    for( int nx = x1; nx <= x2; ++nx )
    {
		float dist = 0;
  for( int ty = -patch_radius; ty <= patch_radius; ++ty )
  for( int tx = -patch_radius; tx <= patch_radius; ++tx )
  {
    // clamp coordinates
    int p1x = min(x_size-1,max(0,x+tx));
    int p1y = min(y_size-1,max(0,y+ty));
    int p2x = min(x_size-1,max(0,nx+tx));
    int p2y = min(y_size-1,max(0,ny+ty));

	//calculate distance between patches
    float tmp = input[p1y*x_size+p1x]-input[p2y*x_size+p2x];
    dist += tmp*tmp*gauss_lut[gauss_lut_center+tx]*gauss_lut[gauss_lut_center+ty];
  }

  //calculate weight of each patch
      float w = exp(-dist*inv_sqr_sigma);
  //weightet sum of the patches
      new_value += w*input[ny*x_size+nx];
  //normalizer
      sum+= w;
    }
	//synchronaise threads
	__syncthreads();

    result[y*x_size+x] = new_value/sum;

}
