// tilelab kernel collection: CuFlash-Attn's float32 FlashAttention forward kernel (one block of 128 threads a 64-row Q tile of one head,
// 64-row K and V tiles through shared memory, one thread a row for the online softmax, the logsumexp L kept for the backward)
// Source:  https://github.com/LessUp/cuflash-attn/blob/8b2f59c6c46403a1ee3b99e49982b0c1605960e7/src/forward/flash_attention_forward.cu
//          (LessUp/cuflash-attn, commit 8b2f59c, the first commit with the repository's LICENSE: a FlashAttention library
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 LessUp"), repeated below.
//          in plain CUDA C++, forward and backward, float and half)
// Kept: lines 1-4, 9-181 (the kernel template and its four explicit instantiations) and 257, unchanged; src/kernels/matmul.cuh (which line 7 includes) copied in whole but its
//       #pragma once (lines 3-257: is_aligned_16, TilingConfig, load_tile_to_shared, store_tile_from_shared, matmul_*),
//       marked. Removed: lines 5-8 (the project's includes: cuflash/flash_attention.h, kernel_launch_utils.cuh,
//       matmul.cuh, online_softmax.cuh) and 182-256 (launch_flash_attention_forward).
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

// src/forward/flash_attention_forward.cu, lines 1-4
// Flash Attention Forward Kernel Implementation

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
// src/forward/flash_attention_forward.cu, lines 9-181

