// tilelab kernel collection: OSQP's CUDA algebra kernels (vector ops, bound projections, recession-cone tests, diagonal scaling; OSQP's cuda backend)
// Source:  https://github.com/osqp/osqp/blob/1572ae068e9ce9ca723cf8223548ade1ff7acc29/algebra/cuda/src/cuda_lin_alg.cu
//          (osqp/osqp, commit 1572ae0; the types in include/public/osqp_api_types.h, the macros in include/private/glob_opts.h)
// Licence: Apache-2.0 (the file's own notice, lines 1-16, kept below; the repository's LICENSE is Apache-2.0)
// Kept, unchanged: cuda_lin_alg.cu lines 1-16 (notice) and 34-442 (every __global__ kernel). Removed: 17-33 (includes of
//       host headers, thrust, and the host handle), 443-end (host functions, thrust reductions). Copied in: see below.
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
// ---- include/private/glob_opts.h, lines 35-45 (c_absval, c_max, c_min)
# ifndef c_absval
#  define c_absval(x) (((x) < 0) ? -(x) : (x))
# endif /* ifndef c_absval */

# ifndef c_max
#  define c_max(a, b) (((a) > (b)) ? (a) : (b))
# endif /* ifndef c_max */

# ifndef c_min
#  define c_min(a, b) (((a) < (b)) ? (a) : (b))
# endif /* ifndef c_min */
// ---- end of the copied header lines

// ---- algebra/cuda/src/cuda_lin_alg.cu, lines 34-442

/*******************************************************************************
 *                              GPU Kernels                                    *
 *******************************************************************************/
 __global__ void vec_round_kernel(OSQPFloat* a,
                                  OSQPFloat  tol,
                                  OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if(c_absval(a[i]) < tol) {
      a[i] = (OSQPFloat)0.0;
    }
  }
}

 __global__ void vec_set_sc_kernel(OSQPFloat* a,
                                   OSQPFloat  sc,
                                   OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    a[i] = sc;
  }
}

__global__ void vec_set_sc_cond_kernel(OSQPFloat*     a,
                                       const OSQPInt* test,
                                       OSQPFloat      sc_if_neg,
                                       OSQPFloat      sc_if_zero,
                                       OSQPFloat      sc_if_pos,
                                       OSQPInt        n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if (test[i] == 0)      a[i] = sc_if_zero;
    else if (test[i] > 0)  a[i] = sc_if_pos;
    else                   a[i] = sc_if_neg;
  }
}

__global__ void vec_prod_pos_kernel(const OSQPFloat* a,
                                    const OSQPFloat* b,
                                          OSQPFloat* res,
                                          OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  OSQPFloat res_kernel = 0.0;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    res_kernel += a[i] * c_max(b[i], 0.0);
  }
  atomicAdd(res, res_kernel);
}

__global__ void vec_prod_neg_kernel(const OSQPFloat* a,
                                    const OSQPFloat* b,
                                          OSQPFloat* res,
                                          OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  OSQPFloat res_kernel = 0.0;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    res_kernel += a[i] * c_min(b[i], 0.0);
  }
  atomicAdd(res, res_kernel);
}

__global__ void vec_ew_prod_kernel(OSQPFloat*       c,
                                   const OSQPFloat* a,
                                   const OSQPFloat* b,
                                   OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
#ifdef OSQP_USE_FLOAT
    c[i] = __fmul_rn(a[i], b[i]);
#else
    c[i] = __dmul_rn(a[i], b[i]);
#endif
  }
}

__global__ void vec_eq_kernel(const OSQPFloat* a,
                              const OSQPFloat* b,
                                    OSQPFloat  tol,
                                    OSQPInt*   res,
                                    OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  *res = 1;

  for(OSQPInt i = idx; i < n; i += grid_size) {
      if (c_absval(a[i] - b[i]) > tol) {
          *res = 0;
          break;
      }
  }
}

__global__ void vec_int_eq_kernel(const OSQPInt* a,
                                  const OSQPInt* b,
                                        OSQPInt* res,
                                        OSQPInt  n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  *res = 1;

  for(OSQPInt i = idx; i < n; i += grid_size) {
      if (a[i] != b[i]) {
          *res = 0;
          break;
      }
  }
}

__global__ void vec_leq_kernel(const OSQPFloat* l,
                               const OSQPFloat* u,
                                     OSQPInt*   res,
                                     OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if (l[i] > u[i]) atomicAnd(res, 0);
  }
}

__global__ void vec_bound_kernel(OSQPFloat*       x,
                                 const OSQPFloat* z,
                                 const OSQPFloat* l,
                                 const OSQPFloat* u,
                                 OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    x[i] = c_min(c_max(z[i], l[i]), u[i]);
  }
}

__global__ void vec_project_polar_reccone_kernel(OSQPFloat*       y,
                                                 const OSQPFloat* l,
                                                 const OSQPFloat* u,
                                                 OSQPFloat        infval,
                                                 OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if (u[i] > +infval) {
      if (l[i] < -infval) {
        /* Both bounds infinite */
        y[i] = 0.0;
      }
      else {
        /* Only upper bound infinite */
        y[i] = c_min(y[i], 0.0);
      }
    }
    else if (l[i] < -infval) {
      /* Only lower bound infinite */
      y[i] = c_max(y[i], 0.0);
    }
  }
}

