// Source:  https://github.com/ml-rust/numr/blob/4dcf5c882e4f339e645a07c7a180b222441fea30/src/runtime/cuda/kernels/linalg_decomp.cu
// Licence: Apache-2.0 (the repository's LICENSE, notice below)
// Kept: linalg_decomp.cu lines 1-268, the whole file (device code only), unchanged except line 6's #include "dtype_traits.cuh",
//       in whose place that header's includes (lines 10-13) and its linalg dtype_traits (lines 626-744) are copied in, marked.
// numr builds these for its CUDA runtime (PTX per file, extern "C" entry points); the f16/bf16 wrappers are kept too.
//
// Copyright 2025 Farhan Syah
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//        http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

// Matrix decomposition CUDA kernels
// Includes: LU (Doolittle), Cholesky (Banachiewicz), QR (Householder)
//
// Uses C++ templates to eliminate f32/f64 duplication.

// ---- #include "dtype_traits.cuh": src/runtime/cuda/kernels/dtype_traits.cuh lines 10-13 and 626-744 copied in ----
#include <cuda_runtime.h>
#include <cuda_fp16.h>
#include <cuda_bf16.h>
#include <stdint.h>
// Simple dtype_traits for Linalg Kernels
// ============================================================================
// Simpler single-parameter template for basic linalg operations.
// Provides: zero, one, abs, max, atomic_add, atomic_max

template<typename T> struct dtype_traits;

template<> struct dtype_traits<float> {
    static __device__ __forceinline__ float zero() { return 0.0f; }
    static __device__ __forceinline__ float one() { return 1.0f; }
    static __device__ __forceinline__ float two() { return 2.0f; }
    static __device__ __forceinline__ float eps() { return 1.192092896e-07f; }  // FLT_EPSILON
    static __device__ __forceinline__ float small_eps() { return 1e-10f; }
    static __device__ __forceinline__ float tiny_eps() { return 1e-30f; }
    static __device__ __forceinline__ float abs(float x) { return fabsf(x); }
    static __device__ __forceinline__ float sqrt(float x) { return sqrtf(x); }
    static __device__ __forceinline__ float max(float a, float b) { return fmaxf(a, b); }
    static __device__ __forceinline__ float min(float a, float b) { return fminf(a, b); }
    static __device__ __forceinline__ void atomic_add(float* addr, float val) { atomicAdd(addr, val); }
    static __device__ __forceinline__ void atomic_max(float* addr, float val) {
        unsigned int* addr_as_ui = (unsigned int*)addr;
        unsigned int old = *addr_as_ui, assumed;
        do {
            assumed = old;
            if (__uint_as_float(assumed) >= val) break;
            old = atomicCAS(addr_as_ui, assumed, __float_as_uint(val));
        } while (assumed != old);
    }
};

template<> struct dtype_traits<double> {
    static __device__ __forceinline__ double zero() { return 0.0; }
    static __device__ __forceinline__ double one() { return 1.0; }
    static __device__ __forceinline__ double two() { return 2.0; }
    static __device__ __forceinline__ double eps() { return 2.220446049250313e-16; }  // DBL_EPSILON
    static __device__ __forceinline__ double small_eps() { return 1e-15; }
    static __device__ __forceinline__ double tiny_eps() { return 1e-300; }
    static __device__ __forceinline__ double abs(double x) { return fabs(x); }
    static __device__ __forceinline__ double sqrt(double x) { return ::sqrt(x); }
    static __device__ __forceinline__ double max(double a, double b) { return fmax(a, b); }
    static __device__ __forceinline__ double min(double a, double b) { return fmin(a, b); }
    static __device__ __forceinline__ void atomic_add(double* addr, double val) { atomicAdd(addr, val); }
    static __device__ __forceinline__ void atomic_max(double* addr, double val) {
        unsigned long long* addr_as_ull = (unsigned long long*)addr;
        unsigned long long old = *addr_as_ull, assumed;
        do {
            assumed = old;
            if (__longlong_as_double(assumed) >= val) break;
            old = atomicCAS(addr_as_ull, assumed, __double_as_longlong(val));
        } while (assumed != old);
    }
};

