// tilelab kernel collection: a work-efficient Brandes betweenness centrality (one block a source, block-private pitched rows in global memory: a queue-based BFS with atomicCAS, a stack of the vertices by depth, the dependencies accumulated back up it, a float atomicAdd into bc; a block takes its next source with atomicAdd on next_source)
// Source:  https://github.com/CSE-Projects/betweenness-centrality-gpu/blob/5f62aebbfea8ade7656762fad9993b05d346c31f/main_work_efficient_parallel.cu
//          (CSE-Projects/betweenness-centrality-gpu, commit 5f62aeb)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Omkar Prabhu, Dibyadarshan Hota", repeated below; the
//          file carries only its authors' note, kept).
// Kept: lines 1-5 (the authors' note), lines 17 and 21-209 (the #define and the __global__ kernel betweenness_centrality_kernel),
//       unchanged. Removed: lines 6-15 (host includes, Thrust's among them: the kernel uses none of it), line 19 (using namespace std) and lines 211-360 (main: reading the graph, cudaMallocPitch of the per-block rows, the launch, timing, the maximum).
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

// main_work_efficient_parallel.cu, lines 1-5
/*
Authors
- Dibyadarshan Hota 16CO154
- Omkar Prabhu 16CO233
*/

// main_work_efficient_parallel.cu, line 17
#define ll long long 

// main_work_efficient_parallel.cu, lines 21-209
/**
 * Kernel for computing Betweenness Centrality
 * res: Stored in global memory variable bc
 */
