// tilelab kernel collection: the EuroPar 2025 LLM study's hand-written Game of Life reference 'dumb-bit-per-thr' (row-packed bits, one thread per cell, atomicOr into the 32-bit halves)
// Source:  https://github.com/matyas-brabec/2025-europar-llm/blob/6a7c65ba9fdbb709583507402aed3ab2acc80148/framework/game-of-life/reference/dumb-bit-per-thr/gol.cu
// Licence: MIT (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept: lines 2-49 of the original (includes, macros, device helpers, the gol_kernel), unchanged. Removed:
//       line 1 (#include "gol.cuh", the harness's host prototypes) and lines 51-74 (the host functions
//       run_game_of_life / initialize_internal_data_structures and the MEMORY_LAYOUT marker); the launch shape
//       is the manifest's, from run_game_of_life. gol.cuh's one include the kernel needs is copied in, marked.
//
// The MIT License (MIT)
//
// Copyright (c) 2025 Matyáš Brabec, Jiří Klepl, Michal Töpfer, Martin Kruliš
//
// All rights reserved.
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

// ---- from framework/game-of-life/infrastructure/gol.cuh, line 4
#include <cstdint>
// ---- end of gol.cuh

#include <cstdint>
#include <cuda_runtime.h>

__device__ inline uint64_t get_cell(const uint64_t* grid, int x, int y, int grid_dimensions) {
    if (x < 0 || x >= grid_dimensions || y < 0 || y >= grid_dimensions) {
        return 0;
    }
    
    constexpr int cells_per_uint64 = 64;
    int index = y * grid_dimensions + x;
    int word_index = index / cells_per_uint64;
    int bit_index = index % cells_per_uint64;
    
    return (grid[word_index] >> bit_index) & 1ULL;
}

__global__ void gol_kernel(const uint64_t* input, uint64_t* output, int grid_dimensions) {
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    
    if (x >= grid_dimensions || y >= grid_dimensions) {
        return;
    }

    int neighbors = 0;
    
    for (int dy = -1; dy <= 1; dy++) {
        for (int dx = -1; dx <= 1; dx++) {
            if (dx == 0 && dy == 0) continue;
            neighbors += get_cell(input, x + dx, y + dy, grid_dimensions);
        }
    }
    
    uint64_t current_state = get_cell(input, x, y, grid_dimensions);
    uint64_t new_state = (neighbors == 3 || (current_state && neighbors == 2)) ? 1 : 0;
    
    if (new_state) {
        int index = y * grid_dimensions + x;
        int word_index = index / 64;
        int bit_index = index % 64;
        
        unsigned int* output32 = reinterpret_cast<unsigned int*>(output);
        int which_uint32 = (bit_index >= 32) ? 1 : 0;
        int bit_pos_in_uint32 = bit_index % 32;
        
        atomicOr(&output32[word_index * 2 + which_uint32], 1U << bit_pos_in_uint32);
    }
}
