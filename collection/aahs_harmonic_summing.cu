// tilelab kernel collection: AstroAccelerate's periodicity-search harmonic sums (simple, greedy, PRESTO-plus, PRESTO)
// Source:  https://github.com/AstroAccelerateOrg/astro-accelerate/blob/0dc2cd087f3d6c102d30c788e36957db7061da37/src/aa_device_harmonic_summing_kernel.cu
//          (AstroAccelerateOrg/astro-accelerate, commit 0dc2cd0), with lines 4-19 of include/aa_device_harmonic_summing_kernel.hpp
// Licence: GPL-3.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: lines 6-264 (the device code, unchanged) and 395 (the namespace's close). Removed: the includes (1-4:
//       <cuda.h>, <cuda_runtime.h>, aa_params.hpp, the kernel header) and the host wrappers (265-394).
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

// ---- from include/aa_device_harmonic_summing_kernel.hpp, lines 4-19 (the template parameter classes)
namespace astroaccelerate {
  class HRMS_ConstParams {
  public:
    static const int warp = 32;
    static const int nThreads = 256;
  };
  
  class HRMS_normal : public HRMS_ConstParams {
  public:
    static const bool remove_scalloping_loss = false;
  };
  
  class HRMS_remove_scalloping_loss : public HRMS_ConstParams {
  public:
    static const bool remove_scalloping_loss = true;
  };
}
// ---- end of aa_device_harmonic_summing_kernel.hpp's lines (the namespace closed for them)

