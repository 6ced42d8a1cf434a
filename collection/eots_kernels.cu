// tilelab kernel collection: the CUDA particle filter of an edge tracking system (weighted mean and covariance by
// shared-memory trees and float atomicAdd, covariance symmetrisation, the unscented predicted mean with its quaternion
// renormalisation, the inverse-CDF resampling search, the observation weights and the quaternion SLERP update)
// Source:  https://github.com/jagennath-hari/Edge-Optimized-Tracking-System/blob/0866dff882cb8d7361387ea9061e37aa8f8b80d9/tracker_system/filter/src/kernels.cu
//          (jagennath-hari/Edge-Optimized-Tracking-System, commit 0866dff)
// Licence: BSD-3-Clause (the repository's LICENSE, repeated below: the source file carries no notice of its own).
// Kept, unchanged: kernels.cu lines 3-4 (namespace particle_filter_kernels {), 94-151 (compute_mean), 186-272
//       (compute_covariance, symmetrize_covariance), 647-694 (compute_mean_propogated), 991-1015 (resample_particles),
//       1146-1165 (compute_weights), 1206-1285 (update_quaternions) and 1389 (the namespace's closing brace).
//       Removed: line 1 (#include "filter/kernels.cuh": thrust, cuBLAS, cuSOLVER and curand_kernel.h, none of which
//       the kept kernels use), every host function (initParticles, computeMean, computeCovariance, ..., updateParticles)
//       and the kernels not taken (initialize_particles, compute_weights_sigma, compute_sigma_points,
//       propagate_sigma_points, subtract_mean, scale_delta_sigma_points, resample_particles_mean_cov, update_particles).
// Copied in, marked: include/filter/kernels.cuh line 15 (the REGULARIZATION define symmetrize_covariance adds).
/*
 * The repository's LICENSE:
 *
 * BSD 3-Clause License
 *
 * Copyright (c) 2024, Jagennath Hari
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

// ---- tracker_system/filter/include/filter/kernels.cuh, line 15
    #define REGULARIZATION 1e-6f
// ---- end of kernels.cuh

namespace particle_filter_kernels
{

    __global__ void compute_mean(
        const float* x, const float* y, const float* vx, const float* vy,
        const float* w, const float* h, const float* qw, const float* qx,
        const float* qy, const float* qz, const float* weights,
        float* mean, size_t num_particles
    )
    {
        __shared__ float shared_mem[10 * 256]; // Shared memory for reduction, 10 states × threads per block

        int tid = threadIdx.x;
        int idx = blockIdx.x * blockDim.x + threadIdx.x;

        // Initialize shared memory for each state
        for (int state_idx = 0; state_idx < 10; ++state_idx) 
        {
            shared_mem[state_idx * blockDim.x + tid] = 0.0f;
        }
        __syncthreads();

        // Accumulate weighted values for each particle
        if (idx < num_particles) 
        {
            float weight = weights[idx];
            shared_mem[tid] += weight * x[idx];
            shared_mem[blockDim.x + tid] += weight * y[idx];
            shared_mem[2 * blockDim.x + tid] += weight * vx[idx];
            shared_mem[3 * blockDim.x + tid] += weight * vy[idx];
            shared_mem[4 * blockDim.x + tid] += weight * w[idx];
            shared_mem[5 * blockDim.x + tid] += weight * h[idx];
            shared_mem[6 * blockDim.x + tid] += weight * qw[idx];
            shared_mem[7 * blockDim.x + tid] += weight * qx[idx];
            shared_mem[8 * blockDim.x + tid] += weight * qy[idx];
            shared_mem[9 * blockDim.x + tid] += weight * qz[idx];
        }
        __syncthreads();

        // Perform parallel reduction in shared memory
        for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) 
        {
            if (tid < stride) 
            {
                for (int state_idx = 0; state_idx < 10; ++state_idx) 
                {
                    shared_mem[state_idx * blockDim.x + tid] += shared_mem[state_idx * blockDim.x + tid + stride];
                }
            }
            __syncthreads();
        }

        // Write block-level results to global memory
        if (tid == 0) 
        {
            for (int state_idx = 0; state_idx < 10; ++state_idx) 
            {
                atomicAdd(&mean[state_idx], shared_mem[state_idx * blockDim.x]);
            }
        }
    }

    __global__ void compute_covariance(
        const float* x, const float* y, const float* vx, const float* vy,
        const float* w, const float* h, const float* qw, const float* qx,
        const float* qy, const float* qz, const float* weights,
        const float* mean, float* covariance, size_t num_particles
    )
    {
        __shared__ float shared_mem[256]; // Shared memory for partial reductions

        int tid = threadIdx.x;
        int idx = blockIdx.x * blockDim.x + threadIdx.x;

        // State variables
        float states[10];
        if (idx < num_particles) 
        {
            float weight = weights[idx];
            states[0] = (x[idx] - mean[0]) * weight;
            states[1] = (y[idx] - mean[1]) * weight;
            states[2] = (vx[idx] - mean[2]) * weight;
            states[3] = (vy[idx] - mean[3]) * weight;
            states[4] = (w[idx] - mean[4]) * weight;
            states[5] = (h[idx] - mean[5]) * weight;
            states[6] = (qw[idx] - mean[6]) * weight;
            states[7] = (qx[idx] - mean[7]) * weight;
            states[8] = (qy[idx] - mean[8]) * weight;
            states[9] = (qz[idx] - mean[9]) * weight;
        } 
        else 
        {
            for (int i = 0; i < 10; ++i) 
            {
                states[i] = 0.0f;
            }
        }

        // Compute covariance elements sequentially
        for (int i = 0; i < 10; ++i) 
        {
            for (int j = 0; j <= i; ++j) // Compute lower triangular matrix
            { 
                // Load partial product into shared memory
                shared_mem[tid] = (idx < num_particles) ? states[i] * states[j] : 0.0f;
                __syncthreads();

                // Perform reduction in shared memory
                for (int stride = blockDim.x / 2; stride > 0; stride >>= 1) 
                {
                    if (tid < stride) 
                    {
                        shared_mem[tid] += shared_mem[tid + stride];
                    }
                    __syncthreads();
                }

                // Write the result to global memory
                if (tid == 0) 
                {
                    atomicAdd(&covariance[i * 10 + j], shared_mem[0]);
                }
                __syncthreads();
            }
        }
    }

    __global__ void symmetrize_covariance(float* covariance, size_t n) 
    {
        int i = blockIdx.x;
        int j = threadIdx.x;

        if (i < n && j < n) 
        {
            if (i == j) 
            {
                // Add diagonal regularization
                covariance[i * n + j] += REGULARIZATION;
            } 
            else if (j > i) 
            {
                // Symmetrize the matrix
                float avg = (covariance[i * n + j] + covariance[j * n + i]) / 2.0f;
                covariance[i * n + j] = avg;
                covariance[j * n + i] = avg;
            }
        }

    }

    __global__ void compute_mean_propogated(
        float* sigma_points,
        float* weights_mean,
        float* predicted_mean,
        size_t num_sigma_points,
        size_t n
    )
    {
        int state_idx = threadIdx.x + blockIdx.x * blockDim.x;

        // Exit early if the thread index is out of bounds
        if (state_idx >= n) return;

        float weighted_sum = 0.0f;

        // Compute weighted sum for this state across all sigma points
        for (size_t sigma_idx = 0; sigma_idx < num_sigma_points; ++sigma_idx) 
        {
            // Properly index into the sigma points array
            float sigma_value = sigma_points[sigma_idx * n + state_idx];
            float weight = weights_mean[sigma_idx];

            // Accumulate weighted value
            weighted_sum += weight * sigma_value;
        }

        // Store the result in the predicted mean
        predicted_mean[state_idx] = weighted_sum;

        // Normalize quaternion if this thread corresponds to a quaternion component
        if (state_idx == 6 || state_idx == 7 || state_idx == 8 || state_idx == 9) // Quaternion indices
        {
            __shared__ float quaternion_norm; // Shared memory for norm calculation

            // Compute squared norm for quaternion components
            if (threadIdx.x == 0) quaternion_norm = 0.0f;
            __syncthreads();

            atomicAdd(&quaternion_norm, predicted_mean[state_idx] * predicted_mean[state_idx]);
            __syncthreads();

            if (threadIdx.x == 0) quaternion_norm = sqrtf(quaternion_norm);
            __syncthreads();

            // Normalize quaternion components
            predicted_mean[state_idx] /= quaternion_norm;
        }
    }

    __global__ void resample_particles(
        const float* d_cumulative_sum,  
        const float* d_random_numbers,  
        int* d_resampled_indices,       
        size_t num_particles
    ) 
    {
        int idx = threadIdx.x + blockIdx.x * blockDim.x;
        if (idx >= num_particles) return;

        // Find the index of the cumulative sum that corresponds to the random number
        float random_value = d_random_numbers[idx];
        int resampled_index = 0;

        for (int i = 0; i < num_particles; ++i) 
        {
            if (random_value <= d_cumulative_sum[i]) 
            {
                resampled_index = i;
                break;
            }
        }

        d_resampled_indices[idx] = resampled_index;
    }

    __global__ void compute_weights(
        const float* d_particles_x,
        const float* d_particles_y,
        const float obs_x,
        const float obs_y,
        float* d_weights,
        const size_t num_particles
    ) 
    {
        int idx = threadIdx.x + blockIdx.x * blockDim.x;
        if (idx >= num_particles) return;

        // Compute Euclidean distance to the observation
        float dx = d_particles_x[idx] - obs_x;
        float dy = d_particles_y[idx] - obs_y;
        float distance = sqrtf(dx * dx + dy * dy);

        // Update weight using exponential proximity
        d_weights[idx] = expf(-distance / 10.0f) + 1e-10f;
    }

    __global__ void update_quaternions(
        float* d_particles_qw,
        float* d_particles_qx,
        float* d_particles_qy,
        float* d_particles_qz,
        const float obs_qw,
        const float obs_qx,
        const float obs_qy,
        const float obs_qz,
        const size_t num_particles
    ) 
    {
        int idx = threadIdx.x + blockIdx.x * blockDim.x;
        if (idx >= num_particles) return;

        // Current particle quaternion
        float current_qw = d_particles_qw[idx];
        float current_qx = d_particles_qx[idx];
        float current_qy = d_particles_qy[idx];
        float current_qz = d_particles_qz[idx];

        // Compute dot product to determine if we need to invert the observation quaternion
        float dot = current_qw * obs_qw + current_qx * obs_qx + current_qy * obs_qy + current_qz * obs_qz;
        float interp_obs_qw = obs_qw;
        float interp_obs_qx = obs_qx;
        float interp_obs_qy = obs_qy;
        float interp_obs_qz = obs_qz;

        // If dot product is negative, negate the observation quaternion to take the shortest path
        if (dot < 0.0f) 
        {
            interp_obs_qw = -obs_qw;
            interp_obs_qx = -obs_qx;
            interp_obs_qy = -obs_qy;
            interp_obs_qz = -obs_qz;
            dot = -dot;
        }

        // Compute interpolation factor (e.g., SLERP with t = 0.5)
        float t = 0.5f;

        // Compute the interpolated quaternion
        float scale1, scale2;
        if (dot > 0.9995f) 
        {
            // Use linear interpolation for very close quaternions
            scale1 = 1.0f - t;
            scale2 = t;
        } else 
        {
            // Use SLERP
            float theta = acosf(dot);
            float sin_theta = sinf(theta);
            scale1 = sinf((1.0f - t) * theta) / sin_theta;
            scale2 = sinf(t * theta) / sin_theta;
        }

        float new_qw = scale1 * current_qw + scale2 * interp_obs_qw;
        float new_qx = scale1 * current_qx + scale2 * interp_obs_qx;
        float new_qy = scale1 * current_qy + scale2 * interp_obs_qy;
        float new_qz = scale1 * current_qz + scale2 * interp_obs_qz;

        // Normalize the interpolated quaternion
        float norm = sqrtf(new_qw * new_qw + new_qx * new_qx + new_qy * new_qy + new_qz * new_qz);

        if (norm > 0.0f) 
        {
            d_particles_qw[idx] = new_qw / norm;
            d_particles_qx[idx] = new_qx / norm;
            d_particles_qy[idx] = new_qy / norm;
            d_particles_qz[idx] = new_qz / norm;
        }
        else
        {
            d_particles_qw[idx] = 1.0f;
            d_particles_qx[idx] = 0.0f;
            d_particles_qy[idx] = 0.0f;
            d_particles_qz[idx] = 0.0f;
        }
    }
}