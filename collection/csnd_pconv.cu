// tilelab kernel collection: Csound's cudapconv opcode: uniformly partitioned FFT convolution (reverb), the spectral multiply-accumulate over partitions with float atomicAdd, and the overlap-add
// Source:  https://github.com/csound/csound/blob/ae26536de8ba59aab7a0db12214ec1e02621a642/Opcodes/cuda/pconv.cu
//          (csound/csound, commit ae26536, the parent of d06764d "move CUDA opcodes out", the last with Opcodes/cuda)
// Licence: LGPL-2.1-or-later (the repository's COPYING; the file's own notice, kept below): this file stays LGPL.
// Kept, unchanged: lines 1-21 (notice), 24-60 (pconvol, olapadd); removed: lines 22-23 (#include <csdl.h>, <cufft.h>: the FFTs are the host's cuFFT calls) and 61-end (host opcode).
// Built as Opcodes/cuda/CMakeLists.txt builds it on Linux (nvcc -use_fast_math; USE_DOUBLE, the CMake default, so
// MYFLT is double; sysdep.h defines B64BIT on 64-bit Linux, selecting csoundCore.h's 64-bit MAXLEN / PHMASK).
// -*- c++ -*-
/* pconv.cu
  (c) Victor Lazzarini, 2013

  This file is part of Csound.

  The Csound Library is free software; you can redistribute it
  and/or modify it under the terms of the GNU Lesser General Public
  License as published by the Free Software Foundation; either
  version 2.1 of the License, or (at your option) any later version.

  Csound is distributed in the hope that it will be useful,
  but WITHOUT ANY WARRANTY; without even the implied warranty of
  MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
  GNU Lesser General Public License for more details.

  You should have received a copy of the GNU Lesser General Public
  License along with Csound; if not, write to the Free Software
  Foundation, Inc., 51 Franklin St, Fifth Floor, Boston, MA
  02110-1301 USA
*/

/* 
  each kernel processes one bin 
*/
__global__ void pconvol(float *out,float *in, 
			float *coef,int rp, int dftsize, 
			int nparts, int end) {
  float re,im,re2,im2;   

  /* thread count */
  int t = (threadIdx.x + blockIdx.x*blockDim.x);

  int k = t<<1;       /* coef pos      */   
  int n = k%(dftsize+2);  /* inframe pos   */

  /* if beyond the buffer end, exit */
  if(k >= end) return;                  
  rp += k/(dftsize+2);       /*  rp pos */

  /* select correct input buffer */
  in += (rp < nparts ? rp : rp%nparts)*(dftsize+2);

  re = coef[k]; im = coef[k+1];
  re2 = in[n];  im2 = in[n+1];
  
  /* complex multiplication + sums */
  atomicAdd(&out[n], re*re2 - im*im2);
  (n || n != dftsize) ? atomicAdd(&out[n+1], re*im2 + re2*im) : im;
 
}  

/* sample-by-sample overlap-add operation */
__global__ void olapadd(float *buf, float *in, int parts){
   int n = (threadIdx.x + blockIdx.x*blockDim.x);
   buf[n] = in[n] + buf[parts+n];
   buf[parts+n] = in[parts+n];
}
