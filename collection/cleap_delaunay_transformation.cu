// tilelab kernel collection: cleap's Delaunay transformation by parallel edge flips (crinavar/cleap: each edge a thread, the angle test, triangle reservation with atomicExch, the flip; then the repair of the edges whose triangles changed)
// Source:  https://github.com/crinavar/cleap/blob/eb62ad0b6e24baf389a76565dca74bf173e6039b/src/cleap_kernel_delaunay_transformation.cu
//          (crinavar/cleap, commit eb62ad0)
// Licence: GPL-3.0-or-later (the file's notice, kept below; the repository's COPYING is the GPL v3 and its README says
//          "cleap is open source and has GPL v3 license"). This file stays under the GPL.
// Kept, unchanged: lines 1-202 (the whole file: cleap_kernel_exclusion_processing_2d, _3d, cleap_kernel_repair and
//       cleap_kernel_exclusion_processing_2d_debug), the lines copied in below placed between its lines 24 and 25.
// Copied in, marked: the GLuint typedef of GLEW's <GL/glew.h>, and cleap_kernel_utils.cu lines 26-174 (its defines, its
//       two array-initialising kernels and the cleap_d_* angle and Delaunay tests the kernels call; its notice is this
//       file's): src/cleap.cu, the one translation unit, includes cleap_kernel_utils.cu before this file. The host
//       (src/cleap.cu, cleap_delaunay_transformation and _interactive): 256-thread blocks, (edges + 255) / 256 of them,
//       the template's block_size 256; before each launch listo = 1 (mapped host memory) and trirel, trireservs = -1
//       over the faces; the repair launch on the same grid after a pass that flipped. The edges come from cleap.cc's
//       _cleap_generate_edges_hash (n: the two vertices, the higher first; a, b: their positions in the triangle index
//       list in the first and the second triangle; op: the third position of each; b = (-1, -1) on the border).
//////////////////////////////////////////////////////////////////////////////////
//                                                                           	//
//	cleap                                                                   //
//	A library for handling / processing / rendering 3D meshes.	        //
//                                                                           	//
//////////////////////////////////////////////////////////////////////////////////
//										//
//	Copyright © 2011 Cristobal A. Navarro.					//
//										//	
//	This file is part of cleap.						//
//	cleap is free software: you can redistribute it and/or modify		//
//	it under the terms of the GNU General Public License as published by	//
//	the Free Software Foundation, either version 3 of the License, or	//
//	(at your option) any later version.					//
//										//
//	cleap is distributed in the hope that it will be useful,		//
//	but WITHOUT ANY WARRANTY; without even the implied warranty of		//
//	MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the	    	//
//	GNU General Public License for more details.				//
//										//
//	You should have received a copy of the GNU General Public License	//
//	along with cleap.  If not, see <http://www.gnu.org/licenses/>. 		//
//										//
//////////////////////////////////////////////////////////////////////////////////

// ---- copied from GLEW's <GL/glew.h> (cleap_private.h includes it): its GLuint typedef ----
typedef unsigned int GLuint;
// ---- end of the line copied from glew.h ----
// ---- copied from cleap's src/cleap_kernel_utils.cu, lines 26-174 (cleap.cu includes it before this file) ----
#ifndef _MDT_KERNEL_UTILS_H
#define _MDT_KERNEL_UTILS_H

