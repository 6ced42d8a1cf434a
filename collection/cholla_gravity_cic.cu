// tilelab kernel collection: Cholla's particle-mesh gravity on the particles: the potential's 5-point gradient
//          on the particle grid, its cloud-in-cell interpolation to the particles, and the density copy out of it
// Source:  https://github.com/cholla-hydro/cholla/blob/8478c9ede8a5e2cb72d6481a50023666d489a763/src/particles/gravity_CIC_gpu.cu
//          (cholla-hydro/cholla, commit 8478c9e; the host side is the same file's *_GPU_function's)
// Licence: MIT (the repository's LICENSE.txt; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged: lines 1-2, 17-18, 25-102 (Get_Gravity_Field_Particles_Kernel), 137-264
//       (Get_Indexes_CIC_Gravity, Get_Gravity_CIC_Kernel), 290-319 (Copy_Particles_Density_Kernel) and 346-349
//       (the closing #endifs). Removed: the includes (3-16) and the host functions (19-24, 103-136, 265-289,
//       320-345). The build flags and the few lines of src/global/global.h the kernels need are copied in, marked.
//       The launches are the host functions': the field on 8 x 8 x 8 blocks over the potential's grid with
//       N_GHOST_POTENTIAL ghosts (its kernel tests the particle grid's smaller bounds), the interpolation over
//       blocks of TPB_PARTICLES = 1024 threads, the copy on 16 x 8 x 8 blocks over the local grid.

