// tilelab kernel collection: treba's CUDA Gibbs samplers for probabilistic FSMs and HMMs (mhulden/treba).
// Source:  https://github.com/mhulden/treba/blob/32ca2fe5622a97501a79a2939d587f1bce0500a4/treba_cuda.cu
//          (mhulden/treba, commit 32ca2fe, Mans Hulden's probabilistic FSM and HMM training and decoding)
// Licence: GPL-2.0 (the file's notice below and the repository's COPYING, the GNU GPL version 2), kept.
// Kept: lines 1-28 (notice, includes, THREADS_PER_BLOCK, UDIV_UP, ALIGN_UP), 38-236 (struct gibbs_state_chain, the
//       count macros, the __constant__ parameters and the five kernels), unchanged. Removed: lines 29-37 (the host's
//       CudaCheckError and __cudaCheckError) and 237-595 (host structures, gibbs_sampler_cuda_fsm / _hmm).
// Selection, fixed before any run (collection/manifest.toml, the treba_ entries): every __global__ kernel of the file:
// init_random_generator, both count-update kernels, and the FSM and HMM sampler kernels each for the even and the odd
// half of the resamplable states (7 launches), at the host's launch formulas (THREADS_PER_BLOCK 256; a single block of
// ALIGN_UP(n, 32) threads where n fits one block) on small chains built as gibbs.c's gibbs_init_fsm / gibbs_init_hmm
// build them.
//
/**************************************************************************/
/*   treba - probabilistic FSM and HMM training and decoding              */
/*   Copyright © 2013 Mans Hulden                                         */

/*   This file is part of treba.                                          */

/*   Treba is free software: you can redistribute it and/or modify        */
/*   it under the terms of the GNU General Public License version 2 as    */
/*   published by the Free Software Foundation.                           */

/*   Treba is distributed in the hope that it will be useful,             */
/*   but WITHOUT ANY WARRANTY; without even the implied warranty of       */
/*   MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the        */
/*   GNU General Public License for more details.                         */

/*   You should have received a copy of the GNU General Public License    */
/*   along with treba.  If not, see <http://www.gnu.org/licenses/>.       */
/**************************************************************************/

#include <stdio.h>
#include <time.h>
#include <curand.h>
#include <curand_kernel.h>

#define THREADS_PER_BLOCK 256

#define UDIV_UP(a, b) (((a) + (b) - 1) / (b))
#define ALIGN_UP(a, b) (UDIV_UP(a, b) * (b))

struct gibbs_state_chain {
    int state;
    int sym;
};

/* Macro for accessing counts on host */
/* FSM */
#define Ccurr(SOURCE_STATE, SYMBOL, TARGET_STATE) (*((gibbs_counts) + (num_states * alphabet_size * (SOURCE_STATE) + (SYMBOL) * num_states + (TARGET_STATE))))

/* HMM */
#define CcurrHMMemit(STATE, SYMBOL) (*((gibbs_counts_emit) + (alphabet_size * (STATE) + (SYMBOL))))
#define CcurrHMMtrans(SOURCE_STATE, TARGET_STATE) (*((gibbs_counts_trans) + (num_states * (SOURCE_STATE) + (TARGET_STATE))))

/* Macro for accessing current counts on CUDA device */
/* FSM */
#define Ccurrdevice(SOURCE_STATE, SYMBOL, TARGET_STATE) (((d_gibbs_counts) + (dc_num_states * dc_alphabet_size * (SOURCE_STATE) + (SYMBOL) * dc_num_states + (TARGET_STATE))))

/* HMM */
#define CcurrdeviceEMIT(STATE, SYMBOL) ((d_gibbs_counts_emit + (dc_alphabet_size * (STATE) + (SYMBOL))))
#define CcurrdeviceTRANS(SOURCE, TARGET) ((d_gibbs_counts_trans + (dc_num_states * (SOURCE) + (TARGET))))

