// tilelab kernel collection: WarpDrive's Tag GridWorld environment step (N taggers chase one runner on a
// discrete grid; one block per environment, one thread per agent), CUDA back end
// Source:  https://github.com/salesforce/warp-drive/blob/bac017ebb481714bee8f6b0ec75a67d3a2e034d3/example_envs/tag_gridworld/tag_gridworld_step_pycuda.cu
//          (salesforce/warp-drive, commit bac017e: multi-agent reinforcement learning environments run
//          wholly on the GPU)
// Licence: BSD-3-Clause (the file's SPDX notice; the repository's LICENSE.txt is repeated below).
// Kept: tag_gridworld_step_pycuda.cu lines 1-252, the whole file, unchanged (it has no host code; the Python
//       host launches CudaTagGridWorldStep with grid = num_envs blocks and block = num_agents threads).
// Copied in, marked below: the three constants of warp_drive/cuda_includes/template_env_config.h (lines 7,
//       19-21), which WarpDrive's function manager fills in (<<N_ENVS>>, <<N_AGENTS>>, <<N_BLOCKS_PER_ENV>>)
//       before it builds env_runner.cu; here for 16 environments of 5 agents (its unit test's 5 agents), and
//       get_flattened_array_index, warp_drive/cuda_includes/core/array_indexing_util.cu lines 3-14, which
//       env_runner.cu's core_service.h includes.

/*
 * Copyright (c) 2021, Salesforce.com, Inc.
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without modification, are permitted provided that the following conditions are met:
 *
 * * Redistributions of source code must retain the above copyright notice, this list of conditions and the following disclaimer.
 *
 * * Redistributions in binary form must reproduce the above copyright notice, this list of conditions and the following disclaimer in the documentation and/or other materials provided with the distribution.
 *
 * * Neither the name of Salesforce.com nor the names of its contributors may be used to endorse or promote products derived from this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 *
 */

// ---- copied in: warp_drive/cuda_includes/template_env_config.h lines 7 and 19-21, filled in as the function
// manager fills them (16 environments, 5 agents, 1 block per environment)
#include <assert.h>
const int wkNumberEnvs = 16;
const int wkNumberAgents = 5;
const int wkBlocksPerEnv = 1;
// ---- copied in: warp_drive/cuda_includes/core/array_indexing_util.cu lines 3-14
__device__ int get_flattened_array_index(const int* index_arr, const int* dim_arr, const int dimensionality) {

  int res = 0;
  int multiplier = 1;

  for(int i=dimensionality-1; i>=0; i--){
      res += index_arr[i] * multiplier;
      multiplier *= dim_arr[i];
  }

  return res;
}
// ---- end of the copied lines; tag_gridworld_step_pycuda.cu follows, unchanged

// Copyright (c) 2021, salesforce.com, inc.
// All rights reserved.
// SPDX-License-Identifier: BSD-3-Clause
// For full license text, see the LICENSE file in the repo root
// or https://opensource.org/licenses/BSD-3-Clause
__constant__ int kIndexToActionArr[10];

