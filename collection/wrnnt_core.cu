// tilelab kernel collection: warp-rnnt's RNN-T loss (Ivan Sorokin's CUDA kernels): the forward (alphas) and backward
// (betas) lattices in one launch, blocks of 32 time steps x one label row chained by spin-waits on per-row atomic
// counters and a warp shuffle scan; the blank and label gradients; the costs
// Source:  https://github.com/1ytic/warp-rnnt/blob/66dfe053f236d86320c09cd5d1238828cc78b8fa/core.cu
//          (1ytic/warp-rnnt, commit 66dfe05)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2019 Ivan Sorokin", repeated below; core.cu carries no notice).
// Kept:    core.cu lines 3-4 (<stdio.h>, <assert.h>) and 10-370 (the W/G/B defines, idx2/idx3/idx4, log_sum_exp,
//          kernel_warp_alphas, kernel_warp_betas, kernel_warp, kernel_grads_blank, kernel_grads_label,
//          kernel_fill_costs), unchanged. Removed: line 1 (core.h: rnntStatus_t and the host declarations), lines 5-8
//          (<algorithm> and the CUDA runtime headers, host-only here) and run_warp_rnnt (lines 372-401, host code).
// Launches: run_warp_rnnt's four: kernel_warp<<<dim3((T + W - 1) / W, U, N), dim3(W, 2)>>>,
//          kernel_grads_blank<<<dim3((T + G - 1) / G, U, N), G>>>, kernel_grads_label<<<dim3((T + G - 1) / G, U - 1, N), G>>>,
//          kernel_fill_costs<<<(N + B - 1) / B, B>>>, with the pytorch binding's buffers (counts zeroed, N x 2U).

/*
MIT License

Copyright (c) 2019 Ivan Sorokin

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in all
copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
SOFTWARE.
*/

// ---- core.cu lines 3-4
#include <stdio.h>
#include <assert.h>
// ---- (core.cu lines 5-8: <algorithm> and the CUDA runtime headers, removed)

// ---- core.cu lines 10-370
#define W 32
#define G 1024
#define B 256

__forceinline__ __device__ static int idx2(int n, int u, int U1) {
    return n * U1 + u;
}

__forceinline__ __device__ static int idx3(int n, int t, int u, int T, int U) {
    return n * (T * U) + t * U + u;
}

__forceinline__ __device__ static int idx4(int n, int t, int u, int v, int T, int U, int V) {
    return n * (T * U * V) + t * (U * V) + u * V + v;
}

__forceinline__ __device__ static float log_sum_exp(float a, float b) {
    float maximum, diff;
    if (a > b) {
        maximum = a;
        diff = b-a;
    } else {
        maximum = b;
        diff = a-b;
    }
    //if (diff > -42) {
        maximum += log1pf(expf(diff));
    //}
    return maximum;
}

__device__
void kernel_warp_alphas(unsigned int *counts, volatile float *alphas,
                        const int *labels, const float *log_probs,
                        const int *xn, const int *yn, int T, int U, int V, int blank) {

    unsigned int d = threadIdx.x;
    unsigned int g = blockIdx.x;
    unsigned int u = blockIdx.y + 1;
    unsigned int n = blockIdx.z;
    unsigned int p = g * W;
    unsigned int t = p + d + 1;

    assert (d < W);
    assert (u <= U);
    assert (gridDim.y == U);
    assert (blockDim.x == W);

    int actual_t = xn[n];
    int actual_u = yn[n] + 1;

    if (t > actual_t || u > actual_u)
        return;

    unsigned int *lock = counts + n * U * 2 + blockIdx.y;

    if (blockIdx.x == 0 && blockIdx.y == 0) {
        alphas[idx3(n, 0, 0, T, U)] = 0;
    }

    if (blockIdx.x > 0) {
        // Wait previous row
        do {} while (atomicAdd(lock, 0) < g);
    }

    if (blockIdx.y > 0) {
        // Wait previous column
        do {} while (atomicAdd(lock-1, 0) <= g);
    }

    if (blockIdx.x == 0 && u < actual_u) {

        // Compute initial row value

        unsigned int l = labels[idx2(n, u-1, U-1)];

        float a = alphas[idx3(n, 0, u-1, T, U)];
        float b = log_probs[idx4(n, 0, u-1, l, T, U, V)];

        alphas[idx3(n, 0, u, T, U)] = a + b;
    }

    if (blockIdx.y == 0 && t < actual_t) {

        // Compute initial column with local scan algorithm

        float a;
        float b = log_probs[idx4(n, t-1, 0, blank, T, U, V)];

#pragma unroll
        for(unsigned int i = 1; i < W; i *= 2) {
            a = __shfl_up_sync(0xffffffff, b, i);
            if (i <= d) {
                b += a;
            }
        }

        a = alphas[idx3(n, p, 0, T, U)];

        alphas[idx3(n, t, 0, T, U)] = a + b;
    }

    if (t < actual_t && u < actual_u) {

        // Ready to compute alphas[t, u]

        unsigned int l = labels[idx2(n, u-1, U-1)];

        float bias = log_probs[idx4(n, t-1, u, blank, T, U, V)];
        float skip = alphas[idx3(n, p, u, T, U)] + bias;
        float emit = alphas[idx3(n, t, u-1, T, U)] + log_probs[idx4(n, t, u-1, l, T, U, V)];

        float r = log_sum_exp(skip, emit);
        float output = r;

        for(unsigned int i = 1; i < W; i++) {
            r = __shfl_up_sync(0xffffffff, r, 1);
            if (i == d) {
                r = log_sum_exp(r + bias, emit);
                output = r;
            }
        }

        alphas[idx3(n, t, u, T, U)] = output;
    }

    if (d == 0) {
        // https://stackoverflow.com/a/5233737
        __threadfence();
        atomicAdd(lock, 1);
    }
}

