// tilelab kernel collection: tsne-cuda's attractive-force kernels (pij * qij over the sparse P: a thread per COO entry by float atomicAdd, a thread per CSR row, a thread per (point, neighbour) into a workspace and its per-point sum)
// Source:  https://github.com/CannyLab/tsne-cuda/blob/244db8f13811a2abc94e5fe931d7616ef72a06b4/src/kernels/attr_forces.cu
//          (CannyLab/tsne-cuda, commit 244db8f)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept, unchanged: lines 1-8, 10-38, 66-102, 128-185 (the comment and the four kernels); removed: line 9 (the project header) and 39-65, 103-127, 186-end (the host launchers).
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
// TODO: add copyright

/*
    Compute unnormalized attractive force for barnes-hut approximation of t-SNE.

    Attractive force is given by pij*qij.
*/


__global__ void ComputePijxQijKernel(
    float *__restrict__ attr_forces,
    const float *__restrict__ pij,
    const float *__restrict__ points,
    const int *__restrict__ coo_indices, // Row vector of 2x NNz which has COO format
    const int num_points,
    const int num_nonzero)
{
    register int TID, i, j;
    register float ix, iy, jx, jy, dx, dy, pijqij;
    TID = threadIdx.x + blockIdx.x * blockDim.x;
    if (TID >= num_nonzero)
        return;

    i = coo_indices[2 * TID];     // Point A
    j = coo_indices[2 * TID + 1]; // Point B

    ix = points[i];                                       // Ax
    iy = points[num_points + i];                          //Ay
    jx = points[j];                                       //Bx
    jy = points[num_points + j];                          // By
    dx = ix - jx;                                         // X distance
    dy = iy - jy;                                         // Y distance
    pijqij = pij[TID] / (1 + dx * dx + dy * dy);          // Normalizing factor
    atomicAdd(attr_forces + i, pijqij * dx);              // Update with X distances
    atomicAdd(attr_forces + num_points + i, pijqij * dy); // Update with Y distances
}


__global__ void ComputePijxQijKernelV2(
    float *__restrict__ attr_forces,
    const float *__restrict__ points,
    const float *__restrict__ pij,
    const int *__restrict__ pij_row_ptr,
    const int *__restrict__ pij_col_ind,
    const int num_points)
{
    register int TID, i, j, jidx, jidx_end;
    register float ix, iy, jx, jy, dx, dy, pijqij;
    register float acc_x = 0, acc_y = 0;
    TID = threadIdx.x + blockIdx.x * blockDim.x;

    if (TID >= num_points)
        return;

    // Thread ID is point set
    i = TID;
    ix = points[i];
    iy = points[num_points + i];
    jidx_end = pij_row_ptr[TID + 1];
    for (jidx = pij_row_ptr[TID]; jidx < jidx_end; jidx++)
    {
        j = pij_col_ind[jidx];
        jx = points[j];
        jy = points[num_points + j];
        dx = ix - jx; // X distance
        dy = iy - jy; // Y distance
        pijqij = pij[jidx] / (1 + dx * dx + dy * dy);
        acc_x += pijqij * dx;
        acc_y += pijqij * dy;
    }
    attr_forces[i] = acc_x;
    attr_forces[num_points + i] = acc_y;
}


__global__ void ComputePijxQijKernelV3(
    // float *__restrict__ attr_forces,
    float *__restrict__ workspace_x,
    float *__restrict__ workspace_y,
    const float *__restrict__ pij,
    const int *__restrict__ pij_ind,
    const float *__restrict__ points,
    const int num_points,
    const int num_neighbors)
{
    register int TID, i, j;
    register float ix, iy, jx, jy, dx, dy, pijqij;
    TID = threadIdx.x + blockIdx.x * blockDim.x; // This is the location in the pij matrix
    if (TID >= num_points * num_neighbors)
        return;

    i = TID / num_neighbors;
    j = pij_ind[TID];

    ix = points[i];
    iy = points[num_points + i];
    jx = points[j];
    jy = points[num_points + j];
    dx = ix - jx; // X distance
    dy = iy - jy; // Y distance
    pijqij = pij[TID] / (1 + dx * dx + dy * dy);

    workspace_x[TID] = pijqij * dx;
    workspace_y[TID] = pijqij * dy;
}

__global__ void reduce_sum_kernel(
    float *__restrict__ attr_forces,
    const float *__restrict__ workspace_x,
    const float *__restrict__ workspace_y,
    const int num_points,
    const int num_neighbors)
{
    register int TID, jend, j;
    register float acc_x, acc_y;
    TID = threadIdx.x + blockIdx.x * blockDim.x; // This is the location in the pij matrix
    if (TID >= num_points)
        return;

    acc_x = 0.0f;
    acc_y = 0.0f;
    jend = (TID + 1) * num_neighbors;
    for (j = TID * num_neighbors; j < jend; j++)
    {
        acc_x += workspace_x[j];
        acc_y += workspace_y[j];
    }

    attr_forces[TID] = acc_x;
    attr_forces[num_points + TID] = acc_y;
}

