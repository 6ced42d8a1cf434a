// tilelab kernel collection: fast-cuda-gpu-dbscan's G-DBSCAN cluster expansion (one level of a breadth-first search
// over the neighbour graph from a core point: each frontier point marks itself visited and, if it is a core point,
// puts its unvisited neighbours on the frontier)
// Source:  https://github.com/l3lackcurtains/fast-cuda-gpu-dbscan/blob/0ca7ed526b0b25eea7a8fb3252c3e44720b1ada7/gdbscan/breadthFirstSearch.cu
//          (l3lackcurtains/fast-cuda-gpu-dbscan, commit 0ca7ed5), with gdbscan/breadthFirstSearch.h at the same commit
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Madhav Poudel", repeated below; the file carries no notice).
// Kept: lines 114-155 of the original (the __global__ kernel BreadthFirstSearchKernel), unchanged. Removed: line 1,
//       #include "breadthFirstSearch.h" (thrust, gpuErrchk, the host's declarations), and lines 2-113, the host
//       functions identifyCluster and BreadthFirstSearch (allocation, the launch loop until done stays true). Copied
//       in, marked: breadthFirstSearch.h's line 12 (#define Core 1).
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

// breadthFirstSearch.cu, lines 114-155
__global__ void BreadthFirstSearchKernel(int NUM_NODES, long unsigned  *Va, int *Ea, bool *Fa, bool *Xa, int *Ca,bool *dClusterType, bool *done)
{

	for (int id = blockIdx.x * blockDim.x + threadIdx.x;
	         id < NUM_NODES;
	         id += blockDim.x * gridDim.x){


	if (Fa[id] == true && Xa[id] == false)
	{

		//printf("%d ", id); //This printf gives the order of vertices in BFS
		Fa[id] = false;
		Xa[id] = true;
		__syncthreads();
		if(dClusterType[id] == Core){
			int k = 0;
			int i;
			int start = Va[id];
			int end = Va[id+1];
			for (int i = start; i < end; i++)
			{
				int nid = Ea[i];

				if (Xa[nid] == false)
				{
					Ca[nid] = Ca[id] + 1;
					Fa[nid] = true;
					*done = false;
				}

			}

		}

	}

//	if (blockIdx.x * blockDim.x + threadIdx.x > NUM_NODES)
//		*done = false;

	}
}
