// tilelab kernel collection: CuSha's shard-based graph processing kernel (G-Shards and Concatenated Windows), SSSP
// Source:  https://github.com/farkhor/CuSha/blob/e753734098645d7e1ad103d6f7f6018cb085b7bf/cusha_src/cusha_process.cu
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
//          (farkhor/CuSha, commit e753734: "CuSha: vertex-centric graph processing on GPUs", HPDC 2014)
// Kept: cusha_process.cu lines 4-112 (the kernel template CuSha_GPU_kernel<GraphProcessingMethod>), unchanged.
//       Removed: lines 1-2 (the repository's includes) and 114-168 (the host's cusha_process). Copied in, marked: common/globals.hpp lines 7-12 (GraphProcessingMethod),
//       user_specified_global_configurations.h lines 3-27 (its #define SSSP, as the repository ships it, and the
//       constants), user_specified_structures.h lines 6-46 (Vertex, Vertex_static, Edge) and
//       user_specified_device_functions.cuh lines 6-169 (the user functions), and the uint typedef glibc gives.
//       The launches are cusha_process's: <<<nShards, blockSize, N * sizeof(Vertex)>>>, one for CW, one for GS.

/*
 * The MIT License (MIT)
 *
 * Copyright (c) 2014 Farzad Khorasani
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
 * SOFTWARE. */

// ---- the uint typedef glibc's <sys/types.h> gives CuSha's sources through common/globals.hpp's <stdlib.h> ----
typedef unsigned int uint;
// ---- copied from CuSha's common/globals.hpp, lines 7-12 ----
enum GraphProcessingMethod {
	UNSPECIFIED = 0,
	CW,		// Concatenated Windows (CW) method
	GS,		// G-Shards method
	VWC		// Virtual Warp-Centric method
};
// ---- copied from CuSha's common/user_specified_global_configurations.h, lines 3-27 ----
///////////////////////////////////////////////

#define VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE 256

/*********************************************
 * Sample algorithm templates. Uncomment whichever (only the one) you want to use.
 *********************************************/

//#define BFS
#define SSSP
//#define PR

/*********************************************
 * User's Compile-time constant definitions.
 *********************************************/

#define BFS_INF 1073741824

#define SSSP_INF 1073741824

#define PR_INITIAL_VALUE 0.0f
#define PR_DAMPING_FACTOR 0.85f
#define PR_TOLERANCE 0.005f

///////////////////////////////////////////////
// ---- copied from CuSha's common/user_specified_structures.h, lines 6-46 ----
/**************************************
 *  STRUCTURES
 **************************************/


// Vertex structure.
struct Vertex{

#ifdef BFS
	unsigned int distance;
#endif

#ifdef SSSP
	unsigned int distance;
#endif

#ifdef PR
	float rank;
#endif

};

// Vertex_static structure. Those properties of the vertex that remain constant during processing should be declared here.
typedef struct Vertex_static{

#ifdef PR
	unsigned int NbrsNum;
#endif

}Vertex_static;

// Edge structure.
struct Edge{

#ifdef SSSP
	unsigned int weight;
#endif

};


// ---- copied from CuSha's common/user_specified_device_functions.cuh, lines 6-169 ----


/*************************************************
 * PROCESSING FUNCTIONS FOR SHARD-BASED METHODS.
 *************************************************/

// At every iteration, you need to initialize shared memory with vertices.
// This function is executed for each and every vertex.
inline __device__ void init_compute_CuSha(
		Vertex* local_V,	// Address of the corresponding vertex in shared memory.
		Vertex* V	) {	// Address of the vertex in global memory

#ifdef BFS
	local_V->distance = V->distance;
#endif

#ifdef SSSP
	local_V->distance = V->distance;
#endif

#ifdef PR
	local_V->rank = 0;
#endif

}

