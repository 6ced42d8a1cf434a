// tilelab kernel collection: a push-relabel graph cut on a 4-connected image grid (MONAI fork, graph-cut branch)
// Source:  https://github.com/charliebudd/MONAI/blob/71aa84fb8299b969ecfc270fb5b184bb7360f7a6/monai/csrc/geometric/graph_cut/push_relabel.cu
// Licence: Apache-2.0 (the repository's LICENSE; the source file carries no notice of its own: MONAI's notice,
//          as its other csrc files carry it, is repeated below).
// Repository: charliebudd/MONAI (a fork of Project-MONAI/MONAI), branch graph-cut-implementation, commit 71aa84f
//          ("Adding configurable inner loops ..."): a PyTorch extension for interactive segmentation by graph cuts.
// Kept: push_relabel.cu lines 5-291 (the kernels InitialisationKernel, PushKernel, RelabelKernel,
//       ActiveBlockCheckKernel, GlobalRelabelKernel and TEMP_OUTPUT_DUMP), unchanged. Removed: lines 1-4 (includes
//       of push_relabel.cuh, utils/tensor_description.h, <ctime>) and the host code from line 292 (the PushRelabel
//       class). Copied in, marked: push_relabel.cuh lines 5-11 (BLOCK_SIZE and the five __constant__ ints; its
//       includes of <cuda.h>, <cuda_runtime.h>, <torch/extension.h> and the class declaration left out). The
//       launches are the class's: <<<total_block_count, BLOCK_SIZE^2>>> with total_block_count =
//       (int(width / 32) + 1) * (int(height / 32) + 1) for the initialisation, the active-block check, the global
//       relabel (its loop is commented out in Execute) and the dump; <<<active_block_count, 1024>>> over the
//       compacted active_block_map for push and relabel; the constants set by cudaMemcpyToSymbol.

