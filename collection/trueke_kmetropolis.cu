// tilelab kernel collection: trueke's checkerboard Metropolis sweep of the 3-D random field Ising model (PCG32 in
// registers, a shared-memory block with halos) and the PCG random field / lattice reset (crinavar/trueke).
// Source:  https://github.com/crinavar/trueke/blob/897d3ac0f86d10adb57d07997de2ecc15810387b/src/kmetropolis.cuh
//          (crinavar/trueke, commit 897d3ac, Navarro and Huang's multi-GPU exchange Monte Carlo for the 3-D random
//          field Ising model)
// Licence: GPL-3.0-or-later (the file's notice below; the repository's LICENSE is the GNU GPL version 3), kept: this
//          file is GPL-3.0-or-later too. cpcg.cuh, copied in, carries PCG's Apache-2.0 notice (Melissa O'Neill), kept.
// Kept: kmetropolis.cuh lines 1-250 (all of it: 1-24 its notice, 25-250 the block and lattice macros,
//       kernel_metropolis, kernel_reset_random, kernel_reset_random_gpupcg, kernel_reset<T>), unchanged. Between the
//       notice and line 25, as main.cu's translation unit has them before kmetropolis.cuh: main.cu lines 29-35
//       (WARPSIZE, BX 32, BY 8, BZ 4, BLOCKSIZE1D, Q_DIST) and 43 (#include <curand_kernel.h>), and cpcg.cuh lines 1-87
//       (gpu_rand01 and the PCG32 step), each marked. Nothing removed: the file has no host code.
// Selection, fixed before any run (collection/manifest.toml, the trueke_ entries): kernel_reset_random_gpupcg as
//       pt.h launches it for the random field H (lgrid ((N + 511)/512), lblock 512, N = 32768: an L = 32 lattice),
//       and kernel_metropolis for both halves of a sweep (alt 0 and 1) as pt.h launches them (mcgrid (L/BX,
//       L/(2 BY), L/BZ) = (1, 2, 8), mcblock (BX, BY/2, BZ) = (32, 4, 4), B = -2/T = -0.5, h = 1).
//       kernel_reset_random (cuRAND) and kernel_reset<T> (a fill) are kept but not launched.
//
// ---- src/kmetropolis.cuh, lines 1-24 (its notice)
//////////////////////////////////////////////////////////////////////////////////
//                                                                              //
//  trueke                                                                      //
//  A multi-GPU implementation of the exchange Monte Carlo method.              //
//                                                                              //
//////////////////////////////////////////////////////////////////////////////////
//                                                                              //
//  Copyright © 2015 Cristobal A. Navarro, Wei Huang.                           //
//                                                                              //
//  This file is part of trueke.                                                //
//  trueke is free software: you can redistribute it and/or modify              //
//  it under the terms of the GNU General Public License as published by        //
//  the Free Software Foundation, either version 3 of the License, or           //
//  (at your option) any later version.                                         //
//                                                                              //
//  trueke is distributed in the hope that it will be useful,                   //
//  but WITHOUT ANY WARRANTY; without even the implied warranty of              //
//  MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the               //
//  GNU General Public License for more details.                                //
//                                                                              //
//  You should have received a copy of the GNU General Public License           //
//  along with trueke.  If not, see <http://www.gnu.org/licenses/>.             //
//                                                                              //
//////////////////////////////////////////////////////////////////////////////////
// ---- src/main.cu, lines 29-35 (the block dimensions and sizes its translation unit defines before the kernels)
/* warning: changing the block dimensions can lead to undefined behavior. */
#define WARPSIZE 32
#define BX	32
#define BY	8
#define	BZ	4
#define BLOCKSIZE1D 512
#define Q_DIST 2000
// ---- end of main.cu lines 29-35
// ---- src/main.cu, line 43 (curandState of kernel_prng_setup / kernel_reset_random)
#include <curand_kernel.h>
// ---- end of main.cu line 43
// ---- src/cpcg.cuh, lines 1-87 (Navarro's GPU PCG32 after O'Neill's pcg_basic, Apache-2.0 notice kept; main.cu
//      includes it first)
/*
 * PCG Random Number Generation for C.
 *
 * Copyright 2014 Melissa O'Neill <oneill@pcg-random.org>
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 *
 * For additional information about the PCG random number generation scheme,
 * including its license and other licensing options, visit
 *
 *       http://www.pcg-random.org
 */

