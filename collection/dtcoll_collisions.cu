// tilelab kernel collection: deeptoaster/cuda-collisions (GPU Gems 3 ch. 32 broad phase: cell IDs with phantom cells, an LSD radix sort's passes, scan and reduction)
// Source:  https://github.com/deeptoaster/cuda-collisions/blob/ba663481e1ae0e309416a27bbff65b220d8f514f/collisions.cu
//          (deeptoaster/cuda-collisions, commit ba66348)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: it is repeated below).
// Kept, unchanged: collisions.cu lines 1-3 and 10-467 (every kernel and device helper); removed: lines 4-8 (cuda_runtime.h, curand.h,
//       the project headers, copied in below) and 469-631 (host wrappers); copied in: collisions.h lines 1-3, collisions.cuh lines 1-11.
/*
The MIT License (MIT)

Copyright (c) 2015 Deep Toaster

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.

*/

#include <climits>
#include <cstdio>
#include <stdint.h>

// ---- collisions.h lines 1-3
#define DIM 2
#define DIM_2 4
#define DIM_3 9
// ---- collisions.cuh lines 1-11
#define L 8
#define NUM_RADICES 256
#define NUM_BLOCKS 16
#define GROUPS_PER_BLOCK 12
#define THREADS_PER_GROUP 16
#define PADDED_BLOCKS 16
#define PADDED_GROUPS 256

#ifndef UINT32_MAX
  #define UINT32_MAX 0xffffffff
#endif

// ---- collisions.cu lines 10-467
__device__ void dPrefixSum(uint32_t *values, unsigned int n) {
  int offset = 1;
  int a;
  uint32_t temp;
  
  // upsweep
  for (int d = n / 2; d; d /= 2) {
    __syncthreads();
    
    if (threadIdx.x < d) {
      a = (threadIdx.x * 2 + 1) * offset - 1;
      values[a + offset] += values[a];
    }
    
    offset *= 2;
  }
  
  if (!threadIdx.x) {
    values[n - 1] = 0;
  }
  
  // downsweep
  for (int d = 1; d < n; d *= 2) {
    __syncthreads();
    offset /= 2;
    
    if (threadIdx.x < d) {
      a = (threadIdx.x * 2 + 1) * offset - 1;
      temp = values[a];
      values[a] = values[a + offset];
      values[a + offset] += temp;
    }
  }
}

__device__ void dSumReduce(unsigned int *values, unsigned int *out) {
  // wait for the whole array to be populated
  __syncthreads();
  
  // sum by reduction, using half the threads in each subsequent iteration
  unsigned int threads = blockDim.x;
  unsigned int half = threads / 2;
  
  while (half) {
    if (threadIdx.x < half) {
      // only keep going if the thread is in the first half threads
      for (int k = threadIdx.x + half; k < threads; k += half) {
        values[threadIdx.x] += values[k];
      }
      
      threads = half;
    }
    
    half /= 2;
    
    // make sure all the threads are on the same iteration
    __syncthreads();
  }
  
  // only let one thread update the current sum
  if (!threadIdx.x) {
    atomicAdd(out, values[0]);
  }
}

