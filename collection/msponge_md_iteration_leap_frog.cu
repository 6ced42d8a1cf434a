// tilelab kernel collection: MindSpore SPONGE: the leap-frog integrator with Liu Jian's Langevin thermostat, plain and with a velocity cap
// Source:  https://github.com/mindspore-ai/mindspore/blob/769243673a8dc9a16289f18c43bc59ad1cb60b1d/mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/nvtit/md_iteration_leap_frog_impl.cu
//          (mindspore-ai/mindspore, commit 7692436: the SPONGE molecular-dynamics kernels of MindSpore's GPU backend)
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice, "Copyright 2021 Huawei Technologies Co., Ltd"),
//          the notice follows.
// What: a = F / m, v += dt a, x += dt/2 v, v = exp(-gamma dt) v + sqrt(1/m) * a normal random force, x += dt/2 v, F = 0
// (the second kernel caps |v| at max_vel after the kick, norm3df); VECTOR = three floats.
// Kept: lines 20-94 (the two kernels), unchanged. Removed: lines 1-15 (the notice, repeated below), 17-18 (the includes
//       of the kernel's own header and common_sponge.cuh) and 96-end (the host wrapper MDIterationLeapFrog, which draws
//       the random forces with curand_normal4 and launches one kernel or the other).
// Copied in: struct VECTOR (mindspore/ccsrc/backend/kernel_compiler/gpu/cuda_impl/sponge/common_sponge.cuh at 16796c7, lines 45-49), marked.
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
// The random forces are the entry's input (the wrapper's Rand_Normal output): a normal sample, given.
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

__global__ void MD_Iteration_Leap_Frog_With_LiuJian(const int atom_numbers, const float half_dt, const float dt,
                                                    const float exp_gamma, const float *inverse_mass,
                                                    const float *sqrt_mass_inverse, VECTOR *vel, VECTOR *crd,
                                                    VECTOR *frc, VECTOR *acc, VECTOR *random_frc) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  if (i < atom_numbers) {
    acc[i].x = inverse_mass[i] * frc[i].x;
    acc[i].y = inverse_mass[i] * frc[i].y;
    acc[i].z = inverse_mass[i] * frc[i].z;

    vel[i].x = vel[i].x + dt * acc[i].x;
    vel[i].y = vel[i].y + dt * acc[i].y;
    vel[i].z = vel[i].z + dt * acc[i].z;

    crd[i].x = crd[i].x + half_dt * vel[i].x;
    crd[i].y = crd[i].y + half_dt * vel[i].y;
    crd[i].z = crd[i].z + half_dt * vel[i].z;

    vel[i].x = exp_gamma * vel[i].x + sqrt_mass_inverse[i] * random_frc[i].x;
    vel[i].y = exp_gamma * vel[i].y + sqrt_mass_inverse[i] * random_frc[i].y;
    vel[i].z = exp_gamma * vel[i].z + sqrt_mass_inverse[i] * random_frc[i].z;

    crd[i].x = crd[i].x + half_dt * vel[i].x;
    crd[i].y = crd[i].y + half_dt * vel[i].y;
    crd[i].z = crd[i].z + half_dt * vel[i].z;

    frc[i].x = 0.;
    frc[i].y = 0.;
    frc[i].z = 0.;
  }
}

__global__ void MD_Iteration_Leap_Frog_With_LiuJian_With_Max_Velocity(const int atom_numbers, const float half_dt,
                                                                      const float dt, const float exp_gamma,
                                                                      const float *inverse_mass,
                                                                      const float *sqrt_mass_inverse, VECTOR *vel,
                                                                      VECTOR *crd, VECTOR *frc, VECTOR *acc,
                                                                      VECTOR *random_frc, const float max_vel) {
  int i = blockDim.x * blockIdx.x + threadIdx.x;
  float abs_vel;
  if (i < atom_numbers) {
    acc[i].x = inverse_mass[i] * frc[i].x;
    acc[i].y = inverse_mass[i] * frc[i].y;
    acc[i].z = inverse_mass[i] * frc[i].z;

    vel[i].x = vel[i].x + dt * acc[i].x;
    vel[i].y = vel[i].y + dt * acc[i].y;
    vel[i].z = vel[i].z + dt * acc[i].z;

    abs_vel = norm3df(vel[i].x, vel[i].y, vel[i].z);
    if (abs_vel < max_vel) {
    } else {
      abs_vel = max_vel / abs_vel;
      vel[i].x = abs_vel * vel[i].x;
      vel[i].y = abs_vel * vel[i].y;
      vel[i].z = abs_vel * vel[i].z;
    }

    crd[i].x = crd[i].x + half_dt * vel[i].x;
    crd[i].y = crd[i].y + half_dt * vel[i].y;
    crd[i].z = crd[i].z + half_dt * vel[i].z;

    vel[i].x = exp_gamma * vel[i].x + sqrt_mass_inverse[i] * random_frc[i].x;
    vel[i].y = exp_gamma * vel[i].y + sqrt_mass_inverse[i] * random_frc[i].y;
    vel[i].z = exp_gamma * vel[i].z + sqrt_mass_inverse[i] * random_frc[i].z;

    crd[i].x = crd[i].x + half_dt * vel[i].x;
    crd[i].y = crd[i].y + half_dt * vel[i].y;
    crd[i].z = crd[i].z + half_dt * vel[i].z;

    frc[i].x = 0.;
    frc[i].y = 0.;
    frc[i].z = 0.;
  }
}