__global__
void betweenness_centrality_kernel (float *bc, int nodes, int edges, const int *V, const int *E, int *Queue_curr, int *Queue_next, int *Depth_Nodes, int *Depth_Points, unsigned long long *sigma, int *distance, float *delta, int *next_source, size_t scale_distance, size_t scale_sigma, size_t scale_delta, size_t scale_Queue_curr, size_t scale_Queue_next, size_t scale_depthnodes, size_t scale_depthpoints) {

    // ================================== VARIABLES INIT ============================================

    // common global delta, sigma and  distance pointers for
    // offset by blockId times scale for each block to get its storing space
    int *s_distance = (int*)((char*)distance + blockIdx.x*scale_distance);
    unsigned long long *s_sigma = (unsigned long long*)((char*)sigma + blockIdx.x*scale_sigma);
    float *s_delta = (float*)((char*)delta + blockIdx.x*scale_delta);
    // printf ("Thread number %d\n", threadIdx.x);

    // shared pointers local to block
    // pointing to global memory as entire shared memory space is not enough to hold for all blocks
    __shared__ int *s_queue_curr;
    __shared__ int *s_queue_next;
    __shared__ int *s_depthnodes;
    __shared__ int *s_depthpoints;
    __shared__ int curr_source;
    __shared__ int block_source;
    // lengths
    __shared__ int len_queue_curr;
    __shared__ int len_queue_next;
    __shared__ int len_depthnodes;
    __shared__ int len_depthpoints;
    __shared__ int depth; 

    // current thread
    int tid = threadIdx.x;

    // init
    if (tid == 0) {
        // block source
        block_source = blockIdx.x;
        // current source operation
        curr_source = block_source;
        // offset by blockId time scale for getting the space for each block
        s_queue_curr = (int*)((char*)Queue_curr + blockIdx.x*scale_Queue_curr);
        s_queue_next = (int*)((char*)Queue_next + blockIdx.x*scale_Queue_next);
        s_depthnodes = (int*)((char*)Depth_Nodes + blockIdx.x*scale_depthnodes);
        s_depthpoints = (int*)((char*)Depth_Points + blockIdx.x*scale_depthpoints);
        // Check point
        // for (int i = 0; i < nodes; i++) {
        //     printf("%d: %d", i, s_distance[i]);
        // }
        // printf("Block %d I %d", blockIdx, );
    }
    // wait for init to complete
    __syncthreads();

    // ================================== MAIN ============================================
    // check if the block is operating on a valid source i.e < total nodes
    while (block_source < nodes) {
        // ============================== distance, delta and sigma INIT ============================================
        // In parallel
        for(int k = threadIdx.x; k < nodes; k += blockDim.x) {
            if(k == curr_source) {
                s_distance[k] = 0;
                s_sigma[k] = 1;
            }
            else {
                s_distance[k] = INT_MAX;
                s_sigma[k] = 0;
            }	
            s_delta[k] = 0;
        }
        // wait for completion
        __syncthreads();
        
        // ============================== Shortest Path Calculation using curr source ======================
        // ============================== Using Work Efficiency ============================================ 
        
        // init lenghts
        if(tid == 0) {
            s_queue_curr[0] = curr_source;
            len_queue_curr = 1;
            len_queue_next = 0;
            s_depthnodes[0] = curr_source;
            len_depthnodes = 1;
            s_depthpoints[0] = 0;
            s_depthpoints[1] = 1;
            len_depthpoints = 2;
            depth = 0;
            // Check point
            // printf("Block: %d Root: %d\n", blockIdx.x, curr_source);
        }
        __syncthreads();

        // start
        while(1) {
            // In parallel for current queue elements
            for(int k = threadIdx.x; k < len_queue_curr; k += blockDim.x) {
                // get vertex at current depth
                int v = s_queue_curr[k];
                // traverse neighbours
                for(int r = V[v]; r < V[v+1]; r++) {
                    int w = E[r];
                    // update if not already updated
                    if(atomicCAS(&s_distance[w], INT_MAX, s_distance[v]+1) == INT_MAX) {
                        int ii = atomicAdd(&len_queue_next, 1);
                        s_queue_next[ii] = w;
                    }
                    // add the total paths possible to sigma
                    if(s_distance[w] == (s_distance[v]+1)) {
                        atomicAdd(&s_sigma[w], s_sigma[v]);
                    }
                }
            }
            __syncthreads();

            // check if completely traversed
            if(len_queue_next == 0) {
                break;
            }
            else {
                // move next traversal elements from Queue next to Queue curr
                for(int i = threadIdx.x; i < len_queue_next; i += blockDim.x) {
                    s_queue_curr[i] = s_queue_next[i];
                    s_depthnodes[i+len_depthnodes] = s_queue_next[i];
                }
                __syncthreads();
                // Set variables
                if(tid == 0) {
                    s_depthpoints[len_depthpoints] = s_depthpoints[len_depthpoints-1] + len_queue_next;
                    len_depthpoints++;
                    len_queue_curr = len_queue_next;
                    len_depthnodes += len_queue_next;
                    len_queue_next = 0;
                    depth++;
                }
                __syncthreads();
            }
        }

        // get depth for traversal
        if(tid == 0) {
            depth = s_distance[s_depthnodes[len_depthnodes-1]] - 1;
        }
        __syncthreads();
        
        // ============================== BC calculation using Brande's Algorithm ============================================
        // In parallel 
        // go from depth
        while(depth > 0) {
            for(int k = threadIdx.x + s_depthpoints[depth]; k < s_depthpoints[depth+1]; k += blockDim.x) {
                // get elements at this depth
                int w = s_depthnodes[k];
                // init
                float dsw = 0;
                float sw = (float)s_sigma[w];
                // check neighbours
                for(int r = V[w]; r < V[w+1]; r++) {
                    int v = E[r];
                    // neighbour within 1 distance
                    if(s_distance[v] == (s_distance[w]+1)) {
                        // accumulate sigma
                        dsw += (sw/(float)s_sigma[v])*(1.0f+s_delta[v]);
                    }
                }
                // update delta using dsw
                s_delta[w] = dsw;
            }
            // move to higher depth
            __syncthreads();
            if(tid == 0) {
                depth--;
            }
            __syncthreads();
        }
        
        for(int k = threadIdx.x; k < nodes; k += blockDim.x) {
            atomicAdd(&bc[k], s_delta[k]);
        }
        __syncthreads();

        // ============================== NEXT OPERATING SOURCE FOR BLOCK ============================================
        // get a block's next operating source
        // using number of blocks launched stored in next source variable
        if(tid == 0) {
            block_source = atomicAdd(next_source, 1);
            curr_source = block_source;
        }
        __syncthreads();
    }
}
