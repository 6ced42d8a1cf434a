// tilelab kernel collection: mass-spring cloth by Verlet integration, one particle a thread (verlet: 12 springs a particle,
// structural, shear and bend, with damping; a normal from the 8 nearest neighbours; collisions with a sphere, two
// cylinders and a plane), Game Engine Gems 2, chapter 22 (Marco Fratarcangeli's GPGPU cloth demo, CUDA version)
// Source:  https://github.com/mmmovania/GEG2_Chap22_ClothDemo/blob/e0207b14a77582f3b45e6cdb836045847d47c6fd/src/verlet_cloth_kernel.cu
//          (mmmovania/GEG2_Chap22_ClothDemo, commit e0207b1: Muhammad Mobeen Movania's buildable copy of the chapter's demo)
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2023, Muhammad Mobeen Movania"), repeated below; the
//          demo's own files carry Marco Fratarcangeli's zlib-style notice (src/src/phys_sim.cpp), repeated below too
//          (this file itself carries none).
// Kept: line 1 and lines 5-213 of the original (the device code), unchanged. Removed: lines 2-4, the includes
//       <helper_math.h>, <helper_cuda.h> and "math_constants.h" (no CUDART_ constant is used). In their place, marked:
//       the thirteen functions of helper_math.h the kernel uses (make_float2(int2), float3 + += -, float2 * float,
//       float3 * float, float3 / float, dot and length of float2 and float3, normalize, cross), copied from
//       NVIDIA/cuda-samples' Common/helper_math.h at commit 1e2d828 (BSD-3-Clause, its notice below; the same copy
//       sph3d_solver.cu takes its functions from). The host's verlet_cloth.cu (the launch) is not kept.
// Selection, fixed before any run (collection/manifest.toml, the gegcl_ entries): the file's only __global__ kernel,
// launched as VerletCuda launches it: computeGridSize(numParticles, 256) gives <<<ceil(n / 256), min(256, n)>>>;
// the cloth as ParticleSystem::BuildCloth lays it out (particle (w, h) at (w / (nb - 1), 0, h / (nb - 1), 1), row
// h = 0 pinned by the kernel's index <= side - 1), with the host's first preset (side 32: stiffness 55000, damp 1,
// inverse mass 64 / 32^2) and a smaller side 16 (one block of 256); the states are mid-simulation ones (fixed
// displacements and velocities, references.py gegcl_state), one launch a collision mask: 0, 1 (sphere), 7 (all),
// 6 (cylinders and plane). Read before any run: no race (each thread writes its own particle; the __syncthreads()
// is reached by every thread), no out-of-bounds access at these sizes (the kernel has no index < n test: it relies
// on n being a multiple of the block, as the host's sizes 32^2 ... 256^2 are).
//
// ---- the repository's LICENSE ----
// BSD 3-Clause License
//
// Copyright (c) 2023, Muhammad Mobeen Movania
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
// ---- Marco Fratarcangeli's notice, from src/src/phys_sim.cpp lines 1-24 (this repository) ----
// GPGPU Cloth simulation using GLSL, OpenCL and CUDA
// by Marco Fratarcangeli - 2010
//   marco@fratarcangeli.net
//   http://www.fratarcangeli.net
//
// This software is provided 'as-is', without any express or
// implied warranty. In no event will the author be held
// liable for any damages arising from the use of this software.
//
// Permission is granted to anyone to use this software for any purpose,
// including commercial applications, and to alter it and redistribute
// it freely, subject to the following restrictions:
//
// 1. The origin of this software must not be misrepresented;
//    you must not claim that you wrote the original software.
//    If you use this software in a product, an acknowledgment
//    in the product documentation would be appreciated but
//    is not required.
//
// 2. Altered source versions must be plainly marked as such,
//    and must not be misrepresented as being the original software.
//
// 3. This notice may not be removed or altered from any
//    source distribution.

//#include "cutil_math.h"
// ---- from NVIDIA/cuda-samples Common/helper_math.h (commit 1e2d828), the functions this kernel uses ----
/* Copyright (c) 2022, NVIDIA CORPORATION. All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions
 * are met:
 *  * Redistributions of source code must retain the above copyright
 *    notice, this list of conditions and the following disclaimer.
 *  * Redistributions in binary form must reproduce the above copyright
 *    notice, this list of conditions and the following disclaimer in the
 *    documentation and/or other materials provided with the distribution.
 *  * Neither the name of NVIDIA CORPORATION nor the names of its
 *    contributors may be used to endorse or promote products derived
 *    from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS ``AS IS'' AND ANY
 * EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR
 * PURPOSE ARE DISCLAIMED.  IN NO EVENT SHALL THE COPYRIGHT OWNER OR
 * CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL,
 * EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO,
 * PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR
 * PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY
 * OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT
 * (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */
