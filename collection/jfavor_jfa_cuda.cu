// tilelab kernel collection: jump flooding (JFA) for a discrete Voronoi diagram: buffer initialisation, seed placement (atomicMax: the largest
// seed index wins a shared pixel) and one JFA step (the nearest of the seeds held by the 3 x 3 neighbours at distance `step`), 4 variants
// Source:  https://github.com/0717030/parallel-jump-flooding-voronoi/blob/0a021aa5301b61cb8d595cf176020383ad0e90e0/src/gpu/jfa_cuda.cu
//          (0717030/parallel-jump-flooding-voronoi, commit 0a021aa, the merge of PR #2 "feature/gpu-jfa": the file as
//          first merged to main, its 8 kernels; later commits grow it to 33 kernels, mostly variants of the same step)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 pin rong chi", repeated below).
// Variants of the step: the seeds in global, shared and constant memory, and a pitched buffer. (Two header lines moved
//       here, after the licence, keep the kernel's line numbers those of the H200's recording.)
// Kept: lines 7-16 (namespace jfa, struct GPUSeed, MAX_CONST_SEEDS, the __constant__ c_seeds), lines 36-246 (the
//       device helpers and all 8 __global__ kernels) and line 462 (the namespace's end), unchanged. Removed: lines 1-5
//       (host includes: cuda_runtime.h, stdio.h, jfa/types.hpp for the host's Config, chrono, iostream), lines 18-35
//       (the host callback type, jfa_gpu_cuda_impl's declaration, the host CUDA_CHECK macro) and lines 248-460
//       (jfa_gpu_cuda_impl: allocation, the launches, timing, the copy back).
// Selection, fixed before any run (collection/manifest.toml, the jfavor_ entries): every __global__ kernel of the file,
// none dropped for its result, each launched as jfa_gpu_cuda_impl launches it under Config's defaults (16 x 16 blocks,
// one pixel a thread; its use_pitch, use_shared_mem and use_constant_mem switches choose the kernels): the host's
// image (cfg.width x cfg.height and the demo's seeds) replaced by a 60 x 44 image with 24 seeds; the step kernels at
// the loop's first step (30, over the placed seeds) and its last (1, over the state numpy computes after steps 30, 15,
// 7 and 3); the pitched buffer 128 ints a row (a 512-byte pitch, as cudaMallocPitch gives for 240 bytes).
//
// MIT License
//
// Copyright (c) 2025 pin rong chi
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// src/gpu/jfa_cuda.cu, lines 7-16
namespace jfa {

// Simple struct to replace std::vector<Seed> usage in kernel
struct GPUSeed {
    int x, y;
};

// Constant memory for seeds (Max 8192 seeds to fit in 64KB)
#define MAX_CONST_SEEDS 8192
__constant__ GPUSeed c_seeds[MAX_CONST_SEEDS];

// src/gpu/jfa_cuda.cu, lines 36-246

// Helper device function to process one pixel with pitch
__device__ inline void process_pixel_pitch(int x, int y, int width, int height, int step, 
                                           const int* in_buf, int* out_buf, 
                                           const GPUSeed* seeds, size_t pitch_ints) 
{
    if (x >= width || y >= height) return;

    // Use pitch for row indexing
    int idx = y * pitch_ints + x;
    
    // Current best seed from previous step
    int best_seed_idx = in_buf[idx];
    float best_dist = 1e30f; // Infinity

    if (best_seed_idx != -1) {
        GPUSeed s = seeds[best_seed_idx];
        float dx = (float)(x - s.x);
        float dy = (float)(y - s.y);
        best_dist = dx * dx + dy * dy;
    }

    #pragma unroll
    for (int dy = -1; dy <= 1; ++dy) {
        #pragma unroll
        for (int dx = -1; dx <= 1; ++dx) {
            int nx = x + dx * step;
            int ny = y + dy * step;

            if (nx >= 0 && nx < width && ny >= 0 && ny < height) {
                int n_idx = ny * pitch_ints + nx;
                int neighbor_seed_idx = in_buf[n_idx];

                if (neighbor_seed_idx != -1) {
                    GPUSeed s = seeds[neighbor_seed_idx];
                    float dist_x = (float)(x - s.x);
                    float dist_y = (float)(y - s.y);
                    float dist_sq = dist_x * dist_x + dist_y * dist_y;

                    if (dist_sq < best_dist) {
                        best_dist = dist_sq;
                        best_seed_idx = neighbor_seed_idx;
                    }
                }
            }
        }
    }

    out_buf[idx] = best_seed_idx;
}

// Kernel to initialize the buffer with -1 (Pitch version)
__global__ void init_buffer_kernel_pitch(int* buffer, int width, int height, int value, size_t pitch_ints) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < width && y < height) {
        buffer[y * pitch_ints + x] = value;
    }
}

// Kernel to place initial seeds into the buffer (Pitch version)
__global__ void place_seeds_kernel_pitch(int* buffer, const GPUSeed* seeds, int num_seeds, int width, int height, size_t pitch_ints) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= num_seeds) return;

    GPUSeed s = seeds[idx];
    if (s.x >= 0 && s.x < width && s.y >= 0 && s.y < height) {
        atomicMax(&buffer[s.y * pitch_ints + s.x], idx);
    }
}

