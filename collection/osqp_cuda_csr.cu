// tilelab kernel collection: OSQP's CUDA CSR helper kernels (upper-triangular to full symmetric COO expansion, permutation and compaction helpers, CSR equality)
// Source:  https://github.com/osqp/osqp/blob/1572ae068e9ce9ca723cf8223548ade1ff7acc29/algebra/cuda/src/cuda_csr.cu
//          (osqp/osqp, commit 1572ae0; the types in include/public/osqp_api_types.h)
// Licence: Apache-2.0 (the file's own notice, lines 1-16, kept below; the repository's LICENSE is Apache-2.0)
// Kept, unchanged: cuda_csr.cu lines 1-16 (notice) and 38-267 (every __global__ kernel and the compact<T> template).
//       Removed: 17-37 (host and thrust includes, the host handle, an extern host function), 268-end (host functions).
/**
 *  Copyright (c) 2019-2021 ETH Zurich, Automatic Control Lab,
 *  Michel Schubiger, Goran Banjac.
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

// ---- include/public/osqp_api_types.h, lines 12-23 (OSQP_USE_LONG and OSQP_USE_FLOAT undefined: int, double)
# ifdef OSQP_USE_LONG            // long integers
typedef long long OSQPInt; /* for indices */
# else // standard integers
typedef int OSQPInt;       /* for indices */
# endif /* ifdef OSQP_USE_LONG */


# ifndef OSQP_USE_FLOAT         // Doubles
typedef double OSQPFloat; /* for numerical values  */
# else                  // Floats
typedef float OSQPFloat;  /* for numerical values  */
# endif /* ifndef OSQP_USE_FLOAT */
// ---- end of the copied header lines

// ---- algebra/cuda/src/cuda_csr.cu, lines 38-267
/*******************************************************************************
 *                            GPU Kernels                                      *
 *******************************************************************************/

 /*
 * Expand an upper triangular matrix given in COO format to a symmetric
 * matrix. Each entry is duplicated with its column- and row index switched.
 * In the case of a diagonal element we set the indices to a value  that is
 * larger than n to easily remove it later. This is done to keep the memory
 * patern one to one (MAP operation).
 * 
 * Additionally, it adds additional n diagonal elements to have a full 
 * diagonal.
 * 
 * The output arrays row_ind_out and col_ind_out have to be of size 2*nnz+n.
 */
__global__ void fill_full_matrix_kernel(OSQPInt*       row_ind_out,
                                        OSQPInt*       col_ind_out,
                                        OSQPInt*       nnz_on_diag,
                                        OSQPInt*       has_non_zero_diag_element,
                                        const OSQPInt* __restrict__ row_ind_in,
                                        const OSQPInt* __restrict__ col_ind_in,
                                        OSQPInt        nnz,
                                        OSQPInt        n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < nnz; i += grid_size) {
    OSQPInt row = row_ind_in[i];
    OSQPInt column = col_ind_in[i];

    row_ind_out[i] = row;
    col_ind_out[i] = column;

    if (row == column) {
      has_non_zero_diag_element[row] = 1;
      row_ind_out[i + nnz] = column + n; /* dummy value for sorting and removal later on */
      col_ind_out[i + nnz] = row + n;
      atomicAdd(nnz_on_diag, 1);
    }
    else {
      row_ind_out[i + nnz] = column;
      col_ind_out[i + nnz] = row;
    }
  }
}

/**
 * Insert elements at structural zeros on the diagonal of the sparse matrix
 * specified by row and column index (COO format). To keep a one-to-one memory
 * patern we add n new elements to the matrix. In case where there already is a
 * diagonal element we add a dummy entry. The dummy entries will be removed later.
 */
__global__ void add_diagonal_kernel(OSQPInt*       row_ind,
                                    OSQPInt*       col_ind,
                                    const OSQPInt* has_non_zero_diag_element,
                                    OSQPInt        n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt row = idx; row < n; row += grid_size) {
    if (has_non_zero_diag_element[row] == 0) {
      row_ind[row] = row; 
      col_ind[row] = row;
    }
    else {
      row_ind[row] = row + n; /* dummy value, for easy removal after sorting */
      col_ind[row] = row + n;
    }
  }
}