inline __host__ __device__ float2 make_float2(int2 a)
{
    return make_float2(float(a.x), float(a.y));
}

inline __host__ __device__ float3 operator+(float3 a, float3 b)
{
    return make_float3(a.x + b.x, a.y + b.y, a.z + b.z);
}

inline __host__ __device__ void operator+=(float3 &a, float3 b)
{
    a.x += b.x;
    a.y += b.y;
    a.z += b.z;
}

inline __host__ __device__ float3 operator-(float3 a, float3 b)
{
    return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}

inline __host__ __device__ float2 operator*(float2 a, float b)
{
    return make_float2(a.x * b, a.y * b);
}

inline __host__ __device__ float3 operator*(float3 a, float b)
{
    return make_float3(a.x * b, a.y * b, a.z * b);
}

inline __host__ __device__ float3 operator/(float3 a, float b)
{
    return make_float3(a.x / b, a.y / b, a.z / b);
}

inline __host__ __device__ float dot(float2 a, float2 b)
{
    return a.x * b.x + a.y * b.y;
}

inline __host__ __device__ float dot(float3 a, float3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}

inline __host__ __device__ float length(float2 v)
{
    return sqrtf(dot(v, v));
}

inline __host__ __device__ float length(float3 v)
{
    return sqrtf(dot(v, v));
}

inline __host__ __device__ float3 normalize(float3 v)
{
    float invLen = rsqrtf(dot(v, v));
    return v * invLen;
}

inline __host__ __device__ float3 cross(float3 a, float3 b)
{
    return make_float3(a.y*b.z - a.z*b.y, a.z*b.x - a.x*b.z, a.x*b.y - a.y*b.x);
}
// ---- end of helper_math.h ----

//#define USE_SMEM
#define BLOCKSIZE (128 + 2) * (128 + 2)

__device__ int2 nextNeigh(int n)
{
	if (n == 0)		return make_int2(-1, -1);
	if (n == 1)		return make_int2( 0, -1);
	if (n == 2)		return make_int2( 1, -1);
	if (n == 3)		return make_int2( 1,  0);
	if (n == 4)		return make_int2( 1,  1);
	if (n == 5)		return make_int2( 0,  1);
	if (n == 6)		return make_int2(-1,  1);
	if (n == 7)		return make_int2(-1,  0);

	if (n == 8)		return make_int2(-2, -2);
	if (n == 9)		return make_int2( 2, -2);
	if (n == 10)	return make_int2( 2,  2);
	if (n == 11)	return make_int2(-2,  2);
	
	return make_int2(0, 0);
}