/*
 * This code is derived from the full C implementation, which is in turn
 * derived from the canonical C++ PCG implementation. The C++ version
 * has many additional features and is preferable if you can use C++ in
 * your project.
 */

/* simple GPU-based PCG by Cristobal A. Navarro, Feb 9, 2016 */
#ifndef CPCG_H
#define CPCG_H

#define INV_UINT_MAX 2.3283064e-10f
#define PCG_DEFAULT_MULTIPLIER_64  6364136223846793005ULL

#include <limits.h>
#include <inttypes.h>

__host__ __device__ inline uint32_t gpu_pcg32_random_r(uint64_t *state, uint64_t *inc);

__host__ __device__ inline void gpu_pcg32_srandom_r(uint64_t *state, uint64_t *inc, uint64_t initstate, uint64_t initseq){
    *state = 0U;
    *inc = (initseq << 1u) | 1u;
    gpu_pcg32_random_r(state, inc);
    *state += initstate;
    gpu_pcg32_random_r(state, inc);
}


__host__ __device__ inline uint32_t gpu_pcg32_random_r(uint64_t *state, uint64_t *inc){
    uint64_t oldstate = *state;
    *state = oldstate * 6364136223846793005ULL + *inc;
    uint32_t xorshifted = ((oldstate >> 18u) ^ oldstate) >> 27u;
    uint32_t rot = oldstate >> 59u;
    return (xorshifted >> rot) | (xorshifted << ((-rot) & 31));
    //return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31)))*INV_UINT_MAX;
}

__host__ __device__ inline float gpu_rand01(uint64_t *state, uint64_t *inc){
    //return (float) gpu_pcg32_random_r(state, inc) / (float)(UINT_MAX);
    return (float) gpu_pcg32_random_r(state, inc) * INV_UINT_MAX;
}

__host__ __device__ uint64_t pcg_advance(uint64_t state, uint64_t delta, uint64_t cur_mult,
                            uint64_t cur_plus)
{
    uint64_t acc_mult = 1u;
    uint64_t acc_plus = 0u;
    while (delta > 0) {
        if (delta & 1) {
            acc_mult *= cur_mult;
            acc_plus = acc_plus * cur_mult + cur_plus;
        }
        cur_plus = (cur_mult + 1) * cur_plus;
        cur_mult *= cur_mult;
        delta /= 2;
    }
    return acc_mult * state + acc_plus;
}

__host__ __device__ void pcg_skip_ahead(uint64_t *state, uint64_t *inc, uint64_t delta){
    *state = pcg_advance(*state, delta, PCG_DEFAULT_MULTIPLIER_64, *inc);
}

#endif
// ---- end of cpcg.cuh
// ---- src/kmetropolis.cuh, lines 25-250

#ifndef _KERNEL_MONTECARLO_CUH_
#define _KERNEL_MONTECARLO_CUH_

// GPU-related definitions

#define sLx (BX+2)
#define sLy (BY+2)
#define sLz (BZ+2)

#define SVOLUME ((sLx)*(sLy)*(sLz))
#define BVOLUME ((BX)*((BY)/2)*(BZ))

#define MAX_BLOCK_VOLUME 1024
#define BLOCKSIZE 8
#define BLOCKSIZE1D 512
#define BLOCK_STEPS 1
#define EPSILON 0.00000000001f

#define NORM 4.656612e-10f
#define AFACTOR 1664525
#define BFACTOR 1013904223
#define RAN(n) (n = AFACTOR*n + BFACTOR)

#define C(x,y,z,L) 		((z)*(L)*(L)+(y)*(L)+(x))
#define sC(x,y,z,Lx,Ly)	((z+1)*(Ly)*(Lx)+(y+1)*(Lx)+(x+1))

#define PI 3.141592653589793238f

