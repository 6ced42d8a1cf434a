// tilelab kernel collection: Csound's cudaconv opcode: direct time-domain convolution, one thread a (tap, sample) product, then the first ksmps threads mix every tap after a __syncthreads
// Source:  https://github.com/csound/csound/blob/ae26536de8ba59aab7a0db12214ec1e02621a642/Opcodes/cuda/conv.cu
//          (csound/csound, commit ae26536, the parent of d06764d "move CUDA opcodes out", the last with Opcodes/cuda)
// Licence: LGPL-2.1-or-later (the repository's COPYING; the file's own notice, kept below): this file stays LGPL.
// Kept, unchanged: lines 1-23 (notice), 25-40 (convol); removed: line 24 (#include <csdl.h>: sysdep.h's MYFLT copied in below) and 41-end (a commented-out atomicAdd / convol2 and the host opcode).
// Built as Opcodes/cuda/CMakeLists.txt builds it on Linux (nvcc -use_fast_math; USE_DOUBLE, the CMake default, so
// MYFLT is double; sysdep.h defines B64BIT on 64-bit Linux, selecting csoundCore.h's 64-bit MAXLEN / PHMASK).
// -*- c++ -*-
/* conv.cu

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

// ---- copied in from csound's include/sysdep.h, line 200 (what the kernels need of <csdl.h>) ----
#    define MYFLT double
// ---- end of include/sysdep.h ----

__global__ void convol(MYFLT *out, MYFLT *del, MYFLT *coefs, int irsize, int rp, int vsize) {
  int t = (threadIdx.x + blockIdx.x*blockDim.x);
  if(t >= irsize*vsize) return;
  int n =  t%vsize;  /* sample index */
  int h =  t/vsize;  /* coeff index */
  int end = irsize+vsize;
  rp += n + h; /* read point, oldest -> newest */
  out[t] = del[rp < end ? rp : rp%end]*coefs[irsize-1-h];  /* single tap */
  if(t >= vsize) return;
  __syncthreads();
  MYFLT a = 0.0;
  for(int i=1, j=vsize; i < irsize; i++, j+=vsize)
    a +=  out[n + j]; /* mix all taps */   
  out[n] += a;    
}