// Kernel to initialize the buffer with -1
__global__ void init_buffer_kernel(int* buffer, int size, int value) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx < size) {
        buffer[idx] = value;
    }
}

// Kernel to place initial seeds into the buffer
__global__ void place_seeds_kernel(int* buffer, const GPUSeed* seeds, int num_seeds, int width, int height) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= num_seeds) return;

    GPUSeed s = seeds[idx];
    if (s.x >= 0 && s.x < width && s.y >= 0 && s.y < height) {
        // Use atomicMax to ensure deterministic behavior (largest index wins, matching CPU sequential overwrite)
        atomicMax(&buffer[s.y * width + s.x], idx);
    }
}

// Helper device function to process one pixel
__device__ inline void process_pixel(int x, int y, int width, int height, int step, 
                                     const int* in_buf, int* out_buf, 
                                     const GPUSeed* seeds) 
{
    if (x >= width || y >= height) return;

    int idx = y * width + x;
    
    // Current best seed from previous step
    int best_seed_idx = in_buf[idx];
    float best_dist = 1e30f; // Infinity

    if (best_seed_idx != -1) {
        GPUSeed s = seeds[best_seed_idx];
        float dx = (float)(x - s.x);
        float dy = (float)(y - s.y);
        best_dist = dx * dx + dy * dy;
    }

    #pragma unroll
    for (int dy = -1; dy <= 1; ++dy) {
        #pragma unroll
        for (int dx = -1; dx <= 1; ++dx) {
            int nx = x + dx * step;
            int ny = y + dy * step;

            if (nx >= 0 && nx < width && ny >= 0 && ny < height) {
                int n_idx = ny * width + nx;
                int neighbor_seed_idx = in_buf[n_idx];

                if (neighbor_seed_idx != -1) {
                    GPUSeed s = seeds[neighbor_seed_idx];
                    float dist_x = (float)(x - s.x);
                    float dist_y = (float)(y - s.y);
                    float dist_sq = dist_x * dist_x + dist_y * dist_y;

                    if (dist_sq < best_dist) {
                        best_dist = dist_sq;
                        best_seed_idx = neighbor_seed_idx;
                    }
                }
            }
        }
    }

    out_buf[idx] = best_seed_idx;
}

// JFA Step Kernel with Thread Coarsening
__global__ void jfa_step_kernel(const int* in_buf, int* out_buf, 
                                const GPUSeed* seeds, 
                                int width, int height, int step,
                                int pixels_per_thread) 
{
    int start_x = (blockIdx.x * blockDim.x + threadIdx.x) * pixels_per_thread;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    for (int i = 0; i < pixels_per_thread; ++i) {
        int x = start_x + i;
        process_pixel(x, y, width, height, step, in_buf, out_buf, seeds);
    }
}

// JFA Step Kernel using Shared Memory for Seeds
__global__ void jfa_step_kernel_shared(const int* in_buf, int* out_buf, 
                                       const GPUSeed* global_seeds, 
                                       int width, int height, int step,
                                       int num_seeds,
                                       int pixels_per_thread) 
{
    // Shared memory for seeds
    extern __shared__ GPUSeed s_seeds[];

    // Cooperative loading of seeds into shared memory
    int tid = threadIdx.y * blockDim.x + threadIdx.x;
    int blockSize = blockDim.x * blockDim.y;
    
    for (int i = tid; i < num_seeds; i += blockSize) {
        s_seeds[i] = global_seeds[i];
    }
    __syncthreads();

    int start_x = (blockIdx.x * blockDim.x + threadIdx.x) * pixels_per_thread;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    for (int i = 0; i < pixels_per_thread; ++i) {
        int x = start_x + i;
        process_pixel(x, y, width, height, step, in_buf, out_buf, s_seeds);
    }
}

// JFA Step Kernel using Constant Memory for Seeds
__global__ void jfa_step_kernel_constant(const int* in_buf, int* out_buf, 
                                         int width, int height, int step,
                                         int pixels_per_thread) 
{
    int start_x = (blockIdx.x * blockDim.x + threadIdx.x) * pixels_per_thread;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    for (int i = 0; i < pixels_per_thread; ++i) {
        int x = start_x + i;
        process_pixel(x, y, width, height, step, in_buf, out_buf, c_seeds);
    }
}

// JFA Step Kernel with Pitch
__global__ void jfa_step_kernel_pitch(const int* in_buf, int* out_buf, 
                                      const GPUSeed* seeds, 
                                      int width, int height, int step,
                                      int pixels_per_thread, size_t pitch_ints) 
{
    int start_x = (blockIdx.x * blockDim.x + threadIdx.x) * pixels_per_thread;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    for (int i = 0; i < pixels_per_thread; ++i) {
        int x = start_x + i;
        process_pixel_pitch(x, y, width, height, step, in_buf, out_buf, seeds, pitch_ints);
    }
}

// src/gpu/jfa_cuda.cu, line 462
} // namespace jfa
