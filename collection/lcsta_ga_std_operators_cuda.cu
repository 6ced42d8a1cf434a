// tilelab kernel collection: Locusta's CUDA GA operators: whole crossover with curand-summed mutation, tournament selection by reservoir sampling
// Source:  https://github.com/rdelcueto/Locusta/blob/6fd72e0bd01d2c70d1df842c2e8b15eb181df19a/src/solvers/ga/ga_operators/kernel/ga_std_operators_cuda.cu
//          (rdelcueto/Locusta, commit 6fd72e0; the dispatch functions' launches are <<<ISLES, AGENTS[, shared]>>>)
// Licence: LGPL-3.0 (the repository's LICENSE-LGPL-3.0 and README; notice below).
// Kept, unchanged: lines 4-145, 241-308 and 350 (GeneCrossOver, GeneCrop, the two kernels, the namespace). Removed: lines 1-2 (the repository's includes; copied in: cuda_helpers.h line 4, prngenerator_cuda.hpp line 8), the host
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

// src/prngenerator/prngenerator_cuda.hpp line 8 (through ga_std_operators_cuda_impl.hpp):
#include <curand_kernel.h>

namespace locusta {

/// GPU Kernels Shared Memory Pointer.
extern __shared__ int ga_operators_shared_memory[];

/**
 * @brief CUDA device function for performing gene crossover.
 *
 * @param parentA First parent gene.
 * @param parentB Second parent gene.
 * @return Offspring gene.
 */
template<typename TFloat>
__device__ __forceinline__ TFloat
GeneCrossOver(const TFloat parentA, const TFloat parentB)
{
  TFloat offspring_gene = parentA;
  offspring_gene *= 0.5;
  offspring_gene += parentB * 0.5;
  return offspring_gene;
}

/**
 * @brief CUDA device function for cropping a gene to fit within the bounds.
 *
 * @param offspring_gene Offspring gene to crop.
 * @param lower_bound Lower bound of the gene.
 * @param upper_bound Upper bound of the gene.
 * @return Cropped gene.
 */
template<typename TFloat>
__device__ __forceinline__ TFloat
GeneCrop(const TFloat offspring_gene,
         const TFloat lower_bound,
         const TFloat upper_bound)
{
  TFloat mutated_gene = offspring_gene;
  mutated_gene = offspring_gene < lower_bound ? lower_bound : offspring_gene;
  mutated_gene = offspring_gene > upper_bound ? upper_bound : offspring_gene;
  return mutated_gene;
}

/**
 * @brief CUDA kernel for the whole crossover operator.
 *
 * This kernel performs crossover and mutation on the population of genomes.
 *
 * @param DIMENSIONS Number of dimensions per agent.
 * @param DEVIATION Deviation factor for mutation.
 * @param CROSSOVER_RATE Crossover rate.
 * @param MUTATION_RATE Mutation rate.
 * @param DIST_LIMIT Distribution limit for mutation.
 * @param INV_DIST_LIMIT Inverse of the distribution limit.
 * @param VAR_RANGES Array of ranges for the genes.
 * @param LOWER_BOUNDS Array of lower bounds for the genes.
 * @param UPPER_BOUNDS Array of upper bounds for the genes.
 * @param prn_array Array of pseudo-random numbers.
 * @param couple_selection Array of couple selections.
 * @param parent_genomes Array of parent genomes.
 * @param offspring_genomes Array of offspring genomes.
 * @param local_generator Array of cuRAND states.
 */
template<typename TFloat>
__global__ void
whole_crossover_kernel(const uint32_t DIMENSIONS,
                       const TFloat DEVIATION,
                       const TFloat CROSSOVER_RATE,
                       const TFloat MUTATION_RATE,
                       const uint32_t DIST_LIMIT,
                       const TFloat INV_DIST_LIMIT,
                       const TFloat* __restrict__ VAR_RANGES,
                       const TFloat* __restrict__ LOWER_BOUNDS,
                       const TFloat* __restrict__ UPPER_BOUNDS,
                       const TFloat* __restrict__ prn_array,
                       const uint32_t* __restrict__ couple_selection,
                       const TFloat* __restrict__ parent_genomes,
                       TFloat* __restrict__ offspring_genomes,
                       curandState* __restrict__ local_generator)
{

  const uint32_t i = blockIdx.x;
  const uint32_t j = threadIdx.x;

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t THREAD_OFFSET = ISLES * AGENTS;
  const uint32_t BASE_IDX = i * AGENTS + j;

  curandState local_state = local_generator[BASE_IDX];

  const TFloat* agent_prns = prn_array + BASE_IDX;

  TFloat* offspring = offspring_genomes + BASE_IDX;
  const uint32_t couple_idx = couple_selection[BASE_IDX];
  const TFloat* parentA = parent_genomes + BASE_IDX;
  const TFloat* parentB = parent_genomes + couple_idx + i * AGENTS;

  const bool CROSSOVER_FLAG = (*agent_prns) < CROSSOVER_RATE;
  agent_prns += THREAD_OFFSET; // Advance pointer

  // Cross over
  if (CROSSOVER_FLAG) {
    for (uint32_t k = 0; k < DIMENSIONS; ++k) {
      offspring[k * THREAD_OFFSET] = parentA[k * THREAD_OFFSET];
    }
  } else {
    for (uint32_t k = 0; k < DIMENSIONS; ++k) {
      offspring[k * THREAD_OFFSET] =
        GeneCrossOver(parentA[k * THREAD_OFFSET], parentB[k * THREAD_OFFSET]);
    }
  }

  for (uint32_t k = 0; k < DIMENSIONS; ++k) {
    const TFloat& range = VAR_RANGES[k];
    const TFloat& lower_bound = LOWER_BOUNDS[k];
    const TFloat& upper_bound = UPPER_BOUNDS[k];
    const bool GENE_MUTATE_FLAG = (*agent_prns) < MUTATION_RATE;
    agent_prns += THREAD_OFFSET; // Advance pointer

    // Mutate Gene
    if (GENE_MUTATE_FLAG) {
      TFloat mutated_gene = offspring[k * THREAD_OFFSET];
      TFloat x = 0.0;
      for (uint32_t n = 0; n < DIST_LIMIT; ++n) {
        x += curand_uniform(&local_state);
      }

      x *= INV_DIST_LIMIT;
      x -= 0.5;
      x *= DEVIATION * range;

      mutated_gene += x;

      // Crop gene
      offspring[k * THREAD_OFFSET] =
        GeneCrop(mutated_gene, lower_bound, upper_bound);
    }
  }

  local_generator[BASE_IDX] = local_state;
}

template<typename TFloat>
__global__ void
tournament_selection_kernel(const uint32_t SELECTION_SIZE,
                            const TFloat SELECTION_P,
                            const TFloat* __restrict__ fitness_array,
                            const TFloat* __restrict__ prn_array,
                            uint32_t* __restrict__ couple_idx_array,
                            uint32_t* __restrict__ candidates_reservoir_array)
{

  const uint32_t i = blockIdx.x;  // ISLE
  const uint32_t j = threadIdx.x; // AGENT

  const uint32_t ISLES = gridDim.x;
  const uint32_t AGENTS = blockDim.x;

  const uint32_t THREAD_OFFSET = ISLES * AGENTS;
  const uint32_t BASE_IDX = i * AGENTS + j;

  const TFloat* agent_prns = prn_array + BASE_IDX;

  uint32_t* local_candidates = candidates_reservoir_array + BASE_IDX;

  // Resevoir Sampling
  for (uint32_t k = 0; k < (AGENTS - 1); ++k) {
    if (k < SELECTION_SIZE) {
      // Fill
      local_candidates[k * THREAD_OFFSET] = k < j ? k : k + 1;
    } else {
      uint32_t r;
      r = (*agent_prns) * (k + 1);
      agent_prns += THREAD_OFFSET; // Advance pointer
      if (r < SELECTION_SIZE) {
        // Replace
        local_candidates[r * THREAD_OFFSET] = k < j ? k : k + 1;
      }
    }
  }

  // Tournament
  bool switch_flag;

  uint32_t best_idx = *(local_candidates);
  TFloat best_fitness = fitness_array[best_idx + i * AGENTS];

  // TODO: Check prng cardinality.
  // SELECTION_SIZE - 1

  for (uint32_t k = 1; k < SELECTION_SIZE; ++k) {
    const uint32_t candidate_idx = local_candidates[k * THREAD_OFFSET];
    const TFloat candidate_fitness = fitness_array[candidate_idx + i * AGENTS];

    switch_flag = (candidate_fitness > best_fitness);

    if ((SELECTION_P != 0.0f) && (SELECTION_P >= (*agent_prns))) {
      switch_flag = !switch_flag;
    }

    agent_prns += THREAD_OFFSET; // Advance pointer

    if (switch_flag) {
      best_fitness = candidate_fitness;
      best_idx = candidate_idx;
    }
  }

  couple_idx_array[BASE_IDX] = best_idx;
}

}
