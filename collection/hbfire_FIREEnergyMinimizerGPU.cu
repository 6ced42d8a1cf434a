// tilelab kernel collection: HOOMD-blue's FIRE energy minimizer kernels (translational part: zeroing, block reductions of P = a.v, |v|^2, |a|^2 and the PE, their one-block sum, the velocity mixing)
// Source:  https://github.com/glotzerlab/hoomd-blue/blob/967b6a431e1a3f1b07f52f2990fc2c711b57e141/hoomd/md/FIREEnergyMinimizerGPU.cu
//          (glotzerlab/hoomd-blue, commit 967b6a4; driven by FIREEnergyMinimizerGPU.cc's gpu_fire_* calls)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file's own two notices are kept at its top)
// Kept, unchanged: lines 1-2, 5-6 (the notices), 16-75 (namespaces, gpu_fire_zero_v_kernel, gpu_fire_zero_angmom_kernel), 119-209 (reduce_pe_partial, reduce_partial_sum),
//       255-300 (reduce_P_partial), 411-498 (reduce_vsq_partial, reduce_asq_partial), 742-775 (update_v), 890-892 (namespace ends).
// Removed: line 4 and 8-14 (hip runtime and host includes), the hipError_t host drivers, and the four angular kernels (Pr, wnorm, tsq, update_angmom: lines 302-410, 500-558,
//       815-856), which need VectorMath.h's quat/vec3 templates. hoomd/HOOMDMath.h's lines copied in, marked: HOSTDEVICE (the __HIPCC__ branch, line 41), the namespace and the
//       double-precision typedefs (HOOMD_LONGREAL_SIZE 64, the default build: lines 48-49, 73-80) and make_scalar4 (lines 124-133).

/*
Copyright (c) 2009-2024 The Regents of the University of Michigan.
All rights reserved.

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice,
   this list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.

3. Neither the name of the copyright holder nor the names of its contributors
   may be used to endorse or promote products derived from this software without
   specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR
ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES
(INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES;
LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON
ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
(INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS
SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
*/

// Copyright (c) 2009-2024 The Regents of the University of Michigan.
// Part of HOOMD-blue, released under the BSD 3-Clause License.
// Copyright (c) 2009-2021 The Regents of the University of Michigan
// This file is part of the HOOMD-blue project, released under the BSD 3-Clause License.

// ---- hoomd/HOOMDMath.h, line 41 (the HIP/nvcc branch of its #ifdef __HIPCC__)
#define HOSTDEVICE __host__ __device__
// ---- hoomd/HOOMDMath.h, lines 48-49
namespace hoomd
    {
// ---- hoomd/HOOMDMath.h, lines 73-80 (its #elif HOOMD_LONGREAL_SIZE == 64 branch)
//! Floating point type (double precision)
typedef double Scalar;
//! Floating point type with x,y elements (double precision)
typedef double2 Scalar2;
//! Floating point type with x,y,z elements (double precision)
typedef double3 Scalar3;
//! Floating point type with x,y,z,w elements (double precision)
typedef double4 Scalar4;
// ---- hoomd/HOOMDMath.h, lines 124-133
//! make a scalar4 value
HOSTDEVICE inline Scalar4 make_scalar4(Scalar x, Scalar y, Scalar z, Scalar w)
    {
    Scalar4 retval;
    retval.x = x;
    retval.y = y;
    retval.z = z;
    retval.w = w;
    return retval;
    }
    } // end namespace hoomd (HOOMDMath.h's)
// ---- end of hoomd/HOOMDMath.h's lines

/*! \file FIREEnergyMinimizerGPU.cu
    \brief Defines GPU kernel code for one performing one FIRE energy
    minimization iteration on the GPU. Used by FIREEnergyMinimizerGPU.
*/

namespace hoomd
    {
namespace md
    {
namespace kernel
    {
//! The kernel function to zeros velocities, called by gpu_fire_zero_v()
/*! \param d_vel device array of particle velocities
    \param d_group_members Device array listing the indices of the members of the group to zero
    \param group_size Number of members in the group
*/
__global__ void
gpu_fire_zero_v_kernel(Scalar4* d_vel, unsigned int* d_group_members, unsigned int group_size)
    {
    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];

        // read the particle's velocity (MEM TRANSFER: 32 bytes)
        Scalar4 vel = d_vel[idx];

        // zero the velocity(FLOPS: ?)
        vel.x = Scalar(0.0);
        vel.y = Scalar(0.0);
        vel.z = Scalar(0.0);

        // write out the results (MEM_TRANSFER: 32 bytes)
        d_vel[idx] = vel;
        }
    }

//! The kernel function to zero angular momenta, called by gpu_fire_zero_angmom()
__global__ void gpu_fire_zero_angmom_kernel(Scalar4* d_angmom,
                                            unsigned int* d_group_members,
                                            unsigned int group_size)
    {
    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];

        // write out the results (MEM_TRANSFER: 32 bytes)
        d_angmom[idx] = make_scalar4(0, 0, 0, 0);
        }
    }