///////////////////////////////////////////////////////////////////////////////
//! kernel for cloth simulating via verlet integration
//! @param g_odata  memory to process (in and out)
///////////////////////////////////////////////////////////////////////////////
__global__ void verlet(	float4 * pos_vbo, float4 * nor_vbo, float4 * g_pos_in, float4 * g_pos_old_in, float4 * g_pos_out, float4 * g_pos_old_out, 
							int side, float stiffness, float damp, float inverse_mass, int coll_primitives )
{
    uint index = blockIdx.x * blockDim.x + threadIdx.x;
	int ix = index % side; 
	int iy = index / side; 

	//g_pos[index] = make_float4(threadIdx.x, blockIdx.x, blockDim.x, index);
	//return;

#ifdef USE_SMEM
    __shared__ float4 smem_pos[BLOCKSIZE];
    __shared__ float4 smem_vel[BLOCKSIZE];

	int ix_smem = threadIdx.x % side;  
	int iy_smem = threadIdx.x / side; 

	smem_pos[threadIdx.x] = g_pos_in[index]; 
	smem_vel[threadIdx.x] = g_vel_in[index]; 

	for (int k = 0; k < 12; k++)
	{
		int2 coord = nextNeigh(k);
		int j = coord.x;
		int i = coord.y;

		if (((iy_smem + i) < 0) || ((iy_smem + i) > (side - 1)))
			continue;

		if (((ix_smem + j) < 0) || ((ix_smem + j) > (side - 1)))
			continue;

		int index_neigh_smem = (iy_smem + i) * side + ix_smem + j;
		int index_neigh = (iy + i) * side + ix + j;

		smem_pos[index_neigh_smem] = g_pos_in[index_neigh]; 
		smem_vel[index_neigh_smem] = g_vel_in[index_neigh]; 
	}

	__syncthreads();

	volatile float4 posData = smem_pos[threadIdx.x];    // ensure coalesced read
    volatile float4 velData = smem_vel[threadIdx.x];
#else
	volatile float4 posData = g_pos_in[index];    // ensure coalesced read
    volatile float4 posOldData = g_pos_old_in[index];
#endif


    float3 pos = make_float3(posData.x, posData.y, posData.z);
    float3 pos_old = make_float3(posOldData.x, posOldData.y, posOldData.z);
	float3 vel = (pos - pos_old) / 0.01;
	
	// used for computation of the normal
	float3 normal = make_float3(0, 0, 0);
	float3 last_diff = make_float3(0, 0, 0);
	float iters = 0.0;

	float3 force = make_float3(0.0, -9.81, 0.0);
	float inv_mass = inverse_mass;
	if (index <= (side - 1.0))
		inv_mass = 0.f;

	float step = 1.0 / (side - 1.0);

	for (int k = 0; k < 12; k++)
	{
		int2 coord = nextNeigh(k);
		int j = coord.x;
		int i = coord.y;

#ifdef USE_SMEM
		if (((iy_smem + i) < 0) || ((iy_smem + i) > (side - 1)))
			continue;

		if (((ix_smem + j) < 0) || ((ix_smem + j) > (side - 1)))
			continue;

		int index_neigh_smem = (iy_smem + i) * side + ix_smem + j;

		volatile float4 pos_neighData = smem_pos[index_neigh_smem];
#else
		if (((iy + i) < 0) || ((iy + i) > (side - 1)))
			continue;

		if (((ix + j) < 0) || ((ix + j) > (side - 1)))
			continue;

		int index_neigh = (iy + i) * side + ix + j;

		volatile float4 pos_neighData = g_pos_in[index_neigh];
#endif
		float3 pos_neigh = make_float3(pos_neighData.x, pos_neighData.y, pos_neighData.z);

		float3 diff = pos_neigh - pos;

		float3 curr_diff = diff;	// curr diff is the normalized direction of the spring
		curr_diff = normalize(curr_diff);
		
		if ((iters > 0.0) && (k < 8))
		{
			float an = dot(curr_diff, last_diff);
			if (an > 0.0)
				normal += cross(last_diff, curr_diff);
		}	
		last_diff = curr_diff;

		float2 fcoord = make_float2(coord)* step;
		float rest_length = length(fcoord);

		force += (curr_diff * (length(diff) - rest_length)) * stiffness - vel * damp;
		if (k < 8)
			iters += 1.0;
	}

	normal = normalize(normal / -(iters - 1.0));

	float3 acc = make_float3(0, 0, 0);
	acc = force * inv_mass;

	// verlet
	float3 tmp = pos; 
	pos = pos * 2 - pos_old + acc * 0.01 * 0.01;
	pos_old = tmp;

	// collision with cylinders
	if (coll_primitives & 2)
	{
		float step_cyl = 0.2f;
		float radius_cyl = step_cyl / 2.f;
		float pos_cyl = step_cyl;
		for (int i = 0; i < 2; i++)
		{
			float3 center = make_float3(0, -pos_cyl, pos_cyl);

			float3 pos_coll = make_float3(0, pos.y, pos.z);
			if (length(pos_coll - center) < radius_cyl)
			{
				float3 coll_dir = normalize(pos_coll - center);
				pos = make_float3(pos.x, center.y, center.z) + coll_dir * radius_cyl;
			}
		
			pos_cyl += step_cyl;
		}
	}
	

	// collision with a sphere
	if (coll_primitives & 1)
	{
		float3 center = make_float3(0.5, -0.5, 0.25);
		float radius = 0.3;

		if (length(pos - center) < radius)
		{
			// collision
			float3 coll_dir = normalize(pos - center);
			pos = center + coll_dir * radius;
		}
	}

	// collision with a plane
	if (coll_primitives & 4)
	{
		if (pos.y  < -0.6)
		{
			pos.y = -0.6;
			pos_old += (pos - pos_old) * 0.03;
		}
	}

	__syncthreads();

	pos_vbo[index] = make_float4(pos.x, pos.y, pos.z, posData.w);
	nor_vbo[index] = make_float4(normal.x, normal.y, normal.z, 0.0);

	g_pos_out[index] = make_float4(pos.x, pos.y, pos.z, posData.w);
	g_pos_old_out[index] = make_float4(pos_old.x, pos_old.y, pos_old.z, posOldData.w);

}

