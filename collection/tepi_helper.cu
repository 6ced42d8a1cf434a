// tilelab kernel collection: tensor-episdet's epistasis-detection kernels (src/helper.cu)
// Source:  https://github.com/hiperbio/tensor-episdet/blob/6f59942c092d5c5492db16d24d9c91440a531710/src/helper.cu
//          (hiperbio/tensor-episdet, commit 6f59942), with lines 10-52 of include/helper.hpp and the whole of include/reduction.hpp and include/scoring.hpp
// Licence: GPL-3.0 (the repository's LICENSE; the files themselves carry no notice); the notice follows.
// Kept: lines 5-6 and 8-703 of src/helper.cu (the device code, unchanged). Removed: the includes of lines 1-4 (the three headers, copied in
//       below, marked) and line 7 (<iostream>), and the host code of lines 704-770 (the CUTLASS XOR+POPC GEMM launcher, n_choose_k).
/*
 * tensor-episdet: epistasis detection on NVIDIA tensor cores (https://github.com/hiperbio/tensor-episdet),
 * High-Performance Computing Architectures and Systems (HPCAS) Group, INESC-ID.
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the GNU
 * General Public License as published by the Free Software Foundation, either version 3 of the License,
 * or (at your option) any later version. This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A
 * PARTICULAR PURPOSE. See the GNU General Public License for more details: <https://www.gnu.org/licenses/>.
 */

// ---- from include/helper.hpp, lines 10-52 (lines 1-9: its guard and the CUTLASS includes, for the host's GEMM)
/* Only two out of the possible three alleles are represented (2 bits per {SNP, sample} tuple). */
#define SNP_CALC 2

#if defined(TRIPLETS)
#define INTER_OR 3		// k=3 interation order.
#define SNP_COMB 27		// 3^3 (=27) possible genotypes.
#define SNP_COMB_CALC 8		// 2^3 (= 8) genotypes are calculated with matrix operations, remaining 19 are analytically derived.
#else
#define INTER_OR 2		// k=2 interation order.
#define SNP_COMB 9		// 3^2 (= 9) possible genotypes.
#define SNP_COMB_CALC 4		// 2^2 (= 4) genotypes are calculated with matrix operations, remaining 5 are analytically derived.
#endif

/* Controls matrix and cases matrix are expected to be padded to multiples of PADDING_SAMPLES in regard to samples ...
 * ... in order to take into account the tile shape used in the binarized matrix operations. */
#define PADDING_SAMPLES 1024    

/* Used in objectiveFunctionKernel() GPU kernel. */
#define BLOCK_OBJFUN	4


/* MACROS used in objectiveFuntion() kernel in the context of 3-way searches for deriving ...
 * ... genotype counts for 19 out of 27 possible genotypes. */

#define CALC_MACRO_X_Y(x, y, z, SNP_A_index, SNP_B_index, a, b, x1,y1,z1, x2,y2,z2); {\
                CALC_MACRO(x, y, z, SNP_B_index, SNP_A_index, b, a, x1,y1,z1, x2,y2,z2); \
        }

#define CALC_MACRO_X_Z(x, y, z, SNP_A_index, SNP_B_index, a, b, x1,y1,z1, x2,y2,z2) {\
                calc_arr_cases[x*9+y*3+z] = d_output_pairwiseSNP_singleX_Z_popcountsForCases[(a*3+b) * (numSNPs) + SNP_B_index] - (calc_arr_cases[x1*9+y1*3+z1] + calc_arr_cases[x2*9+y2*3+z2]);\
                calc_arr_controls[x*9+y*3+z] = d_output_pairwiseSNP_singleX_Z_popcountsForControls[(a*3+b) * (numSNPs) + SNP_B_index] - (calc_arr_controls[x1*9+y1*3+z1] + calc_arr_controls[x2*9+y2*3+z2]);\
        }

#define CALC_MACRO_Y_Z(x, y, z, SNP_A_index, SNP_B_index, a, b, x1,y1,z1, x2,y2,z2) {\
                CALC_MACRO(x, y, z, SNP_A_index, SNP_B_index, a, b, x1,y1,z1, x2,y2,z2); \
        }

/* {x,y,z} = {a,:,b} - ({x1,y1,z1} + {x2,y2,z2}) */
#define CALC_MACRO(x, y, z, SNP_A_index, SNP_B_index, a, b, x1,y1,z1, x2,y2,z2) {\
                calc_arr_cases[x*9+y*3+z] = d_output_pairwiseSNP_popcountsForCases[(a*3+b) * (BLOCK_SIZE * numSNPs) + ( SNP_A_index ) * numSNPs + SNP_B_index] - (calc_arr_cases[x1*9+y1*3+z1] + calc_arr_cases[x2*9+y2*3+z2]);\
                calc_arr_controls[x*9+y*3+z] = d_output_pairwiseSNP_popcountsForControls[(a*3+b) * (BLOCK_SIZE * numSNPs) + ( SNP_A_index ) * numSNPs + SNP_B_index] - (calc_arr_controls[x1*9+y1*3+z1] + calc_arr_controls[x2*9+y2*3+z2]);\
        }

// ---- end of helper.hpp's lines

// ---- include/reduction.hpp, whole (lines 1-152)
#ifndef REDUCTION_H_   
#define REDUCTION_H_

#include <cfloat>


/* GPU kernel code for MIN reduction. Based on: https://developer.nvidia.com/blog/faster-parallel-reductions-kepler */

__inline__ __device__ float shfl_xor_32(float scalarValue, const int n) {
        return __shfl_xor_sync(0xFFFFFFFF, scalarValue, n);
}

__inline__ __device__ float warpReduceMin(float val) {
        val = min(val, shfl_xor_32(val, 1));
        val = min(val, shfl_xor_32(val, 2));
        val = min(val, shfl_xor_32(val, 4));
        val = min(val, shfl_xor_32(val, 8));
        val = min(val, shfl_xor_32(val, 16));
        return val;
}

__inline__ __device__ float blockReduceMin_2D(float val) {
	static __shared__ float shared[32];
	val = warpReduceMin(val);
	if (threadIdx.x == 0) shared[threadIdx.y]=val;
	__syncthreads();
	val = (threadIdx.x < blockDim.y) ? shared[threadIdx.x] : FLT_MAX;

	float val_min = warpReduceMin(val);
	if (threadIdx.x==0 && threadIdx.y==0) shared[0] = val_min;

	__syncthreads();
	val = shared[0];
	return val;
}

__inline__ __device__ float warpReduceMax(float val) {
	val = max(val, shfl_xor_32(val, 1));
	val = max(val, shfl_xor_32(val, 2));
	val = max(val, shfl_xor_32(val, 4));
	val = max(val, shfl_xor_32(val, 8));
	val = max(val, shfl_xor_32(val, 16));
	return val;
}

__inline__ __device__ float blockReduceMax_2D(float val) {
	static __shared__ float shared[32];
	val = warpReduceMax(val);
	if (threadIdx.x == 0) shared[threadIdx.y]=val;
	__syncthreads();
	val = (threadIdx.x < blockDim.y) ? shared[threadIdx.x] : FLT_MIN;

	float val_max = warpReduceMax(val);
	if (threadIdx.x==0 && threadIdx.y==0) shared[0] = val_max;

	__syncthreads();
	val = shared[0];
	return val;
}


/* GPU kernel code for saving best cadidate score. Based on: https://streamhpc.com/blog/2016-02-09/atomic-operations-for-floats-in-opencl-improved/ */

