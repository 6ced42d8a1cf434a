// tilelab kernel collection: MindSpore SPONGE: coordinates to the unsigned periodic grid (Crd_To_Uint_Crd)
// Source:  https://github.com/mindspore-ai/mindspore/blob/3dff9e50502ec4bc95c683a099d583f4ad56bc34/mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/common/crd_to_uint_crd_impl.cu
//          (mindspore-ai/mindspore, commit 3dff9e5: the SPONGE molecular-dynamics kernels of MindSpore's GPU backend)
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice, "Copyright 2021 Huawei Technologies Co., Ltd"),
//          the notice follows.
// What: uint_crd = (unsigned)(crd * scale_factor) << 1 per axis, the fixed-point coordinates whose unsigned
// differences give periodic displacements (Get_Periodic_Displacement) for the neighbour list and the LJ force.
// Kept: lines 20-34 (the kernel), unchanged. Removed: lines 1-15 (the notice, repeated below), 17-18 (the includes of
//       common_sponge.cuh and the kernel's own header) and 36-end (the host wrapper CrdToUintCrd).
// Copied in: struct VECTOR and struct UNSIGNED_INT_VECTOR (mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/common_sponge.cuh at 16796c7, lines 45-49 and 57-61), marked.
// Selection, fixed before any run (collection/manifest.toml, the msponge_ entries): from MindSpore's SPONGE molecular
// dynamics kernels, the integrator (md_iteration_leap_frog_impl.cu: both kernels), the coordinate-to-unsigned-grid step
// the neighbour list is built on (crd_to_uint_crd_impl.cu) and the temperature (mdtemperature_impl.cu): every
// __global__ kernel of these three files, none dropped for its result, each launched as its host wrapper launches it
// (<<<ceilf(atom_numbers / 32.f), 32>>>, <<<ceilf(atom_numbers / 128.f), 128>>>, <<<ceilf(residue_numbers / 32.f),
// 32>>>); the simulation's sizes replaced by 100 and 37 atoms (the integrators), 300 and 100 atoms (the grid step),
// 50 residues of 1-6 atoms (the temperature). The LJ, PME and neighbour-list kernels are not taken: they read
// NEIGHBOR_LIST structures that hold device pointers (left out for the suite's time, not for any result).
// Read before any run: no race (each thread reads and writes its own atom's or residue's elements), no out-of-bounds
// access at the host's sizes.
// Not a finding: float to unsigned conversion; the inputs keep crd * scale_factor within [0, 2^31).
//
/**
 * Copyright 2021 Huawei Technologies Co., Ltd
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 * http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// from common_sponge.cuh (at 16796c7), lines 45-49: struct VECTOR
struct VECTOR {
  float x;
  float y;
  float z;
};

// from common_sponge.cuh (at 16796c7), lines 57-61: struct UNSIGNED_INT_VECTOR
struct UNSIGNED_INT_VECTOR {
  unsigned int uint_x;
  unsigned int uint_y;
  unsigned int uint_z;
};

__global__ void Crd_To_Uint_Crd(const int atom_numbers, const VECTOR *scale_factor, const VECTOR *crd,
                                UNSIGNED_INT_VECTOR *uint_crd) {
  int atom_i = blockDim.x * blockIdx.x + threadIdx.x;
  if (atom_i < atom_numbers) {
    uint_crd[atom_i].uint_x = crd[atom_i].x * scale_factor[0].x;
    uint_crd[atom_i].uint_y = crd[atom_i].y * scale_factor[0].y;
    uint_crd[atom_i].uint_z = crd[atom_i].z * scale_factor[0].z;
    /*uint_crd[atom_i].uint_x = 2 * uint_crd[atom_i].uint_x;
    uint_crd[atom_i].uint_y = 2 * uint_crd[atom_i].uint_y;
    uint_crd[atom_i].uint_z = 2 * uint_crd[atom_i].uint_z;*/
    uint_crd[atom_i].uint_x = uint_crd[atom_i].uint_x << 1;
    uint_crd[atom_i].uint_y = uint_crd[atom_i].uint_y << 1;
    uint_crd[atom_i].uint_z = uint_crd[atom_i].uint_z << 1;
  }
}
