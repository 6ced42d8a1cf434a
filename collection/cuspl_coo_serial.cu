// tilelab kernel collection: Cusp's CUDA SpMV kernels: sorted COO by one thread, the tail of the flat COO product (spmv_coo_serial_kernel)
// Source:  https://github.com/cusplibrary/cusplibrary/blob/0c79a9b840462f0dfe701baaeab632e33a9673a8/cusp/system/cuda/detail/multiply/coo_serial.h
//          (cusplibrary/cusplibrary, commit 0c79a9b: Cusp, NVIDIA's sparse linear algebra library on Thrust)
// Licence: Apache-2.0 (the file's own notice, lines 1-15, repeated below).
// Kept: lines 21-54 (the namespaces and spmv_coo_serial_kernel) and 78-81, unchanged; the host launchers removed.
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

// COO format SpMV kernel that uses only one thread
// This is incredibly slow, so it is only useful for testing purposes,
// *extremely* small matrices, or a few elements at the end of a
// larger matrix

template <typename RowIterator,     typename ColumnIterator,
          typename ValueIterator1,  typename ValueIterator2, typename ValueIterator3,
          typename BinaryFunction1, typename BinaryFunction2>
__global__ void
spmv_coo_serial_kernel(const int num_entries,
                       const RowIterator I,
                       const ColumnIterator J,
                       const ValueIterator1 V,
                       const ValueIterator2 x,
                       ValueIterator3 y,
                       BinaryFunction1 combine,
                       BinaryFunction2 reduce)
{
    typedef typename ::cuda::std::iterator_traits<RowIterator>::value_type IndexType;

    for(IndexType n = 0; n < num_entries; n++)
    {
        y[I[n]] = reduce(y[I[n]], combine(V[n], x[J[n]]));
    }
}
} // end namespace detail
} // end namespace cuda
} // end namespace system
} // end namespace cusp
