// tilelab kernel collection: gprMax (gprMax/gprMax): the standard-material FDTD field updates: update_e (Ex, Ey, Ez from the curl of H) and update_h (H from the curl of E), one thread a cell, material update coefficients in __constant__ memory
// Source:  https://github.com/gprMax/gprMax/blob/4d587d58daa68d078ec7ca6015c65e3d9ce41d8f/gprMax/fields_updates_gpu.py
//          (gprMax/gprMax, commit 4d587d5: Craig Warren and Antonis Giannopoulos, The University of Edinburgh)
// Licence: GPL-3.0-or-later (the file's notice, repeated below; the repository's LICENSE is the GNU GPL v3).
// Kept:    lines 25-79 and 198-241 of fields_updates_gpu.py (its template string is lines 21-242: the macros, the __constant__ coefficient arrays, update_e, update_h), unchanged; left out: line 23 (#include <pycuda-complex.hpp>, PyCUDA's own header) and lines 80-197 (update_e_dispersive_A/B, which need its pycuda::complex).
//          The kernels are a Python string.Template that gprMax/model_build_run.py substitutes before PyCUDA's SourceModule
//          compiles it (inside extern "C" { }, PyCUDA's default; here the text alone); here substituted as it does, for
//          float (the default precision) and this suite's sizes: REAL = float, a 10 x 10 x 10 cell grid (NX/NY/NZ_FIELDS = NX/NY/NZ_ID = 11), 4 materials x 5 coefficients (N_updatecoeffsE/H = 20, NY_MATCOEFFS = 5), no dispersive materials (model_build_run.py line 508: NY_MATDISPCOEFFS = NX/NY/NZ_T = 1). Nothing else changed.
// Launches: model_build_run.py: update_e/update_h(nx, ny, nz, ID, E.., H..) with block G.tpb = (256, 1, 1), grid G.bpg = ceil(11^3 / 256) = 6
/*
  Copyright (C) 2015-2023: The University of Edinburgh
  Authors: Craig Warren and Antonis Giannopoulos

  This file is part of gprMax.

  gprMax is free software: you can redistribute it and/or modify
  it under the terms of the GNU General Public License as published by
  the Free Software Foundation, either version 3 of the License, or
  (at your option) any later version.

  gprMax is distributed in the hope that it will be useful,
  but WITHOUT ANY WARRANTY; without even the implied warranty of
  MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
  GNU General Public License for more details.

  You should have received a copy of the GNU General Public License
  along with gprMax.  If not, see <http://www.gnu.org/licenses/>.
*/
// Macros for converting subscripts to linear index:
#define INDEX2D_MAT(m, n) (m)*(5)+(n)
#define INDEX2D_MATDISP(m, n) (m)*(1)+(n)
#define INDEX3D_FIELDS(i, j, k) (i)*(11)*(11)+(j)*(11)+(k)
#define INDEX4D_ID(p, i, j, k) (p)*(11)*(11)*(11)+(i)*(11)*(11)+(j)*(11)+(k)
#define INDEX4D_T(p, i, j, k) (p)*(1)*(1)*(1)+(i)*(1)*(1)+(j)*(1)+(k)

// Material coefficients (read-only) in constant memory (64KB)_
__device__ __constant__ float updatecoeffsE[20];
__device__ __constant__ float updatecoeffsH[20];

/////////////////////////////////////////////////
// Electric field updates - standard materials //
/////////////////////////////////////////////////

