// tilelab kernel collection: lollipop's Monte Carlo estimate of pi (64-bit LCG, unsigned atomicAdd)
// Source:  https://github.com/poyea/lollipop/blob/69a5ebe8d19e4f64bc1b2c955d455ba85cb47b27/lollipop/kernels/_sources/monte_carlo_pi.cu
//          (poyea/lollipop, commit 69a5ebe: a library of CUDA kernels launched from CuPy wrappers)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025-2026 John Law https://github.com/poyea"; the file
//          carries no notice of its own: the LICENSE's notice is repeated below).
// Kept: the whole file, unchanged (lines 1-37 of the original: it holds device code only; the host's launch is
//       the wrapper's, in Python, not copied).
//
// The MIT License
//
// Copyright (c) 2025-2026 John Law https://github.com/poyea
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in
// all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
// THE SOFTWARE.

/*
 *  Monte Carlo estimation of pi.
 *
 *  Each thread samples random (x,y) points in the square [-1,1]^2
 *  and counts how many fall inside the unit circle (x^2 + y^2 <= 1).
 *
 *      pi ~ 4 * (points inside circle) / (total points)
 *
 *  Uses a linear congruential generator (LCG) for fast per-thread
 *  random state.  Thread-local counts are added to a global counter
 *  via atomicAdd.
 *
 *  Parameters:
 *      counts            — uint32[1] accumulator (caller zeroes it)
 *      samples_per_thread — how many (x,y) pairs each thread tests
 *      seed              — RNG seed
 *
 *  Launch: block=(256,), grid=((num_threads+255)/256,)
 */
extern "C" __global__
void monte_carlo_pi(unsigned int* counts, int samples_per_thread, unsigned long long seed) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long state = seed ^ ((unsigned long long)tid * 6364136223846793005ULL + 1);
    unsigned int inside = 0;

    for (int i = 0; i < samples_per_thread; i++) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        float x = (float)(state >> 33) / (float)(1ULL << 31) - 1.0f;
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        float y = (float)(state >> 33) / (float)(1ULL << 31) - 1.0f;

        if (x * x + y * y <= 1.0f)
            inside++;
    }

    atomicAdd(&counts[0], inside);
}
