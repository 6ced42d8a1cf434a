// tilelab kernel collection: the Longstaff-Schwartz backward pass of an American option (here a put) over stored Monte
// Source:  https://github.com/sidx007/Monte-Carlo-cuda/blob/0e9d4bb08b11b85a795d4e53d7b8990c4bad779e/src/cuda/lsm_gpu.cu
//          (sidx007/Monte-Carlo-cuda, commit 0e9d4bb, American options by Longstaff-Schwartz Monte Carlo on CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 jntbatra"), repeated below.
// Carlo paths: the last date's value by Black-Scholes (erfc), each date's discounting with the in-the-money paths' 3x3
// regression statistics reduced per block (warp shuffles, one barrier), the exercise decision, and the block sums of
// the discounted cash flows and their squares; at float and double paths.
// Kept: lines 6-7 and 10-146 (<cuda_runtime.h>, <cmath>, LSM_STATS and the kernels lsm_init_terminal, lsm_accumulate,
// lsm_decide, lsm_reduce_cashflows), unchanged. Removed: lines 1-5 (the project's headers: reduction.cuh and
// hd_math.hpp are copied in, marked; lsm_gpu.h, cuda_check.h and lsm.hpp declare host code), lines 8-9 (<cstring>,
// <vector>: host) and lines 147-end (the host loop lsm_price_device_impl, its regression solve and the two entry
// points).
// Copied in first, marked: src/core/math_utils.hpp lines 8-10 (enum OptionType: OPTION_CALL, OPTION_PUT),
// src/core/hd_math.hpp lines 1 and 3-43 (MC_HD, mc_cnd by erfc, mc_bs_call, mc_bs_put, mc_bs_european, mc_intrinsic;
// its include of math_utils.hpp, line 2, left out: the enum is above) and src/cuda/reduction.cuh whole (lines 1-27:
// warp_reduce_sum, block_reduce_sum; read from the stored version at 08c21a5, the file unchanged since as far as the
// history shows), unchanged.
// Selection, fixed before any run (collection/manifest.toml, the lsmmc_ entries): every __global__ kernel of
// src/cuda/american_option.cu and src/cuda/lsm_gpu.cu (gen_paths_lcg_kernel, lsm_init_terminal, lsm_accumulate and
// lsm_decide at float and double, the two instances the host instantiates, and lsm_reduce_cashflows: 9 launches), none
// dropped for its result, each launched as price_american_call_cuda and lsm_price_device launch them with the
// benchmark's threads_per_block = 512 (src/benchmark/main.cpp): grid (N + 511) / 512, lsm_accumulate with num_warps *
// 9 * 8 bytes of dynamic shared memory, lsm_reduce_cashflows with num_warps * 8; the benchmark's contract kept (S0 = X
// = 100, T = 1, r = 0.05, v = 0.2, m = 10 exercise dates, dt = T / (m + 1)), its path counts (10 ... 1,000,000)
// replaced by N = 1000 (two blocks, the second partial); the LSM kernels for a put (OptionParams.type = OPTION_PUT:
// with the default call and no dividend no path is exercised early, so lsm_decide would change nothing);
// lsm_accumulate and lsm_decide at the host's first backward date i = m - 1 = 9, on the paths and cash flows numpy's
// readings of the earlier kernels give, lsm_decide with the coefficients a least-squares solve of that date's
// statistics gives (references.py); american_option_qmc.cu (Sobol and a Brownian bridge) not taken.
//
// MIT License
//
// Copyright (c) 2026 jntbatra
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

// ---- src/core/math_utils.hpp, lines 8-10 (copied in) ----
// Kept as a plain int rather than an enum class so the value can be passed
// straight into a CUDA kernel argument list.
enum OptionType { OPTION_CALL = 0, OPTION_PUT = 1 };

// ---- src/core/hd_math.hpp, lines 1 and 3-43 (copied in) ----
#pragma once
#include <cmath>

