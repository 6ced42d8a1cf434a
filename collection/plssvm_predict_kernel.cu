// tilelab kernel collection: PLSSVM's prediction kernels (the linear model's w by a thread per feature; polynomial and RBF decision values by a thread per (support vector, point) and atomicAdd)
// Source:  https://github.com/SC-SGS/PLSSVM/blob/c22c726431fc12302cfd27be860cee4c292119d4/src/plssvm/backends/CUDA/predict_kernel.cu
//          (SC-SGS/PLSSVM, commit c22c726)
// Licence: MIT (the repository's LICENSE.md, repeated below; then the file's own notice, kept).
// Kept, unchanged: lines 1-8, 13-79 (the notice and the three kernels with their instantiations); removed: lines 9-12 (project includes; the atomics.cuh and constants.hpp lines below copied in).
/*
 * # MIT License
 *
 * Copyright (c) 2021 Alexander Van Craen and Marcel Breyer @ University of Stuttgart
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
/**
 * @author Alexander Van Craen
 * @author Marcel Breyer
 * @copyright 2018-today The PLSSVM project - All Rights Reserved
 * @license This file is part of the PLSSVM project which is released under the MIT license.
 *          See the LICENSE.md file in the project root for full license information.
 */

// ---- include/plssvm/backends/CUDA/detail/atomics.cuh, lines 16-33 (a double atomicAdd for __CUDA_ARCH__ < 600 only)
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 600
/**
 * @brief Atomically add the double precision @p val to the value denoted by @p addr.
 * @details Needed since CUDA versions before 6 don't nativelly support double-precisions floating point atomics.
 * @param[in,out] addr the value to increment
 * @param[in] val the value to add
 * @return the old value before atomically adding @p val
 */
__device__ __forceinline__ double atomicAdd(double *addr, const double val) {
    unsigned long long int *address_as_ull = (unsigned long long int *) addr;
    unsigned long long int old = *address_as_ull, assumed;
    do {
        assumed = old;
        old = atomicCAS(address_as_ull, assumed, __double_as_longlong(val + __longlong_as_double(assumed)));
    } while (assumed != old);
    return __longlong_as_double(old);
}
#endif
// ---- include/plssvm/constants.hpp, lines 16-33 and 47 (kernel_index_type, THREAD_BLOCK_SIZE, INTERNAL_BLOCK_SIZE)
namespace plssvm {

/// Integer type used inside kernels.
using kernel_index_type = int;  // TODO: remove and replace by backend specific type?

/// Global compile-time constant used for internal caching. May be changed during the CMake configuration step.
#if defined(PLSSVM_THREAD_BLOCK_SIZE)
constexpr kernel_index_type THREAD_BLOCK_SIZE = PLSSVM_THREAD_BLOCK_SIZE;
#else
constexpr kernel_index_type THREAD_BLOCK_SIZE = 16;
#endif

/// Global compile-time constant used for internal caching. May be changed during the CMake configuration step.
#if defined(PLSSVM_INTERNAL_BLOCK_SIZE)
constexpr kernel_index_type INTERNAL_BLOCK_SIZE = PLSSVM_INTERNAL_BLOCK_SIZE;
#else
constexpr kernel_index_type INTERNAL_BLOCK_SIZE = 6;
#endif
}  // namespace plssvm
// ---- end of the copied lines

namespace plssvm::cuda {

template <typename real_type>
__global__ void device_kernel_w_linear(real_type *w_d, const real_type *data_d, const real_type *data_last_d, const real_type *alpha_d, const kernel_index_type num_data_points, const kernel_index_type num_features) {
    const kernel_index_type index = blockIdx.x * blockDim.x + threadIdx.x;
    real_type temp{ 0.0 };
    if (index < num_features) {
        for (kernel_index_type dat = 0; dat < num_data_points - 1; ++dat) {
            temp += alpha_d[dat] * data_d[dat + (num_data_points - 1 + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * index];
        }
        temp += alpha_d[num_data_points - 1] * data_last_d[index];
        w_d[index] = temp;
    }
}
template __global__ void device_kernel_w_linear(float *, const float *, const float *, const float *, const kernel_index_type, const kernel_index_type);
template __global__ void device_kernel_w_linear(double *, const double *, const double *, const double *, const kernel_index_type, const kernel_index_type);

template <typename real_type>
__global__ void device_kernel_predict_polynomial(real_type *out_d, const real_type *data_d, const real_type *data_last_d, const real_type *alpha_d, const kernel_index_type num_data_points, const real_type *points, const kernel_index_type num_predict_points, const kernel_index_type num_features, const int degree, const real_type gamma, const real_type coef0) {
    const kernel_index_type data_point_index = blockIdx.x * blockDim.x + threadIdx.x;
    const kernel_index_type predict_point_index = blockIdx.y * blockDim.y + threadIdx.y;

    real_type temp{ 0.0 };
    if (predict_point_index < num_predict_points) {
        for (kernel_index_type feature_index = 0; feature_index < num_features; ++feature_index) {
            if (data_point_index == num_data_points - 1) {
                temp += data_last_d[feature_index] * points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index];
            } else {
                temp += data_d[data_point_index + (num_data_points - 1 + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index] * points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index];
            }
        }

        temp = alpha_d[data_point_index] * pow(gamma * temp + coef0, degree);

        atomicAdd(&out_d[predict_point_index], temp);
    }
}

template __global__ void device_kernel_predict_polynomial(float *, const float *, const float *, const float *, const kernel_index_type, const float *, const kernel_index_type, const kernel_index_type, const int, const float, const float);
template __global__ void device_kernel_predict_polynomial(double *, const double *, const double *, const double *, const kernel_index_type, const double *, const kernel_index_type, const kernel_index_type, const int, const double, const double);

template <typename real_type>
__global__ void device_kernel_predict_rbf(real_type *out_d, const real_type *data_d, const real_type *data_last_d, const real_type *alpha_d, const kernel_index_type num_data_points, const real_type *points, const kernel_index_type num_predict_points, const kernel_index_type num_features, const real_type gamma) {
    const kernel_index_type data_point_index = blockIdx.x * blockDim.x + threadIdx.x;
    const kernel_index_type predict_point_index = blockIdx.y * blockDim.y + threadIdx.y;

    real_type temp{ 0.0 };
    if (predict_point_index < num_predict_points) {
        for (kernel_index_type feature_index = 0; feature_index < num_features; ++feature_index) {
            if (data_point_index == num_data_points - 1) {
                temp += (data_last_d[feature_index] - points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index]) * (data_last_d[feature_index] - points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index]);
            } else {
                temp += (data_d[data_point_index + (num_data_points - 1 + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index] - points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index]) * (data_d[data_point_index + (num_data_points - 1 + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index] - points[predict_point_index + (num_predict_points + THREAD_BLOCK_SIZE * INTERNAL_BLOCK_SIZE) * feature_index]);
            }
        }

        temp = alpha_d[data_point_index] * exp(-gamma * temp);

        atomicAdd(&out_d[predict_point_index], temp);
    }
}

template __global__ void device_kernel_predict_rbf(float *, const float *, const float *, const float *, const kernel_index_type, const float *, const kernel_index_type, const kernel_index_type, const float);
template __global__ void device_kernel_predict_rbf(double *, const double *, const double *, const double *, const kernel_index_type, const double *, const kernel_index_type, const kernel_index_type, const double);

}  // namespace plssvm::cuda
