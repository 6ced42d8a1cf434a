// tilelab kernel collection: SParry's single-source shortest paths on the GPU: delta-stepping with per-thread buckets
// Source:  https://github.com/qriosa/SParry/blob/49b85ffbd5592961c826f3c938fb81fef3b170b3/method/sssp/cu/delta.cu
//          (qriosa/SParry, commit 49b85ff: a shortest-path library for Python whose GPU methods load these files through PyCUDA)
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the whole file, unchanged (lines 1-131 of the original; it is device code only, its host code is
//       method/sssp/delta_gpu.py). A newline is added after its last line, which has none.
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

__global__ void delta_stepping(int* V, int* E, int* W, int* n, int* s, int* delta, int* dist, int* predist, int* nowIsNull, int* quickBreak){
	
	const int u0 = threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;  
	const int offset = blockDim.x * blockDim.y * blockDim.z; 
	const int localSize = 100; // malloc how many bucket

	int B[localSize]; 
	bool hadin[localSize]; 
	bool vis[localSize]; 
	int id = 0; // the bucket id
	int u = -1; 
	int pos = -1; // which point of the points each thread represents

	// init
	for(int i = 0; i < localSize; i++){
		B[i] = -1;
		hadin[i] = 0;
		vis[i] = 0;
	}

	if(u0 == (*s) % offset){
		pos = (*s) / offset;
		B[pos] = 0; // put source vertex into bucket 0
		vis[pos] = 1;
		hadin[pos] = 1;
	}

	__syncthreads();

	while(1){

		u = u0;
		while(u < (*n) && (*quickBreak) == 0){
			if(B[u / offset] != -1){ // at least one vertex is in bucket.
				atomicExch(quickBreak, 1);
				break;
			}
			u += offset;
		}

		__syncthreads();
		
		if(*quickBreak == 0){ 
			break;
		}
		
		
		while((*nowIsNull)){

			u = u0;
			while(u < *n){
				
				pos = u / offset;

				if(B[pos] == id){ 
					B[pos] = -1; 
					hadin[pos] = 1; 
					
					if(vis[pos]){ // tell the dist of the vertex is changed or not 
						vis[pos] = 0; 
						
						for(int j = V[u]; j < V[u + 1]; j++){ 
							if(W[j] <= (*delta)){ // light edge
								atomicMin(&predist[E[j]], dist[u] + W[j]);
							}
						}
					}
				} 
				u += offset;
			}

			*nowIsNull = 0; // set current bucket is empty
			__syncthreads();

			u = u0;
			while(u < (*n)){
				if(predist[u] < dist[u]){ 
					
					pos = u / offset; 

					dist[u] = predist[u]; // update dist
					B[pos] = dist[u] / (*delta); // calc after updating, it should be put into which bucket
					vis[pos] = 1; 

					if(B[pos] == id){ 
						// current bucket is not empty
						*nowIsNull = 1;
					}
				}
				u += offset;
			}
			__syncthreads();
		}

		// heavy edge
		u = u0;
		while(u < (*n)){
			pos = u / offset;
			if(hadin[pos]){ 
				hadin[pos] = 0; 
				
				for(int j = V[u]; j < V[u + 1]; j++){
					if(W[j] > (*delta)){ // heavy edge
						atomicMin(&predist[E[j]], dist[u] + W[j]);
					}
				}
			}
			u += offset;
		}
		__syncthreads();

		u = u0;
		while(u < (*n)){
			if(predist[u] < dist[u]){ 
				
				pos = u / offset; // calc offset

				dist[u] = predist[u]; // update dist
				B[pos] = dist[u] / (*delta); // calc it should belong to which buket after updating.
				vis[pos] = 1; // record it's updated
				
			}
			u += offset;
		}

		id += 1; // enter to next bucket
		*nowIsNull = 1; // assume the next bucket has vertex
		*quickBreak = 0; 
		__syncthreads();
	}	
}
