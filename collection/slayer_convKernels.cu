// tilelab kernel collection: SLAYER's causal time-axis convolution and correlation of spike trains with a filter (the SRM and refractory responses)
// Source:  https://github.com/bamsumit/slayerPytorch/blob/01beeeb6a181546d6c6830382ce6086bfc587836/src/cuda/convKernels.h
//          (bamsumit/slayerPytorch, commit 01beeeb; included by src/cuda/slayerKernels.cu / slayerLoihiKernels.cu)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept, unchanged: lines 1-63 and 130-131 (convKernel, corrKernel).
//       Removed: lines 64-129 (the host launchers conv, corr); their block and grid formulas are the manifest's launches.

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
 * 09/05/2019 6:00 PM
 * This header contains routines to perform time based convolution and correlation of signal
 * These operations are key in forward propagation and backpropagation routines in SLAYER
 */
#ifndef CONVKERNELS_H_INCLUDED
#define CONVKERNELS_H_INCLUDED

template <class T>
__global__ void convKernel(	T* output, 
							const T* input, const T* filter, 
							unsigned signalSize, unsigned filterSize, unsigned nNeurons,
							float Ts)
{
	// calcualte the threadID
	// this is the index of the signal along time axis
	unsigned tID = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned nID = blockIdx.y * blockDim.y + threadIdx.y;
	
	if(tID >= signalSize)	return;
	if(nID >= nNeurons)		return;
	
	// declare local variables
	float result = 0.0f;
	
	// calculate convolution sum
	for(unsigned i=0; i<filterSize; ++i)
	{
		int id = tID - i;
		if(id >= 0)		result += input[id + nID * signalSize] * filter[i];
	}
	output[tID + nID * signalSize] = result * Ts;	
	return;
}

template <class T>
__global__ void corrKernel(	T* output, 
							const T* input, const T* filter, 
							unsigned signalSize, unsigned filterSize, unsigned nNeurons,
							float Ts)
{
	// calcualte the threadID
	// this is the index of the signal along time axis
	unsigned tID = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned nID = blockIdx.y * blockDim.y + threadIdx.y;
	
	if(tID >= signalSize)	return;
	if(nID >= nNeurons)		return;
	
	// declare local variables
	float result = 0.0f;
	
	// calculate convolution sum
	for(unsigned i=0; i<filterSize; ++i)
	{
		int id = tID + i;
		if(id < signalSize)		result += input[id + nID * signalSize] * filter[i];
	}
	output[tID + nID * signalSize] = result * Ts;
	return;
}


#endif // CONVKERNELS_H_INCLUDED
