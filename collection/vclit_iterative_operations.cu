// tilelab kernel collection: ViennaCL's pipelined CG and BiCGStab kernels (fused vector updates with per-block inner products; CSR/ELL/SELL-C SpMVs)
// Source:  https://github.com/viennacl/viennacl-dev/blob/dc552a8d4bba2bb028a346dc611deea0c67e3eed/viennacl/linalg/cuda/iterative_operations.hpp
//          (viennacl/viennacl-dev, commit dc552a8; each kernel's host launcher is in the same file)
// Licence: MIT (the file's header names it; the repository's LICENSE repeated below).
// Kept, unchanged: lines 1-19 (the file's notice), 31-81, 108-274, 457-514, 538-607, 731-788, 812-860 (the kernels
//       named in the manifest), 2044-2046 and 2049 (namespaces and guard closed); removed: includes (20-29), host launchers, the other kernels.
/*
Copyright (c) 2010-2016 Institute for Microelectronics,
                        Institute for Analysis and Scientific Computing, TU Wien.
Portions of this software are copyright by UChicago Argonne, LLC.
Argonne National Laboratory, with facilities in the state of Illinois,
is owned by The United States Government, and operated by UChicago Argonne, LLC
under provision of a contract with the Department of Energy.

Permission is hereby granted, free of charge, to any person obtaining a copy
of this software and associated documentation files (the "Software"), to deal
in the Software without restriction, including without limitation the rights
to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
copies of the Software, and to permit persons to whom the Software is
furnished to do so, subject to the following conditions:

The above copyright notice and this permission notice shall be included in
all copies or substantial portions of the Software.

THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
THE SOFTWARE.
*/

#ifndef VIENNACL_LINALG_CUDA_ITERATIVE_OPERATIONS_HPP_
#define VIENNACL_LINALG_CUDA_ITERATIVE_OPERATIONS_HPP_

/* =========================================================================
   Copyright (c) 2010-2016, Institute for Microelectronics,
                            Institute for Analysis and Scientific Computing,
                            TU Wien.
   Portions of this software are copyright by UChicago Argonne, LLC.

                            -----------------
                  ViennaCL - The Vienna Computing Library
                            -----------------

   Project Head:    Karl Rupp                   rupp@iue.tuwien.ac.at

   (A list of authors and contributors can be found in the manual)

   License:         MIT (X11), see file LICENSE in the base directory
============================================================================= */

namespace viennacl
{
namespace linalg
{
namespace cuda
{

//
// CG vector update:
//

// cpu scalar
template<typename NumericT>
__global__ void pipelined_cg_vector_kernel(NumericT * result,
                                           NumericT alpha,
                                           NumericT * p,
                                           NumericT * r,
                                           NumericT const * Ap,
                                           NumericT beta,
                                           NumericT * inner_prod_buffer,
                                           unsigned int size)
{
  NumericT inner_prod_contrib = 0;
  for (unsigned int i = blockDim.x * blockIdx.x + threadIdx.x; i < size; i += gridDim.x * blockDim.x)
  {
    NumericT value_p = p[i];
    NumericT value_r = r[i];

    result[i] += alpha * value_p;
    value_r   -= alpha * Ap[i];
    value_p    = value_r + beta * value_p;

    p[i] = value_p;
    r[i] = value_r;
    inner_prod_contrib += value_r * value_r;
  }

  // parallel reduction in work group
  __shared__ NumericT shared_array[256];
  shared_array[threadIdx.x] = inner_prod_contrib;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
      shared_array[threadIdx.x] += shared_array[threadIdx.x + stride];
  }

