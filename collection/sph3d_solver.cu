// tilelab kernel collection: Hagen23/SPH_3D_CUDA: a 3D SPH fluid's GPU step (cell hash, cell start and end, density and pressure, forces, integration, boundaries) (Solver_gpu.cuh)
// Source:  https://github.com/Hagen23/SPH_3D_CUDA/blob/245b5c2cc20021e131ce22f808624f8c4210aaf9/Solver_gpu.cuh
//          (Hagen23/SPH_3D_CUDA, commit 245b5c2: Octavio Navarro's CUDA implementation of Mueller et al.'s SPH, 16,384 particles)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2017 Octavio Navarro Hinojosa"; the file itself carries only its author
//          line); the notice follows.
// Kept: the device code, unchanged (lines 1-10 and 23-337 of the original).
//       Removed: the includes (lines 11-22: <device_launch_parameters.h>, <cuda_runtime.h>, "Parameters.cuh", "math_functions.h",
//       <helper_cuda.h>, <helper_math.h>, <helper_string.h>, <drvapi_error_string.h>, "Solver.h"). In their place, marked: the
//       struct Parameters of the repository's Parameters.cuh (its lines 7-27), and the ten functions of helper_math.h the kernels use
//       (float3 + - += -=, int3 +, float3 * float both ways, float3 / float, dot, length), copied from NVIDIA/cuda-samples'
//       Common/helper_math.h at commit 1e2d828 (BSD-3-Clause, its notice below; the repository ships an older copy of that
//       header under NVIDIA's EULA in cuda_common/, not taken). The host's Solver_gpu.cu (the launches) and Solver.cpp (the
//       parameters) are not kept.

/*
 * MIT License
 *
 * Copyright (c) 2017 Octavio Navarro Hinojosa
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

/*
This file contains the SPH GPU kernels

@author Octavio Navarro
@version 1.0
*/

#ifndef Solver_cuh
#define Solver_cuh

// ---- from Parameters.cuh, lines 7-27 (this repository) ----
struct Parameters
{
	float dt;		/// Delta time for the simulation
	
	int3 gridSize;	/// Grid size
	int	 cellSize;	/// Size of each cell in the grid

	/// Boundaries for the simulation
	float xmin;		
	float xmax;
	float ymin;
	float ymax;
	float zmin;
	float zmax;

	float mass;		/// Mass of each particle
	float h;		/// Core radius h
	float restDens;	/// Stand density
	float k;		/// ideal pressure formulation k; Stiffness of the fluid. The lower the value, the stiffer the fluid.
	float mu;		/// Viscosity
};
// ---- end of Parameters.cuh ----

// ---- from NVIDIA/cuda-samples Common/helper_math.h (commit 1e2d828), the functions these kernels use ----
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
inline __host__ __device__ int3 operator+(int3 a, int3 b)
{
    return make_int3(a.x + b.x, a.y + b.y, a.z + b.z);
}
inline __host__ __device__ float3 operator-(float3 a, float3 b)
{
    return make_float3(a.x - b.x, a.y - b.y, a.z - b.z);
}
inline __host__ __device__ void operator-=(float3 &a, float3 b)
{
    a.x -= b.x;
    a.y -= b.y;
    a.z -= b.z;
}
inline __host__ __device__ float3 operator*(float3 a, float b)
{
    return make_float3(a.x * b, a.y * b, a.z * b);
}
inline __host__ __device__ float3 operator*(float b, float3 a)
{
    return make_float3(b * a.x, b * a.y, b * a.z);
}
inline __host__ __device__ float3 operator/(float3 a, float b)
{
    return make_float3(a.x / b, a.y / b, a.z / b);
}
inline __host__ __device__ float dot(float3 a, float3 b)
{
    return a.x * b.x + a.y * b.y + a.z * b.z;
}
inline __host__ __device__ float length(float3 v)
{
    return sqrtf(dot(v, v));
}
// ---- end of helper_math.h ----


#define PI 3.141592657f

#define SQR(x)					((x) * (x))
#define CUBE(x)					((x) * (x) * (x))
#define POW6(x)					(CUBE(x) * CUBE(x))
#define POW9(x)					(POW6(x) * CUBE(x))

__device__ __constant__ Parameters para;

/// For density calculations
__device__ float Poly6(float3 r, float h)
{
	float distance =  dot(r,r);
	if(distance <= h*h)
		return 315.0f / (64.0f * PI * POW9(h)) * CUBE(h*h - dot(r,r));
	return 0;
}