__device__
void kernel_warp_betas(unsigned int *counts, volatile float *betas,
                       const int *labels, const float *log_probs,
                       const int *xn, const int *yn, int T, int U, int V, int blank) {

    unsigned int d = threadIdx.x;
    unsigned int g = blockIdx.x;
    unsigned int u = blockIdx.y + 1;
    unsigned int n = blockIdx.z;
    unsigned int p = g * W;
    unsigned int t = p + d + 1;

    assert (d < W);
    assert (u <= U);
    assert (gridDim.y == U);
    assert (blockDim.x == W);

    int actual_t = xn[n];
    int actual_u = yn[n] + 1;

    if (t > actual_t || u > actual_u)
        return;

    int T1 = actual_t - 1;
    int U1 = actual_u - 1;

    unsigned int *lock = counts + n * U * 2 + U + blockIdx.y;

    if (blockIdx.x == 0 && blockIdx.y == 0) {
        betas[idx3(n, T1, U1, T, U)] = log_probs[idx4(n, T1, U1, blank, T, U, V)];
    }

    if (blockIdx.x > 0) {
        // Wait previous row
        do {} while (atomicAdd(lock, 0) < g);
    }

    if (blockIdx.y > 0) {
        // Wait previous column
        do {} while (atomicAdd(lock-1, 0) <= g);
    }

    if (blockIdx.x == 0 && u < actual_u) {

        // Compute last row value

        unsigned int l = labels[idx2(n, U1-u, U-1)];

        float a = betas[idx3(n, T1, U1-u+1, T, U)];
        float b = log_probs[idx4(n, T1, U1-u, l, T, U, V)];

        betas[idx3(n, T1, U1-u, T, U)] = a + b;
    }

    if (blockIdx.y == 0 && t < actual_t) {

        // Compute last column with local scan algorithm

        float a;
        float b = log_probs[idx4(n, T1-t, U1, blank, T, U, V)];

#pragma unroll
        for(unsigned int i = 1; i < W; i *= 2) {
            a = __shfl_up_sync(0xffffffff, b, i);
            if (i <= d) {
                b += a;
            }
        }

        a = betas[idx3(n, T1-p, U1, T, U)];

        betas[idx3(n, T1-t, U1, T, U)] = a + b;
    }

    if (t < actual_t && u < actual_u) {

        // Ready to compute betas[T1-t, U1-u]

        unsigned int l = labels[idx2(n, U1-u, U-1)];

        float bias = log_probs[idx4(n, T1-t, U1-u, blank, T, U, V)];
        float skip = betas[idx3(n, T1-p, U1-u, T, U)] + bias;
        float emit = betas[idx3(n, T1-t, U1-u+1, T, U)] + log_probs[idx4(n, T1-t, U1-u, l, T, U, V)];

        float r = log_sum_exp(skip, emit);
        float output = r;

        for(unsigned int i = 1; i < W; i++) {
            r = __shfl_up_sync(0xffffffff, r, 1);
            if (i == d) {
                r = log_sum_exp(r + bias, emit);
                output = r;
            }
        }

        betas[idx3(n, T1-t, U1-u, T, U)] = output;
    }

    if (d == 0) {
        // https://stackoverflow.com/a/5233737
        __threadfence();
        atomicAdd(lock, 1);
    }
}