__inline__ __device__ void atomicMin_g_f(float *addr, float val)
{
	union {
		unsigned int u32;
		float        f32;
	} next, expected, current;
	current.f32    = *addr;
	do {
		expected.f32 = current.f32;
		next.f32     = min(expected.f32,  val);
		current.u32  = atomicCAS( (unsigned int *)addr,
				expected.u32, next.u32);
	} while( current.u32 != expected.u32 );
}

__inline__ __device__ void atomicMax_g_f(float *addr, float val)
{
	union {
		unsigned int u32;
		float        f32;
	} next, expected, current;
	current.f32    = *addr;
	do {
		expected.f32 = current.f32;
		next.f32     = max(expected.f32,  val);
		current.u32  = atomicCAS( (unsigned int *)addr,
				expected.u32, next.u32);
	} while( current.u32 != expected.u32 );
}

/* GPU kernel code for saving indexes (encoded in 64-bit integer) of set of SNPs with best cadidate score */

__inline__ __device__ void atomicMinGetIndex(float *addr, float val, unsigned long long int *index, unsigned long long int nextPackedIndices)
{
	unsigned long long int expected, current;
	current = *index;

        do {
                expected = current;
                float global_minVal = *addr;
                if(val <= global_minVal) {
                        current  = atomicCAS( index, expected, nextPackedIndices);
                }
        } while( current != expected );
}

__inline__ __device__ void atomicMaxGetIndex(float *addr, float val, unsigned long long int *index, unsigned long long int nextPackedIndices)
{
	unsigned long long int expected, current;
	current = *index;

	do {
		expected = current;
		float global_minVal = *addr;
		if(val >= global_minVal) {
			current  = atomicCAS( index, expected, nextPackedIndices);
		}
	} while( current != expected );
}


/* Functions exclusive to 3-way searches */

/* GPU kernel code for SUM reduction. Based on: https://developer.nvidia.com/blog/faster-parallel-reductions-kepler */

__inline__ __device__ int warpReduceSum(int val) {
        val += shfl_xor_32(val, 1);
        val += shfl_xor_32(val, 2);
        val += shfl_xor_32(val, 4);
        val += shfl_xor_32(val, 8);
        val += shfl_xor_32(val, 16);
        return val;
}

__inline__ __device__ int blockReduceSum(int val) {
        static __shared__ int shared[32];       
        int lane = threadIdx.y % warpSize;
        int wid = threadIdx.y / warpSize;
        val = warpReduceSum(val);               
        if (lane==0) shared[wid]=val;           
        __syncthreads();                        
        val = (threadIdx.y < (blockDim.y / warpSize)) ? shared[lane] : 0;       
        if (wid==0) shared[0] = warpReduceSum(val);     
        __syncthreads();
        val = shared[0];                        
        return val;
}

#endif
// ---- end of reduction.hpp

// ---- include/scoring.hpp, whole (lines 1-93)
#ifndef SCORING_H_
#define SCORING_H_


#define CALC_K2(cases_val, controls_val); {\
       score_value += __ldg(&tablePrecalc[controls_val]) + __ldg(&tablePrecalc[cases_val]) - __ldg(&tablePrecalc[controls_val + cases_val + 1]); \
}

#define CALC_MI(cases_val, controls_val); {\
	probabilityCase = cases_val * numPatientsInv; \
	entropyAll -= probabilityCase * __ldg(&tablePrecalc[cases_val]); \
	probabilityControl = controls_val * numPatientsInv; \
	entropyAll -= probabilityControl * __ldg(&tablePrecalc[controls_val]); \
	probabilityCasePlusControl = probabilityCase + probabilityControl; \
	entropyX -= probabilityCasePlusControl * __ldg(&tablePrecalc[cases_val + controls_val]); \
}

__inline__ __device__ float scoring_pairs(int *calc_arr_cases, int *calc_arr_controls, float *tablePrecalc, int numCases, int numControls) {

        float score_value = 0.0f;

	#if defined(MI_SCORE)

        float probabilityCase, probabilityControl, probabilityCasePlusControl;
        float numPatientsInv = 1.0 / (numCases + numControls);    

        float entropyY = (-1.0) * (numCases * numPatientsInv) * __ldg(&tablePrecalc[numCases]);
	entropyY += (-1.0) * (numControls * numPatientsInv) * __ldg(&tablePrecalc[numControls]);
        float entropyX = 0.0;
        float entropyAll = 0.0;

        for(int i = 0; i<3; i++) {
                for(int j = 0; j<3; j++) {
                	CALC_MI(calc_arr_cases[i*3 + j], calc_arr_controls[i*3 + j]);
                }
        }
        score_value = entropyX + entropyY - entropyAll;
	
	#else	

	for(int i = 0; i<3; i++) {
		for(int j = 0; j<3; j++) {
			CALC_K2(calc_arr_cases[i*3+j], calc_arr_controls[i*3+j]);
		}
	}
	score_value = fabs(score_value);

	#endif

	return score_value;
}

__inline__ __device__ float scoring_triplets(int *calc_arr_cases, int *calc_arr_controls, float *tablePrecalc, int numCases, int numControls) {

	float score_value = 0.0f;

        #if defined(MI_SCORE)

	float probabilityCase, probabilityControl, probabilityCasePlusControl;
	float numPatientsInv = 1.0 / (numCases + numControls);   

	float entropyY = (-1.0) * (numCases * numPatientsInv) * __ldg(&tablePrecalc[numCases]);  
	entropyY += (-1.0) * (numControls * numPatientsInv) * __ldg(&tablePrecalc[numControls]);  
	float entropyX = 0.0;
	float entropyAll = 0.0;

	for(int i = 0; i<3; i++) {
		for(int j = 0; j<3; j++) {
			for(int k = 0; k<3; k++) {
				CALC_MI(calc_arr_cases[i*9 + j*3 + k], calc_arr_controls[i*9 + j*3 + k]);
                        }
                }
        }
        score_value = entropyX + entropyY - entropyAll;

	#else
	
	for(int i = 0; i<3; i++) {
		for(int j = 0; j<3; j++) {
			for(int k = 0; k<3; k++) {
				CALC_K2(calc_arr_cases[i*9 + j*3 + k], calc_arr_controls[i*9 + j*3 + k]);
			}
		}
	}
	score_value = fabs(score_value);
	
	#endif

        return score_value;
}


#endif
// ---- end of scoring.hpp

#include <cfloat>


/* Individual {SNP, allele} population count calculation, used in objectiveFunctionKernel() in 2-way and 3-way searches. 
   Counts for third genotype are derived from the other two genotypes. */

