// tilelab kernel collection: cuKNN's brute-force kNN kernels (double distances, shared-memory tree sums, block minima)
// Source:  https://github.com/cNikolaou/cuKNN/blob/9c21ca1e24d64b7bec09db3fe69aa5e58ea01f4f/knn_gpu_utils.cu
//          (cNikolaou/cuKNN, commit 9c21ca1; compute_distance_gpu and selection_gpu launch these kernels)
// Licence: BSD-2-Clause (the repository's LICENSE, "Copyright (c) 2014, cNikolaou"; the file carries no notice of
//          its own: the LICENSE's notice is repeated below).
// Kept, unchanged: lines 1-47 (the file's comment and <float.h>), 57-86 (the launch constants), 181-236
//       (compute_dist) and 376-431 (block_min). Removed: lines 48-54 (<cuda.h>, <cuda_runtime.h>, the host header),
//       87-180 (CUDA_CHECK and the host debugging printers), 237-375 and 432-end (the host functions
//       compute_distance_gpu and selection_gpu).
//
// Copyright (c) 2014, cNikolaou
// All rights reserved.
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// * Redistributions of source code must retain the above copyright notice, this
//   list of conditions and the following disclaimer.
//
// * Redistributions in binary form must reproduce the above copyright notice,
//   this list of conditions and the following disclaimer in the documentation
//   and/or other materials provided with the distribution.
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
//
//

/**
 *
 * Implementations of CUDA kernels and functions used to compute the
 * k nearest neightbors.
 *
 * Problem hightlights: (Choosen when to program is called)
 * Maximum N = 2^20 data points with maximum dimension 128. 
 * Up to Q = 1000 queries with k = 1 to 8 neightbors for each query.
 *
 * Design choice for parallel distance computation: 
 * Every block has 128 threads, which is the maximum data dimension. Thus, 
 * one block can compute the distance between two vectors with equal or less 
 * than 128 dimensions. We will start a grid of blocks with rows (y dimension) 
 * equal to the number of queries (max 1000), an the number of columns (x 
 * dimension) will be analogus to the number of data points. Because different 
 * GPUs tend to have different global memory size, we will compute the 
 * distance between Q queries and (at most) 2^16 data points in GPU (defined 
 * with the MAX_DATA_POINT global variable).
 * 
 * Design choice for parallel selection:
 * For each query, the k nearest neighbors (k minimum values from the distance
 * matrix) are found with parallel reduction, which comes into three (at most)
 * phases. In each phase the set of possible values is reduced. Each phase
 * has (distances_in_previous_phase)/MAX_THREADS possible distances. When one
 * of the k minimum distance is found (with the three-phase reduction) then
 * this value is excluded form the distance matrix (equals with DBL_MAX) and
 * we perform the same three-phase reduction to found the next minimum 
 * distance.
 * 
 * It is easy to change the code a little bit if there are more constraints,
 * or go to a previous version, if there is a larger global memory available
 * on the device. In general, it will be easy to fine-tune this code on any
 * GPU.
 *
 *
 * Previous versions avialable from github:
 * https://github.com/cNikolaou/cuKNN
 *
 *
 * Author: Christos Nikolaou
 * Date: August 2014
 *
 */


#include <stdio.h>
#include <float.h>

// NOTE: DIM_THREADS and MAX_THREADS should be choosen based on GPU's
// architecture.

// Number of threads per data point
#define DIM_THREADS 128

// Number of threads per block. Should be a multiple of DIM_THREADS, so that
// more than one data points will be computed from within a block.
#define MAX_THREADS 128

// Maximum number of blocks available in each dimension (GPU restriction)
#define MAX_BLOCKS 65535 



// Define the maximum number of points that will be used for the computation
// for each for-loop (in compute_distance_gpu() function). You can change 
// the value based on the available memory on your system. For each additional 
// data point you will need additional D*sizeof(double) memory space to sace
// the data point plus Q*D*sizeof(double) memory to save the computed distance.
#define MAX_DATA_POINTS 2



