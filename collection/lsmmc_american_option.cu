// tilelab kernel collection: Monte Carlo paths of geometric Brownian motion for an American option pricer, one path a
// Source:  https://github.com/sidx007/Monte-Carlo-cuda/blob/0e9d4bb08b11b85a795d4e53d7b8990c4bad779e/src/cuda/american_option.cu
//          (sidx007/Monte-Carlo-cuda, commit 0e9d4bb, American options by Longstaff-Schwartz Monte Carlo on CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 jntbatra"), repeated below.
// thread (gen_paths_lcg_kernel: the thread's own 32-bit LCG seeded by its path number, Moro's inverse normal CDF, the
// paths stored time-major), at float (__uint2float_rn, __expf) and double.
// Kept: lines 7 and 9-42 (<cuda_runtime.h>, <cstdint>, <cmath>, the template gen_paths_lcg_kernel), unchanged.
// Removed: lines 1-6 (the project's headers: kernels.cuh and moro_device.cuh are copied in, marked; lsm_gpu.h,
// cuda_check.h, hd_math.hpp, math_utils.hpp and american_cuda.h are host declarations the kernel does not use), line 8
// (<chrono>, host timing) and lines 43-end (the host launcher price_american_call_cuda).
// Copied in first, marked: src/cuda/moro_device.cuh whole (lines 1-91: moro_inv_cnd_device at float and double) and
// src/cuda/kernels.cuh lines 1-3 and 6-37 (lcg_next and the PathMath<float>, PathMath<double> policies; its two
// project includes, lines 4-5, left out: moro_device.cuh is above, hd_math.hpp unused here), unchanged, at the same
// commit.
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

// ---- src/cuda/moro_device.cuh, lines 1-91 (whole, copied in) ----
#pragma once
#include <cuda_runtime.h>

// Moro's inverse cumulative normal, in double precision.
//
// This deliberately mirrors src/core/moro_inv_cnd.cpp coefficient for
// coefficient. The earlier single-precision version carried around 1e-7 of tail
// error -- larger than the QMC convergence advantage it was meant to help
// measure -- and made the CPU and GPU backends incomparable, so no test could
// tell a real GPU bug from expected precision drift. The cost is a slower
// kernel; a trustworthy comparison is the point of the project.
// Single-precision twin, used only by the float path-generation variant. Its
// tail error is ~1e-7, five orders of magnitude below the Monte Carlo standard
// error at any path count this project runs, and `profile_gpu` measures the
// resulting price difference rather than assuming it is negligible.
__device__ __forceinline__ float moro_inv_cnd_device(float u) {
    const float a0 =   2.50662823884f;
    const float a1 = -18.61500062529f;
    const float a2 =  41.39119773534f;
    const float a3 = -25.44106049637f;
    const float b0 =  -8.47351093090f;
    const float b1 =  23.08336743743f;
    const float b2 = -21.06224101826f;
    const float b3 =   3.13082909833f;
    const float c0 = 0.3374754822726147f;
    const float c1 = 0.9761690190917186f;
    const float c2 = 0.1607979714918209f;
    const float c3 = 0.0276438810333863f;
    const float c4 = 0.0038405729373609f;
    const float c5 = 0.0003951896511349f;
    const float c6 = 0.0000321767881768f;
    const float c7 = 0.0000002888167364f;
    const float c8 = 0.0000003960315187f;

    // __uint2float_rn(0xFFFFFFFF) rounds up to exactly 2^32, so the float LCG
    // CAN return exactly 1.0 -- observed as inf prices at N = 4e6 before this
    // clamp. 0.99999994f is nextafterf(1.0f, 0.0f); a tighter bound such as
    // 1 - 1e-10 is not representable and rounds straight back to 1.0f.
    u = fminf(fmaxf(u, 1.0e-7f), 0.99999994f);

    float x = u - 0.5f;
    float r;
    if (fabsf(x) < 0.42f) {
        r = x * x;
        r = x * (((a3 * r + a2) * r + a1) * r + a0) /
               ((((b3 * r + b2) * r + b1) * r + b0) * r + 1.0f);
    } else {
        r = (x > 0.0f) ? logf(-logf(1.0f - u)) : logf(-logf(u));
        r = c0 + r * (c1 + r * (c2 + r * (c3 + r * (c4 +
            r * (c5 + r * (c6 + r * (c7 + r * c8)))))));
        if (x < 0.0f) r = -r;
    }
    return r;
}