__global__ void update_e(int NX, int NY, int NZ, const unsigned int* __restrict__ ID, float *Ex, float *Ey, float *Ez, const float* __restrict__ Hx, const float* __restrict__ Hy, const float* __restrict__ Hz) {

    //  This function updates electric field values.
    //
    //  Args:
    //      NX, NY, NZ: Number of cells of the model domain
    //      ID, E, H: Access to ID and field component arrays

    // Obtain the linear index corresponding to the current thread
    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    // Convert the linear index to subscripts for 3D field arrays
    int i = idx / (11 * 11);
    int j = (idx % (11 * 11)) / 11;
    int k = (idx % (11 * 11)) % 11;

    // Convert the linear index to subscripts for 4D material ID array
    int i_ID = (idx % (11 * 11 * 11)) / (11 * 11);
    int j_ID = ((idx % (11 * 11 * 11)) % (11 * 11)) / 11;
    int k_ID = ((idx % (11 * 11 * 11)) % (11 * 11)) % 11;

    // Ex component
    if ((NY != 1 || NZ != 1) && i >= 0 && i < NX && j > 0 && j < NY && k > 0 && k < NZ) {
        int materialEx = ID[INDEX4D_ID(0,i_ID,j_ID,k_ID)];
        Ex[INDEX3D_FIELDS(i,j,k)] = updatecoeffsE[INDEX2D_MAT(materialEx,0)] * Ex[INDEX3D_FIELDS(i,j,k)] + updatecoeffsE[INDEX2D_MAT(materialEx,2)] * (Hz[INDEX3D_FIELDS(i,j,k)] - Hz[INDEX3D_FIELDS(i,j-1,k)]) - updatecoeffsE[INDEX2D_MAT(materialEx,3)] * (Hy[INDEX3D_FIELDS(i,j,k)] - Hy[INDEX3D_FIELDS(i,j,k-1)]);
    }

    // Ey component
    if ((NX != 1 || NZ != 1) && i > 0 && i < NX && j >= 0 && j < NY && k > 0 && k < NZ) {
        int materialEy = ID[INDEX4D_ID(1,i_ID,j_ID,k_ID)];
        Ey[INDEX3D_FIELDS(i,j,k)] = updatecoeffsE[INDEX2D_MAT(materialEy,0)] * Ey[INDEX3D_FIELDS(i,j,k)] + updatecoeffsE[INDEX2D_MAT(materialEy,3)] * (Hx[INDEX3D_FIELDS(i,j,k)] - Hx[INDEX3D_FIELDS(i,j,k-1)]) - updatecoeffsE[INDEX2D_MAT(materialEy,1)] * (Hz[INDEX3D_FIELDS(i,j,k)] - Hz[INDEX3D_FIELDS(i-1,j,k)]);
    }

    // Ez component
    if ((NX != 1 || NY != 1) && i > 0 && i < NX && j > 0 && j < NY && k >= 0 && k < NZ) {
        int materialEz = ID[INDEX4D_ID(2,i_ID,j_ID,k_ID)];
        Ez[INDEX3D_FIELDS(i,j,k)] = updatecoeffsE[INDEX2D_MAT(materialEz,0)] * Ez[INDEX3D_FIELDS(i,j,k)] + updatecoeffsE[INDEX2D_MAT(materialEz,1)] * (Hy[INDEX3D_FIELDS(i,j,k)] - Hy[INDEX3D_FIELDS(i-1,j,k)]) - updatecoeffsE[INDEX2D_MAT(materialEz,2)] * (Hx[INDEX3D_FIELDS(i,j,k)] - Hx[INDEX3D_FIELDS(i,j-1,k)]);
    }
}

////////////////////////////
// Magnetic field updates //
////////////////////////////

__global__ void update_h(int NX, int NY, int NZ, const unsigned int* __restrict__ ID, float *Hx, float *Hy, float *Hz, const float* __restrict__ Ex, const float* __restrict__ Ey, const float* __restrict__ Ez) {

    //  This function updates magnetic field values.
    //
    //  Args:
    //      NX, NY, NZ: Number of cells of the model domain
    //      ID, E, H: Access to ID and field component arrays

    // Obtain the linear index corresponding to the current thread
    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    // Convert the linear index to subscripts for 3D field arrays
    int i = idx / (11 * 11);
    int j = (idx % (11 * 11)) / 11;
    int k = (idx % (11 * 11)) % 11;

    // Convert the linear index to subscripts for 4D material ID array
    int i_ID = (idx % (11 * 11 * 11)) / (11 * 11);
    int j_ID = ((idx % (11 * 11 * 11)) % (11 * 11)) / 11;
    int k_ID = ((idx % (11 * 11 * 11)) % (11 * 11)) % 11;

    // Hx component
    if (NX != 1 && i > 0 && i < NX && j >= 0 && j < NY && k >= 0 && k < NZ) {
        int materialHx = ID[INDEX4D_ID(3,i_ID,j_ID,k_ID)];
        Hx[INDEX3D_FIELDS(i,j,k)] = updatecoeffsH[INDEX2D_MAT(materialHx,0)] * Hx[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHx,2)] * (Ez[INDEX3D_FIELDS(i,j+1,k)] - Ez[INDEX3D_FIELDS(i,j,k)]) + updatecoeffsH[INDEX2D_MAT(materialHx,3)] * (Ey[INDEX3D_FIELDS(i,j,k+1)] - Ey[INDEX3D_FIELDS(i,j,k)]);
    }

    // Hy component
    if (NY != 1 && i >= 0 && i < NX && j > 0 && j < NY && k >= 0 && k < NZ) {
        int materialHy = ID[INDEX4D_ID(4,i_ID,j_ID,k_ID)];
        Hy[INDEX3D_FIELDS(i,j,k)] = updatecoeffsH[INDEX2D_MAT(materialHy,0)] * Hy[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHy,3)] * (Ex[INDEX3D_FIELDS(i,j,k+1)] - Ex[INDEX3D_FIELDS(i,j,k)]) + updatecoeffsH[INDEX2D_MAT(materialHy,1)] * (Ez[INDEX3D_FIELDS(i+1,j,k)] - Ez[INDEX3D_FIELDS(i,j,k)]);
    }

    // Hz component
    if (NZ != 1 && i >= 0 && i < NX && j >= 0 && j < NY && k > 0 && k < NZ) {
        int materialHz = ID[INDEX4D_ID(5,i_ID,j_ID,k_ID)];
        Hz[INDEX3D_FIELDS(i,j,k)] = updatecoeffsH[INDEX2D_MAT(materialHz,0)] * Hz[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHz,1)] * (Ey[INDEX3D_FIELDS(i+1,j,k)] - Ey[INDEX3D_FIELDS(i,j,k)]) + updatecoeffsH[INDEX2D_MAT(materialHz,2)] * (Ex[INDEX3D_FIELDS(i,j+1,k)] - Ex[INDEX3D_FIELDS(i,j,k)]);
    }
}