  // write results to result array
  if (threadIdx.x == 0)
    inner_prod_buffer[blockIdx.x] = shared_array[0];
}

//
// Compressed matrix
//


template<unsigned int SubWarpSizeV, typename NumericT>
__global__ void pipelined_cg_csr_vec_mul_blocked_kernel(
          const unsigned int * row_indices,
          const unsigned int * column_indices,
          const NumericT * elements,
          const NumericT * p,
          NumericT * Ap,
          unsigned int size,
          NumericT * inner_prod_buffer,
          unsigned int buffer_size)
{
  __shared__ NumericT shared_elements[256];
  NumericT inner_prod_ApAp = 0;
  NumericT inner_prod_pAp = 0;

  const unsigned int id_in_row = threadIdx.x % SubWarpSizeV;
  const unsigned int block_increment = blockDim.x * ((size - 1) / (gridDim.x * blockDim.x) + 1);
  const unsigned int block_start = blockIdx.x * block_increment;
  const unsigned int block_stop  = min(block_start + block_increment, size);

  for (unsigned int row  = block_start + threadIdx.x / SubWarpSizeV;
                    row  < block_stop;
                    row += blockDim.x / SubWarpSizeV)
  {
    NumericT dot_prod = NumericT(0);
    unsigned int row_end = row_indices[row+1];
    for (unsigned int i = row_indices[row] + id_in_row; i < row_end; i += SubWarpSizeV)
      dot_prod += elements[i] * p[column_indices[i]];

    shared_elements[threadIdx.x] = dot_prod;
    if (1  < SubWarpSizeV) shared_elements[threadIdx.x] += shared_elements[threadIdx.x ^  1];
    if (2  < SubWarpSizeV) shared_elements[threadIdx.x] += shared_elements[threadIdx.x ^  2];
    if (4  < SubWarpSizeV) shared_elements[threadIdx.x] += shared_elements[threadIdx.x ^  4];
    if (8  < SubWarpSizeV) shared_elements[threadIdx.x] += shared_elements[threadIdx.x ^  8];
    if (16 < SubWarpSizeV) shared_elements[threadIdx.x] += shared_elements[threadIdx.x ^ 16];

    if (id_in_row == 0)
    {
      Ap[row] = shared_elements[threadIdx.x];
      inner_prod_ApAp += shared_elements[threadIdx.x] * shared_elements[threadIdx.x];
      inner_prod_pAp  +=                       p[row] * shared_elements[threadIdx.x];
    }
  }

  ////////// parallel reduction in work group
  __shared__ NumericT shared_array_ApAp[256];
  __shared__ NumericT shared_array_pAp[256];
  shared_array_ApAp[threadIdx.x] = inner_prod_ApAp;
  shared_array_pAp[threadIdx.x]  = inner_prod_pAp;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
    {
      shared_array_ApAp[threadIdx.x] += shared_array_ApAp[threadIdx.x + stride];
      shared_array_pAp[threadIdx.x]  += shared_array_pAp[threadIdx.x + stride];
    }
  }

  // write results to result array
  if (threadIdx.x == 0) {
    inner_prod_buffer[  buffer_size + blockIdx.x] = shared_array_ApAp[0];
    inner_prod_buffer[2*buffer_size + blockIdx.x] = shared_array_pAp[0];
  }

}

template<typename NumericT>
__global__ void pipelined_cg_csr_vec_mul_adaptive_kernel(
          const unsigned int * row_indices,
          const unsigned int * column_indices,
          const unsigned int * row_blocks,
          const NumericT * elements,
          unsigned int num_blocks,
          const NumericT * p,
          NumericT * Ap,
          unsigned int size,
          NumericT * inner_prod_buffer,
          unsigned int buffer_size)
{
  NumericT inner_prod_ApAp = 0;
  NumericT inner_prod_pAp = 0;

  __shared__ NumericT     shared_elements[1024];

  for (unsigned int block_id = blockIdx.x; block_id < num_blocks; block_id += gridDim.x)
  {
    unsigned int row_start = row_blocks[block_id];
    unsigned int row_stop  = row_blocks[block_id + 1];
    unsigned int element_start = row_indices[row_start];
    unsigned int element_stop = row_indices[row_stop];
    unsigned int rows_to_process = row_stop - row_start;

    if (rows_to_process > 1)  // CSR stream with one thread per row
    {
      // load to shared buffer:
      for (unsigned int i = element_start + threadIdx.x; i < element_stop; i += blockDim.x)
        shared_elements[i - element_start] = elements[i] * p[column_indices[i]];

      __syncthreads();

      // use one thread per row to sum:
      for (unsigned int row = row_start + threadIdx.x; row < row_stop; row += blockDim.x)
      {
        NumericT dot_prod = 0;
        unsigned int thread_row_start = row_indices[row]     - element_start;
        unsigned int thread_row_stop  = row_indices[row + 1] - element_start;
        for (unsigned int i = thread_row_start; i < thread_row_stop; ++i)
          dot_prod += shared_elements[i];
        Ap[row] = dot_prod;
        inner_prod_ApAp += dot_prod * dot_prod;
        inner_prod_pAp  +=   p[row] * dot_prod;
      }
    }
    // TODO here: Consider CSR vector for two to four rows (cf. OpenCL implementation. Experience on Fermi suggests that this may not be necessary)
    else // CSR vector for a single row
    {
      // load and sum to shared buffer:
      shared_elements[threadIdx.x] = 0;
      for (unsigned int i = element_start + threadIdx.x; i < element_stop; i += blockDim.x)
        shared_elements[threadIdx.x] += elements[i] * p[column_indices[i]];

      // reduction to obtain final result
      for (unsigned int stride = blockDim.x/2; stride > 0; stride /= 2)
      {
        __syncthreads();
        if (threadIdx.x < stride)
          shared_elements[threadIdx.x] += shared_elements[threadIdx.x+stride];
      }

      if (threadIdx.x == 0)
      {
        Ap[row_start] = shared_elements[0];
        inner_prod_ApAp += shared_elements[0] * shared_elements[0];
        inner_prod_pAp  +=       p[row_start] * shared_elements[0];
      }
    }

    __syncthreads();  // avoid race conditions
  }

  ////////// parallel reduction in work group
  __shared__ NumericT shared_array_ApAp[256];
  __shared__ NumericT shared_array_pAp[256];
  shared_array_ApAp[threadIdx.x] = inner_prod_ApAp;
  shared_array_pAp[threadIdx.x]  = inner_prod_pAp;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
    {
      shared_array_ApAp[threadIdx.x] += shared_array_ApAp[threadIdx.x + stride];
      shared_array_pAp[threadIdx.x]  += shared_array_pAp[threadIdx.x + stride];
    }
  }