__global__ void cellCollideKernel(uint32_t *cells, uint32_t *objects,
                                  float *positions, float *velocities,
                                  float *dims, unsigned int n, unsigned int m,
                                  unsigned int cells_per_thread,
                                  unsigned int *collision_count,
                                  unsigned int *test_count) {
  extern __shared__ unsigned int t[];
  
  int thread_start = (blockIdx.x * blockDim.x + threadIdx.x) *
      cells_per_thread;
  int thread_end = thread_start + cells_per_thread;
  int start = -1;
  int i = thread_start;
  uint32_t last = UINT32_MAX;
  uint32_t home;
  uint32_t phantom;
  unsigned int h;
  unsigned int p;
  unsigned int collisions = 0;
  unsigned int tests = 0;
  float dh;
  float dp;
  float dx;
  float d;
  
  while (1) {
    // find cell ID change indices
    if (i >= m || cells[i] >> 1 != last) {
      // at least one home-cell object and at least one other object present
      if (start + 1 && h >= 1 && h + p >= 2) {
        for (int j = start; j < start + h; j++) {
          home = objects[j] >> 1;
          dh = dims[home];
          
          for (int k = j + 1; k < i; k++) {
            // count the number of tests performed
            tests++;
            phantom = objects[k] >> 1;
            dp = dims[phantom] + dh;
            d = 0;
            
            for (int l = 0; l < DIM; l++) {
              dx = positions[phantom + l * n] -
                  positions[home + l * n];
              d += dx * dx;
            }
            
            // if collision
            if (d < dp * dp) {
              collisions++;
            }
          }
        }
      }
      
      // if we're already past the cells assigned to this thread, we're done
      if (i > thread_end || i >= m) {
        break;
      }
      
      // the first thread starts immediately; the others wait until a change
      if (i != thread_start || !blockIdx.x && !threadIdx.x) {
        // reset counters for new cell
        h = 0;
        p = 0;
        start = i;
      }
      
      last = cells[i] >> 1;
    }
    
    // only process collisions that are not handled by a previous thread
    if (start + 1) {
      if (objects[i] & 0x01) {
        // increment home cells
        h++;
      } else {
        // increment phantom cells
        p++;
      }
    }
    
    i++;
  }
  
  t[threadIdx.x] = collisions;
  dSumReduce(t, collision_count);
  
  __syncthreads();
  
  t[threadIdx.x] = tests;
  dSumReduce(t, test_count);
}

__global__ void InitCellKernel(uint32_t *cells, uint32_t *objects, 
                               float *positions, float *dims, unsigned int n,
                               float cell_dim, unsigned int *cell_count) {
  extern __shared__ unsigned int t[];
  unsigned int count = 0;
  
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x *
      blockDim.x) {
    uint32_t hash = 0;
    unsigned int sides = 0;
    int h = i * DIM_2;
    int m = 1;
    int q;
    int r;
    float x;
    float a;
    
    // find home cell
    for (int j = 0; j < DIM; j++) {
      x = positions[n * j + i];
      
      // cell ID is simply the bits of each cell coordinate concatenated
      hash = hash << 8 | (uint32_t) (x / cell_dim);
      
      // determine if the cell is close enogh to overlap cells on the side
      x -= floor(x / cell_dim) * cell_dim;
      
      // we're only using the first dimension (assume circular objects)
      a = dims[i];
      sides <<= 2;
      
      // keep track of which side of the center, if any, the object overlaps
      if (x < a) {
        sides |= 3;
      } else if (cell_dim - x < a) {
        sides |= 1;
      }
    }
    
    // bit 0 unset indicates home cell
    cells[h] = hash << 1 | 0x00;
    objects[h] = i << 1 | 0x01;
    count++;
    
    // find phantom cells in the Moore neighborhood
    for (int j = 0; j < DIM_3; j++) {
      // skip the home (center) cell since it's already been added
      if (j == DIM_3 / 2) {
        continue;
      }
      
      // run through the components of each potential side cell
      q = j;
      hash = 0;
      
      for (int k = 0; k < DIM; k++) {
        r = q % 3 - 1;
        x = positions[n * k + i];
        
        // skip this cell if the object is on the wrong side
        if (r && (sides >> (DIM - k - 1) * 2 & 0x03 ^ r) & 0x03 ||
            x + r * cell_dim < 0 || x + r * cell_dim >= 1) {
          hash = UINT32_MAX;
          break;
        }
        
        // cell ID of the neighboring cell
        hash = hash << 8 | (uint32_t) (x / cell_dim) + r;
        q /= 3;
      }
      
      // only add this cell to the list if there's potential overlap
      if (hash != UINT32_MAX) {
        // count total number of cells occupied
        count++;
        h++;
        
        cells[h] = hash << 1 | 0x01;
        
        // bit 0 set indicates phantom cell
        objects[h] = i << 1 | 0x00;
        
        // keep track of number of cells occupied
        m++;
      }
    }
    
    // fill up remaining cells
    while (m < DIM_2) {
      h++;
      cells[h] = UINT32_MAX;
      objects[h] = i << 2;
      m++;
    }
  }
  
  // perform reduction to count number of cells occupied
  t[threadIdx.x] = count;
  dSumReduce(t, cell_count);
}

