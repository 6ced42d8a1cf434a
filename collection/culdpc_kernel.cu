// tilelab kernel collection: cuLDPC's quasi-cyclic LDPC decoder (min-sum, two-min check-node update with a
// per-thread shared-memory cache of the old messages, variable-node update, hard decision), 802.16e WiMAX mode
// Source:  https://github.com/robertwgh/cuLDPC/blob/d268b14da601793449ef2519b23ff33283111ce6/src/cuLDPC_kernel.cu
//          (robertwgh/cuLDPC, commit d268b14: G. Wang et al.'s GPU QC-LDPC decoder, SASP 2011 / GlobalSIP 2013)
// Licence: Apache-2.0 (the repository's LICENSE and README; the README's notice is repeated below, the source
//          files' own copyright lines are kept).
// Kept: cuLDPC_kernel.cu lines 1-20 and 23-475 (the constant-memory H tables, the five kernels and the
//       __device__ buffer), unchanged. Removed: lines 21-22 (#include <stdio.h>, #include "cuLDPC.h"), in their
//       place src/cuLDPC.h lines 1-109 are copied in below, unchanged and marked (its defines: MODE = WIMAX,
//       Z = 96, CW = 2, ET_MARK = NO, ...; and the h_element struct). The launches are cuLDPC.cu's decode loop:
//       ldpc_cnp_kernel_1st_iter / ldpc_cnp_kernel on grid (BLK_ROW, MCW) = (12, MCW), block
//       (blockSizeX, CW) = (96, 2), ldpc_cnp_kernel with dynamic shared memory
//       threadsPerBlockKernel1 * NON_EMPTY_ELMENT * sizeof(float) = 192 * 7 * 4 bytes; ldpc_vnp_kernel_normal /
//       ldpc_vnp_kernel_last_iter on grid (BLK_COL, MCW) = (24, MCW), block (96, 2). dev_h_compact1 and
//       dev_h_compact2 are filled by cudaMemcpyToSymbol from the 802.16e base matrix h_base (cuLDPC_matrix.h)
//       as cuLDPC.cu lines 110-179 build them (the entries' symbols).
// ldpc_decoder_kernel3_early_termination is launched nowhere (ETA is NO); its host block (Z, BLK_ROW) would be
// 1,152 threads. The source files' CRLF line endings became LF.

/*
 *  Copyright 2016 Guohui Wang
 *
 *  Licensed under the Apache License, Version 2.0 (the "License");
 *  you may not use this file except in compliance with the License.
 *  You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 *  Unless required by applicable law or agreed to in writing, software
 *  distributed under the License is distributed on an "AS IS" BASIS,
 *  WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 *  See the License for the specific language governing permissions and
 *  limitations under the License.
 */

// ---- copied from src/cuLDPC.h, lines 1-109 (unchanged) ----
/*	Copyright (c) 2011-2016, Robert Wang, email: robertwgh (at) gmail.com
	All rights reserved. https://github.com/robertwgh/cuLDPC
	
	CUDA implementation of LDPC decoding algorithm.
	Created: 	10/1/2010
	Revision:	08/01/2013
	/4/20/2016 prepare for release on Github.
*/

#ifndef LDPC_H
#define LDPC_H

#define YES	1
#define NO	0

#define DEVICE_ID	3

// LDPC decoder configurations
#define WIMAX	0
#define WIFI	1
#define MODE	WIMAX
#define MIN_SUM	YES		//otherwise, log-SPA

// Simulation parameters
#define NUM_SNR 1
static float snr_array[NUM_SNR] = {3.0f};
#define MIN_FER         2000000 //2000000
#define MIN_CODEWORD    9000000 // 9000000
#define MAX_ITERATION 10
#define DEBUG_BER	NO

// Number of streams
#define NSTREAMS 16
#define CW 2 // code words per macro codewords
#define MCW 40 // number of macro codewords
#define MAX_SIM 500

// measure time and throughput
#define MEASURE_CPU_TIME YES

// measure CUDA memory transfer time and CUDA kernel time
#define MEASURE_CUDA_TIME YES

// print the achieved bit error rate
#define DISPLAY_BER YES

// begin debug
#define	DEBUG_FILE NO
#define PRINT_MSG NO
// end debug

// Performance optimizations
#define USE_PINNED_MEM	YES
#define ETA NO // early termination algorithm
#define ET_MARK	NO

