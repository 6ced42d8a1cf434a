// tilelab kernel collection: gprMax (gprMax/gprMax): the source updates: Hertzian dipole and voltage source (E) and magnetic dipole (H), one thread a source
// Source:  https://github.com/gprMax/gprMax/blob/4d587d58daa68d078ec7ca6015c65e3d9ce41d8f/gprMax/source_updates_gpu.py
//          (gprMax/gprMax, commit 4d587d5: Craig Warren and Antonis Giannopoulos, The University of Edinburgh)
// Licence: GPL-3.0-or-later (the file's notice, repeated below; the repository's LICENSE is the GNU GPL v3).
// Kept:    lines 22-202 of source_updates_gpu.py (the whole template string, lines 21-203: the macros, the __constant__ coefficient arrays, the three kernels), unchanged.
//          The kernels are a Python string.Template that gprMax/model_build_run.py substitutes before PyCUDA's SourceModule
//          compiles it (inside extern "C" { }, PyCUDA's default; here the text alone); here substituted as it does, for
//          float (the default precision) and this suite's sizes: REAL = float, a 10 x 10 x 10 cell grid (NX/NY/NZ_FIELDS = NX/NY/NZ_ID = 11), 4 materials x 5 coefficients, NY_SRCINFO = 4, 20 iterations (NY_SRCWAVES = 20). Nothing else changed.
// Launches: model_build_run.py: block (1, 1, 1), grid (round32(number of sources), 1, 1) = 32 one-thread blocks
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
#define INDEX2D_SRCINFO(m, n) (m)*4+(n)
#define INDEX2D_SRCWAVES(m, n) (m)*(20)+(n)
#define INDEX3D_FIELDS(i, j, k) (i)*(11)*(11)+(j)*(11)+(k)
#define INDEX4D_ID(p, i, j, k) (p)*(11)*(11)*(11)+(i)*(11)*(11)+(j)*(11)+(k)

// Material coefficients (read-only) in constant memory (64KB)
__device__ __constant__ float updatecoeffsE[20];
__device__ __constant__ float updatecoeffsH[20];

///////////////////////////////////////////
// Hertzian dipole electric field update //
///////////////////////////////////////////

