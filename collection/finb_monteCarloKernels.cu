// tilelab kernel collection: FinanceBench's Monte Carlo European put (QuantLib's path generator: cuRAND XORWOW
//          states, an inverse-normal rational approximation, a flat-forward drift; one path a thread)
// Source:  https://github.com/cavazos-lab/FinanceBench/blob/b56735bf81823bbe1a4d8b0446009bee36170e58/Monte-Carlo/CUDA/monteCarloKernels.cu
//          (cavazos-lab/FinanceBench, commit b56735b: University of Delaware's QuantLib-based finance benchmarks)
// Licence: BSD-3-Clause (the repository's LICENSE, University of Delaware, with QuantLib's notices: repeated below).
// Kept: lines 1-5 and 7-205 of the original, unchanged; removed: line 6 (#include "monteCarloKernels.cuh"). In its
//       place, marked below: monteCarloKernels.cuh lines 6-94 (its declarations, which the definitions need:
//       processDrift calls processDiff before its definition), with its two local includes (lines 10 and 13)
//       replaced by monteCarloConstants.cuh lines 6-35 and monteCarloStructs.cuh lines 6-22, marked
//       (<curand_kernel.h> kept). The host (monteCarloEngine.cu) launches setup_kernel(devStates, rand(), numSamples)
//       and monteCarloGpuKernel(..., 1.0f / SEQUENCE_LENGTH, devStates, optionStructs, numSamples), both on
//       ceil(numSamples / 256) blocks of 256.
//
// Copyright (C) 2013-2014 University of Delaware.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice,
// this list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
// this list of conditions and the following disclaimer in the documentation
// and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its contributors
// may be used to endorse or promote products derived from this software without
// specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//
// FinanceBench is based in part on QuantLib. QuantLib is
//     Copyright (C) 2000, 2001, 2002, 2003 RiskMap srl
//     Copyright (C) 2003, 2004, 2005, 2006, 2007 StatPro Italia srl
//     Copyright (C) 2002, 2003, 2004, 2005, 2006, 2007 Ferdinando Ametrano
//
//     Copyright (C) 2001, 2002, 2003 Nicolas Di Césaré
//     Copyright (C) 2001, 2002, 2003 Sadruddin Rejeb
//
//     Copyright (C) 2002, 2003, 2004 Decillion Pty(Ltd)
//
//     Copyright (C) 2003, 2004, 2007 Neil Firth
//     Copyright (C) 2003, 2004 Roman Gitlin
//     Copyright (C) 2003 Niels Elken Sønderby
//     Copyright (C) 2003 Kawanishi Tomoya
//
//     Copyright (C) 2004 FIMAT Group
//     Copyright (C) 2004 M-Dimension Consulting Inc.
//     Copyright (C) 2004 Mike Parker
//     Copyright (C) 2004 Walter Penschke
//     Copyright (C) 2004 Gianni Piolanti
//     Copyright (C) 2004, 2005, 2006, 2007 Klaus Spanderen
//     Copyright (C) 2004 Jeff Yu
//
//     Copyright (C) 2005, 2006 Toyin Akin
//     Copyright (C) 2005 Sercan Atalik
//     Copyright (C) 2005, 2006 Theo Boafo
//     Copyright (C) 2005, 2006 Piter Dias
//     Copyright (C) 2005 Gary Kennedy
//     Copyright (C) 2005, 2006, 2007 Joseph Wang
//     Copyright (C) 2005 Charles Whitmore
//
//     Copyright (C) 2006, 2007 Banca Profilo S.p.A.
//     Copyright (C) 2006, 2007 Marco Bianchetti
//     Copyright (C) 2006 Yiping Chen
//     Copyright (C) 2006, 2007 Warren Chou
//     Copyright (C) 2006, 2007 Cristina Duminuco
//     Copyright (C) 2006, 2007 Giorgio Facchinetti
//     Copyright (C) 2006, 2007 Chiara Fornarola
//     Copyright (C) 2006 Silvia Frasson
//     Copyright (C) 2006 Richard Gould
//     Copyright (C) 2006, 2007 Mark Joshi
//     Copyright (C) 2006 Allen Kuo
//     Copyright (C) 2006 Roland Lichters
//     Copyright (C) 2006, 2007 Katiuscia Manzoni
//     Copyright (C) 2006, 2007 Mario Pucci
//     Copyright (C) 2006 François du Vignaud
//
//     Copyright (C) 2007 Affine Group Limited
//
// QuantLib includes code taken from Peter Jäckel's book "Monte Carlo
// Methods in Finance".
//
// QuantLib includes software developed by the University of Chicago,
// as Operator of Argonne National Laboratory.
//
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
//     Redistributions of source code must retain the above copyright notice,
//     this list of conditions and the following disclaimer.
//
//     Redistributions in binary form must reproduce the above copyright notice,
//     this list of conditions and the following disclaimer in the documentation
//     and/or other materials provided with the distribution.
//
//     Neither the names of the copyright holders nor the names of the QuantLib
//     Group and its contributors may be used to endorse or promote products
//     derived from this software without specific prior written permission.
//
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDERS OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
//