  // write results to result array
  if (threadIdx.x == 0) {
    inner_prod_buffer[  buffer_size + blockIdx.x] = shared_array_ApAp[0];
    inner_prod_buffer[2*buffer_size + blockIdx.x] = shared_array_pAp[0];
  }
}


//
// ELL Matrix
//

template<typename NumericT>
__global__ void pipelined_cg_ell_vec_mul_kernel(const unsigned int * coords,
                                                const NumericT * elements,
                                                unsigned int internal_row_num,
                                                unsigned int items_per_row,
                                                const NumericT * p,
                                                NumericT * Ap,
                                                unsigned int size,
                                                NumericT * inner_prod_buffer,
                                                unsigned int buffer_size)
{
  NumericT inner_prod_ApAp = 0;
  NumericT inner_prod_pAp  = 0;
  unsigned int glb_id = blockDim.x * blockIdx.x + threadIdx.x;
  unsigned int glb_sz = gridDim.x * blockDim.x;

  for (unsigned int row = glb_id; row < size; row += glb_sz)
  {
    NumericT sum = 0;

    unsigned int offset = row;
    for (unsigned int item_id = 0; item_id < items_per_row; item_id++, offset += internal_row_num)
    {
      NumericT val = elements[offset];
      sum += val ? p[coords[offset]] * val : NumericT(0);
    }

    Ap[row] = sum;
    inner_prod_ApAp += sum * sum;
    inner_prod_pAp  += sum * p[row];
  }

  ////////// parallel reduction in work group
  __shared__ NumericT shared_array_ApAp[256];
  __shared__ NumericT shared_array_pAp[256];
  shared_array_ApAp[threadIdx.x] = inner_prod_ApAp;
  shared_array_pAp[threadIdx.x]  = inner_prod_pAp;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
    {
      shared_array_ApAp[threadIdx.x] += shared_array_ApAp[threadIdx.x + stride];
      shared_array_pAp[threadIdx.x]  += shared_array_pAp[threadIdx.x + stride];
    }
  }

  // write results to result array
  if (threadIdx.x == 0) {
    inner_prod_buffer[  buffer_size + blockIdx.x] = shared_array_ApAp[0];
    inner_prod_buffer[2*buffer_size + blockIdx.x] = shared_array_pAp[0];
  }
}


//
// SELL-C-\sigma Matrix
//

template<typename NumericT>
__global__ void pipelined_cg_sliced_ell_vec_mul_kernel(const unsigned int * columns_per_block,
                                                       const unsigned int * column_indices,
                                                       const unsigned int * block_start,
                                                       const NumericT * elements,
                                                       const NumericT * p,
                                                       NumericT * Ap,
                                                       unsigned int size,
                                                       unsigned int block_size,
                                                       NumericT * inner_prod_buffer,
                                                       unsigned int buffer_size)
{
  NumericT inner_prod_ApAp = 0;
  NumericT inner_prod_pAp  = 0;

  unsigned int blocks_per_threadblock = blockDim.x / block_size;
  unsigned int id_in_block = threadIdx.x % block_size;
  unsigned int num_blocks = (size - 1) / block_size + 1;
  unsigned int global_warp_count = blocks_per_threadblock * gridDim.x;
  unsigned int global_warp_id = blocks_per_threadblock * blockIdx.x + threadIdx.x / block_size;

  for (unsigned int block_idx = global_warp_id; block_idx < num_blocks; block_idx += global_warp_count)
  {
    unsigned int row         = block_idx * block_size + id_in_block;
    unsigned int offset      = block_start[block_idx];
    unsigned int num_columns = columns_per_block[block_idx];

    NumericT sum = 0;
    for (unsigned int item_id = 0; item_id < num_columns; item_id++)
    {
      unsigned int index = offset + item_id * block_size + id_in_block;
      NumericT val = elements[index];

      sum += val ? (p[column_indices[index]] * val) : 0;
    }

    if (row < size)
    {
      Ap[row] = sum;
      inner_prod_ApAp += sum * sum;
      inner_prod_pAp  += sum * p[row];
    }
  }

  ////////// parallel reduction in work group
  __shared__ NumericT shared_array_ApAp[256];
  __shared__ NumericT shared_array_pAp[256];
  shared_array_ApAp[threadIdx.x] = inner_prod_ApAp;
  shared_array_pAp[threadIdx.x]  = inner_prod_pAp;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
    {
      shared_array_ApAp[threadIdx.x] += shared_array_ApAp[threadIdx.x + stride];
      shared_array_pAp[threadIdx.x]  += shared_array_pAp[threadIdx.x + stride];
    }
  }

  // write results to result array
  if (threadIdx.x == 0) {
    inner_prod_buffer[  buffer_size + blockIdx.x] = shared_array_ApAp[0];
    inner_prod_buffer[2*buffer_size + blockIdx.x] = shared_array_pAp[0];
  }
}

