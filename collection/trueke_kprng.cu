// tilelab kernel collection: trueke's GPU PCG32 set-up (MurmurHash64 seeds and streams per thread) (crinavar/trueke).
// Source:  https://github.com/crinavar/trueke/blob/897d3ac0f86d10adb57d07997de2ecc15810387b/src/kprng.cuh
//          (crinavar/trueke, commit 897d3ac, Navarro and Huang's multi-GPU exchange Monte Carlo for the 3-D random
//          field Ising model)
// Licence: GPL-3.0-or-later (the file's notice below; the repository's LICENSE is the GNU GPL version 3), kept: this
//          file is GPL-3.0-or-later too. cpcg.cuh, copied in, carries PCG's Apache-2.0 notice (Melissa O'Neill), kept.
// Kept: kprng.cuh lines 1-102 (all of it: 1-24 its notice, 25-102 mmhash64, kernel_prng_setup, kernel_gpupcg_setup),
//       unchanged. Between the notice and line 25, as main.cu's translation unit has them before kprng.cuh: main.cu
//       lines 29-35 (WARPSIZE, BX, BY, BZ, BLOCKSIZE1D, Q_DIST) and 43 (#include <curand_kernel.h>), and cpcg.cuh lines
//       1-87 (gpu_pcg32_srandom_r, gpu_pcg32_random_r, gpu_rand01, pcg_advance), each marked. Nothing removed: the
//       file has no host code.
// Selection, fixed before any run (collection/manifest.toml, the trueke_ entries): kernel_gpupcg_setup as setup.h
//       launches it for replica k = 1 (prng_grid ((N/4 + 511)/512), prng_block 512, N/4 threads, seed
//       s->seed + N/4 * k, seq k) on an L = 32 lattice (N = 32768). kernel_prng_setup (cuRAND's XORWOW) is kept but
//       not launched.
//
// ---- src/kprng.cuh, lines 1-24 (its notice)
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
// ---- src/kprng.cuh, lines 25-102
#ifndef _KERNEL_PRNG_SETUP_
#define _KERNEL_PRNG_SETUP_

#include <stdio.h>

// Murmur hash 64-bit
__device__ uint64_t mmhash64( const void * key, int len, unsigned int seed ){
	const uint64_t m = 0xc6a4a7935bd1e995;
	const int r = 47;

	uint64_t h = seed ^ (len * m);

	const uint64_t * data = (const uint64_t *)key;
	const uint64_t * end = data + (len/8);

	while(data != end){
		uint64_t k = *data++;

		k *= m; 
		k ^= k >> r; 
		k *= m; 

		h ^= k;
		h *= m; 
	}
	const unsigned char * data2 = (const unsigned char*)data;
	switch(len & 7)
	{
		case 7: h ^= uint64_t(data2[6]) << 48;
		case 6: h ^= uint64_t(data2[5]) << 40;
		case 5: h ^= uint64_t(data2[4]) << 32;
		case 4: h ^= uint64_t(data2[3]) << 24;
		case 3: h ^= uint64_t(data2[2]) << 16;
		case 2: h ^= uint64_t(data2[1]) << 8;
		case 1: h ^= uint64_t(data2[0]);
		h *= m;
	};

	h ^= h >> r;
	h *= m;
	h ^= h >> r;
	return h;
} 

__global__ void kernel_prng_setup(curandState *state, int N, unsigned long long seed, unsigned long long seq){
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	/* Each thread gets same seed, a different sequence number, no offset */
	if( x < N ){
		/* medium quality, faster */
		curand_init(seed + (unsigned long long)x, seq, 0ULL, &state[x]);
		//curand_init(0, 0, 0, &state[x]);
		/* high quality, slower */
		//curand_init(seed, x, 0, &state[x]);
	}
}

__global__ void kernel_gpupcg_setup(uint64_t *state, uint64_t *inc, int N, unsigned long long seed, unsigned long long seq){
	int x = blockIdx.x * blockDim.x + threadIdx.x;
	if( x < N ){
        // exclusive seeds, per replica sequences 
		unsigned long long tseed = x + seed;
		unsigned long long hseed = mmhash64(&tseed, sizeof(unsigned long long), 17);
		unsigned long long hseq = mmhash64(&seq, sizeof(unsigned long long), 47);
		//unsigned long long hseq = seq;
        gpu_pcg32_srandom_r(&state[x], &inc[x], hseed, hseq);

        // exclusive seeds common seq
        //gpu_pcg32_srandom_r(&state[x], &inc[x], x + seed + seq, 1);

        // vary seeds accross lattice positions
        //gpu_pcg32_srandom_r(&(state[x]), &(inc[x]), x + seed, seq);

        // one unique sequence for each thread in the multi-GPU system
        //gpu_pcg32_srandom_r(&(state[x]), &(inc[x]), seed, seq + x);

	}
}
#endif
