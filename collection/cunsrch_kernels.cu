// Collection file: from InteractiveComputerGraphics/cuNSearch (cuNSearch, the CUDA fixed-radius neighbour search of
// Hoetzlein's Fluids v3 grid as reworked for SPlisHSPlasH: particles binned into a uniform grid whose cells are
// numbered by 8x8x8 Morton-ordered meta cells, a counting sort, then per-particle counts and neighbour lists).
// Source:  https://github.com/InteractiveComputerGraphics/cuNSearch/blob/4dd5598824bb7dfceae86d89758a6be74e7a9ac4/src/cuNSearchKernels.cu
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: lines 5-233 (the defines, the __device__ cell-index helpers and the six __global__ kernels, unchanged).
// Removed: lines 1-4 (the includes of cuNSearchKernels.cuh, Types.h, helper_mortonCode.h, helper_linearIndex.h:
// the lines of them the device code uses are copied in below, marked).
//
// The MIT License (MIT)
//
// Copyright (c) 2019-present, cuNSearch contributors
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//

#include <cuda_runtime.h>

// ---- copied from include/Common.h, lines 4-16
namespace cuNSearch
{
	typedef unsigned long long ulong;
	typedef unsigned short ushort;
	typedef unsigned int uint;
	typedef unsigned char byte;

#ifdef CUNSEARCH_USE_DOUBLE_PRECISION
	using Real = double;
#else
	using Real = float;
#endif
}
// ---- copied from src/Types.h, lines 12-101 (lines 4-10, a #pragma message printing CUDA_VERSION and the
// ---- <cuda.h> / <cuda_runtime.h> includes, left out)
#define CUDA_METHOD __host__ __device__

namespace cuNSearch
{
	#ifdef CUNSEARCH_USE_DOUBLE_PRECISION
	using Real3 = double3;
	#define Real3(x, y, z) make_double3(x, y, z)
	#else
	using Real3 = float3;
	#define Real3(x, y, z) make_float3(x, y, z)
	#endif

	using UInt3 = uint3;
	#define UInt3(x, y, z) make_uint3(x, y, z)
	using Int3 = int3;
	#define Int3(x, y, z) make_int3(x, y, z)

	inline CUDA_METHOD Real3 operator*(Real3 left, Real3 right)
	{
		return Real3(left.x * right.x, left.y * right.y, left.z * right.z);
	}

	inline CUDA_METHOD Real3 operator*(Int3 left, Real3 right)
	{
		return Real3(left.x * right.x, left.y * right.y, left.z * right.z);
	}

	inline CUDA_METHOD Real3 operator*(Real3 left, Int3 right)
	{
		return Real3(left.x * right.x, left.y * right.y, left.z * right.z);
	}

	inline CUDA_METHOD Real3 operator*(Real3 left, Real right)
	{
		return Real3(left.x * right, left.y * right, left.z * right);
	}

	inline CUDA_METHOD Real3 operator*(Real left, Real3 right)
	{
		return Real3(left * right.x, left * right.y, left * right.z);
	}




	inline CUDA_METHOD Real3 operator-(Real3 left, Real3 right)
	{
		return Real3(left.x - right.x, left.y - right.y, left.z - right.z);
	}
	inline CUDA_METHOD Real3 operator+(Real3 left, Real3 right)
	{
		return Real3(left.x + right.x, left.y + right.y, left.z + right.z);
	}

	inline CUDA_METHOD Int3 operator+(Int3 left, Int3 right)
	{
		return Int3(left.x + right.x, left.y + right.y, left.z + right.z);
	}

	inline CUDA_METHOD UInt3 operator+(UInt3 left, UInt3 right)
	{
		return UInt3(left.x + right.x, left.y + right.y, left.z + right.z);
	}


	inline CUDA_METHOD Int3 operator*(Int3 left, int right)
	{
		return Int3(left.x * right, left.y * right, left.z * right);
	}

	inline CUDA_METHOD Int3 operator*(int left, Int3 right)
	{
		return Int3(left * right.x, left * right.y, left * right.z);
	}


	inline CUDA_METHOD void operator-=(Real3 &a, Real3 b)
	{
		a.x -= b.x;
		a.y -= b.y;
		a.z -= b.z;
	}
}