// F16 (__half) dtype traits - all operations use F32 internally for precision
template<> struct dtype_traits<__half> {
    static __device__ __forceinline__ __half zero() { return __float2half(0.0f); }
    static __device__ __forceinline__ __half one() { return __float2half(1.0f); }
    static __device__ __forceinline__ __half two() { return __float2half(2.0f); }
    static __device__ __forceinline__ __half eps() { return __float2half(9.77e-04f); }  // FP16 machine epsilon
    static __device__ __forceinline__ __half small_eps() { return __float2half(1e-5f); }
    static __device__ __forceinline__ __half tiny_eps() { return __float2half(6e-8f); }  // Near FP16 min subnormal
    static __device__ __forceinline__ __half abs(__half x) { return __float2half(fabsf(__half2float(x))); }
    static __device__ __forceinline__ __half sqrt(__half x) { return __float2half(sqrtf(__half2float(x))); }
    static __device__ __forceinline__ __half max(__half a, __half b) { return __hmax(a, b); }
    static __device__ __forceinline__ __half min(__half a, __half b) { return __hmin(a, b); }
    // Atomic operations use F32 accumulation for precision
    static __device__ __forceinline__ void atomic_add(__half* addr, __half val) {
        // No native atomicAdd for __half on most architectures, use CAS loop
        unsigned short* addr_as_us = (unsigned short*)addr;
        unsigned short old = *addr_as_us, assumed;
        do {
            assumed = old;
            __half new_val = __hadd(*(__half*)&assumed, val);
            old = atomicCAS(addr_as_us, assumed, *(unsigned short*)&new_val);
        } while (assumed != old);
    }
    static __device__ __forceinline__ void atomic_max(__half* addr, __half val) {
        unsigned short* addr_as_us = (unsigned short*)addr;
        unsigned short old = *addr_as_us, assumed;
        do {
            assumed = old;
            if (__half2float(*(__half*)&assumed) >= __half2float(val)) break;
            old = atomicCAS(addr_as_us, assumed, *(unsigned short*)&val);
        } while (assumed != old);
    }
};

// BF16 (__nv_bfloat16) dtype traits - all operations use F32 internally
template<> struct dtype_traits<__nv_bfloat16> {
    static __device__ __forceinline__ __nv_bfloat16 zero() { return __float2bfloat16(0.0f); }
    static __device__ __forceinline__ __nv_bfloat16 one() { return __float2bfloat16(1.0f); }
    static __device__ __forceinline__ __nv_bfloat16 two() { return __float2bfloat16(2.0f); }
    static __device__ __forceinline__ __nv_bfloat16 eps() { return __float2bfloat16(7.81e-03f); }  // BF16 machine epsilon
    static __device__ __forceinline__ __nv_bfloat16 small_eps() { return __float2bfloat16(1e-4f); }
    static __device__ __forceinline__ __nv_bfloat16 tiny_eps() { return __float2bfloat16(1e-38f); }  // Near BF16 min normal
    static __device__ __forceinline__ __nv_bfloat16 abs(__nv_bfloat16 x) { return __float2bfloat16(fabsf(__bfloat162float(x))); }
    static __device__ __forceinline__ __nv_bfloat16 sqrt(__nv_bfloat16 x) { return __float2bfloat16(sqrtf(__bfloat162float(x))); }
    static __device__ __forceinline__ __nv_bfloat16 max(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmax(a, b); }
    static __device__ __forceinline__ __nv_bfloat16 min(__nv_bfloat16 a, __nv_bfloat16 b) { return __hmin(a, b); }
    // Atomic operations use CAS loop
    static __device__ __forceinline__ void atomic_add(__nv_bfloat16* addr, __nv_bfloat16 val) {
        unsigned short* addr_as_us = (unsigned short*)addr;
        unsigned short old = *addr_as_us, assumed;
        do {
            assumed = old;
            __nv_bfloat16 new_val = __hadd(*(__nv_bfloat16*)&assumed, val);
            old = atomicCAS(addr_as_us, assumed, *(unsigned short*)&new_val);
        } while (assumed != old);
    }
    static __device__ __forceinline__ void atomic_max(__nv_bfloat16* addr, __nv_bfloat16 val) {
        unsigned short* addr_as_us = (unsigned short*)addr;
        unsigned short old = *addr_as_us, assumed;
        do {
            assumed = old;
            if (__bfloat162float(*(__nv_bfloat16*)&assumed) >= __bfloat162float(val)) break;
            old = atomicCAS(addr_as_us, assumed, *(unsigned short*)&val);
        } while (assumed != old);
    }
};
// ---- end of dtype_traits.cuh ----

// ============================================================================
// LU Decomposition with partial pivoting (Doolittle algorithm)
// Single-thread implementation - modifies matrix in-place
// ============================================================================

