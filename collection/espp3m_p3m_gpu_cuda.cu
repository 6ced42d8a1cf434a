// tilelab kernel collection: ESPResSo's P3M electrostatics on the GPU (influence function, charge spreading, k-space ops, force interpolation)
// Source:  https://github.com/espressomd/espresso/blob/f73f0f508f730dd96074966633c74875a4eef12d/src/core/electrostatics/p3m_gpu_cuda.cu
//          (espressomd/espresso, commit f73f0f5; helpers from src/utils/include/utils/math/, src/core/p3m/math.hpp, src/config/include/config/config.hpp)
// Licence: GPL-3.0-or-later (the file's own notice, below; the repository's COPYING is the GPL-3.0 text).
// Kept, unchanged: p3m_gpu_cuda.cu lines 1-26, 30-51, 66-70, 73-107, 166-375, 423-490 and 725; removed: 28 and 53-64 (the
//       project's includes, <cuda.h>, <cufft.h>), 71 (<stdexcept>), 109-164, 377-421, 492-723 (host code); copied in, marked below.
/*
 * Copyright (C) 2010-2022 The ESPResSo project
 *
 * This file is part of ESPResSo.
 *
 * ESPResSo is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, either version 3 of the License, or
 * (at your option) any later version.
 *
 * ESPResSo is distributed in the hope that it will be useful,
 * but WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE.  See the
 * GNU General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program.  If not, see <http://www.gnu.org/licenses/>.
 */

/**
 * @file
 *
 * P3M electrostatics on GPU.
 *
 * The corresponding header file is @ref p3m_gpu_cuda.cuh.
 */

// ---- copied in (tilelab): the lines of ESPResSo's headers and cufft.h the device code uses
// ---- config/config.hpp lines 52-54
#ifndef P3M_BRILLOUIN
#define P3M_BRILLOUIN 0
#endif
// ---- utils/device_qualifier.hpp lines 19-33
#ifndef UTILS_DEVICE_QUALIFIER_HPP
#define UTILS_DEVICE_QUALIFIER_HPP

#if defined(__CUDACC__)
#define DEVICE_THROW(E)
#define DEVICE_QUALIFIER __host__ __device__
#define DEVICE_ASSERT(A) void((A))
#else
#include <cassert>
#define DEVICE_THROW(E) throw(E)
#define DEVICE_QUALIFIER
#define DEVICE_ASSERT(A) assert((A))
#endif

#endif // ESPRESSO_DEVICE_QUALIFIER_HPP
// ---- utils/math/sqr.hpp lines 26-29
namespace Utils {
/** Calculates the SQuaRe of x */
template <typename T> DEVICE_QUALIFIER constexpr T sqr(T x) { return x * x; }
} // namespace Utils
// ---- utils/math/int_pow.hpp lines 27-64
#include <type_traits>

namespace Utils {
namespace detail {
template <class T, unsigned n, class = void> struct int_pow_impl {
  DEVICE_QUALIFIER constexpr T operator()(T x) const {
    return x * int_pow_impl<T, (n - 1) / 2>{}(x * x);
  }
};

/* Specialization for n even */
template <class T, unsigned n>
struct int_pow_impl<T, n, std::enable_if_t<n % 2 == 0>> {
  DEVICE_QUALIFIER constexpr T operator()(T x) const {
    return int_pow_impl<T, n / 2>{}(x * x);
  }
};

template <class T> struct int_pow_impl<T, 1> {
  DEVICE_QUALIFIER constexpr T operator()(T x) const { return x; }
};

template <class T> struct int_pow_impl<T, 0> {
  DEVICE_QUALIFIER constexpr T operator()(T) const { return T{1}; }
};
} // namespace detail

/**
 * \brief Calculate integer powers.
 * This functions calculates x^n, where
 * n is a positive integer that is known
 * at compile time. It uses exponentiation by
 * squaring to construct an efficient function.
 */
template <unsigned n, typename T> DEVICE_QUALIFIER constexpr T int_pow(T x) {
  return detail::int_pow_impl<T, n>{}(x);
}
} // namespace Utils
// ---- utils/math/bspline.hpp lines 26-177 and 325
#include <type_traits>