__global__ void PrefixSumKernel(uint32_t *values, unsigned int n) {
  extern __shared__ uint32_t s[];
  
  for (int i = 0; i < n; i++) {
    s[i] = values[i];
  }
  
  dPrefixSum(s, n);
  
  for (int i = 0; i < n; i++) {
    values[i] = s[i];
  }
}

__global__ void RadixOrderKernel(uint32_t *keys_in, uint32_t *values_in,
                                 uint32_t *keys_out, uint32_t *values_out,
                                 uint32_t *radices, uint32_t *radix_sums,
                                 unsigned int n, unsigned int cells_per_group,
                                 int shift) {
  extern __shared__ uint32_t s[];
  uint32_t *t = s + NUM_RADICES;
  int group = threadIdx.x / THREADS_PER_GROUP;
  int group_start = (blockIdx.x * GROUPS_PER_BLOCK + group) * cells_per_group;
  int group_end = group_start + cells_per_group;
  uint32_t k;
  
  // initialize shared memory
  for (int i = threadIdx.x; i < NUM_RADICES; i += blockDim.x) {
    s[i] = radix_sums[i];
    
    // copy the last element in each prefix-sum to a separate array
    if (!((i + 1) % (NUM_RADICES / NUM_BLOCKS))) {
      t[i / (NUM_RADICES / NUM_BLOCKS)] = s[i];
    }
  }
  
  __syncthreads();
  
  // add padding to array for prefix-sum
  for (int i = threadIdx.x + NUM_BLOCKS; i < PADDED_BLOCKS; i += blockDim.x) {
    t[i] = 0;
  }
  
  __syncthreads();
  
  // calculate prefix-sum on radix counters
  dPrefixSum(t, PADDED_BLOCKS);
  __syncthreads();
  
  // add offsets to prefix-sum values
  for (int i = threadIdx.x; i < NUM_RADICES; i += blockDim.x) {
    s[i] += t[i / (NUM_RADICES / NUM_BLOCKS)];
  }
  
  __syncthreads();
  
  // add offsets to radix counters
  for (int i = threadIdx.x; i < GROUPS_PER_BLOCK * NUM_RADICES; i +=
      blockDim.x) {
    t[i] = radices[(i / GROUPS_PER_BLOCK * NUM_BLOCKS + blockIdx.x) *
        GROUPS_PER_BLOCK + i % GROUPS_PER_BLOCK] + s[i / GROUPS_PER_BLOCK];
  }
  
  __syncthreads();
  
  // rearrange key-value pairs
  for (int i = group_start + threadIdx.x % THREADS_PER_GROUP; i < group_end &&
      i < n; i += THREADS_PER_GROUP) {
    // need only avoid bank conflicts by group
    k = (keys_in[i] >> shift & NUM_RADICES - 1) * GROUPS_PER_BLOCK + group;
    
    // write key-value pairs sequentially by thread in the thread group
    for (int j = 0; j < THREADS_PER_GROUP; j++) {
      if (threadIdx.x % THREADS_PER_GROUP == j) {
        keys_out[t[k]] = keys_in[i];
        values_out[t[k]] = values_in[i];
        t[k]++;
      }
    }
  }
}