__global__ void vec_in_reccone_kernel(const OSQPFloat* y,
                                      const OSQPFloat* l,
                                      const OSQPFloat* u,
                                            OSQPFloat  infval,
                                            OSQPFloat  tol,
                                            OSQPInt*   res,
                                            OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if ( (u[i] < +infval && y[i] > +tol) ||
         (l[i] > -infval && y[i] < -tol) )
      atomicAnd(res, 0);
  }
}

__global__ void vec_reciprocal_kernel(OSQPFloat*       b,
                                      const OSQPFloat* a,
                                      OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
#ifdef OSQP_USE_FLOAT
    b[i] = __frcp_rn(a[i]);
#else
    b[i] = __drcp_rn(a[i]);
#endif
  }
}

__global__ void vec_sqrt_kernel(OSQPFloat* a,
                                OSQPInt    n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
#ifdef OSQP_USE_FLOAT
    a[i] = __fsqrt_rn(a[i]);
#else
    a[i] = __dsqrt_rn(a[i]);
#endif
  }
}

__global__ void vec_max_kernel(OSQPFloat*       c,
                               const OSQPFloat* a,
                               const OSQPFloat* b,
                               OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    c[i] = c_max(a[i], b[i]);
  }
}

__global__ void vec_min_kernel(OSQPFloat*       c,
                               const OSQPFloat* a,
                               const OSQPFloat* b,
                               OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    c[i] = c_min(a[i], b[i]);
  }
}

__global__ void vec_bounds_type_kernel(OSQPInt*         iseq,
                                       const OSQPFloat* l,
                                       const OSQPFloat* u,
                                       OSQPFloat        infval,
                                       OSQPFloat        tol,
                                       OSQPInt*         has_changed,
                                       OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    if (u[i] - l[i] < tol) {
      /* Equality constraints */
      if (iseq[i] != 1) {
        iseq[i] = 1;
        atomicOr(has_changed, 1);
      }
    }
    else if ( (l[i] < -infval) && (u[i] > infval) ) {
      /* Loose bounds */
      if (iseq[i] != -1) {
        iseq[i] = -1;
        atomicOr(has_changed, 1);
      }
    }
    else {
      /* Inequality constraints */
      if (iseq[i] != 0) {
        iseq[i] = 0;
        atomicOr(has_changed, 1);
      }
    }
  }
}

__global__ void vec_set_sc_if_lt_kernel(OSQPFloat*       x,
                                        const OSQPFloat* z,
                                        OSQPFloat        testval,
                                        OSQPFloat        newval,
                                        OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    x[i] = z[i] < testval ? newval : z[i];
  }
}

__global__ void vec_set_sc_if_gt_kernel(OSQPFloat*       x,
                                        const OSQPFloat* z,
                                        OSQPFloat        testval,
                                        OSQPFloat        newval,
                                        OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    x[i] = z[i] > testval ? newval : z[i];
  }
}

__global__ void mat_lmult_diag_kernel(const OSQPInt*   row_ind,
                                      const OSQPFloat* diag,
                                            OSQPFloat* data,
                                            OSQPInt    nnz) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < nnz; i += grid_size) {
    OSQPInt row = row_ind[i];
    data[i] *= diag[row];
  }
}

__global__ void mat_rmult_diag_kernel(const OSQPInt*   col_ind,
                                      const OSQPFloat* diag,
                                            OSQPFloat* data,
                                            OSQPInt    nnz) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < nnz; i += grid_size) {
    OSQPInt column = col_ind[i];
    data[i] *= diag[column];
  }
}

__global__ void mat_rmult_diag_new_kernel(const OSQPInt*   col_ind,
                                          const OSQPFloat* diag,
                                          const OSQPFloat* data_in,
                                                OSQPFloat* data_out,
                                                OSQPInt    nnz) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < nnz; i += grid_size) {
    OSQPInt column = col_ind[i];
    data_out[i] = data_in[i] * diag[column];
  }
}

__global__ void vec_abs_kernel(OSQPFloat* a,
                               OSQPInt    n) {

  OSQPInt i  = threadIdx.x + blockDim.x * blockIdx.x;

  if (i < n) {
#ifdef OSQP_USE_FLOAT
    a[i] = fabsf(a[i]);
#else
    a[i] = fabs(a[i]);
#endif
  }
}

__global__ void scatter_kernel(OSQPFloat*       out,
                               const OSQPFloat* in,
                               const OSQPInt*   ind,
                               OSQPInt          n) {

  OSQPInt idx = threadIdx.x + blockDim.x * blockIdx.x;
  OSQPInt grid_size = blockDim.x * gridDim.x;

  for(OSQPInt i = idx; i < n; i += grid_size) {
    OSQPInt j = ind[i];
    out[j] = in[i];
  }
}

/*
 * This code complements the cublasITamax routine which only returns the
 * one-based index to the maximum absolute value in d_x.
*/
__global__ void abs_kernel(const OSQPInt*   index_one_based,
                           const OSQPFloat* d_x,
                                 OSQPFloat* res) {

  /* cublasITamax returns one-based index */
  (*res) = abs(d_x[(*index_one_based)-1]);
}