// ---- copied from Monte-Carlo/CUDA/monteCarloKernels.cuh, lines 6-94 ----
#ifndef MONTE_CARLO_KERNELS_CUH
#define MONTE_CARLO_KERNELS_CUH

//needed for constants related to monte carlo
// ---- copied from Monte-Carlo/CUDA/monteCarloConstants.cuh, lines 6-35 (in place of monteCarloKernels.cuh line 10) ----
#ifndef MONTE_CARLO_CONSTANTS_CUH
#define MONTE_CARLO_CONSTANTS_CUH

#define DEFAULT_SEQ_VAL 1.0f
#define	DEFAULT_SEQ_WEIGHT 1.0f

#define RISK_VAL 0.06f
#define DIV_VAL 0.0f
#define VOLT_VAL 0.200f
#define UNDERLYING_VAL 30.0f
#define STRIKE_VAL 40.0f
#define DISCOUNT_VAL 0.94176453358424872f
#define START_PATH_VAL 1.0f
#define DEFAULT_SEQ_VAL 1.0f
#define	DEFAULT_SEQ_WEIGHT 1.0f
#define SEQUENCE_LENGTH 250

//define the thread block size
#define THREAD_BLOCK_SIZE 256

//define the number of samples
#define NUM_SAMPLES 400000

//number of options
#define NUM_OPTIONS 1

//number of threads to use for processing each option
#define NUM_THREADS_PER_OPTION NUM_SAMPLES

#endif //MONTE_CARLO_CONSTANTS_CUH
// ---- end of monteCarloConstants.cuh ----

//needed for structs related to monte carlo
// ---- copied from Monte-Carlo/CUDA/monteCarloStructs.cuh, lines 6-22 (in place of monteCarloKernels.cuh line 13) ----
#ifndef MONTE_CARLO_STRUCTS_CUH
#define MONTE_CARLO_STRUCTS_CUH

typedef float dataType;

//struct for defining what's in an option
typedef struct
{
	dataType riskVal;
	dataType divVal;
	dataType voltVal;
	dataType underlyingVal;
	dataType strikeVal;
	dataType discountVal;
} monteCarloOptionStruct;

#endif //MONTE_CARLO_STRUCTS_CUH
// ---- end of monteCarloStructs.cuh ----

//needed for curand
#include <curand_kernel.h>


//function to set up the random states
__global__ void setup_kernel ( curandState * state, int seedVal, int numSamples);


//function to compute the inverse normal distribution
__device__ dataType compInverseNormDist(dataType x) ;


__device__ dataType interestRateCompoundFact(dataType t, dataType rate);


__device__ dataType interestRateDiscountFact(dataType t, dataType rate);


__device__ dataType flatForwardDiscountImpl(dataType t, dataType rate);


__device__ dataType yieldTermStructDiscount(dataType t, dataType rate);


__device__ dataType interestRateImpliedRate(dataType compound, dataType t);


__device__ dataType yieldTermStructForwardRate(dataType t1, dataType t2, dataType rate); 