namespace cuNSearch
{
	using Int3 = Int3;
	using UInt3 = UInt3;
	using Real3 = Real3;
}
// ---- copied from src/GridInfo.h, lines 4-15
namespace cuNSearch
{
	struct GridInfo
	{
		cuNSearch::Real3 GridMin;
		uint ParticleCount;
		cuNSearch::Real3 GridDelta;
		UInt3 GridDimension;
		UInt3 MetaGridDimension;
		float SquaredSearchRadius;
	};
}
// ---- copied from src/cuNSearchKernels.cuh, lines 6-12
#define CUDA_MAX_NEIGHBORS 70
#define CUDA_META_GRID_GROUP_SIZE 8
#define CUDA_META_GRID_BLOCK_SIZE (CUDA_META_GRID_GROUP_SIZE*CUDA_META_GRID_GROUP_SIZE*CUDA_META_GRID_GROUP_SIZE)

typedef unsigned int uint;
typedef unsigned char byte;
using namespace cuNSearch;

// ---- copied from src/helper_mortonCode.h, lines 5-93
//https://fgiesen.wordpress.com/2009/12/13/decoding-morton-codes/
// "Insert" a 0 bit after each of the 16 low bits of x
__host__ __device__ inline uint Part1By1(uint x)
{
	x &= 0x0000ffff;                  // x = ---- ---- ---- ---- fedc ba98 7654 3210
	x = (x ^ (x << 8)) & 0x00ff00ff; // x = ---- ---- fedc ba98 ---- ---- 7654 3210
	x = (x ^ (x << 4)) & 0x0f0f0f0f; // x = ---- fedc ---- ba98 ---- 7654 ---- 3210
	x = (x ^ (x << 2)) & 0x33333333; // x = --fe --dc --ba --98 --76 --54 --32 --10
	x = (x ^ (x << 1)) & 0x55555555; // x = -f-e -d-c -b-a -9-8 -7-6 -5-4 -3-2 -1-0
	return x;
}

// "Insert" two 0 bits after each of the 10 low bits of x
__host__ __device__ inline uint Part1By2(uint x)
{
	x &= 0x000003ff;                  // x = ---- ---- ---- ---- ---- --98 7654 3210
	x = (x ^ (x << 16)) & 0xff0000ff; // x = ---- --98 ---- ---- ---- ---- 7654 3210
	x = (x ^ (x << 8)) & 0x0300f00f; // x = ---- --98 ---- ---- 7654 ---- ---- 3210
	x = (x ^ (x << 4)) & 0x030c30c3; // x = ---- --98 ---- 76-- --54 ---- 32-- --10
	x = (x ^ (x << 2)) & 0x09249249; // x = ---- 9--8 --7- -6-- 5--4 --3- -2-- 1--0
	return x;
}

__host__ __device__ inline uint MortonCode3(uint x, uint y, uint z)
{
	return (Part1By2(z) << 2) + (Part1By2(y) << 1) + Part1By2(x);
}

// Inverse of Part1By1 - "delete" all odd-indexed bits
__host__ __device__ inline uint Compact1By1(uint x)
{
	x &= 0x55555555;                  // x = -f-e -d-c -b-a -9-8 -7-6 -5-4 -3-2 -1-0
	x = (x ^ (x >> 1)) & 0x33333333; // x = --fe --dc --ba --98 --76 --54 --32 --10
	x = (x ^ (x >> 2)) & 0x0f0f0f0f; // x = ---- fedc ---- ba98 ---- 7654 ---- 3210
	x = (x ^ (x >> 4)) & 0x00ff00ff; // x = ---- ---- fedc ba98 ---- ---- 7654 3210
	x = (x ^ (x >> 8)) & 0x0000ffff; // x = ---- ---- ---- ---- fedc ba98 7654 3210
	return x;
}

// Inverse of Part1By2 - "delete" all bits not at positions divisible by 3
__host__ __device__ inline uint Compact1By2(uint x)
{
	x &= 0x09249249;                  // x = ---- 9--8 --7- -6-- 5--4 --3- -2-- 1--0
	x = (x ^ (x >> 2)) & 0x030c30c3; // x = ---- --98 ---- 76-- --54 ---- 32-- --10
	x = (x ^ (x >> 4)) & 0x0300f00f; // x = ---- --98 ---- ---- 7654 ---- ---- 3210
	x = (x ^ (x >> 8)) & 0xff0000ff; // x = ---- --98 ---- ---- ---- ---- 7654 3210
	x = (x ^ (x >> 16)) & 0x000003ff; // x = ---- ---- ---- ---- ---- --98 7654 3210
	return x;
}