namespace Utils {
/** @brief Formula of the B-spline. */
template <int order, typename T>
DEVICE_QUALIFIER auto
bspline(int i, T x) -> std::enable_if_t<(order > 0) && (order <= 7), T> {
  DEVICE_ASSERT(i < order);
  DEVICE_ASSERT(x >= T(-0.5));
  DEVICE_ASSERT(x <= T(0.5));

  switch (order) {
  case 1:
    return T(1.);
  case 2:
    switch (i) {
    case 0:
      return T(0.5) - x;
    case 1:
      return T(0.5) + x;
    }
  case 3:
    switch (i) {
    case 0:
      return T(0.5) * sqr(T(0.5) - x);
    case 1:
      return T(0.75) - sqr(x);
    case 2:
      return T(0.5) * sqr(T(0.5) + x);
    }
  case 4:
    switch (i) {
    case 0:
      return (T(1.) + x * (T(-6.) + x * (T(12.) - x * T(8.)))) / T(48.);
    case 1:
      return (T(23.) + x * (T(-30.) + x * (T(-12.) + x * T(24.)))) / T(48.);
    case 2:
      return (T(23.) + x * (T(30.) + x * (T(-12.) - x * T(24.)))) / T(48.);
    case 3:
      return (T(1.) + x * (T(6.) + x * (T(12.) + x * T(8.)))) / T(48.);
    }
  case 5:
    switch (i) {
    case 0:
      return (T(1.) +
              x * (T(-8.) + x * (T(24.) + x * (T(-32.) + x * T(16.))))) /
             T(384.);
    case 1:
      return (T(19.) +
              x * (T(-44.) + x * (T(24.) + x * (T(16.) - x * T(16.))))) /
             T(96.);
    case 2:
      return (T(115.) + x * x * (T(-120.) + x * x * T(48.))) / T(192.);
    case 3:
      return (T(19.) +
              x * (T(44.) + x * (T(24.) + x * (T(-16.) - x * T(16.))))) /
             T(96.);
    case 4:
      return (T(1.) + x * (T(8.) + x * (T(24.) + x * (T(32.) + x * T(16.))))) /
             T(384.);
    }
  case 6:
    switch (i) {
    case 0:
      return (T(1.) +
              x * (T(-10.) +
                   x * (T(40.) + x * (T(-80.) + x * (T(80.) - x * T(32.)))))) /
             T(3840.);
    case 1:
      return (T(237.) +
              x * (T(-750.) +
                   x * (T(840.) +
                        x * (T(-240.) + x * (T(-240.) + x * T(160.)))))) /
             T(3840.);
    case 2:
      return (T(841.) +
              x * (T(-770.) +
                   x * (T(-440.) +
                        x * (T(560.) + x * (T(80.) - x * T(160.)))))) /
             T(1920.);
    case 3:
      return (T(841.) +
              x * (+T(770.) +
                   x * (T(-440.) +
                        x * (T(-560.) + x * (T(80.) + x * T(160.)))))) /
             T(1920.);
    case 4:
      return (T(237.) +
              x * (T(750.) +
                   x * (T(840.) +
                        x * (T(240.) + x * (T(-240.) - x * T(160.)))))) /
             T(3840.);
    case 5:
      return (T(1.) +
              x * (T(10.) +
                   x * (T(40.) + x * (T(80.) + x * (T(80.) + x * T(32.)))))) /
             T(3840.);
    }
  case 7:
    switch (i) {
    case 0:
      return (T(1.) +
              x * (T(-12.) +
                   x * (T(60.) +
                        x * (T(-160.) +
                             x * (T(240.) + x * (T(-192.) + x * T(64.))))))) /
             T(46080.);
    case 1:
      return (T(361.) +
              x * (T(-1416.) +
                   x * (T(2220.) +
                        x * (T(-1600.) +
                             x * (T(240.) + x * (T(384.) - x * T(192.))))))) /
             T(23040.);
    case 2:
      return (T(10543.) +
              x * (T(-17340.) +
                   x * (T(4740.) +
                        x * (T(6880.) + x * (T(-4080.) +
                                             x * (T(-960.) + x * T(960.))))))) /
             T(46080.);
    case 3:
      return (T(5887.) +
              x * x * (T(-4620.) + x * x * (T(1680.) - x * x * T(320.)))) /
             T(11520.);
    case 4:
      return (T(10543.) +
              x * (T(17340.) +
                   x * (T(4740.) +
                        x * (T(-6880.) +
                             x * (T(-4080.) + x * (T(960.) + x * T(960.))))))) /
             T(46080.);
    case 5:
      return (T(361.) +
              x * (T(1416.) +
                   x * (T(2220.) +
                        x * (T(1600.) +
                             x * (T(240.) + x * (T(-384.) - x * T(192.))))))) /
             T(23040.);
    case 6:
      return (T(1.) +
              x * (T(12.) +
                   x * (T(60.) +
                        x * (T(160.) +
                             x * (T(240.) + x * (T(192.) + x * T(64.))))))) /
             T(46080.);
    }
  }

  DEVICE_THROW(std::runtime_error("Internal interpolation error."));
  return T{};
}
} // namespace Utils
// ---- p3m/math.hpp lines 30 and 34-81 and 151
#include <numbers>
namespace math {

/** @brief Return the absolute value of x. */
inline DEVICE_QUALIFIER auto abs(double x) { return fabs(x); }

/** @brief Return the absolute value of x. */
inline DEVICE_QUALIFIER auto abs(float x) { return fabsf(x); }

/**
 * @brief Calculate the function @f$ \mathrm{sinc}(x) = \sin(\pi x)/(\pi x) @f$.
 *
 * (same convention as in @cite hockney88a). In order to avoid divisions
 * by 0, arguments whose modulus is smaller than @f$ \epsilon = 0.1 @f$
 * are evaluated by an 8th order Taylor expansion.
 * Note that the difference between sinc(x) and this expansion
 * is smaller than 0.235e-12, if x is smaller than @f$ \epsilon @f$.
 * (The next term in the expansion is the 10th order contribution, i.e.
 * @f$ \pi^{10} x^{10}/39916800 \approx 0.2346 \cdot x^{12} @f$).
 */
template <typename T> DEVICE_QUALIFIER auto sinc(T x) {
  auto constexpr epsilon = T(0.1);
#if not defined(__CUDACC__)
  using std::sin;
#endif

  auto const pix = std::numbers::pi_v<T> * x;

  if (::math::abs(x) > epsilon)
    return sin(pix) / pix;

  auto constexpr factorial = [](int n) consteval {
    int acc{1}, c{1};
    while (c < n) {
      acc *= ++c;
    }
    return acc;
  };

  /* Coefficients of the Taylor expansion of sinc */
  auto constexpr c0 = T(+1) / T(factorial(1));
  auto constexpr c2 = T(-1) / T(factorial(3));
  auto constexpr c4 = T(+1) / T(factorial(5));
  auto constexpr c6 = T(-1) / T(factorial(7));
  auto constexpr c8 = T(+1) / T(factorial(9));

  auto const pix2 = pix * pix;
  return c0 + pix2 * (c2 + pix2 * (c4 + pix2 * (c6 + pix2 * c8)));
}
} // namespace math
// ---- cufft.h's cufftComplex (cufft.h includes <cuComplex.h>)
#include <cuComplex.h>
typedef cuComplex cufftComplex;
// ---- end of the copied-in lines

