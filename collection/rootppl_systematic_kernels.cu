// tilelab kernel collection: RootPPL's GPU systematic resampling for sequential Monte Carlo (miking-dppl)
// Source:  https://github.com/miking-lang/miking-dppl/blob/ecacb11d0550c7e85a72223d6519f2b4667f5468/rootppl/inference/smc/resample/systematic/kernels.cu
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's
//          notice is repeated below).
//          (miking-lang/miking-dppl at ecacb11, the last commit with rootppl/: RootPPL, the probabilistic
//          programming language's SMC inference; these kernels weight, resample and normalise its particles)
// Kept: kernels.cu lines 1-8 (the comment, #ifdef __NVCC__, <curand_kernel.h>), 12-59 and 66-76 (the kernels
//       scaleExpWeightsAndSquareWeightsKernel, renormaliseKernel, systematicCumulativeOffspringKernel,
//       cumulativeOffspringToAncestorKernel and normaliseWeightsKernel, the final #endif), unchanged. Removed:
//       lines 9-11 (the project's own headers, replaced by the one line of macros/macros.cuh they give these
//       kernels, marked below) and lines 60-65 (copyStatesKernel, whose by-value particles_t and copyParticle
//       need the library's program-state types and function-pointer table: not in the collection). The
//       launches are systematic_gpu.cu's: <<<numBlocks, NUM_THREADS_PER_BLOCK>>>, NUM_THREADS_PER_BLOCK = 128
//       (inference/smc/smc.cuh line 19), numBlocks = (numParticles + 127) / 128 (smc.cu line 56).

/*
 * MIT License
 *
 * Copyright (c) 2020 Daniel Lundén, Joey Öhman
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

/*
 * File kernels.cu contains definitions of kernels used by systematic resampling. 
 */

#ifdef __NVCC__

#include <curand_kernel.h>
// ---- copied from rootppl/macros/macros.cuh line 37 (floating_t: the double-precision build), unchanged
// To be able to switch between single and double precision easily.
typedef double floating_t; 
// ---- end of the copied line


__global__ void scaleExpWeightsAndSquareWeightsKernel(floating_t* w, int numParticles, floating_t maxLogWeight, floating_t* wSquared) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if(idx >= numParticles || idx < 0) return;

    floating_t localW = w[idx];
    
    if (isnan(localW))
        localW = -INFINITY;

    localW = exp(localW - maxLogWeight);

    w[idx] = localW;

    if (isnan(localW))
        wSquared[idx] = 0;
    else
        wSquared[idx] = localW * localW;
    
}

__global__ void renormaliseKernel(floating_t* w, floating_t* prefixSum, int numParticles, floating_t maxLogWeight) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if(idx >= numParticles || idx < 0) return;

    w[idx] = log(w[idx]) + maxLogWeight;
    prefixSum[idx] = log(prefixSum[idx]) + maxLogWeight;
}

__global__ void systematicCumulativeOffspringKernel(const floating_t* logPrefixSum, int* cumulativeOffspring, floating_t u, int numParticles) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if(idx >= numParticles || idx < 0) return;

    floating_t expectedCumulativeOffspring = numParticles * exp(logPrefixSum[idx] - logPrefixSum[numParticles - 1]);
    cumulativeOffspring[idx] = min(numParticles, static_cast<int>(floor(expectedCumulativeOffspring + u)));
}

__global__ void cumulativeOffspringToAncestorKernel(const int* cumulativeOffspring, int* ancestor, int numParticles) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if(idx >= numParticles || idx < 0) return;

    int start = idx == 0 ? 0 : cumulativeOffspring[idx - 1];
    int numCurrentOffspring = cumulativeOffspring[idx] - start;
    for(int j = 0; j < numCurrentOffspring; j++)
        ancestor[start+j] = idx;
}


__global__ void normaliseWeightsKernel(floating_t* w, floating_t logWeightSum, int numParticles) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if(idx >= numParticles || idx < 0) return;

    w[idx] -= logWeightSum;
}



#endif
