// tilelab kernel collection: CuSha's virtual warp-centric CSR kernel (the VWC baseline of its paper), SSSP
// Source:  https://github.com/farkhor/CuSha/blob/e753734098645d7e1ad103d6f7f6018cb085b7bf/csr_src/vwc_process.cu
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
//          (farkhor/CuSha, commit e753734: "CuSha: vertex-centric graph processing on GPUs", HPDC 2014)
// Kept: vwc_process.cu lines 5-81 (the kernel template VWC_CSR_GPU_kernel<VWSize, VWMask>), unchanged.
//       Removed: lines 2-3 (the repository's includes) and 83-153 (the host's vwc_process). Copied in, marked: common/globals.hpp lines 7-12 (GraphProcessingMethod),
//       user_specified_global_configurations.h lines 3-27 (its #define SSSP, as the repository ships it, and the
//       constants), user_specified_structures.h lines 6-46 (Vertex, Vertex_static, Edge) and
//       user_specified_device_functions.cuh lines 6-169 (the user functions), and the uint typedef glibc gives.
//       The launch is vwc_process's: <<<gridDimen, VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE>>>, virtual warps of 8.

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

// Virtual Warp-Centric (VWC) manner of processing graph using Compressed Sparse Row (CSR) representation format.
template < uint VWSize, uint VWMask >
__global__ void VWC_CSR_GPU_kernel(
		const uint num_of_vertices,
		const uint* edges_indices,
		const uint* vertices_indices,
		Vertex* VertexValue,
		Edge* EdgeValue,
		Vertex_static* VertexValue_static,
		int* dev_finished ) {

	__shared__ Vertex final_vertex_values[ VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE >> VWMask ];
	__shared__ Vertex thread_outcome[ VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE ];
	volatile __shared__ uint edges_starting_address[ VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE >> VWMask ];
	volatile __shared__ uint ngbrs_size[ VWC_COMPILE_TIME_DEFINED_BLOCK_SIZE >> VWMask ];
	Vertex previous_vertex_value;

	// You might gain some performance if you limit maximum number of registers per thread with -maxrregcount flag. For example, specifying 32 for the Kepler architecture.
	const uint warp_in_block_offset = threadIdx.x >> VWMask;
	const uint VLane_id = threadIdx.x & (VWSize-1);
	const uint t_id = threadIdx.x + blockIdx.x * blockDim.x;
	const uint VW_id = t_id >> VWMask;
	if( VW_id >= num_of_vertices )
		return;

	previous_vertex_value = VertexValue[ VW_id ];
	// Only one virtual lane in the virtual warp does vertex initialization.
	if( VLane_id == 0 ) {
		edges_starting_address[ warp_in_block_offset ] = vertices_indices[ VW_id ];
		ngbrs_size[ warp_in_block_offset ] = vertices_indices[ VW_id + 1 ] - edges_starting_address[ warp_in_block_offset ] ;
		init_compute( final_vertex_values + warp_in_block_offset, &previous_vertex_value );
	}

	for( uint index = VLane_id; index < ngbrs_size[ warp_in_block_offset ]; index += VWSize ) {

		uint target_edge = edges_starting_address[ warp_in_block_offset ] + index;
		uint target_vertex = edges_indices[ target_edge ];
		compute_local(
				VertexValue[target_vertex],
				VertexValue_static + target_vertex,
				EdgeValue + target_edge,
				thread_outcome + threadIdx.x,
				final_vertex_values + warp_in_block_offset );

		// Parallel Reduction. Totally unrolled.
		if( VWSize == 32 )
			if( VLane_id < 16 )
				if( (index + 16) < ngbrs_size[ warp_in_block_offset ])
					compute_reduce( thread_outcome + threadIdx.x, thread_outcome + threadIdx.x + 16 );
		if( VWSize >= 16 )
			if( VLane_id < 8 )
				if( (index + 8) < ngbrs_size[ warp_in_block_offset ])
					compute_reduce( thread_outcome + threadIdx.x, thread_outcome + threadIdx.x + 8 );
		if( VWSize >= 8 )
			if( VLane_id < 4 )
				if( (index + 4) < ngbrs_size[ warp_in_block_offset ])
					compute_reduce( thread_outcome + threadIdx.x, thread_outcome + threadIdx.x + 4 );
		if( VWSize >= 4 )
			if( VLane_id < 2 )
				if( (index + 2) < ngbrs_size[ warp_in_block_offset ])
					compute_reduce( thread_outcome + threadIdx.x, thread_outcome + threadIdx.x + 2 );
		if( VWSize >= 2 )
			if( VLane_id < 1 ) {
				if( (index + 1) < ngbrs_size[ warp_in_block_offset ])
					compute_reduce( thread_outcome + threadIdx.x, thread_outcome + threadIdx.x + 1 );
				compute_reduce( final_vertex_values + warp_in_block_offset, thread_outcome + threadIdx.x );	//	Virtual lane 0 saves the final value of current iteration.
			}

	}

	if( VLane_id == 0 )
		if( update_condition ( final_vertex_values + warp_in_block_offset, &previous_vertex_value  ) ) {
			(*dev_finished) = 1;
			VertexValue[ VW_id ] = final_vertex_values[ warp_in_block_offset ];
		}

}
