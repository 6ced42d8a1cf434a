// tilelab kernel collection: h2o4gpu's ARIMA kernels (time-series differencing, lag matrix, residual update)
// Source:  https://github.com/h2oai/h2o4gpu/blob/a22da27a267e403bf537293b011788d846ab14bc/src/gpu/arima/arima.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file carries no notice of its own: one is given below)
// Kept, unchanged: lines 11 (namespace h2o4gpu {), 13 (BLOCK_SIZE), 79-123 (copy_kernel, ts_data_to_matrix_kernel,
//       update_residual_kernel), 192-212 (differencing, undifferencing), and a closing brace for the namespace.
//       Removed: includes, cuSOLVER/cuBLAS wrappers, LeastSquaresSolver and ARIMAModel host code.
//
// Copyright 2017-2018 H2O.ai, Inc.
// Licensed under the Apache License, Version 2.0 (the "License"); you may not use this file except in compliance
// with the License. You may obtain a copy of the License at http://www.apache.org/licenses/LICENSE-2.0
// Unless required by applicable law or agreed to in writing, software distributed under the License is
// distributed on an "AS IS" BASIS, WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.

namespace h2o4gpu {

#define BLOCK_SIZE 32

template <class T>
__global__ void copy_kernel(const T *__restrict d_in, T *__restrict d_out,
                            const int M, const int N) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int j = blockIdx.y * blockDim.y + threadIdx.y;

  if ((i < N) && (j < N)) d_out[j * N + i] = d_in[j * M + i];
}

template <class T>
__global__ void ts_data_to_matrix_kernel(const T *__restrict data, T *X,
                                         const int ldx, const int n) {
  // row
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // col, time axis
  const int j = blockIdx.y * blockDim.y + threadIdx.y;

  // TODO: optimize with shared memory(read data only once)
  if (i < n && i < ldx) {
    X[j * ldx + i] = data[j + i];
  }
}

template <class T>
__global__ void update_residual_kernel(T *residual, const T *data, const T *phi,
                                       const int p, const T *last_residual,
                                       const T *theta, const int q,
                                       const int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  // TODO: optimize with shared memory(read data only once)
  // at least cache phi and theta
  if (i < n) {
    T AR_prediction = 0;
    for (int j = 0; j < p; ++j) {
      AR_prediction += data[i + j + 1] * phi[j];
    }

    T MA_prediction = 0;
    for (int j = 0; j < q; ++j) {
      MA_prediction += last_residual[i + j + 1] * theta[j];
    }

    residual[i] = data[i] - AR_prediction - MA_prediction;
  }
}

template <class T>
__global__ void differencing(T *out, const T *in, const int n) {
  for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    if (i < n - 1)
      out[i] = in[i] - in[i + 1];
    else
      out[n - 1] = NAN;
  }
}

template <class T>
__global__ void undifferencing(T *out, const T *in, const int n) {
  for (int i = blockDim.x * blockIdx.x + threadIdx.x; i < n;
       i += gridDim.x * blockDim.x) {
    if (i > 0)
      out[i] = in[i] - in[i - 1];
    else
      out[0] = NAN;
  }
}

}  // namespace h2o4gpu
