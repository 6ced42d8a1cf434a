// tilelab kernel collection: Locusta's CUDA evolutionary solver kernels: per-isle max/min record reduction in shared memory, vector initialisation, cropping
// Source:  https://github.com/rdelcueto/Locusta/blob/6fd72e0bd01d2c70d1df842c2e8b15eb181df19a/src/solvers/kernel/evolutionary_solver_cuda.cu
//          (rdelcueto/Locusta, commit 6fd72e0; the dispatch functions' launches are <<<ISLES, AGENTS[, shared]>>>)
// Licence: LGPL-3.0 (the repository's LICENSE-LGPL-3.0 and README; notice below).
// Kept, unchanged: lines 4-108, 176-210, 260-302 and 348 (the three kernels, their comments, the namespace). Removed: lines 1-2 (the repository's includes; copied in: cuda_helpers.h line 4), the host
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
extern __shared__ int solver_shared_memory[];

/**
 * @brief CUDA kernel for updating the best genomes records.
 *
 * This kernel updates the records of the best genomes found so far for each
 * isle in the population. It performs a parallel reduction to find the maximum
 * and minimum fitness values within each isle.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param data_array Device array of population data.
 * @param fitness_array Device array of fitness values.
 * @param max_agent_genome Device array to store the genomes with maximum
 * fitness.
 * @param min_agent_genome Device array to store the genomes with minimum
 * fitness.
 * @param max_agent_fitness Device array to store the maximum fitness values.
 * @param min_agent_fitness Device array to store the minimum fitness values.
 */
template<typename TFloat>
__global__ void
update_records_kernel(const uint32_t DIMENSIONS,
                      const TFloat* __restrict__ data_array,
                      const TFloat* __restrict__ fitness_array,
                      TFloat* __restrict__ max_agent_genome,
                      TFloat* __restrict__ min_agent_genome,
                      TFloat* __restrict__ max_agent_fitness,
                      TFloat* __restrict__ min_agent_fitness)
{
  const uint32_t i = blockIdx.x;  // ISLE
  const uint32_t j = threadIdx.x; // AGENT

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  // GPU Shared memory
  uint32_t* max_idx_reduction = (uint32_t*)solver_shared_memory;
  uint32_t* min_idx_reduction = (uint32_t*)&max_idx_reduction[AGENTS];
  TFloat* max_eval_reduction = (TFloat*)&min_idx_reduction[AGENTS];
  TFloat* min_eval_reduction = (TFloat*)&max_eval_reduction[AGENTS];

  // Initialize per thread fitness values
  TFloat a, b;
  max_idx_reduction[j] = j;
  max_eval_reduction[j] = fitness_array[j + i * AGENTS];

  min_idx_reduction[j] = j;
  min_eval_reduction[j] = fitness_array[j + i * AGENTS];

  int reduction_idx = 1;
  const int reduction_limit = AGENTS;

  // Calculate reduction steps
  while (reduction_idx < reduction_limit) {
    reduction_idx <<= 1;
  }

  // Parallel reduction
  while (reduction_idx != 0) {
    if (j < reduction_idx && j + reduction_idx < reduction_limit) {
      a = max_eval_reduction[j];
      b = max_eval_reduction[j + reduction_idx];
      if (b > a) {
        max_eval_reduction[j] = b;
        max_idx_reduction[j] = max_idx_reduction[j + reduction_idx];
      }
      if (b < a) {
        min_eval_reduction[j] = b;
        min_idx_reduction[j] = min_idx_reduction[j + reduction_idx];
      }
    }
    reduction_idx >>= 1;
    __syncthreads();
  }

  if (j == 0) {
    // Update only if it has better fitness.
    TFloat curr_max = max_agent_fitness[i];
    TFloat curr_min = min_agent_fitness[i];
    if (curr_max < max_eval_reduction[0]) {
      // Update isle's max record fitness.
      const uint32_t max_isle_idx = max_idx_reduction[0];
      max_agent_fitness[i] = max_eval_reduction[0];
      // Copy genome into max_agent_genome
      for (uint32_t k = 0; k < DIMENSIONS; k++) {
        max_agent_genome[i + ISLES * k] =
          data_array[max_isle_idx + i * AGENTS + k * AGENTS * ISLES];
      }
    }

    if (curr_min > min_eval_reduction[0]) {
      // Update isle's min record fitness.
      const uint32_t min_isle_idx = min_idx_reduction[0];
      min_agent_fitness[i] = min_eval_reduction[0];
      // Copy genome into min_agent_genome
      for (uint32_t k = 0; k < DIMENSIONS; k++) {
        min_agent_genome[i + ISLES * k] =
          data_array[min_isle_idx + i * AGENTS + k * AGENTS * ISLES];
      }
    }
  }
}

/**
 * @brief CUDA kernel for initializing a vector with uniform random values
 * within the bounds.
 *
 * This kernel initializes a vector with uniform random values within the
 * solver's bounds.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param LOWER_BOUNDS Array of lower bounds for the genes.
 * @param VAR_RANGES Array of ranges for the genes.
 * @param tmp_vec Temporary vector with random values.
 * @param dst_vec Destination vector to initialize.
 */
template<typename TFloat>
__global__ void
initialize_vector_kernel(const uint32_t DIMENSIONS,
                         const TFloat* __restrict__ LOWER_BOUNDS,
                         const TFloat* __restrict__ VAR_RANGES,
                         const TFloat* __restrict__ tmp_vec,
                         TFloat* __restrict__ dst_vec)
{

  const uint32_t i = blockIdx.x;  // Isle
  const uint32_t j = threadIdx.x; // Agent

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t locus_offset = i * AGENTS + j;
  for (uint32_t k = 0; k < DIMENSIONS; k++) {
    const uint32_t particle_gene_idx = k * ISLES * AGENTS + locus_offset;
    dst_vec[particle_gene_idx] =
      LOWER_BOUNDS[k] + (VAR_RANGES[k] * tmp_vec[particle_gene_idx]);
  }
}

/**
 * @brief CUDA kernel for cropping a vector to fit within the bounds.
 *
 * This kernel crops the values of a vector to fit within the solver's bounds.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param UPPER_BOUNDS Array of upper bounds for the genes.
 * @param LOWER_BOUNDS Array of lower bounds for the genes.
 * @param vec Vector to crop.
 */
template<typename TFloat>
__global__ void
crop_vector_kernel(const uint32_t DIMENSIONS,
                   const TFloat* __restrict__ UPPER_BOUNDS,
                   const TFloat* __restrict__ LOWER_BOUNDS,
                   TFloat* __restrict__ vec)
{
  const uint32_t i = blockIdx.x;  // Isle
  const uint32_t j = threadIdx.x; // Agent

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t locus_offset = i * AGENTS + j;

  for (uint32_t k = 0; k < DIMENSIONS; k++) {
    const uint32_t particle_gene_idx = k * ISLES * AGENTS + locus_offset;

    const TFloat low_bound = LOWER_BOUNDS[k];
    const TFloat high_bound = UPPER_BOUNDS[k];

    const TFloat curr_value = vec[particle_gene_idx];
    TFloat crop_value = curr_value;

    crop_value = crop_value < low_bound ? low_bound : crop_value;
    crop_value = crop_value > high_bound ? high_bound : crop_value;

    // Crop
    if (curr_value != crop_value) {
      vec[particle_gene_idx] = crop_value;
    }
  }
}

}
