// tilelab kernel collection: Csound's cudanal / cudasynth phase vocoder: windowing with circular rotation, rectangular to magnitude / frequency (phase unwrapping) and back
// Source:  https://github.com/csound/csound/blob/ae26536de8ba59aab7a0db12214ec1e02621a642/Opcodes/cuda/pvsops.cu
//          (csound/csound, commit ae26536, the parent of d06764d "move CUDA opcodes out", the last with Opcodes/cuda)
// Licence: LGPL-2.1-or-later (the repository's COPYING; the file's own notice, kept below): this file stays LGPL.
// Kept, unchanged: lines 1-26 (notice), 31-51 (frompvs, winrotate), 229-257 (modTwoPi, topvs, rotatewin); removed: lines 27-30 (#include <csdl.h>, <cufft.h>, <pstream.h>: csoundCore.h's PI / TWOPI copied in below), 52-228 and 258-end (host opcodes).
// Built as Opcodes/cuda/CMakeLists.txt builds it on Linux (nvcc -use_fast_math; USE_DOUBLE, the CMake default, so
// MYFLT is double; sysdep.h defines B64BIT on 64-bit Linux, selecting csoundCore.h's 64-bit MAXLEN / PHMASK).
// -*- c++ -*-
/* pvsops.cu
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

// ---- copied in from csound's include/csoundCore.h, lines 188-191 (what the kernels need of <csdl.h>) ----
#ifndef PI
#define PI      (3.141592653589793238462643383279502884197)
#endif /* pi */
#define TWOPI   (6.283185307179586476925286766559005768394)
// ---- end of include/csoundCore.h ----

/* kernel to convert from pvs to rectangular frame */
__global__ void frompvs(float* inframe, double* lastph,
                        double scal, double fac) {

  int k = threadIdx.x + blockIdx.x*blockDim.x + 1;
  int i = k << 1;
  float mag = inframe[i];
  double delta = (inframe[i+1] - k*scal)*fac;
  double phi = fmod(lastph[k-1] + delta, TWOPI);
  lastph[k-1] = phi;
  inframe[i] =  (float) (mag*cos(phi));
  inframe[i+1] = (float) (mag*sin(phi));
}

__global__ void winrotate(float* inframe2, float* inframe, float *win,
                          int N, int offset){
  int k = (threadIdx.x + blockIdx.x*blockDim.x);
  inframe2[k] = win[k]*inframe[(k+offset)%N];
}


__device__ double modTwoPi(double x)
{
  x = fmod(x,TWOPI);
  return x <= -PI ? x + TWOPI :
    (x > PI ? x - TWOPI : x);
}

/* kernel to convert from rectangular to pvs frame */
__global__ void topvs(float* aframe, double* oldph,
                      double scal, double fac) {
  int k = threadIdx.x + blockIdx.x*blockDim.x + 1;
  int i = k << 1;

  float re = aframe[i], im = aframe[i+1];
  float mag = sqrtf(re*re + im*im);
  double phi = atan2f(im,re);
  double delta = phi - oldph[k-1];
  oldph[k-1] = phi;
  aframe[i] =  mag;
  aframe[i+1] = (float) ((modTwoPi(delta) + k*scal)*fac);
}

__global__ void rotatewin(float* aframe2, float *aframe, float *win,
                          int N, int offset){
  int k = threadIdx.x + blockIdx.x*blockDim.x;
  aframe2[(k+offset)%N] = win[k]*aframe[k];
}
