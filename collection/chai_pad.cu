// tilelab kernel collection: Chai's PAD (CUDA-D): in-place matrix padding: tasks chained by adjacent-block flags (an atomicAdd spin wait on the previous task's flag)
// Source:  https://github.com/chai-benchmarks/chai/blob/1ad38e3607a59905c5edc4f6ae11f676a769f3d9/CUDA-D/PAD/kernel.cu
//          (chai-benchmarks/chai, commit 1ad38e3: Chai, Collaborative Heterogeneous Applications for Integrated-architectures,
//          University of Cordoba and University of Illinois)
// Licence: the University of Illinois/NCSA-style licence in each file's notice (no LICENSE file in the repository); the notice follows.
// Kept: lines 1-34 (the notice) and 36-110 (the device code); the host wrapper call_* (lines 111-132) is
//       removed: its grid, block and dynamic shared memory are the manifest entry's. The Makefile's build defines no CUDA_8_0,
//       so the static partitioner and plain atomics are what its nvcc build compiles; the entry does not define it either.
// Copied in, marked: support/common.h lines 36-57, support/partitioner.h lines 36-213 in place of their #include lines.

/*
 * Copyright (c) 2016 University of Cordoba and University of Illinois
 * All rights reserved.
 *
 * Developed by:    IMPACT Research Group
 *                  University of Cordoba and University of Illinois
 *                  http://impact.crhc.illinois.edu/
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * with the Software without restriction, including without limitation the 
 * rights to use, copy, modify, merge, publish, distribute, sublicense, and/or
 * sell copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 *      > Redistributions of source code must retain the above copyright notice,
 *        this list of conditions and the following disclaimers.
 *      > Redistributions in binary form must reproduce the above copyright
 *        notice, this list of conditions and the following disclaimers in the
 *        documentation and/or other materials provided with the distribution.
 *      > Neither the names of IMPACT Research Group, University of Cordoba, 
 *        University of Illinois nor the names of its contributors may be used 
 *        to endorse or promote products derived from this Software without 
 *        specific prior written permission.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE 
 * CONTRIBUTORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS WITH
 * THE SOFTWARE.
 *
 */

#define _CUDA_COMPILER_

// ---- #include "support/common.h": CUDA-D/PAD/support/common.h lines 36-57 copied in (the notice above covers it) ----
#ifndef _COMMON_H_
#define _COMMON_H_

#ifndef DOUBLE_PRECISION
#define DOUBLE_PRECISION 1
#endif

#if DOUBLE_PRECISION
#define T double
#else
#define T float
#endif

#ifdef REGISTERS
#define REGS REGISTERS
#else
#define REGS 32
#endif

#define divceil(n, m) (((n)-1) / (m) + 1)

#endif
// ---- end of support/common.h ----
// ---- #include "support/partitioner.h": CUDA-D/PAD/support/partitioner.h lines 36-213 copied in (the notice above covers it) ----
#ifndef _PARTITIONER_H_
#define _PARTITIONER_H_

#ifndef _CUDA_COMPILER_
#include <iostream>
#endif

#if !defined(_CUDA_COMPILER_) && defined(CUDA_8_0)
#include <atomic>
#endif

// Partitioner definition -----------------------------------------------------

typedef struct Partitioner {

    int n_tasks;
    int cut;
    int current;
#ifndef _CUDA_COMPILER_
    int thread_id;
    int n_threads;
#endif


#ifdef CUDA_8_0
    // CUDA 8.0 support for dynamic partitioning
    int strategy;
#ifdef _CUDA_COMPILER_
    int *worklist;
    int *tmp;
#else
    std::atomic_int *worklist;
#endif
#endif

} Partitioner;

// Partitioning strategies
#define STATIC_PARTITIONING 0
#define DYNAMIC_PARTITIONING 1

// Create a partitioner -------------------------------------------------------

#ifdef _CUDA_COMPILER_
__device__
#endif
inline Partitioner partitioner_create(int n_tasks, float alpha
#ifndef _CUDA_COMPILER_
    , int thread_id, int n_threads
#endif
#ifdef CUDA_8_0
#ifdef _CUDA_COMPILER_
    , int *worklist
    , int *tmp
#else
    , std::atomic_int *worklist
#endif
#endif
    ) {
    Partitioner p;
    p.n_tasks = n_tasks;
#ifndef _CUDA_COMPILER_
    p.thread_id = thread_id;
    p.n_threads = n_threads;
#endif
    if(alpha >= 0.0 && alpha <= 1.0) {
        p.cut = p.n_tasks * alpha;
#ifdef CUDA_8_0
        p.strategy = STATIC_PARTITIONING;
#endif
    } else {
#ifdef CUDA_8_0
        p.strategy = DYNAMIC_PARTITIONING;
        p.worklist = worklist;
#ifdef _CUDA_COMPILER_
        p.tmp = tmp;
#endif
#endif
    }
    return p;
}

