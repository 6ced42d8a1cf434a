// tilelab kernel collection: Deepwave (ar4/deepwave): the scalar (constant-density acoustic) wave-equation propagator's CUDA kernels: source injection, receiver recording, the shots' gradient sum, the C-PML forward step
// Source:  https://github.com/ar4/deepwave/blob/b5d34de62840db7e45d69d67c9f5908e4989a430/src/deepwave/scalar.cu
//          (ar4/deepwave, commit b5d34de: Alan Richardson's PyTorch wave propagation for seismic imaging and inversion)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Alan Richardson", repeated below; the file carries no notice).
// Kept:    scalar.cu line 35 (<cstdint>), lines 40-383 (the name macros, stencil-term macros, __constant__ configuration and the kernels) and line 434 (the namespace's end); regular_grid.h lines 1-138 whole, copied in where scalar.cu includes it.
// Launches: DW_NDIM / DW_ACCURACY / DW_DTYPE as the build's -D options; the __constant__ configuration as set_config's cudaMemcpyToSymbol (the entries' symbols); grids as scalar.cu's forward().
/*
MIT License

Copyright (c) 2025 Alan Richardson

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

// ---- scalar.cu, line 35
#include <cstdint>

// ---- regular_grid.h, lines 1-138 (https://github.com/ar4/deepwave/blob/b5d34de62840db7e45d69d67c9f5908e4989a430/src/deepwave/regular_grid.h)
#ifndef DW_REGULAR_GRID_H
#define DW_REGULAR_GRID_H

/* regular_grid.h
 * Small collection of finite-difference helper macros used by CPU and GPU
 * implementations of regular grid propagators. DIFF* macros implement spatial
 * FD operators; FD_PAD is the stencil 'radius' (number of guard cells required
 * to evaluate stencils).
 */

#if DW_ACCURACY == 2

#define DIFFZ1(a) (((DW_DTYPE)(1.0 / 2.0) * (a(1, 0, 0) - a(-1, 0, 0))) * rdz)
#define DIFFY1(a) (((DW_DTYPE)(1.0 / 2.0) * (a(0, 1, 0) - a(0, -1, 0))) * rdy)
#define DIFFX1(a) (((DW_DTYPE)(1.0 / 2.0) * (a(0, 0, 1) - a(0, 0, -1))) * rdx)
#define DIFFZ2(a) ((-2 * a(0, 0, 0) + (a(1, 0, 0) + a(-1, 0, 0))) * rdz2)
#define DIFFY2(a) ((-2 * a(0, 0, 0) + (a(0, 1, 0) + a(0, -1, 0))) * rdy2)
#define DIFFX2(a) ((-2 * a(0, 0, 0) + (a(0, 0, 1) + a(0, 0, -1))) * rdx2)
#define FD_PAD 1

#elif DW_ACCURACY == 4

#define DIFFZ1(a)                                           \
  (((DW_DTYPE)(8.0 / 12.0) * (a(1, 0, 0) - a(-1, 0, 0)) +   \
    (DW_DTYPE)(-1.0 / 12.0) * (a(2, 0, 0) - a(-2, 0, 0))) * \
   rdz)
#define DIFFY1(a)                                           \
  (((DW_DTYPE)(8.0 / 12.0) * (a(0, 1, 0) - a(0, -1, 0)) +   \
    (DW_DTYPE)(-1.0 / 12.0) * (a(0, 2, 0) - a(0, -2, 0))) * \
   rdy)
#define DIFFX1(a)                                           \
  (((DW_DTYPE)(8.0 / 12.0) * (a(0, 0, 1) - a(0, 0, -1)) +   \
    (DW_DTYPE)(-1.0 / 12.0) * (a(0, 0, 2) - a(0, 0, -2))) * \
   rdx)
#define DIFFZ2(a)                                           \
  (((DW_DTYPE)(-5.0 / 2.0) * a(0, 0, 0) +                   \
    (DW_DTYPE)(4.0 / 3.0) * (a(1, 0, 0) + a(-1, 0, 0)) +    \
    (DW_DTYPE)(-1.0 / 12.0) * (a(2, 0, 0) + a(-2, 0, 0))) * \
   rdz2)
