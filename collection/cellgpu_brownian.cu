// tilelab kernel collection: cellGPU, overdamped Brownian dynamics: each particle's displacement from two
// curand_normal_double draws of its own state (loaded from and stored back to the state array) and its force.
// Source:  https://github.com/sussmanLab/cellGPU/blob/aae97ecbcde649d636e83cb7e0e059110a485d30/src/updaters/brownianParticleDynamics.cu
//          (sussmanLab/cellGPU, commit aae97ec, Daniel M. Sussman's GPU-accelerated 2D cell and particle models)
// Licence: MIT (the repository's LICENSE.md, "Copyright (c) 2016 - 2020 Daniel M. Sussman"), repeated below.
// Kept: lines 1-2, 4-36 (its includes of <cuda_runtime.h> and "curand_kernel.h", and the kernel), unchanged. Removed:
//       line 3 (brownianParticleDynamics.cuh: host declarations) and lines 37-61 (the host wrapper gpu_brownian_eom_integration).
// Copied in first, marked: line 48 (cur_norm), unchanged.
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

// ---- copied from inc/std_include.h line 48 (cur_norm: the double-precision build's cuRAND normal), unchanged
#define cur_norm curand_normal_double
// ---- end of the copied lines

#include <cuda_runtime.h>
#include "curand_kernel.h"

/** \file brownianParticleDynamics.cu
    * Defines kernel callers and kernels for GPU calculations of simple brownian 2D cell models
*/

/*!
    \addtogroup simpleEquationOfMotionKernels
    @{
*/

/*!
Each thread calculates the displacement of an individual cell
*/
__global__ void brownian_eom_integration_kernel(double2 *forces,
                                           double2 *displacements,
                                           curandState *RNGs,
                                           int N,
                                           double deltaT,
                                           double mu,
                                           double T)
    {
    unsigned int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >=N)
        return;
    curandState_t randState;

    randState=RNGs[idx];
    displacements[idx].x = cur_norm(&randState)*sqrt(deltaT*T*mu*2.0) + deltaT*mu*forces[idx].x;
    displacements[idx].y = cur_norm(&randState)*sqrt(deltaT*T*mu*2.0) + deltaT*mu*forces[idx].y;

    RNGs[idx] = randState;
    return;
    };
