// tilelab kernel collection: SLAYER's Loihi CUBA neuron: 12-bit fixed-point current and voltage decay, threshold, refractory count
// Source:  https://github.com/bamsumit/slayerPytorch/blob/01beeeb6a181546d6c6830382ce6086bfc587836/src/cuda/spikeLoihiKernels.h
//          (bamsumit/slayerPytorch, commit 01beeeb; included by src/cuda/slayerKernels.cu / slayerLoihiKernels.cu)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept, unchanged: lines 1-74 and 97-98 (getSpikesKernel).
//       Removed: lines 75-96 (the host launcher getSpikes); their block and grid formulas are the manifest's launches.

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
 * 10/05/2019 11:00 AM
 * Contains routines that converts membrane potential of neuron into spikes
 */
#ifndef SPIKELOIHIKERNELS_H_INCLUDED
#define SPIKELOIHIKERNELS_H_INCLUDED

template <class T>
__global__ void getSpikesKernel(
	T* __restrict__ s,
	T* __restrict__ v,
	T* __restrict__ u,
	const T* __restrict__ weightedSpikes,
	const unsigned weightScale,
	const unsigned nNeurons, 
	const unsigned Ns, 
	const unsigned iDecay,	
	const unsigned vDecay,
	const unsigned refDelay,	
	const int theta)	// int because using unsigned value is giving errors when comparing the result with signed int
{
	unsigned neuronID = blockIdx.x * blockDim.x + threadIdx.x;
	
	if(neuronID >= nNeurons)	return;
	
	int uOld = 0;
	int vOld = 0;
	unsigned refState = 0;
	unsigned spike = 0;
	
	for(unsigned i=0; i<Ns; ++i)
	{
		unsigned linearID = i + neuronID * Ns;

		if(i==0)
		{
			s[linearID] = 0;
			u[linearID] = 0;
			v[linearID] = 0;
			continue;
		}
		
		int uSign = (uOld >= 0) ? 1 : -1 ;
		int vSign = (vOld >= 0) ? 1 : -1 ;

		int uTemp = uSign * ( ( uSign * uOld * ( (1<<12) - iDecay ) ) >> 12 ) + weightScale * int(weightedSpikes[linearID]);
		int vTemp = vSign * ( ( vSign * vOld * ( (1<<12) - vDecay ) ) >> 12 ) + uTemp;
		
		// s[linearID] = 0;
		// u[linearID] = uOld = uTemp;

		// if( vTemp > theta )
		// {
		// 	s[linearID] = 1;
		// 	v[linearID] = vDecay;
		// 	vOld = 0;
		// }
		// else
		// 	v[linearID] = vOld = vTemp;

		if(i>=refDelay)		refState -= unsigned(s[linearID-refDelay]);
		spike = (vTemp > theta) * (refState == 0);
		vOld = vTemp * (1 - spike) * (refState == 0);
		refState += spike;

		s[linearID] = spike;
		u[linearID] = uOld = uTemp;
		v[linearID] = vOld;
		v[linearID] = spike>0 ? int(vDecay) : vOld;
	}
}



#endif // SPIKELOIHIKERNELS_H_INCLUDED