template<typename T>
__device__ void lu_decompose_impl(T* __restrict__ lu,
                                  long long* __restrict__ pivots,
                                  int* __restrict__ num_swaps,
                                  unsigned int m, unsigned int n,
                                  int* __restrict__ singular_flag) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;

    unsigned int k = (m < n) ? m : n;
    int swaps = 0;
    const T eps = dtype_traits<T>::small_eps();

    for (unsigned int col = 0; col < k; col++) {
        // Find pivot (max absolute value in column col, rows col to m-1)
        unsigned int pivot_row = col;
        T max_val = dtype_traits<T>::abs(lu[col * n + col]);

        for (unsigned int row = col + 1; row < m; row++) {
            T val = dtype_traits<T>::abs(lu[row * n + col]);
            if (val > max_val) {
                max_val = val;
                pivot_row = row;
            }
        }

        pivots[col] = (long long)pivot_row;

        // Swap rows if needed
        if (pivot_row != col) {
            for (unsigned int j = 0; j < n; j++) {
                T tmp = lu[col * n + j];
                lu[col * n + j] = lu[pivot_row * n + j];
                lu[pivot_row * n + j] = tmp;
            }
            swaps++;
        }

        // Check for singularity
        T pivot = lu[col * n + col];
        if (dtype_traits<T>::abs(pivot) < eps) {
            *singular_flag = 1;
            return;
        }

        // Compute multipliers (L column)
        for (unsigned int row = col + 1; row < m; row++) {
            lu[row * n + col] /= pivot;
        }

        // Update trailing submatrix
        for (unsigned int row = col + 1; row < m; row++) {
            T multiplier = lu[row * n + col];
            for (unsigned int j = col + 1; j < n; j++) {
                lu[row * n + j] -= multiplier * lu[col * n + j];
            }
        }
    }

    *num_swaps = swaps;
}

// ============================================================================
// Cholesky Decomposition (Cholesky-Banachiewicz algorithm)
// A = L @ L^T where L is lower triangular
// ============================================================================

template<typename T>
__device__ void cholesky_decompose_impl(T* __restrict__ l,
                                        unsigned int n,
                                        int* __restrict__ not_positive_definite) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;

    for (unsigned int i = 0; i < n; i++) {
        // Compute diagonal element
        T sum_sq = dtype_traits<T>::zero();
        for (unsigned int k = 0; k < i; k++) {
            T val = l[i * n + k];
            sum_sq += val * val;
        }

        T diag = l[i * n + i] - sum_sq;
        if (diag <= dtype_traits<T>::zero()) {
            *not_positive_definite = 1;
            return;
        }
        l[i * n + i] = dtype_traits<T>::sqrt(diag);

        // Compute off-diagonal elements in column i
        for (unsigned int j = i + 1; j < n; j++) {
            T sum_prod = dtype_traits<T>::zero();
            for (unsigned int k = 0; k < i; k++) {
                sum_prod += l[j * n + k] * l[i * n + k];
            }
            l[j * n + i] = (l[j * n + i] - sum_prod) / l[i * n + i];
        }

        // Zero out upper triangle
        for (unsigned int j = i + 1; j < n; j++) {
            l[i * n + j] = dtype_traits<T>::zero();
        }
    }
}

// ============================================================================
// QR Decomposition using Householder reflections
// A = Q @ R where Q is orthogonal, R is upper triangular
// ============================================================================