#define DIFFY2(a)                                           \
  (((DW_DTYPE)(-5.0 / 2.0) * a(0, 0, 0) +                   \
    (DW_DTYPE)(4.0 / 3.0) * (a(0, 1, 0) + a(0, -1, 0)) +    \
    (DW_DTYPE)(-1.0 / 12.0) * (a(0, 2, 0) + a(0, -2, 0))) * \
   rdy2)
#define DIFFX2(a)                                           \
  (((DW_DTYPE)(-5.0 / 2.0) * a(0, 0, 0) +                   \
    (DW_DTYPE)(4.0 / 3.0) * (a(0, 0, 1) + a(0, 0, -1)) +    \
    (DW_DTYPE)(-1.0 / 12.0) * (a(0, 0, 2) + a(0, 0, -2))) * \
   rdx2)
#define FD_PAD 2

#elif DW_ACCURACY == 6

#define DIFFZ1(a)                                          \
  (((DW_DTYPE)(3.0 / 4.0) * (a(1, 0, 0) - a(-1, 0, 0)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(2, 0, 0) - a(-2, 0, 0)) + \
    (DW_DTYPE)(1.0 / 60.0) * (a(3, 0, 0) - a(-3, 0, 0))) * \
   rdz)
#define DIFFY1(a)                                          \
  (((DW_DTYPE)(3.0 / 4.0) * (a(0, 1, 0) - a(0, -1, 0)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(0, 2, 0) - a(0, -2, 0)) + \
    (DW_DTYPE)(1.0 / 60.0) * (a(0, 3, 0) - a(0, -3, 0))) * \
   rdy)
#define DIFFX1(a)                                          \
  (((DW_DTYPE)(3.0 / 4.0) * (a(0, 0, 1) - a(0, 0, -1)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(0, 0, 2) - a(0, 0, -2)) + \
    (DW_DTYPE)(1.0 / 60.0) * (a(0, 0, 3) - a(0, 0, -3))) * \
   rdx)
#define DIFFZ2(a)                                          \
  (((DW_DTYPE)(-49.0 / 18.0) * a(0, 0, 0) +                \
    (DW_DTYPE)(3.0 / 2.0) * (a(1, 0, 0) + a(-1, 0, 0)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(2, 0, 0) + a(-2, 0, 0)) + \
    (DW_DTYPE)(1.0 / 90.0) * (a(3, 0, 0) + a(-3, 0, 0))) * \
   rdz2)
#define DIFFY2(a)                                          \
  (((DW_DTYPE)(-49.0 / 18.0) * a(0, 0, 0) +                \
    (DW_DTYPE)(3.0 / 2.0) * (a(0, 1, 0) + a(0, -1, 0)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(0, 2, 0) + a(0, -2, 0)) + \
    (DW_DTYPE)(1.0 / 90.0) * (a(0, 3, 0) + a(0, -3, 0))) * \
   rdy2)
#define DIFFX2(a)                                          \
  (((DW_DTYPE)(-49.0 / 18.0) * a(0, 0, 0) +                \
    (DW_DTYPE)(3.0 / 2.0) * (a(0, 0, 1) + a(0, 0, -1)) +   \
    (DW_DTYPE)(-3.0 / 20.0) * (a(0, 0, 2) + a(0, 0, -2)) + \
    (DW_DTYPE)(1.0 / 90.0) * (a(0, 0, 3) + a(0, 0, -3))) * \
   rdx2)
#define FD_PAD 3

#elif DW_ACCURACY == 8

#define DIFFZ1(a)                                            \
  (((DW_DTYPE)(4.0 / 5.0) * (a(1, 0, 0) - a(-1, 0, 0)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(2, 0, 0) - a(-2, 0, 0)) +    \
    (DW_DTYPE)(4.0 / 105.0) * (a(3, 0, 0) - a(-3, 0, 0)) +   \
    (DW_DTYPE)(-1.0 / 280.0) * (a(4, 0, 0) - a(-4, 0, 0))) * \
   rdz)
#define DIFFY1(a)                                            \
  (((DW_DTYPE)(4.0 / 5.0) * (a(0, 1, 0) - a(0, -1, 0)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(0, 2, 0) - a(0, -2, 0)) +    \
    (DW_DTYPE)(4.0 / 105.0) * (a(0, 3, 0) - a(0, -3, 0)) +   \
    (DW_DTYPE)(-1.0 / 280.0) * (a(0, 4, 0) - a(0, -4, 0))) * \
   rdy)
