// tilelab kernel collection: pcseg's voxel-neighbourhood kernels for point-cloud resampling and segmentation: sampling
// (one block a voxel of a 3-D voxel grid, one thread a point: a density sum and a graph-filter importance weight over
// the points of the voxel and its six face neighbours) and segmentation_kernel (each point's parent: the nearest point
// Source:  https://github.com/rohanvarma16/pcseg/blob/574b9cd7b42f8aff49f4a9a7baf3a8a2c316a092/cuda/src/cuda_test.cu
//          (rohanvarma16/pcseg, commit 574b9cd, the repository's head; Rohan Varma's CMU 15-418 point-cloud project)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2017 Rohan Varma"; the file carries no notice), repeated below.
// of higher density among those voxels, a quick-shift step).
// Kept: lines 32-50 (THREADS_PER_BLOCK, the __global__ saxpy, the __device__ my_exp) and lines 63-266 (the __global__
//       segmentation_kernel and sampling), unchanged. Removed: lines 1-31 (the includes: stdio, vector, algorithm,
//       cuda_runtime, math, cuda, float, thrust, curand, ...), lines 51-62 (GenUnifRands, a thrust functor the host's
//       thrust::transform uses) and lines 267-513 (gpuErrchk and the host functions device_setup and segmentation).
// Selection, fixed before any run (collection/manifest.toml, the pcseg_ entries): every __global__ kernel the file's
// host code launches (sampling in device_setup, segmentation_kernel in segmentation; saxpy, which nothing launches,
// not taken), none dropped for its result, each launched as the host launches it: grid (x_idx, y_idx, z_idx), the
// voxel grid's dimensions, block 256 (THREADS_PER_BLOCK), the arrays as preprocess.cpp's preprocess_step2 lays them
// out (points grouped by voxel id yz_idx * i + z_idx * j + k, voxel_offset with num_voxels + 1 entries, 7 neighbour
// ids a voxel: itself, +x, -x, +y, -y, +z, -z, -1 past the grid), the outputs as large as the host allocates them
// (num_pts). The host's clouds (PCD files) replaced by two synthetic ones: a 3 x 3 x 2 grid of 0.05 m voxels with 0
// to 24 points a voxel (235 points, voxels 4 and 11 empty) and a 2 x 1 x 1 grid with 260 and 12 points (the second
// pass of 256 threads); colours in [0, 1]. Read before any run: the kernels' `threadId + i > my_num_pts` lets one
// thread too many through in every voxel (a race between blocks, and reads and writes past the arrays in the last).
//
// MIT License
//
// Copyright (c) 2017 Rohan Varma
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
// Changed: only the removals named above; the device code is unchanged.

#define THREADS_PER_BLOCK 256

__global__
void saxpy(int n, float a, float *x, float *y)
{
  if( blockIdx.x==1 && threadIdx.x ==1){
  printf("hello in kernel! \n");
  }
  int i = blockIdx.x*blockDim.x + threadIdx.x;
  if (i < n) y[i] = a*x[i] + y[i];
}

 __device__ __inline__ float my_exp(float a) {
  float b;
  //  b = exp(a);
  b = 2*a;
  return b;
}



