// tilelab kernel collection: PYRO-NN's voxel-driven cone-beam backprojector (bilinear interpolation in software)
// Source:  https://github.com/csyben/PYRO-NN/blob/6102bb67baa3b3ce32b43b19bc98bcb7a0dfdd80/src/pyronn/ct_reconstruction/cpp/kernels/cone_backprojector_3D_CudaKernel.cu
//          (csyben/PYRO-NN, commit 6102bb6: FAU's known-operator CT layers for TensorFlow / PyTorch, after CONRAD)
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice, kept below).
// Kept: lines 1-19 (the notice), 24-26 (the block size), 30 (CUDART_INF_F) and 42-116 (map, interp2D,
//       backproject_3Dcone_beam_kernel), unchanged. Removed: lines 20-22 (<stdio.h>, helper_grid.h, helper_math.h),
//       28 (an unused legacy texture reference, which CUDA 12 no longer has), 32-40 (the host gpuErrchk/gpuAssert) and
//       119-144 (the host Cone_Backprojection3D_Kernel_Launcher: 16 x 4 x 4 blocks, ceil(volume / block) grids).
// Copied in, marked: helper_headers/helper_math.h's typedef uint (with that header's NVIDIA notice) and
//       helper_headers/helper_grid.h's float3 index_to_physical (lines 43-46).
// What: one thread a voxel: for every projection, the voxel's homogeneous detector coordinate through the 3 x 4
//       projection matrix, a bilinear interpolation of four __ldg loads from that projection, weighted by 1/w^2.
//
// ---------------------------------------------------------------- the repository's LICENSE is the Apache License 2.0
// (https://www.apache.org/licenses/LICENSE-2.0); the file's own notice:
/*
 * Copyright [2019] [Christopher Syben]
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 * 
 * Voxel-driven cone-beam back-projector CUDA kernel using kernel interpolation
 * Implementation adapted from CONRAD
 * PYRO-NN is developed as an Open Source project under the Apache License, Version 2.0.
*/

// ---- copied in: helper_headers/helper_math.h (NVIDIA's CUDA Samples helper, its notice: lines 1-10) lines 1-10, 28
/**
 * Copyright 1993-2012 NVIDIA Corporation.  All rights reserved.
 *
 * Please refer to the NVIDIA end user license agreement (EULA) associated
 * with this source code for terms and conditions that govern your use of
 * this software. Any use, reproduction, disclosure, or distribution of
 * this software and related documentation outside the terms of the EULA
 * is strictly prohibited.
 *
 */
typedef unsigned int uint;
// ---- end of helper_math.h's lines
// ---- copied in: helper_headers/helper_grid.h lines 43-46
inline __host__ __device__ float3 index_to_physical(float3 index, float3 origin, float3 spacing)
{
    return make_float3(index.x * spacing.x + origin.x, index.y * spacing.y + origin.y, index.z * spacing.z + origin.z);
}
// ---- end of helper_grid.h's lines

#define BLOCKSIZE_X           16
#define BLOCKSIZE_Y           4
#define BLOCKSIZE_Z           4

#define CUDART_INF_F __int_as_float(0x7f800000)

inline __device__ float3 map( float3 coordinates, const float* d_projection_matrices, int n )
{
   const float* matrix = &(d_projection_matrices[n*12]);

   return make_float3(
         matrix[0] * coordinates.x + matrix[1] * coordinates.y + matrix[2] * coordinates.z + matrix[3],
         matrix[4] * coordinates.x + matrix[5] * coordinates.y + matrix[6] * coordinates.z + matrix[7],
         matrix[8] * coordinates.x + matrix[9] * coordinates.y + matrix[10] * coordinates.z + matrix[11]
   );
}

inline __device__ float interp2D(const float* const_volume_ptr, const float3 point, const uint3 pointer_offset, const uint2 detector_size){

   const int x_f = __float2int_rn( floor(point.x) ); 
   const int y_f = __float2int_rn( floor(point.y) );

   const int x_c = x_f+1;
   const int y_c = y_f+1;

   int i00 =(uint)point.z*pointer_offset.z + y_f * pointer_offset.y + x_f;
   int i01 =(uint)point.z*pointer_offset.z + y_f * pointer_offset.y + x_c;
   int i10 =(uint)point.z*pointer_offset.z + y_c * pointer_offset.y + x_f;
   int i11 =(uint)point.z*pointer_offset.z + y_c * pointer_offset.y + x_c;

   float p00 = ( x_f < 0 || x_f > detector_size.x || y_f < 0 || y_f > detector_size.y ) ? 0.0f : __ldg(&const_volume_ptr[ i00 ]);
   float p01 = ( x_c < 0 || x_c > detector_size.x || y_f < 0 || y_f > detector_size.y ) ? 0.0f : __ldg(&const_volume_ptr[ i01 ]);
   float p10 = ( x_f < 0 || x_f > detector_size.x || y_c < 0 || y_c > detector_size.y ) ? 0.0f : __ldg(&const_volume_ptr[ i10 ]); 
   float p11 = ( x_c < 0 || x_c > detector_size.x || y_c < 0 || y_c > detector_size.y ) ? 0.0f : __ldg(&const_volume_ptr[ i11 ]);

   const float x_d = (point.x - x_f);
   const float y_d = (point.y - y_f); 

   const float p0 = __fmaf_rn(p01,x_d,__fmaf_rn(p00,-x_d,p00));
   const float p1 = __fmaf_rn(p11,x_d,__fmaf_rn(p10,-x_d,p10));

   const float p = __fmaf_rn(p1,y_d,__fmaf_rn(p0,-y_d,p0));

   return p;
}

__global__ void backproject_3Dcone_beam_kernel( const float* sinogram_ptr, float* vol, const float* d_projection_matrices, const int number_of_projections,
                                                const uint3 volume_size, const float *volume_spacing_ptr, const float *volume_origin_ptr,
                                                const uint2 detector_size, 
                                                const uint3 pointer_offsets, const float *projection_multiplier)
{
   const int i = blockIdx.x*blockDim.x + threadIdx.x;
   const int j = blockIdx.y*blockDim.y + threadIdx.y;
   const int k = blockIdx.z*blockDim.z + threadIdx.z;
   
   float3 volume_spacing = make_float3(*(volume_spacing_ptr+2), *(volume_spacing_ptr+1), *volume_spacing_ptr);
   float3 volume_origin = make_float3(*(volume_origin_ptr+2), *(volume_origin_ptr+1), *volume_origin_ptr);

   if( i >= volume_size.x  || j >= volume_size.y || k >= volume_size.z )
      return;
    
   const float3 coordinates = index_to_physical(make_float3(i,j,k),volume_origin,volume_spacing); 

   float val = 0.0f;
   
   for( int n = 0; n < number_of_projections; ++n )
   {
      auto ip = map(coordinates , d_projection_matrices, n );

      ip.z = 1.0f / ip.z;
      ip.x *= ip.z;
      ip.y *= ip.z;
      float3 point = make_float3(ip.x, ip.y, n);
      
      val += interp2D(sinogram_ptr, point, pointer_offsets, detector_size) * ip.z * ip.z;
   }

   // linear volume address
   const unsigned int l = volume_size.x * ( k*volume_size.y + j ) + i;
   vol[l] = (val * (*projection_multiplier));
}