#define CLEAP_POLY_TRIANGLE 	3
#define CLEAP_EPSILON_DELAUNAY 	0.0000001f
#define CLEAP_PI 		3.14159265f
// A helper macro to get a position
#define BUFFER_OFFSET(i) ((char *)NULL + (i))
////////////////////////////////////////////////////////////////////////////////
/// Kernel -- init Array
////////////////////////////////////////////////////////////////////////////////
__global__ void cleap_kernel_init_array_int(int* array, int size, int value){
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if( i<size ){
        array[i] = value;
    }
}
////////////////////////////////////////////////////////////////////////////////
/// Kernel -- Init two arrays
////////////////////////////////////////////////////////////////////////////////
__global__ void cleap_kernel_init_device_arrays_dual(int* array1, int* array2, int size, int value){
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    if( i<size ){
        array1[i] = value;
        array2[i] = value;
    }
}
__device__ float cleap_d_dot_product( float3 u, float3 v ){
        return u.x*v.x + u.y*v.y + u.z*v.z;
}
__device__ float3 cleap_d_cross_product( float3 u, float3 v){
	return make_float3( u.y*v.z - v.y*u.z, u.x*v.z - v.x*u.z, u.x*v.y - v.x*u.y );
}
__device__ float cleap_d_magnitude( float3 v ){
        return __fsqrt_rn( powf(v.x, 2) + powf(v.y, 2) + powf(v.z,2));
}
__device__ float cleap_d_angle_vectors( float3 u, float3 v ){
	return atan2f( cleap_d_magnitude( cleap_d_cross_product(u, v) ), cleap_d_dot_product( u, v ) );
}
__device__ int cleap_d_geometry_angle_test(float4* mesh_data, GLuint* eab, int ta, int tb, float angle_limit){

	// vectors
	float3 u, v, n1, n2;
	float4 p, q;
	// triangle ta points
	p = mesh_data[eab[ta*CLEAP_POLY_TRIANGLE+0]];
	q = mesh_data[eab[ta*CLEAP_POLY_TRIANGLE+1]];
	u = make_float3( q.x - p.x, q.y - p.y, q.z - p.z); // first ta vector
	q = mesh_data[eab[ta*CLEAP_POLY_TRIANGLE+2]]; // q changes for the second vector
	v = make_float3( q.x - p.x, q.y - p.y, q.z - p.z); // second ta vector
	n1 = cleap_d_cross_product(u, v); // compute n1
	// triangle tb points
	p = mesh_data[eab[tb*CLEAP_POLY_TRIANGLE+0]];
	q = mesh_data[eab[tb*CLEAP_POLY_TRIANGLE+1]];
	u = make_float3( q.x - p.x, q.y - p.y, q.z - p.z); // first tb vector
	q = mesh_data[eab[tb*CLEAP_POLY_TRIANGLE+2]];
	v = make_float3( q.x - p.x, q.y - p.y, q.z - p.z); // second tb vector
	n2 =  cleap_d_cross_product(u,v); // compute n2

	return ((int) (fabs(cleap_d_angle_vectors( n1, n2 )) / angle_limit )); // 1 pass, 0 fail
}

//! ~~ 62 flop
__device__ int cleap_d_delaunay_test_3d(const float4* mesh_data, const int op1, const int op2, const int com_a, const int com_b, const float limit_angle ){

	float3 u, v, n1, n2;
	float4 p, q;
	// get two vectors of the first triangle
	p = mesh_data[op1];
	q = mesh_data[com_a];
	u = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	q = mesh_data[com_b];
	v = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	// compute angle
	float alpha = cleap_d_angle_vectors(u, v);
	// compute cross product for 3d filter
	n1 = cleap_d_cross_product(u, v);
	// the same for the other triangle
	p = mesh_data[op2];
	q = mesh_data[com_a];
	u = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	q = mesh_data[com_b];
	v = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	float beta = cleap_d_angle_vectors(u, v);
	n2 = cleap_d_cross_product(v, u);

	return ( (int)(fabs(alpha + beta)/CLEAP_PI - CLEAP_EPSILON_DELAUNAY) * (int)(limit_angle/fabs(cleap_d_angle_vectors( n1, n2 )))  ); //! + 12 flop

}
//! 39 flop
__device__ int cleap_d_delaunay_test_2d(const float4* mesh_data, const int op1, const int op2, const int com_a, const int com_b ){

	float3 u; // vector
	float4 p, q; // points
	// get two vectors of the first triangle
	p = mesh_data[op1];
	q = mesh_data[com_a];
	u = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	q = mesh_data[com_b];
	float alpha = cleap_d_angle_vectors(u, make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w) ); //! + 11 flop
	// the same for other triangle
	p = mesh_data[op2];
	q = mesh_data[com_a];
	u = make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w); //! + 5 flop
	q = mesh_data[com_b];
	float beta = cleap_d_angle_vectors(u, make_float3(q.x - p.x, q.y - p.y, q.z - p.z + 0.0*q.w*p.w)); //! + 11 flop

	return (int)(fabs(alpha + beta)/CLEAP_PI - CLEAP_EPSILON_DELAUNAY); //! + 7 flop

}

