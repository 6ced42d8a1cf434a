// tilelab kernel collection: a vertex-parallel Brandes betweenness centrality (one block of 1024 threads; for each source in turn, a level-synchronous BFS over all vertices counting shortest paths, then the dependencies accumulated level by level back up a stack of the visited vertices)
// Source:  https://github.com/CSE-Projects/betweenness-centrality-gpu/blob/5f62aebbfea8ade7656762fad9993b05d346c31f/main_vertex_parallel.cu
//          (CSE-Projects/betweenness-centrality-gpu, commit 5f62aeb)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Omkar Prabhu, Dibyadarshan Hota", repeated below; the
//          file carries only its authors' note, kept).
// Kept: lines 1-5 (the authors' note), lines 12 and 16-160 (the #define and the __global__ kernel betweenness_centrality_kernel),
//       unchanged. Removed: lines 6-10 (host includes: iostream, stdio.h, sstream, string.h, cuda.h), line 14 (using namespace std) and lines 162-284 (main: reading the graph, allocation, the launch, timing, the maximum).
//
// MIT License
//
// Copyright (c) 2018 Omkar Prabhu, Dibyadarshan Hota
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

// main_vertex_parallel.cu, lines 1-5
/*
Authors
- Dibyadarshan Hota 16CO154
- Omkar Prabhu 16CO233
*/

// main_vertex_parallel.cu, line 12
#define ll long long 

// main_vertex_parallel.cu, lines 16-160
/**
 * Kernel for computing Betweenness Centrality
 * res: Stored in global memory variable bc
 */
__global__
void betweenness_centrality_kernel (int nodes, int *C, int *R, int *d, int *sigma, float *delta, float *bc, int *reverse_stack, int *finish_limit) {
    // ================================== VARIABLES INIT ============================================
    // initial variables
    __shared__ int position;
    __shared__ int s;
    __shared__ int finish_limit_position;
    
    // source variable initially 0
    int idx = threadIdx.x;
    if (idx == 0) {
        s = 0;
    }
    __syncthreads();
    
    // move through all nodes
    while (s < nodes) {
        __syncthreads();
        
        // ============================== distance, delta and sigma INIT ============================================
        for(int v=idx; v<nodes; v+=blockDim.x) {
            if(v == s) {
                d[v] = 0;
                sigma[v] = 1;
            }
            else {
                d[v] = INT_MAX;
                sigma[v] = 0;
            }
            delta[v] = 0;
        }
        __syncthreads();
        __shared__ int current_depth;
        __shared__ bool done;
        if(idx == 0) {
            done = false;
            current_depth = 0;
            position = 0;
            finish_limit_position = 1;
            finish_limit[0] = 0;
        }
        __syncthreads();
        
        // ============================== Shortest Path Calculation using curr source ======================
        // ============================== Using Vertex Parallel ============================================  
        while(!done)
        {   // wait
            __syncthreads();
            done = true;
            __syncthreads();
            // move through modes
            for(int v=idx; v<nodes; v+=blockDim.x) {
                if(d[v] == current_depth) {
                    // add to reverse_stack 
                    int t = atomicAdd(&position,1);
                    reverse_stack[t] = v;
                    // move through neighbours
                    for(int r=R[v]; r<R[v+1]; r++) {
                        int w = C[r];
                        // if not visited
                        if(d[w] == INT_MAX) {
                            d[w] = d[v] + 1;
                            done = false;
                        }
                        // add number of paths
                        if(d[w] == (d[v] + 1)) {
                            atomicAdd(&sigma[w],sigma[v]);
                        }
                    }
                }
            }
            __syncthreads();
            // increment variables
            if(idx == 0){
                current_depth++;
                finish_limit[finish_limit_position] = position;
                ++finish_limit_position;
            }
        }


        // ============================== BC calculation using Brande's Algorithm ============================================

        // Parallel Vertex Parallel implementation   
        // __syncthreads();
        if(idx == 0){
            finish_limit_position-=2;
            // printf("%d %d %d<--", finish_limit_position, finish_limit[finish_limit_position], finish_limit[finish_limit_position+1]);
            // for(int a1=0;a1<=finish_limit_position+1;++a1) printf("%d-", finish_limit[a1]);
            // printf("\n");
            // for(int a1=0;a1<nodes;++a1) printf("%d<", reverse_stack[a1]);
            // cout<<"\n";
            // printf("\n");
        } 
        __syncthreads();
	    //atomicSub(&finish_limit_position,2);
        for(int itr1 = finish_limit_position; itr1 >= 0; --itr1){
            // __syncthreads();
		    for(int itr2 = finish_limit[itr1] + idx; itr2 < finish_limit[itr1+1]; itr2+=blockDim.x){
                // reverse_stack[itr2] is one node
                for(int itr3 = R[reverse_stack[itr2]]; itr3 < R[reverse_stack[itr2] + 1]; ++itr3){
                    int consider = C[itr3];
                    // C[itr3] other node
                    if(d[consider] == d[reverse_stack[itr2]]+1){
                        //atomicAdd(&delta[consider], ( ((float)sigma[consider]/sigma[reverse_stack[itr2]]) * ((float)1 + delta[reverse_stack[itr2]]) )); 
                        delta[reverse_stack[itr2]] += ( ((float)sigma[reverse_stack[itr2]]/sigma[consider]) * ((float)1 + delta[consider]) );
                    }
                }
                if(reverse_stack[itr2] != s){
                    bc[reverse_stack[itr2]] += delta[reverse_stack[itr2]];
                }

            }
            __syncthreads();
        }

        // Serialized Vertex Parallel implementation

        // if(idx == 0){
            
        //     for(int itr1 = nodes - 1; itr1 >= 0; --itr1){
        //         for(int itr2 = R[reverse_stack[itr1]]; itr2 < R[reverse_stack[itr1] + 1]; ++itr2){
        //             int consider = C[itr2];
        //             if(d[consider] == d[reverse_stack[itr1]]-1){
        //                 delta[consider] += ( ((float)sigma[consider]/sigma[reverse_stack[itr1]]) * ((float)1 + delta[reverse_stack[itr1]]) ); 
        //             }
        //         }
        //         if(reverse_stack[itr1] != s){
        //             bc[reverse_stack[itr1]] += delta[reverse_stack[itr1]];
        //         }
        //     }
        // }

        // increment 
        __syncthreads();
        if (idx == 0) {
            s += 1;
        }
       
    }
}