/*
 * MIT License
 *
 * Copyright (c) 2018 Evan E. Schneider
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

// ---- the build's -D flags (builds/make.type.particles, which includes make.type.gravity and make.type.hydro;
//      the Makefile passes them as -D options), the ones these kernels test:
#define PARTICLES
#define PARTICLES_GPU
#define GRAVITY
#define GRAVITY_GPU
#define GRAVITY_5_POINTS_GRADIENT
#define SINGLE_PARTICLE_MASS
#define PRECISION 2
// ---- copied from src/global/global.h (lines 18-22, 95, 98-104 with their #endifs, 121-127), marked:
#if PRECISION == 2
  #ifndef TYPEDEF_DEFINED_REAL
typedef double Real;
  #endif
#endif
#define PARTICLES_LONG_INTS
#ifdef GRAVITY
  #ifdef GRAVITY_5_POINTS_GRADIENT
    #ifdef PARTICLES
      #define N_GHOST_POTENTIAL \
        3  // 3 ghost cells are needed for 5 point gradient, ( one is for the
           // CIC interpolation of the potential )
    #endif
  #endif
#endif
#ifdef PARTICLES
  #ifdef PARTICLES_LONG_INTS
typedef long int part_int_t;
  #else
typedef int part_int_t;
  #endif  // PARTICLES_LONG_INTS
#endif
// ---- end of the copied lines

#ifdef PARTICLES

  #ifdef PARTICLES_GPU

// Kernel to compute the gradient of the potential
__global__ void Get_Gravity_Field_Particles_Kernel(Real *potential_dev, Real *gravity_x_dev, Real *gravity_y_dev,
                                                   Real *gravity_z_dev, int nx, int ny, int nz,
                                                   int n_ghost_particles_grid, int n_ghost_potential, Real dx, Real dy,
                                                   Real dz)
{
  int tid_x = blockIdx.x * blockDim.x + threadIdx.x;
  int tid_y = blockIdx.y * blockDim.y + threadIdx.y;
  int tid_z = blockIdx.z * blockDim.z + threadIdx.z;

  int nx_grav, ny_grav, nz_grav;
  nx_grav = nx + 2 * n_ghost_particles_grid;
  ny_grav = ny + 2 * n_ghost_particles_grid;
  nz_grav = nz + 2 * n_ghost_particles_grid;

  if (tid_x >= nx_grav || tid_y >= ny_grav || tid_z >= nz_grav) {
    return;
  }
  int tid = tid_x + tid_y * nx_grav + tid_z * nx_grav * ny_grav;

  int nx_pot, ny_pot;
  nx_pot = nx + 2 * n_ghost_potential;
  ny_pot = ny + 2 * n_ghost_potential;

  int nGHST = n_ghost_potential - n_ghost_particles_grid;

  Real phi_l, phi_r;
  int id_l, id_r;
    #ifdef GRAVITY_5_POINTS_GRADIENT
  Real phi_ll, phi_rr;
  int id_ll, id_rr;
    #endif

  // Get Potential Gradient X
  id_l  = (tid_x - 1 + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  id_r  = (tid_x + 1 + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  phi_l = potential_dev[id_l];
  phi_r = potential_dev[id_r];
    #ifdef GRAVITY_5_POINTS_GRADIENT
  id_ll              = (tid_x - 2 + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  id_rr              = (tid_x + 2 + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  phi_ll             = potential_dev[id_ll];
  phi_rr             = potential_dev[id_rr];
  gravity_x_dev[tid] = -1 * (-phi_rr + 8 * phi_r - 8 * phi_l + phi_ll) / (12 * dx);
    #else
  gravity_x_dev[tid] = -0.5 * (phi_r - phi_l) / dx;
    #endif

  // Get Potential Gradient Y
  id_l  = (tid_x + nGHST) + (tid_y - 1 + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  id_r  = (tid_x + nGHST) + (tid_y + 1 + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  phi_l = potential_dev[id_l];
  phi_r = potential_dev[id_r];
    #ifdef GRAVITY_5_POINTS_GRADIENT
  id_ll              = (tid_x + nGHST) + (tid_y - 2 + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  id_rr              = (tid_x + nGHST) + (tid_y + 2 + nGHST) * nx_pot + (tid_z + nGHST) * ny_pot * nx_pot;
  phi_ll             = potential_dev[id_ll];
  phi_rr             = potential_dev[id_rr];
  gravity_y_dev[tid] = -1 * (-phi_rr + 8 * phi_r - 8 * phi_l + phi_ll) / (12 * dy);
    #else
  gravity_y_dev[tid] = -0.5 * (phi_r - phi_l) / dy;
    #endif

  // Get Potential Gradient Z
  id_l  = (tid_x + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z - 1 + nGHST) * ny_pot * nx_pot;
  id_r  = (tid_x + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + 1 + nGHST) * ny_pot * nx_pot;
  phi_l = potential_dev[id_l];
  phi_r = potential_dev[id_r];
    #ifdef GRAVITY_5_POINTS_GRADIENT
  id_ll              = (tid_x + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z - 2 + nGHST) * ny_pot * nx_pot;
  id_rr              = (tid_x + nGHST) + (tid_y + nGHST) * nx_pot + (tid_z + 2 + nGHST) * ny_pot * nx_pot;
  phi_ll             = potential_dev[id_ll];
  phi_rr             = potential_dev[id_rr];
  gravity_z_dev[tid] = -1 * (-phi_rr + 8 * phi_r - 8 * phi_l + phi_ll) / (12 * dz);
    #else
  gravity_z_dev[tid] = -0.5 * (phi_r - phi_l) / dz;
    #endif
}

// Get CIC indexes from the particles positions
__device__ void Get_Indexes_CIC_Gravity(Real xMin, Real yMin, Real zMin, Real dx, Real dy, Real dz, Real pos_x,
                                        Real pos_y, Real pos_z, int &indx_x, int &indx_y, int &indx_z)
{
  indx_x = (int)floor((pos_x - xMin - 0.5 * dx) / dx);
  indx_y = (int)floor((pos_y - yMin - 0.5 * dy) / dy);
  indx_z = (int)floor((pos_z - zMin - 0.5 * dz) / dz);
}

// Kernel to compute the gravitational field at the particles positions via
// Cloud-In-Cell
__global__ void Get_Gravity_CIC_Kernel(part_int_t n_local, Real *gravity_x_dev, Real *gravity_y_dev,
                                       Real *gravity_z_dev, Real *pos_x_dev, Real *pos_y_dev, Real *pos_z_dev,
                                       Real *grav_x_dev, Real *grav_y_dev, Real *grav_z_dev, Real xMin, Real yMin,
                                       Real zMin, Real xMax, Real yMax, Real zMax, Real dx, Real dy, Real dz, int nx,
                                       int ny, int nz, int n_ghost)
{
  part_int_t tid = blockIdx.x * blockDim.x + threadIdx.x;

  if (tid >= n_local) {
    return;
  }

  int nx_g, ny_g;
  nx_g = nx + 2 * n_ghost;
  ny_g = ny + 2 * n_ghost;

  Real pos_x, pos_y, pos_z;
  Real cell_center_x, cell_center_y, cell_center_z;
  Real delta_x, delta_y, delta_z;
  Real g_x_bl, g_x_br, g_x_bu, g_x_bru, g_x_tl, g_x_tr, g_x_tu, g_x_tru;
  Real g_y_bl, g_y_br, g_y_bu, g_y_bru, g_y_tl, g_y_tr, g_y_tu, g_y_tru;
  Real g_z_bl, g_z_br, g_z_bu, g_z_bru, g_z_tl, g_z_tr, g_z_tu, g_z_tru;
  Real g_x, g_y, g_z;

  pos_x = pos_x_dev[tid];
  pos_y = pos_y_dev[tid];
  pos_z = pos_z_dev[tid];

  int indx_x, indx_y, indx_z, indx;
  Get_Indexes_CIC_Gravity(xMin, yMin, zMin, dx, dy, dz, pos_x, pos_y, pos_z, indx_x, indx_y, indx_z);

  bool in_local = true;

  if (pos_x < xMin || pos_x >= xMax) {
    in_local = false;
  }
  if (pos_y < yMin || pos_y >= yMax) {
    in_local = false;
  }
  if (pos_z < zMin || pos_z >= zMax) {
    in_local = false;
  }
  if (!in_local) {
    printf(" Gravity CIC Error: Particle outside local domain");
    return;
  }

  cell_center_x = xMin + indx_x * dx + 0.5 * dx;
  cell_center_y = yMin + indx_y * dy + 0.5 * dy;
  cell_center_z = zMin + indx_z * dz + 0.5 * dz;
  delta_x       = 1 - (pos_x - cell_center_x) / dx;
  delta_y       = 1 - (pos_y - cell_center_y) / dy;
  delta_z       = 1 - (pos_z - cell_center_z) / dz;
  indx_x += n_ghost;
  indx_y += n_ghost;
  indx_z += n_ghost;

  indx   = indx_x + indx_y * nx_g + indx_z * nx_g * ny_g;
  g_x_bl = gravity_x_dev[indx];
  g_y_bl = gravity_y_dev[indx];
  g_z_bl = gravity_z_dev[indx];

  indx   = (indx_x + 1) + (indx_y)*nx_g + (indx_z)*nx_g * ny_g;
  g_x_br = gravity_x_dev[indx];
  g_y_br = gravity_y_dev[indx];
  g_z_br = gravity_z_dev[indx];

  indx   = (indx_x) + (indx_y + 1) * nx_g + (indx_z)*nx_g * ny_g;
  g_x_bu = gravity_x_dev[indx];
  g_y_bu = gravity_y_dev[indx];
  g_z_bu = gravity_z_dev[indx];

  indx    = (indx_x + 1) + (indx_y + 1) * nx_g + (indx_z)*nx_g * ny_g;
  g_x_bru = gravity_x_dev[indx];
  g_y_bru = gravity_y_dev[indx];
  g_z_bru = gravity_z_dev[indx];

  indx   = (indx_x) + (indx_y)*nx_g + (indx_z + 1) * nx_g * ny_g;
  g_x_tl = gravity_x_dev[indx];
  g_y_tl = gravity_y_dev[indx];
  g_z_tl = gravity_z_dev[indx];

  indx   = (indx_x + 1) + (indx_y)*nx_g + (indx_z + 1) * nx_g * ny_g;
  g_x_tr = gravity_x_dev[indx];
  g_y_tr = gravity_y_dev[indx];
  g_z_tr = gravity_z_dev[indx];

  indx   = (indx_x) + (indx_y + 1) * nx_g + (indx_z + 1) * nx_g * ny_g;
  g_x_tu = gravity_x_dev[indx];
  g_y_tu = gravity_y_dev[indx];
  g_z_tu = gravity_z_dev[indx];

  indx    = (indx_x + 1) + (indx_y + 1) * nx_g + (indx_z + 1) * nx_g * ny_g;
  g_x_tru = gravity_x_dev[indx];
  g_y_tru = gravity_y_dev[indx];
  g_z_tru = gravity_z_dev[indx];

  g_x = g_x_bl * (delta_x) * (delta_y) * (delta_z) + g_x_br * (1 - delta_x) * (delta_y) * (delta_z) +
        g_x_bu * (delta_x) * (1 - delta_y) * (delta_z) + g_x_bru * (1 - delta_x) * (1 - delta_y) * (delta_z) +
        g_x_tl * (delta_x) * (delta_y) * (1 - delta_z) + g_x_tr * (1 - delta_x) * (delta_y) * (1 - delta_z) +
        g_x_tu * (delta_x) * (1 - delta_y) * (1 - delta_z) + g_x_tru * (1 - delta_x) * (1 - delta_y) * (1 - delta_z);

  g_y = g_y_bl * (delta_x) * (delta_y) * (delta_z) + g_y_br * (1 - delta_x) * (delta_y) * (delta_z) +
        g_y_bu * (delta_x) * (1 - delta_y) * (delta_z) + g_y_bru * (1 - delta_x) * (1 - delta_y) * (delta_z) +
        g_y_tl * (delta_x) * (delta_y) * (1 - delta_z) + g_y_tr * (1 - delta_x) * (delta_y) * (1 - delta_z) +
        g_y_tu * (delta_x) * (1 - delta_y) * (1 - delta_z) + g_y_tru * (1 - delta_x) * (1 - delta_y) * (1 - delta_z);

  g_z = g_z_bl * (delta_x) * (delta_y) * (delta_z) + g_z_br * (1 - delta_x) * (delta_y) * (delta_z) +
        g_z_bu * (delta_x) * (1 - delta_y) * (delta_z) + g_z_bru * (1 - delta_x) * (1 - delta_y) * (delta_z) +
        g_z_tl * (delta_x) * (delta_y) * (1 - delta_z) + g_z_tr * (1 - delta_x) * (delta_y) * (1 - delta_z) +
        g_z_tu * (delta_x) * (1 - delta_y) * (1 - delta_z) + g_z_tru * (1 - delta_x) * (1 - delta_y) * (1 - delta_z);

  grav_x_dev[tid] = g_x;
  grav_y_dev[tid] = g_y;
  grav_z_dev[tid] = g_z;
}

  #endif  // PARTICLES_GPU

  #ifdef GRAVITY_GPU

void __global__ Copy_Particles_Density_Kernel(Real *dst_density, Real *src_density, int nx_local, int ny_local,
                                              int nz_local, int n_ghost)
{
  int tid_x, tid_y, tid_z, tid_CIC, tid_dens;
  tid_x = blockIdx.x * blockDim.x + threadIdx.x;
  tid_y = blockIdx.y * blockDim.y + threadIdx.y;
  tid_z = blockIdx.z * blockDim.z + threadIdx.z;

  if (tid_x >= nx_local || tid_y >= ny_local || tid_z >= nz_local) {
    return;
  }

  tid_dens = tid_x + tid_y * nx_local + tid_z * nx_local * ny_local;

  tid_x += n_ghost;
  tid_y += n_ghost;
  tid_z += n_ghost;

  int nx_CIC, ny_CIC;
  nx_CIC  = nx_local + 2 * n_ghost;
  ny_CIC  = ny_local + 2 * n_ghost;
  tid_CIC = tid_x + tid_y * nx_CIC + tid_z * nx_CIC * ny_CIC;

  dst_density[tid_dens] = src_density[tid_CIC];
}

  #endif  // GRAVITY_GPU

#endif  // PARTICLES
