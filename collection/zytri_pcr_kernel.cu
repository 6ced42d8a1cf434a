// tilelab kernel collection: a batch of tridiagonal systems, the solver of parallel cyclic reduction (PCR): each block loads one system into shared memory, reduces
// every equation at each level until 2 x 2 systems remain, and solves them
// Source:  https://github.com/zhangyaobit/tridiagonalsolvers/blob/b14adf9ab3c07804a80a52caa348b900f48daeeb/tridiagonalsolvers/pcr_kernel.cu
//          (zhangyaobit/tridiagonalsolvers, commit b14adf9: Yao Zhang, Jonathan Cohen and John D. Owens's CUDA tridiagonal
//          solvers, UC Davis, 2010), and lines 5-12 of tridiagonalsolvers/common.h (the type T: float, USE_DOUBLE unset)
// Licence: BSD 3-clause (tridiagonalsolvers/license.txt, "Copyright (c) 2010, Regents of the University of California"),
//          repeated below.
// Kept: the whole of pcr_kernel.cu (lines 1-77: the kernel pcrKernel, unchanged) and common.h's lines 5-12 (USE_DOUBLE left
//       unset, so T is float), unchanged. Removed: common.h's other lines (host includes cutil.h, stdio.h,
//       cutil_inline.h; numIterations, MINSYSTEM, SMALLBLOCKSIZE: host-only) and the host file pcr_app.cu (pcr(): allocation,
//       copies, timing, the launches).
// Selection, fixed before any run (collection/manifest.toml, the zytri_ entries): every __global__ kernel of the files
// cr_kernel.cu, pcr_kernel.cu and crpcr_kernel.cu, none dropped for its result, each launched as its host function
// launches it (pcr(): grid numSystems, block systemSize, (systemSize+1)*5*sizeof(T) bytes of dynamic shared memory); test_tridiagonal.cpp's numSystems = 2 kept and its systemSize
// (1024*8, for the branch-free PCR) replaced by 512 (a power of two these kernels take in one block); crpcr at
// restSystemSize 256, 32 and 2 (the first, a middle and the last of the test's list 256 ... 2); the systems drawn as
// testGeneration draws them (b = 8 + u, a = 3 + u, c = 2 + u, d = 5 + u, u uniform in [0, 1), a[0] = c[n-1] = 0).
//
// Copyright (c) 2010, Regents of the University of California. All rights reserved.
//
// Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:
//
// Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.
// Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.
// Neither the name of the University of California, Davis nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// tridiagonalsolvers/common.h, lines 5-12
//#define USE_DOUBLE
//#define GPU_PRINTF

#ifdef USE_DOUBLE
    #define T double
#else
    #define T float
#endif

// tridiagonalsolvers/pcr_kernel.cu, lines 1-77
__global__ void pcrKernel(T *d_a, T *d_b, T *d_c, T *d_d, T *d_x)
{
    int thid = threadIdx.x;
    int blid = blockIdx.x;
    int delta = 1;
    const unsigned int systemSize = blockDim.x;
    int iteration = (int)log2(T(systemSize/2));

    __syncthreads();

    extern __shared__ char shared[];

    T* a = (T*)shared;
    T* b = (T*)&a[systemSize+1];
    T* c = (T*)&b[systemSize+1];
    T* d = (T*)&c[systemSize+1];
    T* x = (T*)&d[systemSize+1];

    a[thid] = d_a[thid + blid * systemSize];
    b[thid] = d_b[thid + blid * systemSize];
    c[thid] = d_c[thid + blid * systemSize];
    d[thid] = d_d[thid + blid * systemSize];
  
    //T aNew, bNew, cNew, dNew;
  
    __syncthreads();

    //parallel cyclic reduction
    for (int j = 0; j <iteration; j++)
    {
        int i = thid;

        int iRight = i+delta;
        if (iRight >= systemSize) iRight = systemSize - 1;

        int iLeft = i-delta;
        if (iLeft < 0) iLeft = 0;

        T tmp1 = a[i] / b[iLeft];
        T tmp2 = c[i] / b[iRight];
		T tmp3 = d[iRight];
		T tmp4 = d[iLeft];
		__syncthreads();

        //bNew = b[i] - c[iLeft] * tmp1 - a[iRight] * tmp2;
        //dNew = d[i] - d[iLeft] * tmp1 - d[iRight] * tmp2;
        //aNew = -a[iLeft] * tmp1;
        //cNew = -c[iRight] * tmp2;

		b[i] = b[i]-c[iLeft]*tmp1-a[iRight]*tmp2;
        d[i] = d[i] - tmp4*tmp1-tmp3*tmp2;
		tmp3 = -a[iLeft];
		tmp4 = -c[iRight];
		__syncthreads();
		a[i] = tmp3*tmp1;
		c[i] = tmp4*tmp2;
        
		__syncthreads();
        
              
        delta *=2;   
    }

    if (thid < delta)
    {
		
        int addr1 = thid;
        int addr2 = thid+delta;
        T tmp3 = b[addr2]*b[addr1]-c[addr1]*a[addr2];
        x[addr1] = (b[addr2]*d[addr1]-c[addr1]*d[addr2])/tmp3;
        x[addr2] = (d[addr2]*b[addr1]-d[addr1]*a[addr2])/tmp3;
    }

    __syncthreads();

    d_x[thid + blid * systemSize] = x[thid];
}
