// tilelab kernel collection: 2D acoustic wave propagation by finite differences (second order in time, eighth in space):
// kernel_add_wavelet adds the source sample to one grid point, kernel_2dfd steps the pressure field in 32 x 32 shared tiles
// Source:  https://github.com/ovcharenkoo/CUDA_FDTD_2D_acoustic_wave_propagation/blob/ea9b84c57e69dd06fef5d07bc3d260d3828cb17d/cuwaveprop2d.cu
//          (ovcharenkoo/CUDA_FDTD_2D_acoustic_wave_propagation, commit ea9b84c, Oleg Ovcharenko and Vladimir Kazei)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 Oleg Ovcharenko"), repeated below.
// with a 4-point halo and reflective (zero) boundaries, the stencil coefficients and sizes in __constant__ memory.
// Kept: lines 37-65 (PI, HALO, the coefficients a0-a4, BDIMX/BDIMY, SDIMX/SDIMY, the __constant__ declarations) and
//       lines 96-247 (kernel_add_wavelet, set_halo, kernel_2dfd), unchanged. Removed: lines 1-36 (the description
//       comment, stdio/math/stdlib/string/cuda includes, the host CHECK macro), lines 66-95 (saveSnapshotIstep, host)
//       and lines 248-end (main).
// Selection, fixed before any run (collection/manifest.toml, the ovwave_ entries): every __global__ kernel of the file
// (kernel_add_wavelet, kernel_2dfd), none dropped for its result, each launched as main launches it:
// <<<((nx + 31) / 32, (ny + 31) / 32), (32, 32)>>>, the __constant__ symbols as main's cudaMemcpyToSymbol sets them
// (c_coef = a0..a4, c_isrc = nx / 2, c_jsrc = ny / 2, c_nx, c_ny, c_nt, c_dt2dx2 = (dt * dt) / (dx * dx) with dx = 10,
// dt = 0.5 * dx / 3300); main's 512 x 512 grid replaced by 64 x 64 (kernel_add_wavelet and kernel_2dfd) and 96 x 64
// (kernel_2dfd, launch "rect": a non-square grid, 3 x 2 blocks), both multiples of 32 as main's; the wave fields
// uniform(-1, 1) in place of main's zeros and source (so every stencil term is exercised), vp uniform(2000, 3300) in
// place of main's constant 3300, the wavelet 20 uniform samples, it = 5.
// Read before any run: kernel_2dfd races between blocks: set_halo(d_u1, ...) reads d_u1's halo cells, which belong to
// the neighbouring blocks, while those blocks write d_u1[idx] (the new field goes into d_u1 in place); the halo of s_u1
// (and of s_vp) is never used, only s_u1[sy][sx], so the results do not depend on it. No out-of-bounds access at these
// sizes (nx, ny multiples of 32; for sizes that are not, __syncthreads() sits inside the (gx < nx) && (gy < ny) branch).
//
// MIT License
//
// Copyright (c) 2019 Oleg Ovcharenko
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
//
// cuwaveprop2d.cu, lines 37-65
#define PI 3.14159265359

// Padding for FD scheme
#define HALO 4
#define HALO2 8

// FD stencil coefficients
#define a0  -2.8472222f
#define a1   1.6000000f
#define a2  -0.2000000f
#define a3   0.0253968f
#define a4  -0.0017857f

// Block dimensions
#define BDIMX 32
#define BDIMY 32

// Shared memory tile dimenstions
#define SDIMX BDIMX + HALO2
#define SDIMY BDIMY + HALO2

// Constant device memory
__constant__ float c_coef[5]; /* coefficients for 8th order fd */
__constant__ int c_isrc;      /* source location, ox */
__constant__ int c_jsrc;      /* source location, oz */
__constant__ int c_nx;        /* x dim */
__constant__ int c_ny;        /* y dim */
__constant__ int c_nt;        /* time steps */
__constant__ float c_dt2dx2;  /* dt2 / dx2 for fd*/
// cuwaveprop2d.cu, lines 96-247
// Add source wavelet
__global__ void kernel_add_wavelet(float *d_u, float *d_wavelet, int it)
{
    /*
    d_u             :pointer to an array on device where to add source term
    d_wavelet       :pointer to an array on device with source signature
    it              :time step id
    */
    unsigned int gx = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int gy = blockIdx.y * blockDim.y + threadIdx.y;
    unsigned int idx = gy * c_nx + gx;

    if ((gx == c_isrc) && (gy == c_jsrc))
    {
        d_u[idx] += d_wavelet[it];
    }
}

