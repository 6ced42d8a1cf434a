// tilelab kernel collection: fastvol's American options priced by a trinomial tree, one option a block: the 2 n_steps
// Source:  https://github.com/vgalanti/fastvol/blob/e11d51bf3a9bf880674738f3e7671c11ead702d7/core/include/fastvol/american/ttree.cuh
//          (vgalanti/fastvol, commit e11d51b, Valerio Galanti's option pricing library, v0.1.1)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2025 Valerio Galanti."), repeated below.
// + 1 exercise values precomputed into shared memory, then n_steps backward steps over two shared buffers (pu, pm, pd
// from the drift), each max(held, exercise), a block.sync() between steps; at float and double.
// Kept: lines 1-15 (its doc comment, #pragma once), 19-156 (<cooperative_groups.h>, <cuda_runtime.h>, the aliases cg
// and cm, the namespace with its constants, p_func and p_kernel) and 313-315 (the "iv" marker and the namespace's
// close), unchanged. Removed: lines 16-18 (fastvol/detail/cuda.cuh, fastvol/detail/math.hpp, whose device namespace is
// copied in above, and fastvol/detail/price.cuh) and 157-312 (optimal_threads_per_option, fixed at 256, and the host
// price<T>).
// Copied in first, marked: core/include/fastvol/detail/math.hpp lines 11-12 (#pragma once, <cmath>), 14-15 and 71
// (namespace fastvol::detail::math, opened and closed) and 40-69 (its device namespace cuda: exp, log, sqrt, erf,
// fmax, fma, ..., norm_cdf), unchanged; the host templates of lines 15-38 left out.
// Selection, fixed before any run (collection/manifest.toml, the fvol_ entries): the __global__ kernels of fastvol's
// three price headers bsm.cuh, bopm.cuh and ttree.cuh (one each, every one at both instances its src/*.cu
// instantiates, float and double; psor.cuh, a finite-difference PSOR solver, not taken: its size), none dropped for
// its result, each launched as its host price<T> launches it on device data; the host's batches of up to 1,048,576
// options replaced by 1000 options (BSM, two blocks, the second partial) or 6 options (trees), with n_steps 128
// (binomial) and 64 (trinomial). Launch: p_kernel<<<n_options, 256, 3 * (2 * n_steps + 1) * sizeof(T)>>> (the on-
// device branch of price<T>).
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

// ---- ttree.cuh, lines 1-15 ----
/**
 * @file ttree.cuh
 * @brief CUDA implementation of the Trinomial Tree model for American options.
 *
 * @author Valerio Galanti
 * @date 2025
 * @version 0.1.1
 * @license MIT License
 *
 * This header defines the device functions, kernels, and host launchers required
 * to calculate the price of American options using a trinomial tree on a CUDA-enabled GPU.
 * It is optimized for batch processing and leverages shared memory and cooperative groups.
 */
#pragma once

// ---- ttree.cuh, lines 19-156 ----
#include <cooperative_groups.h>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;
namespace cm = fastvol::detail::math::cuda;

/**
 * @namespace fastvol::american::ttree::cuda
 * @brief Provides the CUDA implementation for the Trinomial Tree model for American options.
 *
 * This namespace contains the device functions, kernels, and host launchers required
 * to calculate the price of American options using a trinomial tree on a CUDA-enabled GPU.
 * It is optimized for batch processing and leverages shared memory and cooperative groups.
 */