__device__ __forceinline__ double moro_inv_cnd_device(double u) {
    const double a0 =   2.50662823884;
    const double a1 = -18.61500062529;
    const double a2 =  41.39119773534;
    const double a3 = -25.44106049637;
    const double b0 =  -8.47351093090;
    const double b1 =  23.08336743743;
    const double b2 = -21.06224101826;
    const double b3 =   3.13082909833;
    const double c0 = 0.3374754822726147;
    const double c1 = 0.9761690190917186;
    const double c2 = 0.1607979714918209;
    const double c3 = 0.0276438810333863;
    const double c4 = 0.0038405729373609;
    const double c5 = 0.0003951896511349;
    const double c6 = 0.0000321767881768;
    const double c7 = 0.0000002888167364;
    const double c8 = 0.0000003960315187;

    // Matches the clamp in core/moro_inv_cnd.cpp so host and device agree.
    u = fmin(fmax(u, 1e-10), 1.0 - 1e-10);

    double x = u - 0.5;
    double r;
    if (fabs(x) < 0.42) {
        r = x * x;
        r = x * (((a3 * r + a2) * r + a1) * r + a0) /
               ((((b3 * r + b2) * r + b1) * r + b0) * r + 1.0);
    } else {
        r = (x > 0.0) ? log(-log(1.0 - u)) : log(-log(u));
        r = c0 + r * (c1 + r * (c2 + r * (c3 + r * (c4 +
            r * (c5 + r * (c6 + r * (c7 + r * c8)))))));
        if (x < 0.0) r = -r;
    }
    return r;
}

// ---- src/cuda/kernels.cuh, lines 1-3 and 6-37 (copied in) ----
#pragma once
#include <cuda_runtime.h>
#include <cstdint>

// Linear congruential generator, in double precision to match
// src/core/quasi_rng.cpp exactly. The state update is integer arithmetic and so
// is already exact; returning a double rather than a float is what makes the
// GPU draw the same uniforms as the CPU.
__device__ __forceinline__
double lcg_next(uint32_t& state) {
    state = 1664525u * state + 1013904223u;
    return static_cast<double>(state) * 2.3283064365386963e-10;
}

// Precision policy for path generation. The integer LCG state is identical
// either way; only the conversion and the downstream transcendentals differ.
template <typename T> struct PathMath;

template <> struct PathMath<double> {
    __device__ static double uniform(uint32_t& s) { return lcg_next(s); }
    __device__ static double inv_cnd(double u)    { return moro_inv_cnd_device(u); }
    __device__ static double expo(double x)       { return exp(x); }
};

template <> struct PathMath<float> {
    __device__ static float uniform(uint32_t& s) {
        s = 1664525u * s + 1013904223u;
        return __uint2float_rn(s) * 2.3283064365386963e-10f;
    }
    __device__ static float inv_cnd(float u) { return moro_inv_cnd_device(u); }
    __device__ static float expo(float x)    { return __expf(x); }
};

// Black-Scholes and payoff helpers now live in core/hd_math.hpp, compiled for
// both host and device: mc_bs_call, mc_bs_put, mc_bs_european, mc_intrinsic.

// ---- src/cuda/american_option.cu, lines 7 and 9-42 ----
#include <cuda_runtime.h>
#include <cstdint>
#include <cmath>

// ---------------- Path generation ----------------
// One thread per path, writing TIME-MAJOR: S[i*N + path].
//
// LSM regresses across paths at each exercise date, so the path set has to be
// materialised; the previous kernel kept it in a 64-double per-thread stack
// array, which was possible only because the naive recursion consumed each path
// in isolation.
//
// Every thread in a warp is at the same i on the same iteration, so writes land
// on consecutive addresses and coalesce. The point-major layout this replaced
// scattered them (m+1)*8 bytes apart, wasting 24 of every 32 bytes moved.
template <typename T>
__global__ void gen_paths_lcg_kernel(
    T* __restrict__ S,
    T S0, T drift, T vol_sqdt,
    int m, int N)
{
    int path = blockIdx.x * blockDim.x + threadIdx.x;
    if (path >= N) return;

    uint32_t seed = static_cast<uint32_t>(path + 1) * 1234567u;

    T s = S0;
    S[path] = s;                                   // i = 0
    for (int i = 1; i <= m; ++i) {
        const T u = PathMath<T>::uniform(seed);
        const T z = PathMath<T>::inv_cnd(u);
        s *= PathMath<T>::expo(drift + vol_sqdt * z);
        S[static_cast<size_t>(i) * N + path] = s;
    }
}