#define DIFFX1(a)                                            \
  (((DW_DTYPE)(4.0 / 5.0) * (a(0, 0, 1) - a(0, 0, -1)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(0, 0, 2) - a(0, 0, -2)) +    \
    (DW_DTYPE)(4.0 / 105.0) * (a(0, 0, 3) - a(0, 0, -3)) +   \
    (DW_DTYPE)(-1.0 / 280.0) * (a(0, 0, 4) - a(0, 0, -4))) * \
   rdx)
#define DIFFZ2(a)                                            \
  (((DW_DTYPE)(-205.0 / 72.0) * a(0, 0, 0) +                 \
    (DW_DTYPE)(8.0 / 5.0) * (a(1, 0, 0) + a(-1, 0, 0)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(2, 0, 0) + a(-2, 0, 0)) +    \
    (DW_DTYPE)(8.0 / 315.0) * (a(3, 0, 0) + a(-3, 0, 0)) +   \
    (DW_DTYPE)(-1.0 / 560.0) * (a(4, 0, 0) + a(-4, 0, 0))) * \
   rdz2)
#define DIFFY2(a)                                            \
  (((DW_DTYPE)(-205.0 / 72.0) * a(0, 0, 0) +                 \
    (DW_DTYPE)(8.0 / 5.0) * (a(0, 1, 0) + a(0, -1, 0)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(0, 2, 0) + a(0, -2, 0)) +    \
    (DW_DTYPE)(8.0 / 315.0) * (a(0, 3, 0) + a(0, -3, 0)) +   \
    (DW_DTYPE)(-1.0 / 560.0) * (a(0, 4, 0) + a(0, -4, 0))) * \
   rdy2)
#define DIFFX2(a)                                            \
  (((DW_DTYPE)(-205.0 / 72.0) * a(0, 0, 0) +                 \
    (DW_DTYPE)(8.0 / 5.0) * (a(0, 0, 1) + a(0, 0, -1)) +     \
    (DW_DTYPE)(-1.0 / 5.0) * (a(0, 0, 2) + a(0, 0, -2)) +    \
    (DW_DTYPE)(8.0 / 315.0) * (a(0, 0, 3) + a(0, 0, -3)) +   \
    (DW_DTYPE)(-1.0 / 560.0) * (a(0, 0, 4) + a(0, 0, -4))) * \
   rdx2)
#define FD_PAD 4  // Number of grid points padded for finite difference stencils

#else

#error DW_ACCURACY must be specified

#endif /* DW_ACCURACY */

#endif /* DW_REGULAR_GRID_H */
// ---- end of regular_grid.h

// ---- scalar.cu, lines 40-383

#define CAT_I(name, ndim, accuracy, dtype, device) \
  scalar_iso_##ndim##d_##accuracy##_##dtype##_##name##_##device
#define CAT(name, ndim, accuracy, dtype, device) \
  CAT_I(name, ndim, accuracy, dtype, device)
#define FUNC(name) CAT(name, DW_NDIM, DW_ACCURACY, DW_DTYPE, DW_DEVICE)

#if DW_NDIM == 3
#define ND_INDEX(i, dz, dy, dx) (i + (dz)*ny * nx + (dy)*nx + (dx))
#define DIM_ARGS nz_h, ny_h, nx_h
#elif DW_NDIM == 2
#define ND_INDEX(i, dz, dy, dx) (i + (dy)*nx + (dx))
#define DIM_ARGS ny_h, nx_h
#else /* DW_NDIM == 1 */
#define ND_INDEX(i, dz, dy, dx) (i + (dx))
#define DIM_ARGS nx_h
#endif

#define WFC(dz, dy, dx) wfc[ND_INDEX(i, dz, dy, dx)]
#define V2DT2_WFC(dz, dy, dx) \
  v2dt2_shot[ND_INDEX(j, dz, dy, dx)] * WFC(dz, dy, dx)

#if DW_NDIM >= 3
#define PSIZ(dz, dy, dx) psiz[ND_INDEX(i, dz, dy, dx)]
#define ZETAZ(dz, dy, dx) zetaz[ND_INDEX(i, dz, dy, dx)]
#define AZ_PSIZ(dz, dy, dx) az[z + (dz)] * PSIZ(dz, dy, dx)
#endif