__global__ void RadixSumKernel(uint32_t *radices, uint32_t *radix_sums) {
  extern __shared__ uint32_t s[];
  uint32_t total;
  uint32_t left = 0;
  uint32_t *radix = radices + blockIdx.x * NUM_RADICES * GROUPS_PER_BLOCK;
  
  for (int j = 0; j < NUM_RADICES / NUM_BLOCKS; j++) {
    // initialize shared memory
    for (int i = threadIdx.x; i < NUM_BLOCKS * GROUPS_PER_BLOCK; i +=
        blockDim.x) {
      s[i] = radix[i];
    }
    
    __syncthreads();
    
    // add padding to array for prefix-sum
    for (int i = threadIdx.x + NUM_BLOCKS * GROUPS_PER_BLOCK; i <
        PADDED_GROUPS; i += blockDim.x) {
      s[i] = 0;
    }
    
    __syncthreads();
    
    if (!threadIdx.x) {
      total = s[PADDED_GROUPS - 1];
    }
    
    // calculate prefix-sum on radix counters
    dPrefixSum(s, PADDED_GROUPS);
    __syncthreads();
    
    // copy to global memory
    for (int i = threadIdx.x; i < NUM_BLOCKS * GROUPS_PER_BLOCK; i +=
        blockDim.x) {
      radix[i] = s[i];
    }
    
    __syncthreads();
    
    // calculate total sum and copy to global memory
    if (!threadIdx.x) {
      total += s[PADDED_GROUPS - 1];
      
      // calculate prefix-sum on local radices
      radix_sums[blockIdx.x * NUM_RADICES / NUM_BLOCKS + j] = left;
      total += left;
      left = total;
    }
    
    // move to next radix
    radix += NUM_BLOCKS * GROUPS_PER_BLOCK;
  }
}

__global__ void RadixTabulateKernel(uint32_t *keys, uint32_t *radices,
                                    unsigned int n,
                                    unsigned int cells_per_group, int shift) {
  extern __shared__ uint32_t s[];
  int group = threadIdx.x / THREADS_PER_GROUP;
  int group_start = (blockIdx.x * GROUPS_PER_BLOCK + group) * cells_per_group;
  int group_end = group_start + cells_per_group;
  uint32_t k;
  
  // initialize shared memory
  for (int i = threadIdx.x; i < GROUPS_PER_BLOCK * NUM_RADICES; i +=
      blockDim.x) {
    s[i] = 0;
  }
  
  __syncthreads();
  
  // count instances of each radix
  for (int i = group_start + threadIdx.x % THREADS_PER_GROUP; i < group_end &&
      i < n; i += THREADS_PER_GROUP) {
    // need only avoid bank conflicts by group
    k = (keys[i] >> shift & NUM_RADICES - 1) * GROUPS_PER_BLOCK + group;
    
    // increment radix counters sequentially by thread in the thread group
    for (int j = 0; j < THREADS_PER_GROUP; j++) {
      if (threadIdx.x % THREADS_PER_GROUP == j) {
        s[k]++;
      }
    }
  }
  
  __syncthreads();
  
  // copy to global memory
  for (int i = threadIdx.x; i < GROUPS_PER_BLOCK * NUM_RADICES; i +=
      blockDim.x) {
    radices[(i / GROUPS_PER_BLOCK * NUM_BLOCKS + blockIdx.x) *
        GROUPS_PER_BLOCK + i % GROUPS_PER_BLOCK] = s[i];
  }
}

__global__ void ScaleOffsetKernel(float *arr, float scale, float offset,
                                  unsigned int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x *
      blockDim.x) {
    arr[i] = arr[i] * scale + offset;
  }
}

__global__ void SumReduceKernel(unsigned int *values, unsigned int n,
                                unsigned int *out) {
  extern __shared__ unsigned int t[];
  unsigned int sum = 0;
  
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x *
      blockDim.x) {
    sum += values[i];
  }
  
  t[threadIdx.x] = sum;
  dSumReduce(t, out);
}
