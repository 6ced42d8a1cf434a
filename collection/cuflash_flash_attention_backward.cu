// tilelab kernel collection: CuFlash-Attn's float32 FlashAttention backward kernels (D = rowsum(dO * O); dQ a 64-row Q tile a block,
// dK and dV a 64-row K/V tile a block, each recomputing P from Q K^T and the forward's logsumexp, no atomics)
// Source:  https://github.com/LessUp/cuflash-attn/blob/8b2f59c6c46403a1ee3b99e49982b0c1605960e7/src/backward/flash_attention_backward.cu
//          (LessUp/cuflash-attn, commit 8b2f59c, the first commit with the repository's LICENSE: a FlashAttention library
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 LessUp"), repeated below.
//          in plain CUDA C++, forward and backward, float and half)
// Kept: lines 1-4, 10-328 (compute_D_kernel, the dQ and dK/dV kernels, their explicit instantiations) and 519, unchanged; src/kernels/matmul.cuh (which line 7 includes) copied in whole but its
//       #pragma once (lines 3-257: is_aligned_16, TilingConfig, load_tile_to_shared, store_tile_from_shared, matmul_*),
//       marked. Removed: lines 5-9 (the project's includes: cuflash/flash_attention.h, kernel_launch_utils.cuh,
//       matmul.cuh, online_softmax.cuh, workspace_utils.cuh) and 329-518 (the workspace and launch_flash_attention_backward).
// Selection, fixed before any run (collection/manifest.toml, the cuflash_ entries): every __global__ kernel of
// src/forward/flash_attention_forward.cu and src/backward/flash_attention_backward.cu at the head dimensions 32 and 64
// (the instances the launchers use there: BLOCK_M = BLOCK_N = 64, compute_D's BLOCK_SIZE 128), causal off and on, each
// launched as launch_flash_attention_forward / _backward launch it (grid (ceil(seq_len / 64), batch * heads), 128
// threads, the launcher's dynamic shared memory; compute_D (ceil(seq_len / 128), batch * heads)); the head-dimension-128
// instances (32 x 32 and 16 x 32 tiles) and the half files not taken; batch 1, 2 heads, seq_len 96.
//
// MIT License
//
// Copyright (c) 2026 LessUp
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

// src/backward/flash_attention_backward.cu, lines 1-4
// Flash Attention Backward Kernel Implementation

#include <float.h>

// src/kernels/matmul.cuh, lines 3-257 (included by line 7 of the source), copied in
#include <cuda_runtime.h>
#include <stdint.h>

namespace cuflash {

__device__ __forceinline__ bool is_aligned_16(const void* ptr) {
    return (reinterpret_cast<uintptr_t>(ptr) & 0xF) == 0;
}

// Tiling configuration
struct TilingConfig {
    static constexpr int BLOCK_M = 64;  // Q block rows
    static constexpr int BLOCK_N = 64;  // K/V block rows
    static constexpr int BLOCK_K = 64;  // Head dimension tile
    static constexpr int NUM_THREADS = 128;
    static constexpr int WARP_SIZE = 32;
};

// Load a tile from global memory to shared memory
// Handles boundary conditions when seq_len is not divisible by block size
// Uses float4 vectorized loads when alignment permits
template<int BLOCK_ROWS, int BLOCK_COLS>
__device__ __forceinline__ void load_tile_to_shared(const float* __restrict__ src,
                                                    float* __restrict__ dst, int row_start,
                                                    int col_start, int max_rows, int max_cols,
                                                    int src_stride) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = BLOCK_ROWS * BLOCK_COLS;

    const bool can_vectorize = (BLOCK_COLS % 4 == 0) && (src_stride % 4 == 0) &&
                               (col_start % 4 == 0) && is_aligned_16(src) && is_aligned_16(dst);