__global__ void init_random_generator(curandState *state, unsigned long seed) {
    int id;
    id = blockIdx.x * blockDim.x + threadIdx.x;

    /* From the curand manual 4.2, p. 20: */
    /* State setup can be an expensive operation. One way to speed up the setup is to use different seeds */
    /* for each thread and a constant sequence number of 0. This can be especially helpful if many        */ 
    /* generators need to be created. While faster to set up, this method provides less guarantees about  */
    /* the mathematical properties of the generated sequences. If there happens to be a bad interaction   */
    /* between the hash function that initializes the generator state from the seed and the periodicity   */ 
    /* of the generators, there might be threads with highly correlated outputs for some seed values.     */
    /* We do not know of any problem values; if they do exist they are likely to be rare.                 */

    /* In other words, the slow method is to use the same seed but different sequence numbers (id):       */
    /* curand_init(seed, id, 0, &state[id]);                                                              */
    /* Here, we trust their word that problem values are rare and use the (much) faster setup:            */
    curand_init(seed+id, 0, 0, &state[id]);
}

/* Update sampled (global) counts, i.e. add current counts to sampled counts */
__global__ void gibbs_sampler_update_kernel_fsm(int numthreads, unsigned int *d_gibbs_counts, unsigned int *d_gibbs_sampled_counts) {
    int id;
    id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= numthreads) { return; }
    d_gibbs_sampled_counts[id] += d_gibbs_counts[id];
}

__global__ void gibbs_sampler_update_kernel_hmm(int numthreads, unsigned int *d_gibbs_counts_trans, unsigned int *d_gibbs_counts_emit, unsigned int *d_gibbs_sampled_counts_trans, unsigned int *d_gibbs_sampled_counts_emit, int transtablesize, int emittablesize) {
    int id;
    id = blockIdx.x * blockDim.x + threadIdx.x;
    if (id >= numthreads) { return; }
    if (id < transtablesize)
	d_gibbs_sampled_counts_trans[id] += d_gibbs_counts_trans[id];
    if (id < emittablesize)
	d_gibbs_sampled_counts_emit[id] += d_gibbs_counts_emit[id];
}

/* Constants (to avoid passing these as variables to the kernels) */
__constant__ int dc_num_states, dc_alphabet_size;
__constant__ unsigned int *dc_resamplable;
__constant__ float dc_beta, dc_beta_t, dc_beta_e, dc_ANbeta, *dc_weight_list;

/* Main Gibbs sampler kernels. Every thread chooses one new state k in the chain of */
/* observations proportional to the probability of the new chain that uses k.       */
/* We launch two kernels in series: one for choosing odd-numbered states, and       */
/* another for choosing even-numbered ones (since adjacent states depend on each    */
/* other, we can't sample _all_ states in parallel, only non-dependent ones.)       */

/* The process is the same for FSMs and HMMs:                                         */
/* (1) Calculate probabilities for all changes z_i -> k (for all possible k) at o_i   */
/* (2) Do a weighted selection based on the probabilities and change the state z_i to */
/*     the selected new state.                                                        */ 
/* (3) Change the transition (and emission for HMM) counts to reflect the new choice. */

__global__ void gibbs_sampler_kernel_fsm(int numthreads, struct gibbs_state_chain *mychain, unsigned int *d_gibbs_counts_states, unsigned int *d_gibbs_counts, curandState *globalrandstate, short int evenodd) {
    unsigned int id, a, aprev, z, zprev, znext, k, low, high, mid, idorig;
    float g_sum, g_k, ind1, ind2, ind0, cointoss;
    float *weight_ptr;
    id = idorig = blockIdx.x * blockDim.x + threadIdx.x;
    weight_ptr = dc_weight_list + id;

    if (id >= numthreads) { return; }
    id = id * 2 + evenodd;
    mychain = mychain + dc_resamplable[id];

    aprev = (mychain-1)->sym;    /* Previous symbol */
    zprev = (mychain-1)->state;  /* Previous state  */
    a = mychain->sym;            /* Current symbol  */
    z = mychain->state;          /* Current state   */
    znext = (mychain+1)->state;  /* Next state      */
    
    /* Find probabilities of changing current state z to some state k for all k */
    for (k = 0, g_sum = 0; k < dc_num_states; k++) {
	ind0 = ((zprev == k && aprev == a && znext == k) ? 1.0 : 0.0);
	ind1 = (z == k ? 1.0 : 0.0);
	ind2 = ((zprev == k && aprev == a && z == znext) ? 1.0 : 0.0);

	g_k = (((float)*Ccurrdevice(k,a,znext)) - ind1 -ind2 + dc_beta) * (((float)*Ccurrdevice(zprev,aprev,k)) - ind1 - ind2 + dc_beta + ind0) / ((float)d_gibbs_counts_states[k] - ind1 + dc_ANbeta);
	g_sum += g_k;
        weight_ptr[numthreads * k] = g_sum;
    }

    /* Do a binary search for the first element in weight_list    */
    /* larger than cointoss. This diverges, but is still slightly */
    /* faster than a linear (more coalesced) search.              */

    cointoss = curand_uniform(&globalrandstate[idorig]) * g_sum;

    for (low = 0, high = dc_num_states - 1; low != high; ) {
    	mid = (low + high) / 2;
    	if (weight_ptr[numthreads * mid] <= cointoss) {
    	    low = mid + 1;
    	} else {
    	    high = mid;
    	}
    }
    k = high;

    /* Update counts */
    if (k != z) {
	atomicAdd(Ccurrdevice(zprev,aprev,k),1);
	atomicSub(Ccurrdevice(zprev,aprev,z),1);
	atomicAdd(Ccurrdevice(k,a,znext),1);
	atomicSub(Ccurrdevice(z,a,znext),1);
	atomicAdd(&d_gibbs_counts_states[k],1);
	atomicSub(&d_gibbs_counts_states[z],1);
	mychain->state = k;	
    }
}

