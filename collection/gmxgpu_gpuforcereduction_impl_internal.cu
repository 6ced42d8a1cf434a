// tilelab kernel collection: GROMACS's CUDA force reduction (the nonbonded forces gathered from the nbnxm grid order through the cell index, plus the rvec forces)
// Source:  https://github.com/gromacs/gromacs/blob/b1a82ec1956eb9658d33f3ec6f3adfdbb6b53a7b/src/gromacs/mdlib/gpuforcereduction_impl_internal.cu
//          (gromacs/gromacs, commit b1a82ec; launched as launchForceReductionKernel launches it: 128 threads a block, divideRoundUp(numAtoms + 1, 128) blocks)
// Licence: LGPL-2.1-or-later (the file's own notice, kept at its top)
// Kept, unchanged: lines 1-33 (the notice), 52-120 (the GMX_NVSHMEM include, namespace gmx, c_threadsPerBlock, reduceKernel), 165 (namespace end); GMX_NVSHMEM
//       is undefined (0), as in a build without NVSHMEM.
// Removed: lines 34-50 (the file comment, gmxpre.h and GROMACS's includes), 122-163 (launchForceReductionKernel: host code).
// Copied in, marked: api/legacy/include/gromacs/utility/basedefinitions.h lines 46 (<cstdint>) and 162 (GMX_UNUSED_VALUE),
//       src/gromacs/gpu_utils/vectype_ops_cuda_base_math.h lines 42-100 (float3 operators).

/*
 * This file is part of the GROMACS molecular simulation package.
 *
 * Copyright 2020- The GROMACS Authors
 * and the project initiators Erik Lindahl, Berk Hess and David van der Spoel.
 * Consult the AUTHORS/COPYING files and https://www.gromacs.org for details.
 *
 * GROMACS is free software; you can redistribute it and/or
 * modify it under the terms of the GNU Lesser General Public License
 * as published by the Free Software Foundation; either version 2.1
 * of the License, or (at your option) any later version.
 *
 * GROMACS is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the GNU
 * Lesser General Public License for more details.
 *
 * You should have received a copy of the GNU Lesser General Public
 * License along with GROMACS; if not, see
 * https://www.gnu.org/licenses, or write to the Free Software Foundation,
 * Inc., 51 Franklin Street, Fifth Floor, Boston, MA  02110-1301  USA.
 *
 * If you want to redistribute modifications to GROMACS, please
 * consider that scientific software is very special. Version
 * control is crucial - bugs must be traceable. We will be happy to
 * consider code for inclusion in the official distribution, but
 * derived work must not be called official GROMACS. Details are found
 * in the README & COPYING files - if they are missing, get the
 * official version at https://www.gromacs.org.
 *
 * To help us fund GROMACS development, we humbly ask that you cite
 * the research papers on the package. Check out https://www.gromacs.org.
 */

// ---- copied in: api/legacy/include/gromacs/utility/basedefinitions.h lines 46 and 162
#include <cstdint>
#define GMX_UNUSED_VALUE(value) (void)value
// ---- end of copied lines

// ---- copied in: src/gromacs/gpu_utils/vectype_ops_cuda_base_math.h lines 42-100 (the float3 operators)
static __forceinline__ __host__ __device__ float3 operator-(const float3& a)
{
    return make_float3(-a.x, -a.y, -a.z);
}
static __forceinline__ __host__ __device__ float3 operator+(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}
static __forceinline__ __host__ __device__ float3 operator-(float3 a, float3 b)
{
    return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
static __forceinline__ __host__ __device__ float3 operator*(float3 a, float k)
{
    return make_float3(k * a.x, k * a.y, k * a.z);
}
static __forceinline__ __host__ __device__ float3 operator*(float k, float3 a)
{
    return make_float3(k * a.x, k * a.y, k * a.z);
}
// NOLINTNEXTLINE(google-runtime-references)
static __forceinline__ __host__ __device__ void operator+=(float3& a, float3 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}
// NOLINTNEXTLINE(google-runtime-references)
static __forceinline__ __host__ __device__ void operator+=(float3& a, float4 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}
// NOLINTNEXTLINE(google-runtime-references)
static __forceinline__ __host__ __device__ void operator-=(float3& a, float3 b)
{
    a.x -= b.x;
    a.y -= b.y;
    a.z -= b.z;
}
static __forceinline__ __host__ __device__ float3 operator*(float3 a, float3 b)
{
    return make_float3(a.x * b.x, a.y * b.y, a.z * b.z);
}
// NOLINTNEXTLINE(google-runtime-references)
static __forceinline__ __host__ __device__ void operator*=(float3& a, float3 b)
{
    a.x *= b.x;
    a.y *= b.y;
    a.z *= b.z;
}
// NOLINTNEXTLINE(google-runtime-references)
static __forceinline__ __host__ __device__ void operator*=(float3& a, float b)
{
    a.x *= b;
    a.y *= b;
    a.z *= b;
}
// ---- end of copied lines

#if GMX_NVSHMEM
#    include <nvshmemx.h>
#endif

namespace gmx
{

constexpr static int c_threadsPerBlock = 128;

template<bool addRvecForce, bool accumulateForce>
static __global__ void reduceKernel(const float3* __restrict__ gm_nbnxmForce,
                                    const float3* __restrict__ rvecForceToAdd,
                                    float3*    gm_fTotal,
                                    const int* gm_cell,
                                    const int  numAtoms,
                                    uint64_t* forcesReadyNvshmemFlags, // NOLINT(readability-non-const-parameter)
                                    const uint64_t forcesReadyNvshmemFlagsCounter)
{
    // map particle-level parallelism to 1D CUDA thread and block index
    const int threadIndex = blockIdx.x * blockDim.x + threadIdx.x;

    float3* gm_fDest = &gm_fTotal[threadIndex];
    float3  temp;

    if (addRvecForce && forcesReadyNvshmemFlags)
    {
#if GMX_NVSHMEM
        if (threadIdx.x == 0)
        {
            nvshmem_signal_wait_until(
                    forcesReadyNvshmemFlags, NVSHMEM_CMP_EQ, forcesReadyNvshmemFlagsCounter);
        }
#else
        GMX_UNUSED_VALUE(forcesReadyNvshmemFlagsCounter);
#endif
    }

    // perform addition for each particle
    if (threadIndex < numAtoms)
    {
        // Accumulate or set nbnxm force
        if (accumulateForce)
        {
            temp = *gm_fDest;
            temp += gm_nbnxmForce[gm_cell[threadIndex]];
        }
        else
        {
            temp = gm_nbnxmForce[gm_cell[threadIndex]];
        }
    }

    if (addRvecForce && forcesReadyNvshmemFlags)
    {
#if GMX_NVSHMEM
        __syncthreads();
#endif
    }

    if (threadIndex < numAtoms)
    {
        if (addRvecForce)
        {
            temp += rvecForceToAdd[threadIndex];
        }

        *gm_fDest = temp;
    }
}

} // namespace gmx