__global__
void segmentation_kernel(float* device_xyz,float* device_rgb,int* device_offset,
			 int* neighbor_id,float* device_pdens,int yz_idx,
			 int z_idx,int* parents,float* distances){
  int block_i = blockIdx.x;
  int block_j = blockIdx.y;
  int block_k = blockIdx.z;

  int blockId = yz_idx * block_i + z_idx* block_j + block_k ;
  int threadId = threadIdx.x;

  if( blockId==0 && threadId==0){
    printf("hello in kernel! \n");
  }

  int num_threads = THREADS_PER_BLOCK;
  int my_num_pts = device_offset[blockId + 1] - device_offset[blockId];
  float3 nbr_xyz;
  float3 my_xyz;
  int my_idx;
  int nbr_idx;
  // Iterate over all points in voxel, num_threads points at a time.


  for(int i = 0 ; i < my_num_pts ; i+= num_threads){

    if(threadId + i > my_num_pts){
      return;
    }
    my_idx = device_offset[blockId] + i + threadId;
    //my_idx = 0;
    my_xyz = *(float3*) &device_xyz[3*my_idx];
   

    // Iterate over the neighbouring blocks including yourself.
    float min_distance = 10000000.0;
    float current_parent = my_idx;
    
    for(int j = 0 ; j < 7 ; j++){
      if(neighbor_id[7*blockId+j] == -1){
	continue;
      }

      int nbr_num_pts = device_offset[neighbor_id[7*blockId +j] + 1] - device_offset[neighbor_id[7*blockId + j]];
      
      
      // Iterate over all the points in the neighbouring block.
      for(int k = 0; k < nbr_num_pts; k++){

	nbr_idx = device_offset[neighbor_id[blockId*7 + j]] + k;
	//	nbr_idx = 1;
	nbr_xyz = *(float3*) &device_xyz[3*nbr_idx];

	if(nbr_idx == my_idx){
	  continue;
	}

	float xyz_dist =  pow(my_xyz.x - nbr_xyz.x,2.0) + pow((my_xyz.y - nbr_xyz.y),2.0) +
	  pow((my_xyz.z - nbr_xyz.z),2.0);
	
	if(device_pdens[nbr_idx] > device_pdens[my_idx] && xyz_dist < min_distance){
	  min_distance = xyz_dist;
	  current_parent = nbr_idx;
	  //	  printf("I am here!");
	}
	
      }

    }
      
        distances[my_idx] = min_distance;
    parents[my_idx] = current_parent;
  }

}