#ifdef ELECTROSTATICS

#define P3M_GPU_FLOAT
// #define P3M_GPU_REAL_DOUBLE

#ifdef P3M_GPU_FLOAT
#define REAL_TYPE float
#define FFT_TYPE_COMPLEX cufftComplex
#define FFT_FORW_FFT cufftExecR2C
#define FFT_BACK_FFT cufftExecC2R
#define FFT_PLAN_FORW_FLAG CUFFT_R2C
#define FFT_PLAN_BACK_FLAG CUFFT_C2R
#endif

#ifdef P3M_GPU_REAL_DOUBLE
#define REAL_TYPE double
#define FFT_TYPE_COMPLEX cufftDoubleComplex
#define FFT_FORW_FFT cufftExecD2Z
#define FFT_BACK_FFT cufftExecZ2D
#define FFT_PLAN_FORW_FLAG CUFFT_D2Z
#define FFT_PLAN_BACK_FLAG CUFFT_Z2D
#endif

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <limits>
#include <numbers>

#if defined(OMPI_MPI_H) || defined(_MPI_H)
#error CU-file includes mpi.h! This should not happen!
#endif

using Utils::int_pow;
using Utils::sqr;

struct P3MGpuData {
  /** Charge mesh */
  FFT_TYPE_COMPLEX *charge_mesh;
  /** Force meshes */
  FFT_TYPE_COMPLEX *force_mesh_x;
  FFT_TYPE_COMPLEX *force_mesh_y;
  FFT_TYPE_COMPLEX *force_mesh_z;
  /** Influence Function */
  REAL_TYPE *G_hat;
  /** Charge assignment order */
  int cao;
  /** Total number of mesh points (including padding) */
  int mesh_size;
  /** Ewald parameter */
  REAL_TYPE alpha;
  /** Number of particles */
  unsigned int n_part; // oddity: size_t causes UB with GCC 11.4 in Debug mode
  /** Box size */
  REAL_TYPE box[3];
  /** Mesh dimensions */
  int mesh[3];
  /** Padded size */
  int mesh_z_padded;
  /** Inverse mesh spacing */
  REAL_TYPE hi[3];
  /** Position shift */
  REAL_TYPE pos_shift;
};