// Define the maximum number of queries that will be used in each loop of the
// for loop, when finding the minimum distances in selection_gpu() function.
// For each additional query there is a need for (approximately) 
// N*sizeof(double) additional memory space needed in the GPU.
#define MAX_QUERIES 1


// Kernel (GPU) function to compute the difference between two vectors. 
__global__ void compute_dist(const double* data, const double* query, 
                             double* dist, const int D, const int N) {
  
  // Use shared memory for faster computation and reduction (in each block)
  __shared__ double Z[DIM_THREADS][MAX_THREADS/DIM_THREADS];
  
  // Thread index in block
  unsigned int tix = threadIdx.x;
  unsigned int tiy = threadIdx.y;
  
  // Index in current block for each 'data' matrix dimension
  unsigned int data_ind = threadIdx.x + threadIdx.y*D + 
                          blockIdx.x*blockDim.y*D;

  // Index in current grid line (y-dimesnion) for every query computation 
  unsigned int query_ind = threadIdx.x + blockIdx.y*D;


  // Save the difference in the appropriate possition
  double tmp = 0;

  // When thread's index is less than data's dimenension, then compute
  // distance from the appropriate data elements
  if (tix < D && data_ind < N*D) {
    tmp = data[data_ind] - query[query_ind];
  }

  Z[tix][tiy] = tmp * tmp;

  // Synchronize threads before reduction
  __syncthreads();


  // Reduction
  for (int offset = blockDim.x/2; offset > 0; offset >>=1) {

    // If the thread id is in the first half of the previous iteration
    // (first half, first quarter, etc...)
    if (tix < offset) {
      Z[tix][tiy] += Z[tix + offset][tiy];
    }

    __syncthreads();
  }

  
  // Save the sum at the appropriate position in the diff vector. Only the
  // first thread (threadix == 0) saves, because it has the total sum, based
  // on the previous loop.
  if (tix == 0) { // && data_ind < N*D)
    dist[threadIdx.y + blockIdx.x*blockDim.y+ MAX_DATA_POINTS*blockIdx.y] 
          = Z[tix][tiy];
  }

}

// Kernel (GPU) function to compute the minimum distance and its index between
// an arbitrary number of distances (number of N)
__global__ void block_min(const double* dist, const int* index, const int N,
                          double* block_min_dist, int* block_min_indx) {
  
  // Thread index in block
  unsigned int tix = threadIdx.x;

  // Index in the grid's row
  unsigned int idx = threadIdx.x + blockIdx.x*blockDim.x;

  // Block index in grid's x dimension (column)
  unsigned int bix = blockIdx.x;

  // Use shared memory for faster computation and reduction (in each block)
  __shared__ double local_min_dist[MAX_THREADS];
  __shared__ double local_min_indx[MAX_THREADS];


  // if distance exists for this value, then transfer it in shared memory
  if (idx < N) {
    local_min_dist[tix] = dist[idx];
    local_min_indx[tix] = index[idx];
  } else {  // else save maximum double value
    local_min_dist[tix] = DBL_MAX;
    local_min_indx[tix] = -1;
  }

  // synchronize threads before reduction
  __syncthreads();


  // Reduction
  for (int offset = blockDim.x/2; offset > 0; offset >>=1) {
    
    // If the thread id is in the first half of the previous iteration
    // (first half, first quarter, etc...)
    if (tix < offset) {
      
      // If distance in first half is larger than the distance in the
      // second half, then change the value. No need to exchange values
      // because values on the second half are excluded in the next iteration
      if (local_min_dist[tix] > local_min_dist[tix + offset]) {
        local_min_dist[tix] = local_min_dist[tix + offset];
        local_min_indx[tix] = local_min_indx[tix + offset];
      }
    }
    __syncthreads();
  }

  // all blocks write their min value in the appropriate position
  if (tix == 0) {
    block_min_dist[bix] = local_min_dist[0];
    block_min_indx[bix] = local_min_indx[0];
  }
}
