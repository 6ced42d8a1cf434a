// tilelab kernel collection: GraphBIG's k-core (Alvarez-Hamelin et al.): degree initialisation, the
// peeling step that decrements the live neighbours of removed vertices, and the step that removes vertices below k
// Source:  https://github.com/graphbig/graphBIG/blob/9ceb9d1b4f52770815bc8de6e9492b38f4ea7e9c/gpu_bench/gpu_kCore/kcore.cu
//          (graphbig/graphBIG, commit 9ceb9d1: Georgia Tech and IBM's graph benchmark suite, its gpu_bench CUDA
//          kernels), with gpu_bench/cudalib/cudaGraph.h at the same commit
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2015, Lifeng Nai", repeated below; the
//          source file carries no notice of its own).
// Kept: lines 1-9 (the banner), 11-13 (<stdint.h>, <stdio.h>, a blank line) and 15-77 (the device
//       code), unchanged. Removed: line 10, #include <cuda.h> (the host driver API), and lines 78-195
//       (the host function that allocates, copies, launches and times). Line 14, #include "cudaGraph.h", is
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
// CUDA kCore kernel
// Topological-Driven: one node per thread, thread_centric,
//      use atomicAdd & atomicSub instructions
//
// Reference: 
// Alvarez-Hamelin, et al. K-Core Decomposition: A Tool for the 
//      Visualization of Large Networks.
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

__global__ void initialize(uint32_t * d_graph_property, 
        bool * d_rml, bool * d_flag, cudaGraph graph)
{
    size_t tid = blockIdx.x * blockDim.x + threadIdx.x;
    if ( tid < graph.vertex_cnt )
    {
        d_graph_property[tid] = graph.get_vertex_degree(tid);
        d_rml[tid] = false;
        d_flag[tid] = false;
    }
}

__global__
void kernel(uint32_t * vplist, 
        bool * rmlist, 
        bool * flaglist, 
        cudaGraph graph) 
{
	uint64_t tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= graph.vertex_cnt) return;

    uint64_t vid = tid;
    if (flaglist[vid])
    {
        uint64_t start, end;
        start = graph.get_firstedge_index(vid);
        end = graph.get_edge_index_end(vid);
        for (uint64_t i=start;i<end;i++)
        {
            uint64_t dest = graph.get_edge_dest(i);
            if (rmlist[dest]==false)
                atomicSub(&(vplist[dest]), 1);
        }
        flaglist[vid] = false;
    }
}
__global__
void kernel2(uint32_t * vplist, 
        bool * rmlist, 
        bool * flaglist, 
        cudaGraph graph, 
        unsigned kcore, 
        unsigned * rm_cnt, 
        bool * d_over) 
{
	uint64_t tid = blockIdx.x * blockDim.x + threadIdx.x;

    if (tid >= graph.vertex_cnt) return;

    uint64_t vid = tid;
    if (rmlist[vid]==false)
    {
        if (vplist[vid]<kcore)
        {
            rmlist[vid]=true;
            flaglist[vid]=true;
            atomicAdd(rm_cnt, 1);
            *d_over = false;
        }
    }
}