__global__ void epistasis_individualSNPs(int start_SNP_idx, uint *datasetCases, uint *datasetControls, uint *output_individualSNP_popcountsForCases, uint *output_individualSNP_popcountsForControls, int numSNPs, int casesSizeOriginal, int controlsSizeOriginal)
{

        uint SNP_i = start_SNP_idx + blockDim.x * blockIdx.x + threadIdx.x;
        int cases_i, controls_i;

        int casesSizeNoPadding = ceil(((float) casesSizeOriginal) / 32.0f);
        int controlsSizeNoPadding = ceil(((float) controlsSizeOriginal) / 32.0f);

	int casesSize = ceil(((float) casesSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;
	int controlsSize = ceil(((float) controlsSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;

        int casesZerosAcc = 0;
        int casesOnesAcc = 0;

        int controlsZerosAcc = 0;
        int controlsOnesAcc = 0;

        if(SNP_i < numSNPs) {           // To ensure processing is inside bounds.

                for(cases_i = 0; cases_i < casesSizeNoPadding; cases_i++) {
                        casesZerosAcc += __popc(datasetCases[SNP_i * SNP_CALC * casesSize + cases_i]);
                        casesOnesAcc += __popc(datasetCases[SNP_i * SNP_CALC * casesSize + casesSize + cases_i]);
                }

                output_individualSNP_popcountsForCases[0 * numSNPs + SNP_i] = casesZerosAcc;
                output_individualSNP_popcountsForCases[1 * numSNPs + SNP_i] = casesOnesAcc;
                output_individualSNP_popcountsForCases[2 * numSNPs + SNP_i] = casesSizeOriginal - (casesZerosAcc + casesOnesAcc);       	

                for(controls_i = 0; controls_i < controlsSizeNoPadding; controls_i++) {
                        controlsZerosAcc += __popc(datasetControls[SNP_i * SNP_CALC * controlsSize + controls_i]);
                        controlsOnesAcc += __popc(datasetControls[SNP_i * SNP_CALC * controlsSize + controlsSize + controls_i]);
                }

                output_individualSNP_popcountsForControls[0 * numSNPs + SNP_i] = controlsZerosAcc;
                output_individualSNP_popcountsForControls[1 * numSNPs + SNP_i] = controlsOnesAcc;
                output_individualSNP_popcountsForControls[2 * numSNPs + SNP_i] = controlsSizeOriginal - (controlsZerosAcc + controlsOnesAcc);  

        }
}


/* Pair-wise population count calculation, used in used in objectiveFunctionKernel() in 3-way searches.
   Data for third genotype is derived from the other two genotypes. */  

__global__ void epistasis_pairwiseSNPs(uint *datasetCases, uint *datasetControls, uint *output_pairwiseSNP_popcountsForCases, uint *output_pairwiseSNP_popcountsForControls, int numSNPs, int casesSizeOriginal, int controlsSizeOriginal, uint SNP_A_start)
{
        uint SNP_A_i_fromBlockStart = blockDim.x * blockIdx.x + threadIdx.x;
	uint SNP_A_i = SNP_A_start + SNP_A_i_fromBlockStart;
        uint SNP_B_i = blockDim.y * blockIdx.y + threadIdx.y;

        int cases_i, controls_i;

	int casesSizeNoPadding = ceil(((float) casesSizeOriginal) / 32.0f);
	int controlsSizeNoPadding = ceil(((float) controlsSizeOriginal) / 32.0f);

	int casesSize = ceil(((float) casesSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;
	int controlsSize = ceil(((float) controlsSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;

	uint maskRelevantBitsSetCases = (~0u) << (casesSizeNoPadding * 32 - casesSizeOriginal); // Mask where the only bits not set are the 'casesSize * 32 - casesSizeOriginal' less significant bits.
        uint maskRelevantBitsSetControls = (~0u) << (controlsSizeNoPadding * 32 - controlsSizeOriginal); // Mask where the only bits not set are the 'controlsSize * 32 - controlsSizeOriginal' less significant bits.

        if((SNP_A_i < numSNPs) && (SNP_B_i < numSNPs)) {       // This is because there may be more threads launched than combinations.

		int casesCountsArr[9];
		for(int i=0; i<9; i++) {
			casesCountsArr[i] = 0;
		}

		int controlsCountsArr[9];
		for(int i=0; i<9; i++) {
			controlsCountsArr[i] = 0;
		}

		unsigned int cases_0_A, cases_1_A, cases_2_A, cases_0_B, cases_1_B, cases_2_B;
                for(cases_i = 0; cases_i < (casesSizeNoPadding - 1); cases_i++) {

                        cases_0_A = datasetCases[SNP_A_i * SNP_CALC * casesSize + cases_i];
                        cases_1_A = datasetCases[SNP_A_i * SNP_CALC * casesSize + casesSize + cases_i];
                        cases_2_A = ~(cases_0_A | cases_1_A);

                        cases_0_B = datasetCases[SNP_B_i * SNP_CALC * casesSize + cases_i];
                        cases_1_B = datasetCases[SNP_B_i * SNP_CALC * casesSize + casesSize + cases_i];
                        cases_2_B = ~(cases_0_B | cases_1_B);

                        casesCountsArr[0] += __popc(cases_0_A & cases_0_B);
                        casesCountsArr[1] += __popc(cases_0_A & cases_1_B);
                        casesCountsArr[2] += __popc(cases_0_A & cases_2_B);
                        casesCountsArr[3] += __popc(cases_1_A & cases_0_B);
                        casesCountsArr[4] += __popc(cases_1_A & cases_1_B);
                        casesCountsArr[5] += __popc(cases_1_A & cases_2_B);
                        casesCountsArr[6] += __popc(cases_2_A & cases_0_B);
                        casesCountsArr[7] += __popc(cases_2_A & cases_1_B);
                        casesCountsArr[8] += __popc(cases_2_A & cases_2_B);
		}

		/* Processes last 32-bit bit-pack in order to take into acount when number of cases is not multiple of 32. */

		cases_0_A = datasetCases[SNP_A_i * SNP_CALC * casesSize + cases_i];
		cases_1_A = datasetCases[SNP_A_i * SNP_CALC * casesSize + casesSize + cases_i];
		cases_2_A = (~(cases_0_A | cases_1_A)) & maskRelevantBitsSetCases;
			
		cases_0_B = datasetCases[SNP_B_i * SNP_CALC * casesSize + cases_i];
		cases_1_B = datasetCases[SNP_B_i * SNP_CALC * casesSize + casesSize + cases_i];
		cases_2_B = (~(cases_0_B | cases_1_B)) & maskRelevantBitsSetCases;

		casesCountsArr[0] += __popc(cases_0_A & cases_0_B);
		casesCountsArr[1] += __popc(cases_0_A & cases_1_B);
		casesCountsArr[2] += __popc(cases_0_A & cases_2_B);
		casesCountsArr[3] += __popc(cases_1_A & cases_0_B);
		casesCountsArr[4] += __popc(cases_1_A & cases_1_B);
		casesCountsArr[5] += __popc(cases_1_A & cases_2_B);
		casesCountsArr[6] += __popc(cases_2_A & cases_0_B);
		casesCountsArr[7] += __popc(cases_2_A & cases_1_B);
		casesCountsArr[8] += __popc(cases_2_A & cases_2_B);


		output_pairwiseSNP_popcountsForCases[0 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[0];
		output_pairwiseSNP_popcountsForCases[1 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[1];
		output_pairwiseSNP_popcountsForCases[2 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[2];
		output_pairwiseSNP_popcountsForCases[3 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[3];
		output_pairwiseSNP_popcountsForCases[4 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[4];
		output_pairwiseSNP_popcountsForCases[5 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[5];
		output_pairwiseSNP_popcountsForCases[6 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[6];
		output_pairwiseSNP_popcountsForCases[7 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[7];
                output_pairwiseSNP_popcountsForCases[8 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = casesCountsArr[8];


                unsigned int controls_0_A, controls_1_A, controls_2_A, controls_0_B, controls_1_B, controls_2_B;
                for(controls_i = 0; controls_i < (controlsSizeNoPadding - 1); controls_i++) {

                        controls_0_A = datasetControls[SNP_A_i * SNP_CALC * controlsSize + controls_i];
                        controls_1_A = datasetControls[SNP_A_i * SNP_CALC * controlsSize + controlsSize + controls_i];
                        controls_2_A = ~(controls_0_A | controls_1_A);

                        controls_0_B = datasetControls[SNP_B_i * SNP_CALC * controlsSize + controls_i];
                        controls_1_B = datasetControls[SNP_B_i * SNP_CALC * controlsSize + controlsSize + controls_i];
                        controls_2_B = ~(controls_0_B | controls_1_B);

                        controlsCountsArr[0] += __popc(controls_0_A & controls_0_B);
                        controlsCountsArr[1] += __popc(controls_0_A & controls_1_B);
                        controlsCountsArr[2] += __popc(controls_0_A & controls_2_B);
                        controlsCountsArr[3] += __popc(controls_1_A & controls_0_B);
                        controlsCountsArr[4] += __popc(controls_1_A & controls_1_B);
                        controlsCountsArr[5] += __popc(controls_1_A & controls_2_B);
                        controlsCountsArr[6] += __popc(controls_2_A & controls_0_B);
                        controlsCountsArr[7] += __popc(controls_2_A & controls_1_B);
                        controlsCountsArr[8] += __popc(controls_2_A & controls_2_B);
                }

                /* Processes last 32-bit bit-pack in order to take into acount when number of controls is not multiple of 32. */

                controls_0_A = datasetControls[SNP_A_i * SNP_CALC * controlsSize + controls_i];
                controls_1_A = datasetControls[SNP_A_i * SNP_CALC * controlsSize + controlsSize + controls_i];
                controls_2_A = (~(controls_0_A | controls_1_A)) & maskRelevantBitsSetControls;
                        
                controls_0_B = datasetControls[SNP_B_i * SNP_CALC * controlsSize + controls_i];
                controls_1_B = datasetControls[SNP_B_i * SNP_CALC * controlsSize + controlsSize + controls_i];
                controls_2_B = (~(controls_0_B | controls_1_B)) & maskRelevantBitsSetControls;

                controlsCountsArr[0] += __popc(controls_0_A & controls_0_B);
                controlsCountsArr[1] += __popc(controls_0_A & controls_1_B);
                controlsCountsArr[2] += __popc(controls_0_A & controls_2_B);
                controlsCountsArr[3] += __popc(controls_1_A & controls_0_B);
                controlsCountsArr[4] += __popc(controls_1_A & controls_1_B);
                controlsCountsArr[5] += __popc(controls_1_A & controls_2_B);
                controlsCountsArr[6] += __popc(controls_2_A & controls_0_B);
                controlsCountsArr[7] += __popc(controls_2_A & controls_1_B);
                controlsCountsArr[8] += __popc(controls_2_A & controls_2_B);


                output_pairwiseSNP_popcountsForControls[0 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[0];
                output_pairwiseSNP_popcountsForControls[1 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[1];
                output_pairwiseSNP_popcountsForControls[2 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[2];
                output_pairwiseSNP_popcountsForControls[3 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[3];
                output_pairwiseSNP_popcountsForControls[4 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[4];
                output_pairwiseSNP_popcountsForControls[5 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[5];
                output_pairwiseSNP_popcountsForControls[6 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[6];
                output_pairwiseSNP_popcountsForControls[7 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[7];
                output_pairwiseSNP_popcountsForControls[8 * (BLOCK_SIZE * numSNPs) + SNP_A_i_fromBlockStart * numSNPs + SNP_B_i] = controlsCountsArr[8];
        }
}


/* Computes population counts pertaining to pairwise interactions between a single SNP (X) and multiple other SNPs (Z).
   Used exclusivey in the context of 3-way searches. */

__global__ void epistasis_pairwiseSNPs_singleX_Z(uint *datasetCases, uint *datasetControls, uint *output_pairwiseSNP_singleX_Z_popcountsForCases, uint *output_pairwiseSNP_singleX_Z_popcountsForControls, int numSNPs, int casesSizeOriginal, int controlsSizeOriginal, uint SNP_X_i, uint start_Z)
{

	uint SNP_Z_i = start_Z + blockDim.x * blockIdx.x + threadIdx.x;
	uint patient_idx_thread = threadIdx.y;

	int cases_i, controls_i;

	int casesSizeNoPadding = ceil(((float) casesSizeOriginal) / 32.0f);
	int controlsSizeNoPadding = ceil(((float) controlsSizeOriginal) / 32.0f);

	int casesSize = ceil(((float) casesSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;
	int controlsSize = ceil(((float) controlsSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;

	uint maskRelevantBitsSetCases = (~0u) << (casesSizeNoPadding * 32 - casesSizeOriginal); // Mask where the only bits not set are the 'casesSize * 32 - casesSizeOriginal' less significant bits.
	uint maskRelevantBitsSetControls = (~0u) << (controlsSizeNoPadding * 32 - controlsSizeOriginal); // Mask where the only bits not set are the 'controlsSize * 32 - controlsSizeOriginal' less significant bits

	if((SNP_X_i < numSNPs) && (SNP_Z_i < numSNPs)) {       // To ensure processing is within bounds.

		int casesCountsArr[9];
		for(int i=0; i<9; i++) {
			casesCountsArr[i] = 0;
		}

		int controlsCountsArr[9];
		for(int i=0; i<9; i++) {
			controlsCountsArr[i] = 0;
		}

		int casesCountsArr_final[9];
		int controlsCountsArr_final[9];

		/* Sample data (cases or controls) is represented in 32-bit bitpacks and PADDING_SIZE (padding factor for controls and cases) is set to 1024.
		   Notice that 1024 / 32 --> 32, which is lower than 'blockDim.y' (128). 
		   Thus, only the last 'blockDim.y' bitpacks can have padding bits.  */ 

                unsigned int cases_0_A, cases_1_A, cases_2_A, cases_0_B, cases_1_B, cases_2_B;
		for(cases_i = 0; cases_i < (casesSize - blockDim.y); cases_i += blockDim.y) {

			cases_0_A = datasetCases[SNP_X_i * SNP_CALC * casesSize + cases_i + patient_idx_thread];
			cases_1_A = datasetCases[SNP_X_i * SNP_CALC * casesSize + casesSize + cases_i + patient_idx_thread];
			cases_2_A = ~(cases_0_A | cases_1_A);

			cases_0_B = datasetCases[SNP_Z_i * SNP_CALC * casesSize + cases_i + patient_idx_thread];
			cases_1_B = datasetCases[SNP_Z_i * SNP_CALC * casesSize + casesSize + cases_i + patient_idx_thread];
			cases_2_B = ~(cases_0_B | cases_1_B);

			casesCountsArr[0] += __popc(cases_0_A & cases_0_B);
			casesCountsArr[1] += __popc(cases_0_A & cases_1_B);
			casesCountsArr[2] += __popc(cases_0_A & cases_2_B);
			casesCountsArr[3] += __popc(cases_1_A & cases_0_B);
			casesCountsArr[4] += __popc(cases_1_A & cases_1_B);
			casesCountsArr[5] += __popc(cases_1_A & cases_2_B);
			casesCountsArr[6] += __popc(cases_2_A & cases_0_B);
			casesCountsArr[7] += __popc(cases_2_A & cases_1_B);
			casesCountsArr[8] += __popc(cases_2_A & cases_2_B);
		}

                /* Deals with last block of bit-packs to process, some of which can include padding bits */

		cases_0_A = datasetCases[SNP_X_i * SNP_CALC * casesSize + cases_i + patient_idx_thread];
		cases_1_A = datasetCases[SNP_X_i * SNP_CALC * casesSize + casesSize + cases_i + patient_idx_thread];

		cases_0_B = datasetCases[SNP_Z_i * SNP_CALC * casesSize + cases_i + patient_idx_thread];
		cases_1_B = datasetCases[SNP_Z_i * SNP_CALC * casesSize + casesSize + cases_i + patient_idx_thread];

		if((cases_i + patient_idx_thread) < (casesSizeNoPadding - 1)) {	// These bitpacks have no padding bits.
                	cases_2_A = ~(cases_0_A | cases_1_A);
                	cases_2_B = ~(cases_0_B | cases_1_B);
		}
		else if((cases_i + patient_idx_thread) == (casesSizeNoPadding - 1)) {	// This bitpack can have some padding bits.
                        cases_2_A = (~(cases_0_A | cases_1_A)) & maskRelevantBitsSetCases;  
                        cases_2_B = (~(cases_0_B | cases_1_B)) & maskRelevantBitsSetCases;
                }
		else {	// These bitpacks only have padding bits.
			cases_2_A = 0;
			cases_2_B = 0;
		}

		casesCountsArr[0] += __popc(cases_0_A & cases_0_B);
		casesCountsArr[1] += __popc(cases_0_A & cases_1_B);
		casesCountsArr[2] += __popc(cases_0_A & cases_2_B);
		casesCountsArr[3] += __popc(cases_1_A & cases_0_B);
		casesCountsArr[4] += __popc(cases_1_A & cases_1_B);
		casesCountsArr[5] += __popc(cases_1_A & cases_2_B);
		casesCountsArr[6] += __popc(cases_2_A & cases_0_B);
		casesCountsArr[7] += __popc(cases_2_A & cases_1_B);
		casesCountsArr[8] += __popc(cases_2_A & cases_2_B);

                /* Sum reduction between threads in thread block. */

		casesCountsArr_final[0] =  blockReduceSum(casesCountsArr[0]);
		casesCountsArr_final[1] =  blockReduceSum(casesCountsArr[1]);
		casesCountsArr_final[2] =  blockReduceSum(casesCountsArr[2]);
		casesCountsArr_final[3] =  blockReduceSum(casesCountsArr[3]);
		casesCountsArr_final[4] =  blockReduceSum(casesCountsArr[4]);
		casesCountsArr_final[5] =  blockReduceSum(casesCountsArr[5]);
		casesCountsArr_final[6] =  blockReduceSum(casesCountsArr[6]);
		casesCountsArr_final[7] =  blockReduceSum(casesCountsArr[7]);
		casesCountsArr_final[8] =  blockReduceSum(casesCountsArr[8]);

		if(threadIdx.y == 0) {
			output_pairwiseSNP_singleX_Z_popcountsForCases[0 * numSNPs + SNP_Z_i] = casesCountsArr_final[0];
			output_pairwiseSNP_singleX_Z_popcountsForCases[1 * numSNPs + SNP_Z_i] = casesCountsArr_final[1];
			output_pairwiseSNP_singleX_Z_popcountsForCases[2 * numSNPs + SNP_Z_i] = casesCountsArr_final[2];
			output_pairwiseSNP_singleX_Z_popcountsForCases[3 * numSNPs + SNP_Z_i] = casesCountsArr_final[3];
			output_pairwiseSNP_singleX_Z_popcountsForCases[4 * numSNPs + SNP_Z_i] = casesCountsArr_final[4];
			output_pairwiseSNP_singleX_Z_popcountsForCases[5 * numSNPs + SNP_Z_i] = casesCountsArr_final[5];
			output_pairwiseSNP_singleX_Z_popcountsForCases[6 * numSNPs + SNP_Z_i] = casesCountsArr_final[6];
			output_pairwiseSNP_singleX_Z_popcountsForCases[7 * numSNPs + SNP_Z_i] = casesCountsArr_final[7];
			output_pairwiseSNP_singleX_Z_popcountsForCases[8 * numSNPs + SNP_Z_i] = casesCountsArr_final[8];
		}

                unsigned int controls_0_A, controls_1_A, controls_2_A, controls_0_B, controls_1_B, controls_2_B;
		for(controls_i = 0; controls_i < (controlsSize - blockDim.y); controls_i += blockDim.y) {

			controls_0_A = datasetControls[SNP_X_i * SNP_CALC * controlsSize + controls_i + patient_idx_thread];
			controls_1_A = datasetControls[SNP_X_i * SNP_CALC * controlsSize + controlsSize + controls_i + patient_idx_thread];
			controls_2_A = ~(controls_0_A | controls_1_A);

			controls_0_B = datasetControls[SNP_Z_i * SNP_CALC * controlsSize + controls_i + patient_idx_thread];
			controls_1_B = datasetControls[SNP_Z_i * SNP_CALC * controlsSize + controlsSize + controls_i + patient_idx_thread];
			controls_2_B = ~(controls_0_B | controls_1_B);

			controlsCountsArr[0] += __popc(controls_0_A & controls_0_B);
			controlsCountsArr[1] += __popc(controls_0_A & controls_1_B);
			controlsCountsArr[2] += __popc(controls_0_A & controls_2_B);
			controlsCountsArr[3] += __popc(controls_1_A & controls_0_B);
			controlsCountsArr[4] += __popc(controls_1_A & controls_1_B);
			controlsCountsArr[5] += __popc(controls_1_A & controls_2_B);
			controlsCountsArr[6] += __popc(controls_2_A & controls_0_B);
			controlsCountsArr[7] += __popc(controls_2_A & controls_1_B);
			controlsCountsArr[8] += __popc(controls_2_A & controls_2_B);
		}

                /* Deals with last block of bit-packs to process, some of which can include padding bits */
                
		controls_0_A = datasetControls[SNP_X_i * SNP_CALC * controlsSize + controls_i + patient_idx_thread];
                controls_1_A = datasetControls[SNP_X_i * SNP_CALC * controlsSize + controlsSize + controls_i + patient_idx_thread];

                controls_0_B = datasetControls[SNP_Z_i * SNP_CALC * controlsSize + controls_i + patient_idx_thread];
                controls_1_B = datasetControls[SNP_Z_i * SNP_CALC * controlsSize + controlsSize + controls_i + patient_idx_thread];

		if((controls_i + patient_idx_thread) < (controlsSizeNoPadding - 1)) {  // These bitpacks have no padding bits.
			controls_2_A = ~(controls_0_A | controls_1_A);
			controls_2_B = ~(controls_0_B | controls_1_B);
		}
		else if((controls_i + patient_idx_thread) == (controlsSizeNoPadding - 1)) {    // This bitpack can have some padding bits.
			controls_2_A = (~(controls_0_A | controls_1_A)) & maskRelevantBitsSetControls;
			controls_2_B = (~(controls_0_B | controls_1_B)) & maskRelevantBitsSetControls;
		}
		else {  // These bitpacks only have padding bits.
			controls_2_A = 0;
			controls_2_B = 0;
		}

                controlsCountsArr[0] += __popc(controls_0_A & controls_0_B);
                controlsCountsArr[1] += __popc(controls_0_A & controls_1_B);
                controlsCountsArr[2] += __popc(controls_0_A & controls_2_B);
                controlsCountsArr[3] += __popc(controls_1_A & controls_0_B);
                controlsCountsArr[4] += __popc(controls_1_A & controls_1_B);
                controlsCountsArr[5] += __popc(controls_1_A & controls_2_B);
                controlsCountsArr[6] += __popc(controls_2_A & controls_0_B);
                controlsCountsArr[7] += __popc(controls_2_A & controls_1_B);
                controlsCountsArr[8] += __popc(controls_2_A & controls_2_B);

		/* Sum reduction between threads in thread block. */

		controlsCountsArr_final[0] =  blockReduceSum(controlsCountsArr[0]);
		controlsCountsArr_final[1] =  blockReduceSum(controlsCountsArr[1]);
		controlsCountsArr_final[2] =  blockReduceSum(controlsCountsArr[2]);
		controlsCountsArr_final[3] =  blockReduceSum(controlsCountsArr[3]);
		controlsCountsArr_final[4] =  blockReduceSum(controlsCountsArr[4]);
		controlsCountsArr_final[5] =  blockReduceSum(controlsCountsArr[5]);
		controlsCountsArr_final[6] =  blockReduceSum(controlsCountsArr[6]);
		controlsCountsArr_final[7] =  blockReduceSum(controlsCountsArr[7]);
		controlsCountsArr_final[8] =  blockReduceSum(controlsCountsArr[8]);

		if(threadIdx.y == 0) {
			output_pairwiseSNP_singleX_Z_popcountsForControls[0 * numSNPs + SNP_Z_i] = controlsCountsArr_final[0];
			output_pairwiseSNP_singleX_Z_popcountsForControls[1 * numSNPs + SNP_Z_i] = controlsCountsArr_final[1];
			output_pairwiseSNP_singleX_Z_popcountsForControls[2 * numSNPs + SNP_Z_i] = controlsCountsArr_final[2];
			output_pairwiseSNP_singleX_Z_popcountsForControls[3 * numSNPs + SNP_Z_i] = controlsCountsArr_final[3];
			output_pairwiseSNP_singleX_Z_popcountsForControls[4 * numSNPs + SNP_Z_i] = controlsCountsArr_final[4];
			output_pairwiseSNP_singleX_Z_popcountsForControls[5 * numSNPs + SNP_Z_i] = controlsCountsArr_final[5];
			output_pairwiseSNP_singleX_Z_popcountsForControls[6 * numSNPs + SNP_Z_i] = controlsCountsArr_final[6];
			output_pairwiseSNP_singleX_Z_popcountsForControls[7 * numSNPs + SNP_Z_i] = controlsCountsArr_final[7];
			output_pairwiseSNP_singleX_Z_popcountsForControls[8 * numSNPs + SNP_Z_i] = controlsCountsArr_final[8];
		}
	}
}


/* Combines allelic data from an SNP (X) with allelic data from a set of other SNPs (Y). 
   This computation phase enables the use of fused XOR+POPC on tensor cores in the context of high order searches (e.g. 3-way epistasis detection). */

__global__ void epistasis_prework_k3(uint *datasetCases, uint *datasetControls, uint *d_output_X_Y_SNP_ForCases, uint *d_output_X_Y_SNP_ForControls, int numSNPs, int casesSizeOriginal, int controlsSizeOriginal, int snp_X_index, int snp_Y_index_start)
{
	uint snp_Y_fromBlockStart = blockDim.x * blockIdx.x + threadIdx.x;
	uint snp_Y_index = snp_Y_index_start + snp_Y_fromBlockStart;

	uint patient_idx_thread = threadIdx.y;

	int cases_i, controls_i;

        int casesSize = ceil(((float) casesSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;
	int controlsSize = ceil(((float) controlsSizeOriginal) / ((float) PADDING_SAMPLES)) * PADDING_SAMPLES / 32;

	if((snp_X_index < numSNPs) && (snp_Y_index < numSNPs)) {       // To ensure processing is within bounds. 

		for(int i=0; i<SNP_CALC; i++) {
			for(int j=0; j<SNP_CALC; j++) {

				// cases
				for(cases_i = 0; cases_i < casesSize; cases_i += blockDim.y) {
					d_output_X_Y_SNP_ForCases[snp_Y_fromBlockStart * (SNP_CALC * SNP_CALC) * casesSize + (i * SNP_CALC + j) * casesSize + cases_i + patient_idx_thread] = datasetCases[snp_X_index * SNP_CALC * casesSize + i * casesSize + cases_i + patient_idx_thread] & datasetCases[snp_Y_index * SNP_CALC * casesSize + j * casesSize + cases_i + patient_idx_thread];
				}

				// controls
				for(controls_i = 0; controls_i < controlsSize; controls_i += blockDim.y) {
					d_output_X_Y_SNP_ForControls[snp_Y_fromBlockStart * (SNP_CALC * SNP_CALC) * controlsSize + (i * SNP_CALC + j) * controlsSize + controls_i + patient_idx_thread] = datasetControls[snp_X_index * SNP_CALC * controlsSize + i * controlsSize + controls_i + patient_idx_thread] & datasetControls[snp_Y_index * SNP_CALC * controlsSize + j * controlsSize + controls_i + patient_idx_thread];
				}
			}
		}
	}
}


/* Construction of 2 x 2^k contingency table values from output of tensor cores.
 * Derivation of remaining 2 x (3^k - 2^k) contingency table values.
 * Scoring of sets of SNPs and idenfication of best score (and corresponding set).
 * These steps are performed taking into acount the sets processed in a given evaluation round.
 */


/* CUDA kernel used in 3-way searches.
   Template is used for performance purposes (avoid boundary checking inside loop when not required). */

template <bool doCheck> __global__ void objectiveFunctionKernel(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, uint * d_output_pairwiseSNP_popcountsForCases, uint * d_output_pairwiseSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_Y, int start_Z, int snp_X_index, uint * d_output_pairwiseSNP_singleX_Z_popcountsForCases, uint * d_output_pairwiseSNP_singleX_Z_popcountsForControls, int numSNPs, int numCases, int numControls)
{
	int global_id = blockDim.x * blockIdx.x + threadIdx.x;
	int local_id = threadIdx.x;

	int SNP_Y = global_id;
	
	int SNP_Z_withBestScore;		// Stores the index of the SNP (Z) that results in minimum score.

	#if defined(MI_SCORE)
	float score = FLT_MIN;
	#else
	float score = FLT_MAX;
	#endif

	if( (start_Y + SNP_Y) < numSNPs) {      // Ensures processing is within bounds.

		/* Copies data to registers. */
		int popcXY_cases_arr[9];
		int popcXY_controls_arr[9];
		for(int i=0; i<9; i++) {
			popcXY_cases_arr[i] = d_output_pairwiseSNP_singleX_Z_popcountsForCases[i * (numSNPs) + start_Y + SNP_Y];
			popcXY_controls_arr[i] = d_output_pairwiseSNP_singleX_Z_popcountsForControls[i * (numSNPs) + start_Y + SNP_Y];
		}


		for(int Z_i = 0; Z_i < BLOCK_OBJFUN; Z_i++) {

			int SNP_Z_index = (blockDim.y * blockIdx.y + threadIdx.y) * BLOCK_OBJFUN + Z_i;		

			if(doCheck == true) {	// Checks if computation is within bounds (only when dealing with the last block, in order to avoid significant overhead).
				if((start_Z + SNP_Z_index) >= numSNPs) {
					break;
				}
			}

			int calc_arr_cases[27];
			int calc_arr_controls[27];

			/* The frequency counts for the following 8 genotypes are determined from the output of the binarized tensor operations. */
			// {0,0,0}, {0,0,1}, {0,1,0}, {0,1,1}, {1,0,0}, {1,0,1}, {1,1,0}, {1,1,1}
			
			for(int i = 0; i<SNP_CALC; i++) {
				for(int j = 0; j<SNP_CALC; j++) {
					for(int k = 0; k<SNP_CALC; k++) {

						calc_arr_cases[i*9 + j*3 + k] = ((int)((popcXY_cases_arr[i*3 + j] + d_output_individualSNP_popcountsForCases[k * numSNPs + start_Z + SNP_Z_index]) - C_ptrGPU_cases[SNP_Z_index * (4 * BLOCK_SIZE) * 2 + k * (4 * BLOCK_SIZE) + SNP_Y * 4 + (2 * i + j)])) >> 1;        // / 2.0f; (does not affect overall performance)
						calc_arr_controls[i*9 + j*3 + k] = ((int)((popcXY_controls_arr[i*3 + j] + d_output_individualSNP_popcountsForControls[k * numSNPs + start_Z + SNP_Z_index]) - C_ptrGPU_controls[SNP_Z_index * (4 * BLOCK_SIZE) * 2 + k * (4 * BLOCK_SIZE) + SNP_Y * 4 + (2 * i + j)])) >> 1;    // / 2.0f; (does not affect overall performance)
					}
				}
			}

			/* The frequency counts for the following 19 genotypes are analytically derived with simple arithmetic operations. */
			// {0,0,2}, {0,1,2}, {0,2,0}, {0,2,1}, {0,2,2}, {1,0,2}, {1,1,2}, {1,2,0}, {1,2,1}, {1,2,2}, {2,0,0}, {2,0,1}, {2,0,2}, {2,1,0}, {2,1,1}, {2,1,2}, {2,2,0}, {2,2,1}, {2,2,2}
			
			// $\{0,0,2\}$ & $\{0,0,:\} - (\{0,0,0\} + \{0,0,1\})$
			CALC_MACRO_X_Y(0,0,2, snp_X_index, SNP_Y, 0,0, 0,0,0, 0,0,1);

			// $\{0,1,2\}$ & $\{0,1,:\} - (\{0,1,0\} + \{0,1,1\})$
			CALC_MACRO_X_Y(0,1,2, snp_X_index, SNP_Y, 0,1, 0,1,0, 0,1,1);

			// $\{0,2,0\}$ & $\{0,:,0\} - (\{0,0,0\} + \{0,1,0\})$
			CALC_MACRO_X_Z(0,2,0, snp_X_index, start_Z + SNP_Z_index, 0,0, 0,0,0, 0,1,0);

			// $\{0,2,1\}$ & $\{0,:,1\} - (\{0,0,1\} + \{0,1,1\})$
			CALC_MACRO_X_Z(0,2,1, snp_X_index, start_Z + SNP_Z_index, 0,1, 0,0,1, 0,1,1);

			// $\{0,2,2\}$ & $\{0,:,2\} - (\{0,0,2\} + \{0,1,2\})$
			CALC_MACRO_X_Z(0,2,2, snp_X_index, start_Z + SNP_Z_index, 0,2, 0,0,2, 0,1,2);

			// $\{1,0,2\}$ & $\{1,0,:\} - (\{1,0,0\} + \{1,0,1\})$
			CALC_MACRO_X_Y(1,0,2, snp_X_index, SNP_Y, 1,0, 1,0,0, 1,0,1);

			// $\{1,1,2\}$ & $\{1,1,:\} - (\{1,1,0\} + \{1,1,1\})$
			CALC_MACRO_X_Y(1,1,2, snp_X_index, SNP_Y, 1,1, 1,1,0, 1,1,1);

			// $\{1,2,0\}$ & $\{1,:,0\} - (\{1,0,0\} + \{1,1,0\})$
			CALC_MACRO_X_Z(1,2,0, snp_X_index, start_Z + SNP_Z_index, 1,0, 1,0,0, 1,1,0);

			// $\{1,2,1\}$ & $\{1,:,1\} - (\{1,0,1\} + \{1,1,1\})$
			CALC_MACRO_X_Z(1,2,1, snp_X_index, start_Z + SNP_Z_index, 1,1, 1,0,1, 1,1,1);

			// $\{1,2,2\}$ & $\{1,:,2\} - (\{1,0,2\} + \{1,1,2\})$
			CALC_MACRO_X_Z(1,2,2, snp_X_index, start_Z + SNP_Z_index, 1,2, 1,0,2, 1,1,2);

			// $\{2,0,0\}$ & $\{:,0,0\} - (\{0,0,0\} + \{1,0,0\})$
			CALC_MACRO_Y_Z(2,0,0, SNP_Y, start_Z + SNP_Z_index, 0,0, 0,0,0, 1,0,0);

			// $\{2,0,1\}$ & $\{:,0,1\} - (\{0,0,1\} + \{1,0,1\})$
			CALC_MACRO_Y_Z(2,0,1, SNP_Y, start_Z + SNP_Z_index, 0,1, 0,0,1, 1,0,1);

			// $\{2,0,2\}$ & $\{2,0,:\} - (\{2,0,0\} + \{2,0,1\})$
			CALC_MACRO_X_Y(2,0,2, snp_X_index, SNP_Y, 2,0, 2,0,0, 2,0,1);

			// $\{2,1,0\}$ & $\{:,1,0\} - (\{0,1,0\} + \{1,1,0\})$
			CALC_MACRO_Y_Z(2,1,0, SNP_Y, start_Z + SNP_Z_index, 1,0, 0,1,0, 1,1,0);

			// $\{2,1,1\}$ & $\{:,1,1\} - (\{0,1,1\} + \{1,1,1\})$
			CALC_MACRO_Y_Z(2,1,1, SNP_Y, start_Z + SNP_Z_index, 1,1, 0,1,1, 1,1,1);

			// $\{2,1,2\}$ & $\{2,1,:\} - (\{2,1,0\} + \{2,1,1\})$
			CALC_MACRO_X_Y(2,1,2, snp_X_index, SNP_Y, 2,1, 2,1,0, 2,1,1);

			// $\{2,2,0\}$ & $\{2,:,0\} - (\{2,0,0\} + \{2,1,0\})$
			CALC_MACRO_X_Z(2,2,0, snp_X_index, start_Z + SNP_Z_index, 2,0, 2,0,0, 2,1,0);

			// $\{2,2,1\}$ & $\{2,:,1\} - (\{2,0,1\} + \{2,1,1\})$
			CALC_MACRO_X_Z(2,2,1, snp_X_index, start_Z + SNP_Z_index, 2,1, 2,0,1, 2,1,1);

			// $\{2,2,2\}$ & $\{2,:,2\} - (\{2,0,2\} + \{2,1,2\})$
			CALC_MACRO_X_Z(2,2,2, snp_X_index, start_Z + SNP_Z_index, 2,2, 2,0,2, 2,1,2);

                        float score_new = scoring_triplets(calc_arr_cases, calc_arr_controls, tablePrecalc, numCases, numControls);
                        
			#if defined(MI_SCORE)
			if ((score_new >= score) && (snp_X_index < (start_Y + SNP_Y)) && ((start_Y + SNP_Y) < (start_Z + SNP_Z_index))) {
			#else
                        if ((score_new <= score) && (snp_X_index < (start_Y + SNP_Y)) && ((start_Y + SNP_Y) < (start_Z + SNP_Z_index))) {
			#endif
				SNP_Z_withBestScore = start_Z + SNP_Z_index;
				score = score_new;
			}
		}
	}
        #if defined(MI_SCORE)
	float min_score =  blockReduceMax_2D(score);
	if(local_id == 0 && threadIdx.y == 0) {
		atomicMax_g_f(output, min_score);
	}
	#else
	float min_score =  blockReduceMin_2D(score);
	if(local_id == 0 && threadIdx.y == 0) {
		atomicMin_g_f(output, min_score);
	}
	#endif

	if(score == min_score) {
		if((snp_X_index < (start_Y + SNP_Y)) &&  ((start_Y + SNP_Y) < SNP_Z_withBestScore)) {
			unsigned long long int packedIndices = (((unsigned long long int)snp_X_index) << 0) | (((unsigned long long int)(start_Y + SNP_Y)) << 21) | (((unsigned long long int)SNP_Z_withBestScore) << 42);
        		#if defined(MI_SCORE)
			atomicMaxGetIndex(output, min_score, output_packedIndices, packedIndices);
			#else
			atomicMinGetIndex(output, min_score, output_packedIndices, packedIndices);
			#endif
		}
	}
}

template __global__ void objectiveFunctionKernel<true>(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, uint * d_output_pairwiseSNP_popcountsForCases, uint * d_output_pairwiseSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_Y, int start_Z, int snp_X_index, uint * d_output_pairwiseSNP_singleX_Z_popcountsForCases, uint * d_output_pairwiseSNP_singleX_Z_popcountsForControls, int numSNPs, int numCases, int numControls);

template __global__ void objectiveFunctionKernel<false>(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, uint * d_output_pairwiseSNP_popcountsForCases, uint * d_output_pairwiseSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_Y, int start_Z, int snp_X_index, uint * d_output_pairwiseSNP_singleX_Z_popcountsForCases, uint * d_output_pairwiseSNP_singleX_Z_popcountsForControls, int numSNPs, int numCases, int numControls);


/* Used in 2-way searches. 
   Template is used for performance purposes (avoid boundary checking inside loop when not required). */

template <bool doCheck> __global__ void objectiveFunctionKernel(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_A, int start_B, int numSNPs, int numCases, int numControls)
{
	int global_id = blockDim.x * blockIdx.x + threadIdx.x;
	int local_id = threadIdx.x;

	int SNP_A = global_id;
	int SNP_B_withBestScore; // Stores the index of the SNP (Y) that results in locally best score.

	#if defined(MI_SCORE)
	float score = FLT_MIN;
	#else
	float score = FLT_MAX;
	#endif

	if( (start_A + SNP_A) < numSNPs) {	// Ensures processing is within bounds.

		/* Copies data to registers. */
		int popcA_cases_arr[3];
		int popcA_controls_arr[3];
		for(int i=0; i<3; i++) {
			popcA_cases_arr[i] = d_output_individualSNP_popcountsForCases[i * numSNPs + start_A + SNP_A];
			popcA_controls_arr[i] = d_output_individualSNP_popcountsForControls[i * numSNPs + start_A + SNP_A];
		}

		for(int B_i = 0; B_i < BLOCK_OBJFUN; B_i++) {

			int SNP_B_index = (blockDim.y * blockIdx.y + threadIdx.y) * BLOCK_OBJFUN + B_i;

			if(doCheck == true) {	// Checks if computation is within bounds (only when dealing with the last block, in order to avoid significant overhead). 
				if((start_B + SNP_B_index) >= numSNPs) {
					break;
				}
			}

			int calc_arr_cases[9];
			int calc_arr_controls[9];

			/* The frequency counts for the following 4 genotypes are determined from the output of the binarized tensor operations. */
			// {0,0}, {0,1}, {1,0}, {1,1}
			
			for(int i = 0; i < SNP_CALC; i++) {
				for(int j = 0; j< SNP_CALC; j++) {
					calc_arr_cases[i*3+j] = ((popcA_cases_arr[i] + d_output_individualSNP_popcountsForCases[j * numSNPs + start_B + SNP_B_index]) - C_ptrGPU_cases[(2 * SNP_B_index * 2 * BLOCK_SIZE) + (j * 2 * BLOCK_SIZE) + (SNP_A * 2) + i]) / 2.0f;
					calc_arr_controls[i*3+j] = ((popcA_controls_arr[i] + d_output_individualSNP_popcountsForControls[j * numSNPs + start_B + SNP_B_index]) - C_ptrGPU_controls[(2 * SNP_B_index * 2 * BLOCK_SIZE) + (j * 2 * BLOCK_SIZE) + (SNP_A * 2) + i]) / 2.0f;
				}
			}

			/* The frequency counts for the the following 5 genotypes are analytically derived with simple arithmetic operations. */
			// {0,2}, {1,2}, {2,0}, {2,1}, {2,2}

			// {0,2}
			calc_arr_cases[0*3+2] = popcA_cases_arr[0] - (calc_arr_cases[0*3+0] + calc_arr_cases[0*3+1]);
			calc_arr_controls[0*3+2] = popcA_controls_arr[0] - (calc_arr_controls[0*3+0] + calc_arr_controls[0*3+1]);

			// {1,2}
			calc_arr_cases[1*3+2] = popcA_cases_arr[1] - (calc_arr_cases[1*3+0] + calc_arr_cases[1*3+1]);
			calc_arr_controls[1*3+2] = popcA_controls_arr[1] - (calc_arr_controls[1*3+0] + calc_arr_controls[1*3+1]);

			// {2,0}
			calc_arr_cases[2*3+0] =  d_output_individualSNP_popcountsForCases[0 * numSNPs + start_B + SNP_B_index] - (calc_arr_cases[0*3+0] + calc_arr_cases[1*3+0]);
			calc_arr_controls[2*3+0] =  d_output_individualSNP_popcountsForControls[0 * numSNPs + start_B + SNP_B_index] - (calc_arr_controls[0*3+0] + calc_arr_controls[1*3+0]);

			// {2,1}
			calc_arr_cases[2*3+1] =  d_output_individualSNP_popcountsForCases[1 * numSNPs + start_B + SNP_B_index] - (calc_arr_cases[0*3+1] + calc_arr_cases[1*3+1]);
			calc_arr_controls[2*3+1] =  d_output_individualSNP_popcountsForControls[1 * numSNPs + start_B + SNP_B_index] - (calc_arr_controls[0*3+1] + calc_arr_controls[1*3+1]);

			// {2,2}
			calc_arr_cases[2*3+2] =  popcA_cases_arr[2] - (calc_arr_cases[2*3+0] + calc_arr_cases[2*3+1]);
			calc_arr_controls[2*3+2] =  popcA_controls_arr[2] - (calc_arr_controls[2*3+0] + calc_arr_controls[2*3+1]);

			float score_new = scoring_pairs(calc_arr_cases, calc_arr_controls, tablePrecalc, numCases, numControls);

			#if defined(MI_SCORE)
			if ((score_new >= score) && ((start_A + SNP_A) < (start_B + SNP_B_index))) {
			#else
                        if ((score_new <= score) && ((start_A + SNP_A) < (start_B + SNP_B_index))) {
			#endif
				SNP_B_withBestScore = start_B + SNP_B_index;
				score = score_new;
			}
		}
	}
	#if defined(MI_SCORE)
	float min_score =  blockReduceMax_2D(score);
	if(local_id == 0 && threadIdx.y == 0) {
		atomicMax_g_f(output, min_score);
	}
	#else
	float min_score =  blockReduceMin_2D(score);
	if(local_id == 0 && threadIdx.y == 0) {
	        atomicMin_g_f(output, min_score);
	}
	#endif

	if(score == min_score) {
		if((start_A + SNP_A) < SNP_B_withBestScore) {
			unsigned long long int packedIndices = (((unsigned long long int)(start_A + SNP_A)) << 0) | (((unsigned long long int)SNP_B_withBestScore) << 32);
			#if defined(MI_SCORE)
			atomicMaxGetIndex(output, min_score, output_packedIndices, packedIndices);
			#else
			atomicMinGetIndex(output, min_score, output_packedIndices, packedIndices);
			#endif
		}
	}
}

template __global__ void objectiveFunctionKernel<true>(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_A, int start_B, int numSNPs, int numCases, int numControls);

template __global__ void objectiveFunctionKernel<false>(int *C_ptrGPU_cases, int *C_ptrGPU_controls, uint * d_output_individualSNP_popcountsForCases, uint *d_output_individualSNP_popcountsForControls, float *tablePrecalc, float *output, unsigned long long int *output_packedIndices, int start_A, int start_B, int numSNPs, int numCases, int numControls);

