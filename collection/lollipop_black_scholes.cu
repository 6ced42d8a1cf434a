// tilelab kernel collection: lollipop's closed-form Black-Scholes call and put prices (normcdff)
// Source:  https://github.com/poyea/lollipop/blob/69a5ebe8d19e4f64bc1b2c955d455ba85cb47b27/lollipop/kernels/_sources/black_scholes.cu
//          (poyea/lollipop, commit 69a5ebe: a library of CUDA kernels launched from CuPy wrappers)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025-2026 John Law https://github.com/poyea"; the file
//          carries no notice of its own: the LICENSE's notice is repeated below).
// Kept: the whole file, unchanged (lines 1-49 of the original: it holds device code only; the host's launch is
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
 *  Black-Scholes European option pricing.
 *
 *  Closed-form solution for European call and put prices:
 *      d1 = [ln(S/K) + (r + sigma^2/2)*T] / (sigma * sqrt(T))
 *      d2 = d1 - sigma * sqrt(T)
 *      call = S * N(d1) - K * e^(-rT) * N(d2)
 *      put  = K * e^(-rT) * N(-d2) - S * N(-d1)
 *
 *  Uses CUDA's built-in normcdff() for the cumulative normal distribution.
 *  Each thread prices one option contract independently.
 *
 *  Parameters:
 *      spot       — current underlying prices  (n float32)
 *      strike     — strike prices               (n float32)
 *      ttm        — time to maturity in years   (n float32)
 *      rate       — risk-free interest rates     (n float32)
 *      vol        — implied volatilities         (n float32)
 *      call_price — output call prices           (n float32)
 *      put_price  — output put prices            (n float32)
 *      n          — number of option contracts
 *
 *  Launch: block=(256,), grid=((n+255)/256,)
 */
extern "C" __global__
void black_scholes(const float* spot, const float* strike, const float* ttm,
                   const float* rate, const float* vol,
                   float* call_price, float* put_price, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    float S = spot[i];
    float K = strike[i];
    float T = ttm[i];
    float r = rate[i];
    float sigma = vol[i];

    float sqrt_T = sqrtf(T);
    float d1 = (logf(S / K) + (r + 0.5f * sigma * sigma) * T) / (sigma * sqrt_T);
    float d2 = d1 - sigma * sqrt_T;

    float Nd1 = normcdff(d1);
    float Nd2 = normcdff(d2);

    float discount = expf(-r * T);

    call_price[i] = S * Nd1 - K * discount * Nd2;
    put_price[i] = K * discount * (1.0f - Nd2) - S * (1.0f - Nd1);
}
