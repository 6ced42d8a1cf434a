// tilelab kernel collection: Csound's sliding-DFT phase vocoder (Bradford, Lazzarini, ffitch): the per-bin sliding DFT over a batch of 256 samples, the Hann window in the frequency domain, FM harmonic shift by phase unwrapping, and resynthesis by float atomicAdd
// Source:  https://github.com/csound/csound/blob/ae26536de8ba59aab7a0db12214ec1e02621a642/Opcodes/cuda/slidingm.cu
//          (csound/csound, commit ae26536, the parent of d06764d "move CUDA opcodes out", the last with Opcodes/cuda)
// Licence: LGPL-2.1-or-later (the repository's COPYING; the file's own notice, kept below): this file stays LGPL.
// Kept, unchanged: lines 1-29 (notice), 34 (#include <math.h>: M_PI), 38-76, 79 (NEXT), 90-336 (device helpers and the four float kernels, RB undefined as the file has it); removed: lines 30-33 and 35-37 (host includes; csoundCore.h's PI copied in below), 77-78 and 80-89 (the host CUDA / CHK macros and checkcuda) and 337-end (host).
// Built as Opcodes/cuda/CMakeLists.txt builds it on Linux (nvcc -use_fast_math; USE_DOUBLE, the CMake default, so
// MYFLT is double; sysdep.h defines B64BIT on 64-bit Linux, selecting csoundCore.h's 64-bit MAXLEN / PHMASK).
// -*- c++ -*-
/*
  slindingm.cu:

  Copyright (C) 2014 Russell Bradford, Victor Lazzarini, John ffitch

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
// slindingm.cu
// experimental cuda opcodes
// using the sliding DFT
// adapted from Russell Bradford & John ffitch
//

#include <math.h>
// ---- copied in from csound's include/csoundCore.h, lines 188-191 (what the kernels need of <csdl.h>) ----
#ifndef PI
#define PI      (3.141592653589793238462643383279502884197)
#endif /* pi */
#define TWOPI   (6.283185307179586476925286766559005768394)
// ---- end of include/csoundCore.h ----

//#define RB

#ifndef RB
typedef float real;
#else
typedef double real;
#endif

#define real(x) x
#define TWO_PI (2.0*M_PI)
#define NBATCH (256)

#define Re(z) ((z).x)
#define Im(z) ((z).y)
#define R(p) ((p).x)
#define Theta(p) ((p).y)

#define RectA (real(1.0))
#define RectB (real(0.0))
#define HannA (real(0.5))
#define HannB (real(-0.5))
#define A HannA
#define B2 (HannB/real(2.0))
#define WINDOW


typedef double2 complex;
typedef double2 phasor;

// Put a few things into constant memory to free up a couple of registers
//__constant__ int N, N2;
__constant__ real binbandwidth, nyquist;
// array alignment
__constant__ int offset;
// process in batches of this size 
__constant__ int nbatch;


#define NEXT(p) p += offset

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600

#else
__device__ double atomicAdd(double* address, double val) { 
  unsigned long long int* address_as_ull = (unsigned long long int*)address; 
  unsigned long long int old = *address_as_ull, assumed; 
  do { assumed = old; 
    old = atomicCAS(address_as_ull, 
		    assumed, __double_as_longlong(val + __longlong_as_double(assumed))); 
  } while (assumed != old); 
  return __longlong_as_double(old); 
}
#endif

__device__ complex conjugate(complex z)
{
  return (complex){ Re(z), -Im(z) };
}

// round up to multiple of 256
__host__ __device__ int roundup(int n)
{
  return 1 + ((n - 1) | 0xff);
}

// Fin/Fout
// thread k does bin k; parallel across bins in a batch item..
__global__ void slide(real deltas[/*nbatch*/], complex Fin[/*N*/],
		      complex Fout[/*N*nbatch*/], 
                      real *sine, real *cosine, int N)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int b, N2 = N/2;
  complex f;
  real Fr, Fi, c, s;
  
  if (k > N2) return;
  f = Fin[k];

  // in constant memory
  s = sine[k];
  c = cosine[k];
  
  for (b = 0; b < nbatch; b++) {
    Fr = Re(f) + deltas[b];
    Fi = Im(f);
    f = (complex){ Fr*c - Fi*s, Fi*c + Fr*s };
    Fout[k] = f;
    NEXT(Fout);
  }
  Fin[k] = f;
}

__device__ real mod2Pi(real x)
{
  x = fmod(x, (real)TWO_PI);
  if (x > PI) return x - TWO_PI;
  if (x <= -PI) return x + TWO_PI;
  return x;
}