    // Use float4 vectorized loads only when pointer/stride alignment is guaranteed.
    if constexpr (BLOCK_COLS % 4 == 0) {
        if (can_vectorize) {
            const int total_vec = total_elements / 4;
            for (int i = tid; i < total_vec; i += num_threads) {
                int elem_idx = i * 4;
                int local_row = elem_idx / BLOCK_COLS;
                int local_col = elem_idx % BLOCK_COLS;
                int global_row = row_start + local_row;
                int global_col = col_start + local_col;

                float4 val = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
                if (global_row < max_rows && global_col + 3 < max_cols) {
                    val = *reinterpret_cast<const float4*>(
                        &src[global_row * src_stride + global_col]);
                } else if (global_row < max_rows) {
                    if (global_col < max_cols)
                        val.x = src[global_row * src_stride + global_col];
                    if (global_col + 1 < max_cols)
                        val.y = src[global_row * src_stride + global_col + 1];
                    if (global_col + 2 < max_cols)
                        val.z = src[global_row * src_stride + global_col + 2];
                    if (global_col + 3 < max_cols)
                        val.w = src[global_row * src_stride + global_col + 3];
                }
                *reinterpret_cast<float4*>(&dst[local_row * BLOCK_COLS + local_col]) = val;
            }
        } else {
            for (int i = tid; i < total_elements; i += num_threads) {
                int local_row = i / BLOCK_COLS;
                int local_col = i % BLOCK_COLS;
                int global_row = row_start + local_row;
                int global_col = col_start + local_col;

                if (global_row < max_rows && global_col < max_cols) {
                    dst[local_row * BLOCK_COLS + local_col] =
                        src[global_row * src_stride + global_col];
                } else {
                    dst[local_row * BLOCK_COLS + local_col] = 0.0f;
                }
            }
        }
    } else {
        for (int i = tid; i < total_elements; i += num_threads) {
            int local_row = i / BLOCK_COLS;
            int local_col = i % BLOCK_COLS;
            int global_row = row_start + local_row;
            int global_col = col_start + local_col;

            if (global_row < max_rows && global_col < max_cols) {
                dst[local_row * BLOCK_COLS + local_col] = src[global_row * src_stride + global_col];
            } else {
                dst[local_row * BLOCK_COLS + local_col] = 0.0f;
            }
        }
    }
}

// Store a tile from shared memory to global memory
// Uses float4 vectorized stores when alignment permits
template<int BLOCK_ROWS, int BLOCK_COLS>
__device__ __forceinline__ void store_tile_from_shared(const float* __restrict__ src,
                                                       float* __restrict__ dst, int row_start,
                                                       int col_start, int max_rows, int max_cols,
                                                       int dst_stride) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = BLOCK_ROWS * BLOCK_COLS;

    const bool can_vectorize = (BLOCK_COLS % 4 == 0) && (dst_stride % 4 == 0) &&
                               (col_start % 4 == 0) && is_aligned_16(src) && is_aligned_16(dst);

    if constexpr (BLOCK_COLS % 4 == 0) {
        if (can_vectorize) {
            const int total_vec = total_elements / 4;
            for (int i = tid; i < total_vec; i += num_threads) {
                int elem_idx = i * 4;
                int local_row = elem_idx / BLOCK_COLS;
                int local_col = elem_idx % BLOCK_COLS;
                int global_row = row_start + local_row;
                int global_col = col_start + local_col;

                if (global_row < max_rows && global_col + 3 < max_cols) {
                    float4 val =
                        *reinterpret_cast<const float4*>(&src[local_row * BLOCK_COLS + local_col]);
                    *reinterpret_cast<float4*>(&dst[global_row * dst_stride + global_col]) = val;
                } else if (global_row < max_rows) {
                    if (global_col < max_cols)
                        dst[global_row * dst_stride + global_col] =
                            src[local_row * BLOCK_COLS + local_col];
                    if (global_col + 1 < max_cols)
                        dst[global_row * dst_stride + global_col + 1] =
                            src[local_row * BLOCK_COLS + local_col + 1];
                    if (global_col + 2 < max_cols)
                        dst[global_row * dst_stride + global_col + 2] =
                            src[local_row * BLOCK_COLS + local_col + 2];
                    if (global_col + 3 < max_cols)
                        dst[global_row * dst_stride + global_col + 3] =
                            src[local_row * BLOCK_COLS + local_col + 3];
                }
            }
        } else {
            for (int i = tid; i < total_elements; i += num_threads) {
                int local_row = i / BLOCK_COLS;
                int local_col = i % BLOCK_COLS;
                int global_row = row_start + local_row;
                int global_col = col_start + local_col;

                if (global_row < max_rows && global_col < max_cols) {
                    dst[global_row * dst_stride + global_col] =
                        src[local_row * BLOCK_COLS + local_col];
                }
            }
        }
    } else {
        for (int i = tid; i < total_elements; i += num_threads) {
            int local_row = i / BLOCK_COLS;
            int local_col = i % BLOCK_COLS;
            int global_row = row_start + local_row;
            int global_col = col_start + local_col;

            if (global_row < max_rows && global_col < max_cols) {
                dst[global_row * dst_stride + global_col] = src[local_row * BLOCK_COLS + local_col];
            }
        }
    }
}

