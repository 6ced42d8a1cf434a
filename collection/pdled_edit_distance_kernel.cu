// tilelab kernel collection: PaddlePaddle's GPU edit-distance (Levenshtein) operator, an anti-diagonal at a launch
// Source:  https://github.com/PaddlePaddle/Paddle/blob/0ab6998c22c7f4ea942b2437353f34c257e868d6/paddle/phi/kernels/gpu/edit_distance_kernel.cu
//          (PaddlePaddle/Paddle, commit 0ab6998; the phi kernel of paddle.nn.functional / fluid's edit_distance op).
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice kept below).
// Kept:    lines 1-13 (notice), 27 (namespace phi) and 31-75 (the four kernels FillFirstRow, FillFirstColumn,
//          Levenshtein, SetOutput), unchanged, and the namespace's closing line
//          `}  // namespace phi`.
//          Removed: the includes (lines 15-25: Paddle's own headers and <algorithm>/<vector>, host-only here), the
//          host-only `using phi::PADDLE_CUDA_NUM_THREADS;` (line 29) and the host function EditDistanceKernel and
//          its PD_REGISTER_KERNEL (line 77 to the end, but for the namespace's closing line).
//          PADDLE_CUDA_NUM_THREADS is 512 (paddle/phi/backends/gpu/gpu_primitives.h); the kernel is registered for
//          T = float.
// Launches: EditDistanceKernel's, for one pair of m hypothesis and n reference tokens:
//          FillFirstColumn<T><<<1 + m / 512, 512>>>(dist, m, n), FillFirstRow<T><<<1 + n / 512, 512>>>(dist, n),
//          for slice = 2 .. m + n: Levenshtein<T><<<1 + (size - 1) / 512, 512>>>(dist, x1, x2, m, n, start) with
//          z_m = slice < m + 1 ? 0 : slice - m, z_n = slice < n + 1 ? 0 : slice - n, size = slice - (z_m + z_n) + 1,
//          start = slice < n + 1 ? slice : (z_n + 1) * (n + 1) - 1, and SetOutput<T><<<1, 1>>>(out, dist, m, n,
//          normalized).

// Copyright (c) 2022 PaddlePaddle Authors. All Rights Reserved.
//
// Licensed under the Apache License, Version 2.0 (the "License");
// you may not use this file except in compliance with the License.
// You may obtain a copy of the License at
//
//     http://www.apache.org/licenses/LICENSE-2.0
//
// Unless required by applicable law or agreed to in writing, software
// distributed under the License is distributed on an "AS IS" BASIS,
// WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
// See the License for the specific language governing permissions and
// limitations under the License.

namespace phi {

template <typename T>
__global__ void FillFirstRow(T* dist, const int N) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  if (idx < N + 1) {
    dist[idx] = idx;
  }
}

template <typename T>
__global__ void FillFirstColumn(T* dist, const int M, const int N) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  if (idx < M + 1) {
    dist[idx * (N + 1)] = idx;
  }
}

template <typename T>
__global__ void Levenshtein(T* dist,
                            const int64_t* x1,
                            const int64_t* x2,
                            const int M,
                            const int N,
                            const int start) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  int offset = N;
  int index = start + idx * offset;
  int row = index / (N + 1);
  int col = index % (N + 1);
  if (row > 0 && col > 0 && row < M + 1 && col < N + 1) {
    int cost = x1[row - 1] == x2[col - 1] ? 0 : 1;
    int dels = dist[(row - 1) * (N + 1) + col] + 1;
    int ins = dist[row * (N + 1) + col - 1] + 1;
    int subs = dist[(row - 1) * (N + 1) + (col - 1)] + cost;
    dist[index] = min(dels, min(ins, subs));
  }
}

template <typename T>
__global__ void SetOutput(
    T* out, const T* dist, const int M, const int N, bool normalized) {
  int idx = blockDim.x * blockIdx.x + threadIdx.x;
  if (idx == 0) {
    out[0] = normalized ? dist[M * (N + 1) + N] / N : dist[M * (N + 1) + N];
  }
}

}  // namespace phi