/*
 * Permutation in: (size n, range 2*nnz+n):
 * 
 * Gathers from the following array to create the full matrix :
 * 
 *       |P_lower->val|P_lower->val|zeros(n)|
 *
 *       
 * Permutation out: (size n, range new_range)
 * 
 * Gathers from the following array to create the full matrix :
 * 
 *          |P_lower->val|zeros(1)|
 *                             
 *          | x[i] mod new_range    if x[i] <  2 * new_range
 * x[i] ->  | new_range             if x[i] >= 2 * new_range   
 * 
 */
__global__ void reduce_permutation_kernel(OSQPInt* permutation,
                                          OSQPInt  new_range,
                                          OSQPInt  n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if (permutation[i] < 2 * new_range) {
      permutation[i] = permutation[i] % new_range;
    }
    else {
      permutation[i] = new_range; /* gets the 0 element at nnz+1 of the value array */
    }
  }
}

__global__ void get_diagonal_indices_kernel(OSQPInt* row_ind,
                                            OSQPInt* col_ind,
                                            OSQPInt  nnz,
                                            OSQPInt* diag_index) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for (OSQPInt index = idx; index < nnz; index += grid_size) {
    OSQPInt row = row_ind[index];
    OSQPInt column = col_ind[index];

    if (row == column) {
      diag_index[row] = index;
    }
  }
}

__global__ void predicate_generator_kernel(const OSQPInt* row_ind,
                                           const OSQPInt* row_predicate,
                                                 OSQPInt* predicate,
                                                 OSQPInt  nnz) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_stride = gridDim.x * blockDim.x;

  for(OSQPInt i = idx; i < nnz; i += grid_stride) {
    OSQPInt row = row_ind[i];
    predicate[i] = row_predicate[row];
  }
}

template<typename T>
__global__ void compact(const T*       data_in,
                              T*       data_out,
                              OSQPInt* predicate,
                              OSQPInt* scatter_addres,
                              OSQPInt  n) {

  int idx = threadIdx.x + blockDim.x * blockIdx.x;

  if(idx < n) {
    if(predicate[idx]) {
      int write_ind = scatter_addres[idx] - 1;
      data_out[write_ind] = data_in[idx];
    }
  }
}

__global__ void compact_rows(const OSQPInt* row_ind,
                                   OSQPInt* data_out,
                                   OSQPInt* new_row_number,
                                   OSQPInt* predicate,
                                   OSQPInt* scatter_addres,
                                   OSQPInt  n) {

  int idx = threadIdx.x + blockDim.x * blockIdx.x;

  if(idx < n) {
    if(predicate[idx]) {
      OSQPInt write_ind = scatter_addres[idx] - 1;
      OSQPInt row = row_ind[idx];
      data_out[write_ind] = new_row_number[row]-1;
    }
  }
}

__global__ void vector_init_abs_kernel(const OSQPInt* a,
                                             OSQPInt* b,
                                             OSQPInt  n) {

  OSQPInt i  = threadIdx.x + blockDim.x * blockIdx.x;

  if (i < n) {
    b[i] = abs(a[i]);
  }
}

__global__ void csr_eq_kernel(const OSQPInt*   A_row_ptr,
                              const OSQPInt*   A_col_ind,
                              const OSQPFloat* A_val,
                              const OSQPInt*   B_row_ptr,
                              const OSQPInt*   B_col_ind,
                              const OSQPFloat* B_val,
                                    OSQPInt    m,
                                    OSQPFloat  tol,
                                    OSQPInt*   res) {
  OSQPInt i = 0;
  OSQPInt j = 0;
  OSQPFloat diff = 0.0;

  *res = 1;

  for (j = 0; j < m; j++) { // Cycle over rows j
    // if row pointer of next row does not coincide, they are not equal
    // NB: first row always has A->p[0] = B->p[0] = 0 by construction.
    if (A_row_ptr[j+1] != B_row_ptr[j+1]) {
        *res = 0;
        return;
    }

    for (i = A_row_ptr[j]; i < A_row_ptr[j + 1]; i++) { // Cycle columns i in row j
      if (A_col_ind[i] != B_col_ind[i]) {   // Different column indices
        *res = 0;
        return;
      }

#ifdef OSQP_USE_FLOAT
      diff = fabsf(A_val[i] - B_val[i]);
#else
      diff = fabs(A_val[i] - B_val[i]);
#endif

      if (diff > tol) {  // The actual matrix values are different
        *res = 0;
        return;
      }
    }
  }
}