// Compute C = A @ B^T where A is MxK and B is NxK
// Result C is MxN
// All matrices are in shared memory
template<int M, int N, int K>
__device__ __forceinline__ void matmul_ABt(const float* __restrict__ A,  // MxK
                                           const float* __restrict__ B,  // NxK
                                           float* __restrict__ C,        // MxN
                                           float scale = 1.0f) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = M * N;

    for (int i = tid; i < total_elements; i += num_threads) {
        int row = i / N;
        int col = i % N;

        float sum = 0.0f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            sum += A[row * K + k] * B[col * K + k];
        }
        C[row * N + col] = sum * scale;
    }
}

// Compute C = A @ B where A is MxK and B is KxN
template<int M, int N, int K>
__device__ __forceinline__ void matmul_AB(const float* __restrict__ A,  // MxK
                                          const float* __restrict__ B,  // KxN
                                          float* __restrict__ C,        // MxN
                                          float scale = 1.0f) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = M * N;

    for (int i = tid; i < total_elements; i += num_threads) {
        int row = i / N;
        int col = i % N;

        float sum = 0.0f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            sum += A[row * K + k] * B[k * N + col];
        }
        C[row * N + col] = sum * scale;
    }
}

// Compute C += A @ B (accumulate)
template<int M, int N, int K>
__device__ __forceinline__ void matmul_AB_acc(const float* __restrict__ A,
                                              const float* __restrict__ B, float* __restrict__ C,
                                              float scale = 1.0f) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = M * N;

    for (int i = tid; i < total_elements; i += num_threads) {
        int row = i / N;
        int col = i % N;

        float sum = 0.0f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            sum += A[row * K + k] * B[k * N + col];
        }
        C[row * N + col] += sum * scale;
    }
}

// Compute C = A^T @ B where A is KxM and B is KxN
template<int M, int N, int K>
__device__ __forceinline__ void matmul_AtB(const float* __restrict__ A,  // KxM
                                           const float* __restrict__ B,  // KxN
                                           float* __restrict__ C,        // MxN
                                           float scale = 1.0f) {
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;
    const int total_elements = M * N;

    for (int i = tid; i < total_elements; i += num_threads) {
        int row = i / N;
        int col = i % N;

        float sum = 0.0f;
#pragma unroll
        for (int k = 0; k < K; k++) {
            sum += A[k * M + row] * B[k * N + col];
        }
        C[row * N + col] = sum * scale;
    }
}

}  // namespace cuflash
// end of src/kernels/matmul.cuh
// src/backward/flash_attention_backward.cu, lines 10-328

