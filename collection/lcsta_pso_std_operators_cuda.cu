// tilelab kernel collection: Locusta's CUDA PSO operators: particle record update, canonical speed update (isle best in shared memory), position update
// Source:  https://github.com/rdelcueto/Locusta/blob/6fd72e0bd01d2c70d1df842c2e8b15eb181df19a/src/solvers/pso/pso_operators/kernel/pso_std_operators_cuda.cu
//          (rdelcueto/Locusta, commit 6fd72e0; the dispatch functions' launches are <<<ISLES, AGENTS[, shared]>>>)
// Licence: LGPL-3.0 (the repository's LICENSE-LGPL-3.0 and README; notice below).
// Kept, unchanged: lines 4-47, 96-159, 232-266 and 310 (the three kernels, their comments, the namespace). Removed: lines 1-2 (the repository's includes; copied in: cuda_helpers.h line 4), the host
//       dispatch functions and their float/double explicit instantiations (the lines between the kept ranges).

/*
 * Locusta: a massively parallel evolutionary computation metaheuristics framework (PSO, GA, DE) for CPU and CUDA.
 * Author: Rodrigo Gonzalez del Cueto (rdelcueto/Locusta; the README names no copyright holder).
 *
 * Locusta is distributed under the terms of the GNU Lesser General Public License (version 3).
 * See LICENSE-LGPL-3.0: https://github.com/rdelcueto/Locusta/blob/6fd72e0bd01d2c70d1df842c2e8b15eb181df19a/LICENSE-LGPL-3.0
 * (the repository's README.md, section "License"; the source files carry no notice of their own).
 */

// include/cuda_common/cuda_helpers.h line 4:
#include <stdint.h>

namespace locusta {

/// GPU Kernels Shared Memory Pointer.
extern __shared__ int pso_operators_shared_memory[];

/**
 * @brief CUDA kernel for the canonical particle record update operator.
 *
 * This kernel updates the best known position and fitness for each particle.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param positions Device array of current particle positions.
 * @param fitness Device array of current particle fitness values.
 * @param record_positions Device array of best known particle positions.
 * @param record_fitness Device array of best known particle fitness values.
 */
template<typename TFloat>
__global__ void
canonical_particle_record_update_kernel(const uint32_t DIMENSIONS,
                                        const TFloat* __restrict__ positions,
                                        const TFloat* __restrict__ fitness,
                                        TFloat* __restrict__ record_positions,
                                        TFloat* __restrict__ record_fitness)
{
  const uint32_t i = blockIdx.x;  // ISLE
  const uint32_t j = threadIdx.x; // AGENT

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t locus_offset = i * AGENTS + j;

  const TFloat curr_fitness = fitness[locus_offset];
  const TFloat candidate_fitness = record_fitness[locus_offset];

  if (curr_fitness > candidate_fitness) {
    record_fitness[locus_offset] = curr_fitness;
    // Each thread iterates over a single particle.
    for (uint32_t k = 0; k < DIMENSIONS; k++) {
      const uint32_t particle_gene_idx = k * ISLES * AGENTS + locus_offset;
      record_positions[particle_gene_idx] = positions[particle_gene_idx];
    }
  }
}

/**
 * @brief CUDA kernel for the canonical speed update operator.
 *
 * This kernel updates the speed of each particle based on its current position,
 * best known position, and the best known position of its neighbors.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param inertia_factor Inertia factor.
 * @param cognitive_factor Cognitive factor.
 * @param social_factor Social factor.
 * @param positions Device array of current particle positions.
 * @param record_positions Device array of best known particle positions.
 * @param isle_record_positions Device array of best known positions for each
 * isle.
 * @param prng_vector Device array of pseudo-random numbers.
 * @param velocities Device array of particle velocities.
 */
template<typename TFloat>
__global__ void
canonical_speed_update_kernel(const uint32_t DIMENSIONS,
                              const TFloat inertia_factor,
                              const TFloat cognitive_factor,
                              const TFloat social_factor,
                              const TFloat* __restrict__ positions,
                              const TFloat* __restrict__ record_positions,
                              const TFloat* __restrict__ isle_record_positions,
                              const TFloat* __restrict__ prng_vector,
                              TFloat* __restrict__ velocities)
{
  const uint32_t i = blockIdx.x;  // ISLE
  const uint32_t j = threadIdx.x; // AGENT

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t prng_offset = ISLES * AGENTS * DIMENSIONS;
  const uint32_t locus_offset = i * AGENTS + j;

  TFloat* p_g = (TFloat*)&pso_operators_shared_memory[0];

  // Fill common isle records on shared memory
  for (uint32_t k = 0; k < DIMENSIONS; k++) {
    const uint32_t isle_record_positions_idx = k * ISLES + i;
    p_g[k] = isle_record_positions[isle_record_positions_idx];
  }
  __syncthreads();

  // Each thread iterates over a single particle.
  for (uint32_t k = 0; k < DIMENSIONS; k++) {
    const uint32_t particle_gene_idx = k * ISLES * AGENTS + locus_offset;

    const TFloat p_i = record_positions[particle_gene_idx];
    const TFloat x_i = positions[particle_gene_idx];

    const TFloat v_i = velocities[particle_gene_idx];

    const TFloat c_rnd = prng_vector[particle_gene_idx];
    const TFloat s_rnd = prng_vector[particle_gene_idx + prng_offset];

    velocities[particle_gene_idx] = inertia_factor * v_i +
                                    cognitive_factor * c_rnd * (p_i - x_i) +
                                    social_factor * s_rnd * (p_g[k] - x_i);
  }
}

/**
 * @brief CUDA kernel for the canonical position update operator.
 *
 * This kernel updates the position of each particle based on its current
 * position and speed.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param velocities Device array of particle velocities.
 * @param positions Device array of current particle positions.
 * @param new_positions Device array of new particle positions.
 */
template<typename TFloat>
__global__ void
canonical_position_update_kernel(const uint32_t DIMENSIONS,
                                 const TFloat* __restrict__ velocities,
                                 const TFloat* __restrict__ positions,
                                 TFloat* __restrict__ new_positions)
{
  const uint32_t i = blockIdx.x;  // ISLE
  const uint32_t j = threadIdx.x; // AGENT

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t locus_offset = i * AGENTS + j;
  // Each thread iterates over a single particle.
  for (uint32_t k = 0; k < DIMENSIONS; k++) {
    const uint32_t particle_gene_idx = locus_offset + k * ISLES * AGENTS;

    const TFloat curr_velocity = velocities[particle_gene_idx];
    const TFloat curr_position = positions[particle_gene_idx];

    new_positions[particle_gene_idx] = curr_position + curr_velocity;
  }
}

}
