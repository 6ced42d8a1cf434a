// tilelab kernel collection: mmcv's three nearest neighbours (for feature interpolation): one thread a point, the
//          three closest known points kept in double.
// Source:  https://github.com/open-mmlab/mmcv/blob/a8073c74bf83d62ec36a103f835faa4837fb6585/mmcv/ops/csrc/common/cuda/three_nn_cuda_kernel.cuh
//          (open-mmlab/mmcv, commit a8073c7).
// Licence: Apache-2.0 (the repository's LICENSE; the file's own notice is its line 1, "Copyright (c) OpenMMLab.
//          All rights reserved", kept; the licence's short notice repeated below).
// Kept:    lines 1-4 and 10-67 (the notice, the include guard and the kernel), unchanged. Removed: lines 5-9 (the #ifdef
//          choosing parrots_cuda_helper.hpp or pytorch_cuda_helper.hpp: PyTorch's host headers); the one macro the kernel
//          takes from them, CUDA_1D_KERNEL_LOOP, is copied in below, marked.
// Launches: ThreeNNForwardCUDAKernelLauncher's (mmcv/ops/csrc/pytorch/cuda/three_nn_cuda.cu): grid (GET_BLOCKS(n, 512),
//          b), block THREADS_PER_BLOCK = 512, three_nn_forward_cuda_kernel<scalar_t> for float and double.

/*
   Copyright (c) OpenMMLab. All rights reserved.

   Licensed under the Apache License, Version 2.0 (the "License");
   you may not use this file except in compliance with the License.
   You may obtain a copy of the License at

       http://www.apache.org/licenses/LICENSE-2.0

   Unless required by applicable law or agreed to in writing, software
   distributed under the License is distributed on an "AS IS" BASIS,
   WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
   See the License for the specific language governing permissions and
   limitations under the License.
*/

// Copyright (c) OpenMMLab. All rights reserved
#ifndef THREE_NN_CUDA_KERNEL_CUH
#define THREE_NN_CUDA_KERNEL_CUH


// ---- copied from mmcv/ops/csrc/common/cuda/common_cuda_helper.hpp (same commit), lines 6-8, unchanged:
#define CUDA_1D_KERNEL_LOOP(i, n)                              \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < (n); \
       i += blockDim.x * gridDim.x)
// ---- end of the copy


template <typename T>
__global__ void three_nn_forward_cuda_kernel(int b, int n, int m,
                                             const T *unknown, const T *known,
                                             T *dist2, int *__restrict__ idx) {
  // unknown: (B, N, 3)
  // known: (B, M, 3)
  // output:
  //      dist2: (B, N, 3)
  //      idx: (B, N, 3)

  int bs_idx = blockIdx.y;
  CUDA_1D_KERNEL_LOOP(pt_idx, n) {
    if (bs_idx >= b) return;

    unknown += bs_idx * n * 3 + pt_idx * 3;
    known += bs_idx * m * 3;
    dist2 += bs_idx * n * 3 + pt_idx * 3;
    idx += bs_idx * n * 3 + pt_idx * 3;

    T ux = unknown[0];
    T uy = unknown[1];
    T uz = unknown[2];

    double best1 = 1e40, best2 = 1e40, best3 = 1e40;
    int besti1 = 0, besti2 = 0, besti3 = 0;
    for (int k = 0; k < m; ++k) {
      T x = known[k * 3 + 0];
      T y = known[k * 3 + 1];
      T z = known[k * 3 + 2];
      T d = (ux - x) * (ux - x) + (uy - y) * (uy - y) + (uz - z) * (uz - z);
      if (d < best1) {
        best3 = best2;
        besti3 = besti2;
        best2 = best1;
        besti2 = besti1;
        best1 = d;
        besti1 = k;
      } else if (d < best2) {
        best3 = best2;
        besti3 = besti2;
        best2 = d;
        besti2 = k;
      } else if (d < best3) {
        best3 = d;
        besti3 = k;
      }
    }
    dist2[0] = best1;
    dist2[1] = best2;
    dist2[2] = best3;
    idx[0] = besti1;
    idx[1] = besti2;
    idx[2] = besti3;
  }
}

#endif  // THREE_NN_CUDA_KERNEL_CUH
