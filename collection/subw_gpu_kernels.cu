// tilelab kernel collection: Subway's frontier kernels (BFS, CC, SSSP, SSWP, PageRank, sync and async) and label kernels
// Source:  https://github.com/AutomataLab/Subway/blob/a0ef2d1a1a6253a044ce3a980a5eaab737c7b24a/shared/gpu_kernels.cu
// Licence: MIT (the repository's LICENSE.md; the source file carries no notice of its own: the repository's
//          notice is repeated below).
//          (AutomataLab/Subway, commit a0ef2d1: "Subway: minimizing data transfer during out-of-GPU-memory
//          graph processing", EuroSys 2020; each kernel relaxes the out-edges of a partition of the active-vertex
//          subgraph, activeNodes/activeNodesPointer/edgeList being the subgraph generator's compacted frontier)
// Kept: gpu_kernels.cu lines 9-535 (every __global__ kernel), unchanged. Removed: lines 1-7 (the repository's
//       includes: gpu_kernels.cuh, globals.hpp, gpu_error_check.cuh, graph.cuh, subgraph.cuh). Copied in, marked:
//       globals.hpp lines 29-40 (the uint/ull typedefs and the OutEdge/OutEdgeWeighted edge structures).
//       The launches are the subway/*.cu hosts': <<<partitionNodeSize[i] / 512 + 1, 512>>> over one partition.