namespace astroaccelerate {

__global__ void simple_harmonic_sum_GPU_kernel(float const* __restrict__ d_input, float *d_output_SNR, ushort *d_output_harmonics, float *d_MSD, int nTimesamples, int nSpectra, int nHarmonics){
  float HS_value, temp_SNR, SNR;
  ushort max_SNR_harmonic;
  int pos;

  // reading 0th harmonic, i.e. fundamental frequency
  pos = blockIdx.x*nSpectra + blockIdx.y*blockDim.x + threadIdx.x;
  if( (blockIdx.y*blockDim.x + threadIdx.x)<nSpectra ){
    HS_value = __ldg(&d_input[pos]);
    SNR = (HS_value - __ldg(&d_MSD[0]))/(__ldg(&d_MSD[1]));
    max_SNR_harmonic = 0;
    
    if(blockIdx.x>0) {
      for(int f=1; f<nHarmonics; f++) {
        if( (blockIdx.x + f*blockIdx.x)<nTimesamples ) {
          pos = (blockIdx.x + f*blockIdx.x)*nSpectra + blockIdx.y*blockDim.x + threadIdx.x;
          HS_value = HS_value + __ldg(&d_input[pos]);
          temp_SNR = (HS_value - __ldg(&d_MSD[f*2]))/(__ldg(&d_MSD[2*f+1])); //assuming white noise 
          if(temp_SNR > SNR) {
            SNR = temp_SNR;
            max_SNR_harmonic = f;
          }
        }
      }
    }
    
    pos = blockIdx.x*nSpectra + blockIdx.y*blockDim.x + threadIdx.x;
    d_output_SNR[pos] = SNR;
    d_output_harmonics[pos] = max_SNR_harmonic;
  }
}

__inline__ __device__ float remove_scalloping_loss(float Xm2, float Xm1, float X0, float Xp1, float Xp2){
    return(X0 + (1.88494/2.0)*(Xm1 + Xp1) + (0.88494/2.0)*(Xm2 + Xp2));
}

template<class const_params>
__inline__ __device__ void get_frequency_bins(float *down, float *step, float const* __restrict__ d_input, int pos){
    if(const_params::remove_scalloping_loss) {
        float Xm2 = d_input[pos - 2];
        float Xm1 = d_input[pos - 1];
        float X0  = d_input[pos + 0];
        float Xp1 = d_input[pos + 1];
        float Xp2 = d_input[pos + 2];
        float Xp3 = d_input[pos + 3];
        (*down) = remove_scalloping_loss(Xm2, Xm1, X0, Xp1, Xp2);
        (*step) = remove_scalloping_loss(Xm1, X0, Xp1, Xp2, Xp3);
    }
    else {
        (*down) = d_input[pos];
        (*step) = d_input[pos + 1];
    }
}

template<class const_params>
__global__ void greedy_harmonic_sum_GPU_kernel(float *d_maxSNR, ushort *d_maxHarmonics, float const* __restrict__ d_input, float const* __restrict__ d_MSD, int nTimesamples, int nDMs, int nHarmonics){
    __shared__ float s_MSD[64];
    float SNR;
    float partial_sum, maxSNR;
    ushort maxHarmonics;
    ushort maxdata_shift;
    
    if(threadIdx.x<nHarmonics) {
        s_MSD[2*threadIdx.x]      = d_MSD[2*threadIdx.x];
        s_MSD[2*threadIdx.x + 1] = d_MSD[2*threadIdx.x + 1];
    }
    
    __syncthreads();
    
    maxdata_shift = 0;
    int data_shift=0;
    float data_down = 0, data_step = 0;
    int pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    if( pos > 1 && pos + 3 < nTimesamples) {
        int block_pos = blockIdx.y*nTimesamples + pos;
        get_frequency_bins<const_params>(&data_down, &data_step, d_input, block_pos);
    }
    if( data_step > data_down ) {
        data_shift++;
        partial_sum = data_step;
    }
    else {
        partial_sum = data_down;
    }
    maxSNR = fdividef( (partial_sum - s_MSD[0]), s_MSD[1]);
    maxHarmonics = 0;
    
    for(int h=1; h<nHarmonics; h++){
        int pos = (h+1)*(const_params::nThreads*blockIdx.x + threadIdx.x) + data_shift;
        float data_down = 0, data_step = 0;
        if( pos > 1 && pos + 3 < nTimesamples) {
            int block_pos = blockIdx.y*nTimesamples + pos;
            get_frequency_bins<const_params>(&data_down, &data_step, d_input, block_pos);
        }
        
        if( data_step > data_down ) {
            data_shift++;
            partial_sum = partial_sum + data_step;
        }
        else {
            partial_sum = partial_sum + data_down;
        }
        
        SNR = fdividef( (partial_sum - s_MSD[2*h]), s_MSD[2*h+1] );
        if( SNR > maxSNR ) {
            maxSNR = SNR;
            maxHarmonics = h;
            maxdata_shift = data_shift;
        }
    }
    
    pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    if(pos < nTimesamples) {
        d_maxSNR[blockIdx.y*nTimesamples + pos] = maxSNR;
        d_maxHarmonics[blockIdx.y*nTimesamples + pos] = (ushort) (maxHarmonics + maxdata_shift*100);
    }
}


template<class const_params>
__inline__ __device__ void get_frequency_bin_value(float *frequency_bin, float const* __restrict__ data, int pos){
    if(const_params::remove_scalloping_loss){
        float Xm2 = data[pos - 2];
        float Xm1 = data[pos - 1];
        float X0  = data[pos];
        float Xp1 = data[pos + 1];
        float Xp2 = data[pos + 2];
        (*frequency_bin) = X0 + (1.88494/2.0)*(Xm1 + Xp1) + (0.88494/2.0)*(Xm2 + Xp2);
    }
    else {
        (*frequency_bin) = data[pos];
    }
}


template<class const_params>
__global__ void presto_plus_harmonic_sum_GPU_kernel(float *d_maxSNR, ushort *d_maxHarmonics, float const* __restrict__ d_input, float const* __restrict__ d_MSD, int nTimesamples, int nDMs, int nHarmonics){
    __shared__ float s_MSD[64];
    float SNR;
    float partial_sum, maxSNR, frequency_bin, fundamental;
    int maxHarmonics, pos;
    
    if(threadIdx.x<nHarmonics) {
        s_MSD[2*threadIdx.x]   = d_MSD[2*threadIdx.x];
        s_MSD[2*threadIdx.x+1] = d_MSD[2*threadIdx.x+1];
    }
    
    __syncthreads();
    
    partial_sum = 0;
    frequency_bin = 0;
    fundamental = 0;
    pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    if( (pos > 1) && (pos + 2) < nTimesamples ) {
        int block_pos = blockIdx.y*nTimesamples + pos;
        get_frequency_bin_value<const_params>(&fundamental, d_input, block_pos);
    }
    partial_sum = fundamental;
    maxSNR = fdividef( (partial_sum - s_MSD[0]), s_MSD[1]);
    maxHarmonics = 0;
    
    if( pos > 1 && (pos + 2) < nTimesamples ) {
        for(int i = 1; i < nHarmonics; i++){ //i + 1 = num. of harmonic added;
            partial_sum = fundamental;
            double fundamental_fraction = ((double) pos)/((double) (i + 1));
            for(int f= 1; f<=i; f++){
                int new_pos = (int) ( ( ((double) f)*fundamental_fraction ) + 0.5 );
                int block_pos = blockIdx.y*nTimesamples + new_pos;
                frequency_bin = 0;
                if( new_pos > 1 && (new_pos + 2) < nTimesamples ) {
                    get_frequency_bin_value<const_params>(&frequency_bin, d_input, block_pos);
                }
                partial_sum = partial_sum + frequency_bin;
            }
            SNR = fdividef( (partial_sum - s_MSD[2*i]), s_MSD[2*i + 1]);
            if(SNR>maxSNR) {
                maxSNR = SNR;
                maxHarmonics = i-1;
            }
        }
    }
    //----------------------------------------------
    
    __syncthreads();
    
    pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    if( pos < nTimesamples ){
        int block_pos = blockIdx.y*nTimesamples + pos;
        d_maxSNR[block_pos] = maxSNR;
        d_maxHarmonics[block_pos] = maxHarmonics;
    }
}


template<class const_params>
__global__ void presto_harmonic_sum_GPU_kernel(float *d_maxSNR, ushort *d_maxHarmonics, float const* __restrict__ d_input, float const* __restrict__ d_MSD, int nTimesamples, int nDMs, int nHarmonicsFactor){
    __shared__ float s_MSD[64];
    float SNR;
    float partial_sum, maxSNR, frequency_bin, fundamental;
    int maxHarmonics, pos;
    
    int nHarmonics = (1<<(nHarmonicsFactor-1));
    if(threadIdx.x<nHarmonics) {
        s_MSD[2*threadIdx.x]   = d_MSD[2*threadIdx.x];
        s_MSD[2*threadIdx.x+1] = d_MSD[2*threadIdx.x+1];
    }
    
    __syncthreads();
    
    maxSNR = -10000;
    maxHarmonics = 0;
    partial_sum = 0;
    pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    for(int i = 0; i < nHarmonicsFactor; i++) {
        int harm = (1<<i);
        
        // 1st Harmonic
        float fundamental_frac = ((double) pos)*(1.0/((double) harm));
        int fundamental_pos = (int) (fundamental_frac + 0.5);
        fundamental = 0;
        if(fundamental_pos > 1 && (fundamental_pos + 2) < nTimesamples){
            int block_pos = blockIdx.y*nTimesamples + fundamental_pos;
            get_frequency_bin_value<const_params>(&fundamental, d_input, block_pos);
        }
        partial_sum = fundamental;
        
        // higher harmonics
        for(int f = 2; f <= harm; f = f + 2){
            int new_pos = (int) ( ((float) f)*fundamental_frac + 0.5);
            frequency_bin = 0;
            if( new_pos > 1 && (new_pos + 2) < nTimesamples ) {
                int block_pos = blockIdx.y*nTimesamples + new_pos;
                get_frequency_bin_value<const_params>(&frequency_bin, d_input, block_pos);
            }
            partial_sum = partial_sum + frequency_bin;
        }
        
        SNR = fdividef( (partial_sum - s_MSD[2*(harm/2)]), s_MSD[2*(harm/2) + 1]);
        if(SNR>maxSNR) {
            maxSNR = SNR;
            maxHarmonics = harm-1;
        }
    }
    //----------------------------------------------
    
    __syncthreads();
    
    pos = const_params::nThreads*blockIdx.x + threadIdx.x;
    if( pos < nTimesamples ){
        int block_pos = blockIdx.y*nTimesamples + pos;
        d_maxSNR[block_pos] = maxSNR;
        d_maxHarmonics[block_pos] = maxHarmonics;
    }
}



} //namespace astroaccelerate