template <int cao>
__device__ void static Aliasing_sums_ik(const P3MGpuData p, int NX, int NY,
                                        int NZ, REAL_TYPE *Zaehler,
                                        REAL_TYPE *Nenner) {
  REAL_TYPE S1, S2, S3;
  REAL_TYPE zwi;
  int MX, MY, MZ;
  REAL_TYPE NMX, NMY, NMZ;
  REAL_TYPE NM2;
  REAL_TYPE TE;
  REAL_TYPE Leni[3];
  REAL_TYPE Meshi[3];
  for (int i = 0; i < 3; ++i) {
    Leni[i] = 1.0f / p.box[i];
    Meshi[i] = 1.0f / static_cast<REAL_TYPE>(p.mesh[i]);
  }

  Zaehler[0] = Zaehler[1] = Zaehler[2] = *Nenner = 0.0;

  for (MX = -P3M_BRILLOUIN; MX <= P3M_BRILLOUIN; MX++) {
    NMX = static_cast<REAL_TYPE>(((NX > p.mesh[0] / 2) ? NX - p.mesh[0] : NX) +
                                 p.mesh[0] * MX);
    S1 = int_pow<2 * cao>(math::sinc(Meshi[0] * NMX));
    for (MY = -P3M_BRILLOUIN; MY <= P3M_BRILLOUIN; MY++) {
      NMY = static_cast<REAL_TYPE>(
          ((NY > p.mesh[1] / 2) ? NY - p.mesh[1] : NY) + p.mesh[1] * MY);
      S2 = S1 * int_pow<2 * cao>(math::sinc(Meshi[1] * NMY));
      for (MZ = -P3M_BRILLOUIN; MZ <= P3M_BRILLOUIN; MZ++) {
        NMZ = static_cast<REAL_TYPE>(
            ((NZ > p.mesh[2] / 2) ? NZ - p.mesh[2] : NZ) + p.mesh[2] * MZ);
        S3 = S2 * int_pow<2 * cao>(math::sinc(Meshi[2] * NMZ));

        NM2 = sqr(NMX * Leni[0]) + sqr(NMY * Leni[1]) + sqr(NMZ * Leni[2]);
        *Nenner += S3;

        TE = exp(-sqr(std::numbers::pi_v<REAL_TYPE> / (p.alpha)) * NM2);
        zwi = S3 * TE / NM2;
        Zaehler[0] += NMX * zwi * Leni[0];
        Zaehler[1] += NMY * zwi * Leni[1];
        Zaehler[2] += NMZ * zwi * Leni[2];
      }
    }
  }
}

