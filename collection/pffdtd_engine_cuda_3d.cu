// tilelab kernel collection: tobanteAudio/pffdtd: PFFDTD's CUDA engine for 3-D room-acoustics FDTD (Cartesian and FCC air updates, rigid, absorbing and frequency-dependent boundaries, halo flips) (src/cpp/pffdtd/engine_cuda_3d.cu)
// Source:  https://github.com/tobanteAudio/pffdtd/blob/457f950830a2ed7d7398c9957b744a4d9718ca06/src/cpp/pffdtd/engine_cuda_3d.cu
//          (tobanteAudio/pffdtd, commit 457f950: Brian Hamilton's PFFDTD, maintained by Tobias Hienzsch)
// Licence: MIT (the repository's LICENSE.txt; the file carries SPDX lines naming Brian Hamilton, kept below); the notice follows.
// Kept: the file's SPDX lines (lines 1-2), its device-side includes <cmath>, <concepts> and <cstdint> (lines 11, 12, 14),
//       and the device code, unchanged: the namespaces' openings (lines 20-22), add and fma (lines 24-44), the block
//       shapes (lines 69-80), the constant memory (lines 82-101), constant<Real> (lines 184-193), every kernel (lines
//       195-523) and the namespaces' closings (lines 1411 and 1421).
//       Removed: the host-only includes (lines 4-10, 13, 15-18: engine_cuda_3d.hpp, pffdtd/assert.hpp, progress.hpp,
//       time.hpp, utility.hpp, <cstddef>, <cstdio>, <cstdlib>, <span>, <vector>) and the host code (lines 45-68:
//       gpuErrchk, gpuAssert, elapsedTime, cu_divceil; lines 102-183: HostData, DeviceData; lines 524-1410 and
//       1412-1420: the host's set-up, run loop and EngineCUDA3D).
//       Copied in, marked: the lines of the engine's own headers the device code uses (utility.hpp's <type_traits>,
//       DIV_CEIL and GET_BIT; assert.hpp's always_false; mat_quad.hpp's MMb, MNm and MatQuad).

