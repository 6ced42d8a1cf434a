// tilelab kernel collection: rapids-singlecell's 2-D Gaussian kernel density estimate (a thread a point, a streaming
// log-sum-exp over all points) (scverse/rapids_singlecell).
// Source:  https://github.com/scverse/rapids_singlecell/blob/d1cd06c4a529453c839992d5756500ac19508a54/src/rapids_singlecell/_cuda/kde/kernels_kde.cuh
//          (scverse/rapids_singlecell, commit d1cd06c, GPU single-cell analysis for scanpy and squidpy)
// Licence: MIT (the repository's LICENSE, repeated below); the source file carries no notice of its own.
// Kept: lines 1-46, all of it (neg_infinity<T> and gaussian_kde_2d_kernel<T>), unchanged. Nothing removed: the host
//       launchers and nanobind bindings are in the directory's .cu file, not in this header.
// Selection, fixed before any run (collection/manifest.toml, the rsc_ entries): gaussian_kde_2d_kernel<float> and
//       <double>, the two kde.cu binds, as launch_gaussian_kde_2d launches them (256 threads, (n + 255)/256 blocks) for
//       300 points, with _embedding_density.py's Scott's-rule coefficients a, b, c.
//
/*
 * MIT License
 *
 * Copyright (c) 2022, Severin Dicks
 * Copyright (c) 2025, scverse®
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */
#pragma once

#include <cuda_runtime.h>
#include <math_constants.h>

template <typename T>
__device__ __forceinline__ T neg_infinity();

template <>
__device__ __forceinline__ float neg_infinity<float>() {
    return -CUDART_INF_F;
}

template <>
__device__ __forceinline__ double neg_infinity<double>() {
    return -CUDART_INF;
}

template <typename T>
__global__ void gaussian_kde_2d_kernel(const T* __restrict__ xy,
                                       T* __restrict__ out, const int n,
                                       const T a, const T b, const T c) {
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;

    const T xi = xy[2 * i];
    const T yi = xy[2 * i + 1];

    T running_max = neg_infinity<T>();
    T running_sum = T(0);

    for (int j = 0; j < n; j++) {
        const T dx = xi - xy[2 * j];
        const T dy = yi - xy[2 * j + 1];
        const T log_k = a * dx * dx + b * dx * dy + c * dy * dy;

        if (log_k > running_max) {
            running_sum = running_sum * exp(running_max - log_k) + T(1);
            running_max = log_k;
        } else {
            running_sum += exp(log_k - running_max);
        }
    }

    out[i] = log(running_sum) + running_max;
}
