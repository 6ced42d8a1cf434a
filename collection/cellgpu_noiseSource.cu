// tilelab kernel collection: cellGPU, the per-particle cuRAND XORWOW initialiser: curand_init(GlobalSeed, idx, Timestep).
// Source:  https://github.com/sussmanLab/cellGPU/blob/aae97ecbcde649d636e83cb7e0e059110a485d30/src/utility/noiseSource.cu
//          (sussmanLab/cellGPU, commit aae97ec, Daniel M. Sussman's GPU-accelerated 2D cell and particle models)
// Licence: MIT (the repository's LICENSE.md, "Copyright (c) 2016 - 2020 Daniel M. Sussman"), repeated below.
// Kept: lines 1-2, 4-26 (its includes of <cuda_runtime.h> and "curand_kernel.h", and the kernel), unchanged. Removed:
//       line 3 (the project's noiseSource.cuh: host declarations) and lines 27-42 (the host wrapper gpu_initialize_RNG_array).
// Selection, fixed before any run (collection/manifest.toml, the cellgpu_ entries): every __global__ kernel of the five
// cellGPU sources that draw from cuRAND's device API with one curandState a particle and need no neighbour list or mesh
// (src/utility/noiseSource.cu, src/updaters/brownianParticleDynamics.cu, langevinDynamics.cu,
// selfPropelledParticleDynamics.cu, selfPropelledAligningParticleDynamics.cu: one kernel each), none dropped for its
// result, each launched as its host wrapper launches it (block_size 128, 32 where N < 128; nblocks = N / block_size + 1)
// with N = 200 particles (2 blocks of 128, the second partial) in place of a simulation's thousands, the states those of
// noiseSource::initializeGPURNGs' defaults (GlobalSeed 1337, Timestep 0: curand_init(1337, idx, 0)); the RNG
// initialiser and brownian_eom_integration_kernel also at N = 40 (the 32-thread rule, 2 blocks); the vicsek, cell-vertex
// and model files (neighbour lists, meshes) not taken.
//
// CellGPU is released under the MIT license
//
// Copyright (c) 2016 - 2020 Daniel M. Sussman
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated
// documentation files (the "Software"), to deal in the Software without restriction, including without limitation
// the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software,
// and to permit persons to whom the Software is furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
//
// All publications and presentations based on this software will acknowledge its use according to the terms posted at the time of submission on the code homepage.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED
// TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL
// THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF
// CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER
// DEALINGS IN THE SOFTWARE.

#include <cuda_runtime.h>
#include "curand_kernel.h"

/** \file noiseSource.cu
    * Defines kernel callers and kernels for GPU random number generation
*/

/*!
    \addtogroup utilityKernels
    @{
*/

/*!
  Each thread -- most likely corresponding to each cell -- is initialized with a different sequence
  of the same seed of a cudaRNG
*/
__global__ void initialize_RNG_array_kernel(curandState *state, int N,int Timestep,int GlobalSeed)
    {
    unsigned int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >=N)
        return;

    curand_init(GlobalSeed,idx,Timestep,&state[idx]);
    return;
    };
