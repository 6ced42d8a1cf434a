// tilelab kernel collection: Gauss-Legendre-Spherical-t's direct Coulomb sum, one thread an atom, the other atoms tiled
// Source:  https://github.com/jeg7/Gauss-Legendre-Spherical-t/blob/6f993ad2e72fdd61d373411bb62b162bbe5b466b/utils/coulomb.cu
//          (jeg7/Gauss-Legendre-Spherical-t, commit 6f993ad: James E. Gonzales II's Gauss-Legendre spherical t-design
//          long-range electrostatics for molecular dynamics; utils/coulomb.cu is its exact all-pairs reference)
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2025, James E. Gonzales II"; the file's own notice
//          says so); both follow.
// What: each atom's force and energy from all others, the j atoms read in tiles of 128 through shared memory (double),
//       in two layouts: separate x / y / z / q arrays, and packed double4 (x, y, z, q) in and (fx, fy, fz, en) out.
// Kept: lines 13-85 (compute_coulomb_kernel over separate arrays) and 98-148 (compute_coulomb_kernel over double4),
//       unchanged. Removed: lines 1-9 (the notice, repeated below), 11 (#include "coulomb.hcu"), 87-96 and 150-157 (the
//       host wrappers compute_coulomb_cuda). Copied in: `#include <cstddef>` (utils/coulomb.hcu line 14, the header the
//       file includes; it declares std::size_t, which the kernels use), marked.
// Selection, fixed before any run (collection/manifest.toml, the glst_ entries): both __global__ kernels of the file (two
// overloads of one template, picked by their casts), the template at the one instance the host uses (nthread = 128),
// none dropped for its result, each launched as its host wrapper launches it, <<<natom / 128 + 1, 128>>>; the sizes
// (the test programs' atom counts) replaced by natom = 200 (two blocks, the second partial) and natom = 256 (a multiple
// of 128: the wrapper's formula gives a third block with no atom), atoms at random in a 10 x 10 x 10 box, none at the
// origin, charges +-1 with a random magnitude 0.5-1.5.
// Read before any run: no race (the tile's writes and reads are fenced by the two __syncthreads() every thread
// reaches: the loop's bound is uniform), no out-of-bounds access (loads guarded by idx < natom / jdx < natom).
// Not findings: the padded tile entries (zeros) are used in the sums: qij = 0 adds 0 unless an atom sits at the origin
// (0 * inf = NaN), which the inputs avoid; threads with idx >= natom compute on zeros and write nothing.
//
// BEGINLICENSE
//
// This file is part of Gauss-Legendre-Spherical-t, which is distributed under
// the BSD 3-clause license, as described in the LICENSE file in the top level
// directory of this project.
//
// Author: James E. Gonzales II
//
// ENDLICENSE
//
// BSD 3-Clause License
//
// Copyright (c) 2025, James E. Gonzales II
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

#include <cstddef>   // from utils/coulomb.hcu, line 14