/// For Pressure calculations
__device__ float3 Spiky(float3 r, float h)
{
	float distance =  length(r);
	if(distance <= h)
		return -15.0f / (PI * POW6(h)) * SQR(h - distance) * r;
	return make_float3(0,0,0);
}

/// For Viscosity calculations
__device__ float Visco(float3 r, float h)
{
	float distance =  length(r);
	if(distance <= h)
		return 45.0f / (PI * POW6(h)) * (h - distance);
	return 0;
}

__device__ int3 cudaCalcGridPos(float3 pos)
{
	int3 gridPos;
	gridPos.x = floor(pos.x / para.cellSize);
	gridPos.y = floor(pos.y / para.cellSize);
	gridPos.z = floor(pos.z / para.cellSize);

	return gridPos;
}

__device__ int cudaCalcGridHash(int3 gridPos)
{
	/// wrap grid, assumes size is power of 2
	int x = (int)gridPos.x & (int)((para.gridSize.x-1));  
    int y = (int)gridPos.y & (int)((para.gridSize.y-1));
    int z = (int)gridPos.z & (int)((para.gridSize.z-1));

	return x + para.gridSize.x * (y + para.gridSize.y * z);
}

__global__ void cudaCalHash(unsigned int* dindex, unsigned int* dhash, float3* pos, unsigned int num_particles)
{
	unsigned int idx = blockDim.x * blockIdx.x + threadIdx.x; 
	unsigned int stride = blockDim.x * gridDim.x;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		int hash = cudaCalcGridHash(cudaCalcGridPos(pos[tid]));

		dhash[tid] = hash;
		dindex[tid] = tid;
	}
}

__global__ void cudaReorderDataAndFindCellStart(unsigned int *cellstart,
	unsigned int *cellend,
												float3* spos,
												float3* svel, 
												unsigned int* dhash,
												unsigned int* dindex,
												float3* pos, 
												float3* vel, 
												unsigned int num_particles)
{
	extern __shared__ int sharedHash[];
	
	int idx = blockDim.x*blockIdx.x + threadIdx.x;
	unsigned int stride = blockDim.x * gridDim.x;

	int _hash;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		_hash = dhash[tid];

		sharedHash[threadIdx.x + 1] = _hash;
		if (tid > 0 && threadIdx.x == 0)
		{
			sharedHash[0] = dhash[tid - 1];
		}

	}
	__syncthreads();

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		if (tid == 0 || _hash != sharedHash[threadIdx.x])
		{
			cellstart[_hash] = tid;
			if (tid > 0)
			{
				cellend[sharedHash[threadIdx.x]] = tid;
			}
		}
		if (tid == (num_particles - 1))
		{
			cellend[_hash] = tid + 1;
		}

		int sortedIndex = dindex[tid];
		float3 _pos = pos[sortedIndex];
		float3 _vel = vel[sortedIndex];

		spos[tid] = _pos;
		svel[tid] = _vel;
	}
}

/// Cycles through all the neighbors and adds their mass to the density
__device__ float cudaAddDensity(unsigned int tid, int3 gridPos, float3 pos, unsigned int* cellstart, unsigned int* cellend, float3* spos)
{
	float _dens = 0.0f;
	unsigned int _hash = cudaCalcGridHash(gridPos);
	unsigned int startIndex = cellstart[_hash];

	if (startIndex != 0xffffffff)
	{
		unsigned int endIndex = cellend[_hash];
		for (int j = startIndex; j != endIndex; j++)
		{
			float3 nb_pos = spos[j];
			float3 deltaPos = pos - nb_pos;
			
			if (length(deltaPos) <= para.h)
				_dens += para.mass * Poly6(deltaPos, para.h);
		}
	}

	return _dens;
}

__global__ void cudaCalcDensityPressure(float* dens, float *press, unsigned int* cellstart, unsigned int* cellend, float3* spos, unsigned int num_particles)
{
	int idx = blockDim.x*blockIdx.x + threadIdx.x;
	unsigned int stride = blockDim.x * gridDim.x;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		float3 _pos = spos[tid];

		float _dens = 0.0f;
		int3 gridPos = cudaCalcGridPos(_pos);

		for (int z = -1; z <= 1; z++)
		for (int y = -1; y <= 1; y++)
		for (int x = -1; x <= 1; x++)
		{
			int3 neighbour = gridPos + make_int3(x, y, z);

			if (neighbour.x >= 0 && neighbour.y >= 0 && neighbour.z >= 0)
				_dens += cudaAddDensity(tid, neighbour, _pos, cellstart, cellend, spos);
		}

		dens[tid] = _dens;
		press[tid] = para.k*(dens[tid] - para.restDens);
	}
}