__global__ void update_hertzian_dipole(int NHERTZDIPOLE, int iteration, float dx, float dy, float dz, const int* __restrict__ srcinfo1, const float* __restrict__ srcinfo2, const float* __restrict__ srcwaveforms, const unsigned int* __restrict__ ID, float *Ex, float *Ey, float *Ez) {

    //  This function updates electric field values for Hertzian dipole sources.
    //
    //  Args:
    //      NHERTZDIPOLE: Total number of Hertzian dipoles in the model
    //      iteration: Iteration number of simulation
    //      dx, dy, dz: Spatial discretisations
    //      srcinfo1: Source cell coordinates and polarisation information
    //      srcinfo2: Other source information, e.g. length, resistance etc...
    //      srcwaveforms: Source waveform values
    //      ID, E: Access to ID and field component arrays

    // Obtain the linear index corresponding to the current thread and use for each receiver
    int src = blockIdx.x * blockDim.x + threadIdx.x;

    if (src < NHERTZDIPOLE) {

        float dl;
        int i, j, k, polarisation;

        i = srcinfo1[INDEX2D_SRCINFO(src,0)];
        j = srcinfo1[INDEX2D_SRCINFO(src,1)];
        k = srcinfo1[INDEX2D_SRCINFO(src,2)];
        polarisation = srcinfo1[INDEX2D_SRCINFO(src,3)];
        dl = srcinfo2[src];

        // 'x' polarised source
        if (polarisation == 0) {
            int materialEx = ID[INDEX4D_ID(0,i,j,k)];
            Ex[INDEX3D_FIELDS(i,j,k)] = Ex[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEx,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * dl * (1 / (dx * dy * dz));
        }

        // 'y' polarised source
        else if (polarisation == 1) {
            int materialEy = ID[INDEX4D_ID(1,i,j,k)];
            Ey[INDEX3D_FIELDS(i,j,k)] = Ey[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEy,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * dl * (1 / (dx * dy * dz));
        }

        // 'z' polarised source
        else if (polarisation == 2) {
            int materialEz = ID[INDEX4D_ID(2,i,j,k)];
            Ez[INDEX3D_FIELDS(i,j,k)] = Ez[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEz,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * dl * (1 / (dx * dy * dz));
        }
    }
}


///////////////////////////////////////////
// Magnetic dipole magnetic field update //
///////////////////////////////////////////

__global__ void update_magnetic_dipole(int NMAGDIPOLE, int iteration, float dx, float dy, float dz, const int* __restrict__ srcinfo1, const float* __restrict__ srcinfo2, const float* __restrict__ srcwaveforms, const unsigned int* __restrict__ ID, float *Hx, float *Hy, float *Hz) {

    //  This function updates magnetic field values for magnetic dipole sources.
    //
    //  Args:
    //      NMAGDIPOLE: Total number of magnetic dipoles in the model
    //      iteration: Iteration number of simulation
    //      dx, dy, dz: Spatial discretisations
    //      srcinfo1: Source cell coordinates and polarisation information
    //      srcinfo2: Other source information, e.g. length, resistance etc...
    //      srcwaveforms: Source waveform values
    //      ID, H: Access to ID and field component arrays

    // Obtain the linear index corresponding to the current thread and use for each receiver
    int src = blockIdx.x * blockDim.x + threadIdx.x;

    if (src < NMAGDIPOLE) {

        int i, j, k, polarisation;

        i = srcinfo1[INDEX2D_SRCINFO(src,0)];
        j = srcinfo1[INDEX2D_SRCINFO(src,1)];
        k = srcinfo1[INDEX2D_SRCINFO(src,2)];
        polarisation = srcinfo1[INDEX2D_SRCINFO(src,3)];

        // 'x' polarised source
        if (polarisation == 0) {
            int materialHx = ID[INDEX4D_ID(3,i,j,k)];
            Hx[INDEX3D_FIELDS(i,j,k)] = Hx[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHx,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (dx * dy * dz));
        }

        // 'y' polarised source
        else if (polarisation == 1) {
            int materialHy = ID[INDEX4D_ID(4,i,j,k)];
            Hy[INDEX3D_FIELDS(i,j,k)] = Hy[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHy,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (dx * dy * dz));
        }

        // 'z' polarised source
        else if (polarisation == 2) {
            int materialHz = ID[INDEX4D_ID(5,i,j,k)];
            Hz[INDEX3D_FIELDS(i,j,k)] = Hz[INDEX3D_FIELDS(i,j,k)] - updatecoeffsH[INDEX2D_MAT(materialHz,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (dx * dy * dz));
        }
    }
}


//////////////////////////////////////////
// Voltage source electric field update //
//////////////////////////////////////////

__global__ void update_voltage_source(int NVOLTSRC, int iteration, float dx, float dy, float dz, const int* __restrict__ srcinfo1, const float* __restrict__ srcinfo2, const float* __restrict__ srcwaveforms, const unsigned int* __restrict__ ID, float *Ex, float *Ey, float *Ez) {

    //  This function updates electric field values for voltage sources.
    //
    //  Args:
    //      NVOLTSRC: Total number of voltage sources in the model
    //      iteration: Iteration number of simulation
    //      dx, dy, dz: Spatial discretisations
    //      srcinfo1: Source cell coordinates and polarisation information
    //      srcinfo2: Other source information, e.g. length, resistance etc...
    //      srcwaveforms: Source waveform values
    //      ID, E: Access to ID and field component arrays

    // Obtain the linear index corresponding to the current thread and use for each receiver
    int src = blockIdx.x * blockDim.x + threadIdx.x;

    if (src < NVOLTSRC) {

        float resistance;
        int i, j, k, polarisation;

        i = srcinfo1[INDEX2D_SRCINFO(src,0)];
        j = srcinfo1[INDEX2D_SRCINFO(src,1)];
        k = srcinfo1[INDEX2D_SRCINFO(src,2)];
        polarisation = srcinfo1[INDEX2D_SRCINFO(src,3)];
        resistance = srcinfo2[src];

        // 'x' polarised source
        if (polarisation == 0) {
            if (resistance != 0) {
                int materialEx = ID[INDEX4D_ID(0,i,j,k)];
                Ex[INDEX3D_FIELDS(i,j,k)] = Ex[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEx,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (resistance * dy * dz));
            }
            else {
                Ex[INDEX3D_FIELDS(i,j,k)] = -1 * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] / dx;
            }
        }

        // 'y' polarised source
        else if (polarisation == 1) {
            if (resistance != 0) {
                int materialEy = ID[INDEX4D_ID(1,i,j,k)];
                Ey[INDEX3D_FIELDS(i,j,k)] = Ey[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEy,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (resistance * dx * dz));
            }
            else {
                Ey[INDEX3D_FIELDS(i,j,k)] = -1 * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] / dy;
            }
        }

        // 'z' polarised source
        else if (polarisation == 2) {
            if (resistance != 0) {
                int materialEz = ID[INDEX4D_ID(2,i,j,k)];
                Ez[INDEX3D_FIELDS(i,j,k)] = Ez[INDEX3D_FIELDS(i,j,k)] - updatecoeffsE[INDEX2D_MAT(materialEz,4)] * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] * (1 / (resistance * dx * dy));
            }
            else {
                Ez[INDEX3D_FIELDS(i,j,k)] = -1 * srcwaveforms[INDEX2D_SRCWAVES(src,iteration)] / dz;
            }
        }
    }
}