#if DW_NDIM >= 2
#define PSIY(dz, dy, dx) psiy[ND_INDEX(i, dz, dy, dx)]
#define ZETAY(dz, dy, dx) zetay[ND_INDEX(i, dz, dy, dx)]
#define AY_PSIY(dz, dy, dx) ay[y + (dy)] * PSIY(dz, dy, dx)
#endif

#define PSIX(dz, dy, dx) psix[ND_INDEX(i, dz, dy, dx)]
#define ZETAX(dz, dy, dx) zetax[ND_INDEX(i, dz, dy, dx)]
#define AX_PSIX(dz, dy, dx) ax[x + (dx)] * PSIX(dz, dy, dx)

#if DW_NDIM == 3
#define UT_TERMZ1(dz, dy, dx)                                \
  (dbzdz[z + dz] * ((1 + bz[z + dz]) * V2DT2_WFC(dz, 0, 0) + \
                    bz[z + dz] * ZETAZ(dz, 0, 0)) +          \
   bz[z + dz] * PSIZ(dz, 0, 0))
#define UT_TERMZ2(dz, dy, dx) \
  ((1 + bz[z + dz]) *         \
   ((1 + bz[z + dz]) * V2DT2_WFC(dz, 0, 0) + bz[z + dz] * ZETAZ(dz, 0, 0)))
#define PSIZ_TERM(dz, dy, dx) \
  ((1 + bz[z + dz]) * V2DT2_WFC(dz, 0, 0) + bz[z + dz] * ZETAZ(dz, 0, 0))
#endif

#if DW_NDIM >= 2
#define UT_TERMY1(dz, dy, dx)                                \
  (dbydy[y + dy] * ((1 + by[y + dy]) * V2DT2_WFC(0, dy, 0) + \
                    by[y + dy] * ZETAY(0, dy, 0)) +          \
   by[y + dy] * PSIY(0, dy, 0))
#define UT_TERMY2(dz, dy, dx) \
  ((1 + by[y + dy]) *         \
   ((1 + by[y + dy]) * V2DT2_WFC(0, dy, 0) + by[y + dy] * ZETAY(0, dy, 0)))
#define PSIY_TERM(dz, dy, dx) \
  ((1 + by[y + dy]) * V2DT2_WFC(0, dy, 0) + by[y + dy] * ZETAY(0, dy, 0))
#endif

#define UT_TERMX1(dz, dy, dx)                                \
  (dbxdx[x + dx] * ((1 + bx[x + dx]) * V2DT2_WFC(0, 0, dx) + \
                    bx[x + dx] * ZETAX(0, 0, dx)) +          \
   bx[x + dx] * PSIX(0, 0, dx))
#define UT_TERMX2(dz, dy, dx) \
  ((1 + bx[x + dx]) *         \
   ((1 + bx[x + dx]) * V2DT2_WFC(0, 0, dx) + bx[x + dx] * ZETAX(0, 0, dx)))
#define PSIX_TERM(dz, dy, dx) \
  ((1 + bx[x + dx]) * V2DT2_WFC(0, 0, dx) + bx[x + dx] * ZETAX(0, 0, dx))