// %%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
//	The following settings are fixed.
//	They don't need to be changed during simulations.
// %%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%%
#if MODE == WIMAX
// WIMAX
#define Z				96 //1024//96
#define NON_EMPTY_ELMENT 7
#define NON_EMPTY_ELMENT_VNP	6
#else 
// 802.11n
#define Z				81
#define NON_EMPTY_ELMENT 8 //the maximum number of non-empty element in a row of H matrix, for 1944 bit 802.11n code, NON_EMPTY_ELMENT=8
#define NON_EMPTY_ELMENT_VNP	11
#endif

#define BLK_ROW			12
#define BLK_COL			24
#define HALF_BLK_COL	12

#define BLK_INFO		BLK_ROW
#define BLK_CODEWORD	BLK_COL

#define ROW				(Z*BLK_ROW)
#define COL				(Z*BLK_COL)
#define INFO_LEN		(BLK_INFO * Z)
#define CODEWORD_LEN	(BLK_CODEWORD * Z)

// the slots in the H matrix
#define H_MATRIX		288
// the slots in the compact H matrix
#define H_COMPACT1_ROW	BLK_ROW
#define H_COMPACT1_COL	NON_EMPTY_ELMENT
#define H_COMPACT1 (BLK_ROW * NON_EMPTY_ELMENT) //96 // 8*12

#define H_COMPACT2_ROW	BLK_ROW
#define H_COMPACT2_COL	BLK_COL

typedef struct
{
  int bit_error;
  int frame_error;
} error_result;

typedef struct
{
  char x;
  char y;
  char value;
  char valid;
} h_element;

#endif
// ---- end of src/cuLDPC.h ----

// ---- src/cuLDPC_kernel.cu ----
/*	Copyright (c) 2011-2016, Robert Wang, email: robertwgh (at) gmail.com
    All rights reserved. https://github.com/robertwgh/cuLDPC

    CUDA implementation of LDPC decoding algorithm.

    The details of implementation can be found from the following papers:
    1. Wang, G., Wu, M., Sun, Y., & Cavallaro, J. R. (2011, June). A massively parallel implementation of QC-LDPC decoder on GPU. In Application Specific Processors (SASP), 2011 IEEE 9th Symposium on (pp. 82-85). IEEE.
    2. Wang, G., Wu, M., Yin, B., & Cavallaro, J. R. (2013, December). High throughput low latency LDPC decoding on GPU for SDR systems. In Global Conference on Signal and Information Processing (GlobalSIP), 2013 IEEE (pp. 1258-1261). IEEE.

    The current release is close to the GlobalSIP2013 paper.

    Created: 	10/1/2010
    Revision:	08/01/2013
              04/20/2016 prepare for release on Github.
              11/26/2017 cleanup and comments by Albin Severinson, albin (at) severinson.org
*/

#ifndef LDPC_CUDA_KERNEL_CU
#define LDPC_CUDA_KERNEL_CU


// constant memory
//__device__ __constant__ int  dev_h_base[H_MATRIX];
__device__ __constant__ h_element dev_h_compact1[H_COMPACT1_COL][H_COMPACT1_ROW];  // used in kernel 1
__device__ __constant__ h_element dev_h_compact2[H_COMPACT2_ROW][H_COMPACT2_COL];  // used in kernel 2

