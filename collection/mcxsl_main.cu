// tilelab kernel collection: the Monte Carlo neutron transport cross section lookup kernel (continuous-energy
// macroscopic cross sections of a particle over a material's nuclides), CUDA baseline version
// Source:  https://github.com/hpc-science/mc_on_accelerators/blob/6793ffc37fe57b1717eeccf6caf2937812035a14/cuda/main.cu
//          (hpc-science/mc_on_accelerators, commit 6793ffc: "Monte Carlo Cross Section Lookup Kernel", the CUDA
//          baseline of the Cerebras WSE-2 study by John Tramm and Bryce Allen, Argonne National Laboratory)
// Licence: MIT (the repository's LICENSE, UChicago Argonne, LLC; the source file carries no notice of its own:
//          the repository's notice is repeated below).
// Kept: main.cu lines 3 (<stdint.h>), 8-34 (<curand_kernel.h>, <cuda_fp16.h>, the option defines USE_CURAND,
//       USE_SORT, USE_UEG, NXS, Particle, Cmp, the LCG prototype), 36 (the binary search's prototype), 40-181 (the
//       four kernels: setup_kernel, calculate_xs_kernel, calculate_xs_kernel_LCG, calculate_xs_kernel_og),
//       396-406 (LCG_random_float) and 415-439 (iterative_binary_search), unchanged. Removed: the host-only
//       includes (lines 1-2, 4-7: <stdio.h>, <stdlib.h>, <assert.h>, <omp.h>, <thrust/sort.h>), the host
//       prototypes (35, 37-39) and the host code (main, lines 182-395; compare, 407-414; init_grids,
//       init_particles and input_summary, 440-554). The launches are main's: nthreads = 256,
//       nblocks = ceil(n_particles / 256), setup_kernel then the lookup kernel over the particles sorted by energy
//       (thrust::sort), at 8 nuclides of 64 grid points (the host: 250 of 10,000) and 512 or 300 particles.
//       main allocates n_particles states for setup_kernel, which writes nblocks * 256 of them.

/*
 * Copyright © 2023, UChicago Argonne, LLC
 * All Rights Reserved
 * Software Name: Monte Carlo Cross Section Lookup Kernel for the Cerebras WSE-2 in CSL
 * By: Argonne National Laboratory
 * OPEN SOURCE LICENSE (MIT)
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
 * documentation files (the "Software"), to deal in the Software without restriction, including without limitation
 * the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and
 * to permit persons to whom the Software is furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all copies or substantial portions
 * of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO
 * THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
 * CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
 * DEALINGS IN THE SOFTWARE.
 */

#include <stdint.h>
#include <curand_kernel.h>
#include <cuda_fp16.h>

//#define USE_F16
//#define USE_LCG
#define USE_CURAND
#define USE_SORT
#define USE_UEG

// The number of reaction channels stored for each energy level
// (e.g., total, elastic scattering, fission, nu-fission, absorption)
#define NXS 5

// Minimal particle abstraction
typedef struct{
  float energy; // Energy parameter that defines the lookup
  float macro_xs[NXS]; // Macroscopic XS data that defines the output data, to be computed by lookup kernel
} Particle;

struct Cmp {
  __host__ __device__
  bool operator()(const Particle& p1, const Particle& p2) {
      return p1.energy < p2.energy;
  }
};

__host__ __device__ float LCG_random_float(uint32_t* seed);
__device__ int iterative_binary_search(float* A, int n, float quarry);

__global__ void setup_kernel(curandStatePhilox4_32_10_t *state)
{
    int id = threadIdx.x + blockIdx.x * blockDim.x;
    /* Each thread gets same seed, a different sequence
       number, no offset */
    curand_init(1234, id, 0, &state[id]);
}

__global__ void calculate_xs_kernel(int n_particles, int n_nuclides, int n_gridpoints_per_nuclide, float * nuclide_energy_grids, float * nuclide_xs_data, float * densities, Particle* particles, float * ueg_energy, int * ueg_idx, curandStatePhilox4_32_10_t *state) {
  int p = blockIdx.x*blockDim.x + threadIdx.x;
  #ifdef USE_CURAND
  curandStatePhilox4_32_10_t localState = state[p];
  #endif
  #ifdef USE_LCG
  uint32_t seed = p;
  #endif

  if (p >= n_particles)
    return;

  float e = particles[p].energy;
  #ifdef USE_UEG
  int uidx = iterative_binary_search( ueg_energy, n_nuclides * n_gridpoints_per_nuclide, e);
  #endif
  for (int n = 0; n < n_nuclides; n++) { 
    // Binary search for location on energy grid
    // The particle's energy will almost always fall between two energy points
    #ifdef USE_UEG
    int ueg_lower_index;
    if( ueg_idx[uidx * n_nuclides + n] == n_gridpoints_per_nuclide - 1 )
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n] - 1;
		else
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n];
    int lower_index = ueg_lower_index;
    
    #else
    int lower_index = iterative_binary_search( &nuclide_energy_grids[n * n_gridpoints_per_nuclide], n_gridpoints_per_nuclide, e);
    #endif

    // Compute Interpolation Factor
    float e_lower = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index];
    float e_higher = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index + 1];
    #if defined(USE_LCG) || defined(USE_CURAND)
      #ifdef USE_CURAND
        float sample = e_lower + curand_uniform(&localState) *(e_higher-e_lower);
      #else
        float sample = e_lower + LCG_random_float(&seed) *(e_higher-e_lower);
      #endif
      if (e > sample ) {
        lower_index++;
      }
    #else
      #ifdef USE_FP16
        half left = e_higher - e;
        half right = e_eight - e_lower;
        float f = __hdiv(left, right);
      #else
        float f = (e_higher - e) / (e_higher - e_lower);
      #endif
    #endif

    for (int xs = 0; xs < NXS; xs++ ) {
      float xs_lower  = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS +  lower_index      * NXS + xs];
      #if defined(USE_LCG) || defined(USE_CURAND)
        particles[p].macro_xs[xs] += densities[n] * xs_lower;
      #else
        float xs_higher = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS + (lower_index + 1) * NXS + xs];
        particles[p].macro_xs[xs] += densities[n] * (xs_higher - f * (xs_higher - xs_lower) );
      #endif
    }
  }
}