__host__ __device__ inline uint DecodeMorton2X(uint code)
{
	return Compact1By1(code >> 0);
}

__host__ __device__ inline uint DecodeMorton2Y(uint code)
{
	return Compact1By1(code >> 1);
}

__host__ __device__ inline uint DecodeMorton3X(uint code)
{
	return Compact1By2(code >> 0);
}

__host__ __device__ inline uint DecodeMorton3Y(uint code)
{
	return Compact1By2(code >> 1);
}

__host__ __device__ inline uint DecodeMorton3Z(uint code)
{
	return Compact1By2(code >> 2);
}
__host__ __device__ inline UInt3 MortonCodeToIndex3(uint mortonCode)
{
	UInt3 xyz;
	xyz.x = DecodeMorton3X(mortonCode);
	xyz.y = DecodeMorton3Y(mortonCode);
	xyz.z = DecodeMorton3Z(mortonCode);
	return xyz;
}
__host__ __device__ inline Int3 MortonCodeToIndexInt3(uint mortonCode)
{
	Int3 xyz;
	xyz.x = (int)DecodeMorton3X(mortonCode);
	xyz.y = (int)DecodeMorton3Y(mortonCode);
	xyz.z = (int)DecodeMorton3Z(mortonCode);
	return xyz;
}
// ---- copied from src/helper_linearIndex.h, lines 5-51
__host__ __device__ inline uint CellIndicesToLinearIndex(
	UInt3 &cellDimensions, 
	UInt3 &xyz
)
{
	return xyz.z * cellDimensions.y * cellDimensions.x + xyz.y * cellDimensions.x + xyz.x;
}

__host__ __device__ inline uint CellIndicesToLinearIndex(
	const UInt3&cellDimensions, 
	Int3 &xyz
)
{
	return xyz.z * cellDimensions.y * cellDimensions.x + xyz.y * cellDimensions.x + xyz.x;
}

__host__ __device__ inline void LinearCellIndexTo3DIndices(
	const UInt3 &cellDimensions,
	const uint linearIndex,
	UInt3 &xyz
)
{
	xyz.z = linearIndex / (cellDimensions.y * cellDimensions.x);
	xyz.y = (linearIndex % (cellDimensions.y * cellDimensions.x)) / (cellDimensions.x);
	xyz.x = (linearIndex % (cellDimensions.y * cellDimensions.x)) % cellDimensions.x;
}

__host__ __device__ inline UInt3 LinearCellIndexTo3DIndices(
	const UInt3 &cellDimensions,
	const uint linearIndex)
{
	UInt3 xyz;
	xyz.z = linearIndex / (cellDimensions.y * cellDimensions.x);
	xyz.y = (linearIndex % (cellDimensions.y * cellDimensions.x)) / (cellDimensions.x);
	xyz.x = (linearIndex % (cellDimensions.y * cellDimensions.x)) % cellDimensions.x;
	return xyz;
}

__host__ __device__ inline Int3 LinearCellIndexTo3DIndicesInt3(
	const UInt3 &cellDimensions, 
	const uint &linearIndex)
{
	Int3 xyz;
	xyz.z = linearIndex / (cellDimensions.y * cellDimensions.x);
	xyz.y = (linearIndex % (cellDimensions.y * cellDimensions.x)) / (cellDimensions.x);
	xyz.x = (linearIndex % (cellDimensions.y * cellDimensions.x)) % cellDimensions.x;
	return xyz;
}// ---- end of the copied lines


#define INT16_RANGE 32767
#define UPDATE_REF_OFFSET -32768

#pragma region HelperMethods
inline __device__ uint ToCellIndex_MortonMetaGrid(const GridInfo &GridInfo, Int3 gridCell)
{
	Int3 metaGridCell = Int3(
		gridCell.x / CUDA_META_GRID_GROUP_SIZE,
		gridCell.y / CUDA_META_GRID_GROUP_SIZE,
		gridCell.z / CUDA_META_GRID_GROUP_SIZE);
	gridCell.x %= CUDA_META_GRID_GROUP_SIZE;
	gridCell.y %= CUDA_META_GRID_GROUP_SIZE;
	gridCell.z %= CUDA_META_GRID_GROUP_SIZE;
	uint metaGridIndex = CellIndicesToLinearIndex(GridInfo.MetaGridDimension, metaGridCell);
	return metaGridIndex * CUDA_META_GRID_BLOCK_SIZE + MortonCode3(gridCell.x, gridCell.y, gridCell.z);
}