/*! \param d_vel device array of particle velocities
    \param d_group_members Device array listing the indices of the members of the group to integrate
    \param group_size Number of members in the group



//! Kernel function for reducing the potential energy to a partial sum
/*! \param d_group_members Device array listing the indices of the members of the group to sum
    \param group_size Number of members in the group
    \param d_net_force Pointer to the force array for all particles
    \param d_partial_sum_pe Placeholder for the partial sum
*/
__global__ void gpu_fire_reduce_pe_partial_kernel(unsigned int* d_group_members,
                                                  unsigned int group_size,
                                                  Scalar4* d_net_force,
                                                  Scalar* d_partial_sum_pe)
    {
    extern __shared__ Scalar fire_sdata[];

    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    Scalar pe = 0;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];
        // read the particle's force and extract the pe from w component (MEM TRANSFER: 32 bytes)

        Scalar4 force = d_net_force[idx];
        pe = force.w;

        // Uncoalesced Memory Read replace by Texture Read above.  Scalars4* d_net_force still being
        // passed to support this defunct structure.
        // pe = d_net_force[idx].w;
        }

    fire_sdata[threadIdx.x] = pe;
    __syncthreads();

    // reduce the sum in parallel
    int offs = blockDim.x >> 1;
    while (offs > 0)
        {
        if (threadIdx.x < offs)
            fire_sdata[threadIdx.x] += fire_sdata[threadIdx.x + offs];
        offs >>= 1;
        __syncthreads();
        }

    // write out our partial sum
    if (threadIdx.x == 0)
        {
        d_partial_sum_pe[blockIdx.x] = fire_sdata[0];
        }
    }

//! Kernel function for reducing a partial sum to a full sum (one value)
/*! \param d_sum Placeholder for the sum
    \param d_partial_sum Array containing the partial sum
    \param num_blocks Number of blocks to execute
*/
__global__ void
gpu_fire_reduce_partial_sum_kernel(Scalar* d_sum, Scalar* d_partial_sum, unsigned int num_blocks)
    {
    extern __shared__ Scalar fire_sdata[];

    Scalar sum = Scalar(0.0);

    // sum up the values in the partial sum via a sliding window
    for (int start = 0; start < num_blocks; start += blockDim.x)
        {
        __syncthreads();
        if (start + threadIdx.x < num_blocks)
            fire_sdata[threadIdx.x] = d_partial_sum[start + threadIdx.x];
        else
            fire_sdata[threadIdx.x] = Scalar(0.0);
        __syncthreads();

        // reduce the sum in parallel
        int offs = blockDim.x >> 1;
        while (offs > 0)
            {
            if (threadIdx.x < offs)
                fire_sdata[threadIdx.x] += fire_sdata[threadIdx.x + offs];
            offs >>= 1;
            __syncthreads();
            }

        // everybody sums up sum2K
        sum += fire_sdata[0];
        }

    if (threadIdx.x == 0)
        *d_sum = sum;
    }

//! Kernel function to compute the partial sum over the P term in the FIRE algorithm
/*! \param d_vel particle velocities and masses on the device
    \param d_accel particle accelerations on the device
    \param d_group_members Device array listing the indices of the members of the group to integrate
    \param group_size Number of members in the group
    \param d_partial_sum_P Array to hold the partial sum
*/
__global__ void gpu_fire_reduce_P_partial_kernel(const Scalar4* d_vel,
                                                 const Scalar3* d_accel,
                                                 unsigned int* d_group_members,
                                                 unsigned int group_size,
                                                 Scalar* d_partial_sum_P)
    {
    extern __shared__ Scalar fire_sdata[];

    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    Scalar P = 0;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];

        Scalar3 a = d_accel[idx];
        Scalar4 v = d_vel[idx];
        P = a.x * v.x + a.y * v.y + a.z * v.z;
        }

    fire_sdata[threadIdx.x] = P;
    __syncthreads();

    // reduce the sum in parallel
    int offs = blockDim.x >> 1;
    while (offs > 0)
        {
        if (threadIdx.x < offs)
            fire_sdata[threadIdx.x] += fire_sdata[threadIdx.x + offs];
        offs >>= 1;
        __syncthreads();
        }

    // write out our partial sum
    if (threadIdx.x == 0)
        d_partial_sum_P[blockIdx.x] = fire_sdata[0];
    }


