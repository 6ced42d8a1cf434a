// Source:  https://github.com/cudpp/cudpp/blob/9dc7357ee818498a87bc2f68f9d887c298e0e3f6/src/cudpp/kernel/compact_kernel.cuh
// Licence: BSD-3-Clause
// Kept: compact_kernel.cuh lines 22-103 (compactData), unchanged. Left out: the host's compact_app.cu
// (a cudppScan of the flags into d_indices, then compactData<T, isBackward> at ceil(n / (threads * 8)) blocks).
//
//
// Copyright (c) 2007-2010 The Regents of the University of California, Davis
// campus ("The Regents") and NVIDIA Corporation ("NVIDIA"). All rights reserved.
//
// Redistribution and use in source and binary forms, with or without modification,
// are permitted provided that the following conditions are met:
//
//     * Redistributions of source code must retain the above copyright notice,
//       this list of conditions and the following disclaimer.
//     * Redistributions in binary form must reproduce the above copyright notice,
//       this list of conditions and the following disclaimer in the documentation
//       and/or other materials provided with the distribution.
//     * Neither the name of the The Regents, nor NVIDIA, nor the names of its
//       contributors may be used to endorse or promote products derived from this
//       software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND
// ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED
// WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED.
// IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT,
// INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING,
// BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE,
// DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF
// LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE
// OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF
// ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

/** \addtogroup cudpp_kernel
  * @{
  */

/** @name Compact Functions
 * @{
 */

/**
 * @brief Consolidate non-null elements - for each non-null element
 * in \a d_in write it to \a d_out, in the position specified by 
 * \a d_isValid. Called by compactArray().
 *
 * @param[out] d_out    Output array of compacted values.
 * @param[out] d_numValidElements The number of elements in d_in with valid flags set to 1.
 * @param[in]  d_indices Positions where non-null elements will go in d_out.
 * @param[in]  d_isValid Flags indicating valid (1) and invalid (0) elements.  
 *             Only valid elements will be copied to \a d_out.
 * @param[in]  d_in     The input array
 * @param[in]  numElements The length of the \a d_in in elements.
 *
 */
template <class T, bool isBackward>
__global__ void compactData(T                  *d_out, 
                            size_t             *d_numValidElements,
                            const unsigned int *d_indices, // Exclusive Sum-Scan Result
                            const unsigned int *d_isValid,
                            const T            *d_in,
                            unsigned int       numElements)
{
    if (threadIdx.x == 0)
    {
        if (isBackward)
            d_numValidElements[0] = d_isValid[0] + d_indices[0];
        else
            d_numValidElements[0] = d_isValid[numElements-1] + d_indices[numElements-1];
    }

    // The index of the first element (in a set of eight) that this
    // thread is going to set the flag for. We left shift
    // blockDim.x by 3 since (multiply by 8) since each block of 
    // threads processes eight times the number of threads in that
    // block
    unsigned int iGlobal = blockIdx.x * (blockDim.x << 3) + threadIdx.x;

    // Repeat the following 8 (SCAN_ELTS_PER_THREAD) times
    // 1. Check if data in input array d_in is null
    // 2. If yes do nothing
    // 3. If not write data to output data array d_out in
    //    the position specified by d_isValid
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;  
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];       
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
    iGlobal += blockDim.x;
    if (iGlobal < numElements && d_isValid[iGlobal] > 0) {
        d_out[d_indices[iGlobal]] = d_in[iGlobal];
    }
}
