// tilelab kernel collection: Cusp's CUDA SpMV kernels: sorted COO by a warp-interval segmented reduction (spmv_coo_flat_kernel) and its carry update (spmv_coo_reduce_update_kernel, segreduce_block)
// Source:  https://github.com/cusplibrary/cusplibrary/blob/0c79a9b840462f0dfe701baaeab632e33a9673a8/cusp/system/cuda/detail/multiply/coo_flat_spmv.h
//          (cusplibrary/cusplibrary, commit 0c79a9b: Cusp, NVIDIA's sparse linear algebra library on Thrust)
// Licence: Apache-2.0 (the file's own notice, lines 1-15, repeated below).
// Kept: lines 29-36 (namespaces), 64-131 (segreduce_block) and 225-377 (the two kernels) and 508-511, unchanged; the host launchers removed.
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

// From cusp/system/cuda/arch.h, lines 33-39 (namespaces) and 42 (WARP_SIZE):
namespace cusp
{
namespace system
{
namespace cuda
{

const int WARP_SIZE = 32; 
} // end namespace cuda
} // end namespace system
} // end namespace cusp

namespace cusp
{
namespace system
{
namespace cuda
{
namespace detail
{
template <typename IndexType, typename ValueType, typename BinaryFunction>
_CCCL_DEVICE void segreduce_block(const IndexType * idx, ValueType * val, BinaryFunction reduce)
{
    ValueType left = 0;
    if( threadIdx.x >=   1 && idx[threadIdx.x] == idx[threadIdx.x -   1] ) {
        left = val[threadIdx.x -   1];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=   2 && idx[threadIdx.x] == idx[threadIdx.x -   2] ) {
        left = val[threadIdx.x -   2];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=   4 && idx[threadIdx.x] == idx[threadIdx.x -   4] ) {
        left = val[threadIdx.x -   4];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=   8 && idx[threadIdx.x] == idx[threadIdx.x -   8] ) {
        left = val[threadIdx.x -   8];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=  16 && idx[threadIdx.x] == idx[threadIdx.x -  16] ) {
        left = val[threadIdx.x -  16];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=  32 && idx[threadIdx.x] == idx[threadIdx.x -  32] ) {
        left = val[threadIdx.x -  32];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >=  64 && idx[threadIdx.x] == idx[threadIdx.x -  64] ) {
        left = val[threadIdx.x -  64];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >= 128 && idx[threadIdx.x] == idx[threadIdx.x - 128] ) {
        left = val[threadIdx.x - 128];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
    if( threadIdx.x >= 256 && idx[threadIdx.x] == idx[threadIdx.x - 256] ) {
        left = val[threadIdx.x - 256];
    }
    __syncthreads();
    val[threadIdx.x] = reduce(val[threadIdx.x], left);
    left = 0;
    __syncthreads();
}
template <typename IndexType,       typename RowIterator,     typename ColumnIterator,
          typename ValueIterator1,  typename ValueIterator2,  typename ValueIterator3,
          typename IndexIterator,   typename ValueIterator4,
          typename BinaryFunction1, typename BinaryFunction2, unsigned int BLOCK_SIZE>
__launch_bounds__(BLOCK_SIZE,1)
__global__ void
spmv_coo_flat_kernel(const IndexType num_nonzeros,
                     const IndexType interval_size,
                     const RowIterator    I,
                     const ColumnIterator J,
                     const ValueIterator1  V,
                     const ValueIterator2 x,
                     ValueIterator3 y,
                     IndexIterator temp_rows,
                     ValueIterator4 temp_vals,
                     BinaryFunction1 combine,
                     BinaryFunction2 reduce)
{
    typedef typename ::cuda::std::iterator_traits<ValueIterator1>::value_type ValueType;

    __shared__ volatile IndexType rows[48 *(BLOCK_SIZE/32)];
    __shared__ volatile ValueType vals[BLOCK_SIZE];

    const IndexType thread_id   = BLOCK_SIZE * blockIdx.x + threadIdx.x;                         // global thread index
    const IndexType thread_lane = threadIdx.x & (WARP_SIZE-1);                                   // thread index within the warp
    const IndexType warp_id     = thread_id   / WARP_SIZE;                                       // global warp index

    const IndexType interval_begin = warp_id * interval_size;                                    // warp's offset into I,J,V
    const IndexType interval_end   = ::cuda::std::min(interval_begin + interval_size, num_nonzeros);  // end of warps's work

    const IndexType idx = 16 * (threadIdx.x/32 + 1) + threadIdx.x;                               // thread's index into padded rows array

    rows[idx - 16] = -1;                                                                         // fill padding with invalid row index

    if(interval_begin >= interval_end)                                                           // warp has no work to do
        return;

    if (thread_lane == 31)
    {
        // initialize the carry in values
        rows[idx] = I[interval_begin];
        vals[threadIdx.x] = ValueType(0);
    }

    for(IndexType n = interval_begin + thread_lane; n < interval_end; n += WARP_SIZE)
    {
        IndexType row = I[n];                                         // row index (i)
        ValueType val = combine(V[n], x[ J[n] ]);            // A(i,j) * x(j)

        if (thread_lane == 0)
        {
            if(row == rows[idx + 31])
                val = reduce(val, ValueType(vals[threadIdx.x + 31]));                        // row continues
            else
                y[rows[idx + 31]] = reduce(y[rows[idx + 31]], ValueType(vals[threadIdx.x + 31]));  // row terminated
        }

        rows[idx]         = row;
        vals[threadIdx.x] = val;

        if(row == rows[idx -  1]) {
            vals[threadIdx.x] = val = reduce(val, ValueType(vals[threadIdx.x -  1]));
        }
        if(row == rows[idx -  2]) {
            vals[threadIdx.x] = val = reduce(val, ValueType(vals[threadIdx.x -  2]));
        }
        if(row == rows[idx -  4]) {
            vals[threadIdx.x] = val = reduce(val, ValueType(vals[threadIdx.x -  4]));
        }
        if(row == rows[idx -  8]) {
            vals[threadIdx.x] = val = reduce(val, ValueType(vals[threadIdx.x -  8]));
        }
        if(row == rows[idx - 16]) {
            vals[threadIdx.x] = val = reduce(val, ValueType(vals[threadIdx.x - 16]));
        }

        if(thread_lane < 31 && row != rows[idx + 1])
            y[row] = reduce(y[row], ValueType(vals[threadIdx.x]));                                            // row terminated
    }

    if(thread_lane == 31)
    {
        // write the carry out values
        temp_rows[warp_id] = IndexType(rows[idx]);
        temp_vals[warp_id] = ValueType(vals[threadIdx.x]);
    }
}


// The second level of the segmented reduction operation
template <typename IndexIterator, typename ValueIterator1, typename ValueIterator2, typename BinaryFunction, unsigned int BLOCK_SIZE>
__launch_bounds__(BLOCK_SIZE,1)
__global__ void
spmv_coo_reduce_update_kernel(const unsigned int num_warps,
                              const IndexIterator temp_rows,
                              const ValueIterator1 temp_vals,
                              ValueIterator2 y,
                              BinaryFunction reduce)
{
    typedef typename ::cuda::std::iterator_traits<IndexIterator>::value_type IndexType;
    typedef typename ::cuda::std::iterator_traits<ValueIterator1>::value_type ValueType;

    __shared__ IndexType rows[BLOCK_SIZE + 1];
    __shared__ ValueType vals[BLOCK_SIZE + 1];

    const IndexType end = num_warps - (num_warps & (BLOCK_SIZE - 1));

    if (threadIdx.x == 0)
    {
        rows[BLOCK_SIZE] = (IndexType) -1;
        vals[BLOCK_SIZE] = (ValueType)  0;
    }

    __syncthreads();

    IndexType i = threadIdx.x;

    while (i < end)
    {
        // do full blocks
        rows[threadIdx.x] = temp_rows[i];
        vals[threadIdx.x] = temp_vals[i];

        __syncthreads();

        segreduce_block(rows, vals, reduce);

        if (rows[threadIdx.x] != rows[threadIdx.x + 1])
            y[rows[threadIdx.x]] = reduce(y[rows[threadIdx.x]], vals[threadIdx.x]);

        __syncthreads();

        i += BLOCK_SIZE;
    }

    if (end < num_warps) {
        if (i < num_warps) {
            rows[threadIdx.x] = temp_rows[i];
            vals[threadIdx.x] = temp_vals[i];
        } else {
            rows[threadIdx.x] = (IndexType) -1;
            vals[threadIdx.x] = (ValueType)  0;
        }

        __syncthreads();

        segreduce_block(rows, vals, reduce);

        if (i < num_warps)
            if (rows[threadIdx.x] != rows[threadIdx.x + 1])
                y[rows[threadIdx.x]] = reduce(y[rows[threadIdx.x]], vals[threadIdx.x]);
    }
}
} // end namespace detail
} // end namespace cuda
} // end namespace system
} // end namespace cusp