// This function is executed for every edge in the shard.
// Since multiple threads may access same shared memory address at the same time, it (usually) has to be implemented with atomics.
inline __device__ void compute_CuSha(
		Vertex SrcV,	// Source vertex.
		const Vertex_static* SrcV_static,	// Source Vertex_static in global memory. Dereferencing this pointer if it's not defined causes run-time error.
		const Edge* E,	// Edge content for the entry. Dereferencing this pointer if it's not defined creates run-time error.
		Vertex* local_V	) {	// Current value of the corresponding (destination) vertex in the shared memory.

#ifdef BFS
	if( SrcV.distance != BFS_INF )	// Just to prevent possible unpredicted overflows.
		atomicMin( &(local_V->distance), SrcV.distance + 1 );
#endif

#ifdef SSSP
	if (SrcV.distance != SSSP_INF)	// Just to prevent possible unpredicted overflows.
		atomicMin( &(local_V->distance), SrcV.distance + E->weight );
#endif

#ifdef PR
	unsigned int nbrsNum = SrcV_static->NbrsNum;
	if ( nbrsNum != 0 )
		atomicAdd( &(local_V->rank), SrcV.rank / nbrsNum );
#endif

}

// Below function signals the caller (and consequently the host) if the vertex content should be replaced with the newly calculated value.
// It is executed for every vertex assigned to the shard.
inline __device__ bool update_condition_CuSha(
		Vertex* local_V,	// newly calculated vertex content.
		Vertex* V	) {	// Vertex content at the end of previous iteration.

#ifdef BFS
	return ( local_V->distance < V->distance );
#endif

#ifdef SSSP
	return ( local_V->distance < V->distance );
#endif

#ifdef PR
	local_V->rank = (1-PR_DAMPING_FACTOR) + local_V->rank*PR_DAMPING_FACTOR;
	return ( fabs( local_V->rank - V->rank ) > PR_TOLERANCE );
#endif

}



/*************************************************
 * PROCESSING FUNCTIONS FOR CSR-BASED METHODS.
 *************************************************/

// At every iteration, you need to initialize shared memory with vertices.
// This function is executed for each and every vertex.
inline __host__ __device__ void init_compute(
		volatile Vertex* local_V,	// Address of the corresponding vertex in shared memory.
		Vertex* V	) {	// Address of the previous version of the vertex.

#ifdef BFS
	local_V->distance = V->distance;
#endif

#ifdef SSSP
	local_V->distance = V->distance;
#endif

#ifdef PR
	local_V->rank = 0;
#endif

}

// In below, each thread computes a result based on edge data and writes to its own specific shared memory.
// This function is executed for each and every edge.
inline __host__ __device__ void compute_local(
		Vertex SrcV,	// Source vertex in global memory.
		const Vertex_static* SrcV_static,	// Source Vertex_static in global memory. Dereferencing this pointer if it's not defined causes error.
		const Edge* E,	// Edge in global memory. Dereferencing this pointer if it's not defined cause error.
		volatile Vertex* thread_V_in_shared,	// Thread's specific shared memory region to store the result of the local computation.
		Vertex* refV	) {	// Value of the corresponding (destination) vertex inside shared memory.

#ifdef BFS
	thread_V_in_shared->distance = SrcV.distance + 1;
#endif

#ifdef SSSP
	thread_V_in_shared->distance = SrcV.distance + E->weight;
#endif

#ifdef PR
	unsigned int nbrsNum = SrcV_static->NbrsNum;
	thread_V_in_shared->rank = ( nbrsNum != 0 ) ? ( SrcV.rank / nbrsNum ) : 0;
#endif

}

// Reduction function that is performed for every pair of neighbors of a vertex.
inline __host__ __device__ void compute_reduce(
		volatile Vertex* thread_V_in_shared,
		Vertex* next_thread_V_in_shared	) {

#ifdef BFS
	if ( thread_V_in_shared->distance > next_thread_V_in_shared->distance )
		thread_V_in_shared->distance = next_thread_V_in_shared->distance;
#endif

#ifdef SSSP
	if ( thread_V_in_shared->distance > next_thread_V_in_shared->distance)
		thread_V_in_shared->distance = next_thread_V_in_shared->distance;
#endif

#ifdef PR
	thread_V_in_shared->rank += next_thread_V_in_shared->rank;
#endif

}

// Below function signals the caller (and consequently the host) if the vertex content should be replaced with the newly calculated value.
// This function is performed by one virtual lane in the virtual warp.
inline __host__ __device__ bool update_condition (	volatile Vertex* computed_V,
		Vertex* previous_V	) {

#ifdef BFS
	return ( computed_V->distance < previous_V->distance );
#endif

#ifdef SSSP
	return ( computed_V->distance < previous_V->distance );
#endif

#ifdef PR
	computed_V->rank = (1-PR_DAMPING_FACTOR) + computed_V->rank * PR_DAMPING_FACTOR;	// Or you can replace this expression by fused multiply-add.
	return ( fabs( computed_V->rank - previous_V->rank) > PR_TOLERANCE );
#endif

}