namespace cuflash {

// Forward kernel template
// BLOCK_M: number of Q rows per block
// BLOCK_N: number of K/V rows per block
// HEAD_DIM: dimension of each head
template<int BLOCK_M, int BLOCK_N, int HEAD_DIM>
__global__ void __launch_bounds__(128)
    flash_attention_forward_kernel(const float* __restrict__ Q,  // [batch*heads, seq_len, head_dim]
                                   const float* __restrict__ K,  // [batch*heads, seq_len, head_dim]
                                   const float* __restrict__ V,  // [batch*heads, seq_len, head_dim]
                                   float* __restrict__ O,        // [batch*heads, seq_len, head_dim]
                                   float* __restrict__ L,        // [batch*heads, seq_len]
                                   int seq_len, float scale, bool causal) {
    // Block indices
    const int batch_head_idx = blockIdx.y;
    const int q_block_idx = blockIdx.x;

    // Pointers for this batch/head
    const float* Q_ptr = Q + batch_head_idx * seq_len * HEAD_DIM;
    const float* K_ptr = K + batch_head_idx * seq_len * HEAD_DIM;
    const float* V_ptr = V + batch_head_idx * seq_len * HEAD_DIM;
    float* O_ptr = O + batch_head_idx * seq_len * HEAD_DIM;
    float* L_ptr = L + batch_head_idx * seq_len;

    // Q block start row
    const int q_start = q_block_idx * BLOCK_M;
    if (q_start >= seq_len)
        return;

    // Number of K/V blocks
    const int num_kv_blocks = (seq_len + BLOCK_N - 1) / BLOCK_N;

    // Shared memory allocation
    extern __shared__ float smem[];
    float* Q_tile = smem;                         // BLOCK_M x HEAD_DIM
    float* K_tile = Q_tile + BLOCK_M * HEAD_DIM;  // BLOCK_N x HEAD_DIM
    float* V_tile = K_tile + BLOCK_N * HEAD_DIM;  // BLOCK_N x HEAD_DIM
    float* S_tile = V_tile + BLOCK_N * HEAD_DIM;  // BLOCK_M x BLOCK_N
    float* O_tile = S_tile + BLOCK_M * BLOCK_N;   // BLOCK_M x HEAD_DIM
    float* m_tile = O_tile + BLOCK_M * HEAD_DIM;  // BLOCK_M
    float* l_tile = m_tile + BLOCK_M;             // BLOCK_M

    const int tid = threadIdx.x;
    const int num_threads = blockDim.x;

    // Load Q tile
    load_tile_to_shared<BLOCK_M, HEAD_DIM>(Q_ptr, Q_tile, q_start, 0, seq_len, HEAD_DIM, HEAD_DIM);

    // Initialize O, m, l
    for (int i = tid; i < BLOCK_M * HEAD_DIM; i += num_threads) {
        O_tile[i] = 0.0f;
    }
    for (int i = tid; i < BLOCK_M; i += num_threads) {
        m_tile[i] = -INFINITY;
        l_tile[i] = 0.0f;
    }
    __syncthreads();

    // Iterate over K/V blocks
    for (int kv_block = 0; kv_block < num_kv_blocks; kv_block++) {
        int kv_start = kv_block * BLOCK_N;

        // Causal: skip blocks that are entirely in the future
        if (causal && kv_start > q_start + BLOCK_M - 1) {
            break;
        }

        // Load K and V tiles
        load_tile_to_shared<BLOCK_N, HEAD_DIM>(K_ptr, K_tile, kv_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);
        load_tile_to_shared<BLOCK_N, HEAD_DIM>(V_ptr, V_tile, kv_start, 0, seq_len, HEAD_DIM,
                                               HEAD_DIM);
        __syncthreads();

        // Compute S = Q @ K^T * scale
        matmul_ABt<BLOCK_M, BLOCK_N, HEAD_DIM>(Q_tile, K_tile, S_tile, scale);
        __syncthreads();

        // Apply causal mask if needed
        if (causal) {
            for (int i = tid; i < BLOCK_M * BLOCK_N; i += num_threads) {
                int q_idx = i / BLOCK_N;
                int k_idx = i % BLOCK_N;
                int global_q = q_start + q_idx;
                int global_k = kv_start + k_idx;
                if (global_k > global_q) {
                    S_tile[i] = -INFINITY;
                }
            }
            __syncthreads();
        }

        // Compute row-wise max and sum for this block
        for (int row = tid; row < BLOCK_M; row += num_threads) {
            if (q_start + row >= seq_len)
                continue;

            float row_max = -INFINITY;
            for (int j = 0; j < BLOCK_N; j++) {
                if (kv_start + j < seq_len) {
                    row_max = fmaxf(row_max, S_tile[row * BLOCK_N + j]);
                }
            }

            float row_sum = 0.0f;
            for (int j = 0; j < BLOCK_N; j++) {
                if (kv_start + j < seq_len) {
                    S_tile[row * BLOCK_N + j] = expf(S_tile[row * BLOCK_N + j] - row_max);
                    row_sum += S_tile[row * BLOCK_N + j];
                } else {
                    S_tile[row * BLOCK_N + j] = 0.0f;
                }
            }

            // Update online softmax state
            float m_old = m_tile[row];
            float l_old = l_tile[row];
            float m_new = fmaxf(m_old, row_max);
            float l_new = l_old * expf(m_old - m_new) + row_sum * expf(row_max - m_new);

            // Rescale existing O
            float rescale = expf(m_old - m_new);
            for (int d = 0; d < HEAD_DIM; d++) {
                O_tile[row * HEAD_DIM + d] *= rescale;
            }

            // Add contribution from this block: P @ V
            float p_scale = expf(row_max - m_new);
            for (int d = 0; d < HEAD_DIM; d++) {
                float sum = 0.0f;
                for (int j = 0; j < BLOCK_N; j++) {
                    sum += S_tile[row * BLOCK_N + j] * V_tile[j * HEAD_DIM + d];
                }
                O_tile[row * HEAD_DIM + d] += sum * p_scale;
            }

            m_tile[row] = m_new;
            l_tile[row] = l_new;
        }
        __syncthreads();
    }

    // Final normalization and write output
    for (int row = tid; row < BLOCK_M; row += num_threads) {
        int global_row = q_start + row;
        if (global_row >= seq_len)
            continue;

        float l_inv = 1.0f / l_tile[row];
        for (int d = 0; d < HEAD_DIM; d++) {
            O_ptr[global_row * HEAD_DIM + d] = O_tile[row * HEAD_DIM + d] * l_inv;
        }

        // Store logsumexp for backward pass
        L_ptr[global_row] = m_tile[row] + logf(l_tile[row]);
    }
}

// Explicit template instantiations
template __global__ void flash_attention_forward_kernel<64, 64, 32>(const float*, const float*,
                                                                    const float*, float*, float*,
                                                                    int, float, bool);
template __global__ void flash_attention_forward_kernel<64, 64, 64>(const float*, const float*,
                                                                    const float*, float*, float*,
                                                                    int, float, bool);
template __global__ void flash_attention_forward_kernel<64, 64, 128>(const float*, const float*,
                                                                     const float*, float*, float*,
                                                                     int, float, bool);
template __global__ void flash_attention_forward_kernel<32, 32, 128>(const float*, const float*,
                                                                     const float*, float*, float*,
                                                                     int, float, bool);
// src/forward/flash_attention_forward.cu, line 257
}  // namespace cuflash