__global__ void gibbs_sampler_kernel_hmm(int numthreads, struct gibbs_state_chain *mychain, unsigned int *d_gibbs_counts_states, unsigned int *d_gibbs_counts_trans, unsigned int *d_gibbs_counts_emit, curandState *globalrandstate, short int evenodd) {
    unsigned int id, a, z, zprev, znext, k, low, high, mid, idorig;
    float g_sum, g_k, ind0, ind1, ind2, ind3, cointoss;
    float *weight_ptr;
    id = idorig = blockIdx.x * blockDim.x + threadIdx.x;
    weight_ptr = dc_weight_list + id;

    if (id >= numthreads) { return; }
    id = id * 2 + evenodd;
    mychain = mychain + dc_resamplable[id];

    zprev = (mychain-1)->state;  /* Previous state  */
    a = mychain->sym;            /* Current symbol  */
    z = mychain->state;          /* Current state   */
    znext = (mychain+1)->state;  /* Next state      */
    
    /* Find probabilities of changing current state z_i to some state k for all k */
    /* (except state 0 (INIT) and state n - 1 (END)                               */
    for (k = 1, g_sum = 0; k < dc_num_states - 1; k++) {

	ind0 = z == k ? 1.0 : 0.0;
	ind1 = (z == zprev && znext == k) ? 1.0 : 0.0;
	ind2 = (zprev == k && z == znext) ? 1.0 : 0.0;
	ind3 = (zprev == k && k == znext) ? 1.0 : 0.0;

        g_k = ((((float)*CcurrdeviceEMIT(k,a)) + dc_beta_e - ind0) / (((float)d_gibbs_counts_states[k]) - ind0 + dc_alphabet_size * dc_beta_e)) *
	      (((((float)*CcurrdeviceTRANS(zprev,k)) + dc_beta_t - ind0 - ind1) * (((float)*CcurrdeviceTRANS(k,znext)) - ind0 - ind2 + ind3 + dc_beta_t)) /
              (((float)d_gibbs_counts_states[k]) - ind0 + dc_num_states * dc_beta_t));

	g_sum += g_k;
        weight_ptr[numthreads * k] = g_sum;
    }

    /* Do a binary search for the first element in weight_list    */
    /* larger than cointoss. This diverges, but is still slightly */
    /* faster than a linear (more coalesced) search.              */

    cointoss = curand_uniform(&globalrandstate[idorig]) * g_sum;

    for (low = 1, high = dc_num_states - 2; low != high; ) {
    	mid = (low + high) / 2;
    	if (weight_ptr[numthreads * mid] <= cointoss) {
    	    low = mid + 1;
    	} else {
    	    high = mid;
    	}
    }
    k = high;

    /* Update current counts */

    if (k != z) {
	atomicAdd(CcurrdeviceTRANS(zprev,k),1);
	atomicSub(CcurrdeviceTRANS(zprev,z),1);

	atomicAdd(CcurrdeviceTRANS(k,znext),1);
	atomicSub(CcurrdeviceTRANS(z,znext),1);

	atomicAdd(CcurrdeviceEMIT(k,a),1);
	atomicSub(CcurrdeviceEMIT(z,a),1);

	atomicAdd(&d_gibbs_counts_states[k],1);
	atomicSub(&d_gibbs_counts_states[z],1);

	mychain->state = k;
    }
}