namespace fastvol::american::ttree::cuda
{

inline constexpr size_t BATCH_SIZE     = 32'768;
inline constexpr size_t MAX_BATCH_SIZE = 1'048'576;
inline constexpr size_t MIN_GRAPH_SIZE = 3 * MAX_BATCH_SIZE;

/* price =========================================================================================*/
/* device func -----------------------------------------------------------------------------------*/
/**
 * @brief Device function to calculate the price of a single American option using a trinomial tree.
 * @tparam T The floating-point type (float or double).
 * @param S The current price of the underlying asset.
 * @param K The strike price of the option.
 * @param cp The option type flag ('c' for call, 'p' for put).
 * @param ttm The time to maturity of the option.
 * @param iv The implied volatility.
 * @param r The risk-free interest rate.
 * @param q The dividend yield.
 * @param n_steps The number of steps in the trinomial tree.
 * @param v_prev Shared memory buffer for the previous step's option values.
 * @param v_curr Shared memory buffer for the current step's option values.
 * @param ex Shared memory buffer for the pre-calculated exercise values at each node.
 * @return The calculated price of the option.
 */
template <typename T>
__forceinline__ __device__ T
p_func(T S, T K, char cp, T ttm, T iv, T r, T q, int n_steps, T *v_prev, T *v_curr, T *ex)
{
    cg::thread_block block = cg::this_thread_block();
    const int        tid   = threadIdx.x;

    // compute ttree consts
    const T dt   = ttm / n_steps;
    const T nu   = r - q - T(0.5) * iv * iv;
    const T dx   = iv * cm::sqrt(T(3.0) * dt);
    const T disc = cm::exp(-r * dt);

    const T u = cm::exp(dx);
    const T p = nu * cm::sqrt(dt) / (T(2.0) * iv * cm::sqrt(T(3.0)));

    const T pu = T(1.0) / T(6.0) + p;
    const T pm = T(2.0) / T(3.0);
    const T pd = T(1.0) / T(6.0) - p;

    const T dpu = disc * pu;
    const T dpm = disc * pm;
    const T dpd = disc * pd;

    const T log_u = cm::log(u);
    const T lsu   = cm::fma(-T(n_steps), log_u, cm::log(S));
    const T s     = T(2.0) * (cp & 1) - T(1.0);
    const T sK    = K * -s;

    // precompute exercise values w. tiling
    for (int j = tid; j < 2 * n_steps + 1; j += blockDim.x)
    {
        ex[j]     = cm::fmax(cm::fma(s, cm::exp(cm::fma(T(j), log_u, lsu)), sK), T(0.0));
        v_prev[j] = ex[j]; // init fill v
    }
    block.sync();

    // backtrack
    for (int i = 1; i <= n_steps; ++i)
    {
        for (int j = tid; j <= 2 * n_steps + 1 - 2 * i; j += blockDim.x)
        {
            const T held = dpu * v_prev[j + 2] + dpm * v_prev[j + 1] + dpd * v_prev[j];
            v_curr[j]    = cm::fmax(held, ex[i + j]);
        }
        block.sync();

        // swap buffers
        T *tmp = v_prev;
        v_prev = v_curr;
        v_curr = tmp;
    }

    // all threads return same value
    return v_prev[0];
}

/* kernel ----------------------------------------------------------------------------------------*/
/**
 * @brief CUDA kernel for calculating trinomial tree prices for a batch of options.
 *
 * Each block processes one option. Threads within the block cooperate to calculate the price.
 * @tparam T The floating-point type (float or double).
 * @param S Device pointer to underlying asset prices.
 * @param K Device pointer to strike prices.
 * @param cp Device pointer to option type flags.
 * @param ttm Device pointer to times to maturity.
 * @param iv Device pointer to implied volatilities.
 * @param r Device pointer to risk-free interest rates.
 * @param q Device pointer to dividend yields.
 * @param n_steps The number of steps in the trinomial tree.
 * @param[out] result Device pointer to store the calculated prices.
 */
template <typename T>
static __global__ __launch_bounds__(256) void p_kernel(const T *__restrict__ S,
                                                       const T *__restrict__ K,
                                                       const char *__restrict__ cp,
                                                       const T *__restrict__ ttm,
                                                       const T *__restrict__ iv,
                                                       const T *__restrict__ r,
                                                       const T *__restrict__ q,
                                                       int n_steps,
                                                       T *__restrict__ result)
{
    const int i   = blockIdx.x;
    const int tid = threadIdx.x;

    // shared memory setup
    extern __shared__ char raw[];
    T                     *shared = reinterpret_cast<T *>(raw);
    T                     *v_prev = shared;
    T                     *v_curr = v_prev + (2 * n_steps + 1);
    T                     *ex     = v_curr + (2 * n_steps + 1);

    T price = p_func(S[i], K[i], cp[i], ttm[i], iv[i], r[i], q[i], n_steps, v_prev, v_curr, ex);

    if (tid == 0) result[i] = price;
}

// ---- ttree.cuh, lines 313-315 ----
/* iv ============================================================================================*/

} // namespace fastvol::american::ttree::cuda