__device__ void set_halo(float *global, float shared[][SDIMX], int tx, int ty, int sx, int sy, int gx, int gy, int nx, int ny)
{
    /*
    global      :pointer to an array in global memory (gmem)
    shared      :2D array in shared device memory
    tx, ty      :thread id's in a block
    sx, sy      :thread id's in a shared memory tile
    gx, gy      :thread id's in the entire computational domain
    */

    // Each thread copies one value from gmem into smem
    shared[sy][sx] = global[gy * nx + gx];

    // Populate halo regions in smem for left, right, top and bottom boundaries of a block
    // if thread near LEFT border of a block
    if (tx < HALO)
    {
        // if global left
        if (gx < HALO)
        {
            // reflective boundary
            shared[sy][sx - HALO] = 0.0;
        }
        else
        {
            // if block left
            shared[sy][sx - HALO] = global[gy * nx + gx - HALO];
        }
    }
    // if thread near RIGHT border of a block
    if ((tx >= (BDIMX - HALO)) || ((gx + HALO) >= nx))
    {
        // if global right
        if ((gx + HALO) >= nx)
        {
            // reflective boundary
            shared[sy][sx + HALO] = 0.0;
        }
        else
        {
            // if block right
            shared[sy][sx + HALO] = global[gy * nx + gx + HALO];
        }
    }

    // if thread near BOTTOM border of a block
    if (ty < HALO)
    {
        // if global bottom
        if (gy < HALO)
        {
            // reflective boundary
            shared[sy - HALO][sx] = 0.0;
        }
        else
        {
            // if block bottom
            shared[sy - HALO][sx] = global[(gy - HALO) * nx + gx];
        }
    }

    // if thread near TOP border of a block    
    if ((ty >= (BDIMY - HALO)) || ((gy + HALO) >= ny))
    {
        // if global top
        if ((gy + HALO) >= ny)
        {
            // reflective boundary
            shared[sy + HALO][sx] = 0.0;
        }
        else
        {
            // if block top
            shared[sy + HALO][sx] = global[(gy + HALO) * nx + gx];
        }
    }
}

// FD kernel
__global__ void kernel_2dfd(float *d_u1, float *d_u2, float *d_vp)
{
    // save model dims in registers as they are much faster
    const int nx = c_nx;
    const int ny = c_ny;

    // FD coefficient dt2 / dx2
    const float dt2dx2 = c_dt2dx2;

    // Thread address (ty, tx) in a block
    const unsigned int tx = threadIdx.x;
    const unsigned int ty = threadIdx.y;

    // Thread address (sy, sx) in shared memory
    const unsigned int sx = threadIdx.x + HALO;
    const unsigned int sy = threadIdx.y + HALO;

    // Thread address (gy, gx) in global memory
    const unsigned int gx = blockIdx.x * blockDim.x + tx;
    const unsigned int gy = blockIdx.y * blockDim.y + ty;

    // Global linear index
    const unsigned int idx = gy * nx + gx;

    // Allocate shared memory for a block (smem)
    __shared__ float s_u1[SDIMY][SDIMX];
    __shared__ float s_u2[SDIMY][SDIMX];
    __shared__ float s_vp[SDIMY][SDIMX];

    // If thread points into the physical domain
    if ((gx < nx) && (gy < ny))
    {
        // Copy regions from gmem into smem
        //       gmem, smem,  block, shared, global, dims
        set_halo(d_u1, s_u1, tx, ty, sx, sy, gx, gy, nx, ny);
        set_halo(d_u2, s_u2, tx, ty, sx, sy, gx, gy, nx, ny);
        set_halo(d_vp, s_vp, tx, ty, sx, sy, gx, gy, nx, ny);
        __syncthreads();

        // Central point of fd stencil, o o o o x o o o o
        float du2_xx = c_coef[0] * s_u2[sy][sx];
        float du2_yy = c_coef[0] * s_u2[sy][sx];

#pragma unroll
        for (int d = 1; d <= 4; d++)
        {
            du2_xx += c_coef[d] * (s_u2[sy][sx - d] + s_u2[sy][sx + d]);
            du2_yy += c_coef[d] * (s_u2[sy - d][sx] + s_u2[sy + d][sx]);
        }
        // Second order wave equation
        d_u1[idx] = 2.0 * s_u2[sy][sx] - s_u1[sy][sx] + s_vp[sy][sx] * s_vp[sy][sx] * (du2_xx + du2_yy) * dt2dx2;

        __syncthreads();
    }
}