inline __device__ Int3 ToGridCell_MortonMetaGrid(const GridInfo &GridInfo, uint &cellIndex)
{
	uint metaGridIndex = cellIndex / CUDA_META_GRID_BLOCK_SIZE;
	Int3 gridCell = MortonCodeToIndexInt3(cellIndex % CUDA_META_GRID_BLOCK_SIZE) + LinearCellIndexTo3DIndicesInt3(GridInfo.MetaGridDimension, metaGridIndex) * CUDA_META_GRID_GROUP_SIZE;
	return gridCell;
}

inline __device__ uint ToCellIndex(const GridInfo &GridInfo, Int3 gridCell)
{
	return CellIndicesToLinearIndex(GridInfo.GridDimension, gridCell);
}

inline __device__ Int3 ToGridCell(const GridInfo &GridInfo, const uint &cellIndex)
{
	return LinearCellIndexTo3DIndicesInt3(GridInfo.GridDimension, cellIndex);
}
#pragma endregion HelperMethods

__global__ void kComputeMinMax(
	const Real3 *particles,
	uint particleCount,
	float searchRadius,
	Int3 *minCell,
	Int3 *maxCell
)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= particleCount) return;
	const Real3 particle = particles[particleIndex];

	Int3 cell;
	cell.x = (int)floor(particle.x / searchRadius);
	cell.y = (int)floor(particle.y / searchRadius);
	cell.z = (int)floor(particle.z / searchRadius);

	atomicMin(&(minCell->x), cell.x);
	atomicMin(&(minCell->y), cell.y);
	atomicMin(&(minCell->z), cell.z);

	atomicMax(&(maxCell->x), cell.x);
	atomicMax(&(maxCell->y), cell.y);
	atomicMax(&(maxCell->z), cell.z);

	//printf("%d %d %d Min: %d %d %d Max: %d %d %d \n", cell.x, cell.y, cell.z, minCell->x, minCell->y, minCell->z, maxCell->x, maxCell->y, maxCell->z);
}


#pragma region kInsertParticles
__global__ void kInsertParticles(
	const GridInfo GridInfo,
	const Real3 *particles,
	uint *particleCellIndices,
	uint *cellParticleCounts,
	uint *sortIndices
)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= GridInfo.ParticleCount) return;

	Real3 gridCellF = (particles[particleIndex] - GridInfo.GridMin) * GridInfo.GridDelta;
	Int3 gridCell = Int3(int(gridCellF.x), int(gridCellF.y), int(gridCellF.z));
	uint cellIndex = ToCellIndex(GridInfo, gridCell);
	particleCellIndices[particleIndex] = cellIndex;
	sortIndices[particleIndex] = atomicAdd(&cellParticleCounts[cellIndex], 1);
}

__global__ void kInsertParticles_Morton(
	const GridInfo GridInfo,
	const Real3 *particles,
	uint *particleCellIndices,
	uint *cellParticleCounts,
	uint *sortIndices
)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= GridInfo.ParticleCount) return;

	Real3 gridCellF = (particles[particleIndex] - GridInfo.GridMin) * GridInfo.GridDelta;
	Int3 gridCell = Int3(int(gridCellF.x), int(gridCellF.y), int(gridCellF.z));
	uint cellIndex = ToCellIndex_MortonMetaGrid(GridInfo, gridCell);
	particleCellIndices[particleIndex] = cellIndex;
	sortIndices[particleIndex] = atomicAdd(&cellParticleCounts[cellIndex], 1);
}
#pragma endregion kInsertParticles

__global__ void kCountingSortIndices(
	const GridInfo GridInfo,
	const uint *particleCellIndices,
	const uint *cellOffsets,
	const uint *sortIndicesSrc,
	uint *sortIndicesDest
)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= GridInfo.ParticleCount) return;

	uint gridCellIndex = particleCellIndices[particleIndex];

	uint sortIndex = sortIndicesSrc[particleIndex] + cellOffsets[gridCellIndex];
	sortIndicesDest[sortIndex] = particleIndex;
}