// For cnp kernel
#if MODE == WIMAX
__device__ __constant__ char h_element_count1[BLK_ROW] = {6, 7, 7, 6, 6, 7, 6, 6, 7, 6, 6, 6};
__device__ __constant__ char h_element_count2[BLK_COL] = {3, 3, 6, 3, 3, 6, 3, 6, 3, 6, 3, 6, \
                                                          3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
#else
__device__ __constant__ char h_element_count1[BLK_ROW] = {7, 7, 7, 7, 7, 7, 8, 7, 7, 7, 7, 8};
__device__ __constant__ char h_element_count2[BLK_COL] = {11,4, 3, 3,11, 3, 3, 3,11, 3, 3, 3, \
                                                          3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2};
#endif

// MIN-SUM Function. The compiler automatically inlines __device__ functions in
// most cases.
__device__ float F_FUCN_MIN_SUM_DEV(float a, float b)
{
  float a_abs;
  float b_abs;
  float min_ab_abs;
  float sign_a;
  float sign_b;
  float tmp;

  // get the sign of a and b
  sign_a = a < 0 ? -1.0f : 1.0f;
  sign_b = b < 0 ? -1.0f : 1.0f;

  // device float multiplication with rounding to nearest integer.
  // TODO: Is this method faster than dedicated abs function?
  a_abs = __fmul_rn(sign_a, a);
  b_abs = __fmul_rn(sign_b, b);

  min_ab_abs = fmin(a_abs, b_abs);
  tmp = sign_a * sign_b * min_ab_abs;
  return tmp;
}

// Kernel 1
__global__ void ldpc_cnp_kernel_1st_iter(float * dev_llr,
                                         float * dev_dt,
                                         float * dev_R,
                                         int * dev_et)
{
#if MODE == WIFI
  if(threadIdx.x >= Z)
    return;
#endif

  int iCW = threadIdx.y; // index of CW in a MCW
  int iMCW = blockIdx.y; // index of MCW
  int iCurrentCW = iMCW * CW + iCW;

#if ET_MARK == 1
  if(dev_et[iCurrentCW] == 1)
    return;
#endif

  //for step 1: update dt
  int iBlkRow; // block row in h_base
  int iBlkCol; // block col in h_base
  int iSubRow; // row index in sub_block of h_base
  int iCol; // overall col index in h_base
  int offsetR;

  iSubRow = threadIdx.x;
  iBlkRow = blockIdx.x;

  int size_llr_CW = COL; // size of one llr CW block
  int size_R_CW = ROW * BLK_COL;  // size of one R/dt CW block
  int shift_t;

  // For 2-min algorithm.
  char Q_sign = 0;
  char sq;
  float Q, Q_abs;
  float R_temp;

  float sign = 1.0f;
  float rmin1 = 1000.0f;
  float rmin2 = 1000.0f;
  char idx_min = 0;

  h_element h_element_t;
  int s = h_element_count1[iBlkRow];
  offsetR = size_R_CW * iCurrentCW + iBlkRow * Z + iSubRow;

  // The 1st recursion
  for(int i = 0; i < s; i++) // loop through all the ZxZ sub-blocks in a row
    {
      h_element_t = dev_h_compact1[i][iBlkRow];

      iBlkCol = h_element_t.y;
      shift_t = h_element_t.value;

      shift_t = (iSubRow + shift_t);
      if(shift_t >= Z) shift_t = shift_t - Z;

      iCol = iBlkCol * Z + shift_t;

      Q = dev_llr[size_llr_CW * iCurrentCW + iCol];// - R_temp;
      Q_abs = fabsf(Q);
      sq = Q < 0;

      // quick version
      sign = sign * (1 - sq * 2);
      Q_sign |= sq << i;

      if (Q_abs < rmin1)
        {
          rmin2 = rmin1;
          rmin1 = Q_abs;
          idx_min = i;
        } else if (Q_abs < rmin2)
        {
          rmin2 = Q_abs;
        }
    }

  // The 2nd recursion
  for(int i = 0; i < s; i ++)
    {
      // v0: Best performance so far. 0.75f is the value of alpha.
      sq = 1 - 2 * ((Q_sign >> i) & 0x01);
      R_temp = 0.75f * sign * sq * (i != idx_min ? rmin1 : rmin2);

      // write results to global memory
      h_element_t = dev_h_compact1[i][iBlkRow];
      int addr_temp = offsetR + h_element_t.y * ROW;
      dev_dt[addr_temp] = R_temp;// - R1[i]; // compute the dt value for current llr.
      dev_R[addr_temp] = R_temp; // update R, R=R'.
    }
}

// Kernel_1
__global__ void ldpc_cnp_kernel(float * dev_llr,
                                float * dev_dt,
                                float * dev_R,
                                int * dev_et,
                                int threadsPerBlock)
{
#if MODE == WIFI
  if(threadIdx.x >= Z)
    return;
#endif

  // Define cache for R: Rcache[NON_EMPTY_ELMENT][nThreadPerBlock]
  // extern means that the memory is allocated dynamically at run-time
  extern __shared__ float RCache[];
  int iRCacheLine = threadIdx.y * blockDim.x + threadIdx.x;

  int iCW = threadIdx.y; // index of CW in a MCW
  int iMCW = blockIdx.y; // index of MCW
  int iCurrentCW = iMCW * CW + iCW;

#if ET_MARK == 1
  if(dev_et[iCurrentCW] == 1)
    return;
#endif

  //for step 1: update dt
  int iBlkRow; // block row in h_base
  int iBlkCol; // block col in h_base
  int iSubRow; // row index in sub_block of h_base
  int iCol; // overall col index in h_base
  int offsetR;

  iSubRow = threadIdx.x;
  iBlkRow = blockIdx.x;

  int size_llr_CW = COL; // size of one llr CW block
  int size_R_CW = ROW * BLK_COL;  // size of one R/dt CW block

  //float R1[NON_EMPTY_ELMENT];
  int shift_t;

  // For 2-min algorithm.
  char Q_sign = 0;
  char sq;
  float Q, Q_abs;
  float R_temp;

  float sign = 1.0f;
  float rmin1 = 1000.0f;
  float rmin2 = 1000.0f;
  char idx_min = 0;

  h_element h_element_t;
  int s = h_element_count1[iBlkRow];
  offsetR = size_R_CW * iCurrentCW + iBlkRow * Z + iSubRow;

  // The 1st recursion
  // TODO: Is s always the same? If so we can unroll the loop with #pragma unroll
  for(int i = 0; i < s; i++) // loop through all the ZxZ sub-blocks in a row
    {
      h_element_t = dev_h_compact1[i][iBlkRow];

      iBlkCol = h_element_t.y;
      shift_t = h_element_t.value;

      shift_t = (iSubRow + shift_t);
      if(shift_t >= Z) shift_t = shift_t - Z;

      iCol = iBlkCol * Z + shift_t;

      R_temp = dev_R[offsetR + iBlkCol * ROW];

      RCache[i * threadsPerBlock + iRCacheLine] =  R_temp;

      Q = dev_llr[size_llr_CW * iCurrentCW + iCol] - R_temp;
      Q_abs = fabsf(Q);

      sq = Q < 0;
      sign = sign * (1 - sq * 2);
      Q_sign |= sq << i;

      if (Q_abs < rmin1)
        {
          rmin2 = rmin1;
          rmin1 = Q_abs;
          idx_min = i;
        } else if (Q_abs < rmin2)
        {
          rmin2 = Q_abs;
        }
    }

  // The 2nd recursion
  //#pragma unroll
  for(int i = 0; i < s; i ++)
    {
      sq = 1 - 2 * ((Q_sign >> i) & 0x01);
      R_temp = 0.75f * sign * sq * (i != idx_min ? rmin1 : rmin2);

      // write results to global memory
      h_element_t = dev_h_compact1[i][iBlkRow];
      int addr_temp = h_element_t.y * ROW + offsetR;
      dev_dt[addr_temp] = R_temp - RCache[i * threadsPerBlock + iRCacheLine];
      dev_R[addr_temp] = R_temp; // update R, R=R'.
    }
}

// Kernel 2: VNP processing
__global__ void
ldpc_vnp_kernel_normal(float * dev_llr, float * dev_dt, int * dev_et)
{

#if MODE == WIFI
	if(threadIdx.x >= Z)
		return;
#endif

	int	iCW = threadIdx.y; // index of CW in a MCW
	int iMCW = blockIdx.y; // index of MCW
	int iCurrentCW = iMCW * CW + iCW;

#if ET_MARK == 1
	if(dev_et[iCurrentCW] == 1)
		return;
#endif

	int iBlkCol;
	int iBlkRow;
	int iSubCol;
	int iRow;
	int iCol;

	int shift_t, sf;
	int llr_index;
	float APP;

	h_element h_element_t;

	iBlkCol = blockIdx.x;
	iSubCol = threadIdx.x;

	int size_llr_CW = COL; // size of one llr CW block
	int size_R_CW = ROW * BLK_COL;  // size of one R/dt CW block

	// update all the llr values
	iCol = iBlkCol * Z + iSubCol;
	llr_index = size_llr_CW * iCurrentCW + iCol;

	APP = dev_llr[llr_index];
	int offsetDt = size_R_CW * iCurrentCW + iBlkCol * ROW;

	for(int i = 0; i < h_element_count2[iBlkCol]; i++)
	{
		h_element_t = dev_h_compact2[i][iBlkCol];

		shift_t = h_element_t.value;
		iBlkRow = h_element_t.x;

		sf = iSubCol - shift_t;
		if(sf < 0) sf = sf + Z;

		iRow = iBlkRow * Z + sf;
		APP = APP + dev_dt[offsetDt + iRow];
	}
	// write back to device global memory
	dev_llr[llr_index] = APP;

	// No hard decision for non-last iteration.
}

// Kernel: VNP processing for the last iteration.
__global__ void ldpc_vnp_kernel_last_iter(float * dev_llr,
                                          float * dev_dt,
                                          int * dev_hd,
                                          int * dev_et)
{
#if MODE == WIFI
  if(threadIdx.x >= Z)
    return;
#endif

  int	iCW = threadIdx.y; // index of CW in a MCW
  int iMCW = blockIdx.y; // index of MCW
  int iCurrentCW = iMCW * CW + iCW;

#if ET_MARK == 1
  if(dev_et[iCurrentCW] == 1)
    return;
#endif

  int iBlkCol;
  int iBlkRow;
  int iSubCol;
  int iRow;
  int iCol;

  int shift_t, sf;
  int llr_index;
  float APP;

  h_element h_element_t;

  iBlkCol = blockIdx.x;
  iSubCol = threadIdx.x;

  int size_llr_CW = COL; // size of one llr CW block
  int size_R_CW = ROW * BLK_COL;  // size of one R/dt CW block

  // update all the llr values
  iCol = iBlkCol * Z + iSubCol;
  llr_index = size_llr_CW * iCurrentCW + iCol;

  APP = dev_llr[llr_index];

  int offsetDt = size_R_CW * iCurrentCW + iBlkCol * ROW;

  for(int i = 0; i < h_element_count2[iBlkCol]; i ++)
    {
      h_element_t = dev_h_compact2[i][iBlkCol];

      shift_t = h_element_t.value;
      iBlkRow = h_element_t.x;

      sf = iSubCol - shift_t;
      if(sf < 0) sf = sf + Z;

      iRow = iBlkRow * Z + sf;
      APP = APP + dev_dt[offsetDt + iRow];
    }

  // For the last iteration, we don't need to write intermediate results to
  // global memory. Instead, we directly make a hard decision.
  if(APP > 0)
    dev_hd[llr_index] = 0;
  else
    dev_hd[llr_index] = 1;
}

__device__ int shared_hd[CODEWORD_LEN];

// Kernel 3: Early termination.
__global__ void ldpc_decoder_kernel3_early_termination(int * dev_hd, int * dev_et)
{
  int iMCW = blockIdx.x; // index of MCW
  int iCW = blockIdx.y; // index of CW in a MCW
  int iCodeword = iMCW * CW + iCW;

#if ET_MARK == 1
  if(dev_et[iCodeword] == 1)
    return;
#endif

  //int iBlkRow = threadIdx.x;
  //int iSubRow = threadIdx.y;
  int iBlkRow = threadIdx.y;
  int iSubRow = threadIdx.x;
  int iRow = iBlkRow * Z + iSubRow;
  int tid = iRow;
  int iCol;
  int iBlkCol;

  h_element h_element_t;
  int shift_t;
  int et_result_per_row = 0;

  __shared__ h_element shared_h_compact1[H_COMPACT1_COL][H_COMPACT1_ROW];
  __shared__ int shared_et_per_codeword;

  if(threadIdx.x == 0 && threadIdx.y == 0)
    shared_et_per_codeword = 1;
  __syncthreads();

  // read all the data into shared memory
  int hd_start_addr = iCodeword * CODEWORD_LEN;

  // read the hard decision value into the shared memory
  // every thread should read two hard decision value. Since we have 972 threads, for 1944 bits
  shared_hd[iRow] = dev_hd[hd_start_addr + iRow];
  shared_hd[iRow + INFO_LEN] = dev_hd[hd_start_addr + iRow + INFO_LEN];

  // read the h_matrix into the shared memory
  if(tid < H_COMPACT1)
    *(*shared_h_compact1 + tid) = *(*dev_h_compact1 + tid);

  __syncthreads();

  for(int i = 0; i < H_COMPACT1_COL; i++)
    {
      h_element_t = shared_h_compact1[i][iBlkRow];
      if(h_element_t.valid == 0)
        break;

      iBlkCol = h_element_t.y;

      shift_t = h_element_t.value;
      shift_t = (iSubRow + shift_t);
      if(shift_t >= Z) shift_t = shift_t - Z;

      iCol = iBlkCol * Z + shift_t;

      et_result_per_row = et_result_per_row ^ shared_hd[iCol];
    }

  // Reduction
  if(et_result_per_row == 1)
    shared_et_per_codeword = 0;

  __syncthreads();

  if(threadIdx.x == 0 && threadIdx.y == 0)
    dev_et[iCodeword] = shared_et_per_codeword;
}

#endif
