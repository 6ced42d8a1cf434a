// tilelab kernel collection: a vertex-parallel BFS with a serialised Brandes accumulation (one block of 256 threads; for
// each source in turn, a level-synchronous BFS over all vertices counting shortest paths, then thread 0 alone walks the
// stack of visited vertices backwards, accumulating the dependencies)
// Source:  https://github.com/CSE-Projects/betweenness-centrality-gpu/blob/5f62aebbfea8ade7656762fad9993b05d346c31f/main_vertex_parallel-serial.cu
//          (CSE-Projects/betweenness-centrality-gpu, commit 5f62aeb)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Omkar Prabhu, Dibyadarshan Hota", repeated below; the
//          file carries only its authors' note, kept).
// Kept: lines 1-5 (the authors' note), lines 12 and 16-156 (the #define and the __global__ kernel
//       betweenness_centrality_kernel), unchanged. Removed: lines 6-10 (host includes: iostream, stdio.h, sstream,
//       string.h, cuda.h), line 14 (using namespace std) and lines 158-272 (main: reading the graph, allocation, the
//       launch, timing, the maximum).
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

// main_vertex_parallel-serial.cu, lines 1-5
/*
Authors
- Dibyadarshan Hota 16CO154
- Omkar Prabhu 16CO233
*/

// main_vertex_parallel-serial.cu, line 12
#define ll long long 

// main_vertex_parallel-serial.cu, lines 16-156

// ============== Kernel for betweenness calculation ========================
                
__global__
void betweenness_centrality_kernel (int nodes, int *C, int *R, int *d, int *sigma, float *delta, float *bc, int *reverse_stack) {
    

    // Used to store the position where nodes are pushed as a stack
    __shared__ int position;
    
    // Used to store the source vertex            
    __shared__ int s;
    //__shared__ int end_pos;
    
    int idx = threadIdx.x;
    if (idx == 0) {
        // Initializing source
        s = 0;
        //end_pos = 1;
        //reverse_bfs_limit[0] = 0;
    }
    __syncthreads();
    
    while (s < nodes) {
        __syncthreads();
        
        // ============== Vertex parallel method for BFS ========================
                
        //Initialize d and sigma
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

        // ============== INIT ========================
                
        if(idx == 0) {
            done = false;
            current_depth = 0;
            position = 0;
        }
        __syncthreads();
        
        // SP Calc 
        while(!done)
        {
            __syncthreads();
            done = true;
            __syncthreads();
            
            for(int v=idx; v<nodes; v+=blockDim.x) {
                if(d[v] == current_depth) {
                    
                    // ============== Storing nodes for reverse BFS ========================
                
                    int t = atomicAdd(&position,1);
                    reverse_stack[t] = v;

                    // ============== Relaxation step to find minimum distance ========================
                
                    for(int r=R[v]; r<R[v+1]; r++) {
                        int w = C[r];
                        if(d[w] == INT_MAX) {
                            d[w] = d[v] + 1;
                            done = false;
                        }
                        if(d[w] == (d[v] + 1)) {
                            atomicAdd(&sigma[w],sigma[v]);
                        }
                    }
                }
            }
            __syncthreads();
            if(idx == 0){
                current_depth++;
                //reverse_bfs_limit[end_pos] = position;
                //++end_pos;
            }
        }


        // Parallel Vertex Parallel implementation (uncomment the following lines and comment the ones below)
   
        __syncthreads();
        // atomicSub(&end_pos,2);
        // for(int itr1 = end_pos; itr1 >= 0; --itr1){
        //     for(int itr2 = reverse_bfs_limit[itr1] + idx; itr2 < reverse_bfs_limit[itr1+1]; itr2+=blockDim.x){
        //         // reverse_stack[itr2] is one node
        //         for(int itr3 = R[reverse_stack[itr2]]; itr3 < R[reverse_stack[itr2] + 1]; ++itr3){
        //             int consider = C[itr3];
        //             // C[itr3] other node
        //             if(d[consider] == d[reverse_stack[itr2]]-1){
        //                 delta[consider] += ( ((float)sigma[consider]/sigma[reverse_stack[itr2]]) * ((float)1 + delta[reverse_stack[itr2]]) ); 
        //             }
        //         }
        //         if(reverse_stack[itr2] != s){
        //             bc[reverse_stack[itr2]] += delta[reverse_stack[itr2]];
        //         }

        //     }
        //     __syncthreads();
        // }

        
        // Serialized Vertex Parallel implementation. Comment the following for parallel implementation

        if(idx == 0){
            
            for(int itr1 = nodes - 1; itr1 >= 0; --itr1){
                for(int itr2 = R[reverse_stack[itr1]]; itr2 < R[reverse_stack[itr1] + 1]; ++itr2){
                    int consider = C[itr2];
                    if(d[consider] == d[reverse_stack[itr1]]-1){
                        delta[consider] += ( ((float)sigma[consider]/sigma[reverse_stack[itr1]]) * ((float)1 + delta[reverse_stack[itr1]]) ); 
                    }
                }
                if(reverse_stack[itr1] != s){
                    bc[reverse_stack[itr1]] += delta[reverse_stack[itr1]];
                }
            }
        }

        // ============== Incrementing source ========================
                
        __syncthreads();
        if (idx == 0) {
            s += 1;
        }
       
    }
}