// Option math compiled identically for host and device, so the CPU and CUDA
// backends compute the same function rather than two similar ones. Unqualified
// sqrt/log/exp/erfc resolve to the double overloads on both sides.

#if defined(__CUDACC__)
  #define MC_HD __host__ __device__
#else
  #define MC_HD
#endif

MC_HD inline double mc_max(double a, double b) { return a > b ? a : b; }

MC_HD inline double mc_cnd(double d) {
    return 0.5 * erfc(-d * 0.70710678118654752440);
}

MC_HD inline double mc_bs_call(double S, double X, double t, double v, double r) {
    if (t <= 0.0) return mc_max(S - X, 0.0);
    const double sqrt_t = sqrt(t);
    const double d1 = (log(S / X) + (r + 0.5 * v * v) * t) / (v * sqrt_t);
    const double d2 = d1 - v * sqrt_t;
    return S * mc_cnd(d1) - X * exp(-r * t) * mc_cnd(d2);
}

MC_HD inline double mc_bs_put(double S, double X, double t, double v, double r) {
    if (t <= 0.0) return mc_max(X - S, 0.0);
    // Put-call parity.
    return mc_bs_call(S, X, t, v, r) - S + X * exp(-r * t);
}

MC_HD inline double mc_bs_european(int type, double S, double X, double t,
                                   double v, double r) {
    return type == OPTION_PUT ? mc_bs_put(S, X, t, v, r)
                              : mc_bs_call(S, X, t, v, r);
}

MC_HD inline double mc_intrinsic(int type, double S, double X) {
    return type == OPTION_PUT ? X - S : S - X;
}

// ---- src/cuda/reduction.cuh, lines 1-27 (whole, copied in) ----
#pragma once
#include <cuda_runtime.h>

__device__ __forceinline__
double warp_reduce_sum(double val) {
    for (int offset = 16; offset > 0; offset >>= 1)
        val += __shfl_down_sync(0xFFFFFFFF, val, offset);
    return val;
}

__device__ __forceinline__
double block_reduce_sum(double val, double* sdata) {
    int tid  = threadIdx.x;
    int lane = tid & 31;
    int wid  = tid >> 5;

    val = warp_reduce_sum(val);

    if (lane == 0) sdata[wid] = val;
    __syncthreads();

    int num_warps = (blockDim.x + 31) >> 5;
    val = (tid < num_warps) ? sdata[tid] : 0.0;
    if (wid == 0) val = warp_reduce_sum(val);

    return val;
}

// ---- src/cuda/lsm_gpu.cu, lines 6-7 and 10-146 ----
#include <cuda_runtime.h>
#include <cmath>

// Per-node regression statistics reduced out of each block: the six unique
// entries of the symmetric 3x3 A^T A, then A^T y.
//
// There is no separate in-the-money counter. The first basis function is the
// constant 1, so A^T A's leading entry already IS that count; carrying it twice
// cost an extra double reduction on every timestep.
static const int LSM_STATS = 9;

// ---------------------------------------------------------------------------
// Node m sits at T - dt. The value of holding there is the European value over
// the remaining step -- an exact conditional expectation, so this node needs no
// regression.
template <typename T>
__global__ void lsm_init_terminal(double* __restrict__ C,
                                  const T* __restrict__ S,
                                  int m, int N,
                                  double X, double dt, double v, double r,
                                  int type)
{
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= N) return;

    const double s    = static_cast<double>(S[static_cast<size_t>(m) * N + n]);
    const double cont = mc_bs_european(type, s, X, dt, v, r);
    const double intr = mc_intrinsic(type, s, X);
    C[n] = intr > cont ? intr : cont;
}

