// tilelab kernel collection: the EuroPar 2025 LLM study's hand-written Game of Life reference 'baseline' (bool grid, one thread per cell)
// Source:  https://github.com/matyas-brabec/2025-europar-llm/blob/6a7c65ba9fdbb709583507402aed3ab2acc80148/framework/game-of-life/reference/baseline/gol.cu
// Licence: MIT (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept: lines 2-37 of the original (includes, macros, device helpers, the gol_kernel), unchanged. Removed:
//       line 1 (#include "gol.cuh", the harness's host prototypes) and lines 39-56 (the host functions
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

#include <cuda_runtime.h>
#include <iostream>

#define INDEX(x, y, dim) ((y) * (dim) + (x))

__global__ void gol_kernel(const bool* input, bool* output, int dim) {

    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    if (x >= dim || y >= dim) return;

    int count = 0;
    
    int x_start = (x == 0) ? 0 : -1;
    int x_end = (x == dim - 1) ? 0 : 1;
    int y_start = (y == 0) ? 0 : -1;
    int y_end = (y == dim - 1) ? 0 : 1;
    
    for (int dx = x_start; dx <= x_end; dx++) {
        for (int dy = y_start; dy <= y_end; dy++) {
            
            if (dx == 0 && dy == 0) continue;

            int nx = x + dx;
            int ny = y + dy;

            count += input[INDEX(nx, ny, dim)];
        }
    }

    int current = input[INDEX(x, y, dim)];
    int new_state = (count == 3 || (current && count == 2)) ? 1 : 0;

    output[INDEX(x, y, dim)] = new_state;
}