/////////////////////////////////////

template<typename NumericT>
__global__ void pipelined_bicgstab_update_s_kernel(NumericT * s,
                                                   NumericT const * residual,
                                                   NumericT const * Ap,
                                                   unsigned int size,
                                                   NumericT * inner_prod_buffer,
                                                   unsigned int chunk_size,
                                                   unsigned int chunk_offset)
{
  NumericT alpha = 0;

  // parallel reduction in work group to compute <r, r0> / <Ap, r0>
  __shared__ NumericT shared_array[256];
  __shared__ NumericT shared_array_Ap_in_r0[256];

  shared_array[threadIdx.x] = inner_prod_buffer[threadIdx.x];
  shared_array_Ap_in_r0[threadIdx.x] = inner_prod_buffer[threadIdx.x + 3 * chunk_size];
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride) {
      shared_array[threadIdx.x]          += shared_array[threadIdx.x + stride];
      shared_array_Ap_in_r0[threadIdx.x] += shared_array_Ap_in_r0[threadIdx.x + stride];
    }
  }

  // compute alpha from reduced values:
  __syncthreads();
  alpha = shared_array[0] / shared_array_Ap_in_r0[0];

  // run vector update and compute first stage of <s, s>
  NumericT inner_prod_contrib = 0;
  for (unsigned int i = blockDim.x * blockIdx.x + threadIdx.x; i < size; i += gridDim.x * blockDim.x)
  {
    NumericT value_s = s[i];

    value_s = residual[i] - alpha * Ap[i];
    inner_prod_contrib += value_s * value_s;

    s[i] = value_s;
  }
  __syncthreads();

  // parallel reduction in work group
  shared_array[threadIdx.x] = inner_prod_contrib;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
      shared_array[threadIdx.x] += shared_array[threadIdx.x + stride];
  }

  // write results to inner_prod_buffer
  if (threadIdx.x == 0)
    inner_prod_buffer[blockIdx.x + chunk_offset] = shared_array[0];
}

template<typename NumericT>
__global__ void pipelined_bicgstab_vector_kernel(NumericT * result,
                                                 NumericT alpha,
                                                 NumericT * p,
                                                 NumericT omega,
                                                 NumericT const * s,
                                                 NumericT * residual,
                                                 NumericT const * As,
                                                 NumericT beta,
                                                 NumericT const * Ap,
                                                 NumericT const * r0star,
                                                 NumericT * inner_prod_buffer,
                                                 unsigned int size)
{
  NumericT inner_prod_r_r0star = 0;
  for (unsigned int i = blockDim.x * blockIdx.x + threadIdx.x; i < size; i += gridDim.x * blockDim.x)
  {
    NumericT value_result = result[i];
    NumericT value_p = p[i];
    NumericT value_s = s[i];
    NumericT value_residual = residual[i];
    NumericT value_As = As[i];
    NumericT value_Ap = Ap[i];
    NumericT value_r0star = r0star[i];

    value_result   += alpha * value_p + omega * value_s;
    value_residual  = value_s - omega * value_As;
    value_p         = value_residual + beta * (value_p - omega * value_Ap);

    result[i]   = value_result;
    residual[i] = value_residual;
    p[i]        = value_p;
    inner_prod_r_r0star += value_residual * value_r0star;
  }

  // parallel reduction in work group
  __shared__ NumericT shared_array[256];
  shared_array[threadIdx.x] = inner_prod_r_r0star;
  for (unsigned int stride=blockDim.x/2; stride > 0; stride /= 2)
  {
    __syncthreads();
    if (threadIdx.x < stride)
      shared_array[threadIdx.x] += shared_array[threadIdx.x + stride];
  }

  // write results to result array
  if (threadIdx.x == 0)
    inner_prod_buffer[blockIdx.x] = shared_array[0];
}

} // namespace cuda
} //namespace linalg
} //namespace viennacl

#endif
