// tilelab kernel collection: miniBUDE's docking energy kernel (the CUDA model)
// Source:  https://github.com/UoB-HPC/miniBUDE/blob/570f66c1fd0c29b7f3ab6fa96fba87f4561aa44c/src/cuda/fasten.hpp
//          (UoB-HPC/miniBUDE, commit 570f66c: the BUDE molecular-docking proxy app's CUDA model)
// Licence: Apache-2.0 with LLVM exceptions (the repository's LICENSE.txt; the file itself carries no notice);
//          the notice follows. Built as src/cuda/model.cmake builds it: -use_fast_math (the entries' options).
// Kept: the device code, unchanged (lines 12-161 of the original: version and fasten_main). Removed: line 1
//       (#pragma once), 3-5 (the includes of ../bude.h, <iostream>, <string>), 7-10 (the IMPL_CLS define) and
//       163-306 (the host class CudaBude: allocation, the launches, timing); the launches are manifest entries.
//       Copied in, marked: from src/bude.h of the same commit, lines 5 (<cstdint>), 22-37 (the energy defines
//       and FloatMax) and 39-49 (the packed Atom and FFParams). Added, marked: #include <limits>, which
//       bude.h's FloatMax takes through its host includes (<array>, <string>, ...), not taken here.

/*
 * Copyright (c) the University of Bristol HPC Group, the authors of UoB-HPC/miniBUDE
 * (https://github.com/UoB-HPC/miniBUDE; ACKNOWLEDGEMENTS.txt names them).
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 *
 * --- LLVM Exceptions to the Apache 2.0 License ----
 *
 * As an exception, if, as a result of your compiling your source code, portions
 * of this Software are embedded into an Object form of such source code, you
 * may redistribute such embedded portions in such Object form without complying
 * with the conditions of Sections 4(a), 4(b) and 4(d) of the License.
 *
 * In addition, if you combine or link compiled forms of this Software with
 * software that is licensed under the GPLv2 ("Combined Software") and if a
 * court of competent jurisdiction determines that the patent provision (Section
 * 3), the indemnity provision (Section 9) or other Section of the License
 * conflicts with the conditions of the GPLv2, you may retroactively and
 * prospectively choose to deem waived or otherwise exclude such Section(s) of
 * the License, but only in their entirety and only with respect to the Combined
 * Software.
 */

// ---- copied in from src/bude.h (line 5) ----
#include <cstdint>
// ---- added: FloatMax's std::numeric_limits (bude.h has it through its host includes) ----
#include <limits>
// ---- copied in from src/bude.h (lines 22-37) ----
#define ZERO 0.0f
#define QUARTER 0.25f
#define HALF 0.5f
#define ONE 1.0f
#define TWO 2.0f
#define FOUR 4.0f
#define CNSTNT 45.0f

// Energy evaluation parameters
#define HBTYPE_F 70
#define HBTYPE_E 69
#define HARDNESS 38.0f
#define NPNPDIST 5.5f
#define NPPDIST 1.0f

static constexpr auto FloatMax = std::numeric_limits<float>::max();

// ---- copied in from src/bude.h (lines 39-49) ----
struct __attribute__((__packed__)) Atom {
  float x, y, z;
  int32_t type;
};

struct __attribute__((__packed__)) FFParams {
  int32_t hbtype;
  float radius;
  float hphb;
  float elsc;
};
// ---- end of the copied lines; src/cuda/fasten.hpp follows ----

static __global__ void version(int *value) {
#ifdef __CUDA_ARCH__
  value[0] = __CUDA_ARCH__;
#else
  value[0] = -1;
#endif
}

