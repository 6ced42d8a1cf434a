// tilelab kernel collection: cellGPU, self-propelled (active Brownian) particles: displacement from
// velocity and force, a rotational-diffusion angle from one curand_normal_double draw, the director and velocity updated.
// Source:  https://github.com/sussmanLab/cellGPU/blob/aae97ecbcde649d636e83cb7e0e059110a485d30/src/updaters/selfPropelledParticleDynamics.cu
//          (sussmanLab/cellGPU, commit aae97ec, Daniel M. Sussman's GPU-accelerated 2D cell and particle models)
// Licence: MIT (the repository's LICENSE.md, "Copyright (c) 2016 - 2020 Daniel M. Sussman"), repeated below.
// Kept: lines 1-2, 4-54 (its includes of <cuda_runtime.h> and "curand_kernel.h", and the kernel), unchanged. Removed:
//       line 3 (selfPropelledParticleDynamics.cuh: host declarations) and lines 55-83 (the host wrapper gpu_spp_eom_integration).
// Copied in first, marked: line 48 (cur_norm), lines 50-51 (Cos, Sin), unchanged.
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
// ---- copied from inc/std_include.h lines 50-51 (Cos, Sin), unchanged
#define Cos cos
#define Sin sin
// ---- end of the copied lines

#include <cuda_runtime.h>
#include "curand_kernel.h"

/** \file selfPropelledParticleDynamics.cu
    * Defines kernel callers and kernels for GPU calculations of simple active 2D cell models
*/

/*!
    \addtogroup simpleEquationOfMotionKernels
    @{
*/

/*!
Each thread calculates the displacement of an individual cell
*/
__global__ void spp_eom_integration_kernel(double2 *forces,
                                           double2 *velocities,
                                           double2 *displacements,
                                           double2 *motility,
                                           double *cellDirectors,
                                           curandState *RNGs,
                                           int N,
                                           double deltaT,
                                           int Timestep,
                                           double mu)
    {
    unsigned int idx = blockIdx.x*blockDim.x + threadIdx.x;
    if (idx >=N)
        return;
    //update displacements
    displacements[idx].x = deltaT*(velocities[idx].x + mu*forces[idx].x);
    displacements[idx].y = deltaT*(velocities[idx].y + mu*forces[idx].y);

    //next, get an appropriate random angle displacement
    curandState_t randState;
    randState=RNGs[idx];
    double v0 = motility[idx].x;
    double Dr = motility[idx].y;
    double angleDiff = cur_norm(&randState)*sqrt(2.0*deltaT*Dr);
    RNGs[idx] = randState;
    //update director and velocity vector
    double currentTheta = cellDirectors[idx];
    velocities[idx].x = v0 * Cos(cellDirectors[idx]);
    velocities[idx].y = v0 * Sin(cellDirectors[idx]);
    if(velocities[idx].y != 0. && velocities[idx].x != 0.)
        {
        currentTheta = atan2(velocities[idx].y,velocities[idx].x);
        };
    cellDirectors[idx] = currentTheta + angleDiff;


    return;
    };
