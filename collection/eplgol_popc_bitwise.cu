// tilelab kernel collection: the EuroPar 2025 LLM study's hand-written Game of Life reference 'popc-bitwise' (row-packed words, __popcll of 3x3 masks)
// Source:  https://github.com/matyas-brabec/2025-europar-llm/blob/6a7c65ba9fdbb709583507402aed3ab2acc80148/framework/game-of-life/reference/popc-bitwise/gol.cu
// Licence: MIT (the repository's LICENSE, repeated below; the file carries no notice of its own).
// Kept: lines 2-93 of the original (includes, macros, device helpers, the gol_kernel), unchanged. Removed:
//       line 1 (#include "gol.cuh", the harness's host prototypes) and lines 95-115 (the host functions
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
#define WORD_TYPE uint64_t

__device__ WORD_TYPE load_word(const WORD_TYPE* input, int x_word, int y_word, int x_dim, int y_dim) {
    if (x_word < 0 || x_word >= x_dim || y_word < 0 || y_word >= y_dim) {
        return 0;
    }
    return input[y_word * x_dim + x_word];
}

__global__ void gol_kernel(const WORD_TYPE* input, WORD_TYPE* output, int dim) {

    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;

    int x_dim = dim / (sizeof(uint64_t) * 8);
    
    if (x >= x_dim || y >= dim) return;

    WORD_TYPE tl, tc, tr;
    WORD_TYPE cl, cc, cr;
    WORD_TYPE bl, bc, br;

    tl = load_word(input, x - 1, y - 1, x_dim, dim);
    tc = load_word(input, x,     y - 1, x_dim, dim);
    tr = load_word(input, x + 1, y - 1, x_dim, dim);
    cl = load_word(input, x - 1, y,     x_dim, dim);
    cc = load_word(input, x,     y,     x_dim, dim);
    cr = load_word(input, x + 1, y,     x_dim, dim);
    bl = load_word(input, x - 1, y + 1, x_dim, dim);
    bc = load_word(input, x,     y + 1, x_dim, dim);
    br = load_word(input, x + 1, y + 1, x_dim, dim);

    WORD_TYPE result = 0;

    for (int bit = 1; bit < sizeof(uint64_t) * 8 - 1; bit++) {

        WORD_TYPE top_neighbors = (tc >> (bit - 1)) & 7;
        WORD_TYPE center_neighbors = (cc >> (bit - 1)) & 5;
        WORD_TYPE bottom_neighbors = (bc >> (bit - 1)) & 7;

        WORD_TYPE neighbors = (top_neighbors << 6) | (center_neighbors << 3) | bottom_neighbors;

        int count = __popcll(neighbors);
        
        WORD_TYPE current = (cc >> bit) & 1;
        WORD_TYPE new_state = (count == 3 || (current && count == 2)) ? 1 : 0;

        result |= new_state << bit;
    }

    // 0th bit
    {
        int count = 0;
        
        count += (tl >> 63) & 1;
        count += (cl >> 63) & 1;
        count += (bl >> 63) & 1;

        count += __popcll(tc & 3);
        count += (cc >> 1) & 1;
        count += __popcll(bc & 3);
    
        WORD_TYPE current = cc & 1;
        
        WORD_TYPE new_state = (count == 3 || (current && count == 2)) ? 1 : 0;

        result |= new_state;
    }

    // 63rd bit
    {
        int count = 0;
        
        count += tr & 1;
        count += cr & 1;
        count += br & 1;

        count += __popcll(tc >> 62);
        count += (cc >> 62) & 1;
        count += __popcll(bc >> 62);

        WORD_TYPE current = (cc >> 63) & 1;
        WORD_TYPE new_state = (count == 3 || (current && count == 2)) ? 1 : 0;
        result |= new_state << 63;
    }

    output[y * x_dim + x] = result;
}