// ---- end of the lines from CuSha's common/ headers ----

template <GraphProcessingMethod procesingMethod>
__global__ void CuSha_GPU_kernel(
		const uint nShards,
		const uint N, // Maximum number of vertices assigned to a shard.
		const uint* SrcIndex,
		const uint* DestIndex,
		Vertex* SrcValue,
		Vertex* VertexValues,
		const Edge* EdgeValue,
		const Vertex_static* SrcValue_static,
		int* finishedProcessing,
		const uint* shardSizesScan,
		const uint* concatenatedWindowsSizesScan,	// For CW.
		const uint* windowSizesScansVertical,	// For GS.
		const uint* Mapper = NULL ) {	// Used only when processing method is CW.

	extern __shared__ Vertex localVertices[];

	// Shard index is determined by blockIdx.x.
	uint shardOffset = blockIdx.x * N;
	uint shardStartingAddress = shardSizesScan[ blockIdx.x ];
	uint shardEndingAddress = shardSizesScan[ blockIdx.x + 1 ];
	Vertex* shardVertexValues = VertexValues + shardOffset;

	/* 1st stage */
	// Initialize block vertices residing in shared memory.
	for( 	uint vertexID = threadIdx.x;
			vertexID < N;
			vertexID += blockDim.x ) {
		init_compute_CuSha( localVertices + vertexID, shardVertexValues + vertexID );
	}

	/* 2nd stage */
	// Consecutive entries of shard are processed by consecutive threads.
	__syncthreads();
	for( 	uint EntryAddress = shardStartingAddress + threadIdx.x;
			EntryAddress < shardEndingAddress;
			EntryAddress += blockDim.x ) {

		compute_CuSha(	SrcValue[ EntryAddress ],
						SrcValue_static + EntryAddress,
						EdgeValue + EntryAddress,
						localVertices + ( DestIndex[ EntryAddress ] - shardOffset ) );

	}


	/* 3rd stage */
	// Check if any update has happened.
	__syncthreads();
	int flag = false;
	for( 	uint vertexID = threadIdx.x;
			vertexID < N;
			vertexID += blockDim.x	) {

		if( update_condition_CuSha( localVertices + vertexID, shardVertexValues + vertexID ) ) {
			flag = true;
			shardVertexValues[ vertexID ] = localVertices[ vertexID ];
		}

	}


	/* 4th stage */
	// If any vertex has been updated during processing, update shard's corresponding windows.
	if( __syncthreads_or( flag ) ) {	// Requires (CC>=2.0).

		if( procesingMethod == CW ) {

			uint shardCWStartingAddress = concatenatedWindowsSizesScan[ blockIdx.x ];
			uint shardCWEndingAddress = concatenatedWindowsSizesScan[ blockIdx.x + 1 ];
			for( 	uint EntryAddress = shardCWStartingAddress + threadIdx.x;
					EntryAddress < shardCWEndingAddress;
					EntryAddress += blockDim.x	) {

					SrcValue[ Mapper[ EntryAddress ] ] = localVertices[ SrcIndex[ EntryAddress ] - shardOffset ];

			}

		}
		else {	//GS

			// Each warp in the block updates one specific window in one specific shard.
			for( 	uint targetShardIndex = threadIdx.x / warpSize;	//	threadIdx.x >> 5
					targetShardIndex < nShards;
					targetShardIndex += ( blockDim.x / warpSize ) ) {	//	blockDim.x >> 5

				uint targetWindowStartingAddress = windowSizesScansVertical[ targetShardIndex * nShards + blockIdx.x ];
				uint targetWindowEndingAddress = windowSizesScansVertical[ targetShardIndex * nShards + blockIdx.x + 1 ];
				// Threads of warp update window entries in parallel.
				for( 	uint windowEntry = targetWindowStartingAddress + ( threadIdx.x & ( warpSize - 1 ) );
						windowEntry < targetWindowEndingAddress;
						windowEntry += warpSize ) {

					SrcValue[ windowEntry ] = localVertices[ SrcIndex[ windowEntry ] - shardOffset ];

				}

			}

		}

		// Signal the host to launch a new kernel.
		if( threadIdx.x == 0 )
			(*finishedProcessing) = 1;

	}

}
