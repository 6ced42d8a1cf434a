// tilelab kernel collection: Cusp's CUDA SpMV kernels: DIA, a thread a row, the diagonal offsets staged in shared memory (spmv_dia_kernel)
// Source:  https://github.com/cusplibrary/cusplibrary/blob/0c79a9b840462f0dfe701baaeab632e33a9673a8/cusp/system/cuda/detail/multiply/dia_spmv.h
//          (cusplibrary/cusplibrary, commit 0c79a9b: Cusp, NVIDIA's sparse linear algebra library on Thrust)
// Licence: Apache-2.0 (the file's own notice, lines 1-15, repeated below).
// Kept: lines 29-119 (the namespaces and spmv_dia_kernel) and 172-175, unchanged; the host launchers removed.
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

// From cusp/functional.h, lines 31-32 (namespace cusp) and 433-449 (constant_functor, cusp::multiply's initialize):
namespace cusp
{
template<typename T>
struct constant_functor
{
    private:
      T val;

    public:
    /** \brief Construct with the given constant \p val. */
    _CCCL_HOST_DEVICE
    constant_functor(const T val = 0) : val(val) {}

    /** \brief Return the stored constant, ignoring input \p x. */
    _CCCL_HOST_DEVICE
    T operator()(const T& x) const {
        return val;
    }
};
} // end namespace cusp

namespace cusp
{
namespace system
{
namespace cuda
{
namespace detail
{

////////////////////////////////////////////////////////////////////////
// DIA SpMV kernels
///////////////////////////////////////////////////////////////////////
//
// Diagonal matrices arise in grid-based discretizations using stencils.
// For instance, the standard 5-point discretization of the two-dimensional
// Laplacian operator has the stencil:
//      [  0  -1   0 ]
//      [ -1   4  -1 ]
//      [  0  -1   0 ]
// and the resulting DIA format has 5 diagonals.
//
// spmv_dia
//   Each thread computes y[i] += A[i,:] * x
//   (the dot product of the i-th row of A with the x vector)
//
// spmv_dia_tex
//   Same as spmv_dia, except x is accessed via texture cache.
//


template <typename OffsetsIterator, typename ValueIterator1, typename ValueIterator2, typename ValueIterator3, typename UnaryFunction, typename BinaryFunction1, typename BinaryFunction2, unsigned int BLOCK_SIZE>
__launch_bounds__(BLOCK_SIZE,1)
__global__ void
spmv_dia_kernel(const int num_rows,
                const int num_cols,
                const int num_diagonals,
                const int pitch,
                const OffsetsIterator diagonal_offsets,
                const ValueIterator1 values,
                const ValueIterator2 x,
                ValueIterator3 y,
                UnaryFunction initialize,
                BinaryFunction1 combine,
                BinaryFunction2 reduce)
{
    typedef typename ::cuda::std::iterator_traits<OffsetsIterator>::value_type IndexType;
    typedef typename ::cuda::std::iterator_traits<ValueIterator1>::value_type  ValueType;

    __shared__ IndexType offsets[BLOCK_SIZE];

    const IndexType thread_id = BLOCK_SIZE * blockIdx.x + threadIdx.x;
    const IndexType grid_size = BLOCK_SIZE * gridDim.x;

    for(IndexType base = 0; base < num_diagonals; base += BLOCK_SIZE)
    {
        // read a chunk of the diagonal offsets into shared memory
        const IndexType chunk_size = ::cuda::std::min(IndexType(BLOCK_SIZE), num_diagonals - base);

        if(threadIdx.x < chunk_size)
            offsets[threadIdx.x] = diagonal_offsets[base + threadIdx.x];

        __syncthreads();

        // process chunk
        for(IndexType row = thread_id; row < num_rows; row += grid_size)
        {
            ValueType sum = (base == 0) ? initialize(y[row]) : y[row];

            // index into values array
            IndexType idx = row + pitch * base;

            for(IndexType n = 0; n < chunk_size; n++)
            {
                const IndexType col = row + offsets[n];

                if(col >= 0 && col < num_cols)
                {
                    const ValueType A_ij = values[idx];
                    sum = reduce(sum, combine(A_ij, x[col]));
                }

                idx += pitch;
            }

            y[row] = sum;
        }

        // wait until all threads are done reading offsets
        __syncthreads();
    }
}
} // end namespace detail
} // end namespace cuda
} // end namespace system
} // end namespace cusp