template <unsigned int nthread>
__global__ static void compute_coulomb_kernel(
    double *__restrict__ fx, double *__restrict__ fy, double *__restrict__ fz,
    double *__restrict__ en, const double *__restrict__ rx,
    const double *__restrict__ ry, const double *__restrict__ rz,
    const double *__restrict__ q, const std::size_t natom) {
  __shared__ double s_cache[nthread * 4];

  const unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;

  double xi = 0.0, yi = 0.0, zi = 0.0, qi = 0.0;
  if (idx < natom) {
    xi = rx[idx];
    yi = ry[idx];
    zi = rz[idx];
    qi = q[idx];
  }

  double fx0 = 0.0, fy0 = 0.0, fz0 = 0.0, en0 = 0.0;
  for (std::size_t j = 0; j < natom; j += nthread) {
    { // Read block of atom data into shared memory
      __syncthreads();
      const std::size_t jdx = j + static_cast<std::size_t>(threadIdx.x);
      s_cache[threadIdx.x * 4 + 0] = 0.0;
      s_cache[threadIdx.x * 4 + 1] = 0.0;
      s_cache[threadIdx.x * 4 + 2] = 0.0;
      s_cache[threadIdx.x * 4 + 3] = 0.0;
      if (jdx < natom) {
        s_cache[threadIdx.x * 4 + 0] = rx[jdx];
        s_cache[threadIdx.x * 4 + 1] = ry[jdx];
        s_cache[threadIdx.x * 4 + 2] = rz[jdx];
        s_cache[threadIdx.x * 4 + 3] = q[jdx];
      }
      __syncthreads();
    }

    { // Process block of atom data
      for (unsigned int k = 0; k < nthread; k++) {
        const std::size_t jdx = j + static_cast<std::size_t>(k);
        if (idx == jdx)
          continue;
        const double xj = s_cache[k * 4 + 0];
        const double yj = s_cache[k * 4 + 1];
        const double zj = s_cache[k * 4 + 2];
        const double qj = s_cache[k * 4 + 3];
        const double qij = qi * qj;
        const double xij = xi - xj;
        const double yij = yi - yj;
        const double zij = zi - zj;
        const double rij2 = xij * xij + yij * yij + zij * zij;
        const double rij = sqrt(rij2);
        const double irij = 1.0 / rij;
        const double dudr = qij / rij2; // u = qij / rij
        const double drdx = xij * irij;
        const double drdy = yij * irij;
        const double drdz = zij * irij;
        fx0 += dudr * drdx;
        fy0 += dudr * drdy;
        fz0 += dudr * drdz;
        en0 += qij * irij;
      }
    }
  }

  if (idx < natom) {
    fx[idx] = fx0;
    fy[idx] = fy0;
    fz[idx] = fz0;
    en[idx] = en0;
  }

  return;
}

template <unsigned int nthread>
__global__ static void compute_coulomb_kernel(double4 *__restrict__ fxyzen,
                                              const double4 *__restrict__ xyzq,
                                              const std::size_t natom) {
  __shared__ double4 s_cache[nthread];

  const unsigned int idx = blockIdx.x * blockDim.x + threadIdx.x;

  double4 xyzqi = make_double4(0.0, 0.0, 0.0, 0.0);
  if (idx < natom)
    xyzqi = xyzq[idx];

  double4 fxyzen0 = make_double4(0.0, 0.0, 0.0, 0.0);
  for (std::size_t j = 0; j < natom; j += nthread) {
    // Read block of atom data into shared memory
    std::size_t jdx = j + static_cast<std::size_t>(threadIdx.x);
    __syncthreads();
    s_cache[threadIdx.x] = make_double4(0.0, 0.0, 0.0, 0.0);
    if (jdx < natom)
      s_cache[threadIdx.x] = xyzq[jdx];
    __syncthreads();

    // Process block of atom data
    for (unsigned int k = 0; k < nthread; k++) {
      jdx = j + static_cast<std::size_t>(k);
      if (idx == jdx)
        continue;
      const double4 xyzqj = s_cache[k];
      const double qij = xyzqi.w * xyzqj.w;
      const double xij = xyzqi.x - xyzqj.x;
      const double yij = xyzqi.y - xyzqj.y;
      const double zij = xyzqi.z - xyzqj.z;
      const double rij2 = xij * xij + yij * yij + zij * zij;
      const double rij = sqrt(rij2);
      const double irij = 1.0 / rij;
      const double dudr = qij / rij2; // u = qij / rij
      const double drdx = xij * irij;
      const double drdy = yij * irij;
      const double drdz = zij * irij;
      fxyzen0.x += dudr * drdx;
      fxyzen0.y += dudr * drdy;
      fxyzen0.z += dudr * drdz;
      fxyzen0.w += qij * irij;
    }
  }

  if (idx < natom)
    fxyzen[idx] = fxyzen0;

  return;
}
