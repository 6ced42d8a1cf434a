// tilelab kernel collection: Altis's where: mark the matches, then scatter them by their exclusive scan
// Source:  https://github.com/utcs-scea/altis/blob/042e2926d1fe9a5ea5b3e2d659b75bf925b152cc/src/cuda/level2/where/where.cu
//          (utcs-scea/altis, commit 042e292: the Altis benchmark suite, UT Austin's SCEA lab)
// Licence: BSD-2-Clause (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept: the device code, unchanged (lines 1-7, 31-104 of the original).
//       Removed: the host code (lines 105-end: seedArr, where(), the options; thrust's exclusive scan between the two kernels is the
//       manifest's input) and lines 8-30 (the includes and the host's timing globals: kernelTime, transferTime, cudaEvent_t start, stop, elapsedTime).

/*
 * BSD 2-Clause License
 *
 * Copyright (c) 2021, Bodun Hu, et al. at SCEA in UT Austin CS Dept
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

////////////////////////////////////////////////////////////////////////////////////////////////////
// file:	altis\src\cuda\level2\where\where.cu
//
// summary:	Where class
// 
// origin: 
////////////////////////////////////////////////////////////////////////////////////////////////////

////////////////////////////////////////////////////////////////////////////////////////////////////
/// <summary>	Checks. </summary>
///
/// <remarks>	Edward Hu (bodunhu@utexas.edu), 5/20/2020. </remarks>
///
/// <param name="val">  	The value. </param>
/// <param name="bound">	The bound. </param>
///
/// <returns>	True if it succeeds, false if it fails. </returns>
////////////////////////////////////////////////////////////////////////////////////////////////////

__device__ bool check(int val, int bound) {
    return (val < bound);
}

////////////////////////////////////////////////////////////////////////////////////////////////////
/// <summary>	Mark matches. </summary>
///
/// <remarks>	Edward Hu (bodunhu@utexas.edu), 5/20/2020. </remarks>
///
/// <param name="arr">	  	[in,out] If non-null, the array. </param>
/// <param name="results">	[in,out] If non-null, the results. </param>
/// <param name="size">   	The size. </param>
/// <param name="bound">  	The bound. </param>
////////////////////////////////////////////////////////////////////////////////////////////////////

__global__ void markMatches(int *arr, int *results, int size, int bound) {

    // Block index
    int bx = blockIdx.x;

    // Thread index
    int tx = threadIdx.x;

    int tid = (blockDim.x * bx) + tx;

    for( ; tid < size; tid += blockDim.x * gridDim.x) {
        if(check(arr[tid], bound)) {
            results[tid] = 1;
        } else {
            results[tid] = 0;
        }
    }
}

////////////////////////////////////////////////////////////////////////////////////////////////////
/// <summary>	Map matches. </summary>
///
/// <remarks>	Edward Hu (bodunhu@utexas.edu), 5/20/2020. </remarks>
///
/// <param name="arr">	  	[in,out] If non-null, the array. </param>
/// <param name="results">	[in,out] If non-null, the results. </param>
/// <param name="prefix"> 	[in,out] If non-null, the prefix. </param>
/// <param name="final">  	[in,out] If non-null, the final. </param>
/// <param name="size">   	The size. </param>
////////////////////////////////////////////////////////////////////////////////////////////////////

__global__ void mapMatches(int *arr, int *results, int *prefix, int *final, int size) {

    // Block index
    int bx = blockIdx.x;

    // Thread index
    int tx = threadIdx.x;

    int tid = (blockDim.x * bx) + tx;

    for( ; tid < size; tid += blockDim.x * gridDim.x) {
        if(results[tid]) {
            final[prefix[tid]] = arr[tid];
        }
    }
}
