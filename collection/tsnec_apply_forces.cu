// tilelab kernel collection: tsne-cuda's integration kernel (gradient step with momentum and per-coordinate gains, grid-stride over the points)
// Source:  https://github.com/CannyLab/tsne-cuda/blob/244db8f13811a2abc94e5fe931d7616ef72a06b4/src/kernels/apply_forces.cu
//          (CannyLab/tsne-cuda, commit 244db8f)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept, unchanged: lines 1-4, 6-58 (the comment and IntegrationKernel); removed: line 5 (the project header) and 59-end (the host ApplyForces).
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
/*
    Apply forces to the points with momentum, exaggeration, etc.
*/


/******************************************************************************/
/*** advance bodies ***********************************************************/
/******************************************************************************/
// Edited to add momentum, repulsive, attr forces, etc.
__global__ void IntegrationKernel(
    volatile float *__restrict__ points,
    volatile float *__restrict__ attr_forces,
    volatile float *__restrict__ rep_forces,
    volatile float *__restrict__ gains,
    volatile float *__restrict__ old_forces,
    const float eta,
    const float normalization,
    const float momentum,
    const float exaggeration,
    const int num_points)
{
    register int i, inc;
    register float dx, dy, ux, uy, gx, gy;

    // iterate over all bodies assigned to thread
    inc = blockDim.x * gridDim.x;
    for (i = threadIdx.x + blockIdx.x * blockDim.x; i < num_points; i += inc)
    {
        ux = old_forces[i];
        uy = old_forces[num_points + i];
        gx = gains[i];
        gy = gains[num_points + i];
        dx = exaggeration * attr_forces[i] - (rep_forces[i] / normalization);
        dy = exaggeration * attr_forces[i + num_points] - (rep_forces[i + num_points] / normalization);

        gx = (signbit(dx) != signbit(ux)) ? gx + 0.2 : gx * 0.8;
        gy = (signbit(dy) != signbit(uy)) ? gy + 0.2 : gy * 0.8;
        gx = (gx < 0.01) ? 0.01 : gx;
        gy = (gy < 0.01) ? 0.01 : gy;

        ux = momentum * ux - eta * gx * dx;
        uy = momentum * uy - eta * gy * dy;

        points[i] += ux;
        points[i + num_points] += uy;

        attr_forces[i] = 0.0f;
        attr_forces[num_points + i] = 0.0f;
        rep_forces[i] = 0.0f;
        rep_forces[num_points + i] = 0.0f;
        old_forces[i] = ux;
        old_forces[num_points + i] = uy;
        gains[i] = gx;
        gains[num_points + i] = gy;
    }
}