typedef int site_t;
// kernel_metropolis
__global__ void
kernel_metropolis(const int N, const int L, site_t *s, const int *H, const float h, const float B, uint64_t *state, uint64_t *inc, int alt){

	// offsets
	int offx = blockIdx.x * BX;
	int offy = (2*blockIdx.y + ((blockIdx.x + blockIdx.z + alt) & 1)) * BY;
	int offz = blockIdx.z * BZ;

	// halo shared memory coords
	int sx = threadIdx.x;
	int sy1 = 2*threadIdx.y;
	int sy2 = 2*threadIdx.y + 1;
	int sz = threadIdx.z;

	// global coords
	int x = offx + sx;
	int y1 = offy + sy1;
	int y2 = offy + sy2;
	int z = offz + sz;

	//if(x >= N || y1 >= N || y2 >= N || z >= N)
		//return;

	// global and local and block id in soc
	int tid = z*L*L/4 + (blockIdx.y * BY/2 + threadIdx.y)*L + x;
	// shared memory
	__shared__ site_t ss[SVOLUME];

	// load the spins into shared memory
	ss[sC(sx, sy1, sz, sLx, sLy)] = s[C(x, y1, z, L)];
	ss[sC(sx, sy2, sz, sLx, sLy)] = s[C(x, y2, z, L)];
	// get the h1,h2 values for y1 y2.
	int h1 = H[C(x, y1, z, L)];
	int h2 = H[C(x, y2, z, L)];
	//printf("thread %i   h1=%i   h2=%i\n", tid, h1, h2);

	// ------------------------------------------------
	// halo
	// ------------------------------------------------
	// Y boundary
	if(threadIdx.y == 0){
		// we also check if we are on the limit of the lattice
		ss[sC(sx, -1, sz, sLx, sLy)] = (offy == 0) ? s[C(x, L-1, z, L)] : s[C(x, offy-1, z, L)];
	}
	if(threadIdx.y == BY/2-1){
		ss[sC(sx, BY, sz, sLx, sLy)] = (offy == L-BY) ? s[C(x, 0, z, L)] : s[C(x, offy+BY, z, L)];
	}

	// X boundary
	if(threadIdx.x == 0){
		if(blockIdx.x == 0){
			ss[sC(-1, sy1, sz, sLx, sLy)] = s[C(L-1, y1, z, L)];
			ss[sC(-1, sy2, sz, sLx, sLy)] = s[C(L-1, y2, z, L)];
		}
		else{
			ss[sC(-1, sy1, sz, sLx, sLy)] = s[C(offx-1, y1, z, L)];
			ss[sC(-1, sy2, sz, sLx, sLy)] = s[C(offx-1, y2, z, L)];
		}
	}
	if(threadIdx.x == BX-1){
		if(blockIdx.x == gridDim.x-1){
			ss[sC(BX, sy1, sz, sLx, sLy)] = s[C(0, y1, z, L)];
			ss[sC(BX, sy2, sz, sLx, sLy)] = s[C(0, y2, z, L)];
		}
		else{
			ss[sC(BX, sy1, sz, sLx, sLy)] = s[C(offx+BX, y1, z, L)];
			ss[sC(BX, sy2, sz, sLx, sLy)] = s[C(offx+BX, y2, z, L)];
		}
	}

	// Z boundary
	if(threadIdx.z == 0){
		if(blockIdx.z == 0){
			ss[sC(sx, sy1, -1, sLx, sLy)] = s[C(x, y1, L-1, L)];
			ss[sC(sx, sy2, -1, sLx, sLy)] = s[C(x, y2, L-1, L)];
		}
		else{
			ss[sC(sx, sy1, -1, sLx, sLy)] = s[C(x, y1, offz-1, L)];
			ss[sC(sx, sy2, -1, sLx, sLy)] = s[C(x, y2, offz-1, L)];
		}
	}
	if(threadIdx.z == BZ-1){
		if(blockIdx.z == gridDim.z-1){
			ss[sC(sx, sy1, BZ, sLx, sLy)] = s[C(x, y1, 0, L)];
			ss[sC(sx, sy2, BZ, sLx, sLy)] = s[C(x, y2, 0, L)];
		}
		else{
			ss[sC(sx, sy1, BZ, sLx, sLy)] = s[C(x, y1, offz+BZ, L)];
			ss[sC(sx, sy2, BZ, sLx, sLy)] = s[C(x, y2, offz+BZ, L)];
		}
	}

	// get random number state
	uint64_t lstate = state[tid];
	uint64_t linc = inc[tid];
	// the white and black y
  	int wy = ((sx + sz) & 1) 		+ 2*threadIdx.y;
  	int by = ((sx + sz + 1) & 1)	+ 2*threadIdx.y;
	float dh;
	int c;

	__syncthreads();
	//#pragma unroll
	for(int i = 0; i < BLOCK_STEPS; ++i){

		/* -------- white update -------- */
		dh = (float)(ss[sC(sx, wy, sz, sLx, sLy)] * (	(float)(ss[sC(sx-1,wy,sz, sLx, sLy)] + ss[sC(sx+1, wy, sz, sLx, sLy)]	+ ss[sC(sx,wy-1,sz, sLx, sLy)] + ss[sC(sx, wy+1, sz, sLx, sLy)]	+
																ss[sC(sx,wy,sz-1, sLx, sLy)] + ss[sC(sx, wy, sz+1, sLx, sLy)])	+ h*h1));
		c = signbit(dh-EPSILON) | signbit(gpu_rand01(&lstate, &linc) - expf(dh * B));
		ss[sC(sx, wy, sz, sLx, sLy)] *= (1 - 2*c);
		__syncthreads();

		/* -------- black update -------- */
		dh = (float)(ss[sC(sx, by, sz, sLx, sLy)] * (	(float)(ss[sC(sx-1,by,sz, sLx, sLy)] + ss[sC(sx+1, by, sz, sLx, sLy)]	+ ss[sC(sx,by-1,sz, sLx, sLy)] + ss[sC(sx, by+1, sz, sLx, sLy)]	+
																ss[sC(sx,by,sz-1, sLx, sLy)] + ss[sC(sx, by, sz+1, sLx, sLy)])	+ h*h2));

		c = signbit(dh-EPSILON) | signbit(gpu_rand01(&lstate, &linc) - expf(dh * B));
		ss[sC(sx, by, sz, sLx, sLy)] *= (1 - 2*c);
		__syncthreads();
	}

	/* copy data back to gmem */
	s[C(x, y1, z, L)] = ss[sC(sx, sy1, sz, sLx, sLy)];
	s[C(x, y2, z, L)] = ss[sC(sx, sy2, sz, sLx, sLy)]; 
	/* update random number state */
    state[tid] = lstate;
    inc[tid] = linc;
}