#ifdef RB
// below is one thread per bin, as per other kernels
// data is spread across blocks, but there is no sync across blocks
// thus cannot do in-place window
// parallel across bins in a batch item
// could do bins*batches
__global__ void window(complex Foutw[/*N*nbatch*/],
		       complex Fout[/*N*nbatch*/], int N)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int b, N2 = N/2;
  complex F, Fm1, Fp1, f;
  real Fr, Fi;

  // in the last block
  if (k > N2) return;

  for (b = 0; b < nbatch; b++) {
    F = Foutw[k];
    // conjugate reflection at edges
    Fp1 = k < N2 ? Foutw[k + 1] : conjugate(Foutw[N2-1]);
    Fm1 = k > 0 ? Foutw[k - 1] : conjugate(Foutw[1]);
    Fr = A*Re(F) + B2*(Re(Fm1) + Re(Fp1));
    Fi = A*Im(F) + B2*(Im(Fm1) + Im(Fp1));

    Re(f) = Fr;
    Im(f) = Fi;
    Fout[k] = f;

    NEXT(Fout);
    NEXT(Foutw);
  }
}

// parallel across batches
// <<<nbatch/256,256>>>
// what is memory access pattern?
// small array sum, so not worth a tree reduction?
// middle sample only, so +- on real parts
__global__ void reconstruct(complex f[/*nbatch*N*/], real s[/*nbatch*/], int N)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  complex *F = f + offset*k;
  real sum = real(0.0);
  int bin, N2 = N/2;

  if (k >= nbatch) return;
  for (bin = 0; bin < N; bin += 2) {
    real v0 = bin <= N2 ? Re(F[bin]) : Re(F[N - bin]);
    real v1 = bin <  N2 ? Re(F[bin + 1]) : Re(F[N - bin - 1]);
    sum += v0 - v1;
  }
  s[k] = sum/N;
}

#else
// the code below depends on fast single-precision
// atomic addition

// this parallelises across N*nbatch
__global__ void window(complex Foutw[/*N*nbatch*/],
		       complex Fout[/*N*nbatch*/], int N)
{
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  int N2 = N/2;
  int s = n/N;
  int k = n%N;
  complex F, Fm1, Fp1, f;
  real Fr, Fi;
  Foutw += s*offset;
  Fout += s*offset;

  // in the last block
  if (n > N*nbatch) return;

  F = Foutw[k];
  Fp1 = k < N2 ? Foutw[k + 1] : conjugate(Foutw[N2-1]);
  Fm1 = k > 0 ? Foutw[k - 1] : conjugate(Foutw[1]);

  Fr = A*Re(F) + B2*(Re(Fm1) + Re(Fp1));
  Fi = A*Im(F) + B2*(Im(Fm1) + Im(Fp1));

  Re(f) = Fr;
  Im(f) = Fi;
  Fout[k] = f;
}

// this parallelises across N2*nbatch
__global__ void reconstruct(complex f[/*nbatch*N*/], real s[/*nbatch*/], int N)
{
  int n = blockIdx.x * blockDim.x + threadIdx.x, N2 = N/2;
  int k = n/N2;
  int bin = (n%N2)*2;
  complex *F = &f[offset*k];

  if (n >= nbatch*N2) return;

  real v0 = bin <= N2 ? Re(F[bin]) : Re(F[N - bin]);
  real v1 = bin <  N2 ? Re(F[bin + 1]) : Re(F[N - bin - 1]);
  atomicAdd(&s[k],v0-v1); 
}
#endif


__device__ phasor convert(complex f, real &oldiphase, int bin, int N)
{
  real Fr, Fi;
  real phase, deltaphase;
  phasor pha;

  Fr = Re(f);
  Fi = Im(f);

  // magnitude is easy
  R(pha) = hypot(Fi, Fr);

  phase = atan2(Fi, Fr);
  deltaphase = phase - oldiphase;
  oldiphase = phase;

  // subtract expected phase diff
  deltaphase = mod2Pi(deltaphase - bin*TWO_PI/N);

  // find actual freq
  // scale by bin width to give freq
  Theta(pha) = binbandwidth * (bin + deltaphase*N/TWO_PI);

  return pha;
}

__device__ phasor harmonic_shift(phasor pha, real fm)
{
  real sfreq;

  // tweak the freq using fm
  // same across all channels
  sfreq = Theta(pha)*fm;

  if (sfreq >= nyquist || sfreq <= -nyquist) R(pha) = real(0.0);
  Theta(pha) = sfreq;

  return pha;
}

__device__ real unconvert(phasor pha, real &oldophase, int N)
{
  real bin, phase;
  
  bin = Theta(pha)/binbandwidth;
  phase = bin*TWO_PI/N;
  phase = mod2Pi(oldophase + phase);
  oldophase = phase;

  return R(pha)*cos(phase);
}

// parallelism across bins*channels
__global__ void fmsyn(real inphase[/*N*/], complex F[/*nbatch*N*/],
		      real fm[/*nbatch*/], real outphase[/*N*/], int N)
{
  int k = blockIdx.x * blockDim.x + threadIdx.x;
  int b, N2 = N/2;
  real oldiphase, oldophase, val;
  phasor pha;

  if (k > N2) return;

  oldiphase = inphase[k];
  oldophase = outphase[k];

  for (b = 0; b < nbatch; b++) {
    pha = convert(F[k], oldiphase, k, N); // updates oldiphase
    pha = harmonic_shift(pha, fm[b]);

    // ignore imag part
    val = unconvert(pha, oldophase, N); // updates oldophase
    Re(F[k]) = val;
    NEXT(F);
  }

  inphase[k] = oldiphase;
  outphase[k] = oldophase;
}