//! Kernel function to compute the partial sum over the vsq term in the FIRE algorithm
/*! \param d_vel device array of particle velocities
    \param d_group_members Array listing members of the group
    \param group_size Number of members in the group
    \param d_partial_sum_vsq Array to hold the partial sum
*/
__global__ void gpu_fire_reduce_vsq_partial_kernel(const Scalar4* d_vel,
                                                   unsigned int* d_group_members,
                                                   unsigned int group_size,
                                                   Scalar* d_partial_sum_vsq)
    {
    extern __shared__ Scalar fire_vsq_sdata[];

    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    Scalar vsq = 0;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];

        Scalar4 v = d_vel[idx];
        vsq = v.x * v.x + v.y * v.y + v.z * v.z;
        }

    fire_vsq_sdata[threadIdx.x] = vsq;
    __syncthreads();

    // reduce the sum in parallel
    int offs = blockDim.x >> 1;
    while (offs > 0)
        {
        if (threadIdx.x < offs)
            fire_vsq_sdata[threadIdx.x] += fire_vsq_sdata[threadIdx.x + offs];
        offs >>= 1;
        __syncthreads();
        }

    // write out our partial sum
    if (threadIdx.x == 0)
        d_partial_sum_vsq[blockIdx.x] = fire_vsq_sdata[0];
    }

//! Kernel function to compute the partial sum over the asq term in the FIRE algorithm
/*! \param d_accel device array of particle accelerations
    \param d_group_members Array listing members of the group
    \param group_size Number of members in the group
    \param d_partial_sum_asq Array to hold the partial sum
*/
__global__ void gpu_fire_reduce_asq_partial_kernel(const Scalar3* d_accel,
                                                   unsigned int* d_group_members,
                                                   unsigned int group_size,
                                                   Scalar* d_partial_sum_asq)
    {
    extern __shared__ Scalar fire_partial_sdata[];

    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    Scalar asq = 0;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];

        Scalar3 a = d_accel[idx];
        asq = a.x * a.x + a.y * a.y + a.z * a.z;
        }

    fire_partial_sdata[threadIdx.x] = asq;
    __syncthreads();

    // reduce the sum in parallel
    int offs = blockDim.x >> 1;
    while (offs > 0)
        {
        if (threadIdx.x < offs)
            fire_partial_sdata[threadIdx.x] += fire_partial_sdata[threadIdx.x + offs];
        offs >>= 1;
        __syncthreads();
        }

    // write out our partial sum
    if (threadIdx.x == 0)
        d_partial_sum_asq[blockIdx.x] = fire_partial_sdata[0];
    }


//! Kernel function to update the velocities used by the FIRE algorithm
/*! \param d_vel Array of velocities to update
    \param d_accel Array of accelerations
    \param d_group_members Device array listing the indices of the members of the group to update
    \param group_size Number of members in the grou
    \param alpha Alpha coupling parameter used by the FIRE algorithm
    \param factor_t Combined factor vnorm/fnorm*alpha, or 1 if fnorm==0
*/
__global__ void gpu_fire_update_v_kernel(Scalar4* d_vel,
                                         const Scalar3* d_accel,
                                         unsigned int* d_group_members,
                                         unsigned int group_size,
                                         Scalar alpha,
                                         Scalar factor_t)
    {
    // determine which particle this thread works on (MEM TRANSFER: 4 bytes)
    int group_idx = blockIdx.x * blockDim.x + threadIdx.x;

    if (group_idx < group_size)
        {
        unsigned int idx = d_group_members[group_idx];
        // read the particle's velocity and acceleration (MEM TRANSFER: 32 bytes)
        Scalar4 v = d_vel[idx];
        Scalar3 a = d_accel[idx];

        v.x = v.x * (Scalar(1.0) - alpha) + a.x * factor_t;
        v.y = v.y * (Scalar(1.0) - alpha) + a.y * factor_t;
        v.z = v.z * (Scalar(1.0) - alpha) + a.z * factor_t;

        // write out the results (MEM_TRANSFER: 32 bytes)
        d_vel[idx] = v;
        }
    }

    } // end namespace kernel
    } // end namespace md
    } // end namespace hoomd