__device__ float3 cudaAddForce(unsigned int tid, int3 gridPos, float3 pos, float3 vel, 
	float press, float* pre, unsigned int* cellstart, unsigned int* cellend, float3* spos, float3* svel, float* dens)
{
	float3 force = make_float3(0.0f, 0.0f, 0.0f);
	unsigned int _hash = cudaCalcGridHash(gridPos);
	unsigned int startIndex = cellstart[_hash];

	if (startIndex != 0xffffffff)
	{
		unsigned int endIndex = cellend[_hash];
		for (int j = startIndex; j != endIndex; j++)
		{
			float3 nb_pos = spos[j];
			float3 deltaPos = pos - nb_pos;
			
			if (length(deltaPos) <= para.h)
			{
				float3 nb_vel = svel[j];
				float nb_dens = dens[j];
				float nb_press = pre[j];
				
				float3 deltaVel = nb_vel - vel;

				/// Calculates the froce from the viscosity
				force += para.mu * para.mass * deltaVel / nb_dens * Visco(deltaPos, para.h);

				/// Calculates the force from the pressure
				force -= para.mass * (press + nb_press) / (2.0f * nb_dens) * Spiky(deltaPos, para.h);
			}
		}
	}

	return force;
}

__device__ void cudaUpdateProperties(unsigned int index, float3* spos, float3* svel, float3* force)
{
	svel[index] += force[index] * para.dt;
	spos[index] += svel[index] * para.dt;
}

__global__ void cudaCalcForce(float3* force, float3* spos, float3* svel, float3* vel, float* press,
	float* dens, unsigned int* index, unsigned int* cellstart, unsigned int* cellend, unsigned int num_particles)
{
	int idx = blockDim.x*blockIdx.x + threadIdx.x;
	unsigned int stride = blockDim.x * gridDim.x;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		float3 _pos = spos[tid];
		float3 _vel = svel[tid];
		float _press = press[tid];

		int3 gridPos = cudaCalcGridPos(_pos);

		float3 _force = make_float3(0.0f, 0.0f, 0.0f);

		for (int z = -1; z <= 1; z++)
		for (int y = -1; y <= 1; y++)
		for (int x = -1; x <= 1; x++)
		{
			int3 neighbour = gridPos + make_int3(x, y, z);
			if (neighbour.x >= 0 && neighbour.y >= 0 && neighbour.z >= 0)
			{
				_force += cudaAddForce(tid, neighbour, _pos, _vel, _press, press, cellstart, cellend, spos, svel, dens);
			}
		}

		unsigned int originalIndex = index[tid];

		force[originalIndex] = (_force + make_float3(0.0f, -9.8f, 0.0f) * para.mass) / para.mass;
		vel[originalIndex] = _vel;
	}
}

__global__ void cudaUpdateVelocityAndPosition(float3* pos, float3* vel, float3* force, unsigned int num_particles)
{
	int idx = blockDim.x*blockIdx.x + threadIdx.x;
	unsigned int stride = blockDim.x * gridDim.x;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		vel[tid] += force[tid] * para.dt;
		pos[tid] += vel[tid] * para.dt;
	}
}

/// This boundary setup generates waves, to avoid that the displacement should be lowered.
__global__ void cudaHandleBoundary(float3* pos, float3* vel, unsigned int num_particles)
{
	int idx = blockDim.x*blockIdx.x + threadIdx.x;
	unsigned int stride = blockDim.x * gridDim.x;

	float displacement = para.cellSize / 2.f;

	for(unsigned int tid = idx; tid < num_particles; tid += stride)
	{
		float x = pos[tid].x;
		float y = pos[tid].y;
		float z = pos[tid].z;

		if ( x > para.xmax)
		{
			pos[tid].x = x-displacement; 
			vel[tid].x = -vel[tid].x;
		}

		if ( x < para.xmin)
		{
			pos[tid].x = para.xmin + displacement; 
			vel[tid].x = -vel[tid].x;
		}

		if ( y > para.ymax)
		{
			pos[tid].y = y-displacement;
			vel[tid].y = -vel[tid].y;
		}

		if (y < para.ymin)
		{
			pos[tid].y = para.ymin + displacement;
			vel[tid].y = -vel[tid].y;
		}

		if (z > para.zmax)
		{
			pos[tid].z = z - displacement; 
			vel[tid].z = -vel[tid].z;
		}

		if (z < para.zmin)
		{
			pos[tid].z = para.zmin + displacement;
			vel[tid].z = -vel[tid].z;
		}
	}
}

#endif