/*
 * MIT License
 *
 * Copyright (c) 2021 bsxfun
 * Copyright (c) 2024 Tobias Hienzsch
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

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: 2021 Brian Hamilton

#include <cmath>
#include <concepts>
#include <cstdint>

// ---- copied from src/cpp/pffdtd/utility.hpp (line 15, lines 18-21; its includes of host headers left out)
#include <type_traits>
#ifndef DIV_CEIL
  #define DIV_CEIL(x, y) (((x) + (y) - 1) / (y)) // this works for x≥0 and y>0
#endif
#define GET_BIT(var, pos)          (((var) >> (pos)) & 1)
// ---- copied from src/cpp/pffdtd/assert.hpp (lines 11-14)
namespace pffdtd {
template<typename>
inline constexpr auto always_false = false;
}
// ---- copied from src/cpp/pffdtd/mat_quad.hpp (lines 6-19)
namespace pffdtd {

#define MMb 12 // maximum number of RLC branches in freq-dep (FD) boundaries
#define MNm 64 // maximum number of materials allows

// see python code and 2016 ISMRA paper
template<typename Real>
struct MatQuad {
  Real b;   // b
  Real bd;  // b*d
  Real bDh; // b*D-hat
  Real bFh; // b*F-hat
};

} // namespace pffdtd
// ---- end of the copied lines

namespace pffdtd {

namespace {

template<typename Real>
__device__ auto add(Real x, Real y) -> Real {
  if constexpr (std::same_as<Real, double>) {
    return __dadd_rn(x, y);
  } else if constexpr (std::same_as<Real, float>) {
    return __fadd_rz(x, y);
  } else {
    static_assert(always_false<Real>);
  }
}

template<typename Real>
__device__ auto fma(Real x, Real y, Real z) -> Real {
  if constexpr (std::same_as<Real, double>) {
    return __fma_rn(x, y, z);
  } else if constexpr (std::same_as<Real, float>) {
    return __fmaf_rn(x, y, z);
  } else {
    static_assert(always_false<Real>);
  }
}

// thread-block dims for 3d kernels
constexpr auto cuBx = 32;
constexpr auto cuBy = 2;
constexpr auto cuBz = 2;

// thread-block dims for 2d kernels (fcc fold, ABCs)
constexpr auto cuBx2 = 16;
constexpr auto cuBy2 = 8;

// thread-block dims for 1d kernels (bn, ABC loss)
constexpr auto cuBrw = 128;
constexpr auto cuBb  = 128;

// NOLINTBEGIN(cppcoreguidelines-avoid-non-const-global-variables)
// constant memory (all per device)
__constant__ float c1_f32;
__constant__ float c2_f32;
__constant__ float cl_f32;
__constant__ float csl2_f32;
__constant__ float clo2_f32;
__constant__ double c1_f64;
__constant__ double c2_f64;
__constant__ double cl_f64;
__constant__ double csl2_f64;
__constant__ double clo2_f64;
__constant__ int64_t cuNx;
__constant__ int64_t cuNy;
__constant__ int64_t cuNz;
__constant__ int64_t cuNb;
__constant__ int64_t cuNbl;
__constant__ int64_t cuNba;
__constant__ int64_t cuNxNy;
__constant__ int8_t cuMb[MNm]; // to store Mb per mat

template<typename Real>
__device__ auto constant(float f32, double f64) -> Real {
  if constexpr (std::is_same_v<Real, float>) {
    return f32;
  } else if constexpr (std::is_same_v<Real, double>) {
    return f64;
  } else {
    static_assert(always_false<Real>);
  }
}

// NB. 'x' is contiguous dim in CUDA domain

// vanilla scheme, unrolled, intrinsics to control rounding errors
template<typename Real>
__global__ void KernelAirCart(Real* __restrict__ u0, Real const* __restrict__ u1, uint8_t const* __restrict__ bn_mask) {
  int64_t const cx = blockIdx.x * cuBx + threadIdx.x + 1;
  int64_t const cy = blockIdx.y * cuBy + threadIdx.y + 1;
  int64_t const cz = blockIdx.z * cuBz + threadIdx.z + 1;

  auto const c1 = constant<Real>(c1_f32, c1_f64);
  auto const c2 = constant<Real>(c2_f32, c2_f64);

  if ((cx < cuNx - 1) && (cy < cuNy - 1) && (cz < cuNz - 1)) {
    int64_t const ii = cz * cuNxNy + cy * cuNx + cx;
    // divide-conquer add for better accuracy
    Real tmp1 = NAN;
    Real tmp2 = NAN;
    tmp1      = add(u1[ii + cuNxNy], u1[ii - cuNxNy]);
    tmp2      = add(u1[ii + cuNx], u1[ii - cuNx]);
    tmp1      = add(tmp1, tmp2);
    tmp2      = add(u1[ii + 1], u1[ii - 1]);
    tmp1      = add(tmp1, tmp2);
    tmp1      = fma(c1, u1[ii], fma(c2, tmp1, -u0[ii]));

    // write final value back to global memory
    if ((GET_BIT(bn_mask[ii >> 3], ii % 8)) == 0) {
      u0[ii] = tmp1;
    }
  }
}

// air update for FCC, on folded grid (improvement to 2013 DAFx paper)
template<typename Real>
__global__ void KernelAirFCC(Real* __restrict__ u0, Real const* __restrict__ u1, uint8_t const* __restrict__ bn_mask) {
  // get ix,iy,iz from thread and block Id's
  int64_t const cx = blockIdx.x * cuBx + threadIdx.x + 1;
  int64_t const cy = blockIdx.y * cuBy + threadIdx.y + 1;
  int64_t const cz = blockIdx.z * cuBz + threadIdx.z + 1;

  auto const c1 = constant<Real>(c1_f32, c1_f64);
  auto const c2 = constant<Real>(c2_f32, c2_f64);

  if ((cx < cuNx - 1) && (cy < cuNy - 1) && (cz < cuNz - 1)) {
    // x is contiguous
    int64_t const ii = cz * cuNxNy + cy * cuNx + cx;
    Real tmp1        = NAN;
    Real tmp2        = NAN;
    Real tmp3        = NAN;
    Real tmp4        = NAN;
    // divide-conquer add as much as possible
    tmp1 = add(u1[ii + cuNxNy + cuNx], u1[ii - cuNxNy - cuNx]);
    tmp2 = add(u1[ii + cuNx + 1], u1[ii - cuNx - 1]);
    tmp1 = add(tmp1, tmp2);
    tmp3 = add(u1[ii + cuNxNy + 1], u1[ii - cuNxNy - 1]);
    tmp4 = add(u1[ii + cuNxNy - cuNx], u1[ii - cuNxNy + cuNx]);
    tmp3 = add(tmp3, tmp4);
    tmp2 = add(u1[ii + cuNx - 1], u1[ii - cuNx + 1]);
    tmp1 = add(tmp1, tmp2);
    tmp4 = add(u1[ii + cuNxNy - 1], u1[ii - cuNxNy + 1]);
    tmp3 = add(tmp3, tmp4);
    tmp1 = add(tmp1, tmp3);
    tmp1 = fma(c1, u1[ii], fma(c2, tmp1, -u0[ii]));
    // write final value back to global memory
    if ((GET_BIT(bn_mask[ii >> 3], ii % 8)) == 0) {
      u0[ii] = tmp1;
    }
  }
}

// this folds in half of FCC subgrid so everything is nicely homogenous (no
// braching for stencil)
template<typename Real>
__global__ void KernelFoldFCC(Real* __restrict__ u1) {
  int64_t const cx = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cz = blockIdx.y * cuBy2 + threadIdx.y;
  // fold is along middle dimension
  if ((cx < cuNx) && (cz < cuNz)) {
    u1[cz * cuNxNy + (cuNy - 1) * cuNx + cx] = u1[cz * cuNxNy + (cuNy - 2) * cuNx + cx];
  }
}

// rigid boundaries, cartesian, using adj info
template<typename Real>
__global__ void KernelBoundaryRigidCart(
    Real* __restrict__ u0,
    Real const* __restrict__ u1,
    uint16_t const* __restrict__ adj_bn,
    int64_t const* __restrict__ bn_ixyz,
    int8_t const* __restrict__ K_bn
) {
  int64_t const nb = blockIdx.x * cuBb + threadIdx.x;

  auto const c2   = constant<Real>(c2_f32, c2_f64);
  auto const csl2 = constant<Real>(csl2_f32, csl2_f64);

  if (nb < cuNb) {
    int64_t const ii   = bn_ixyz[nb];
    uint16_t const adj = adj_bn[nb];
    Real const K       = K_bn[nb];

    Real const _2 = 2.0;
    Real const b1 = (_2 - csl2 * K);
    Real const b2 = c2;

    Real tmp1 = NAN;
    Real tmp2 = NAN;
    tmp1      = add((Real)GET_BIT(adj, 0) * u1[ii + cuNxNy], (Real)GET_BIT(adj, 1) * u1[ii - cuNxNy]);
    tmp2      = add((Real)GET_BIT(adj, 2) * u1[ii + cuNx], (Real)GET_BIT(adj, 3) * u1[ii - cuNx]);
    tmp1      = add(tmp1, tmp2);
    tmp2      = add((Real)GET_BIT(adj, 4) * u1[ii + 1], (Real)GET_BIT(adj, 5) * u1[ii - 1]);
    tmp1      = add(tmp1, tmp2);
    tmp1      = fma(b1, u1[ii], fma(b2, tmp1, -u0[ii]));

    // u0[ii] = partial; //write back to global memory
    u0[ii] = tmp1; // write back to global memory
  }
}

// rigid boundaries, FCC, using adj info
template<typename Real>
__global__ void KernelBoundaryRigidFCC(
    Real* __restrict__ u0,
    Real const* __restrict__ u1,
    uint16_t const* __restrict__ adj_bn,
    int64_t const* __restrict__ bn_ixyz,
    int8_t const* __restrict__ K_bn
) {
  int64_t const nb = blockIdx.x * cuBb + threadIdx.x;

  auto const c2   = constant<Real>(c2_f32, c2_f64);
  auto const csl2 = constant<Real>(csl2_f32, csl2_f64);

  if (nb < cuNb) {
    int64_t const ii   = bn_ixyz[nb];
    uint16_t const adj = adj_bn[nb];
    Real const K       = K_bn[nb];

    Real const _2 = 2.0;
    Real const b1 = (_2 - csl2 * K);
    Real const b2 = c2;

    Real tmp1 = NAN;
    Real tmp2 = NAN;
    Real tmp3 = NAN;
    Real tmp4 = NAN;
    tmp1      = add((Real)GET_BIT(adj, 0) * u1[ii + cuNxNy + cuNx], (Real)GET_BIT(adj, 1) * u1[ii - cuNxNy - cuNx]);
    tmp2      = add((Real)GET_BIT(adj, 2) * u1[ii + cuNx + 1], (Real)GET_BIT(adj, 3) * u1[ii - cuNx - 1]);
    tmp1      = add(tmp1, tmp2);
    tmp3      = add((Real)GET_BIT(adj, 4) * u1[ii + cuNxNy + 1], (Real)GET_BIT(adj, 5) * u1[ii - cuNxNy - 1]);
    tmp4      = add((Real)GET_BIT(adj, 6) * u1[ii + cuNxNy - cuNx], (Real)GET_BIT(adj, 7) * u1[ii - cuNxNy + cuNx]);
    tmp3      = add(tmp3, tmp4);
    tmp2      = add((Real)GET_BIT(adj, 8) * u1[ii + cuNx - 1], (Real)GET_BIT(adj, 9) * u1[ii - cuNx + 1]);
    tmp1      = add(tmp1, tmp2);
    tmp4      = add((Real)GET_BIT(adj, 10) * u1[ii + cuNxNy - 1], (Real)GET_BIT(adj, 11) * u1[ii - cuNxNy + 1]);
    tmp3      = add(tmp3, tmp4);
    tmp1      = add(tmp1, tmp3);
    tmp1      = fma(b1, u1[ii], fma(b2, tmp1, -u0[ii]));

    u0[ii] = tmp1; // write back to global memory
  }
}

// ABC loss at boundaries of simulation grid
template<typename Real>
__global__ void KernelBoundaryABC(
    Real* __restrict__ u0,
    Real const* __restrict__ u2ba,
    int8_t const* __restrict__ Q_bna,
    int64_t const* __restrict__ bna_ixyz
) {
  int64_t const nb = blockIdx.x * cuBb + threadIdx.x;
  auto const cl    = constant<Real>(cl_f32, cl_f64);

  if (nb < cuNba) {
    Real const _1    = 1.0;
    Real const lQ    = cl * Q_bna[nb];
    int64_t const ib = bna_ixyz[nb];
    Real partial     = u0[ib];
    partial          = (partial + lQ * u2ba[nb]) / (_1 + lQ);
    u0[ib]           = partial;
  }
}

// Part of freq-dep boundary update
template<typename Real>
__global__ void KernelBoundaryFD(
    Real* __restrict__ u0b,
    Real const* u2b,
    Real* __restrict__ vh1,
    Real* __restrict__ gh1,
    Real const* ssaf_bnl,
    int8_t const* mat_bnl,
    Real const* __restrict__ mat_beta,
    MatQuad<Real> const* __restrict__ mat_quads
) {
  int64_t const nb = blockIdx.x * cuBb + threadIdx.x;

  auto const clo2 = constant<Real>(clo2_f32, clo2_f64);

  if (nb < cuNbl) {
    Real const _1     = 1.0;
    Real const _2     = 2.0;
    int32_t const k   = mat_bnl[nb];
    Real const ssaf   = ssaf_bnl[nb];
    Real const lo2Kbg = clo2 * ssaf * mat_beta[k];
    Real const fac    = _2 * clo2 * ssaf / (_1 + lo2Kbg);

    Real u0bint       = u0b[nb];
    Real const u2bint = u2b[nb];

    u0bint = (u0bint + lo2Kbg * u2bint) / (_1 + lo2Kbg);

    Real vh1int[MMb]; // size has to be constant at compile time
    Real gh1int[MMb];
    for (int8_t m = 0; m < cuMb[k]; m++) { // faster on average than MMb
      int64_t const nbm       = m * cuNbl + nb;
      int32_t const mbk       = k * MMb + m;
      MatQuad<Real> const& tm = mat_quads[mbk];
      vh1int[m]               = vh1[nbm];
      gh1int[m]               = gh1[nbm];
      u0bint -= fac * (_2 * tm.bDh * vh1int[m] - tm.bFh * gh1int[m]);
    }

    Real const du = u0bint - u2bint;

    // NOLINTBEGIN(clang-analyzer-core.UndefinedBinaryOperatorResult)
    for (int8_t m = 0; m < cuMb[k]; m++) { // faster on average than MMb
      int64_t const nbm       = m * cuNbl + nb;
      int32_t const mbk       = k * MMb + m;
      MatQuad<Real> const& tm = mat_quads[mbk];
      Real const vh0m         = tm.b * du + tm.bd * vh1int[m] - _2 * tm.bFh * gh1int[m];
      gh1[nbm]                = gh1int[m] + (vh0m + vh1int[m]) / _2;
      vh1[nbm]                = vh0m;
    }
    // NOLINTEND(clang-analyzer-core.UndefinedBinaryOperatorResult)
    u0b[nb] = u0bint;
  }
}

// add source input (one at a time for simplicity)
template<typename Real>
__global__ void AddIn(Real* u0, Real sample) {
  u0[0] += sample;
}

// dst-src copy from buffer to grid
template<typename Real>
__global__ void CopyToGridKernel(Real* u, Real const* buffer, int64_t const* locs, int64_t N) {
  int64_t const i = blockIdx.x * cuBrw + threadIdx.x;
  if (i < N) {
    u[locs[i]] = buffer[i];
  }
}

// dst-src copy to buffer from  grid (not needed, but to make more explicit)
template<typename Real>
__global__ void CopyFromGridKernel(Real* buffer, Real const* u, int64_t const* locs, int64_t N) {
  int64_t const i = blockIdx.x * cuBrw + threadIdx.x;
  if (i < N) {
    buffer[i] = u[locs[i]];
  }
}

// flip halos for ABCs
template<typename Real>
__global__ void FlipHaloXY_Zbeg(Real* __restrict__ u1) {
  int64_t const cx = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cy = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cx < cuNx) && (cy < cuNy)) {
    int64_t ii = 0;
    ii         = 0 * cuNxNy + cy * cuNx + cx;
    u1[ii]     = u1[ii + 2 * cuNxNy];
  }
}

template<typename Real>
__global__ void FlipHaloXY_Zend(Real* __restrict__ u1) {
  int64_t const cx = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cy = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cx < cuNx) && (cy < cuNy)) {
    int64_t ii = 0;
    ii         = (cuNz - 1) * cuNxNy + cy * cuNx + cx;
    u1[ii]     = u1[ii - 2 * cuNxNy];
  }
}

template<typename Real>
__global__ void FlipHaloXZ_Ybeg(Real* __restrict__ u1) {
  int64_t const cx = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cz = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cx < cuNx) && (cz < cuNz)) {
    int64_t ii = 0;
    ii         = cz * cuNxNy + 0 * cuNx + cx;
    u1[ii]     = u1[ii + 2 * cuNx];
  }
}

template<typename Real>
__global__ void FlipHaloXZ_Yend(Real* __restrict__ u1) {
  int64_t const cx = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cz = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cx < cuNx) && (cz < cuNz)) {
    int64_t ii = 0;
    ii         = cz * cuNxNy + (cuNy - 1) * cuNx + cx;
    u1[ii]     = u1[ii - 2 * cuNx];
  }
}

template<typename Real>
__global__ void FlipHaloYZ_Xbeg(Real* __restrict__ u1) {
  int64_t const cy = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cz = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cy < cuNy) && (cz < cuNz)) {
    int64_t ii = 0;
    ii         = cz * cuNxNy + cy * cuNx + 0;
    u1[ii]     = u1[ii + 2];
  }
}

template<typename Real>
__global__ void FlipHaloYZ_Xend(Real* __restrict__ u1) {
  int64_t const cy = blockIdx.x * cuBx2 + threadIdx.x;
  int64_t const cz = blockIdx.y * cuBy2 + threadIdx.y;
  if ((cy < cuNy) && (cz < cuNz)) {
    int64_t ii = 0;
    ii         = cz * cuNxNy + cy * cuNx + (cuNx - 1);
    u1[ii]     = u1[ii - 2];
  }
}

} // namespace

} // namespace pffdtd
