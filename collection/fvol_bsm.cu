// tilelab kernel collection: fastvol's closed-form Black-Scholes-Merton prices of European options with a dividend
// Source:  https://github.com/vgalanti/fastvol/blob/e11d51bf3a9bf880674738f3e7671c11ead702d7/core/include/fastvol/european/bsm.cuh
//          (vgalanti/fastvol, commit e11d51b, Valerio Galanti's option pricing library, v0.1.1)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Valerio Galanti."), repeated below.
// yield, one option a thread (p_kernel: d1, d2, erf-based normal CDF, call or put by the flag's low bit), at float and
// double.
// Kept: lines 1-15 (its doc comment, #pragma once), 18-96 (<cuda_runtime.h>, the namespace alias cm, the namespace
// with its constants, p_func and p_kernel) and 235-237 (the "iv" marker and the namespace's close), unchanged.
// Removed: lines 16-17 (fastvol/detail/math.hpp, whose device namespace is copied in above, and
// fastvol/detail/price.cuh, host launch helpers) and 97-234 (optimal_batch_size and the host price<T> dispatcher).
// Copied in first, marked: core/include/fastvol/detail/math.hpp lines 11-12 (#pragma once, <cmath>), 14-15 and 71
// (namespace fastvol::detail::math, opened and closed) and 40-69 (its device namespace cuda: exp, log, sqrt, erf,
// fmax, fma, ..., norm_cdf), unchanged; the host templates of lines 15-38 left out.
// Selection, fixed before any run (collection/manifest.toml, the fvol_ entries): the __global__ kernels of fastvol's
// three price headers bsm.cuh, bopm.cuh and ttree.cuh (one each, every one at both instances its src/*.cu
// instantiates, float and double; psor.cuh, a finite-difference PSOR solver, not taken: its size), none dropped for
// its result, each launched as its host price<T> launches it on device data; the host's batches of up to 1,048,576
// options replaced by 1000 options (BSM, two blocks, the second partial) or 6 options (trees), with n_steps 128
// (binomial) and 64 (trinomial). Launch: p_kernel<<<(n + 511) / 512, BLOCK_SIZE = 512>>> (the on-device branch of
// price<T>).
//
// Copyright (c) 2025 Valerio Galanti.
//
// Permission is hereby granted, free of charge, to any person obtaining a copy of this software and associated documentation files (the "Software"), to deal in the Software without restriction, including without limitation the rights to use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of the Software, and to permit persons to whom the Software is furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.

// ---- core/include/fastvol/detail/math.hpp, lines 11-12, 14-15, 40-69, 71 (copied in) ----
#pragma once
#include <cmath>

namespace fastvol::detail::math
{
namespace cuda
{
#ifdef __CUDACC__
// math funcs
template <typename T> __device__ T exp(T x) { return ::exp(x); }
template <typename T> __device__ T log(T x) { return ::log(x); }
template <typename T> __device__ T sqrt(T x) { return ::sqrt(x); }
template <typename T> __device__ T erf(T x) { return ::erf(x); }
template <typename T> __device__ T cos(T x) { return ::cos(x); }
template <typename T> __device__ T fmax(T x, T y) { return ::fmax(x, y); }
template <typename T> __device__ T fmin(T x, T y) { return ::fmin(x, y); }
template <typename T> __device__ T fabs(T x) { return ::fabs(x); }
template <typename T> __device__ T fma(T x, T y, T z) { return ::fma(x, y, z); }
template <typename T> __device__ T copysign(T x, T y) { return ::copysign(x, y); }

// constants
template <typename T> __device__ constexpr T inv_sqrt2 = T(0.70710678118654752440);
template <typename T> __device__ constexpr T m_pi      = T(M_PI);

// normal dist
template <typename T> __device__ T norm_cdf(T x)
{
    return T(0.5) * (T(1.0) + erf(x * inv_sqrt2<T>));
}
template <typename T> __device__ T norm_pdf(T x)
{
    return (T(1.0) / sqrt(T(2.0) * m_pi<T>)) * exp(-T(0.5) * x * x);
}
#endif
} // namespace cuda

} // namespace fastvol::detail::math
// ---- end of math.hpp ----

