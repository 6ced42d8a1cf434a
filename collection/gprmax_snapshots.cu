// tilelab kernel collection: gprMax (gprMax/gprMax): store_snapshot: a sub-sampled snapshot of the six field components, E averaged over 4 edges and H over 2 faces of a cell
// Source:  https://github.com/gprMax/gprMax/blob/4d587d58daa68d078ec7ca6015c65e3d9ce41d8f/gprMax/snapshots_gpu.py
//          (gprMax/gprMax, commit 4d587d5: Craig Warren and Antonis Giannopoulos, The University of Edinburgh)
// Licence: GPL-3.0-or-later (the file's notice, repeated below; the repository's LICENSE is the GNU GPL v3).
// Kept:    lines 22-78 of snapshots_gpu.py (the whole template string, lines 21-79: the macros and store_snapshot), unchanged.
//          The kernels are a Python string.Template that gprMax/model_build_run.py substitutes before PyCUDA's SourceModule
//          compiles it (inside extern "C" { }, PyCUDA's default; here the text alone); here substituted as it does, for
//          float (the default precision) and this suite's sizes: REAL = float, 5 x 5 x 5 snapshot cells (NX/NY/NZ_SNAPS = Snapshot.nx/ny/nz_max), NX/NY/NZ_FIELDS = 11. Nothing else changed.
// Launches: model_build_run.py: block Snapshot.tpb = (1, 1, 1), grid Snapshot.bpg = (nx_max * ny_max * nz_max, 1, 1) = 125 one-thread blocks (snapshots.py), snapshot p = 1 of two
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
#define INDEX3D_FIELDS(i, j, k) (i)*(11)*(11)+(j)*(11)+(k)
#define INDEX4D_SNAPS(p, i, j, k) (p)*(5)*(5)*(5)+(i)*(5)*(5)+(j)*(5)+(k)

////////////////////
// Store snapshot //
////////////////////

__global__ void store_snapshot(int p, int xs, int xf, int ys, int yf, int zs, int zf, int dx, int dy, int dz,
                                const float* __restrict__ Ex, const float* __restrict__ Ey,
                                const float* __restrict__ Ez, const float* __restrict__ Hx,
                                const float* __restrict__ Hy, const float* __restrict__ Hz,
                                float *snapEx, float *snapEy, float *snapEz,
                                float *snapHx, float *snapHy, float *snapHz) {

    //  This function stores field values for a snapshot.
    //
    //  Args:
    //      p: Snapshot number
    //      xs, xf, ys, yf, xs, xf: Start and finish cell coordinates for snapshot
    //      dx, dy, dz: Sampling interval in cell coordinates for snapshot
    //      E, H: Access to field component arrays
    //      snapEx, snapEy, snapEz, snapHx, snapHy, snapHz: Access to arrays to store snapshots

    // Obtain the linear index corresponding to the current thread
    int idx = blockIdx.x * blockDim.x + threadIdx.x;

    // Convert the linear index to subscripts for 4D SNAPS array
    int i = (idx % (5 * 5 * 5)) / (5 * 5);
    int j = ((idx % (5 * 5 * 5)) % (5 * 5)) / 5;
    int k = ((idx % (5 * 5 * 5)) % (5 * 5)) % 5;

    // Subscripts for field arrays
    int ii, jj, kk;

    if (i >= xs && i < xf && j >= ys && j < yf && k >= zs && k < zf) {

        // Increment subscripts for field array to account for spatial sampling of snapshot
        ii = (xs + i) * dx;
        jj = (ys + j) * dy;
        kk = (zs + k) * dz;

        // The electric field component value at a point comes from an average of
        // the 4 electric field component values in that cell
        snapEx[INDEX4D_SNAPS(p,i,j,k)] = (Ex[INDEX3D_FIELDS(ii,jj,kk)] + Ex[INDEX3D_FIELDS(ii,jj+1,kk)] + Ex[INDEX3D_FIELDS(ii,jj,kk+1)] + Ex[INDEX3D_FIELDS(ii,jj+1,kk+1)]) / 4;
        snapEy[INDEX4D_SNAPS(p,i,j,k)] = (Ey[INDEX3D_FIELDS(ii,jj,kk)] + Ey[INDEX3D_FIELDS(ii+1,jj,kk)] + Ey[INDEX3D_FIELDS(ii,jj,kk+1)] + Ey[INDEX3D_FIELDS(ii+1,jj,kk+1)]) / 4;
        snapEz[INDEX4D_SNAPS(p,i,j,k)] = (Ez[INDEX3D_FIELDS(ii,jj,kk)] + Ez[INDEX3D_FIELDS(ii+1,jj,kk)] + Ez[INDEX3D_FIELDS(ii,jj+1,kk)] + Ez[INDEX3D_FIELDS(ii+1,jj+1,kk)]) / 4;

        // The magnetic field component value at a point comes from average of
        // 2 magnetic field component values in that cell and the following cell
        snapHx[INDEX4D_SNAPS(p,i,j,k)] = (Hx[INDEX3D_FIELDS(ii,jj,kk)] + Hx[INDEX3D_FIELDS(ii+1,jj,kk)]) / 2;
        snapHy[INDEX4D_SNAPS(p,i,j,k)] = (Hy[INDEX3D_FIELDS(ii,jj,kk)] + Hy[INDEX3D_FIELDS(ii,jj+1,kk)]) / 2;
        snapHz[INDEX4D_SNAPS(p,i,j,k)] = (Hz[INDEX3D_FIELDS(ii,jj,kk)] + Hz[INDEX3D_FIELDS(ii,jj,kk+1)]) / 2;
    }
}
