// tilelab kernel collection: lollipop's Monte Carlo European option pricing (xorshift32, Box-Muller, float atomicAdd)
// Source:  https://github.com/poyea/lollipop/blob/69a5ebe8d19e4f64bc1b2c955d455ba85cb47b27/lollipop/kernels/_sources/monte_carlo_option.cu
//          (poyea/lollipop, commit 69a5ebe: a library of CUDA kernels launched from CuPy wrappers)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025-2026 John Law https://github.com/poyea"; the file
//          carries no notice of its own: the LICENSE's notice is repeated below).
// Kept: the whole file, unchanged (lines 1-60 of the original: it holds device code only; the host's launch is
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
 *  Monte Carlo European option pricing.
 *
 *  Each thread simulates multiple GBM terminal stock prices and
 *  accumulates discounted payoffs:
 *      S_T = S0 * exp((r - sigma^2/2)*T + sigma*sqrt(T)*Z)
 *      call payoff = max(S_T - K, 0)
 *      put  payoff = max(K - S_T, 0)
 *
 *  Thread-local payoff sums are added to global accumulators via
 *  atomicAdd.  The caller divides by total paths and discounts by
 *  e^(-rT) to get the option price.
 *
 *  Uses xorshift32 RNG + Box-Muller transform for normal samples.
 *
 *  Parameters:
 *      results          — float32[2]: [call_payoff_sum, put_payoff_sum]
 *      S0, K, r, sigma, T — option contract parameters
 *      paths_per_thread — how many paths each thread simulates
 *      num_threads      — total number of threads
 *      seed             — RNG seed
 *
 *  Launch: block=(256,), grid=((num_threads+255)/256,)
 */
extern "C" __global__
void monte_carlo_option(float* results, float S0, float K, float r,
                        float sigma, float T, int paths_per_thread,
                        int num_threads, unsigned int seed) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= num_threads) return;

    /* Per-thread xorshift32 RNG */
    unsigned int rng = (unsigned int)tid * 1099087573u + seed;
    rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;

    float drift = (r - 0.5f * sigma * sigma) * T;
    float diffusion = sigma * sqrtf(T);

    float call_sum = 0.0f;
    float put_sum = 0.0f;

    for (int p = 0; p < paths_per_thread; p++) {
        /* Box-Muller: generate standard normal from two uniforms */
        rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
        float u1 = (float)(rng & 0x7FFFFFFFu) / (float)0x7FFFFFFFu;
        u1 = fmaxf(u1, 1e-10f);
        rng ^= rng << 13; rng ^= rng >> 17; rng ^= rng << 5;
        float u2 = (float)(rng & 0x7FFFFFFFu) / (float)0x7FFFFFFFu;

        float z = sqrtf(-2.0f * logf(u1)) * cosf(6.2831853f * u2);

        float ST = S0 * expf(drift + diffusion * z);
        call_sum += fmaxf(ST - K, 0.0f);
        put_sum += fmaxf(K - ST, 0.0f);
    }

    /* results[0] = call payoff sum, results[1] = put payoff sum */
    atomicAdd(&results[0], call_sum);
    atomicAdd(&results[1], put_sum);
}