template<typename T>
__device__ void qr_decompose_impl(T* __restrict__ q,
                                  T* __restrict__ r,
                                  T* __restrict__ workspace,
                                  unsigned int m, unsigned int n,
                                  int thin) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;

    unsigned int k = (m < n) ? m : n;
    unsigned int q_cols = thin ? k : m;
    const T small_eps = dtype_traits<T>::small_eps();

    // Initialize Q to identity
    for (unsigned int i = 0; i < m; i++) {
        for (unsigned int j = 0; j < q_cols; j++) {
            q[i * q_cols + j] = (i == j) ? dtype_traits<T>::one() : dtype_traits<T>::zero();
        }
    }

    T* v = workspace;

    for (unsigned int col = 0; col < k; col++) {
        // Compute norm of column below diagonal
        T norm_sq = dtype_traits<T>::zero();
        for (unsigned int i = col; i < m; i++) {
            T val = r[i * n + col];
            norm_sq += val * val;
        }
        T norm = dtype_traits<T>::sqrt(norm_sq);

        if (norm < small_eps) continue;

        // Compute Householder vector
        T alpha = (r[col * n + col] >= dtype_traits<T>::zero()) ? -norm : norm;

        T v0 = r[col * n + col] - alpha;
        T v_norm_sq = v0 * v0;
        for (unsigned int i = col + 1; i < m; i++) {
            v_norm_sq += r[i * n + col] * r[i * n + col];
        }
        T v_norm = dtype_traits<T>::sqrt(v_norm_sq);

        if (v_norm < small_eps) continue;

        // Normalize v
        v[0] = v0 / v_norm;
        for (unsigned int i = col + 1; i < m; i++) {
            v[i - col] = r[i * n + col] / v_norm;
        }
        unsigned int v_len = m - col;

        // Apply reflection to R
        for (unsigned int j = col; j < n; j++) {
            T dot = dtype_traits<T>::zero();
            for (unsigned int i = 0; i < v_len; i++) {
                dot += v[i] * r[(col + i) * n + j];
            }
            for (unsigned int i = 0; i < v_len; i++) {
                r[(col + i) * n + j] -= dtype_traits<T>::two() * v[i] * dot;
            }
        }

        // Apply reflection to Q
        for (unsigned int i = 0; i < m; i++) {
            T dot = dtype_traits<T>::zero();
            unsigned int max_jj = v_len;
            if (col + max_jj > q_cols) max_jj = q_cols - col;
            for (unsigned int jj = 0; jj < max_jj; jj++) {
                dot += q[i * q_cols + col + jj] * v[jj];
            }
            for (unsigned int jj = 0; jj < max_jj; jj++) {
                q[i * q_cols + col + jj] -= dtype_traits<T>::two() * dot * v[jj];
            }
        }
    }
}

// ============================================================================
// Extern "C" wrappers for PTX export
// ============================================================================

extern "C" {

__global__ void lu_decompose_f32(float* lu, long long* pivots, int* num_swaps,
                                 unsigned int m, unsigned int n, int* singular_flag) {
    lu_decompose_impl<float>(lu, pivots, num_swaps, m, n, singular_flag);
}

__global__ void lu_decompose_f64(double* lu, long long* pivots, int* num_swaps,
                                 unsigned int m, unsigned int n, int* singular_flag) {
    lu_decompose_impl<double>(lu, pivots, num_swaps, m, n, singular_flag);
}

__global__ void cholesky_decompose_f32(float* l, unsigned int n, int* not_positive_definite) {
    cholesky_decompose_impl<float>(l, n, not_positive_definite);
}

__global__ void cholesky_decompose_f64(double* l, unsigned int n, int* not_positive_definite) {
    cholesky_decompose_impl<double>(l, n, not_positive_definite);
}

__global__ void qr_decompose_f32(float* q, float* r, float* workspace,
                                 unsigned int m, unsigned int n, int thin) {
    qr_decompose_impl<float>(q, r, workspace, m, n, thin);
}

__global__ void qr_decompose_f64(double* q, double* r, double* workspace,
                                 unsigned int m, unsigned int n, int thin) {
    qr_decompose_impl<double>(q, r, workspace, m, n, thin);
}

// ============================================================================
// F16 (__half) Wrappers
// ============================================================================

__global__ void lu_decompose_f16(__half* lu, long long* pivots, int* num_swaps,
                                 unsigned int m, unsigned int n, int* singular_flag) {
    lu_decompose_impl<__half>(lu, pivots, num_swaps, m, n, singular_flag);
}

__global__ void cholesky_decompose_f16(__half* l, unsigned int n, int* not_positive_definite) {
    cholesky_decompose_impl<__half>(l, n, not_positive_definite);
}

__global__ void qr_decompose_f16(__half* q, __half* r, __half* workspace,
                                 unsigned int m, unsigned int n, int thin) {
    qr_decompose_impl<__half>(q, r, workspace, m, n, thin);
}

// ============================================================================
// BF16 (__nv_bfloat16) Wrappers
// ============================================================================

__global__ void lu_decompose_bf16(__nv_bfloat16* lu, long long* pivots, int* num_swaps,
                                  unsigned int m, unsigned int n, int* singular_flag) {
    lu_decompose_impl<__nv_bfloat16>(lu, pivots, num_swaps, m, n, singular_flag);
}

__global__ void cholesky_decompose_bf16(__nv_bfloat16* l, unsigned int n, int* not_positive_definite) {
    cholesky_decompose_impl<__nv_bfloat16>(l, n, not_positive_definite);
}

__global__ void qr_decompose_bf16(__nv_bfloat16* q, __nv_bfloat16* r, __nv_bfloat16* workspace,
                                  unsigned int m, unsigned int n, int thin) {
    qr_decompose_impl<__nv_bfloat16>(q, r, workspace, m, n, thin);
}

} // extern "C"
