// tilelab kernel collection: richardfinger/heat-equation-solver: the conjugate-gradient pieces of an implicit 2D heat-equation solver (diffusion.cu)
// Source:  https://github.com/richardfinger/heat-equation-solver/blob/6ec93635cf7531fc26d3b2ce297bfcf6d7269bdd/diffusion.cu
//          (richardfinger/heat-equation-solver, commit 6ec9363: Richard Finger's university assignment, the heat equation by finite differences, each step's system solved by conjugate gradients)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2016 Richard Finger"; the file itself carries no notice); the notice follows.
// Kept: the file's opening comment and the device code, unchanged (lines 1-17, 23-128 and 169-210 of the original).
//       Removed: the host-only includes (lines 18-21: <stdio.h>, <stdlib.h>, <string.h>, <cuda.h>), the host's dot and norm
//       (lines 130-167) and the rest of the host code (lines 211-485: matrixSolver, printMatrix, initializeMatrix, run, main).

/*
 * MIT License
 *
 * Copyright (c) 2016 Richard Finger
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

/* @file diffusion.cu
*  @brief 2D Solver for heat diffusion equation with fixed initial conditions written to run on GPU.
*
*  This is a solver for diffusion equation using the method of finite differences. The linear system
*  of the method is solved using conjugate gradients. It solves the equation du/dt - lambda*L^2u = 0
*  where L is the Laplacian operator, u is temperature and t is time. It solves this equation in
*  time and space. The time domain is defined by tfinal, that is [0,tfinal]. The spatial domain is
*  defined by step and offset, where step is the distance of the gridpoints in meters and offset is
*  the number of grid points in both directions ( the grid is a square ). The initial condition is
*  hardcoded into the procedure initializeMatrix. The boundary condition is harcoded in the
*  procedure run. All of the input of this program is hardcoded - the intention was to demonstrate
*  the performance difference between C and CUDA code, not to make a general solver. The output of
*  this program is a set of files named matrix<t>.csv containing the 2D temperature function at time
*  t.

*  @author Richard Finger
*/
#define BLOCK_SIZE 512                      // CUDA block size
#define offset 512                          // determines dimension of spatial grid
#define step   0.02                         // spatial discretization step

const int   tfinal = 50;                    // simulation starts at t=0 and ends at tfinal
const float lambda = 0.001 / (step*step);   // lambda from the heat eqaution
const int   dim    = offset + 2;            // dimension of spatial grid
const int   length = offset * offset;       // length of the storage vector

__global__ void cudamv(float* res,float* y)
{
/* @brief Multiply vector x by matrix A of the system of linear equations on GPU.
*
*  Multiply vector x by matrix A of the system of linear equations obtained from discretization.
*  Notice that the matrix A does not change during the simulation and therefore we can harcode it
*  into this procedure. This will significantly improve performance.
*
*  @param[in]  y      Pointer to input vector y
*  @param[out] res    Pointer to outpur vector res
*  @return     void
*/

        __shared__ float  x[BLOCK_SIZE + 2*offset];

        int g_i = threadIdx.x + blockIdx.x * blockDim.x;
        int i   = threadIdx.x + offset;

        x[i] = y[g_i];

        if(threadIdx.x < offset)
        {
                x[threadIdx.x ] = (g_i - offset) > 0 ? y[(g_i - offset)] : 0;
                x[threadIdx.x + BLOCK_SIZE + offset] = (g_i + BLOCK_SIZE) < length ? y[g_i + BLOCK_SIZE] : 0;
        }

        __syncthreads();

        float result = 0;

        int tmp = g_i % offset;

        result += (1 + 4*lambda) * x[i];

        result += (-lambda) * ((g_i+1 < length && tmp < offset -1) ? x[i+1] :0);

        result += (-lambda) * ((g_i+offset < length ) ? x[i+offset] :0);

        result += (-lambda) * ((g_i-1 > -1 && tmp > 0 ) ? x[i-1] :0);

        result += (-lambda) * ((g_i-offset > -1) ? x[i-offset] :0);

        res[g_i] = result;
}

__global__ void cudadot(float* res,float* a, float* b)
{
/* @brief Calculate the dot product of two vectors on GPU.
*
*  @param[in]  a      Pointer to input vector a
*  @param[in]  b      Pointer to input vector b
*  @param[out] res    Dot product of a and b
*  @return     void
*/
        unsigned int index = blockIdx.x * blockDim.x + threadIdx.x;

        for(int i = 0; i < 2; i++)
        {
                res[index + i*length/2] = a[index + i*length/2] * b[index + i*length/2];
        }

        __shared__ volatile float sdata[BLOCK_SIZE];

        unsigned int t_id = threadIdx.x;

        sdata[t_id] = res[index] + res[index + length/2];

        __syncthreads();

        if(BLOCK_SIZE >= 256)
        {
                if(t_id < 128)
                {
                        sdata[t_id] += sdata[t_id + 128];
                }
                __syncthreads();
        }
        if(BLOCK_SIZE >= 128)
        {
                if(t_id < 64)
                {
                        sdata[t_id] += sdata[t_id + 64];
                }
                __syncthreads();
        }
        if(t_id < 32)
        {
                sdata[t_id] += sdata[t_id + 32];
                sdata[t_id] += sdata[t_id + 16];
                sdata[t_id] += sdata[t_id + 8];
                sdata[t_id] += sdata[t_id + 4];
                sdata[t_id] += sdata[t_id + 2];
                sdata[t_id] += sdata[t_id + 1];
        }

        if(t_id == 0) res[blockIdx.x] = sdata[0];
}
__global__ void cudaadd(float* res, float* a, float* b)
{
/* @brief Calculate the sum of two vectors on GPU.
*
*  @param[in]  a      Pointer to input vector a
*  @param[in]  b      Pointer to input vector b
*  @param[out] res    Pointer to output vector res
*  @return     void
*/
        unsigned int g_id = blockIdx.x*blockDim.x + threadIdx.x;

        res[g_id] = a[g_id] + b[g_id];
}

__global__ void cudasub(float* res, float* a, float* b)
{
/* @brief Calculate the difference of two vectors on GPU.
*
*  @param[in]  a      Pointer to input vector a
*  @param[in]  b      Pointer to input vector b
*  @param[out] res    Pointer to output vector res
*  @return     void
*/
        unsigned int g_id = blockIdx.x*blockDim.x + threadIdx.x;

        res[g_id] = a[g_id] - b[g_id];
}


__global__ void cudamul(float* res, float alpha, float* b)
{
/* @brief Multiply a vector by a scalar on GPU.
*
*  @param[in]  b      Pointer to input vector b
*  @param[in]  alpha  Scalar alpha
*  @param[out] res    Pointer to output vector res
*  @return     void
*/
        unsigned int g_id = blockIdx.x*blockDim.x + threadIdx.x;

        res[g_id] = alpha * b[g_id];
}