namespace {
__constant__ DW_DTYPE dt2;
#if DW_NDIM >= 3
__constant__ DW_DTYPE rdz;
__constant__ DW_DTYPE rdz2;
__constant__ int64_t nz;
__constant__ int64_t pml_z0;
__constant__ int64_t pml_z1;
#endif
#if DW_NDIM >= 2
__constant__ DW_DTYPE rdy;
__constant__ DW_DTYPE rdy2;
__constant__ int64_t ny;
__constant__ int64_t pml_y0;
__constant__ int64_t pml_y1;
#endif
__constant__ DW_DTYPE rdx;
__constant__ DW_DTYPE rdx2;
__constant__ int64_t nx;
__constant__ int64_t shot_numel;
__constant__ int64_t n_shots;
__constant__ int64_t n_sources_per_shot;
__constant__ int64_t n_receivers_per_shot;
__constant__ int64_t step_ratio;
__constant__ int64_t pml_x0;
__constant__ int64_t pml_x1;
__constant__ bool v_batched;

__launch_bounds__(32) __global__
    void add_sources(DW_DTYPE *__restrict const wf,
                     DW_DTYPE const *__restrict const f,
                     int64_t const *__restrict const sources_i) {
  int64_t const source_idx = blockIdx.x * blockDim.x + threadIdx.x;
  int64_t const shot_idx = blockIdx.y * blockDim.y + threadIdx.y;
  if (source_idx < n_sources_per_shot && shot_idx < n_shots) {
    int64_t const k = shot_idx * n_sources_per_shot + source_idx;
    if (0 <= sources_i[k]) wf[shot_idx * shot_numel + sources_i[k]] += f[k];
  }
}

__launch_bounds__(32) __global__
    void record_receivers(DW_DTYPE *__restrict const r,
                          DW_DTYPE const *__restrict const wf,
                          int64_t const *__restrict receivers_i) {
  int64_t const receiver_idx = blockIdx.x * blockDim.x + threadIdx.x;
  int64_t const shot_idx = blockIdx.y * blockDim.y + threadIdx.y;
  if (receiver_idx < n_receivers_per_shot && shot_idx < n_shots) {
    int64_t const k = shot_idx * n_receivers_per_shot + receiver_idx;
    if (0 <= receivers_i[k]) r[k] = wf[shot_idx * shot_numel + receivers_i[k]];
  }
}

#if DW_NDIM == 3
__launch_bounds__(128) __global__
    void combine_grad_v(DW_DTYPE *__restrict const grad_v,
                        DW_DTYPE const *__restrict const grad_v_shot) {
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  int64_t const z = blockIdx.z * blockDim.z + threadIdx.z + FD_PAD;
  if (z < nz - FD_PAD && y < ny - FD_PAD && x < nx - FD_PAD) {
    int64_t const i = z * ny * nx + y * nx + x;
    for (int64_t shot_idx = 0; shot_idx < n_shots; ++shot_idx) {
      grad_v[i] += grad_v_shot[shot_idx * shot_numel + i];
    }
  }
}
#elif DW_NDIM == 2
__launch_bounds__(128) __global__
    void combine_grad_v(DW_DTYPE *__restrict const grad_v,
                        DW_DTYPE const *__restrict const grad_v_shot) {
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  if (y < ny - FD_PAD && x < nx - FD_PAD) {
    int64_t const i = y * nx + x;
    for (int64_t shot_idx = 0; shot_idx < n_shots; ++shot_idx) {
      grad_v[i] += grad_v_shot[shot_idx * shot_numel + i];
    }
  }
}
#else /* DW_NDIM == 1 */
__launch_bounds__(128) __global__
    void combine_grad_v(DW_DTYPE *__restrict const grad_v,
                        DW_DTYPE const *__restrict const grad_v_shot) {
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  if (x < nx - FD_PAD) {
    int64_t const i = x;
    for (int64_t shot_idx = 0; shot_idx < n_shots; ++shot_idx) {
      grad_v[i] += grad_v_shot[shot_idx * shot_numel + i];
    }
  }
}
#endif

__launch_bounds__(128) __global__ void forward_kernel(
    DW_DTYPE const *__restrict const v, DW_DTYPE const *__restrict const wfc,
    DW_DTYPE *__restrict const wfp, DW_DTYPE *__restrict const dwdv,
#if DW_NDIM >= 3
    /* z-dimension */
    DW_DTYPE const *__restrict const psiz, DW_DTYPE *__restrict const psizn,
    DW_DTYPE *__restrict const zetaz, DW_DTYPE const *__restrict const az,
    DW_DTYPE const *__restrict const bz, DW_DTYPE const *__restrict const dbzdz,
#endif
#if DW_NDIM >= 2
    /* y-dimension */
    DW_DTYPE const *__restrict const psiy, DW_DTYPE *__restrict const psiyn,
    DW_DTYPE *__restrict const zetay, DW_DTYPE const *__restrict const ay,
    DW_DTYPE const *__restrict const by, DW_DTYPE const *__restrict const dbydy,
#endif
    /* x-dimension */
    DW_DTYPE const *__restrict const psix, DW_DTYPE *__restrict const psixn,
    DW_DTYPE *__restrict const zetax, DW_DTYPE const *__restrict const ax,
    DW_DTYPE const *__restrict const bx, DW_DTYPE const *__restrict const dbxdx,
    bool const v_requires_grad) {
#if DW_NDIM == 3
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  int64_t const z = blockIdx.z * blockDim.z + threadIdx.z + FD_PAD;
  if (z < nz - FD_PAD && y < ny - FD_PAD && x < nx - FD_PAD) {
    int64_t const j = z * ny * nx + y * nx + x;
    for (int64_t shot_idx = 0; shot_idx < n_shots; ++shot_idx) {
#elif DW_NDIM == 2
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  int64_t const shot_idx = blockIdx.z * blockDim.z + threadIdx.z;
  if (y < ny - FD_PAD && x < nx - FD_PAD && shot_idx < n_shots) {
    int64_t const j = y * nx + x;
#else /* DW_NDIM == 1 */
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const shot_idx = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx - FD_PAD && shot_idx < n_shots) {
    int64_t const j = x;
#endif
      int64_t const i = shot_idx * shot_numel + j;
      // Select velocity for this shot/grid point
      DW_DTYPE const v_shot = v_batched ? v[i] : v[j];
      DW_DTYPE w_sum = 0;
#if DW_NDIM >= 3
      bool const pml_z = z < pml_z0 || z >= pml_z1;
      if (!pml_z) {
        w_sum += DIFFZ2(WFC);
      } else {
        DW_DTYPE dwfcdz = DIFFZ1(WFC);
        DW_DTYPE tmpz =
            ((1 + bz[z]) * DIFFZ2(WFC) + dbzdz[z] * dwfcdz + DIFFZ1(AZ_PSIZ));
        w_sum += (1 + bz[z]) * tmpz + az[z] * zetaz[i];
        psizn[i] = bz[z] * dwfcdz + az[z] * psiz[i];
        zetaz[i] = bz[z] * tmpz + az[z] * zetaz[i];
      }
#endif
#if DW_NDIM >= 2
      bool const pml_y = y < pml_y0 || y >= pml_y1;
      if (!pml_y) {
        w_sum += DIFFY2(WFC);
      } else {
        DW_DTYPE dwfcdy = DIFFY1(WFC);
        DW_DTYPE tmpy =
            ((1 + by[y]) * DIFFY2(WFC) + dbydy[y] * dwfcdy + DIFFY1(AY_PSIY));
        w_sum += (1 + by[y]) * tmpy + ay[y] * zetay[i];
        psiyn[i] = by[y] * dwfcdy + ay[y] * psiy[i];
        zetay[i] = by[y] * tmpy + ay[y] * zetay[i];
      }
#endif
      bool const pml_x = x < pml_x0 || x >= pml_x1;
      if (!pml_x) {
        w_sum += DIFFX2(WFC);
      } else {
        DW_DTYPE dwfcdx = DIFFX1(WFC);
        DW_DTYPE tmpx =
            ((1 + bx[x]) * DIFFX2(WFC) + dbxdx[x] * dwfcdx + DIFFX1(AX_PSIX));
        w_sum += (1 + bx[x]) * tmpx + ax[x] * zetax[i];
        psixn[i] = bx[x] * dwfcdx + ax[x] * psix[i];
        zetax[i] = bx[x] * tmpx + ax[x] * zetax[i];
      }
      // If gradients are required, store snapshot for backward
      if (v_requires_grad) {
        dwdv[i] = 2 * v_shot * dt2 * w_sum;
      }
      // Main wavefield update: finite difference time stepping
      wfp[i] = v_shot * v_shot * dt2 * w_sum + 2 * wfc[i] - wfp[i];
#if DW_NDIM == 3
    }
#endif
  }
}

__launch_bounds__(128) __global__ void backward_kernel(
    DW_DTYPE const *__restrict const v2dt2,
    DW_DTYPE const *__restrict const wfc, DW_DTYPE *__restrict const wfp,
    DW_DTYPE const *__restrict const dwdv, DW_DTYPE *__restrict const grad_v,
#if DW_NDIM >= 3
    /* z-dimension */
    DW_DTYPE const *__restrict const psiz, DW_DTYPE *__restrict const psizn,
    DW_DTYPE *__restrict const zetaz, DW_DTYPE *__restrict const zetazn,
    DW_DTYPE const *__restrict const az, DW_DTYPE const *__restrict const bz,
    DW_DTYPE const *__restrict const dbzdz,
#endif
#if DW_NDIM >= 2
    /* y-dimension */
    DW_DTYPE const *__restrict const psiy, DW_DTYPE *__restrict const psiyn,
    DW_DTYPE *__restrict const zetay, DW_DTYPE *__restrict const zetayn,
    DW_DTYPE const *__restrict const ay, DW_DTYPE const *__restrict const by,
    DW_DTYPE const *__restrict const dbydy,
#endif
    /* x-dimension */
    DW_DTYPE const *__restrict const psix, DW_DTYPE *__restrict const psixn,
    DW_DTYPE *__restrict const zetax, DW_DTYPE *__restrict const zetaxn,
    DW_DTYPE const *__restrict const ax, DW_DTYPE const *__restrict const bx,
    DW_DTYPE const *__restrict const dbxdx, bool const v_requires_grad) {
#if DW_NDIM == 3
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  int64_t const z = blockIdx.z * blockDim.z + threadIdx.z + FD_PAD;
  if (z < nz - FD_PAD && y < ny - FD_PAD && x < nx - FD_PAD) {
    int64_t const j = z * ny * nx + y * nx + x;
    for (int64_t shot_idx = 0; shot_idx < n_shots; ++shot_idx) {
#elif DW_NDIM == 2
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const y = blockIdx.y * blockDim.y + threadIdx.y + FD_PAD;
  int64_t const shot_idx = blockIdx.z * blockDim.z + threadIdx.z;
  if (y < ny - FD_PAD && x < nx - FD_PAD && shot_idx < n_shots) {
    int64_t const j = y * nx + x;
#else /* DW_NDIM == 1 */
  int64_t const x = blockIdx.x * blockDim.x + threadIdx.x + FD_PAD;
  int64_t const shot_idx = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < nx - FD_PAD && shot_idx < n_shots) {
    int64_t const j = x;
#endif
      int64_t const i = shot_idx * shot_numel + j;
      // Select v^2*dt^2 for this shot/grid point
      DW_DTYPE const *__restrict const v2dt2_shot =
          v_batched ? v2dt2 + shot_idx * shot_numel : v2dt2;
      DW_DTYPE w_sum = 0;
#if DW_NDIM >= 3
      bool const pml_z = z < pml_z0 || z >= pml_z1;
      w_sum +=
          pml_z ? -DIFFZ1(UT_TERMZ1) + DIFFZ2(UT_TERMZ2) : DIFFZ2(V2DT2_WFC);
#endif
#if DW_NDIM >= 2
      bool const pml_y = y < pml_y0 || y >= pml_y1;
      w_sum +=
          pml_y ? -DIFFY1(UT_TERMY1) + DIFFY2(UT_TERMY2) : DIFFY2(V2DT2_WFC);
#endif
      bool const pml_x = x < pml_x0 || x >= pml_x1;
      w_sum +=
          pml_x ? -DIFFX1(UT_TERMX1) + DIFFX2(UT_TERMX2) : DIFFX2(V2DT2_WFC);
      // Main adjoint wavefield update
      wfp[i] = w_sum + 2 * wfc[i] - wfp[i];
#if DW_NDIM >= 3
      if (pml_z) {
        psizn[i] = -az[z] * DIFFZ1(PSIZ_TERM) + az[z] * psiz[i];
        zetazn[i] = az[z] * V2DT2_WFC(0, 0, 0) + az[z] * zetaz[i];
      }
#endif
#if DW_NDIM >= 2
      if (pml_y) {
        psiyn[i] = -ay[y] * DIFFY1(PSIY_TERM) + ay[y] * psiy[i];
        zetayn[i] = ay[y] * V2DT2_WFC(0, 0, 0) + ay[y] * zetay[i];
      }
#endif
      if (pml_x) {
        psixn[i] = -ax[x] * DIFFX1(PSIX_TERM) + ax[x] * psix[i];
        zetaxn[i] = ax[x] * V2DT2_WFC(0, 0, 0) + ax[x] * zetax[i];
      }
      // If gradients are required, accumulate gradient for velocity
      if (v_requires_grad) {
        grad_v[i] += wfc[i] * dwdv[i] * step_ratio;
      }
#if DW_NDIM == 3
    }
#endif
  }
}
// ---- scalar.cu, line 434
}  // namespace