__global__ void kComputeCounts(
	const Real3 *queryPoints,
	const uint queryPointCount,

	const GridInfo GridInfo,
	const Real3 *particles,
	const uint *cellOffsets,
	const uint *cellParticleCounts,
	uint *neighborCounts,
	const uint *reversedSortIndices
)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= queryPointCount) return;
	const Real3 particle = queryPoints[particleIndex];
	Real3 gridCellF = (particle - GridInfo.GridMin) * GridInfo.GridDelta;

	Int3 coord = Int3(int(floor(gridCellF.x)), int(floor(gridCellF.y)), int(floor(gridCellF.z)));

	uint neighborCount = 0;
	for (int z = -1; z < 2; z++)
		for (int y = -1; y < 2; y++)
			for (int x = -1; x < 2; x++)
			{
				Int3 finalCoord = coord + Int3(x, y, z);

				if (finalCoord.x < 0 || finalCoord.y < 0 || finalCoord.z < 0
					|| finalCoord.x >= GridInfo.GridDimension.x || finalCoord.y >= GridInfo.GridDimension.y || finalCoord.z >= GridInfo.GridDimension.z)
					continue;

				uint neighborCellIndex = ToCellIndex_MortonMetaGrid(GridInfo, finalCoord);
				uint neighborCellCount = cellParticleCounts[neighborCellIndex];
				uint neighborCellStart = cellOffsets[neighborCellIndex];

				for (uint i = neighborCellStart; i < neighborCellStart + neighborCellCount; i++)
				{
					uint &neighborIndex = i;
					Real3 diff = particles[reversedSortIndices[neighborIndex]] - particle;
					float squaredDistance = diff.x * diff.x + diff.y * diff.y + diff.z * diff.z;
					if (squaredDistance < GridInfo.SquaredSearchRadius && squaredDistance > 0.0)
					{
						neighborCount++;
					}

					if (neighborCount == CUDA_MAX_NEIGHBORS)
					{
						neighborCounts[particleIndex] = neighborCount;
						return;
					}
				}
			}

	neighborCounts[particleIndex] = neighborCount;
}


__global__ void kNeighborhoodQueryWithCounts(
	const Real3 *queryPoints,
	const uint queryPointCount,

	const GridInfo GridInfo,
	const Real3 *particles,
	const uint *cellOffsets,
	const uint *cellParticleCounts,
	const uint *neighborWriteOffsets,
	uint *neighbors,
	const uint *reversedSortIndices)
{
	uint particleIndex = blockIdx.x * blockDim.x + threadIdx.x;
	if (particleIndex >= queryPointCount) return;
	const Real3 particle = queryPoints[particleIndex];
	Real3 gridCellF = (particle - GridInfo.GridMin) * GridInfo.GridDelta;

	Int3 coord = Int3(int(floor(gridCellF.x)), int(floor(gridCellF.y)), int(floor(gridCellF.z)));

	uint neighborCount = 0;
	const uint writeOffset = neighborWriteOffsets[particleIndex];

	for (int z = -1; z < 2; z++)
		for (int y = -1; y < 2; y++)
			for (int x = -1; x < 2; x++)
			{
				Int3 finalCoord = coord + Int3(x, y, z);

				if (finalCoord.x < 0 || finalCoord.y < 0 || finalCoord.z < 0
					|| finalCoord.x >= GridInfo.GridDimension.x || finalCoord.y >= GridInfo.GridDimension.y || finalCoord.z >= GridInfo.GridDimension.z)
					continue;

				uint neighborCellIndex = ToCellIndex_MortonMetaGrid(GridInfo, finalCoord);
				uint neighborCellCount = cellParticleCounts[neighborCellIndex];
				uint neighborCellStart = cellOffsets[neighborCellIndex];

				for (uint i = neighborCellStart; i < neighborCellStart + neighborCellCount; i++)
				{
					uint &neighborIndex = i;
					Real3 diff = particles[reversedSortIndices[neighborIndex]] - particle;
					float squaredDistance = diff.x * diff.x + diff.y * diff.y + diff.z * diff.z;
					if (squaredDistance < GridInfo.SquaredSearchRadius && squaredDistance > 0.0)
					{
						neighbors[writeOffset + neighborCount] = reversedSortIndices[neighborIndex];
						neighborCount++;
					}

					if (neighborCount == CUDA_MAX_NEIGHBORS)
					{
						return;
					}
				}
			}
}