// ---- bsm.cuh, lines 1-15 ----
/**
 * @file bsm.cuh
 * @brief CUDA implementation of the Black-Scholes-Merton (BSM) model for European options.
 *
 * @author Valerio Galanti
 * @date 2025
 * @version 0.1.1
 * @license MIT License
 *
 * This header defines the device functions, kernels, and host launchers required
 * to calculate the price of European options using the BSM model on a CUDA-enabled GPU.
 */

#pragma once

// ---- bsm.cuh, lines 18-96 ----
#include <cuda_runtime.h>

namespace cm = fastvol::detail::math::cuda;

/**
 * @namespace fastvol::european::bsm::cuda
 * @brief Provides the CUDA implementation for the Black-Scholes-Merton (BSM) model.
 *
 * This namespace contains the device functions, kernels, and host launchers required
 * to calculate the price of European options using the BSM model on a CUDA-enabled GPU.
 * It is optimized for batch processing and leverages the generic pricing helpers from
 * `fastvol::detail::cuda::price`.
 */
namespace fastvol::european::bsm::cuda
{
inline constexpr int    BLOCK_SIZE     = 512;
inline constexpr size_t MAX_BATCH_SIZE = 1'048'576;
inline constexpr size_t MIN_GRAPH_SIZE = 3 * MAX_BATCH_SIZE;

/* price =========================================================================================*/
/* device func -----------------------------------------------------------------------------------*/
/**
 * @brief Device function to calculate the price of a single European option using the BSM formula.
 * @tparam T The floating-point type (float or double).
 * @param S The current price of the underlying asset.
 * @param K The strike price of the option.
 * @param cp The option type flag ('c' for call, 'p' for put).
 * @param ttm The time to maturity of the option.
 * @param iv The implied volatility.
 * @param r The risk-free interest rate.
 * @param q The dividend yield.
 * @return The calculated price of the option.
 */
template <typename T> __forceinline__ __device__ T p_func(T S, T K, char cp, T ttm, T iv, T r, T q)
{
    const T iv_sqrt_t = iv * cm::sqrt(ttm);
    const T d1        = (cm::log(S / K) + (r + T(0.5) * iv * iv) * ttm) / iv_sqrt_t;
    const T d2        = d1 - iv_sqrt_t;
    const T nd1       = cm::norm_cdf(d1);
    const T nd2       = cm::norm_cdf(d2);
    const T S_        = S * cm::exp(-q * ttm);
    const T K_        = K * cm::exp(-r * ttm);
    const T c         = S_ * nd1 - K_ * nd2;
    const T p         = K_ * (T(1.0) - nd2) - S_ * (T(1.0) - nd1);

    return (cp & 1) * c + ((~cp) & 1) * p;
}
/* kernel ----------------------------------------------------------------------------------------*/
/**
 * @brief CUDA kernel for calculating BSM prices for a batch of options.
 *
 * Each thread processes one option.
 * @tparam T The floating-point type (float or double).
 * @param S Device pointer to underlying asset prices.
 * @param K Device pointer to strike prices.
 * @param cp Device pointer to option type flags.
 * @param ttm Device pointer to times to maturity.
 * @param iv Device pointer to implied volatilities.
 * @param r Device pointer to risk-free interest rates.
 * @param q Device pointer to dividend yields.
 * @param n_options The number of options in the batch.
 * @param[out] result Device pointer to store the calculated prices.
 */
template <typename T>
static __global__ void p_kernel(const T *__restrict__ S,
                                const T *__restrict__ K,
                                const char *__restrict__ cp,
                                const T *__restrict__ ttm,
                                const T *__restrict__ iv,
                                const T *__restrict__ r,
                                const T *__restrict__ q,
                                const size_t n_options,
                                T *__restrict__ result)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n_options) return;

    result[i] = p_func(S[i], K[i], cp[i], ttm[i], iv[i], r[i], q[i]);
}
// ---- bsm.cuh, lines 235-237 ----
/* iv ============================================================================================*/

} // namespace fastvol::european::bsm::cuda