/* Calculate influence function */
template <int cao>
__global__ void calculate_influence_function_device(const P3MGpuData p) {

  const auto NX = static_cast<int>(blockDim.x * blockIdx.x + threadIdx.x);
  const auto NY = static_cast<int>(blockDim.y * blockIdx.y + threadIdx.y);
  const auto NZ = static_cast<int>(blockDim.z * blockIdx.z + threadIdx.z);
  REAL_TYPE Dnx, Dny, Dnz;
  REAL_TYPE Zaehler[3] = {0.0, 0.0, 0.0}, Nenner = 0.0;
  REAL_TYPE zwi;
  auto index = 0;
  REAL_TYPE Leni[3];
  for (int i = 0; i < 3; ++i) {
    Leni[i] = REAL_TYPE{1} / p.box[i];
  }

  if ((NX >= p.mesh[0]) || (NY >= p.mesh[1]) || (NZ >= (p.mesh[2] / 2 + 1)))
    return;

  index = NX * p.mesh[1] * (p.mesh[2] / 2 + 1) + NY * (p.mesh[2] / 2 + 1) + NZ;

  if (((NX == 0) && (NY == 0) && (NZ == 0)) ||
      ((NX % (p.mesh[0] / 2) == 0) && (NY % (p.mesh[1] / 2) == 0) &&
       (NZ % (p.mesh[2] / 2) == 0))) {
    p.G_hat[index] = 0;
  } else {
    Aliasing_sums_ik<cao>(p, NX, NY, NZ, Zaehler, &Nenner);

    Dnx = static_cast<REAL_TYPE>((NX > p.mesh[0] / 2) ? NX - p.mesh[0] : NX);
    Dny = static_cast<REAL_TYPE>((NY > p.mesh[1] / 2) ? NY - p.mesh[1] : NY);
    Dnz = static_cast<REAL_TYPE>((NZ > p.mesh[2] / 2) ? NZ - p.mesh[2] : NZ);

    zwi = Dnx * Zaehler[0] * Leni[0] + Dny * Zaehler[1] * Leni[1] +
          Dnz * Zaehler[2] * Leni[2];
    zwi /= ((sqr(Dnx * Leni[0]) + sqr(Dny * Leni[1]) + sqr(Dnz * Leni[2])) *
            sqr(Nenner));
    p.G_hat[index] = REAL_TYPE{2} * zwi / std::numbers::pi_v<REAL_TYPE>;
  }
}

namespace {
__device__ inline auto linear_index_r(P3MGpuData const &p, int i, int j,
                                      int k) {
  return static_cast<unsigned int>(p.mesh[1] * p.mesh_z_padded * i +
                                   p.mesh_z_padded * j + k);
}

__device__ inline auto linear_index_k(P3MGpuData const &p, int i, int j,
                                      int k) {
  return static_cast<unsigned int>(p.mesh[1] * (p.mesh[2] / 2 + 1) * i +
                                   (p.mesh[2] / 2 + 1) * j + k);
}
} // namespace

__global__ void apply_diff_op(const P3MGpuData p) {
  auto const linear_index = linear_index_k(p, static_cast<int>(blockIdx.x),
                                           static_cast<int>(blockIdx.y),
                                           static_cast<int>(threadIdx.x));

  auto const bidx = static_cast<int>(blockIdx.x);
  auto const bidy = static_cast<int>(blockIdx.y);
  auto const nx = (bidx > p.mesh[0] / 2) ? bidx - p.mesh[0] : bidx;
  auto const ny = (bidy > p.mesh[1] / 2) ? bidy - p.mesh[1] : bidy;
  auto const nz = static_cast<int>(threadIdx.x);

  const FFT_TYPE_COMPLEX meshw = p.charge_mesh[linear_index];
  FFT_TYPE_COMPLEX buf;
  buf.x = REAL_TYPE(-2) * std::numbers::pi_v<REAL_TYPE> * meshw.y;
  buf.y = REAL_TYPE(+2) * std::numbers::pi_v<REAL_TYPE> * meshw.x;

  p.force_mesh_x[linear_index].x =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(nx) * buf.x / p.box[0];
  p.force_mesh_x[linear_index].y =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(nx) * buf.y / p.box[0];

  p.force_mesh_y[linear_index].x =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(ny) * buf.x / p.box[1];
  p.force_mesh_y[linear_index].y =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(ny) * buf.y / p.box[1];

  p.force_mesh_z[linear_index].x =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(nz) * buf.x / p.box[2];
  p.force_mesh_z[linear_index].y =
      static_cast<decltype(FFT_TYPE_COMPLEX::x)>(nz) * buf.y / p.box[2];
}

