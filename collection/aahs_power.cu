// tilelab kernel collection: AstroAccelerate's FDAS power spectrum and power with interbinning
// Source:  https://github.com/AstroAccelerateOrg/astro-accelerate/blob/0dc2cd087f3d6c102d30c788e36957db7061da37/src/aa_device_power_kernel.cu
//          (AstroAccelerateOrg/astro-accelerate, commit 0dc2cd0)
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Copied in, marked: for line 3's <cufft.h> (not shipped by this toolchain) its cufftComplex typedef, with <cuComplex.h>.
// Kept: lines 6-41 and 55 (the device code, unchanged). Removed: the includes (1-4) and the host wrappers (43-53).
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

// ---- copied in: cufft.h's cufftComplex (cufft.h includes <cuComplex.h>; aa_device_power_kernel.cu line 3)
#include <cuComplex.h>
typedef cuComplex cufftComplex;
// ---- end of copied lines

namespace astroaccelerate {

  //{{{ Set stretch
  __global__ void power_kernel(int half_samps, int acc, cufftComplex *d_signal_fft, float *d_signal_power) {
    int t = blockIdx.x * blockDim.x + threadIdx.x;

    if (t < half_samps)
      d_signal_power[t + acc * ( half_samps )] = ( d_signal_fft[t + 1].x * d_signal_fft[t + 1].x + d_signal_fft[t + 1].y * d_signal_fft[t + 1].y );
  }

  //}}}


  __global__ void GPU_simple_power_and_interbin_kernel(float2 *d_input_complex, float *d_output_power, float *d_output_interbinning, int nTimesamples, float norm){
    int pos_x = blockIdx.x*blockDim.x + threadIdx.x;
    int pos_y = blockIdx.y*((nTimesamples>>1)+1);
	
    float2 A, B;
    A.x = 0; A.y = 0; B.x = 0; B.y = 0;
	
    if ( (pos_x < (nTimesamples>>1)) && (pos_x > 0) ) {
      A = d_input_complex[pos_y + pos_x];
      B = d_input_complex[pos_y + pos_x + 1];
		
      A.x = A.x/norm;
      A.y = A.y/norm;
      B.x = B.x/norm;
      B.y = B.y/norm;
    }
	
    if ( (pos_x < (nTimesamples>>1)) ){
      d_output_power[blockIdx.y*(nTimesamples>>1) + pos_x] = A.x*A.x + A.y*A.y;
      d_output_interbinning[blockIdx.y*nTimesamples + 2*pos_x] = A.x*A.x + A.y*A.y;
      d_output_interbinning[blockIdx.y*nTimesamples + 2*pos_x + 1] = 0.616850275f*( (A.x - B.x)*(A.x - B.x) + (A.y - B.y)*(A.y - B.y) );
    }
  }
} //namespace astroaccelerate
