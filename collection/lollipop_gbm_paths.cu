// tilelab kernel collection: lollipop's geometric Brownian motion paths (xorshift32, Box-Muller)
// Source:  https://github.com/poyea/lollipop/blob/69a5ebe8d19e4f64bc1b2c955d455ba85cb47b27/lollipop/kernels/_sources/gbm_paths.cu
//          (poyea/lollipop, commit 69a5ebe: a library of CUDA kernels launched from CuPy wrappers)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025-2026 John Law https://github.com/poyea"; the file
//          carries no notice of its own: the LICENSE's notice is repeated below).
// Kept: the whole file, unchanged (lines 1-55 of the original: it holds device code only; the host's launch is
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
 *  Geometric Brownian Motion (GBM) path generation.
 *
 *  Each thread simulates one independent price path using the exact
 *  log-normal discretisation:
 *      S(t+dt) = S(t) * exp((mu - sigma^2/2)*dt + sigma*sqrt(dt)*Z)
 *  where Z ~ N(0,1) is generated via Box-Muller transform.
 *
 *  The xorshift32 PRNG provides fast per-thread random state.
 *  Box-Muller converts two uniform samples into a normal sample:
 *      Z = sqrt(-2*ln(u1)) * cos(2*pi*u2)
 *
 *  Parameters:
 *      paths     — output array (num_paths x (num_steps+1), float32)
 *      S0        — initial asset price
 *      mu        — drift (expected annual return)
 *      sigma     — volatility (annual)
 *      dt        — time step (T / num_steps)
 *      num_steps — number of time steps per path
 *      num_paths — number of independent paths
 *      seed      — RNG seed
 *
 *  Launch: block=(256,), grid=((num_paths+255)/256,)
 */
extern "C" __global__
void gbm_paths(float* paths, float S0, float mu, float sigma,
               float dt, int num_steps, int num_paths, unsigned int seed) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= num_paths) return;

    /* Per-thread xorshift32 RNG */
    unsigned int rng = (unsigned int)tid * 1099087573u + seed;
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;

    float drift = (mu - 0.5f * sigma * sigma) * dt;
    float diffusion = sigma * sqrtf(dt);

    int stride = num_steps + 1;
    float S = S0;
    paths[tid * stride] = S;

    for (int step = 1; step <= num_steps; step++) {
        /* Box-Muller: generate standard normal from two uniforms */
        rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
        float u1 = (float)(rng & 0x7FFFFFFFu) / (float)0x7FFFFFFFu;
        u1 = fmaxf(u1, 1e-10f);
        rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
        float u2 = (float)(rng & 0x7FFFFFFFu) / (float)0x7FFFFFFFu;

        float z = sqrtf(-2.0f * logf(u1)) * cosf(6.2831853f * u2);

        S = S * expf(drift + diffusion * z);
        paths[tid * stride + step] = S;
    }
}
