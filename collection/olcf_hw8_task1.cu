// tilelab kernel collection: OLCF's CUDA training hw8 task 1 (solution): naive double transpose, column-major
// Source:  https://github.com/olcf/cuda-training-series/blob/9cd77d539d85ee3457e09a083ba299b787b7a16e/exercises/hw8/task1/task1_solution.cu
//          (olcf/cuda-training-series, commit 9cd77d5: the OLCF/NERSC CUDA Training Series exercises)
// Licence: Apache-2.0, NVIDIA's notice in the file itself (lines 1-15, kept). The repository has no LICENSE and its other exercises carry no notice: only hw8's are in the collection.
// Kept: lines 1-15, 31-59 of the original, unchanged.
//       Removed: the host includes (17), the host-only CUDA_CALL/CUDA_CHECK macros (19-29), host_transpose and main (61-219); main's grid and block are the manifest entry's.

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

/* CUDA kernel for naive matrix transpose */

__global__ void naive_cuda_transpose( const int m, 
                                      const double * const a, 
                                      double * const c )
{
  const int myRow = blockDim.x * blockIdx.x + threadIdx.x;
  const int myCol = blockDim.y * blockIdx.y + threadIdx.y;

  if( myRow < m && myCol < m )
  {
    c[INDX( myRow, myCol, m )] = a[INDX( myCol, myRow, m )];
  } /* end if */
  return;

} /* end naive_cuda_transpose */