extern "C" {
  __device__ void CudaTagGridWorldGenerateObservation(
    int *states_x_arr,
    int *states_y_arr,
    float *obs_arr,
    int world_boundary,
    int *env_timestep_arr,
    int episode_length,
    int agent_id,
    int env_id,
    bool use_full_observation
  ) {
    const bool is_tagger = (agent_id < wkNumberAgents - 1);


    // obs shape is (num_envs, num_agents, 4 * num_agents + 1)
    // state shape is (num_envs, num_agents,)
    if (use_full_observation) {
      const int agent_times_feature_dim = wkNumberAgents * 4 + 1;
      const int obs_start_index = env_id * wkNumberAgents * agent_times_feature_dim;
      const int state_index = env_id * wkNumberAgents + agent_id;

      for (int ag_id = 0; ag_id < wkNumberAgents; ag_id++) {
        const int state_x_obs_index =
            obs_start_index + ag_id * agent_times_feature_dim + agent_id;
        const int state_y_obs_index = state_x_obs_index + wkNumberAgents;
        const int type_obs_index = state_y_obs_index + wkNumberAgents;
        const int is_current_agent_obs_index = type_obs_index + wkNumberAgents;

        obs_arr[state_x_obs_index] =
            states_x_arr[state_index] / static_cast<float>(world_boundary);
        obs_arr[state_y_obs_index] =
            states_y_arr[state_index] / static_cast<float>(world_boundary);
        obs_arr[type_obs_index] = 1.0 * static_cast<int>(
          agent_id == wkNumberAgents - 1);
        obs_arr[is_current_agent_obs_index] = 1.0 * static_cast<int>(
          ag_id == agent_id);

        if (agent_id == wkNumberAgents - 1) {
          int time_to_end_index = is_current_agent_obs_index + 1;
          obs_arr[time_to_end_index] =
              env_timestep_arr[env_id] / static_cast<float>(episode_length);
        }
      }
    } else {
      // obs shape is (num_envs, num_agents, 6)
      // state shape is (num_envs, num_agents,)
      __shared__ int distance[wkNumberAgents];

      const int state_index = env_id * wkNumberAgents + agent_id;
      const int obs_start_index = state_index * 6;
      const int adversary_state_index = env_id * wkNumberAgents + wkNumberAgents - 1;

      // tagger and runners observe their own locations
      obs_arr[obs_start_index] =
          states_x_arr[state_index] / static_cast<float>(
            world_boundary);
      obs_arr[obs_start_index + 1] =
          states_y_arr[state_index] / static_cast<float>(
            world_boundary);

      if (is_tagger) {
        // Taggers can observe the runner location
        obs_arr[obs_start_index + 2] =
            states_x_arr[adversary_state_index] / static_cast<float>(
              world_boundary);
        obs_arr[obs_start_index + 3] =
            states_y_arr[adversary_state_index] / static_cast<float>(
              world_boundary);
        distance[agent_id] =
            pow(states_x_arr[state_index] -
              states_x_arr[adversary_state_index], 2) +
            pow(states_y_arr[state_index] -
              states_y_arr[adversary_state_index], 2);
      }

      __syncthreads();


      // A runner can observe the tagger location closest to it.
      if (!is_tagger) {
        int closest_agent_id = 0;
        int min_distance = 2 * world_boundary * world_boundary;
        for (int ag_id = 0; ag_id < wkNumberAgents - 1; ag_id++) {
          if (distance[ag_id] < min_distance) {
            min_distance = distance[ag_id];
            closest_agent_id = ag_id;
          }
        }
        obs_arr[obs_start_index + 2] =
            states_x_arr[env_id * wkNumberAgents + closest_agent_id] /
            static_cast<float>(world_boundary);
        obs_arr[obs_start_index + 3] =
            states_y_arr[env_id * wkNumberAgents + closest_agent_id] /
            static_cast<float>(world_boundary);
      }

      obs_arr[obs_start_index + 4] = 1.0 * static_cast<int>(
          agent_id == wkNumberAgents - 1);
      obs_arr[obs_start_index + 5] =
          env_timestep_arr[env_id] / static_cast<float>(episode_length);
    }
  }

  __global__ void
  CudaTagGridWorldStep(
    int *states_x_arr,
    int *states_y_arr,
    int *actions_arr,
    int *done_arr,
    float *rewards_arr,
    float *obs_arr,
    float wall_hit_penalty,
    float tag_reward_for_tagger,
    float tag_penalty_for_runner,
    float step_cost_for_tagger,
    bool use_full_observation,
    int world_boundary,
    int *env_timestep_arr,
    int episode_length
  ) {
    // This implements Tagger on a discrete grid.
    // There are N taggers and 1 runner.
    // The taggers try to tag the runner.
    __shared__ int num_total_tagged;

    const int kEnvId = blockIdx.x;
    const int kThisAgentId = threadIdx.x;
    const bool is_tagger = (kThisAgentId < wkNumberAgents - 1);


    // Increment time ONCE -- only 1 thread can do this.
    // Initialize the shared variable that counts how many runners are tagged.
    if (kThisAgentId == 0) {
      env_timestep_arr[kEnvId] += 1;
      num_total_tagged = 0;
    }

    __syncthreads();

    assert(env_timestep_arr[kEnvId] > 0 && env_timestep_arr[kEnvId]
      <= episode_length);

    int global_state_arr_shape[] = {gridDim.x, wkNumberAgents};
    int agent_index[] = {kEnvId, kThisAgentId};
    int adv_agent_index[] = {kEnvId, wkNumberAgents - 1};
    int dimension = 2;
    int state_index = get_flattened_array_index(agent_index, global_state_arr_shape, dimension);
    int adversary_state_index = get_flattened_array_index(adv_agent_index, global_state_arr_shape, dimension);
    int action_index = get_flattened_array_index(agent_index, global_state_arr_shape, dimension);
    int reward_index = get_flattened_array_index(agent_index, global_state_arr_shape, dimension);

    rewards_arr[reward_index] = 0.0;

    float __rew = 0.0;


    // -----------------------------------
    // Movement
    // -----------------------------------
    // Take action and check boundary cost.
    // Map action index to the real action space.
    int ac_index;
    ac_index = actions_arr[action_index] * 2;

    states_x_arr[state_index] = states_x_arr[state_index] +
    kIndexToActionArr[ac_index];
    states_y_arr[state_index] = states_y_arr[state_index] +
    kIndexToActionArr[ac_index + 1];

    if (states_x_arr[state_index] < 0) {
      states_x_arr[state_index] = 0;
      __rew -= wall_hit_penalty;
    } else if (states_x_arr[state_index] > world_boundary) {
      states_x_arr[state_index] = world_boundary;
      __rew -= wall_hit_penalty;
    }

    if (states_y_arr[state_index] < 0) {
      states_y_arr[state_index] = 0;
      __rew -= wall_hit_penalty;
    } else if (states_y_arr[state_index] > world_boundary) {
      states_y_arr[state_index] = world_boundary;
      __rew -= wall_hit_penalty;
    }

    // make sure all agents have finished their movements
    __syncthreads();

    // -----------------------------------
    // Check tags
    // -----------------------------------
    // If this agent is a tagger, check number of tags
    if (is_tagger) {
      if (states_x_arr[state_index] == states_x_arr[adversary_state_index] &&
          states_y_arr[state_index] == states_y_arr[adversary_state_index]) {
        atomicAdd(&num_total_tagged, 1);
      }
    }

    // make sure all agents have finished tag count
    __syncthreads();


    // -----------------------------------
    // Rewards
    // -----------------------------------
    // If this agent is a tagger.
    if (is_tagger) {
      if (num_total_tagged > 0) {
        __rew += tag_reward_for_tagger;
      } else {
        __rew -= step_cost_for_tagger;
      }
    } else {  // If it's the runner.
      if (num_total_tagged > 0) {
        __rew -= tag_penalty_for_runner;
      } else {
        __rew += step_cost_for_tagger;
      }
    }

    rewards_arr[reward_index] = __rew;


    // -----------------------------------
    // Generate observation.
    // -----------------------------------
    // (x, y, tagger or runner, current_agent_or_not)
    CudaTagGridWorldGenerateObservation(states_x_arr, states_y_arr,
      obs_arr, world_boundary, env_timestep_arr, episode_length,
      kThisAgentId, kEnvId, use_full_observation);


    // -----------------------------------
    // End condition
    // -----------------------------------
    // Determine if we're done (the runner is tagged or not).
    if (env_timestep_arr[kEnvId] == episode_length || num_total_tagged > 0) {
      if (kThisAgentId == 0) {
        done_arr[kEnvId] = 1;
      }
    }
  }
}
