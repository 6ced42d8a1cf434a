// tilelab kernel collection: SLAYER's axonal-delay shift of spike trains along time, by one delay or a per-neuron delay table (two overloads)
// Source:  https://github.com/bamsumit/slayerPytorch/blob/01beeeb6a181546d6c6830382ce6086bfc587836/src/cuda/shiftKernels.h
//          (bamsumit/slayerPytorch, commit 01beeeb; included by src/cuda/slayerKernels.cu / slayerLoihiKernels.cu)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept, unchanged: lines 1-62 and 138-139 (both shiftKernel overloads).
//       Removed: lines 63-137 (the two host launchers shift); their block and grid formulas are the manifest's launches.

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
 * 10/06/2019 6:30 PM
 * This header contains routines to perform tensor shifts as defined by the shift parameter
 */
#ifndef SHIFTKERNELS_H_INCLUDED
#define SHIFTKERNELS_H_INCLUDED

template <class T>
__global__ void shiftKernel(T* output,
							const T* input,
							const T shiftValue,
							unsigned signalSize, unsigned nNeurons, float Ts)
{
	// calcualte the threadID
	// this is the index of the signal along time axis
	unsigned tID = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned nID = blockIdx.y * blockDim.y + threadIdx.y;

	if(tID >= signalSize)	return;
	if(nID >= nNeurons)		return;

	// floor the shift to integer value
	int shiftBlocks = static_cast<int>(shiftValue/Ts);

	float temp = 0;
	auto neuronOffset = signalSize * nID;
	// shift the elements
	int id = tID - shiftBlocks;
	if(id >= 0 && id <signalSize)	temp = input[id + neuronOffset];

	output[tID + neuronOffset] = temp;
	return;
}

template <class T>
__global__ void shiftKernel(T* output,
							const T* input,
							const T* shiftLUT,
							unsigned signalSize, unsigned nNeurons, float Ts)
{
	// calcualte the threadID
	// this is the index of the signal along time axis
	unsigned tID = blockIdx.x * blockDim.x + threadIdx.x;
	unsigned nID = blockIdx.y * blockDim.y + threadIdx.y;

	if(tID >= signalSize)	return;
	if(nID >= nNeurons)		return;

	// floor the shift to integer value
	int shiftBlocks = static_cast<int>(shiftLUT[nID]/Ts);

	float temp = 0;
	auto neuronOffset = signalSize * nID;
	// shift the elements
	int id = tID - shiftBlocks;
	if(id >= 0 && id <signalSize)	temp = input[id + neuronOffset];

	output[tID + neuronOffset] = temp;
	return;
}


#endif // SHIFTKERNELS_H_INCLUDED
