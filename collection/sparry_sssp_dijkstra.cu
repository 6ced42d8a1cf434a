// tilelab kernel collection: SParry's single-source shortest paths on the GPU: a parallel Dijkstra-like relaxation (direct) and its edge-batched form (divide)
// Source:  https://github.com/qriosa/SParry/blob/49b85ffbd5592961c826f3c938fb81fef3b170b3/method/sssp/cu/dijkstra.cu
//          (qriosa/SParry, commit 49b85ff: a shortest-path library for Python whose GPU methods load these files through PyCUDA)
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the whole file, unchanged (lines 1-88 of the original; it is device code only, its host code is
//       method/sssp/dijkstra_gpu.py). A newline is added after its last line, which has none.
//
// MIT License
//
// Copyright (c) 2020 殇AD
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
//

__global__ void dijkstra(int* V, int* E, int* W, int* n, int* vis, int* dist, int* predist){
	const int u0 = threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x; 
	const int offset = blockDim.x * blockDim.y * blockDim.z; 
    __shared__ int quickBreak[1];
    
    int u = -1;

	for(int i = 0; i < (*n); i++){

		quickBreak[0] = 0;
		
		u = u0;
		while(u < *n){ 
			if(vis[u] == 0){ 
				vis[u] = 1;
				for(int j = V[u]; j < V[u + 1]; j++){
					atomicMin(&predist[E[j]], dist[u] + W[j]);
				}
			}
			u += offset;
		}
		__syncthreads(); 

		u = u0;
		while(u < *n){
			if(predist[u] < dist[u]){ 
				dist[u] = predist[u];
				vis[u] = 0; 
				quickBreak[0] = 1;
			}
			u += offset;
		}
		__syncthreads(); 
		if(quickBreak[0] == 0)
			break;
		__syncthreads(); 
	}	
}

__global__ void divide(int* V, int* E, int* W, int* n, int* flag, int* base, int* part, int* vis, int* dist, int* predist){
	
	const int u0 = threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x; 
	const int offset = blockDim.x * blockDim.y * blockDim.z; 
	
	int u = -1;
	int l = -1;
	int r = -1;
	int localBase = base[0];
	int localPart = part[0];
	
	u = u0; //u + l is the vertex index
	while(u < (*n)){ 

		if(V[u + 1] <= localBase){ // self right
			u += offset;
			continue; // illegal
		}
		else if(V[u] >= localBase + localPart){ // self left
			u += offset;
			continue; // illegal
		}

		if(vis[u]){ 
			atomicSub(&vis[u], 1);

			l = localBase>V[u]?localBase:V[u];
			r = (localBase + localPart)<V[u + 1]?(localBase + localPart):V[u + 1];
			
			for(int j = l; j < r; j++){ 
				atomicMin(&predist[E[j - localBase]], dist[u] + W[j - localBase]); 
			}
		}
		
		u += offset;
	}
	__syncthreads(); 

	u = u0;
	while(u < (*n)){
		if(predist[u] < dist[u]){ 
			dist[u] = predist[u];
			vis[u] = (V[u + 1] + localPart - 1) / localPart - V[u] / localPart; // re calc the ability of updating 
			flag[0] = 1;
		}
		u += offset;
	}
}

