// tilelab kernel collection: fast-cuda-gpu-dbscan's G-DBSCAN graph construction (each point's neighbour count
// within the radius, its core flag, then its adjacency list written at its exclusive-scan offset)
// Source:  https://github.com/l3lackcurtains/fast-cuda-gpu-dbscan/blob/0ca7ed526b0b25eea7a8fb3252c3e44720b1ada7/gdbscan/makeGraph.cu
//          (l3lackcurtains/fast-cuda-gpu-dbscan, commit 0ca7ed5: Madhav Poudel's GPU DBSCAN study; the folder gdbscan/
//          is its G-DBSCAN baseline), with gdbscan/makeGraph.h and gdbscan/breadthFirstSearch.h at the same commit
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Madhav Poudel", repeated below; the file carries no notice).
// Kept: lines 96-150 of the original (the __global__ kernels fillNodes and fillEdges and the __device__ __host__
//       euclidean_distance), unchanged. Removed: line 1, #include "makeGraph.h" (thrust, report.h, the host's
//       declarations), and lines 2-94, the host function makeGraph (allocation, the launches, a thrust::exclusive_scan
//       of dNodes between the two kernels, which each entry's inputs do in numpy). Copied in, marked: makeGraph.h's
//       lines 32-33 (euclidean_distance's declaration) and breadthFirstSearch.h's line 12 (#define Core 1).
//
// MIT License
//
// Copyright (c) 2025 Madhav Poudel
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

// breadthFirstSearch.h, line 12
#define Core 1

// makeGraph.h, lines 32-33
__device__ __host__ float euclidean_distance(float p1_x, float p1_y, float p2_x,
                                             float p2_y);

// makeGraph.cu, lines 96-150
__global__ void fillNodes(int minPts, float R, int numPoints, float *d_x,
								float *d_y,long unsigned int * dNodes, bool* dClusterType){
    //Grid Stride Loop
    for (int tID = blockIdx.x * blockDim.x + threadIdx.x; 
         tID < numPoints;
         tID += blockDim.x * gridDim.x){

        float thisPointX = d_x[tID];
        float thisPointY = d_y[tID];
        float distance;
        dNodes[tID] = 0;
        __syncthreads();
        for(int i=0; i<numPoints; i++){
            distance = euclidean_distance(thisPointX,thisPointY,d_x[i],d_y[i]);
            if(distance <= R){
                dNodes[tID]++;
            }
        }
        __syncthreads();

        if(dNodes[tID]>=minPts){
        	dClusterType[tID] = Core;
        }
    }
}


__global__ void fillEdges(int numPoints, float R,float *d_x,float *d_y, long unsigned int * dNodes,int *dEdges){
	for (int tID = blockIdx.x * blockDim.x + threadIdx.x;
		          tID < numPoints;
		          tID += blockDim.x * gridDim.x)
	{
        float thisPointX = d_x[tID];
        float thisPointY = d_y[tID];
        float distance;
		int edgeOffset = dNodes[tID];
		__syncthreads();
		for(int i=0; i<numPoints; i++){
			distance = euclidean_distance(thisPointX,thisPointY,d_x[i],d_y[i]);
			if(distance <= R){
				dEdges[edgeOffset] = i;
				edgeOffset++;
			}
		}
	}

}
__device__ __host__
float euclidean_distance(float p1_x, float p1_y,
                         float p2_x, float p2_y)
{
    float x_diff = p1_x - p2_x;
    float y_diff = p1_y - p2_y;
    return sqrt(x_diff * x_diff + y_diff * y_diff);
}
