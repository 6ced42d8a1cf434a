// Source:  https://github.com/ml-rust/numr/blob/4dcf5c882e4f339e645a07c7a180b222441fea30/src/runtime/cuda/kernels/linalg_svd.cu
// Licence: Apache-2.0 (the repository's LICENSE, notice below)
// Kept: linalg_svd.cu lines 1-159, the whole file (device code only), unchanged except line 6's #include "dtype_traits.cuh",
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

// SVD CUDA kernels using One-Sided Jacobi algorithm
// Single-thread implementation for backend parity with CPU
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
// SVD Decomposition using One-Sided Jacobi algorithm
// ============================================================================

template<typename T>
__device__ void svd_jacobi_impl(T* __restrict__ b,      // [work_m, work_n] becomes U columns
                                T* __restrict__ v,      // [work_n, work_n] accumulates V
                                T* __restrict__ s,      // [work_n] singular values
                                unsigned int work_m, unsigned int work_n,
                                int* __restrict__ converged_flag) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;

    const T eps = dtype_traits<T>::eps();
    const T tol = (T)work_n * eps;
    const int max_sweeps = 30;

    // Initialize V as identity
    for (unsigned int i = 0; i < work_n; i++) {
        for (unsigned int j = 0; j < work_n; j++) {
            v[i * work_n + j] = (i == j) ? dtype_traits<T>::one() : dtype_traits<T>::zero();
        }
    }

    // One-Sided Jacobi iterations
    for (int sweep = 0; sweep < max_sweeps; sweep++) {
        T off_diag_sum = dtype_traits<T>::zero();

        // Process all column pairs (p, q) where p < q
        for (unsigned int p = 0; p < work_n; p++) {
            for (unsigned int q = p + 1; q < work_n; q++) {
                // Compute Gram matrix elements
                T a_pp = dtype_traits<T>::zero();
                T a_qq = dtype_traits<T>::zero();
                T a_pq = dtype_traits<T>::zero();
                for (unsigned int i = 0; i < work_m; i++) {
                    T bp = b[i * work_n + p];
                    T bq = b[i * work_n + q];
                    a_pp += bp * bp;
                    a_qq += bq * bq;
                    a_pq += bp * bq;
                }

                off_diag_sum += a_pq * a_pq;

                // Skip if off-diagonal is essentially zero
                if (dtype_traits<T>::abs(a_pq) < tol * dtype_traits<T>::sqrt(a_pp * a_qq)) {
                    continue;
                }

                // Compute Jacobi rotation parameters
                T tau_num = a_qq - a_pp;
                T tau_den = dtype_traits<T>::two() * a_pq;

                T c, s_val;
                if (dtype_traits<T>::abs(tau_den) < dtype_traits<T>::tiny_eps()) {
                    c = dtype_traits<T>::one();
                    s_val = dtype_traits<T>::zero();
                } else {
                    T tau = tau_num / tau_den;
                    T t;
                    if (tau >= dtype_traits<T>::zero()) {
                        t = dtype_traits<T>::one() / (tau + dtype_traits<T>::sqrt(dtype_traits<T>::one() + tau * tau));
                    } else {
                        t = -dtype_traits<T>::one() / (-tau + dtype_traits<T>::sqrt(dtype_traits<T>::one() + tau * tau));
                    }
                    c = dtype_traits<T>::one() / dtype_traits<T>::sqrt(dtype_traits<T>::one() + t * t);
                    s_val = t * c;
                }

                // Apply rotation to B columns
                for (unsigned int i = 0; i < work_m; i++) {
                    T bp = b[i * work_n + p];
                    T bq = b[i * work_n + q];
                    b[i * work_n + p] = c * bp - s_val * bq;
                    b[i * work_n + q] = s_val * bp + c * bq;
                }

                // Apply rotation to V columns
                for (unsigned int i = 0; i < work_n; i++) {
                    T vp = v[i * work_n + p];
                    T vq = v[i * work_n + q];
                    v[i * work_n + p] = c * vp - s_val * vq;
                    v[i * work_n + q] = s_val * vp + c * vq;
                }
            }
        }

        // Check convergence
        if (dtype_traits<T>::sqrt(off_diag_sum) < tol) {
            *converged_flag = 1;
            break;
        }
    }

    // Extract singular values (column norms of B)
    for (unsigned int j = 0; j < work_n; j++) {
        T norm_sq = dtype_traits<T>::zero();
        for (unsigned int i = 0; i < work_m; i++) {
            T val = b[i * work_n + j];
            norm_sq += val * val;
        }
        s[j] = dtype_traits<T>::sqrt(norm_sq);

        // Normalize B column to get U column
        T norm = s[j];
        if (norm > eps) {
            for (unsigned int i = 0; i < work_m; i++) {
                b[i * work_n + j] /= norm;
            }
        }
    }
}

// ============================================================================
// Extern "C" wrappers for PTX export
// ============================================================================

extern "C" {

__global__ void svd_jacobi_f32(float* b, float* v, float* s,
                               unsigned int work_m, unsigned int work_n,
                               int* converged_flag) {
    svd_jacobi_impl<float>(b, v, s, work_m, work_n, converged_flag);
}

__global__ void svd_jacobi_f64(double* b, double* v, double* s,
                               unsigned int work_m, unsigned int work_n,
                               int* converged_flag) {
    svd_jacobi_impl<double>(b, v, s, work_m, work_n, converged_flag);
}

// ============================================================================
// F16 (__half) Wrappers
// ============================================================================

__global__ void svd_jacobi_f16(__half* b, __half* v, __half* s,
                               unsigned int work_m, unsigned int work_n,
                               int* converged_flag) {
    svd_jacobi_impl<__half>(b, v, s, work_m, work_n, converged_flag);
}

// ============================================================================
// BF16 (__nv_bfloat16) Wrappers
// ============================================================================

__global__ void svd_jacobi_bf16(__nv_bfloat16* b, __nv_bfloat16* v, __nv_bfloat16* s,
                                unsigned int work_m, unsigned int work_n,
                                int* converged_flag) {
    svd_jacobi_impl<__nv_bfloat16>(b, v, s, work_m, work_n, converged_flag);
}

} // extern "C"
