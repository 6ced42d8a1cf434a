// tilelab kernel collection: Cholla's cloud-in-cell (CIC) particle density assignment (particle-mesh gravity)
// Source:  https://github.com/cholla-hydro/cholla/blob/8478c9ede8a5e2cb72d6481a50023666d489a763/src/particles/density_CIC_gpu.cu
//          (cholla-hydro/cholla, commit 8478c9e; the host side is the same file's Get_Density_CIC_GPU_function)
// Licence: MIT (the repository's LICENSE.txt; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged: lines 1-2 and 23-142 (the PARTICLES_GPU block: the atomicAdd fallback for
//       old archs, Get_Indexes_CIC, Get_Density_CIC_Kernel) and 179-180 (the closing #endifs). Removed: the
//       includes (3-12), the host functions (13-21: an empty GRAVITY_GPU block once its host function is gone;
//       143-178). The build flags and the few lines of src/global/global.h the kernel needs are copied in, marked.
//       The launch is Get_Density_CIC_GPU_function's: grid (n_local - 1) / TPB_PARTICLES + 1, block TPB_PARTICLES
//       = 1024 (src/particles/particles_3D.h), on a density array the host has cleared to zero.

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

    // Define atomic_add if it's not supported
    #if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 600
    #else
__device__ double atomicAdd(double *address, double val)
{
  unsigned long long int *address_as_ull = (unsigned long long int *)address;
  unsigned long long int old             = *address_as_ull, assumed;
  do {
    assumed = old;
    old     = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
  } while (assumed != old);
  return __longlong_as_double(old);
}
    #endif

// Get the CIC index from the particle position ( device function )
__device__ void Get_Indexes_CIC(Real xMin, Real yMin, Real zMin, Real dx, Real dy, Real dz, Real pos_x, Real pos_y,
                                Real pos_z, int &indx_x, int &indx_y, int &indx_z)
{
  indx_x = (int)floor((pos_x - xMin - 0.5 * dx) / dx);
  indx_y = (int)floor((pos_y - yMin - 0.5 * dy) / dy);
  indx_z = (int)floor((pos_z - zMin - 0.5 * dz) / dz);
}

// CUDA Kernel to compute the CIC density from the particles positions
__global__ void Get_Density_CIC_Kernel(part_int_t n_local, Real particle_mass, Real *density_dev, Real *pos_x_dev,
                                       Real *pos_y_dev, Real *pos_z_dev, Real *mass_dev, Real xMin, Real yMin,
                                       Real zMin, Real xMax, Real yMax, Real zMax, Real dx, Real dy, Real dz, int nx,
                                       int ny, int nz, int n_ghost)
{
  int tid = blockIdx.x * blockDim.x + threadIdx.x;
  if (tid >= n_local) {
    return;
  }

  int nx_g, ny_g;
  nx_g = nx + 2 * n_ghost;
  ny_g = ny + 2 * n_ghost;

  Real pos_x, pos_y, pos_z, pMass;
  Real cell_center_x, cell_center_y, cell_center_z;
  Real delta_x, delta_y, delta_z;
  Real dV_inv = 1. / (dx * dy * dz);

  pos_x = pos_x_dev[tid];
  pos_y = pos_y_dev[tid];
  pos_z = pos_z_dev[tid];

    #ifdef SINGLE_PARTICLE_MASS
  pMass = particle_mass * dV_inv;
    #else
  pMass = mass_dev[tid] * dV_inv;
    #endif

  int indx_x, indx_y, indx_z, indx;
  Get_Indexes_CIC(xMin, yMin, zMin, dx, dy, dz, pos_x, pos_y, pos_z, indx_x, indx_y, indx_z);

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
    printf(
        " Density CIC Error: Particle outside local domain [%f  %f  %f]  [%f "
        "%f] [%f %f] [%f %f]\n ",
        pos_x, pos_y, pos_z, xMin, xMax, yMin, yMax, zMin, zMax);
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

  indx = indx_x + indx_y * nx_g + indx_z * nx_g * ny_g;
  // density_dev[indx] += pMass  * delta_x * delta_y * delta_z;
  atomicAdd(&density_dev[indx], pMass * delta_x * delta_y * delta_z);

  indx = (indx_x + 1) + indx_y * nx_g + indx_z * nx_g * ny_g;
  // density_dev[indx] += pMass  * (1-delta_x) * delta_y * delta_z;
  atomicAdd(&density_dev[indx], pMass * (1 - delta_x) * delta_y * delta_z);

  indx = indx_x + (indx_y + 1) * nx_g + indx_z * nx_g * ny_g;
  // density_dev[indx] += pMass  * delta_x * (1-delta_y) * delta_z;
  atomicAdd(&density_dev[indx], pMass * delta_x * (1 - delta_y) * delta_z);
  //
  indx = indx_x + indx_y * nx_g + (indx_z + 1) * nx_g * ny_g;
  // density_dev[indx] += pMass  * delta_x * delta_y * (1-delta_z);
  atomicAdd(&density_dev[indx], pMass * delta_x * delta_y * (1 - delta_z));

  indx = (indx_x + 1) + (indx_y + 1) * nx_g + indx_z * nx_g * ny_g;
  // density_dev[indx] += pMass  * (1-delta_x) * (1-delta_y) * delta_z;
  atomicAdd(&density_dev[indx], pMass * (1 - delta_x) * (1 - delta_y) * delta_z);

  indx = (indx_x + 1) + indx_y * nx_g + (indx_z + 1) * nx_g * ny_g;
  // density_dev[indx] += pMass  * (1-delta_x) * delta_y * (1-delta_z);
  atomicAdd(&density_dev[indx], pMass * (1 - delta_x) * delta_y * (1 - delta_z));

  indx = indx_x + (indx_y + 1) * nx_g + (indx_z + 1) * nx_g * ny_g;
  // density_dev[indx] += pMass  * delta_x * (1-delta_y) * (1-delta_z);
  atomicAdd(&density_dev[indx], pMass * delta_x * (1 - delta_y) * (1 - delta_z));

  indx = (indx_x + 1) + (indx_y + 1) * nx_g + (indx_z + 1) * nx_g * ny_g;
  // density_dev[indx] += pMass * (1-delta_x) * (1-delta_y) * (1-delta_z);
  atomicAdd(&density_dev[indx], pMass * (1 - delta_x) * (1 - delta_y) * (1 - delta_z));
}
  #endif  // PARTICLES_GPU
#endif    // PARTICLES
