// tilelab kernel collection: tsne-cuda's perplexity search kernels (the Gaussian kernel row pij = exp(-beta d) and a per-point bisection step on beta)
// Source:  https://github.com/CannyLab/tsne-cuda/blob/244db8f13811a2abc94e5fe931d7616ef72a06b4/src/kernels/perplexity_search.cu
//          (CannyLab/tsne-cuda, commit 244db8f)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept, unchanged: lines 1-7, 9-79 (the comment and both kernels); removed: line 8 (the project header; the lines below copied in from it) and 80-end (the host SearchPerplexity).
/*
 * BSD 3-Clause License
 *
 * Copyright (c) 2018, Regents of the University of California
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * * Redistributions of source code must retain the above copyright notice, this
 *   list of conditions and the following disclaimer.
 *
 * * Redistributions in binary form must reproduce the above copyright notice,
 *   this list of conditions and the following disclaimer in the documentation
 *   and/or other materials provided with the distribution.
 *
 * * Neither the name of the copyright holder nor the names of its
 *   contributors may be used to endorse or promote products derived from
 *   this software without specific prior written permission.
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
// ---- src/include/common.h, line 43
#include <float.h>
// ---- src/include/kernels/perplexity_search.h, lines 19-37 and 47 (namespace tsnecuda's two kernel declarations)
namespace tsnecuda {
__global__
void PerplexitySearchKernel(
                            volatile float * __restrict__ betas,
                            volatile float * __restrict__ lower_bound,
                            volatile float * __restrict__ upper_bound,
                            volatile int * __restrict__ found,
                            const float * __restrict__ neg_entropy,
                            const float * __restrict__ row_sum,
                            const float perplexity_target,
                            const float epsilon,
                            const int num_points);
__global__
void ComputePijKernel(
                      volatile float * __restrict__ pij,
                      const float * __restrict__ squared_dist,
                      const float * __restrict__ betas,
                      const unsigned int num_points,
                      const unsigned int num_near_neighbors);
}
// ---- end of the copied lines
/*
    Compute the unnormalized pij matrix given a squared distance matrix and a target perplexity.
    pij = exp(-beta * dist ** 2)

    Note that FAISS returns the first row as the same point, with distance = 0. pii is defined as zero.
*/


__global__ void tsnecuda::ComputePijKernel(
    volatile float *__restrict__ pij,
    const float *__restrict__ squared_dist,
    const float *__restrict__ betas,
    const unsigned int num_points,
    const unsigned int num_near_neighbors)
{
    register int TID, i, j;
    register float dist, beta;

    TID = threadIdx.x + blockIdx.x * blockDim.x;
    if (TID >= num_points * num_near_neighbors)
        return;

    i = TID / num_near_neighbors;
    j = TID % num_near_neighbors;

    beta = betas[i];
    dist = squared_dist[TID];

    // condition deals with evaluation of pii
    // FAISS neighbor zero is i so ignore it
    pij[TID] = (j == 0 & dist == 0.0f) ? 0.0f : __expf(-beta * dist); //TODO: This probably never evaluates to true
}

__global__ void tsnecuda::PerplexitySearchKernel(
    volatile float *__restrict__ betas,
    volatile float *__restrict__ lower_bound,
    volatile float *__restrict__ upper_bound,
    volatile int *__restrict__ found,
    const float *__restrict__ neg_entropy,
    const float *__restrict__ row_sum,
    const float perplexity_target,
    const float epsilon,
    const int num_points)
{
    register int i, is_found;
    register float perplexity, neg_ent, sum_P, perplexity_diff, beta, min_beta, max_beta;
    i = threadIdx.x + blockIdx.x * blockDim.x;
    if (i >= num_points)
        return;

    neg_ent = neg_entropy[i];
    sum_P = row_sum[i];
    beta = betas[i];

    min_beta = lower_bound[i];
    max_beta = upper_bound[i];

    perplexity = (neg_ent / sum_P) + __logf(sum_P);
    perplexity_diff = perplexity - __logf(perplexity_target);
    is_found = (perplexity_diff < epsilon && -perplexity_diff < epsilon);
    if (!is_found)
    {
        if (perplexity_diff > 0)
        {
            min_beta = beta;
            beta = (max_beta == FLT_MAX || max_beta == -FLT_MAX) ? beta * 2.0f : (beta + max_beta) / 2.0f;
        }
        else
        {
            max_beta = beta;
            beta = (min_beta == -FLT_MAX || min_beta == FLT_MAX) ? beta / 2.0f : (beta + min_beta) / 2.0f;
        }
        lower_bound[i] = min_beta;
        upper_bound[i] = max_beta;
        betas[i] = beta;
    }
    found[i] = is_found;
}
