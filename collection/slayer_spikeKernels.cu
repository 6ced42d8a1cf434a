// tilelab kernel collection: SLAYER's spike generation (SRM neuron: threshold, refractory kernel added to the membrane potential) and the surrogate-gradient rho (exp of |theta - u|)
// Source:  https://github.com/bamsumit/slayerPytorch/blob/01beeeb6a181546d6c6830382ce6086bfc587836/src/cuda/spikeKernels.h
//          (bamsumit/slayerPytorch, commit 01beeeb; included by src/cuda/slayerKernels.cu / slayerLoihiKernels.cu)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept, unchanged: lines 1-53 and 79-80 (getSpikesKernel, evalRhoKernel).
//       Removed: lines 54-78 (the host launchers getSpikes, evalRho); their block and grid formulas are the manifest's launches.

/*
 * Copyright (C) 2019 Sumit Bam Shrestha and the contributors of bamsumit/slayerPytorch
 * (https://github.com/bamsumit/slayerPytorch).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the
 * GNU General Public License as published by the Free Software Foundation, either version 3 of the
 * License, or (at your option) any later version.
 *
 * This program is distributed in the hope that it will be useful, but WITHOUT ANY WARRANTY; without
 * even the implied warranty of MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details: <https://www.gnu.org/licenses/>.
 */

/*
 * Author: Sumit Bam Shrestha
 * 09/05/2019 4:00 PM
 * Contains routines that converts membrane potential of neuron into spikes
 */
#ifndef SPIKEKERNELS_H_INCLUDED
#define SPIKEKERNELS_H_INCLUDED

template <class T>
__global__ void getSpikesKernel(
	T* __restrict__ d_s,
	T* __restrict__ d_u,
	const T* __restrict__ d_nu,
	unsigned nNeurons, unsigned nuSize, unsigned Ns, 
	float theta, float Ts)
{
	unsigned neuronID = blockIdx.x * blockDim.x + threadIdx.x;
	const T spike = 1.0f/Ts;
	
	if(neuronID >= nNeurons)	return;
	
	for(unsigned i=0; i<Ns; ++i)
	{
		unsigned linearID = i + neuronID * Ns;
		if(d_u[linearID] >= theta)
		{
			d_s[linearID] = spike;
			// dynamic parallelism seems to be slower because of race condition!!!
			// ahpKernel<<< block, thread >>>(d_u + linearID, d_nu, nuSize);
			// cudaDeviceSynchronize();
			for(unsigned j=0; j<nuSize; ++j)
			{
				if(i + j < Ns)	d_u[linearID + j] += d_nu[j];
			}
		}
		else	d_s[linearID] = 0.0f;
	}
}


template <class T>
__global__ void evalRhoKernel(T* d_rho, const T* d_u, float theta, float tau, unsigned nNeurons, unsigned Ns, float scale)
{
	unsigned timeID = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned nID    = blockIdx.y * blockDim.y + threadIdx.y;
	
	if(timeID >= Ns || nID >= nNeurons)	return;
	
	unsigned linearID = timeID + nID * Ns;
	
	d_rho[linearID] = scale/tau * exp(-fabs(theta - d_u[linearID])/tau);
}


#endif // SPIKEKERNELS_H_INCLUDED
