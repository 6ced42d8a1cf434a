// tilelab kernel collection: Cusp's CUDA SpMV kernels: CSR, a thread a row (spmv_csr_scalar_kernel)
// Source:  https://github.com/cusplibrary/cusplibrary/blob/0c79a9b840462f0dfe701baaeab632e33a9673a8/cusp/system/cuda/detail/multiply/csr_scalar.h
//          (cusplibrary/cusplibrary, commit 0c79a9b: Cusp, NVIDIA's sparse linear algebra library on Thrust)
// Licence: Apache-2.0 (the file's own notice, lines 1-15, repeated below).
// Kept: lines 26-73 (the namespaces and spmv_csr_scalar_kernel) and 141-144, unchanged; the host launchers removed.
//       The file's #include lines (Thrust and Cusp headers) are replaced by the CCCL headers that declare what the kept
//       lines use (::cuda::std::iterator_traits, ::cuda::std::min (both CCCL 12 and 13 declare it through <cuda/std/functional>),
//       ::cuda::std::multiplies / plus as the functors).
//
/*
 *  Copyright 2008-2014 NVIDIA Corporation
 *
 *  Licensed under the Apache License, Version 2.0 (the "License");
 *  you may not use this file except in compliance with the License.
 *  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 *  Unless required by applicable law or agreed to in writing, software
 *  distributed under the License is distributed on an "AS IS" BASIS,
 *  WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 *  See the License for the specific language governing permissions and
 *  limitations under the License.
 */

#include <cuda/std/iterator>
#include <cuda/std/functional>

namespace cusp
{
namespace system
{
namespace cuda
{
namespace detail
{

////////////////////////////////////////////////////////////////////////
// CSR SpMV kernels based on a scalar model (one thread per row)
///////////////////////////////////////////////////////////////////////
//
// spmv_csr_scalar_device
//   Straightforward translation of standard CSR SpMV to CUDA
//   where each thread computes y[i] = A[i,:] * x
//   (the dot product of the i-th row of A with the x vector)
//
// spmv_csr_scalar_tex_device
//   Same as spmv_csr_scalar_device, except x is accessed via texture cache.
//

template <typename IndexType,
          typename ValueType>
__global__ void
spmv_csr_scalar_kernel(const IndexType num_rows,
                       const IndexType * Ap,
                       const IndexType * Aj,
                       const ValueType * Ax,
                       const ValueType * x,
                       ValueType * y)
{
    const IndexType thread_id = blockDim.x * blockIdx.x + threadIdx.x;
    const IndexType grid_size = gridDim.x * blockDim.x;

    for(IndexType row = thread_id; row < num_rows; row += grid_size)
    {
        const IndexType row_start = Ap[row];
        const IndexType row_end   = Ap[row+1];

        ValueType sum = 0;

        for (IndexType jj = row_start; jj < row_end; jj++)
            sum += Ax[jj] * x[ Aj[jj] ];

        y[row] = sum;
    }
}
} // end namespace detail
} // end namespace cuda
} // end namespace system
} // end namespace cusp
