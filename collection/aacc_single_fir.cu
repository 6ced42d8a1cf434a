// tilelab kernel collection: AstroAccelerate's single-pulse boxcar filters (PD_FIR_GPU, PD_FIR_GPUv1, Fir_L1)
// Source:  https://github.com/AstroAccelerateOrg/astro-accelerate/blob/0dc2cd087f3d6c102d30c788e36957db7061da37/src/aa_device_single_FIR_kernel.cu
//          (AstroAccelerateOrg/astro-accelerate, commit 0dc2cd0), with lines 27 and 39-40 of include/aa_params.hpp
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: lines 1, 6-109 and 126 (the device code, unchanged). Removed: the includes (2-4: <cuda.h>, <cuda_runtime.h>,
//       aa_params.hpp) and the host wrappers (111-124).
/*
 * AstroAccelerate: a GPU-accelerated signal processing library for time-domain radio astronomy.
 * Copyright (C) the AstroAccelerate authors (https://github.com/AstroAccelerateOrg/astro-accelerate).
 *
 * This program is free software: you can redistribute it and/or modify it under the terms of the GNU
 * General Public License as published by the Free Software Foundation, either version 3 of the License,
 * or (at your option) any later version. This program is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY or FITNESS FOR A
 * PARTICULAR PURPOSE. See the GNU General Public License for more details: <https://www.gnu.org/licenses/>.
 */

// ---- from include/aa_params.hpp, lines 27 and 39-40
#define WARP 32
#define PD_FIR_ACTIVE_WARPS 2
#define PD_FIR_NWINDOWS 2
// ---- end of aa_params.hpp's lines

// Added by Karel Adamek 
namespace astroaccelerate {

  __global__ void PD_FIR_GPU(float const* __restrict__ d_input, float *d_output, int nTaps, int nLoops, int nTimesamples) {
    extern __shared__ float s_input[];

    int itemp, pos;
    float sum[PD_FIR_NWINDOWS];

    //----------------------------------------------
    //---- Reading data
    itemp = PD_FIR_ACTIVE_WARPS * WARP * PD_FIR_NWINDOWS + nTaps - 1;
    for (int i = 0; i < nLoops; i++)
      {
	pos = i * PD_FIR_ACTIVE_WARPS * WARP + threadIdx.x;
	if (pos < itemp)
	  {
	    s_input[pos] = d_input[blockIdx.y * nTimesamples + blockIdx.x * PD_FIR_ACTIVE_WARPS * WARP * PD_FIR_NWINDOWS + pos];
	  }
      }

    __syncthreads();

    //----------------------------------------------
    //---- Calculating FIR version 2

    pos = PD_FIR_NWINDOWS * threadIdx.x;
    sum[0] = 0;
    for (int t = 0; t < nTaps; t++)
      {
	sum[0] += s_input[pos + t];
      }
    for (int i = 1; i < PD_FIR_NWINDOWS; i++)
      {
	pos = PD_FIR_NWINDOWS * threadIdx.x + i - 1;
	sum[i] = sum[i - 1] - s_input[pos] + s_input[pos + nTaps];
      }

    //----------------------------------------------
    //---- Writing data	
    for (int i = 0; i < PD_FIR_NWINDOWS; i++)
      {
	pos = PD_FIR_NWINDOWS * threadIdx.x + i;
	d_output[blockIdx.y * nTimesamples + blockIdx.x * PD_FIR_ACTIVE_WARPS * WARP * PD_FIR_NWINDOWS + pos] = sum[i];
      }
  }



  __global__ void PD_FIR_GPUv1(float const* __restrict__ d_input, float *d_output, int nTaps, int nLoops, unsigned int nTimesamples) {
    extern __shared__ float s_input[];

    unsigned int itemp,pos;
    float sum[PD_FIR_NWINDOWS];


    //----------------------------------------------
    //---- Reading data
    itemp=PD_FIR_ACTIVE_WARPS*WARP*PD_FIR_NWINDOWS + nTaps - 1; //amount of data needed probably define it in params.h as it is also size of the shared memory
    for(int i=0; i<nLoops; i++){
      pos=i*PD_FIR_ACTIVE_WARPS*WARP + threadIdx.x;
      if(pos<itemp){
	s_input[pos]=d_input[blockIdx.y*nTimesamples + blockIdx.x*PD_FIR_ACTIVE_WARPS*WARP*PD_FIR_NWINDOWS + pos];
      }
    }
	
    __syncthreads();
	
	
    //----------------------------------------------
    //---- Calculating FIR version 1
    for(int i=0; i<PD_FIR_NWINDOWS; i++){
      pos=i*PD_FIR_ACTIVE_WARPS*WARP + threadIdx.x;
      sum[i]=0;
      for(int t=0; t<nTaps; t++){
	sum[i]+=s_input[pos + t];
      }
    }

    //----------------------------------------------
    //---- Writing data	
    for(int i=0; i<PD_FIR_NWINDOWS; i++){
      pos=i*PD_FIR_ACTIVE_WARPS*WARP + threadIdx.x;
      d_output[blockIdx.y*nTimesamples + blockIdx.x*PD_FIR_ACTIVE_WARPS*WARP*PD_FIR_NWINDOWS + pos]=sum[i];
    }
    // This so far ignores DM_PER_BLOCK!!!
  }



  __global__ void Fir_L1(float const* __restrict__ d_data, float* d_output, int nTaps, int nTimesamples) {
    int t = 0;
    int posy = blockIdx.y;
    int posx = blockIdx.x*blockDim.x + threadIdx.x;
    float ftemp;

    if(posx<nTimesamples-nTaps+1){
      ftemp=0;
      for(t=0; t<nTaps; t++){
	ftemp += __ldg(&d_data[posy*nTimesamples + posx + t]);
      }

      d_output[posy*nTimesamples + posx] = ftemp;
    }
  }

} //namespace astroaccelerate
