// tilelab kernel collection: Csound's cudasynth additive synthesis: an oscillator bank, one thread a (partial, sample), float atomicAdd into the output block, and the per-partial phase / amplitude update
// Source:  https://github.com/csound/csound/blob/ae26536de8ba59aab7a0db12214ec1e02621a642/Opcodes/cuda/adsyn.cu
//          (csound/csound, commit ae26536, the parent of d06764d "move CUDA opcodes out", the last with Opcodes/cuda)
// Licence: LGPL-2.1-or-later (the repository's COPYING; the file's own notice, kept below): this file stays LGPL.
// Kept, unchanged: lines 1-26 (notice), 96-124 (sample, update); removed: lines 27-95 (#include <csdl.h>, <pstream.h>: sysdep.h's MYFLT and csoundCore.h's PI / MAXLEN lines copied in below; the opcode struct and init) and 125-end (host).
// Built as Opcodes/cuda/CMakeLists.txt builds it on Linux (nvcc -use_fast_math; USE_DOUBLE, the CMake default, so
// MYFLT is double; sysdep.h defines B64BIT on 64-bit Linux, selecting csoundCore.h's 64-bit MAXLEN / PHMASK).
// -*- c++ -*-
/* adsyn.cu
   experimental cuda opcodes

  (c) Victor Lazzarini, 2013

  based on M Puckette's pitch tracking algorithm.

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
// ---- copied in from csound's include/csoundCore.h, lines 188-191 (what the kernels need of <csdl.h>) ----
#ifndef PI
#define PI      (3.141592653589793238462643383279502884197)
#endif /* pi */
#define TWOPI   (6.283185307179586476925286766559005768394)
// ---- end of include/csoundCore.h ----
// ---- copied in from csound's include/csoundCore.h, lines 124-126 (what the kernels need of <csdl.h>) ----
#define MAXLEN     0x40000000
#define FMAXLEN    ((MYFLT)(MAXLEN))
#define PHMASK     0x3fffffff
// ---- end of include/csoundCore.h ----

__global__ void sample(float *out, float *frame, float pitch, int64_t *ph,
                       float *amps, int vsize, float sr) {

  int t = (threadIdx.x + blockIdx.x*blockDim.x);
  int n =  t%vsize;  /* sample index */
  int h = t/vsize;  /* bin index */
  //if(amps[h] < 0.001) return;
  int k = h<<1;
  int64_t lph;
  float a = amps[h], ascl = ((float)n)/vsize;
  int64_t d =  (int64_t) round(frame[k+1]*pitch*FMAXLEN/sr);
  lph = ph[h] + n*d;
  a += ascl*(frame[k] - a);
  atomicAdd(&out[n], a*sinf((2*PI*lph)/FMAXLEN));
   // if(n) return;
   // ph[h]  =  (ph[h] + vsize*d) & PHMASK;
   // amps[h] = frame[k];
}

__global__ void update(float *frame, float *amps,
      int64_t *ph,float pitch, int vsize, float sr){

 int h = threadIdx.x + blockIdx.x*blockDim.x;
 int k = h << 1;
 /* update phases and amps */
 ph[h]  = (ph[h] + (int64_t)(vsize*round(pitch*frame[k+1]*FMAXLEN/sr))) & PHMASK;
 amps[h] = frame[k];
}
