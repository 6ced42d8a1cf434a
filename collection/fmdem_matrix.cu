// tilelab kernel collection: peads/demodulator's CUDA FM demodulator (IQ DC correction and FM discriminator)
// Source:  https://github.com/peads/demodulator/blob/cf81cc30186e8a182ac9b4b4eac0246531768f9c/cuda/matrix.cu
// Licence: GPL-3.0 (the repository's LICENSE, GNU GPL version 3; the file's own notice kept below)
// Kept: lines 1-19 (the notice) and 22-61 (correctIq and fmDemod) of the original, unchanged. Removed: line 20
//       (#include "matrix.cuh") and lines 63-109 (processMatrix, allocateBuffer: host code).
// Copied in, marked: include/matrix.cuh line 23 (#include <cstdint>, for uint8_t).

/*
 * This file is part of the demodulator distribution
 * (https://github.com/peads/demodulator).
 * with code originally part of the misc_snippets distribution
 * (https://github.com/peads/misc_snippets).
 * Copyright (c) 2023-2024 Patrick Eads.
 *
 * This program is free software: you can redistribute it and/or modify
 * it under the terms of the GNU General Public License as published by
 * the Free Software Foundation, version 3.
 *
 * This program is distributed in the hope that it will be useful, but
 * WITHOUT ANY WARRANTY; without even the implied warranty of
 * MERCHANTABILITY or FITNESS FOR A PARTICULAR PURPOSE. See the GNU
 * General Public License for more details.
 *
 * You should have received a copy of the GNU General Public License
 * along with this program. If not, see <http://www.gnu.org/licenses/>.
 */

// ---- copied in: include/matrix.cuh line 23
#include <cstdint>
// ---- end of copied lines

__global__
static void correctIq(
        const float esr,
        const uint8_t *__restrict__ in,
        const size_t len,
        float *__restrict__ out) {

    size_t i;
    static float off[2] = {};

    for (i = 0; i < len >> 1; i += 2) {
        out[i] = ((float) in[i]) - off[0];
        out[len - i - 2] = ((float) in[len - i - 2]) - off[0];

        out[i+1] = ((float) in[i + 1]) - off[1];
        out[len - i - 1] = ((float) in[len - i - 1]) - off[1];

        off[0] += (out[i] + out[len - i - 2]) * esr;
        off[1] += (out[i+1] + out[len - i - 1]) * esr;
    }
}

__global__
static void fmDemod(const float *in, const size_t len, float *out) {

    size_t i;
    size_t index = blockIdx.x * blockDim.x + threadIdx.x;
    size_t step = blockDim.x * gridDim.x;
    float zr, zj;

    for (i = index; i < len; i += step) {

        // ac-b(-d)=ac+bd
        // a(-d)+bc=-ad+bc
        zr = in[i] * in[i + 2] + in[i + 1] * in[i + 3];
        zj = -in[i] * in[i + 3] + in[i + 1] * in[i + 2];

        out[i >> 2] = atan2(zj, zr);
    }
}