__device__ inline int wrap_index(const int ind, const int mesh) {
  if (ind < 0)
    return ind + mesh;
  if (ind >= mesh)
    return ind - mesh;
  return ind;
}

__global__ void apply_influence_function(const P3MGpuData p) {
  auto const linear_index = linear_index_k(p, static_cast<int>(blockIdx.x),
                                           static_cast<int>(blockIdx.y),
                                           static_cast<int>(threadIdx.x));

  p.charge_mesh[linear_index].x *= p.G_hat[linear_index];
  p.charge_mesh[linear_index].y *= p.G_hat[linear_index];
}

template <int cao, bool shared>
__global__ void assign_charge_kernel(P3MGpuData const params,
                                     float const *const __restrict__ part_pos,
                                     float const *const __restrict__ part_q,
                                     unsigned int const parts_per_block) {
  auto const part_in_block = threadIdx.x / static_cast<unsigned int>(cao);
  auto const cao_id_x =
      threadIdx.x - part_in_block * static_cast<unsigned int>(cao);
  /* id of the particle */
  auto const id =
      parts_per_block * (blockIdx.x * gridDim.y + blockIdx.y) + part_in_block;
  if (id >= params.n_part)
    return;
  /* position relative to the closest gird point */
  REAL_TYPE m_pos[3];
  /* index of the nearest mesh point */
  int nmp_x, nmp_y, nmp_z;

  auto *charge_mesh = (REAL_TYPE *)params.charge_mesh;

  m_pos[0] = part_pos[3 * id + 0] * params.hi[0] - params.pos_shift;
  m_pos[1] = part_pos[3 * id + 1] * params.hi[1] - params.pos_shift;
  m_pos[2] = part_pos[3 * id + 2] * params.hi[2] - params.pos_shift;

  nmp_x = static_cast<int>(floorf(m_pos[0] + 0.5f));
  nmp_y = static_cast<int>(floorf(m_pos[1] + 0.5f));
  nmp_z = static_cast<int>(floorf(m_pos[2] + 0.5f));

  m_pos[0] -= static_cast<REAL_TYPE>(nmp_x);
  m_pos[1] -= static_cast<REAL_TYPE>(nmp_y);
  m_pos[2] -= static_cast<REAL_TYPE>(nmp_z);

  nmp_x = wrap_index(nmp_x + static_cast<int>(cao_id_x), params.mesh[0]);
  nmp_y = wrap_index(nmp_y + static_cast<int>(threadIdx.y), params.mesh[1]);
  nmp_z = wrap_index(nmp_z + static_cast<int>(threadIdx.z), params.mesh[2]);

  auto const index = linear_index_r(params, nmp_x, nmp_y, nmp_z);

  extern __shared__ float weights[];

  if (shared) {
    auto const offset = static_cast<unsigned int>(cao) * part_in_block;
    if ((threadIdx.y < 3u) && (threadIdx.z == 0u)) {
      weights[3u * offset + 3u * cao_id_x + threadIdx.y] =
          Utils::bspline<cao>(static_cast<int>(cao_id_x), m_pos[threadIdx.y]);
    }

    __syncthreads();

    auto const c = weights[3u * offset + 3u * cao_id_x] *
                   weights[3u * offset + 3u * threadIdx.y + 1u] *
                   weights[3u * offset + 3u * threadIdx.z + 2u] * part_q[id];
    atomicAdd(&(charge_mesh[index]), REAL_TYPE(c));

  } else {
    auto const c =
        Utils::bspline<cao>(static_cast<int>(cao_id_x), m_pos[0]) * part_q[id] *
        Utils::bspline<cao>(static_cast<int>(threadIdx.y), m_pos[1]) *
        Utils::bspline<cao>(static_cast<int>(threadIdx.z), m_pos[2]);
    atomicAdd(&(charge_mesh[index]), REAL_TYPE(c));
  }
}