template <size_t PPWI>
static __global__ void fasten_main(int natlig, int natpro,
                                   const Atom *protein_molecule, //
                                   const Atom *ligand_molecule,  //
                                   const float *transforms_0, const float *transforms_1, const float *transforms_2,
                                   const float *transforms_3, const float *transforms_4, const float *transforms_5,
                                   float *etotals, const FFParams *global_forcefield, int numTransforms) {
  // Get index of first TD
  int ix = blockIdx.x * blockDim.x * PPWI + threadIdx.x;

  // Have extra threads do the last member intead of return.
  // A return would disable use of barriers, so not using return is better
  ix = ix < numTransforms ? ix : numTransforms - PPWI;

#ifdef USE_SHARED
  extern __shared__ FFParams forcefield[];
  if (ix < num_atom_types) {
    forcefield[ix] = global_forcefield[ix];
  }
#else
  const FFParams *forcefield = global_forcefield;
#endif

  // Compute transformation matrix to private memory
  float etot[PPWI];
  float4 transform[PPWI][3];
  const size_t lsz = blockDim.x;
  for (int i = 0; i < PPWI; i++) {
    size_t index = ix + i * lsz;

    const float sx = sin(transforms_0[index]);
    const float cx = cos(transforms_0[index]);
    const float sy = sin(transforms_1[index]);
    const float cy = cos(transforms_1[index]);
    const float sz = sin(transforms_2[index]);
    const float cz = cos(transforms_2[index]);

    transform[i][0].x = cy * cz;
    transform[i][0].y = sx * sy * cz - cx * sz;
    transform[i][0].z = cx * sy * cz + sx * sz;
    transform[i][0].w = transforms_3[index];
    transform[i][1].x = cy * sz;
    transform[i][1].y = sx * sy * sz + cx * cz;
    transform[i][1].z = cx * sy * sz - sx * cz;
    transform[i][1].w = transforms_4[index];
    transform[i][2].x = -sy;
    transform[i][2].y = sx * cy;
    transform[i][2].z = cx * cy;
    transform[i][2].w = transforms_5[index];

    etot[i] = ZERO;
  }

#ifdef USE_SHARED
  __syncthreads();
#endif

  // Loop over ligand atoms
  int il = 0;
  do {
    // Load ligand atom data
    const Atom l_atom = ligand_molecule[il];

    const FFParams l_params = forcefield[l_atom.type];
    const bool lhphb_ltz = l_params.hphb < ZERO;
    const bool lhphb_gtz = l_params.hphb > ZERO;

    float3 lpos[PPWI];
    const float4 linitpos = make_float4(l_atom.x, l_atom.y, l_atom.z, ONE);
    for (int i = 0; i < PPWI; i++) {
      // Transform ligand atom
      lpos[i].x = transform[i][0].w + linitpos.x * transform[i][0].x + linitpos.y * transform[i][0].y +
                  linitpos.z * transform[i][0].z;
      lpos[i].y = transform[i][1].w + linitpos.x * transform[i][1].x + linitpos.y * transform[i][1].y +
                  linitpos.z * transform[i][1].z;
      lpos[i].z = transform[i][2].w + linitpos.x * transform[i][2].x + linitpos.y * transform[i][2].y +
                  linitpos.z * transform[i][2].z;
    }

    // Loop over protein atoms
    int ip = 0;
    do {
      // Load protein atom data
      const Atom p_atom = protein_molecule[ip];

      const FFParams p_params = forcefield[p_atom.type];

      const float radij = p_params.radius + l_params.radius;
      const float r_radij = 1.0f / radij;

      const float elcdst = (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? FOUR : TWO;
      const float elcdst1 = (p_params.hbtype == HBTYPE_F && l_params.hbtype == HBTYPE_F) ? QUARTER : HALF;
      const bool type_E = ((p_params.hbtype == HBTYPE_E || l_params.hbtype == HBTYPE_E));

      const bool phphb_ltz = p_params.hphb < ZERO;
      const bool phphb_gtz = p_params.hphb > ZERO;
      const bool phphb_nz = p_params.hphb != ZERO;
      const float p_hphb = p_params.hphb * (phphb_ltz && lhphb_gtz ? -ONE : ONE);
      const float l_hphb = l_params.hphb * (phphb_gtz && lhphb_ltz ? -ONE : ONE);
      const float distdslv = (phphb_ltz ? (lhphb_ltz ? NPNPDIST : NPPDIST) : (lhphb_ltz ? NPPDIST : -FloatMax));
      const float r_distdslv = 1.0f / distdslv;

      const float chrg_init = l_params.elsc * p_params.elsc;
      const float dslv_init = p_hphb + l_hphb;

      for (int i = 0; i < PPWI; i++) {
        // Calculate distance between atoms
        const float x = lpos[i].x - p_atom.x;
        const float y = lpos[i].y - p_atom.y;
        const float z = lpos[i].z - p_atom.z;
        const float distij = sqrt(x * x + y * y + z * z);

        // Calculate the sum of the sphere radii
        const float distbb = distij - radij;
        const bool zone1 = (distbb < ZERO);

        // Calculate steric energy
        etot[i] += (ONE - (distij * r_radij)) * (zone1 ? TWO * HARDNESS : ZERO);

        // Calculate formal and dipole charge interactions
        float chrg_e = chrg_init * ((zone1 ? ONE : (ONE - distbb * elcdst1)) * (distbb < elcdst ? ONE : ZERO));
        const float neg_chrg_e = -fabs(chrg_e);
        chrg_e = type_E ? neg_chrg_e : chrg_e;
        etot[i] += chrg_e * CNSTNT;

        // Calculate the two cases for Nonpolar-Polar repulsive interactions
        const float coeff = (ONE - (distbb * r_distdslv));
        float dslv_e = dslv_init * ((distbb < distdslv && phphb_nz) ? ONE : ZERO);
        dslv_e *= (zone1 ? ONE : coeff);
        etot[i] += dslv_e;
      }
    } while (++ip < natpro); // loop over protein atoms
  } while (++il < natlig);   // loop over ligand atoms

  // Write results
  const int td_base = blockIdx.x * blockDim.x * PPWI + threadIdx.x;
  if (td_base < numTransforms) {
    for (int i = 0; i < PPWI; i++) {
      etotals[td_base + i * blockDim.x] = etot[i] * HALF;
    }
  }
}
