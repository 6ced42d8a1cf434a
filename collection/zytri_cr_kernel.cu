// tilelab kernel collection: a batch of tridiagonal systems, the solver of cyclic reduction (CR): each block loads one system into shared memory, eliminates the odd
// equations level by level, solves the last 2 x 2 system and substitutes back
// Source:  https://github.com/zhangyaobit/tridiagonalsolvers/blob/b14adf9ab3c07804a80a52caa348b900f48daeeb/tridiagonalsolvers/cr_kernel.cu
//          (zhangyaobit/tridiagonalsolvers, commit b14adf9: Yao Zhang, Jonathan Cohen and John D. Owens's CUDA tridiagonal
//          solvers, UC Davis, 2010), and lines 5-12 of tridiagonalsolvers/common.h (the type T: float, USE_DOUBLE unset)
// Licence: BSD 3-clause (tridiagonalsolvers/license.txt, "Copyright (c) 2010, Regents of the University of California"),
//          repeated below.
// Kept: the whole of cr_kernel.cu (lines 1-94: the kernel crKernel, unchanged) and common.h's lines 5-12 (USE_DOUBLE left
//       unset, so T is float), unchanged. Removed: common.h's other lines (host includes cutil.h, stdio.h,
//       cutil_inline.h; numIterations, MINSYSTEM, SMALLBLOCKSIZE: host-only) and the host file cr_app.cu (cr(): allocation,
//       copies, timing, the launches).
// Selection, fixed before any run (collection/manifest.toml, the zytri_ entries): every __global__ kernel of the files
// cr_kernel.cu, pcr_kernel.cu and crpcr_kernel.cu, none dropped for its result, each launched as its host function
// launches it (cr(): grid numSystems, block systemSize/2, systemSize*5*sizeof(T) bytes of dynamic shared memory); test_tridiagonal.cpp's numSystems = 2 kept and its systemSize
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

// tridiagonalsolvers/cr_kernel.cu, lines 1-94
__global__ void crKernel(T *d_a, T *d_b, T *d_c, T *d_d, T *d_x)
{
    int thid = threadIdx.x;
    int blid = blockIdx.x;

    int stride = 1;

    int numThreads = blockDim.x;
    const unsigned int systemSize = blockDim.x * 2;
   
    int iteration = (int)log2(T(systemSize/2));
    #ifdef GPU_PRINTF
	    if (thid == 0 && blid == 0) printf("iteration = %d\n", iteration);
    #endif

    __syncthreads();

    extern __shared__ char shared[];

    T* a = (T*)shared;
    T* b = (T*)&a[systemSize];
    T* c = (T*)&b[systemSize];
    T* d = (T*)&c[systemSize];
    T* x = (T*)&d[systemSize];

    a[thid] = d_a[thid + blid * systemSize];
    a[thid + blockDim.x] = d_a[thid + blockDim.x + blid * systemSize];

    b[thid] = d_b[thid + blid * systemSize];
    b[thid + blockDim.x] = d_b[thid + blockDim.x + blid * systemSize];

    c[thid] = d_c[thid + blid * systemSize];
    c[thid + blockDim.x] = d_c[thid + blockDim.x + blid * systemSize];

    d[thid] = d_d[thid + blid * systemSize];
    d[thid + blockDim.x] = d_d[thid + blockDim.x + blid * systemSize];

    __syncthreads();

    //forward elimination
    for (int j = 0; j <iteration; j++)
    {
        __syncthreads();
        stride *= 2;
        int delta = stride/2;

		if (threadIdx.x < numThreads)
		{
			int i = stride * threadIdx.x + stride - 1;
			int iLeft = i - delta;
			int iRight = i + delta;
			if (iRight >= systemSize) iRight = systemSize - 1;
			T tmp1 = a[i] / b[iLeft];
			T tmp2 = c[i] / b[iRight];
			b[i] = b[i] - c[iLeft] * tmp1 - a[iRight] * tmp2;
			d[i] = d[i] - d[iLeft] * tmp1 - d[iRight] * tmp2;
			a[i] = -a[iLeft] * tmp1;
			c[i] = -c[iRight] * tmp2;
		}
        numThreads /= 2;
    }

    if (thid < 2)
    {
      int addr1 = stride - 1;
      int addr2 = 2 * stride - 1;
      T tmp3 = b[addr2]*b[addr1]-c[addr1]*a[addr2];
      x[addr1] = (b[addr2]*d[addr1]-c[addr1]*d[addr2])/tmp3;
      x[addr2] = (d[addr2]*b[addr1]-d[addr1]*a[addr2])/tmp3;
    }

    // backward substitution
    numThreads = 2;
    for (int j = 0; j <iteration; j++)
    {
        int delta = stride/2;
        __syncthreads();
        if (thid < numThreads)
        {
            int i = stride * thid + stride/2 - 1;
            if(i == delta - 1)
                  x[i] = (d[i] - c[i]*x[i+delta])/b[i];
            else
                  x[i] = (d[i] - a[i]*x[i-delta] - c[i]*x[i+delta])/b[i];
         }
         stride /= 2;
         numThreads *= 2;
      }

    __syncthreads();

    d_x[thid + blid * systemSize] = x[thid];
    d_x[thid + blockDim.x + blid * systemSize] = x[thid + blockDim.x];
}