// Partitioner iterators: first() ---------------------------------------------

#ifndef _CUDA_COMPILER_

inline int cpu_first(Partitioner *p) {
#ifdef CUDA_8_0
    if(p->strategy == DYNAMIC_PARTITIONING) {
        p->current = p->worklist->fetch_add(1);
    } else
#endif
    {
        p->current = p->thread_id;
    }
    return p->current;
}

#else

__device__ inline int gpu_first(Partitioner *p) {
#ifdef CUDA_8_0
    if(p->strategy == DYNAMIC_PARTITIONING) {
        if(threadIdx.y == 0 && threadIdx.x == 0) {
            p->tmp[0] = atomicAdd_system(p->worklist, 1);
        }
        __syncthreads();
        p->current = p->tmp[0];
    } else
#endif
    {
        p->current = p->cut + blockIdx.x;
    }
    return p->current;
}

#endif

// Partitioner iterators: more() ----------------------------------------------

#ifndef _CUDA_COMPILER_

inline bool cpu_more(const Partitioner *p) {
#ifdef CUDA_8_0
    if(p->strategy == DYNAMIC_PARTITIONING) {
        return (p->current < p->n_tasks);
    } else
#endif
    {
        return (p->current < p->cut);
    }
}

#else

__device__ inline bool gpu_more(const Partitioner *p) {
    return (p->current < p->n_tasks);
}

#endif

// Partitioner iterators: next() ----------------------------------------------

#ifndef _CUDA_COMPILER_

inline int cpu_next(Partitioner *p) {
#ifdef CUDA_8_0
    if(p->strategy == DYNAMIC_PARTITIONING) {
        p->current = p->worklist->fetch_add(1);
    } else
#endif
    {
        p->current = p->current + p->n_threads;
    }
    return p->current;
}

#else

__device__ inline int gpu_next(Partitioner *p) {
#ifdef CUDA_8_0
    if(p->strategy == DYNAMIC_PARTITIONING) {
        if(threadIdx.y == 0 && threadIdx.x == 0) {
            p->tmp[0] = atomicAdd_system(p->worklist, 1);
        }
        __syncthreads();
        p->current = p->tmp[0];
    } else
#endif
    {
        p->current = p->current + gridDim.x;
    }
    return p->current;
}

#endif

#endif
// ---- end of support/partitioner.h ----

// CUDA kernel ------------------------------------------------------------------------------------------
__global__ void Padding_kernel(int n, int m, int pad, int n_tasks, float alpha, T *matrix_out, T *matrix,
    int *flags
#ifdef CUDA_8_0
    , int *worklist
#endif
    ) {

#ifdef CUDA_8_0
    extern __shared__ int l_mem[];
    int* l_tmp = l_mem;
#endif

#ifdef CUDA_8_0
    Partitioner p = partitioner_create(n_tasks, alpha, worklist, l_tmp);
#else
    Partitioner p = partitioner_create(n_tasks, alpha);
#endif

    const int matrix_size = m * (n + pad);
    const int matrix_size_align =
        (matrix_size + blockDim.x * REGS - 1) / (blockDim.x * REGS) * (blockDim.x * REGS);

    for(int my_s = gpu_first(&p); gpu_more(&p); my_s = gpu_next(&p)) {

        // Declare on-chip memory
        T   reg[REGS];
        int pos      = matrix_size_align - 1 - (my_s * REGS * blockDim.x + threadIdx.x);
        int my_s_row = pos / (n + pad);
        int my_x     = pos % (n + pad);
        int pos2     = my_s_row * n + my_x;
// Load in on-chip memory
#pragma unroll
        for(int j = 0; j < REGS; j++) {
            if(pos2 >= 0 && my_x < n && pos2 < matrix_size)
                reg[j] = matrix[pos2];
            else
                reg[j] = 0;
            pos -= blockDim.x;
            my_s_row = pos / (n + pad);
            my_x     = pos % (n + pad);
            pos2     = my_s_row * n + my_x;
        }

        __syncthreads();

        // Set global synch
        if(threadIdx.x == 0) {
#ifdef CUDA_8_0
            while(atomicAdd_system(&flags[my_s], 0) == 0) {
            }
            atomicAdd_system(&flags[my_s + 1], 1);
#else
            while(atomicAdd(&flags[my_s], 0) == 0) {
            }
            atomicAdd(&flags[my_s + 1], 1);
#endif
        }
        __syncthreads();

        pos = matrix_size_align - 1 - (my_s * REGS * blockDim.x + threadIdx.x);
// Store to global memory
#pragma unroll
        for(int j = 0; j < REGS; j++) {
            if(pos >= 0 && pos < matrix_size)
                matrix_out[pos] = reg[j];
            pos -= blockDim.x;
        }
    }
}