//! 39 flop
// based on https://www.cs.cmu.edu/~quake/robust.html
__device__ int cleap_d_delaunay_test_2d_det(const float4* mesh_data, const int op1, const int op2, const int com_a, const int com_b ){

	float det;
	float4 A = mesh_data[com_a];
	float4 B = mesh_data[com_b];
	float4 C = mesh_data[op1];
	float4 D = mesh_data[op2];

	float A11 = A.x - D.x; 
	float A12 = A.y - D.y; 
	float A13 = (A.x*A.x - D.x*D.x) + (A.y*A.y - D.y*D.y);
	float A21 = B.x - D.x;	
	float A22 = B.y - D.y;
	float A23 = (B.x*B.x - D.x*D.x) + (B.y*B.y - D.y*D.y);
	float A31 = C.x - D.x;
	float A32 = C.y - D.y;
	float A33 = (C.x*C.x - D.x*D.x) + (C.y*C.y - D.y*D.y);
	
	det = A11*(A22*A33 - A23*A32) - A12*(A21*A33 - A23*A31) + A13*(A21*A32 - A22*A31);

	return signbit(det);

}

inline __device__ __host__
float2 distVec(float4 a, float4 b)
{
    return make_float2(b.x - a.x, b.y - a.y);
}

inline __device__ __host__ double cross(float2 u, float2 v)
{
    return u.x * v.y - v.x * u.y;
}

#endif
// ---- end of the lines copied from cleap_kernel_utils.cu ----

#ifndef _CLEAP_KERNEL_DELAUNAY_TRANSFORMATION_H
#define _CLEAP_KERNEL_DELAUNAY_TRANSFORMATION_H

////////////////////////////////////////////////////////////////////////////////
/// CLEAP::KERNEL:: delaunay transformation :: exclussion & processing 2D
////////////////////////////////////////////////////////////////////////////////
//! 2D --> 65 flop
template<unsigned int block_size>
__global__ void cleap_kernel_exclusion_processing_2d(float4* mesh_data, GLuint* triangles, int2 *edges_n, int2 *edges_a, int2 *edges_b, int2 *edges_op, int edge_count, int *listo, int* trirel, int* trireservs){

    const int i = blockIdx.x * blockDim.x + threadIdx.x; //! + 2 flop
    __shared__ int2 a_shared_array[block_size];
    __shared__ int2 b_shared_array[block_size];
    __shared__ int2 op_shared_array[block_size];
    if( i<edge_count ){
        a_shared_array[threadIdx.x] = edges_a[i];
        b_shared_array[threadIdx.x] = edges_b[i];
        op_shared_array[threadIdx.x] = edges_op[i];

        if( b_shared_array[threadIdx.x].x != -1 ){
		if( cleap_d_delaunay_test_2d( mesh_data, triangles[op_shared_array[threadIdx.x].x], triangles[op_shared_array[threadIdx.x].y], triangles[a_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].y]) > 0) {
		//if( cleap_d_delaunay_test_2d_det( mesh_data, triangles[op_shared_array[threadIdx.x].x], triangles[op_shared_array[threadIdx.x].y], triangles[a_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].y]) > 0) {
                listo[0] = 0;
                // exclusion part
                if( atomicExch( &(trireservs[a_shared_array[threadIdx.x].y/3]), i ) == -1 && atomicExch( &(trireservs[b_shared_array[threadIdx.x].y/3]), i ) == -1 ){ //!  + 8 flop
                    // proceed to flip the edges
                    trirel[a_shared_array[threadIdx.x].y/3] = b_shared_array[threadIdx.x].y/3; //! + 8 flop
                    trirel[b_shared_array[threadIdx.x].y/3] = a_shared_array[threadIdx.x].y/3; //! + 8 flop
                    // exchange necessary indexes
                    triangles[a_shared_array[threadIdx.x].x] = triangles[op_shared_array[threadIdx.x].y];
                    triangles[b_shared_array[threadIdx.x].y] = triangles[op_shared_array[threadIdx.x].x];
                    // update the indices of the flipped edge.
                    edges_a[i] = make_int2(op_shared_array[threadIdx.x].x, a_shared_array[threadIdx.x].x);
                    edges_b[i] = make_int2(b_shared_array[threadIdx.x].y, op_shared_array[threadIdx.x].y); 
		    		// update vertex indices
		    		edges_n[i] = make_int2(triangles[op_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].x]);
		    		// update oppposites indices
                    edges_op[i] = make_int2(a_shared_array[threadIdx.x].y, b_shared_array[threadIdx.x].x);
                }
            }
        }
    }
}