template <int cao, bool shared>
__global__ void assign_forces_kernel(P3MGpuData const params,
                                     float const *const __restrict__ part_pos,
                                     float const *const __restrict__ part_q,
                                     float *const __restrict__ part_f,
                                     REAL_TYPE prefactor,
                                     unsigned int const parts_per_block) {
  auto const part_in_block = threadIdx.x / static_cast<unsigned int>(cao);
  auto const cao_id_x =
      threadIdx.x - part_in_block * static_cast<unsigned int>(cao);
  /* id of the particle */
  auto const id =
      parts_per_block * (blockIdx.x * gridDim.y + blockIdx.y) + part_in_block;
  if (id >= static_cast<unsigned>(params.n_part))
    return;
  /* position relative to the closest grid point */
  REAL_TYPE m_pos[3];
  /* index of the nearest mesh point */
  int nmp_x, nmp_y, nmp_z;

  m_pos[0] = part_pos[3u * id + 0u] * params.hi[0] - params.pos_shift;
  m_pos[1] = part_pos[3u * id + 1u] * params.hi[1] - params.pos_shift;
  m_pos[2] = part_pos[3u * id + 2u] * params.hi[2] - params.pos_shift;

  nmp_x = static_cast<int>(floorf(m_pos[0] + REAL_TYPE{0.5}));
  nmp_y = static_cast<int>(floorf(m_pos[1] + REAL_TYPE{0.5}));
  nmp_z = static_cast<int>(floorf(m_pos[2] + REAL_TYPE{0.5}));

  m_pos[0] -= static_cast<REAL_TYPE>(nmp_x);
  m_pos[1] -= static_cast<REAL_TYPE>(nmp_y);
  m_pos[2] -= static_cast<REAL_TYPE>(nmp_z);

  nmp_x = wrap_index(nmp_x + static_cast<int>(cao_id_x), params.mesh[0]);
  nmp_y = wrap_index(nmp_y + static_cast<int>(threadIdx.y), params.mesh[1]);
  nmp_z = wrap_index(nmp_z + static_cast<int>(threadIdx.z), params.mesh[2]);

  auto const index = linear_index_r(params, nmp_x, nmp_y, nmp_z);

  extern __shared__ float weights[];

  REAL_TYPE c = -prefactor * part_q[id];
  if (shared) {
    auto const offset = static_cast<unsigned int>(cao) * part_in_block;
    if ((threadIdx.y < 3u) && (threadIdx.z == 0u)) {
      weights[3u * offset + 3u * cao_id_x + threadIdx.y] =
          Utils::bspline<cao>(static_cast<int>(cao_id_x), m_pos[threadIdx.y]);
    }

    __syncthreads();

    c *= REAL_TYPE(weights[3u * offset + 3u * cao_id_x] *
                   weights[3u * offset + 3u * threadIdx.y + 1u] *
                   weights[3u * offset + 3u * threadIdx.z + 2u]);
  } else {
    c *=
        REAL_TYPE(Utils::bspline<cao>(static_cast<int>(cao_id_x), m_pos[0]) *
                  Utils::bspline<cao>(static_cast<int>(threadIdx.y), m_pos[1]) *
                  Utils::bspline<cao>(static_cast<int>(threadIdx.z), m_pos[2]));
  }

  const REAL_TYPE *force_mesh_x = (REAL_TYPE *)params.force_mesh_x;
  const REAL_TYPE *force_mesh_y = (REAL_TYPE *)params.force_mesh_y;
  const REAL_TYPE *force_mesh_z = (REAL_TYPE *)params.force_mesh_z;

  atomicAdd(&(part_f[3u * id + 0u]), float(c * force_mesh_x[index]));
  atomicAdd(&(part_f[3u * id + 1u]), float(c * force_mesh_y[index]));
  atomicAdd(&(part_f[3u * id + 2u]), float(c * force_mesh_z[index]));
}

#endif // ELECTROSTATICS
