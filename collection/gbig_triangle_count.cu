// tilelab kernel collection: GraphBIG's triangle counting (Schank): a per-thread quicksort of each
// vertex's edges, the sorted-list intersection of each edge's two neighbour sets, and the per-vertex sum
// Source:  https://github.com/graphbig/graphBIG/blob/9ceb9d1b4f52770815bc8de6e9492b38f4ea7e9c/gpu_bench/gpu_TriangleCount/triangle_count.cu
//          (graphbig/graphBIG, commit 9ceb9d1: Georgia Tech and IBM's graph benchmark suite, its gpu_bench CUDA
//          kernels), with gpu_bench/cudalib/cudaGraph.h at the same commit
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2015, Lifeng Nai", repeated below; the
//          source file carries no notice of its own).
// Kept: lines 1-8 (the banner), 10-12 (<stdint.h>, <stdio.h>, a blank line) and 14-124 (the device
//       code), unchanged. Removed: line 9, #include <cuda.h> (the host driver API), and lines 125-221
//       (the host function that allocates, copies, launches and times). Line 13, #include "cudaGraph.h", is
//       replaced by the lines of that
//       header the kernels use, marked.
//
// Copyright (c) 2015, Lifeng Nai
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
// * Neither the name of GraphBIG nor the names of its
//   contributors may be used to endorse or promote products derived from
//   this software without specific prior written permission.
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

//=================================================================//
// CUDA BFS kernel
// Topological-Driven: one node per thread, thread_centric,
//      use atomicAdd instruction
//
// Reference: 
// T. Schank. Algorithmic Aspects of Triangle-Based Network Analysis
//=================================================================//
#include <stdint.h>
#include <stdio.h>

// ---- from gpu_bench/cudalib/cudaGraph.h (same commit), lines 28-29 and 64-91: the struct's device methods and
// ---- its four fields; lines 30-62 (read, cudaGraphAlloc, cudaGraphCopy, cudaGraphFree: host code calling the
// ---- CUDA runtime) left out
typedef struct cudaGraph
{

    __device__ inline uint64_t get_vertex_degree(uint64_t vertex_id)
    {
        return vlist[vertex_id+1]-vlist[vertex_id];
    }

    __device__ inline uint64_t get_edge_index_end(uint64_t vertex_id)
    {
        return vlist[vertex_id+1];
    }

    __device__ inline uint64_t get_firstedge_index(uint64_t vertex_id)
    {
        return vlist[vertex_id];
    }
    __device__ inline uint64_t get_edge_dest(uint64_t index)
    {
        return elist[index];
    }

    __device__ inline uint64_t * get_edge_ptr(uint64_t index)
    {
        return &(elist[index]);
    }

    uint64_t *vlist, *elist;
    uint64_t vertex_cnt, edge_cnt;
}cudaGraph;
// ---- end of cudaGraph.h

#define STACK_SZ 2048
#define SEED 123

__device__ void quicksort(uint64_t array[], unsigned len)
{
    uint64_t left = 0, stack[STACK_SZ], pos = 0, seed = SEED;
    for ( ; ; )                                             /* outer loop */
    {
        for (; left+1 < len; len++)                  /* sort left to len-1 */
        {
            if (pos == STACK_SZ) len = stack[pos = 0];  /* stack overflow, reset */
            uint64_t pivot = array[left+seed%(len-left)];  /* pick random pivot */
            seed = seed*69069+1;                /* next pseudorandom number */
            stack[pos++] = len;                    /* sort right part later */
            for (unsigned right = left-1; ; )   /* inner loop: partitioning */
            {
                while (array[++right] < pivot);  /* look for greater element */
                while (pivot < array[--len]);    /* look for smaller element */
                if (right >= len) break;           /* partition point found? */
                uint64_t temp = array[right];
                array[right] = array[len];                  /* the only swap */
                array[len] = temp;
            }                            /* partitioned, continue left part */
        }
        if (pos == 0) break;                               /* stack empty? */
        left = len;                             /* left to right is sorted */
        len = stack[--pos];                      /* get next range to sort */
    }
}
__device__ unsigned get_intersect_cnt(uint64_t* setA, unsigned sizeA, uint64_t* setB, unsigned sizeB)
{
    unsigned ret=0;
    unsigned iter1=0, iter2=0;
    while (iter1<sizeA && iter2<sizeB) 
    {
        if (setA[iter1] < setB[iter2]) 
            iter1++;
        else if (setA[iter1] > setB[iter2]) 
            iter2++;
        else
        {
            ret++;
            iter1++;
            iter2++;
        }
    }

    return ret;
}

__global__ void initialize(uint32_t * d_graph_property, uint64_t num_vertex)
{
    size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    if ( tid < num_vertex )
    {
        d_graph_property[tid] = 0;
    }
}

// sort the outgoing edges accoring to their ID order
__global__
void kernel_step1(uint32_t * vplist, cudaGraph graph) 
{
	uint64_t tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= graph.vertex_cnt) return;

    uint64_t start;
    start = graph.get_firstedge_index(tid);
    quicksort(graph.get_edge_ptr(start), graph.get_vertex_degree(tid));
}

// get neighbour set intersections of the vertices with edge links
__global__
void kernel_step2(uint32_t * vplist, cudaGraph graph) 
{
	uint64_t tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= graph.vertex_cnt) return;

    uint64_t start, end;
    start = graph.get_firstedge_index(tid);
    end = start + graph.get_vertex_degree(tid);
    for (uint64_t i=start; i<end; i++)
    {
        uint64_t dest = graph.get_edge_dest(i);
        if (tid > dest) continue; // skip reverse edges
        uint64_t dest_start = graph.get_firstedge_index(dest);
        unsigned cnt = get_intersect_cnt(graph.get_edge_ptr(start),
                graph.get_vertex_degree(tid), graph.get_edge_ptr(dest_start),
                graph.get_vertex_degree(dest));

        atomicAdd(&(vplist[tid]), cnt);
        atomicAdd(&(vplist[dest]), cnt);
    }

}

// reduction to get the total count
__global__
void kernel_step3(uint32_t * vplist, cudaGraph graph, unsigned * d_tcount) 
{
	uint64_t tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= graph.vertex_cnt) return;

    vplist[tid] = vplist[tid] / 2;

    atomicAdd(d_tcount, vplist[tid]);
}