////////////////////////////////////////////////////////////////////////////////
/// CLEAP::KERNEL:: delaunay transformation :: exclussion & processing 3D
////////////////////////////////////////////////////////////////////////////////
//! 2D --> 65 flop
template<unsigned int block_size>
__global__ void cleap_kernel_exclusion_processing_3d(float4* mesh_data, GLuint* triangles, int2 *edges_n, int2 *edges_a, int2 *edges_b, int2 *edges_op, int edge_count, int *listo, int* trirel, int* trireservs){

    const int i = blockIdx.x * blockDim.x + threadIdx.x; //! + 2 flop
    __shared__ int2 a_shared_array[block_size];
    __shared__ int2 b_shared_array[block_size];
    __shared__ int2 op_shared_array[block_size];
    if( i<edge_count ){
        a_shared_array[threadIdx.x] = edges_a[i];
        b_shared_array[threadIdx.x] = edges_b[i];
        op_shared_array[threadIdx.x] = edges_op[i];
        if( b_shared_array[threadIdx.x].x != -1 ){
            //! 3D mode --> + 62 flop
            if( cleap_d_delaunay_test_3d( mesh_data, triangles[op_shared_array[threadIdx.x].x], triangles[op_shared_array[threadIdx.x].y], triangles[a_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].y], 10.0f) > 0) {
                listo[0] = 0;
                // exclusion part
                if( atomicExch( &(trireservs[a_shared_array[threadIdx.x].y/3]), i ) == -1 && atomicExch( &(trireservs[b_shared_array[threadIdx.x].y/3]), i ) == -1 ){ //!  + 8 flop
                    // flip the edge
                    trirel[a_shared_array[threadIdx.x].y/3] = b_shared_array[threadIdx.x].y/3; 
                    trirel[b_shared_array[threadIdx.x].y/3] = a_shared_array[threadIdx.x].y/3; 
                    // exchange indices
                    triangles[a_shared_array[threadIdx.x].x] = triangles[op_shared_array[threadIdx.x].y];
                    triangles[b_shared_array[threadIdx.x].y] = triangles[op_shared_array[threadIdx.x].x];
                    // update flipped edge
                    edges_a[i] = make_int2(op_shared_array[threadIdx.x].x, a_shared_array[threadIdx.x].x);
                    edges_b[i] = make_int2(b_shared_array[threadIdx.x].y, op_shared_array[threadIdx.x].y);
                    edges_n[i] = make_int2(triangles[op_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].x]);
                    edges_op[i] = make_int2(a_shared_array[threadIdx.x].y, b_shared_array[threadIdx.x].x);
                }
            }
        }
    }
}

////////////////////////////////////////////////////////////////////////////////
/// CLEAP::KERNEL:: delaunay transformation :: Repair
////////////////////////////////////////////////////////////////////////////////