// kernel for random init
// WARNING: the space of computation is 1/4 of N, so that is why each thread does quadruple work.
__global__ void kernel_reset_random(int *s, int N, curandState *state){
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	float v;
	/* Each thread gets same seed, a different sequence number, no offset */
	if( x >= N/4 )
		return;

	/* get the prng state in register memory */
	curandState lstate = state[x];

	// first random
	v = (int) (curand_uniform(&lstate) + 0.5f);
	s[x] = 1-2*(int)v;
	// second random
	v = (int) (curand_uniform(&lstate) + 0.5f);
	s[x + N/4] = 1-2*(int)v;
	// third random
	v = (int) (curand_uniform(&lstate) + 0.5f);
	s[x + N/2 ]	= 1-2*(int)v;
	// fourth random
	v = (int) (curand_uniform(&lstate) + 0.5f);
	s[x + 3*N/4] = 1-2*(int)v;

	/* save the state back to global memory */
	state[x] = lstate;
}

// NOTE: the space of computation is 1/4 of N, so that is why each thread does quadruple work.
__global__ void kernel_reset_random_gpupcg(int *s, int N, uint64_t *state, uint64_t *inc){
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	float v;
	/* Each thread gets same seed, a different sequence number, no offset */
	if( x >= N/4 )
		return;

	/* get the prng state in register memory */
	uint64_t lstate = state[x];
	uint64_t linc = inc[x];

	// first random
	v = (int) (gpu_rand01(&lstate, &linc) + 0.5f);
	s[x] = 1-2*v;
	// second random
	v = (int) (gpu_rand01(&lstate, &linc) + 0.5f);
	s[x + N/4] = 1-2*v;
	// third random
	v = (int) (gpu_rand01(&lstate, &linc) + 0.5f);
	s[x + N/2 ]	= 1-2*v;
	// fourth random
	v = (int) (gpu_rand01(&lstate, &linc) + 0.5f);
	s[x + 3*N/4] = 1-2*v;

	/* save the state back to global memory */
	state[x] = lstate;
	inc[x] = linc;
}

template<typename T>
__global__ void kernel_reset(T *a, int N, T val){
	int idx = blockIdx.x * blockDim.x + threadIdx.x;
	if(idx < N)
		a[idx] = val;
}
#endif
