// Source:  https://github.com/ml-rust/numr/blob/4dcf5c882e4f339e645a07c7a180b222441fea30/src/runtime/cuda/kernels/linalg_eigen.cu
// Licence: Apache-2.0 (the repository's LICENSE, notice below)
// Kept: linalg_eigen.cu lines 1-175, the whole file (device code only), unchanged except line 6's #include "dtype_traits.cuh",
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

// Eigenvalue decomposition CUDA kernels
// Includes: Symmetric eigenvalue (Jacobi)
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
// Eigendecomposition for Symmetric Matrices using Jacobi Algorithm
// ============================================================================

template<typename T>
__device__ void eig_jacobi_symmetric_impl(
    T* __restrict__ a,           // [n, n] input matrix, becomes diagonal
    T* __restrict__ eigenvectors,// [n, n] output eigenvectors
    T* __restrict__ eigenvalues, // [n] output eigenvalues
    unsigned int n,
    int* __restrict__ converged_flag
) {
    if (threadIdx.x != 0 || blockIdx.x != 0) return;

    const T eps = dtype_traits<T>::eps();
    const T tol = (T)n * eps;
    const int max_sweeps = 30;

    // Initialize eigenvector matrix as identity
    for (unsigned int i = 0; i < n; i++) {
        for (unsigned int j = 0; j < n; j++) {
            eigenvectors[i * n + j] = (i == j) ? dtype_traits<T>::one() : dtype_traits<T>::zero();
        }
    }

    // Symmetrize input (use lower triangle)
    for (unsigned int i = 0; i < n; i++) {
        for (unsigned int j = 0; j < i; j++) {
            T val = a[i * n + j];
            a[j * n + i] = val;
        }
    }

    // Jacobi iterations
    for (int sweep = 0; sweep < max_sweeps; sweep++) {
        // Find maximum off-diagonal element
        T max_off_diag = dtype_traits<T>::zero();
        for (unsigned int i = 0; i < n; i++) {
            for (unsigned int j = i + 1; j < n; j++) {
                T val = dtype_traits<T>::abs(a[i * n + j]);
                if (val > max_off_diag) {
                    max_off_diag = val;
                }
            }
        }

        // Check convergence
        if (max_off_diag < tol) {
            *converged_flag = 1;
            break;
        }

        // Process all element pairs (p, q) where p < q
        for (unsigned int p = 0; p < n; p++) {
            for (unsigned int q = p + 1; q < n; q++) {
                T a_pq = a[p * n + q];

                if (dtype_traits<T>::abs(a_pq) < tol) continue;

                T a_pp = a[p * n + p];
                T a_qq = a[q * n + q];

                // Compute Jacobi rotation parameters
                T tau_num = a_qq - a_pp;
                T tau_den = dtype_traits<T>::two() * a_pq;

                T c, s;
                if (dtype_traits<T>::abs(tau_den) < dtype_traits<T>::tiny_eps()) {
                    c = dtype_traits<T>::one();
                    s = dtype_traits<T>::zero();
                } else {
                    T tau = tau_num / tau_den;
                    T t;
                    if (tau >= dtype_traits<T>::zero()) {
                        t = dtype_traits<T>::one() / (tau + dtype_traits<T>::sqrt(dtype_traits<T>::one() + tau * tau));
                    } else {
                        t = -dtype_traits<T>::one() / (-tau + dtype_traits<T>::sqrt(dtype_traits<T>::one() + tau * tau));
                    }
                    c = dtype_traits<T>::one() / dtype_traits<T>::sqrt(dtype_traits<T>::one() + t * t);
                    s = t * c;
                }

                // Apply Jacobi rotation: A' = J^T @ A @ J
                for (unsigned int k = 0; k < n; k++) {
                    if (k != p && k != q) {
                        T a_kp = a[k * n + p];
                        T a_kq = a[k * n + q];

                        T new_kp = c * a_kp - s * a_kq;
                        T new_kq = s * a_kp + c * a_kq;

                        a[k * n + p] = new_kp;
                        a[p * n + k] = new_kp;
                        a[k * n + q] = new_kq;
                        a[q * n + k] = new_kq;
                    }
                }

                // Update diagonal elements
                T c2 = c * c;
                T s2 = s * s;
                T cs2 = dtype_traits<T>::two() * c * s;

                T new_pp = c2 * a_pp - cs2 * a_pq + s2 * a_qq;
                T new_qq = s2 * a_pp + cs2 * a_pq + c2 * a_qq;

                a[p * n + p] = new_pp;
                a[q * n + q] = new_qq;
                a[p * n + q] = dtype_traits<T>::zero();
                a[q * n + p] = dtype_traits<T>::zero();

                // Update eigenvector matrix: V = V @ J
                for (unsigned int i = 0; i < n; i++) {
                    T v_ip = eigenvectors[i * n + p];
                    T v_iq = eigenvectors[i * n + q];

                    eigenvectors[i * n + p] = c * v_ip - s * v_iq;
                    eigenvectors[i * n + q] = s * v_ip + c * v_iq;
                }
            }
        }
    }

    // Extract eigenvalues (diagonal of converged matrix)
    for (unsigned int i = 0; i < n; i++) {
        eigenvalues[i] = a[i * n + i];
    }
}

// ============================================================================
// Extern "C" wrappers for PTX export
// ============================================================================

extern "C" {

__global__ void eig_jacobi_symmetric_f32(float* a, float* eigenvectors,
                                         float* eigenvalues, unsigned int n,
                                         int* converged_flag) {
    eig_jacobi_symmetric_impl<float>(a, eigenvectors, eigenvalues, n, converged_flag);
}

__global__ void eig_jacobi_symmetric_f64(double* a, double* eigenvectors,
                                         double* eigenvalues, unsigned int n,
                                         int* converged_flag) {
    eig_jacobi_symmetric_impl<double>(a, eigenvectors, eigenvalues, n, converged_flag);
}

// ============================================================================
// F16 (__half) Wrappers
// ============================================================================

__global__ void eig_jacobi_symmetric_f16(__half* a, __half* eigenvectors,
                                         __half* eigenvalues, unsigned int n,
                                         int* converged_flag) {
    eig_jacobi_symmetric_impl<__half>(a, eigenvectors, eigenvalues, n, converged_flag);
}

// ============================================================================
// BF16 (__nv_bfloat16) Wrappers
// ============================================================================

__global__ void eig_jacobi_symmetric_bf16(__nv_bfloat16* a, __nv_bfloat16* eigenvectors,
                                          __nv_bfloat16* eigenvalues, unsigned int n,
                                          int* converged_flag) {
    eig_jacobi_symmetric_impl<__nv_bfloat16>(a, eigenvectors, eigenvalues, n, converged_flag);
}

} // extern "C"