__global__ void cleap_kernel_repair(GLuint* triangles, int* trirel, int2 *edges_n, int2 *edges_a, int2 *edges_b, int2 *edges_op, int edge_count){

    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if( i<edge_count ){
	// use volatile variables, this forces register use. Sometimes manual optimization achieves better performance.
        volatile int2 n = edges_n[i];
        volatile int2 a = edges_a[i];
        volatile int2 b = edges_b[i];
        volatile int2 op = edges_op[i];
	// if the t_a pair of indexes are broken
        if( (n.x != triangles[a.x] || n.y != triangles[a.y]) ){
	    // then repair them.
            int t_index = trirel[ a.x/3 ];
            if( triangles[3*t_index+0] == n.x ){
               a.x = 3*t_index+0;
               triangles[3*t_index+1] == n.y ? (a.y = 3*t_index+1, op.x = 3*t_index+2) : (a.y = 3*t_index+2, op.x = 3*t_index+1);
            }
            else if( triangles[3*t_index+1] == n.x ){
               a.x = 3*t_index+1;
               triangles[3*t_index+0] == n.y ? (a.y = 3*t_index+0, op.x = 3*t_index+2) : (a.y = 3*t_index+2, op.x = 3*t_index+0);
            }
            else if( triangles[3*t_index+2] == n.x ){
               a.x = 3*t_index+2;
               triangles[3*t_index+0] == n.y ? (a.y = 3*t_index+0, op.x = 3*t_index+1) : (a.y = 3*t_index+1, op.x = 3*t_index+0);
            }
        }
        if( b.x != -1 ){
            if( (n.x != triangles[b.x] || n.y != triangles[b.y]) ){
                int t_index = trirel[ b.x/3 ];
                if( triangles[3*t_index+0] == n.x ){
                   b.x = 3*t_index+0;
                   triangles[3*t_index+1] == n.y ? (b.y = 3*t_index+1, op.y = 3*t_index+2) : (b.y = 3*t_index+2, op.y = 3*t_index+1);
                }
                else if( triangles[3*t_index+1] == n.x ){
                   b.x = 3*t_index+1;
                   triangles[3*t_index+0] == n.y ? (b.y = 3*t_index+0, op.y = 3*t_index+2) : (b.y = 3*t_index+2, op.y = 3*t_index+0);
                }
                else if( triangles[3*t_index+2] == n.x ){
                   b.x = 3*t_index+2;
                   triangles[3*t_index+0] == n.y ? (b.y = 3*t_index+0, op.y = 3*t_index+1) : (b.y = 3*t_index+1, op.y = 3*t_index+0);
                }
            }
        }
        edges_a[i] = make_int2(a.x, a.y);
        edges_b[i] = make_int2(b.x, b.y);
        edges_op[i] = make_int2(op.x, op.y);
    }
}


////////////////////////////////////////////////////////////////////////////////
/// CLEAP::KERNEL:: delaunay transformation :: exclussion & processing 2D debug
////////////////////////////////////////////////////////////////////////////////
//! 2D --> 65 flop
template<unsigned int block_size>
__global__ void cleap_kernel_exclusion_processing_2d_debug(float4* mesh_data, GLuint* triangles, int2 *edges_n, int2 *edges_a, int2 *edges_b, int2 *edges_op, int edge_count, int *listo, int* trirel, int* trireservs, int* flips){

    const int i = blockIdx.x * blockDim.x + threadIdx.x; //! + 2 flop
    __shared__ int2 a_shared_array[block_size];
    __shared__ int2 b_shared_array[block_size];
    __shared__ int2 op_shared_array[block_size];
    if( i<edge_count ){
        a_shared_array[threadIdx.x] = edges_a[i];
        b_shared_array[threadIdx.x] = edges_b[i];
        op_shared_array[threadIdx.x] = edges_op[i];

        if( b_shared_array[threadIdx.x].x != -1 ){
		if( cleap_d_delaunay_test_2d( mesh_data, triangles[op_shared_array[threadIdx.x].x], triangles[op_shared_array[threadIdx.x].y], triangles[a_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].y]) > 0) {
                listo[0] = 0;
                // exclusion part
                if( atomicExch( &(trireservs[a_shared_array[threadIdx.x].y/3]), i ) == -1 && atomicExch( &(trireservs[b_shared_array[threadIdx.x].y/3]), i ) == -1 ){ //!  + 8 flop
                    // proceed to flip the edges
                    trirel[a_shared_array[threadIdx.x].y/3] = b_shared_array[threadIdx.x].y/3; //! + 8 flop
                    trirel[b_shared_array[threadIdx.x].y/3] = a_shared_array[threadIdx.x].y/3; //! + 8 flop
                    // exchange necessary indexes
                    triangles[a_shared_array[threadIdx.x].x] = triangles[op_shared_array[threadIdx.x].y];
                    triangles[b_shared_array[threadIdx.x].y] = triangles[op_shared_array[threadIdx.x].x];
                    // update the indices of the flipped edge.
                    edges_a[i] = make_int2(op_shared_array[threadIdx.x].x, a_shared_array[threadIdx.x].x);
                    edges_b[i] = make_int2(b_shared_array[threadIdx.x].y, op_shared_array[threadIdx.x].y); 
		    // update vertex indices
		    edges_n[i] = make_int2(triangles[op_shared_array[threadIdx.x].x], triangles[a_shared_array[threadIdx.x].x]);
		    // update oppposites indices
                    edges_op[i] = make_int2(a_shared_array[threadIdx.x].y, b_shared_array[threadIdx.x].x);
                    atomicAdd(flips, 1);
                }
            }
        }
    }
}
#endif
