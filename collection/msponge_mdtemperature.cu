// tilelab kernel collection: MindSpore SPONGE: the temperature of each residue (MDTemperatureKernel)
// Source:  https://github.com/mindspore-ai/mindspore/blob/7583b258df48a2fe647f32961e18633fff8e1c3a/mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/common/mdtemperature_impl.cu
//          (mindspore-ai/mindspore, commit 7583b25: the SPONGE molecular-dynamics kernels of MindSpore's GPU backend)
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice, "Copyright 2021 Huawei Technologies Co., Ltd"),
//          the notice follows.
// What: per residue, its total momentum p and mass M over atoms start..end-1, ek = 0.5 |p|^2 / M * 2 / 3 / kB /
// residue_numbers (the constants double, so the tail is computed in double and stored as float).
// Kept: lines 19-39 (the kernel), unchanged. Removed: lines 1-15 (the notice, repeated below), 16-17 (the includes of
//       common_sponge.cuh and the kernel's own header) and 41-end (the host wrapper MDTemperature).
// Copied in: #define CONSTANT_kB and struct VECTOR (mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/common_sponge.cuh at 16796c7, lines 33 and 45-49), marked.
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

// from common_sponge.cuh (at 16796c7), lines 33-33: CONSTANT_kB
#define CONSTANT_kB 0.00198716

// from common_sponge.cuh (at 16796c7), lines 45-49: struct VECTOR
struct VECTOR {
  float x;
  float y;
  float z;
};

__global__ void MDTemperatureKernel(const int residue_numbers, const int *start, const int *end, const VECTOR *atom_vel,
                                    const float *atom_mass, float *ek) {
  int residue_i = blockDim.x * blockIdx.x + threadIdx.x;
  if (residue_i < residue_numbers) {
    VECTOR momentum = {0., 0., 0.};
    float res_mass = 0.;
    int s = start[residue_i];
    int e = end[residue_i];
    float mass_lin;
    for (int atom_i = s; atom_i < e; atom_i = atom_i + 1) {
      mass_lin = atom_mass[atom_i];

      momentum.x = momentum.x + mass_lin * atom_vel[atom_i].x;
      momentum.y = momentum.y + mass_lin * atom_vel[atom_i].y;
      momentum.z = momentum.z + mass_lin * atom_vel[atom_i].z;
      res_mass = res_mass + mass_lin;
    }
    ek[residue_i] = 0.5 * (momentum.x * momentum.x + momentum.y * momentum.y + momentum.z * momentum.z) / res_mass *
                    2. / 3. / CONSTANT_kB / residue_numbers;
  }
}
