// tilelab kernel collection: gpu_path_planning's LiDAR occupancy-grid ray casting (one thread a beam, log-odds by float atomics)
// Source:  https://github.com/rr683/gpu_path_planning/blob/f8cebe2256ea7700975a030f22dfe6fb07bbc0ab/cuda/raycast_gpu.cu
// Licence: Apache-2.0 (the repository's LICENSE, its appendix left unfilled; the file carries no notice: the licence's is below).
// Kept, unchanged: raycast_gpu.cu lines 3-62 (clampLogOdds, atomicAddClamped, raycastKernel); left out: lines 1-2 (local
//       includes), 63-86 (the host launcher raycastGPU). Copied in, marked: cuda/cuda_utils.h lines 16-17 (L_MIN, L_MAX),
//       cuda/device_grid.h lines 4-19 (struct DeviceGrid, passed by value).
/*
Copyright the authors of rr683/gpu_path_planning (Ricardo Rosales-Mesta and contributors)

Licensed under the Apache License, Version 2.0 (the "License");
you may not use this file except in compliance with the License.
You may obtain a copy of the License at

    http://www.apache.org/licenses/LICENSE-2.0

Unless required by applicable law or agreed to in writing, software
distributed under the License is distributed on an "AS IS" BASIS,
WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
See the License for the specific language governing permissions and
limitations under the License.
*/
// ---- cuda/cuda_utils.h, lines 16-17
constexpr float L_MIN = -10.0f;
constexpr float L_MAX = 10.0f;// ---- cuda/device_grid.h, lines 4-19
struct DeviceGrid {
    float* logodds;
    int width;
    int height;
    float resolution;
    float origin_x;
    float origin_y;
    
    __device__ __host__ int idx(int gx, int gy) const {
        return gy * width + gx;
    }
    
    __device__ __host__ bool inBounds(int gx, int gy) const {
        return gx >= 0 && gx < width && gy >= 0 && gy < height;
    }
};
// ---- cuda/raycast_gpu.cu, lines 3-62
#include <cmath>

// Bread and butter of this project

__device__ void clampLogOdds(float* val) {
    if (*val < L_MIN) *val = L_MIN;
    if (*val > L_MAX) *val = L_MAX;
}

__device__ void atomicAddClamped(float* addr, float delta) {
    float old = atomicAdd(addr, delta);
    float newval = old + delta;
    clampLogOdds(&newval);
    if (newval != old + delta) {
        atomicExch(addr, newval);
    }
}

__global__ void raycastKernel(
    DeviceGrid grid,
    float robot_x,
    float robot_y,
    float* angles,
    int num_beams,
    float max_range,
    float free_delta,
    float occ_delta
) {
    int beam_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (beam_id >= num_beams) return;
    
    float angle = angles[beam_id];
    float dx = cosf(angle);
    float dy = sinf(angle);
    float step = grid.resolution * 0.5f;
    float traveled = 0.0f;
    
    while (traveled <= max_range) {
        float wx = robot_x + dx * traveled;
        float wy = robot_y + dy * traveled;
        
        int gx = __float2int_rd((wx - grid.origin_x) / grid.resolution);
        int gy = __float2int_rd((wy - grid.origin_y) / grid.resolution);
        
        if (!grid.inBounds(gx, gy)) break;
        
        int cell_idx = grid.idx(gx, gy);
        float current_logodds = grid.logodds[cell_idx];
        float prob = 1.0f - 1.0f / (1.0f + expf(current_logodds));
        
        if (prob > 0.65f) {
            atomicAddClamped(&grid.logodds[cell_idx], occ_delta);
            break;
        } else {
            atomicAddClamped(&grid.logodds[cell_idx], free_delta);
        }
        
        traveled += step;
    }
}