__device__ dataType processDrift(dataType t, dataType x, monteCarloOptionStruct optionStruct);


__device__ dataType discretizationDrift(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct);


__device__ dataType localVoltLocVol(dataType t, dataType underlyingLevel, monteCarloOptionStruct optionStruct);


__device__ dataType processDiff(dataType t, dataType x, monteCarloOptionStruct optionStruct);


__device__ dataType discDiff(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct);


__device__ dataType stdDeviation(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct);


__device__ dataType apply(dataType x0, dataType dx);


__device__ dataType discDrift(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct);


__device__ dataType processEvolve(dataType t0, dataType x0, dataType dt, dataType dw, monteCarloOptionStruct optionStruct);


//retrieve the current sequence
__device__ void getSequence(dataType* sequence, dataType sampleNum);


__device__ dataType getProcessValX0(monteCarloOptionStruct optionStruct);


__device__ void getPath(dataType* path, size_t sampleNum, dataType dt, curandState * state, monteCarloOptionStruct optionStruct);
	

__device__ dataType getPrice(dataType val);


//initialize the path
__device__ void initializePath(dataType* path);


__global__ void monteCarloGpuKernel(dataType* samplePrices, dataType* sampleWeights, dataType* times, dataType dt, curandState * state, monteCarloOptionStruct* optionStructs, int numSamples);




#endif //MONTE_CARLO_KERNELS_CUH
// ---- end of monteCarloKernels.cuh ----

// ---- monteCarloKernels.cu, lines 1-5, 7-205 ----
//monteCarloKernels.cu
//Scott Grauer-Gray
//May 10, 2012
//GPU Kernels for running monte carlo


#define A_1 -39.696830286653757
#define A_2 220.94609842452050
#define A_3 -275.92851044696869
#define A_4 138.35775186726900
#define A_5 -30.664798066147160
#define A_6 2.5066282774592392
#define B_1 -54.476098798224058
#define B_2 161.58583685804089
#define B_3 -155.69897985988661
#define B_4 66.801311887719720
#define B_5 -13.280681552885721

//function to set up the random states
__global__ void setup_kernel ( curandState * state, int seedVal, int numSamples )
{
	int id = blockIdx.x*blockDim.x + threadIdx.x;
	if (id < numSamples)
	{
		/* Each thread gets same seed , a different sequence
		number , no offset */
		curand_init (seedVal , id , 0 , &(state[id])) ;
	}
}


//function to compute the inverse normal distribution
__device__ dataType compInverseNormDist(dataType x) 
{
	dataType z;
	//if (x < x_low_ || x_high_ < x) {
	//z = tail_value(x);
	//} else {
                
	z = x - 0.5;
    	dataType r = z*z;
    	z = (((((A_1*r+A_2)*r+A_3)*r+A_4)*r+A_5)*r+A_6)*z /
                    (((((B_1*r+B_2)*r+B_3)*r+B_4)*r+B_5)*r+1.0);
	return z;
}

__device__ dataType interestRateCompoundFact(dataType t, dataType rate)
{
	//assuming "continuous" option
	return exp(rate*t);
}

__device__ dataType interestRateDiscountFact(dataType t, dataType rate)
{
	return 1.0/interestRateCompoundFact(t, rate);
}

__device__ dataType flatForwardDiscountImpl(dataType t, dataType rate)
{
	return interestRateDiscountFact(t, rate);
}

__device__ dataType yieldTermStructDiscount(dataType t, dataType rate)
{
	return flatForwardDiscountImpl(t, rate);
}

__device__ dataType interestRateImpliedRate(dataType compound, dataType t)
{
	dataType r = log(compound) / t;
	return r;
}


__device__ dataType yieldTermStructForwardRate(dataType t1, dataType t2, dataType rate)
{
	dataType compound = interestRateDiscountFact(t1, rate) / interestRateDiscountFact(t2, rate);
	return interestRateImpliedRate(compound, t2 - t1);
}