namespace cuflash {

// Compute D = rowsum(dO * O) for each row
// This is needed for the backward pass gradient computation
template<int BLOCK_SIZE, int HEAD_DIM>
__global__ void __launch_bounds__(128)
    compute_D_kernel(const float* __restrict__ dO,  // [batch*heads, seq_len, head_dim]
                     const float* __restrict__ O,   // [batch*heads, seq_len, head_dim]
                     float* __restrict__ D,         // [batch*heads, seq_len]
                     int seq_len) {
    const int batch_head_idx = blockIdx.y;
    const int row_idx = blockIdx.x * BLOCK_SIZE + threadIdx.x;

    if (row_idx >= seq_len)
        return;

    const float* dO_row = dO + batch_head_idx * seq_len * HEAD_DIM + row_idx * HEAD_DIM;
    const float* O_row = O + batch_head_idx * seq_len * HEAD_DIM + row_idx * HEAD_DIM;

    float sum = 0.0f;
#pragma unroll
    for (int d = 0; d < HEAD_DIM; d++) {
        sum += dO_row[d] * O_row[d];
    }

    D[batch_head_idx * seq_len + row_idx] = sum;
}

// Compute dQ for one q-block without atomics by owning the full output tile.
template<int BLOCK_M, int BLOCK_N, int HEAD_DIM>
__global__ void __launch_bounds__(128) flash_attention_backward_dq_kernel(
    const float* __restrict__ Q,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ K,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ V,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ L,   // [batch*heads, seq_len]
    const float* __restrict__ dO,  // [batch*heads, seq_len, head_dim]
    const float* __restrict__ D,   // [batch*heads, seq_len]
    float* __restrict__ dQ,        // [batch*heads, seq_len, head_dim]
    int seq_len, float scale, bool causal) {
    const int batch_head_idx = blockIdx.y;
    const int q_block_idx = blockIdx.x;

    const float* Q_ptr = Q + batch_head_idx * seq_len * HEAD_DIM;
    const float* K_ptr = K + batch_head_idx * seq_len * HEAD_DIM;
    const float* V_ptr = V + batch_head_idx * seq_len * HEAD_DIM;
    const float* L_ptr = L + batch_head_idx * seq_len;
    const float* dO_ptr = dO + batch_head_idx * seq_len * HEAD_DIM;
    const float* D_ptr = D + batch_head_idx * seq_len;
    float* dQ_ptr = dQ + batch_head_idx * seq_len * HEAD_DIM;

    const int q_start = q_block_idx * BLOCK_M;
    if (q_start >= seq_len)
        return;

    const int num_kv_blocks = (seq_len + BLOCK_N - 1) / BLOCK_N;
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;

    extern __shared__ float smem[];
    float* Q_tile = smem;                          // BLOCK_M x HEAD_DIM
    float* dO_tile = Q_tile + BLOCK_M * HEAD_DIM;  // BLOCK_M x HEAD_DIM
    float* K_tile = dO_tile + BLOCK_M * HEAD_DIM;  // BLOCK_N x HEAD_DIM
    float* V_tile = K_tile + BLOCK_N * HEAD_DIM;   // BLOCK_N x HEAD_DIM
    float* S_tile = V_tile + BLOCK_N * HEAD_DIM;   // BLOCK_M x BLOCK_N (reused for dS)
    float* dQ_tile = S_tile + BLOCK_M * BLOCK_N;   // BLOCK_M x HEAD_DIM
    float* L_tile = dQ_tile + BLOCK_M * HEAD_DIM;  // BLOCK_M
    float* D_tile = L_tile + BLOCK_M;              // BLOCK_M

    load_tile_to_shared<BLOCK_M, HEAD_DIM>(Q_ptr, Q_tile, q_start, 0, seq_len, HEAD_DIM, HEAD_DIM);
    load_tile_to_shared<BLOCK_M, HEAD_DIM>(dO_ptr, dO_tile, q_start, 0, seq_len, HEAD_DIM,
                                           HEAD_DIM);

    for (int i = tid; i < BLOCK_M * HEAD_DIM; i += num_threads) {
        dQ_tile[i] = 0.0f;
    }
    for (int i = tid; i < BLOCK_M; i += num_threads) {
        int global_idx = q_start + i;
        L_tile[i] = (global_idx < seq_len) ? L_ptr[global_idx] : 0.0f;
        D_tile[i] = (global_idx < seq_len) ? D_ptr[global_idx] : 0.0f;
    }
    __syncthreads();

    for (int kv_block = 0; kv_block < num_kv_blocks; kv_block++) {
        int kv_start = kv_block * BLOCK_N;

        if (causal && kv_start > q_start + BLOCK_M - 1) {
            break;
        }

        load_tile_to_shared<BLOCK_N, HEAD_DIM>(K_ptr, K_tile, kv_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);
        load_tile_to_shared<BLOCK_N, HEAD_DIM>(V_ptr, V_tile, kv_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);
        __syncthreads();

        matmul_ABt<BLOCK_M, BLOCK_N, HEAD_DIM>(Q_tile, K_tile, S_tile, scale);
        __syncthreads();

        for (int i = tid; i < BLOCK_M * BLOCK_N; i += num_threads) {
            int q_idx = i / BLOCK_N;
            int k_idx = i % BLOCK_N;
            int global_q = q_start + q_idx;
            int global_k = kv_start + k_idx;

            if (global_q >= seq_len || global_k >= seq_len || (causal && global_k > global_q)) {
                S_tile[i] = 0.0f;
            } else {
                float dP = 0.0f;
                for (int d = 0; d < HEAD_DIM; d++) {
                    dP += dO_tile[q_idx * HEAD_DIM + d] * V_tile[k_idx * HEAD_DIM + d];
                }
                float p = expf(S_tile[i] - L_tile[q_idx]);
                S_tile[i] = p * (dP - D_tile[q_idx]);
            }
        }
        __syncthreads();

        for (int q = tid; q < BLOCK_M; q += num_threads) {
            int global_q = q_start + q;
            if (global_q >= seq_len)
                continue;

            for (int d = 0; d < HEAD_DIM; d++) {
                float sum = 0.0f;
                for (int k = 0; k < BLOCK_N; k++) {
                    sum += S_tile[q * BLOCK_N + k] * K_tile[k * HEAD_DIM + d];
                }
                dQ_tile[q * HEAD_DIM + d] += sum * scale;
            }
        }
        __syncthreads();
    }

    store_tile_from_shared<BLOCK_M, HEAD_DIM>(dQ_tile, dQ_ptr, q_start, 0, seq_len, HEAD_DIM,
                                              HEAD_DIM);
}

// Compute dK and dV for one kv-block.
template<int BLOCK_M, int BLOCK_N, int HEAD_DIM>
__global__ void __launch_bounds__(128) flash_attention_backward_dkdv_kernel(
    const float* __restrict__ Q,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ K,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ V,   // [batch*heads, seq_len, head_dim]
    const float* __restrict__ L,   // [batch*heads, seq_len]
    const float* __restrict__ dO,  // [batch*heads, seq_len, head_dim]
    const float* __restrict__ D,   // [batch*heads, seq_len]
    float* __restrict__ dK,        // [batch*heads, seq_len, head_dim]
    float* __restrict__ dV,        // [batch*heads, seq_len, head_dim]
    int seq_len, float scale, bool causal) {
    const int batch_head_idx = blockIdx.y;
    const int kv_block_idx = blockIdx.x;

    const float* Q_ptr = Q + batch_head_idx * seq_len * HEAD_DIM;
    const float* K_ptr = K + batch_head_idx * seq_len * HEAD_DIM;
    const float* V_ptr = V + batch_head_idx * seq_len * HEAD_DIM;
    const float* L_ptr = L + batch_head_idx * seq_len;
    const float* dO_ptr = dO + batch_head_idx * seq_len * HEAD_DIM;
    const float* D_ptr = D + batch_head_idx * seq_len;
    float* dK_ptr = dK + batch_head_idx * seq_len * HEAD_DIM;
    float* dV_ptr = dV + batch_head_idx * seq_len * HEAD_DIM;

    const int kv_start = kv_block_idx * BLOCK_N;
    if (kv_start >= seq_len)
        return;

    const int num_q_blocks = (seq_len + BLOCK_M - 1) / BLOCK_M;
    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;

    extern __shared__ float smem[];
    float* K_tile = smem;                           // BLOCK_N x HEAD_DIM
    float* V_tile = K_tile + BLOCK_N * HEAD_DIM;    // BLOCK_N x HEAD_DIM
    float* Q_tile = V_tile + BLOCK_N * HEAD_DIM;    // BLOCK_M x HEAD_DIM
    float* dO_tile = Q_tile + BLOCK_M * HEAD_DIM;   // BLOCK_M x HEAD_DIM
    float* S_tile = dO_tile + BLOCK_M * HEAD_DIM;   // BLOCK_M x BLOCK_N (reused for dS)
    float* dK_tile = S_tile + BLOCK_M * BLOCK_N;    // BLOCK_N x HEAD_DIM
    float* dV_tile = dK_tile + BLOCK_N * HEAD_DIM;  // BLOCK_N x HEAD_DIM
    float* L_tile = dV_tile + BLOCK_N * HEAD_DIM;   // BLOCK_M
    float* D_tile = L_tile + BLOCK_M;               // BLOCK_M

    load_tile_to_shared<BLOCK_N, HEAD_DIM>(K_ptr, K_tile, kv_start, 0, seq_len, HEAD_DIM, HEAD_DIM);
    load_tile_to_shared<BLOCK_N, HEAD_DIM>(V_ptr, V_tile, kv_start, 0, seq_len, HEAD_DIM, HEAD_DIM);

    for (int i = tid; i < BLOCK_N * HEAD_DIM; i += num_threads) {
        dK_tile[i] = 0.0f;
        dV_tile[i] = 0.0f;
    }
    __syncthreads();

    for (int q_block = 0; q_block < num_q_blocks; q_block++) {
        int q_start = q_block * BLOCK_M;

        if (causal && q_start + BLOCK_M - 1 < kv_start) {
            continue;
        }

        load_tile_to_shared<BLOCK_M, HEAD_DIM>(Q_ptr, Q_tile, q_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);
        load_tile_to_shared<BLOCK_M, HEAD_DIM>(dO_ptr, dO_tile, q_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);

        for (int i = tid; i < BLOCK_M; i += num_threads) {
            int global_idx = q_start + i;
            L_tile[i] = (global_idx < seq_len) ? L_ptr[global_idx] : 0.0f;
            D_tile[i] = (global_idx < seq_len) ? D_ptr[global_idx] : 0.0f;
        }
        __syncthreads();

        matmul_ABt<BLOCK_M, BLOCK_N, HEAD_DIM>(Q_tile, K_tile, S_tile, scale);
        __syncthreads();

        for (int i = tid; i < BLOCK_M * BLOCK_N; i += num_threads) {
            int q_idx = i / BLOCK_N;
            int k_idx = i % BLOCK_N;
            int global_q = q_start + q_idx;
            int global_k = kv_start + k_idx;

            if (global_q >= seq_len || global_k >= seq_len) {
                S_tile[i] = 0.0f;
            } else if (causal && global_k > global_q) {
                S_tile[i] = 0.0f;
            } else {
                S_tile[i] = expf(S_tile[i] - L_tile[q_idx]);
            }
        }
        __syncthreads();

        for (int k = tid; k < BLOCK_N; k += num_threads) {
            if (kv_start + k >= seq_len)
                continue;
            for (int d = 0; d < HEAD_DIM; d++) {
                float sum = 0.0f;
                for (int q = 0; q < BLOCK_M; q++) {
                    if (q_start + q < seq_len) {
                        sum += S_tile[q * BLOCK_N + k] * dO_tile[q * HEAD_DIM + d];
                    }
                }
                dV_tile[k * HEAD_DIM + d] += sum;
            }
        }
        __syncthreads();

        for (int i = tid; i < BLOCK_M * BLOCK_N; i += num_threads) {
            int q_idx = i / BLOCK_N;
            int k_idx = i % BLOCK_N;
            int global_q = q_start + q_idx;
            int global_k = kv_start + k_idx;

            if (global_q >= seq_len || global_k >= seq_len) {
                S_tile[i] = 0.0f;
            } else if (causal && global_k > global_q) {
                S_tile[i] = 0.0f;
            } else {
                float dP = 0.0f;
                for (int d = 0; d < HEAD_DIM; d++) {
                    dP += dO_tile[q_idx * HEAD_DIM + d] * V_tile[k_idx * HEAD_DIM + d];
                }
                S_tile[i] = S_tile[i] * (dP - D_tile[q_idx]);
            }
        }
        __syncthreads();

        for (int k = tid; k < BLOCK_N; k += num_threads) {
            if (kv_start + k >= seq_len)
                continue;
            for (int d = 0; d < HEAD_DIM; d++) {
                float sum = 0.0f;
                for (int q = 0; q < BLOCK_M; q++) {
                    if (q_start + q < seq_len) {
                        sum += S_tile[q * BLOCK_N + k] * Q_tile[q * HEAD_DIM + d];
                    }
                }
                dK_tile[k * HEAD_DIM + d] += sum * scale;
            }
        }
        __syncthreads();
    }

    store_tile_from_shared<BLOCK_N, HEAD_DIM>(dK_tile, dK_ptr, kv_start, 0, seq_len, HEAD_DIM,
                                              HEAD_DIM);
    store_tile_from_shared<BLOCK_N, HEAD_DIM>(dV_tile, dV_ptr, kv_start, 0, seq_len, HEAD_DIM,
                                              HEAD_DIM);
}

// Explicit template instantiations
template __global__ void compute_D_kernel<128, 32>(const float*, const float*, float*, int);
template __global__ void compute_D_kernel<128, 64>(const float*, const float*, float*, int);
template __global__ void compute_D_kernel<128, 128>(const float*, const float*, float*, int);

template __global__ void flash_attention_backward_dq_kernel<64, 64, 32>(const float*, const float*,
                                                                        const float*, const float*,
                                                                        const float*, const float*,
                                                                        float*, int, float, bool);
template __global__ void flash_attention_backward_dq_kernel<64, 64, 64>(const float*, const float*,
                                                                        const float*, const float*,
                                                                        const float*, const float*,
                                                                        float*, int, float, bool);
template __global__ void flash_attention_backward_dq_kernel<64, 64, 128>(const float*, const float*,
                                                                         const float*, const float*,
                                                                         const float*, const float*,
                                                                         float*, int, float, bool);
template __global__ void flash_attention_backward_dq_kernel<16, 32, 128>(const float*, const float*,
                                                                         const float*, const float*,
                                                                         const float*, const float*,
                                                                         float*, int, float, bool);

template __global__ void flash_attention_backward_dkdv_kernel<64, 64, 32>(
    const float*, const float*, const float*, const float*, const float*, const float*, float*,
    float*, int, float, bool);
template __global__ void flash_attention_backward_dkdv_kernel<64, 64, 64>(
    const float*, const float*, const float*, const float*, const float*, const float*, float*,
    float*, int, float, bool);
template __global__ void flash_attention_backward_dkdv_kernel<64, 64, 128>(
    const float*, const float*, const float*, const float*, const float*, const float*, float*,
    float*, int, float, bool);
template __global__ void flash_attention_backward_dkdv_kernel<16, 32, 128>(
    const float*, const float*, const float*, const float*, const float*, const float*, float*,
    float*, int, float, bool);
// src/backward/flash_attention_backward.cu, line 519
}  // namespace cuflash