__global__ void calculate_xs_kernel_LCG(int n_particles, int n_nuclides, int n_gridpoints_per_nuclide, float * nuclide_energy_grids, float * nuclide_xs_data, float * densities, Particle* particles, float * ueg_energy, int * ueg_idx) {
  int p = blockIdx.x*blockDim.x + threadIdx.x;
  uint32_t seed = p;
  if (p >= n_particles)
    return;
  float e = particles[p].energy;
  int uidx = iterative_binary_search( ueg_energy, n_nuclides * n_gridpoints_per_nuclide, e);
  for (int n = 0; n < n_nuclides; n++) { 
    // Binary search for location on energy grid
    // The particle's energy will almost always fall between two energy points
    int ueg_lower_index;
    if( ueg_idx[uidx * n_nuclides + n] == n_gridpoints_per_nuclide - 1 )
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n] - 1;
		else
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n];
    int lower_index = ueg_lower_index;

    // Compute Interpolation Factor
    float e_lower = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index];
    float e_higher = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index + 1];
    //float f = (e_higher - e) / (e_higher - e_lower);
    float sample = e_lower + LCG_random_float(&seed) *(e_higher-e_lower);
    if (e > sample ) {
      lower_index++;
    }

    for (int xs = 0; xs < NXS; xs++ ) {
      float xs_lower  = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS +  lower_index      * NXS + xs];
      //float xs_higher = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS + (lower_index + 1) * NXS + xs];
      particles[p].macro_xs[xs] += densities[n] * xs_lower;
    }
  }
}

__global__ void calculate_xs_kernel_og(int n_particles, int n_nuclides, int n_gridpoints_per_nuclide, float * nuclide_energy_grids, float * nuclide_xs_data, float * densities, Particle* particles, float * ueg_energy, int * ueg_idx) {
  int p = blockIdx.x*blockDim.x + threadIdx.x;
  if (p >= n_particles)
    return;
  float e = particles[p].energy;
  int uidx = iterative_binary_search( ueg_energy, n_nuclides * n_gridpoints_per_nuclide, e);
  for (int n = 0; n < n_nuclides; n++) { 
    // Binary search for location on energy grid
    // The particle's energy will almost always fall between two energy points
    //int lower_index = iterative_binary_search( &nuclide_energy_grids[n * n_gridpoints_per_nuclide], n_gridpoints_per_nuclide, e);
    int ueg_lower_index;
    if( ueg_idx[uidx * n_nuclides + n] == n_gridpoints_per_nuclide - 1 )
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n] - 1;
		else
			ueg_lower_index = ueg_idx[uidx * n_nuclides + n];
    int lower_index = ueg_lower_index;
    
    //int ueg_lower_index = ueg_idx[ui];
    //if( lower_index != ueg_lower_index )
    //  printf("true lower index = %d, ueg lower index = %d\n", lower_index, ueg_lower_index);

    // Compute Interpolation Factor
    float e_lower = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index];
    float e_higher = nuclide_energy_grids[n * n_gridpoints_per_nuclide + lower_index + 1];
    float f = (e_higher - e) / (e_higher - e_lower);

    for (int xs = 0; xs < NXS; xs++ ) {
      float xs_lower  = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS +  lower_index      * NXS + xs];
      float xs_higher = nuclide_xs_data[n * n_gridpoints_per_nuclide * NXS + (lower_index + 1) * NXS + xs];
      particles[p].macro_xs[xs] += densities[n] * (xs_higher - f * (xs_higher - xs_lower) );
    }
  }
}


// LCG params taken from l'Ecuyer
// https://www.ams.org/journals/mcom/1999-68-225/S0025-5718-99-00996-5/S0025-5718-99-00996-5.pdf
__host__ __device__ float LCG_random_float(uint32_t* seed)
{
  const uint32_t m = 4294967291; // 2^32 - 5
  const uint32_t a = 1588635695;
  const uint32_t c = 12345;
  *seed = (a * (*seed) + c) % m;
  return (float) (*seed) / (float) m;
}

// FP32 lower bound binary search function
// Returns the lower bound index of the value in array "A" that
// is immediately below the quarry value
__device__ int iterative_binary_search(float* A, int n, float quarry)
{
  int lowerLimit = 0;
  int upperLimit = n-1;
  int examinationPoint;
  int length = upperLimit - lowerLimit;

  while( length > 1 )
  {
    examinationPoint = lowerLimit + ( length / 2 );

    if( A[examinationPoint] > quarry )
      upperLimit = examinationPoint;
    else
      lowerLimit = examinationPoint;

    length = upperLimit - lowerLimit;
  }

  return lowerLimit;
}