__device__ dataType processDrift(dataType t, dataType x, monteCarloOptionStruct optionStruct)
{
	dataType sigma = processDiff(t, x, optionStruct);
	dataType t1 = t + 0.0001;

	return yieldTermStructForwardRate(t, t1, optionStruct.riskVal) - yieldTermStructForwardRate(t, t1, optionStruct.divVal) - (0.5 * sigma * sigma);
} 

__device__ dataType discretizationDrift(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct)
{
	return processDrift(t0, x0, optionStruct) * dt;
}

__device__ dataType localVoltLocVol(dataType t, dataType underlyingLevel, monteCarloOptionStruct optionStruct)
{
	return optionStruct.voltVal;
}

__device__ dataType processDiff(dataType t, dataType x, monteCarloOptionStruct optionStruct)
{
	return localVoltLocVol(t, x, optionStruct);
}

__device__ dataType discDiff(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct)
{
	return processDiff(t0, x0, optionStruct) * sqrt(dt);
}

__device__ dataType stdDeviation(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct)
{
	return discDiff(t0, x0, dt, optionStruct);
}

__device__ dataType apply(dataType x0, dataType dx)
{
	return (x0 * exp(dx));
}

__device__ dataType discDrift(dataType t0, dataType x0, dataType dt, monteCarloOptionStruct optionStruct)
{
	return processDrift(t0, x0, optionStruct) * dt;
}

__device__ dataType processEvolve(dataType t0, dataType x0, dataType dt, dataType dw, monteCarloOptionStruct optionStruct)
{
	return apply(x0, discDrift(t0, x0, dt, optionStruct) + stdDeviation(t0, x0, dt, optionStruct) *dw);
}

//retrieve the current sequence
__device__ void getSequence(dataType* sequence, dataType sampleNum)
{
		for (size_t iInSeq = 0; iInSeq < SEQUENCE_LENGTH; iInSeq++)
		{
			sequence[iInSeq] = DEFAULT_SEQ_VAL;
		}
}


__device__ dataType getProcessValX0(monteCarloOptionStruct optionStruct)
{
	return optionStruct.underlyingVal;
}


__device__ void getPath(dataType* path, size_t sampleNum, dataType dt, curandState * state, monteCarloOptionStruct optionStruct)
{
        path[0] = getProcessValX0(optionStruct);

	for (size_t i=1; i<SEQUENCE_LENGTH; i++) 
	{
		dataType t = i*dt; 
		dataType randVal = curand_uniform (& (state[sampleNum])  ) ;
		dataType inverseCumRandVal = compInverseNormDist(randVal); 
		path[i] = processEvolve(t, path[i-1], dt, inverseCumRandVal, optionStruct); 
	}
}
	

__device__ dataType getPrice(dataType val)
{
	return max(STRIKE_VAL-val, 0.0)* DISCOUNT_VAL;
}

//initialize the path
__device__ void initializePath(dataType* path)
{
	for (int i=0; i < SEQUENCE_LENGTH; i++)
	{
		path[i] = START_PATH_VAL;
	}
}


__global__ void monteCarloGpuKernel(dataType* samplePrices, dataType* sampleWeights, dataType* times, dataType dt, curandState * state, monteCarloOptionStruct* optionStructs, int numSamples)
{
	//retrieve the thread number
	size_t numThread = blockIdx.x*blockDim.x + threadIdx.x;

	//retrieve the option number
	int numOption = 0;

	//retrieve the number of sample
	int numSample = numThread;

	size_t outputNum = numSample;

	//while (numSample < numSamples)
	if (numSample < numSamples)
	{
		//declare and initialize the path
		dataType path[SEQUENCE_LENGTH];
		initializePath(path);

		getPath(path, numSample, dt, state, optionStructs[numOption]);
		dataType price = getPrice(path[SEQUENCE_LENGTH-1]);
	
		samplePrices[outputNum] = price;
		sampleWeights[outputNum] = DEFAULT_SEQ_WEIGHT;

		//increase the sample and output number if processing multiple samples per thread
		//	numSample += NUM_THREADS_PER_OPTION;
		//	outputNum += NUM_THREADS_PER_OPTION;
	}
}