/*
 * MIT License
 *
 * Copyright (c) 2022 AutomataLab
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- copied from Subway's shared/globals.hpp, lines 29-40 ----
typedef unsigned int uint;
typedef unsigned long long ull;


struct OutEdge{
    uint end;
};

struct OutEdgeWeighted{
    uint end;
    uint w8;
};
// ---- end of the lines from globals.hpp ----

__global__ void bfs_kernel(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							unsigned int *value,
							//bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;

		unsigned int sourceWeight = value[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			//finalDist = sourceWeight + edgeList[i].w8;
			finalDist = sourceWeight + 1;
			if(finalDist < value[edgeList[i].end])
			{
				atomicMin(&value[edgeList[i].end] , finalDist);

				//*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}

__global__ void cc_kernel(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							//bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;
		
		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		//unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			//finalDist = sourceWeight + edgeList[i].w8;
			if(sourceWeight < dist[edgeList[i].end])
			{
				atomicMin(&dist[edgeList[i].end] , sourceWeight);

				//*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}


__global__ void sssp_kernel(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdgeWeighted *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							//bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;

		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			finalDist = sourceWeight + edgeList[i].w8;
			if(finalDist < dist[edgeList[i].end])
			{
				atomicMin(&dist[edgeList[i].end] , finalDist);

				//*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}

__global__ void sswp_kernel(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdgeWeighted *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							//bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;
		
		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			finalDist = min(sourceWeight, edgeList[i].w8);
			if(finalDist > dist[edgeList[i].end])
			{
				atomicMax(&dist[edgeList[i].end] , finalDist);

				//*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}

__global__ void pr_kernel(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							float *dist,
							float *delta,
							//bool *finished,
							float acc)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		unsigned int degree = outDegree[id];
		float thisDelta = delta[id];

		if(thisDelta > acc)
		{
			dist[id] += thisDelta;
			
			if(degree != 0)
			{
				//*finished = false;
				
				float sourcePR = ((float) thisDelta / degree) * 0.85;

				unsigned int thisfrom = activeNodesPointer[from+tId]-numPartitionedEdges;
				unsigned int thisto = thisfrom + degree;
				
				for(unsigned int i=thisfrom; i<thisto; i++)
				{
					atomicAdd(&delta[edgeList[i].end], sourcePR);
				}				
			}
			
			atomicAdd(&delta[id], -thisDelta);
		}
		
	}
}


__global__ void bfs_async(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;
		
		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			//finalDist = sourceWeight + edgeList[i].w8;
			finalDist = sourceWeight + 1;
			if(finalDist < dist[edgeList[i].end])
			{
				atomicMin(&dist[edgeList[i].end] , finalDist);

				*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}

__global__ void sssp_async(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdgeWeighted *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;
		
		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			finalDist = sourceWeight + edgeList[i].w8;
			if(finalDist < dist[edgeList[i].end])
			{
				atomicMin(&dist[edgeList[i].end] , finalDist);

				*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}

__global__ void sswp_async(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdgeWeighted *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;
		
		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		
		unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			finalDist = min(sourceWeight, edgeList[i].w8);
			if(finalDist > dist[edgeList[i].end])
			{
				atomicMax(&dist[edgeList[i].end] , finalDist);

				*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}


__global__ void cc_async(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							unsigned int *dist,
							bool *finished,
							bool *label1,
							bool *label2)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		
		if(label1[id] == false)
			return;
			
		label1[id] = false;

		unsigned int sourceWeight = dist[id];

		unsigned int thisFrom = activeNodesPointer[from+tId]-numPartitionedEdges;
		unsigned int degree = outDegree[id];
		unsigned int thisTo = thisFrom + degree;
		
		//printf("******* %i\n", thisFrom);
		
		//unsigned int finalDist;
		
		for(unsigned int i=thisFrom; i<thisTo; i++)
		{	
			//finalDist = sourceWeight + edgeList[i].w8;
			if(sourceWeight < dist[edgeList[i].end])
			{
				atomicMin(&dist[edgeList[i].end] , sourceWeight);

				*finished = false;
				
				//label1[edgeList[i].end] = true;

				label2[edgeList[i].end] = true;
			}
		}
	}
}


__global__ void pr_async(unsigned int numNodes,
							unsigned int from,
							unsigned int numPartitionedEdges,
							unsigned int *activeNodes,
							unsigned int *activeNodesPointer,
							OutEdge *edgeList,
							unsigned int *outDegree,
							float *dist,
							float *delta,
							bool *finished,
							float acc)
{
	unsigned int tId = blockDim.x * blockIdx.x + threadIdx.x;

	if(tId < numNodes)
	{
		unsigned int id = activeNodes[from + tId];
		unsigned int degree = outDegree[id];
		float thisDelta = delta[id];

		if(thisDelta > acc)
		{
			dist[id] += thisDelta;
			
			if(degree != 0)
			{
				*finished = false;
				
				float sourcePR = ((float) thisDelta / degree) * 0.85;

				unsigned int thisfrom = activeNodesPointer[from+tId]-numPartitionedEdges;
				unsigned int thisto = thisfrom + degree;
				
				for(unsigned int i=thisfrom; i<thisto; i++)
				{
					atomicAdd(&delta[edgeList[i].end], sourcePR);
				}				
			}
			
			atomicAdd(&delta[id], -thisDelta);
		}
		
	}
}



__global__ void clearLabel(unsigned int * activeNodes, bool *label, unsigned int size, unsigned int from)
{
	unsigned int id = blockDim.x * blockIdx.x + threadIdx.x;
	if(id < size)
	{
		label[activeNodes[id+from]] = false;
	}
}

__global__ void mixLabels(unsigned int * activeNodes, bool *label1, bool *label2, unsigned int size, unsigned int from)
{
	unsigned int id = blockDim.x * blockIdx.x + threadIdx.x;
	if(id < size){
		int nID = activeNodes[id+from];
		label1[nID] = label1[nID] || label2[nID];
		label2[nID] = false;	
	}
}

__global__ void moveUpLabels(unsigned int * activeNodes, bool *label1, bool *label2, unsigned int size, unsigned int from)
{
	unsigned int id = blockDim.x * blockIdx.x + threadIdx.x;
	unsigned int nID;
	if(id < size){
		nID = activeNodes[id+from];
		label1[nID] = label2[nID];
		label2[nID] = false;	
	}
}

