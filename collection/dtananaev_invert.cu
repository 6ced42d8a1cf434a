// tilelab kernel collection: Dtananaev's cuda_filters: invert_kernel, an RGB colour inversion over a pitched image (cuda_inv/cuinv.cu)
// Source:  https://github.com/Dtananaev/cuda_filters/blob/be777f6ea1f78c15e05728965f316bcdf98db068/cuda_inv/cuinv.cu
//          (Dtananaev/cuda_filters, commit be777f6: Denis Tananaev's CUDA image filters)
// Licence: the BSD-3-Clause text of the repository's LICENSE.md, "Copyright (c) 2015, Denis Tananaev" (its README's badge says BSD-2); the file itself carries no licence notice: the LICENSE.md text follows.
// Kept: the device code, unchanged (lines 1-7, 13-14 and 47-70 of the original).
//       Removed: the host code (lines 15-46: CTensorToColorCMatrix, ColorCMatrixToCTensor; lines 71-159: main) and the
//       host-only includes (lines 9-12: "CTensor.h" "timer.h" <string>).

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
* cudinv.cu
*
*  Created on: February 12, 2015
*      Author: Denis Tananaev
*/

typedef uchar4 Color;


/*
 *  Inverts a RGB color image
 *
 *  img     The input and output image
 *  x_size  image width in px
 *  y_size  image height in px
 *  pitch   row size in bytes
 */
__global__ void invert_kernel( Color* img, int x_size, int y_size, int pitch )
{
  int x = blockDim.x * blockIdx.x + threadIdx.x;
  int y = blockDim.y * blockIdx.y + threadIdx.y;
  if( x >= x_size || y >= y_size )
    return;

  Color* ptr = (Color*)((char*)img + y * pitch) + x;
  Color color = *ptr;
  color.x = 255-color.x;
  color.y = 255-color.y;
  color.z = 255-color.z;
  *ptr = color;
}
