// tilelab kernel collection: OLCF's CUDA training hw8 task 3 (solution): double transpose through a 32 x 33 padded shared tile
// Source:  https://github.com/olcf/cuda-training-series/blob/9cd77d539d85ee3457e09a083ba299b787b7a16e/exercises/hw8/task3/task3_solution.cu
//          (olcf/cuda-training-series, commit 9cd77d5: the OLCF/NERSC CUDA Training Series exercises)
// Licence: Apache-2.0, NVIDIA's notice in the file itself (lines 1-15, kept). The repository has no LICENSE and its other exercises carry no notice: only hw8's are in the collection.
// Kept: lines 1-15, 32-88 of the original, unchanged.
//       Removed: the host includes (17, 18), the host-only CUDA_CALL/CUDA_CHECK macros (20-30), host_transpose and main (90-249); main's grid and block are the manifest entry's.

/*
 *  Copyright 2014 NVIDIA Corporation
 *
 *  Licensed under the Apache License, Version 2.0 (the "License");
 *  you may not use this file except in compliance with the License.
 *  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 *  Unless required by applicable law or agreed to in writing, software
 *  distributed under the License is distributed on an "AS IS" BASIS,
 *  WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 *  See the License for the specific language governing permissions and
 *  limitations under the License.
 */

/* definitions of threadblock size in X and Y directions */

#define THREADS_PER_BLOCK_X 32
#define THREADS_PER_BLOCK_Y 32

/* definition of matrix linear dimension */

#define SIZE 4096

/* macro to index a 1D memory array with 2D indices in column-major order */

#define INDX( row, col, ld ) ( ( (col) * (ld) ) + (row) )

/* CUDA kernel for shared memory matrix transpose */

__global__ void smem_cuda_transpose( const int m, 
                                     double const * const a, 
                                     double * const c )
{
	
/* declare a shared memory array */

  __shared__ double smemArray[THREADS_PER_BLOCK_X][THREADS_PER_BLOCK_Y+1];
	
/* determine my row and column indices for the error checking code */

  const int myRow = blockDim.x * blockIdx.x + threadIdx.x;
  const int myCol = blockDim.y * blockIdx.y + threadIdx.y;

/* determine my row tile and column tile index */

  const int tileX = blockDim.x * blockIdx.x;
  const int tileY = blockDim.y * blockIdx.y;

  if( myRow < m && myCol < m )
  {
/* read to the shared mem array */
/* HINT: threadIdx.x should appear somewhere in the first argument to */
/* your INDX calculation for both a[] and c[].  This will ensure proper */
/* coalescing. */

   smemArray[threadIdx.x][threadIdx.y] = 
      a[INDX( tileX + threadIdx.x, tileY + threadIdx.y, m )];
  } /* end if */

/* synchronize */
  __syncthreads();
		
  if( myRow < m && myCol < m )
  {
/* write the result */
    c[INDX( tileY + threadIdx.x, tileX + threadIdx.y, m )] = 
           smemArray[threadIdx.y][threadIdx.x];
  } /* end if */
  return;

} /* end smem_cuda_transpose */
