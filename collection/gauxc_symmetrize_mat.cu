// tilelab kernel collection: GauXC's in-place symmetrisation of the XC matrix (copy and averaging forms, 32 x 33 shared tiles)
// Source:  https://github.com/wavefunction91/GauXC/blob/15d57f4f8b1bfbd3543b0a44a6dbf9789cfa3bfd/src/xc_integrator/local_work_driver/device/cuda/kernels/symmetrize_mat.cu
//          (wavefunction91/GauXC, commit 15d57f4)
// Licence: BSD-3-Clause-LBNL (the repository's LICENSE.txt, repeated below; then the file's own notice, kept).
// Kept, unchanged: lines 1-11, 15-95, 112 (both kernels); removed: lines 12-14 (project includes; cuda_device_constants.hpp
//       is copied in below) and 96-111 (the host launchers).
/*
 * GauXC Copyright (c) 2020-2024, The Regents of the University of California,
 * through Lawrence Berkeley National Laboratory (subject to receipt of
 * any required approvals from the U.S. Dept. of Energy).
 *
 * (c) 2024-2025, Microsoft Corporation
 *
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * (1) Redistributions of source code must retain the above copyright notice,
 * this list of conditions and the following disclaimer.
 *
 * (2) Redistributions in binary form must reproduce the above copyright
 * notice, this list of conditions and the following disclaimer in the
 * documentation and/or other materials provided with the distribution.
 *
 * (3) Neither the name of the University of California, Lawrence Berkeley
 * National Laboratory, U.S. Dept. of Energy nor the names of its contributors
 * may be used to endorse or promote products derived from this software
 * without specific prior written permission.
 *
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE
 * ARE DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT OWNER OR CONTRIBUTORS BE
 * LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
 * CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
 * SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
 * INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
 * CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
 * ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
 * POSSIBILITY OF SUCH DAMAGE.
 *
 * You are under no obligation whatsoever to provide any bug fixes, patches,
 * or upgrades to the features, functionality or performance of the source
 * code ("Enhancements") to anyone; however, if you choose to make your
 * Enhancements available either publicly, or directly to Lawrence Berkeley
 * National Laboratory, without imposing a separate written license agreement
 * for such Enhancements, then you hereby grant the following license: a
 * non-exclusive, royalty-free perpetual license to install, use, modify,
 * prepare derivative works, incorporate into other computer software,
 * distribute, and sublicense such enhancements or derivative works thereof,
 * in binary and source code form.
 */
/**
 * GauXC Copyright (c) 2020-2024, The Regents of the University of California,
 * through Lawrence Berkeley National Laboratory (subject to receipt of
 * any required approvals from the U.S. Dept. of Energy).
 *
 * (c) 2024-2025, Microsoft Corporation
 *
 * All rights reserved.
 *
 * See LICENSE.txt for details
 */

// ---- src/runtime_environment/device_specific/cuda_device_constants.hpp, lines 12-25 (warp_size, max_threads_per_thread_block)
#pragma once
#include <cstdint>

namespace GauXC {
namespace cuda  {

static constexpr uint32_t warp_size = 32;
static constexpr uint32_t max_threads_per_thread_block = 1024;
static constexpr uint32_t max_warps_per_thread_block = 
  max_threads_per_thread_block / warp_size;

}

}
// ---- end of cuda_device_constants.hpp


namespace GauXC {

__global__ void symmetrize_matrix_device( size_t N, double* A, size_t LDA ) {

  constexpr uint32_t block_size = cuda::warp_size;

  __shared__ double buffer[block_size][block_size+1];  // Pad shared memory to resolve shared memory

  const size_t num_blocks = ((N + block_size - 1) / block_size);

  for (int i = blockIdx.x; i < num_blocks; i += gridDim.x) {
    // TODO This could be load balanced if need be
    const int i_coord = i * block_size;
    for (int j = i; j < num_blocks; j++) {
      const int j_coord = j * block_size;

      // Read in block to buffer
      // TODO These could be vector reads/writes if this becomes significant
      if (i_coord + threadIdx.y < N && j_coord + threadIdx.x < N) {
        buffer[threadIdx.y][threadIdx.x] = A[(i_coord + threadIdx.y) * LDA + j_coord + threadIdx.x];
      }
      __syncthreads();

      // Write buffer
      if (j_coord + threadIdx.y < N && i_coord + threadIdx.x < N) {
        if ((j_coord != i_coord || threadIdx.x < threadIdx.y)) { // handles the diagonal block
          A[(j_coord + threadIdx.y) * LDA + i_coord + threadIdx.x] = buffer[threadIdx.x][threadIdx.y];
        }
      }
      __syncthreads();
    }
  }
}

__global__ void symmetrize_matrix_inc_device( size_t N, double* A, size_t LDA ) {

  constexpr uint32_t block_size = cuda::warp_size;

  __shared__ double buffer_0[block_size][block_size+1];  // Pad shared memory to resolve shared memory
  __shared__ double buffer_1[block_size][block_size+1];  // Pad shared memory to resolve shared memory

  const size_t num_blocks = ((N + block_size - 1) / block_size);

  for (int i = blockIdx.x; i < num_blocks; i += gridDim.x) {
    // TODO This could be load balanced if need be
    const int i_coord = i * block_size;
    for (int j = i; j < num_blocks; j++) {
      const int j_coord = j * block_size;

      // Read in block to buffer
      // TODO These could be vector reads/writes if this becomes significant
      if (i_coord + threadIdx.y < N && j_coord + threadIdx.x < N) {
        buffer_0[threadIdx.y][threadIdx.x] = A[(i_coord + threadIdx.y) * LDA + j_coord + threadIdx.x];
      }
      if (j_coord + threadIdx.y < N && i_coord + threadIdx.x < N) {
        buffer_1[threadIdx.y][threadIdx.x] = A[(j_coord + threadIdx.y) * LDA + i_coord + threadIdx.x];
      }
      __syncthreads();

      buffer_0[threadIdx.y][threadIdx.x] += buffer_1[threadIdx.x][threadIdx.y];
      buffer_0[threadIdx.y][threadIdx.x] *= 0.5;
      __syncthreads();

      // Write buffer
      if (j_coord + threadIdx.y < N && i_coord + threadIdx.x < N) {
        //if ((j_coord != i_coord || threadIdx.x < threadIdx.y)) { // handles the diagonal block
          A[(j_coord + threadIdx.y) * LDA + i_coord + threadIdx.x] = buffer_0[threadIdx.x][threadIdx.y];
        //}
      }
      if (i_coord + threadIdx.y < N && j_coord + threadIdx.x < N) {
        //if ((j_coord != i_coord || threadIdx.x > threadIdx.y)) { // handles the diagonal block
          A[(i_coord + threadIdx.y) * LDA + j_coord + threadIdx.x] = buffer_0[threadIdx.y][threadIdx.x];
        //}
      }
      __syncthreads();
    }
  }
}


}
