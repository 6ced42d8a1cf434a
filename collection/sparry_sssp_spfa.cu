// tilelab kernel collection: SParry's single-source shortest paths on the GPU: SPFA-style relaxation over the CSR, one block looping until nothing changes
// Source:  https://github.com/qriosa/SParry/blob/49b85ffbd5592961c826f3c938fb81fef3b170b3/method/sssp/cu/spfa.cu
//          (qriosa/SParry, commit 49b85ff: a shortest-path library for Python whose GPU methods load these files through PyCUDA)
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the whole file, unchanged (lines 1-30 of the original; it is device code only, its host code is
//       method/sssp/spfa_gpu.py). A newline is added after its last line, which has none.
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

__global__ void spfaKernelForSSSP(int *V, int *E, int *W, int *n, bool *visit,int *dist){
    int old=0, u, v;
    __shared__ int QuickExit;
    const int threadId = threadIdx.z*(blockDim.x * blockDim.y)+ threadIdx.y* blockDim.x+ threadIdx.x;
    const int blockSize =blockDim.x * blockDim.y * blockDim.z;
    
    while(1)/* this while can solve a sssp */
    {
        u = threadId;
        QuickExit = 0;
        while(u < (*n))
        {
            for(int adj = V[u]; adj < V[u+1]; adj++)
            {
                v = E[adj];
                old=atomicMin( &dist[v] , dist[u] + W[adj]);
                if(old>dist[v])
                {
                    QuickExit=1;
                    visit[v]=1;
                }
            }
            u+=blockSize;
        }
        __syncthreads();
        if(QuickExit==0){
            break;
        }
    }
}
