// tilelab kernel collection: ThunderSVM's kernel-matrix kernels: gathering working-set rows of a CSR or a column-major
// dense data set, the RBF kernel from dot products and squared norms (two overloads), the polynomial and sigmoid kernels,
// and the one-vs-one decision values of a multi-class SVM (and their votes), all grid-stride loops.
// Source:  https://github.com/Xtra-Computing/thundersvm/blob/5c6a056ac7f474b085d5415c81c5d48a1419642a/src/thundersvm/kernel/kernelmatrix_kernel.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
//          (Xtra-Computing/thundersvm, commit 5c6a056: ThunderSVM, a fast SVM library on GPUs and CPUs)
// Kept: lines 12-152 (namespace svm_kernel and its eight __global__ kernels) and line 331 (the namespace's closing
//       brace), unchanged. Removed: lines 1-11 (a comment, the includes: syncarray.h, cusparse.h, kernelmatrix_kernel.h,
//       config.h, cublas_v2.h, cub/cub.cuh) and lines 153-330 (the host wrappers, the cuSPARSE / cuBLAS products).
//       Copied in, marked: include/thundersvm/thundersvm.h lines 16-22 (float_type, kernel_type) and
//       include/thundersvm/util/common.h lines 43-46 (KERNEL_LOOP, its USE_CUDA branch).
// Selection, fixed before any run (collection/manifest.toml, the tsvm_ entries): every __global__ kernel of the file
// (both kernel_RBF_kernel overloads), none dropped for its result, each launched as SAFE_KERNEL_LAUNCH launches it,
// <<<NUM_BLOCKS, BLOCK_SIZE>>> with BLOCK_SIZE 512 kept and NUM_BLOCKS 32 * 56 = 1792 replaced by 2 (the grid-stride
// loops kept: every launch has more than the 1024 threads' work, so threads loop), float kernel_type (no USE_DOUBLE);
// host sizes replaced by smaller ones of the same kind: 1100 instances of 8 features in two Gaussian blobs (labels
// +1 then -1, as SVC::train_binary orders them), gamma 1 / 8 (the default 1 / n_features), working sets of 1050 rows
// (the gathers) and 16 rows (the RBF kernels), a 3-class model with 40 support vectors for the decision values.
//
/*
 * Copyright the authors of Xtra-Computing/thundersvm (https://github.com/Xtra-Computing/thundersvm).
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

// include/thundersvm/thundersvm.h, lines 16-22
typedef double float_type;

#ifdef USE_DOUBLE
typedef double kernel_type;
#else
typedef float kernel_type;
#endif
// include/thundersvm/util/common.h, lines 43-46
#define KERNEL_LOOP(i, n) \
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; \
       i < (n); \
       i += blockDim.x * gridDim.x)

// src/thundersvm/kernel/kernelmatrix_kernel.cu, lines 12-152
namespace svm_kernel {
    __global__ void
    kernel_get_working_set_ins(const kernel_type *val, const int *col_ind, const int *row_ptr, const int *data_row_idx,
                               kernel_type *data_rows,
                               int m, int n) {
        KERNEL_LOOP(i, m) {
            int row = data_row_idx[i];
            for (int j = row_ptr[row]; j < row_ptr[row + 1]; ++j) {
                int col = col_ind[j];
                data_rows[col * m + i] = val[j]; // col-major for cuSPARSE
            }
        }
    }
    
    __global__ void
    kernel_get_working_set_ins_dns(const kernel_type *val, const int *data_row_idx,
                               kernel_type *data_rows,
                               int m, int n,int n_instances) {
        
        KERNEL_LOOP(i, m) {
            int row = data_row_idx[i];
            for (int j = 0; j < n; ++j) {

                //data_rows[i*n + j] = val[row*n+j]; // row-major for cublas

                // data_rows[i + j*m] = val[row*n+j]; // col-major for cublas

                data_rows[i + j*m] = val[row+j*n_instances]; // col-major for cublas, val col major

            }
        }
            
    }


    __global__ void
    kernel_RBF_kernel(const kernel_type *self_dot0, const kernel_type *self_dot1, kernel_type *dot_product, int m, int n,
                      kernel_type gamma) {
        //m rows of kernel matrix, where m is the working set size; n is the number of training instances
        KERNEL_LOOP(idx, m * n) {
            int i = idx / n;//i is row id
            int j = idx % n;//j is column id
            dot_product[idx] = expf(-(self_dot0[i] + self_dot1[j] - dot_product[idx] * 2) * gamma);
        }
    }

    __global__ void
    kernel_RBF_kernel(const int *self_dot0_idx, const kernel_type *self_dot1, kernel_type *dot_product, int m, int n,
                      kernel_type gamma) {
        //compute m rows of kernel matrix, where m is the working set size and n is the number of training instances, according to idx
        KERNEL_LOOP(idx, m * n) {
            int i = idx / n;//i is row id
            int j = idx % n;//j is column id
            dot_product[idx] = expf(-(self_dot1[self_dot0_idx[i]] + self_dot1[j] - dot_product[idx] * 2) * gamma);
        }
    }

    __global__ void
    kernel_sum_kernel_values(const float_type *coef, int total_sv, const int *sv_start, const int *sv_count,
                             const float_type *rho,
                             const kernel_type *k_mat, float_type *dec_values, int n_classes, int n_instances) {
        KERNEL_LOOP(idx, n_instances) {
            int k = 0;
            int n_binary_models = n_classes * (n_classes - 1) / 2;
            for (int i = 0; i < n_classes; ++i) {
                for (int j = i + 1; j < n_classes; ++j) {
                    int si = sv_start[i];
                    int sj = sv_start[j];
                    int ci = sv_count[i];
                    int cj = sv_count[j];
                    const float_type *coef1 = &coef[(j - 1) * total_sv];
                    const float_type *coef2 = &coef[i * total_sv];
                    const kernel_type *k_values = &k_mat[idx * total_sv];
                    double sum = 0;
                    for (int l = 0; l < ci; ++l) {
                        sum += coef1[si + l] * k_values[si + l];
                    }
                    for (int l = 0; l < cj; ++l) {
                        sum += coef2[sj + l] * k_values[sj + l];
                    }
                    dec_values[(size_t)idx * n_binary_models + k] = sum - rho[k];
                    k++;
                }
            }
        }
    }

    __global__ void
    kernel_sum_kernel_values_instant(const float_type *coef, int total_sv, const int *sv_start, const int *sv_count,
                             const float_type *rho,
                             const kernel_type *k_mat, float_type *predict_instant, int n_classes, int n_instances,float_type *vote_device) {
        KERNEL_LOOP(idx, n_instances) {
            size_t k = 0;
            for (size_t i = 0; i < n_classes; ++i) {
                     vote_device[idx*n_classes+i] = 0;
            }
            for (size_t i = 0; i < n_classes; ++i) {
                for (size_t j = i + 1; j < n_classes; ++j) {
                    int si = sv_start[i];
                    int sj = sv_start[j];
                    int ci = sv_count[i];
                    int cj = sv_count[j];
                    const float_type *coef1 = &coef[(j - 1) * total_sv];
                    const float_type *coef2 = &coef[i * total_sv];
                    const kernel_type *k_values = &k_mat[idx * total_sv];
                    double sum = 0;
                    for (int l = 0; l < ci; ++l) {
                        sum += coef1[si + l] * k_values[si + l];
                    }
                    for (int l = 0; l < cj; ++l) {
                        sum += coef2[sj + l] * k_values[sj + l];
                    }
                    if (sum - rho[k]> 0)
                        vote_device[idx*n_classes+i]++;
                    else
                        vote_device[idx*n_classes+j]++;
                    k++;
                }
            }
            size_t maxVoteClass = 0;
            for (size_t i = 1; i < n_classes; ++i) {
                if (vote_device[idx*n_classes+i] > vote_device[idx*n_classes+maxVoteClass])
                    maxVoteClass = i;
            }
            predict_instant[idx]=maxVoteClass;
        }
    }


    __global__ void
    kernel_poly_kernel(kernel_type *dot_product, kernel_type gamma, kernel_type coef0, int degree, int mn) {
        KERNEL_LOOP(idx, mn) {
            dot_product[idx] = powf(gamma * dot_product[idx] + coef0, degree);
        }
    }

    __global__ void kernel_sigmoid_kernel(kernel_type *dot_product, kernel_type gamma, kernel_type coef0, int mn) {
        KERNEL_LOOP(idx, mn) {
            dot_product[idx] = tanhf(gamma * dot_product[idx] + coef0);
        }
    }
// src/thundersvm/kernel/kernelmatrix_kernel.cu, line 331
}
