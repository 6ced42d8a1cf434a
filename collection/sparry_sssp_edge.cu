// tilelab kernel collection: SParry's single-source shortest paths on the GPU: Bellman-Ford over the edge set, one block looping until no edge relaxes
// Source:  https://github.com/qriosa/SParry/blob/49b85ffbd5592961c826f3c938fb81fef3b170b3/method/sssp/cu/edge.cu
//          (qriosa/SParry, commit 49b85ff: a shortest-path library for Python whose GPU methods load these files through PyCUDA)
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the whole file, unchanged (lines 1-36 of the original; it is device code only, its host code is
//       method/sssp/edge_gpu.py). A newline is added after its last line, which has none.
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

__global__ void edge(int* src, int* des, int* w, int* m, int* dist){ 
	
	const int e0 = threadIdx.z * blockDim.x * blockDim.y + threadIdx.y * blockDim.x + threadIdx.x;  
	const int offset = blockDim.x * blockDim.y * blockDim.z; 
	int e = -1;

	__shared__ int quickBreak[1];
		
	while(1){
		e = e0;

		if(e == 0){
			quickBreak[0] = 0;
		} 
		__syncthreads();
		
		while(e < (*m)){
			
			if(dist[des[e]] > dist[src[e]] + w[e]){
				atomicMin(&dist[des[e]], dist[src[e]] + w[e]);

				if(dist[des[e]] = dist[src[e]] + w[e]){
					quickBreak[0] = 1;
				}
			}
			
			e += offset;
		}
		
		__syncthreads();

		if(quickBreak[0] == 0){
			break;
		}
	}
}