__global__
void sampling(float *device_xyz, float *device_rgb, int *device_offset, 
              int *neighbor_id, int yz_idx, int z_idx, float *imp_wt, 
              float* pdensity)
{
  int block_i = blockIdx.x;
  int block_j = blockIdx.y;
  int block_k = blockIdx.z;

  int blockId = yz_idx * block_i + z_idx* block_j + block_k ;
  int threadId = threadIdx.x;
  
  if( blockId==0 && threadId==0){
    printf("hello in kernel! \n");
  }

  int num_threads = THREADS_PER_BLOCK;

  float pdensity_sum = 0.0;
  float nbr_feature[6];
  float norm_sum = 0.0;
  int my_num_pts = device_offset[blockId + 1] - device_offset[blockId];
  float3 nbr_rgb;
  float3 nbr_xyz;
  float3 my_rgb;
  float3 my_xyz;
  float sigma_sq = 0.00005;
  
  float Aij_ew;
  float Aij_ew2;
  // Iterate over all points in voxel, num_threads points at a time. 
    int sum_nbr_num_pts = 0;
  for(int i = 0 ; i < my_num_pts ; i+= num_threads){
    pdensity_sum = 0.0;
    norm_sum = 0.0;
    nbr_feature[0] = 0.0;
    nbr_feature[1] = 0.0;
    nbr_feature[2] = 0.0;
    nbr_feature[3] = 0.0;
    nbr_feature[4] = 0.0;
    nbr_feature[5] = 0.0;

    if(threadId + i > my_num_pts){
      return;
    }

    my_xyz = *(float3*) &device_xyz[3*(device_offset[blockId] + i + threadId)];
    my_rgb = *(float3*) &device_rgb[3*(device_offset[blockId] + i + threadId)];
    
    /*if(blockId == 32 && threadId == 0)
    {
        printf("my x %f, my y %f, my z %f\n", my_xyz.x, my_xyz.y, my_xyz.z);
        printf("my r %f, my g %f, my b %f\n", my_rgb.x, my_rgb.y, my_rgb.z);
    }*/

    // Iterate over the neighbouring blocks including yourself. 
    if(threadId == 0){
    sum_nbr_num_pts = 0;
    }
    for(int j = 0 ; j < 7 ; j++){
      if(neighbor_id[7*blockId+j] == -1){
	    continue;
      }

      int nbr_num_pts = device_offset[neighbor_id[7*blockId +j] + 1] - device_offset[neighbor_id[7*blockId + j]];
      
      if(threadId ==0){
      sum_nbr_num_pts += nbr_num_pts;
      }
      // Iterate over all the points in the neighbouring block.
      for(int k = 0; k < nbr_num_pts; k++){
        
	    nbr_xyz = *(float3*) &device_xyz[3*(device_offset[neighbor_id[blockId*7 + j]] + k)];
	    nbr_rgb = *(float3*) &device_rgb[3*(device_offset[neighbor_id[blockId*7 + j]] + k)];
    
        /*if(blockId == 32 && threadId == 0)
        {
        
  printf("neighbour block = %d, offset = %d\n", neighbor_id[blockId*7 + j],
                                3*(device_offset[neighbor_id[blockId*7+j]] + k)); 
          printf("nbr x %f, nbr y %f, nbr z %f\n", nbr_xyz.x, nbr_xyz.y, nbr_xyz.z);
          printf("nbr r %f, nbr g %f, nbr b %f\n", nbr_rgb.x, nbr_rgb.y, nbr_rgb.z);
        }*/

	    float xyz_dist =  pow(my_xyz.x - nbr_xyz.x,2.0) + pow((my_xyz.y - nbr_xyz.y),2.0) +
                         pow((my_xyz.z - nbr_xyz.z),2.0);
 
        float rgb_dist =  pow((my_rgb.x - nbr_rgb.x),2.0) + pow((my_rgb.y - nbr_rgb.y),2.0) +
						 pow((my_rgb.z - nbr_rgb.z),2.0);
						     
	Aij_ew =  __expf(-1.0f * (xyz_dist/sigma_sq));
	Aij_ew2 = __expf(-1.0f * (xyz_dist + rgb_dist)/sigma_sq); 
	//Aij_ew = pow(xyz_dist,2.0);
	//Aij_ew2 = pow(xyz_dist + rgb_dist,2.0);
	    if(threadId == 1 && blockId==4){
	      printf("xyz_dst: %f , rgb_dst: %f, Aij_ew: %f, Aij_ew2: %f\n",xyz_dist,rgb_dist,Aij_ew, Aij_ew2);
	    }
	    pdensity_sum += Aij_ew2;
		nbr_feature[0] += Aij_ew * nbr_xyz.x;
	    nbr_feature[1] += Aij_ew * nbr_xyz.y;
		nbr_feature[2] += Aij_ew * nbr_xyz.z;
		nbr_feature[3] += Aij_ew * nbr_rgb.x;
	    nbr_feature[4] += Aij_ew * nbr_rgb.y;
	    nbr_feature[5] += Aij_ew * nbr_rgb.z; 
      }
    }
    
    norm_sum += pow(my_xyz.x - nbr_feature[0],2.0);
    norm_sum += pow(my_xyz.y - nbr_feature[1],2.0);
    norm_sum += pow(my_xyz.z - nbr_feature[2],2.0);
    norm_sum += pow(my_rgb.x - nbr_feature[3],2.0);
    norm_sum += pow(my_rgb.y - nbr_feature[4],2.0);
    norm_sum += pow(my_rgb.z - nbr_feature[5],2.0);
    
    pdensity[device_offset[blockId] + i + threadId] = pdensity_sum;

    imp_wt[device_offset[blockId] + i + threadId] = norm_sum;
    
  }
  /*
  if((threadId == 0)){
    printf("my_num_pts: %d ,my_sum_nbr_pts:%d, blockId: %d \n", my_num_pts,sum_nbr_num_pts, blockId );
    }
  */
}
