// tilelab kernel collection: gprMax (gprMax/gprMax): store_outputs: each receiver's six field components at one iteration, one thread a receiver
// Source:  https://github.com/gprMax/gprMax/blob/4d587d58daa68d078ec7ca6015c65e3d9ce41d8f/gprMax/fields_outputs.py
//          (gprMax/gprMax, commit 4d587d5: Craig Warren and Antonis Giannopoulos, The University of Edinburgh)
// Licence: GPL-3.0-or-later (the file's notice, repeated below; the repository's LICENSE is the GNU GPL v3).
// Kept:    lines 71-107 of fields_outputs.py (the template string kernel_template_store_outputs, lines 70-108), unchanged.
//          The kernels are a Python string.Template that gprMax/model_build_run.py substitutes before PyCUDA's SourceModule
//          compiles it (inside extern "C" { }, PyCUDA's default; here the text alone); here substituted as it does, for
//          float (the default precision) and this suite's sizes: REAL = float, NY_RXCOORDS = 3, NX_RXS = 6, 20 iterations (NY_RXS), 5 receivers (NZ_RXS), NX/NY/NZ_FIELDS = 11. Nothing else changed.
// Launches: model_build_run.py: block (1, 1, 1), grid (round32(number of receivers), 1, 1) = 32 one-thread blocks
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
#define INDEX2D_RXCOORDS(m, n) (m)*(3)+(n)
#define INDEX3D_RXS(i, j, k) (i)*(20)*(5)+(j)*(5)+(k)
#define INDEX3D_FIELDS(i, j, k) (i)*(11)*(11)+(j)*(11)+(k)

//////////////////////////////////////////////////////
// Stores field component values for every receiver //
//////////////////////////////////////////////////////

__global__ void store_outputs(int NRX, int iteration, const int* __restrict__ rxcoords, float *rxs, const float* __restrict__ Ex, const float* __restrict__ Ey, const float* __restrict__ Ez, const float* __restrict__ Hx, const float* __restrict__ Hy, const float* __restrict__ Hz) {

    //  This function stores field component values for every receiver in the model.
    //
    //  Args:
    //      NRX: Total number of receivers in the model
    //      rxs: Array to store field components for receivers - rows are field components; columns are iterations; pages are receivers
    //      E, H: Access to field component arrays

    // Obtain the linear index corresponding to the current thread and use for each receiver
    int rx = blockIdx.x * blockDim.x + threadIdx.x;

    int i, j, k;

    if (rx < NRX) {
        i = rxcoords[INDEX2D_RXCOORDS(rx,0)];
        j = rxcoords[INDEX2D_RXCOORDS(rx,1)];
        k = rxcoords[INDEX2D_RXCOORDS(rx,2)];
        rxs[INDEX3D_RXS(0,iteration,rx)] = Ex[INDEX3D_FIELDS(i,j,k)];
        rxs[INDEX3D_RXS(1,iteration,rx)] = Ey[INDEX3D_FIELDS(i,j,k)];
        rxs[INDEX3D_RXS(2,iteration,rx)] = Ez[INDEX3D_FIELDS(i,j,k)];
        rxs[INDEX3D_RXS(3,iteration,rx)] = Hx[INDEX3D_FIELDS(i,j,k)];
        rxs[INDEX3D_RXS(4,iteration,rx)] = Hy[INDEX3D_FIELDS(i,j,k)];
        rxs[INDEX3D_RXS(5,iteration,rx)] = Hz[INDEX3D_FIELDS(i,j,k)];
    }
}
