// tilelab kernel collection: GPU-LBMsim's initialisation kernels (the cavity's walls, the equilibrium distributions)
// Source:  https://github.com/jakobtorben/GPU-LBMsim/blob/e9d708e962de1f6fd7a363844a1caa0e5b05e33f/src/init_gpu.cu
//          (jakobtorben/GPU-LBMsim, commit e9d708e), with https://github.com/jakobtorben/GPU-LBMsim/blob/e9d708e962de1f6fd7a363844a1caa0e5b05e33f/include/core_gpu.hpp
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2021 LBM turbulence model - Jakob Torben", repeated below;
//          the file's banner says it is provided under the MIT licence).
// Kept: lines 1-10 (the banner) and 85-157 (the two __global__ kernels) of the original, unchanged. Removed: the
//       includes (lines 11-16: <iostream>, <sstream>, <cuda.h>, the project's init_gpu.hpp, whose lines are host
//       declarations, the LES/MRT build switches and num_threads, and core_gpu.hpp) and the host functions
//       initialise_simulation and set_up_GPU (lines 17-84; the manifest's entries take u_lid from the first). The
//       lines of include/core_gpu.hpp the kernels use (13-15: the __constant__ weights w0, w1, w2 and c2; 70-94: the
//       index helpers f_idx_gpu and arr_idx) are copied in, marked.
//
// MIT License
//
// Copyright (c) 2021 LBM turbulence model - Jakob Torben
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

/* Mehtods for initialising the simulation on the GPU.
 * 
 * Filename: init_gpu.cu
 * Author: Jakob Torben
 * Created: 13.07.2021
 * Last modified: 26.08.2021
 * 
 * This code is provided under the MIT license. See LICENSE.txt.
 */


// ---- include/core_gpu.hpp, lines 13-15 and 70-94
// define weights for feq calculation to avoid uunecessary divisions
__constant__ float w0 = 4./9., w1 = 1./9., w2 = 1./36.;
__constant__ float c2 = 9./2.;

/**
 * Inline helper function to find index of 3D array using strucutre of array
 * data layout to have coalesced memory access on GPU.
 *
 * @param[in] Nx, Ny domain size
 * @param[in] x, y grid coordinates
 * @param[in] a distriburion direction
 * @return 1D array index
 */
__device__ __forceinline__ size_t f_idx_gpu(int Nx, int Ny, int x, int y, int a)
{
    return ((Ny*a + y)*Nx + x);
}

/**
 * Inline helper function to find index of 2D array.
 *
 * @param[in] Nx, Ny domain size
 * @param[in] x, y grid coordinates
 * @return 1D array index
 */
__device__ __forceinline__ size_t arr_idx(int Nx, int x, int y)
{
    return x + Nx*y;
}
// ---- end of the copied lines

/**
 * Define the geometry of the fixed walls.
 *
 * @param[in] Nx, Ny domain size
 * @param[out] solid_node array storing the position of solid nodes
 */
__global__ void define_geometry(int Nx, int Ny, bool* solid_node)
{
    int x = blockDim.x*blockIdx.x + threadIdx.x;
    int y = blockIdx.y;

    // set fixed walls to solid boundaries
    if (x == 0)
        solid_node[arr_idx(Nx, x, y)] = 1;  // west wall
    else if (x == Nx-1)
        solid_node[arr_idx(Nx, x, y)] = 1;  // east wall
    else if (y == 0)
        solid_node[arr_idx(Nx, x, y)] = 1;  // south wall
    else 
        solid_node[arr_idx(Nx, x, y)] = 0;    
}

/**
 * Set inital distributions to equilibrium values for lid driven cavity
 *
 * @param[in] Nx, Ny domain size
 * @param[in] u_lid, lid velocity
 * @param[out] f array storing the distributions
 * @param[out] rho_arr array storing the density
 * @param[out] ux_arr, uy_arr arrays storing the velocities
 */
__global__ void initialise_distributions(int Nx, int Ny, float u_lid, float* f, float* rho_arr, float* ux_arr, float* uy_arr)
{
    int x = blockDim.x*blockIdx.x + threadIdx.x;
    int y = blockIdx.y;

    // set density to 1.0 to keep as much precision as possible during calculation
    rho_arr[arr_idx(Nx, x, y)] = 1.;
    uy_arr[arr_idx(Nx, x, y)] = 0.;
    if (y == Ny - 1)
        ux_arr[arr_idx(Nx, x, y)] = u_lid;
    else
        ux_arr[arr_idx(Nx, x, y)] = 0;
    
    float ux = ux_arr[arr_idx(Nx, x, y)];
    float uy = uy_arr[arr_idx(Nx, x, y)];
    float rho = rho_arr[arr_idx(Nx, x, y)];

    float uxsq = ux * ux;
    float uysq = uy * uy;
    float usq = uxsq + uysq;

    float uxuy5 =  ux + uy;
    float uxuy6 = -ux + uy;
    float uxuy7 = -ux - uy;
    float uxuy8 =  ux - uy;

    float c = 1 - 1.5*usq;
    float w_rho0 = w0 * rho;
    float w_rho1 = w1 * rho;
    float w_rho2 = w2 * rho;

    f[f_idx_gpu(Nx, Ny, x, y, 0)] = w_rho0*(c                           );
    f[f_idx_gpu(Nx, Ny, x, y, 1)] = w_rho1*(c + 3.*ux  + c2*uxsq        );
    f[f_idx_gpu(Nx, Ny, x, y, 2)] = w_rho1*(c + 3.*uy  + c2*uysq        );
    f[f_idx_gpu(Nx, Ny, x, y, 3)] = w_rho1*(c - 3.*ux  + c2*uxsq        );
    f[f_idx_gpu(Nx, Ny, x, y, 4)] = w_rho1*(c - 3.*uy  + c2*uysq        );
    f[f_idx_gpu(Nx, Ny, x, y, 5)] = w_rho2*(c + 3.*uxuy5 + c2*uxuy5*uxuy5);
    f[f_idx_gpu(Nx, Ny, x, y, 6)] = w_rho2*(c + 3.*uxuy6 + c2*uxuy6*uxuy6);
    f[f_idx_gpu(Nx, Ny, x, y, 7)] = w_rho2*(c + 3.*uxuy7 + c2*uxuy7*uxuy7);
    f[f_idx_gpu(Nx, Ny, x, y, 8)] = w_rho2*(c + 3.*uxuy8 + c2*uxuy8*uxuy8);
}