/*
Copyright 2020 - 2021 MONAI Consortium
Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at
    http://www.apache.org/licenses/LICENSE-2.0
Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/

// ---- copied in from push_relabel.cuh lines 5-11, marked ----
#define BLOCK_SIZE 32

__constant__ int c_width;
__constant__ int c_height;
__constant__ int c_element_count;
__constant__ int c_block_count_x;
__constant__ int c_iteration;
// ---- end of the copied lines ----

//###########################################
// Initialises the excess fow and the active block map
__global__ void InitialisationKernel(const float* edge_weights, const float* source_weights, const float* sink_weights, int* edge_capacities, int* excess_flow, int* heights, int* active_block_map) 
{    
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;

    int block_y = block_id / c_block_count_x;
    int block_x = block_id - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;

    // writing edge capacities
    #pragma unroll
    for (int i = 0; i < 4; i++)
    {
        edge_capacities[home + i * c_element_count] = edge_weights[home + i * c_element_count] * c_element_count;
    }

    // initialising excess flow and height
    int flow = (sink_weights[home] - source_weights[home]) * c_element_count;
    excess_flow[home] = flow;
    heights[home] = flow > 0 ? 1 : 0;

    // initialising active block map
    if(thread_id == 0)
    {
        active_block_map[block_id] = flow > 0 ? block_id : -1;
    }
}

//###########################################
// Disperses excess flow through the network based on edge capacities.
__global__ void PushKernel(const int* active_block_map, const int* height, int* edge_capacities, int* excess_flow) 
{    
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;
    
    int active_block = active_block_map[block_id];

    int block_y = active_block / c_block_count_x;
    int block_x = active_block - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;
    int home_height = height[home];
    int home_flow = excess_flow[home];

    if (home_height >= c_element_count || home_flow <= 0) return;
    
    bool is_edge[4] = {x == c_width-1, y == c_height-1, x == 0, y == 0};
    int offsets[4] = {1, c_width, -1, -c_width};
    int redirect[4] = {2, 3, 0, 1};
    
    int edge_flows[4] = {0, 0, 0, 0};
    int total_flow = 0;

    #pragma unroll
    for (int i = 0; i < 4; i++) 
    {
        int neighbour = home + offsets[i];

        if (!is_edge[i] && height[neighbour] == home_height - 1) 
        {
            int home_to_neighbour = home + i * c_element_count;
            int home_edge = edge_capacities[home_to_neighbour];

            edge_flows[i] = home_edge;
            total_flow += home_edge;
        }
    }

    float normalisation_factor = (float)home_flow / total_flow; 

    #pragma unroll
    for (int i = 0; i < 4; i++) 
    {
        int neighbour = home + offsets[i];

        if(edge_flows[i] != 0)
        {
            int home_to_neighbour = home + i * c_element_count;
            int neighbour_to_home = neighbour + redirect[i] * c_element_count;

            int edge_flow = int(normalisation_factor * edge_flows[i]);
            edge_flow = min(edge_flows[i], edge_flow);

            atomicSub(edge_capacities + home_to_neighbour, edge_flow);
            atomicAdd(edge_capacities + neighbour_to_home, edge_flow);

            atomicSub(excess_flow + home, edge_flow);
            atomicAdd(excess_flow + neighbour, edge_flow);
        }
    }
}

//###########################################
// Sets the height of each node based on excess flow 
__global__ void RelabelKernel(const int* active_block_map, const int* height_read, const int* edge_capacities, const int* excess_flow, int* height_write) 
{
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;
    
    int active_block = active_block_map[block_id];

    int block_y = active_block / c_block_count_x;
    int block_x = active_block - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;
    int home_height = height_read[home];
    int home_flow = excess_flow[home];

    if (home_height >= c_element_count || home_flow <= 0) 
    { 
        height_write[home] = home_height; 
        return; 
    }

    bool is_edge[4] = {x == c_width-1, y == c_height-1, x == 0, y == 0};
    int offsets[4] = {1, c_width, -1, -c_width};

    int min_height = c_element_count;

    #pragma unroll
    for (int i = 0; i < 4; i++) 
    {
        if (!is_edge[i] && edge_capacities[home + i * c_element_count] > 0)
        {
            int neighbour_height = height_read[home + offsets[i]];
            min_height = min(min_height, neighbour_height + 1);
        }
    }

    height_write[home] = min_height;
}

//###########################################
// Checks for any active nodes within block
__global__ void ActiveBlockCheckKernel(const int* height, const int* excess_flow, int* active_block_map) 
{
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;
    
    int block_y = block_id / c_block_count_x;
    int block_x = block_id - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;
    int home_height = height[home];
    int home_flow = excess_flow[home];

    bool active = home_height < c_element_count && home_flow > 0;
    bool any_active = __syncthreads_or(active);

    if(threadIdx.x == 0)
    {
        active_block_map[block_id] = any_active ? block_id : -1;
    } 
}

//###########################################

__global__ void GlobalRelabelKernel(int* active_block_map, const int* excess_flow, const int* edge_capacities, int* height_read, int* height_write) 
{
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;
    
    //int active_block = active_block_map[block_id];

    int block_y = block_id / c_block_count_x;
    int block_x = block_id - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;

    int home_height = c_iteration == 0 ? (excess_flow[home] < 0 ? 0 : -1) : height_read[home];
    bool active = false;

    if (home_height == -1)
    {
        bool is_edge[4] = {x == c_width-1, y == c_height-1, x == 0, y == 0};
        int offsets[4] = {1, c_width, -1, -c_width};

        #pragma unroll
        for (int i = 0; i < 4; i++) 
        {
            if (!is_edge[i] && edge_capacities[home + i * c_element_count] > 0)
            {
                int neighbour_height = height_read[home + offsets[i]];
                active |= neighbour_height == (c_iteration);
            }
        }

        if(active)
        {
            home_height = c_iteration + 1;
        }
    }

    height_write[home] = home_height;

    bool any_active = __syncthreads_or(active);

    if(threadIdx.x == 0)
    {
        active_block_map[block_id] = any_active ? block_id : -1;
    } 
}

__global__ void TEMP_OUTPUT_DUMP(const int* height, const int* excess_flow, const int* edge_capacities, int* output) 
{
    int block_id = blockIdx.x;
    int thread_id = threadIdx.x;
    
    int block_y = block_id / c_block_count_x;
    int block_x = block_id - block_y * c_block_count_x;

    int thread_y = thread_id / BLOCK_SIZE;
    int thread_x = thread_id - thread_y * BLOCK_SIZE;

    int x = thread_x + block_x * BLOCK_SIZE;
    int y = thread_y + block_y * BLOCK_SIZE;

    if (x >= c_width) return;
    if (y >= c_height) return;

    int home = x + y * c_width;
    int home_height = height[home];
    int home_flow = excess_flow[home];
    
    bool active = home_height < c_element_count && home_flow > 0;
    int any_active = __syncthreads_or(active);

    output[home + 0 * c_element_count] = home_flow;
    output[home + 1 * c_element_count] = home_height;
    output[home + 2 * c_element_count] = edge_capacities[home + 0 * c_element_count];
    output[home + 3 * c_element_count] = edge_capacities[home + 1 * c_element_count];
    output[home + 4 * c_element_count] = edge_capacities[home + 2 * c_element_count];
    output[home + 5 * c_element_count] = edge_capacities[home + 3 * c_element_count];
    output[home + 6 * c_element_count] = any_active;
    output[home + 7 * c_element_count] = active;
    output[home + 8 * c_element_count] = home_height == -1 ? 1 : 0;
}