// ---------------------------------------------------------------------------
// Discounts every path one step back and, in the same sweep, accumulates the
// regression over the in-the-money subset.
//
// Partial sums are written per block and finished on the host rather than
// atomically accumulated on the device: atomicAdd on doubles would make the
// result depend on block completion order, so two runs of the same pricer could
// disagree. Blocks are summed in index order instead, which is reproducible.
template <typename T>
__global__ void lsm_accumulate(double* __restrict__ C,
                               const T* __restrict__ S,
                               double* __restrict__ block_stats,
                               int i, int N,
                               double X, int type, double discount)
{
    extern __shared__ double sdata[];

    int n = blockIdx.x * blockDim.x + threadIdx.x;

    double acc[LSM_STATS];
    #pragma unroll
    for (int k = 0; k < LSM_STATS; ++k) acc[k] = 0.0;

    if (n < N) {
        const double c = C[n] * discount;
        C[n] = c;

        const double s    = static_cast<double>(S[static_cast<size_t>(i) * N + n]);
        const double intr = mc_intrinsic(type, s, X);
        if (intr > 0.0) {                       // out of the money: no decision
            const double b0 = 1.0;
            const double b1 = s / X;
            const double b2 = b1 * b1;

            acc[0] = b0 * b0; acc[1] = b0 * b1; acc[2] = b0 * b2;
            acc[3] = b1 * b1; acc[4] = b1 * b2; acc[5] = b2 * b2;
            acc[6] = b0 * c;  acc[7] = b1 * c;  acc[8] = b2 * c;
        }
    }

    // Reduce all nine accumulators with ONE barrier rather than one barrier
    // each. Warp shuffles are warp-synchronous and need no __syncthreads, so
    // only the cross-warp stage has to be fenced. The previous version called
    // block_reduce_sum in a loop and paid nine full block barriers per
    // timestep -- 171 barriers over a 20-date sweep, for nothing.
    const int lane   = threadIdx.x & 31;
    const int wid    = threadIdx.x >> 5;
    const int nwarps = (blockDim.x + 31) >> 5;

    #pragma unroll
    for (int k = 0; k < LSM_STATS; ++k) acc[k] = warp_reduce_sum(acc[k]);

    if (lane == 0) {
        #pragma unroll
        for (int k = 0; k < LSM_STATS; ++k) sdata[k * nwarps + wid] = acc[k];
    }
    __syncthreads();

    if (wid == 0) {
        for (int k = 0; k < LSM_STATS; ++k) {
            double val = (lane < nwarps) ? sdata[k * nwarps + lane] : 0.0;
            val = warp_reduce_sum(val);
            if (lane == 0)
                block_stats[static_cast<size_t>(blockIdx.x) * LSM_STATS + k] = val;
        }
    }
}

// ---------------------------------------------------------------------------
// Applies the exercise decision. The regression supplies the decision only;
// the value recorded is always the realised intrinsic, never the fitted one.
template <typename T>
__global__ void lsm_decide(double* __restrict__ C,
                           const T* __restrict__ S,
                           int i, int N,
                           double X, int type,
                           double beta0, double beta1, double beta2)
{
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    if (n >= N) return;

    const double s    = static_cast<double>(S[static_cast<size_t>(i) * N + n]);
    const double intr = mc_intrinsic(type, s, X);
    if (intr <= 0.0) return;

    const double x   = s / X;
    const double fit = beta0 + beta1 * x + beta2 * x * x;
    if (intr > fit) C[n] = intr;
}

// ---------------------------------------------------------------------------
// Reduces both the sum and the sum of squares of the discounted cashflows, so
// the caller can report a standard error alongside the price.
__global__ void lsm_reduce_cashflows(const double* __restrict__ C,
                                     double* __restrict__ block_sums,
                                     double discount, int N)
{
    extern __shared__ double sdata[];
    int n = blockIdx.x * blockDim.x + threadIdx.x;
    const double x = (n < N) ? C[n] * discount : 0.0;

    double s = block_reduce_sum(x, sdata);
    if (threadIdx.x == 0) block_sums[blockIdx.x] = s;

    __syncthreads();
    double sq = block_reduce_sum(x * x, sdata);
    if (threadIdx.x == 0) block_sums[gridDim.x + blockIdx.x] = sq;
}