__global__
void kernel_warp(unsigned int *counts, volatile float *alphas, volatile float *betas,
                 const int *labels, const float *log_probs,
                 const int *xn, const int *yn, int T, int U, int V, int blank) {
    if (threadIdx.y == 0) {
        kernel_warp_alphas(counts, alphas, labels, log_probs, xn, yn, T, U, V, blank);
    }
    else if (threadIdx.y == 1) {
        kernel_warp_betas(counts, betas, labels, log_probs, xn, yn, T, U, V, blank);
    }
}

__global__
void kernel_grads_blank(float *grads, const float *alphas, const float *betas, const float *log_probs,
                        const int *xn, const int *yn, int T, int U, int V, int blank) {

    unsigned int d = threadIdx.x;
    unsigned int g = blockIdx.x;
    unsigned int u = blockIdx.y;
    unsigned int n = blockIdx.z;
    unsigned int t = g * G + d;

    assert (u < U);
    assert (d < G);
    assert (blockDim.x == G);
    assert (gridDim.y == U);

    int actual_t = xn[n];
    int actual_u = yn[n] + 1;

    if (t >= actual_t || u >= actual_u)
        return;

    if (t == actual_t-1 && u < actual_u-1)
        return;

    float a = alphas[idx3(n, t, u, T, U)];

    if (t < actual_t-1) {
        a += betas[idx3(n, t+1, u, T, U)];
    }

    unsigned int index = idx4(n, t, u, blank, T, U, V);

    a = expf(a + log_probs[index] - betas[idx3(n, 0, 0, T, U)]);

    grads[index] = -a;
}

__global__
void kernel_grads_label(float *grads, const float *alphas, const float *betas,
                        const int *labels, const float *log_probs,
                        const int *xn, const int *yn, int T, int U, int V, float fastemit_lambda) {

    unsigned int d = threadIdx.x;
    unsigned int g = blockIdx.x;
    unsigned int u = blockIdx.y;
    unsigned int n = blockIdx.z;
    unsigned int t = g * G + d;

    assert (u < U - 1);
    assert (d < G);
    assert (blockDim.x == G);
    assert (gridDim.y == U - 1);

    int actual_t = xn[n];
    int actual_u = yn[n];

    if (t >= actual_t || u >= actual_u)
        return;

    unsigned int l = labels[idx2(n, u, U-1)];

    float a = alphas[idx3(n, t, u, T, U)] + betas[idx3(n, t, u+1, T, U)];

    unsigned int index = idx4(n, t, u, l, T, U, V);

    a = expf(a + log_probs[index] - betas[idx3(n, 0, 0, T, U)]);

    // apply FastEmit regularization
    // https://arxiv.org/abs/2010.11148
    a = (1. + fastemit_lambda) * a;

    grads[index] = -a;
}

__global__
void kernel_fill_costs(float *costs, float *grads, const float *alphas, const float *betas, const float *log_probs,
                       const int *xn, const int *yn, int N, int T, int U, int V, int blank) {

    unsigned int n = blockIdx.x * blockDim.x + threadIdx.x;

    if (n >= N)
        return;

    int t = xn[n] - 1;
    int u = yn[n];

    float a = alphas[idx3(n, t, u, T, U)] + log_probs[idx4(n, t, u, blank, T, U, V)];
    float b = betas[idx3(n, 0, 0, T, U)];

    float ratio = fabsf(a - b) / fabsf(fmaxf(a, b));

    if (ratio > 0.001) {

        printf("\nWARNING: sample %d [%d, %d] has a forward/backward mismatch %f / %f\n",
                n, t + 1, u, a, b);

        float *g = grads + idx4(n, 0, 0, 0, T, U, V);

        for (int i = 0; i < T; ++i) {
            for (int j = 0; j < U; ++j) {
                for (int v = 0; v < V; ++v, ++g) {
                    *g = 0;
                }
            }
        }

        b = (a + b) / 2.0f;
    }

    costs[n] = -b;
}
// ---- (run_warp_rnnt, core.cu lines 372-401, host code, removed)
