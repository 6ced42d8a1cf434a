// tilelab kernel collection: ThunderSVM's SMO kernels: the local SMO solvers of C-SVC (c_smo_solve_kernel) and nu-SVC
// (nu_smo_solve_kernel), one block over the working set, which pick i and j by shared-memory min reductions
// (get_block_min, an index tree) and a second-order heuristic and update two alphas at a time; and update_f_kernel, the
// optimality indicators' update from the alpha changes and the kernel rows (a grid-stride loop).
// Source:  https://github.com/Xtra-Computing/thundersvm/blob/5c6a056ac7f474b085d5415c81c5d48a1419642a/src/thundersvm/kernel/smo_kernel.cu
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: lines 8-253 (namespace svm_kernel, get_block_min, c_smo_solve_kernel, nu_smo_solve_kernel), lines 288-304
//       (update_f_kernel) and line 316 (the namespace's closing brace), unchanged. Removed: lines 1-7 (a comment, the
//       includes: smo_kernel.h, thrust), lines 254-287 (the host wrappers c_smo_solve, nu_smo_solve) and lines 305-315
//       (the host wrapper update_f and sort_f's thrust::sort_by_key). Copied in, marked: include/thundersvm/thundersvm.h
//       lines 16-22 (float_type, kernel_type), include/thundersvm/util/common.h lines 43-46 (KERNEL_LOOP, its USE_CUDA
//       branch) and include/thundersvm/kernel/smo_kernel.h lines 12-23 and 45 (is_I_up, is_I_low, is_free in their namespace).
// Selection, fixed before any run (collection/manifest.toml, the tsvm_ entries): every __global__ kernel of the file,
// none dropped for its result, each launched as its host wrapper launches it: the solvers <<<1, ws_size, ws_size * 16 +
// 16>>> (int, float_type and kernel_type per thread, two float_type), update_f as SAFE_KERNEL_LAUNCH does with BLOCK_SIZE
// 512 kept and NUM_BLOCKS 1792 replaced by 2 (1100 instances: threads loop); float kernel_type (no USE_DOUBLE); the
// host's sizes replaced by smaller ones of the same kind: 1100 instances of 8 features (RBF, gamma 1 / 8), ws_size 64,
// C = 1, eps 0.001, max_iter 100000 (CSMOSolver's max(100000, 100 * ws_size)); c_smo at SVC::train_binary's start
// (alpha 0, f = -y), nu_smo at NuSVC's start (nu 0.1: alpha 1 on the first 55 of each class, f from init_f), update_f
// as init_f's first batch (101 nonzero alphas).
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
// include/thundersvm/kernel/smo_kernel.h, lines 12-23 and 45
namespace svm_kernel {
    __host__ __device__ inline bool is_I_up(float_type a, float_type y, float_type Cp, float_type Cn) {
        return (y > 0 && a < Cp) || (y < 0 && a > 0);
    }

    __host__ __device__ inline bool is_I_low(float_type a, float_type y, float_type Cp, float_type Cn) {
        return (y > 0 && a > 0) || (y < 0 && a < Cn);
    }

    __host__ __device__ inline bool is_free(float_type a, float_type y, float_type Cp, float_type Cn) {
        return a > 0 && (y > 0 ? a < Cp : a < Cn);
    }
}

// src/thundersvm/kernel/smo_kernel.cu, lines 8-253
namespace svm_kernel {

    template<typename T>
    __device__ int get_block_min(const T *values, int *index) {
        int tid = threadIdx.x;
        index[tid] = tid;
        __syncthreads();
        //block size is always the power of 2
        for (int offset = blockDim.x / 2; offset > 0; offset >>= 1) {
            if (tid < offset) {
                if (values[index[tid + offset]] < values[index[tid]]) {
                    index[tid] = index[tid + offset];
                }
            }
            __syncthreads();
        }
        return index[0];
    }


    __global__ void
    c_smo_solve_kernel(const int *label, float_type *f_val, float_type *alpha, float_type *alpha_diff,
                       const int *working_set, int ws_size,
                       float_type Cp, float_type Cn, const kernel_type *k_mat_rows, const kernel_type *k_mat_diag, int row_len,
                       float_type eps,
                       float_type *diff, int max_iter) {
        //"row_len" equals to the number of instances in the original training dataset.
        //allocate shared memory
        extern __shared__ int shared_mem[];
        int *f_idx2reduce = shared_mem; //temporary memory for reduction
        float_type *f_val2reduce = (float_type *) &shared_mem[ws_size]; //f values used for reduction.
        float_type *alpha_i_diff = (float_type *) &shared_mem[ws_size + ws_size * sizeof(float_type) / sizeof(int)]; //delta alpha_i
        float_type *alpha_j_diff = &alpha_i_diff[1];
        kernel_type *kd = (kernel_type *) &alpha_j_diff[1]; // diagonal elements for kernel matrix

        //index, f value and alpha for each instance
        int tid = threadIdx.x;
        int wsi = working_set[tid];
        kd[tid] = k_mat_diag[wsi];
        float_type y = label[wsi];
        float_type f = f_val[wsi];
        float_type a = alpha[wsi];
        float_type aold = a;
        __syncthreads();
        float_type local_eps;
        int numOfIter = 0;
        while (1) {
            //select fUp and fLow
            if (is_I_up(a, y, Cp, Cn))
                f_val2reduce[tid] = f;
            else
                f_val2reduce[tid] = INFINITY;
            int i = get_block_min(f_val2reduce, f_idx2reduce);
            float_type up_value = f_val2reduce[i];
            kernel_type kIwsI = k_mat_rows[row_len * i + wsi];//K[i, wsi]
            __syncthreads();

            if (is_I_low(a, y, Cp, Cn))
                f_val2reduce[tid] = -f;
            else
                f_val2reduce[tid] = INFINITY;
            int j1 = get_block_min(f_val2reduce, f_idx2reduce);
            float_type low_value = -f_val2reduce[j1];

            float_type local_diff = low_value - up_value;
            if (numOfIter == 0) {
                local_eps = max(eps, 0.1f * local_diff);
                if (tid == 0) {
                    diff[0] = local_diff;
                }
            }

            if (numOfIter > max_iter || local_diff < local_eps) {
                alpha[wsi] = a;
                alpha_diff[tid] = -(a - aold) * y;
                diff[1] = numOfIter;
                break;
            }
            __syncthreads();

            //select j2 using second order heuristic
            if (-up_value > -f && (is_I_low(a, y, Cp, Cn))) {
                float_type aIJ = kd[i] + kd[tid] - 2 * kIwsI;
                float_type bIJ = -up_value + f;
                f_val2reduce[tid] = (-bIJ * bIJ / aIJ);
            } else
                f_val2reduce[tid] = INFINITY;
            int j2 = get_block_min(f_val2reduce, f_idx2reduce);

            //update alpha
            if (tid == i)
                *alpha_i_diff = y > 0 ? Cp - a : a;
            if (tid == j2)
                *alpha_j_diff = min(y > 0 ? a : Cn - a, (-up_value + f) / (kd[i] + kd[j2] - 2 * kIwsI));
            __syncthreads();
            float_type l = min(*alpha_i_diff, *alpha_j_diff);

            if (tid == i)
                a += l * y;
            if (tid == j2)
                a -= l * y;

            //update f
            kernel_type kJ2wsI = k_mat_rows[row_len * j2 + wsi];//K[J2, wsi]
            f -= l * (kJ2wsI - kIwsI);
            numOfIter++;
        }
    }


    __global__ void
    nu_smo_solve_kernel(const int *label, float_type *f_values, float_type *alpha, float_type *alpha_diff,
                        const int *working_set,
                        int ws_size, float C, const kernel_type *k_mat_rows, const kernel_type *k_mat_diag, int row_len,
                        float_type eps,
                        float_type *diff, int max_iter) {
        //"row_len" equals to the number of instances in the original training dataset.
        //allocate shared memory
        extern __shared__ int shared_mem[];
        int *f_idx2reduce = shared_mem; //temporary memory for reduction
        float_type *f_val2reduce = (float_type *) &shared_mem[ws_size]; //f values used for reduction.
        float_type *alpha_i_diff = (float_type *) &shared_mem[ws_size + ws_size * sizeof(float_type) / sizeof(int)]; //delta alpha_i
        float_type *alpha_j_diff = &alpha_i_diff[1];
        kernel_type *kd = (kernel_type *) &alpha_j_diff[1]; // diagonal elements for kernel matrix

        //index, f value and alpha for each instance
        int tid = threadIdx.x;
        int wsi = working_set[tid];
        kd[tid] = k_mat_diag[wsi];
        float_type y = label[wsi];
        float_type f = f_values[wsi];
        float_type a = alpha[wsi];
        float_type aold = a;
        __syncthreads();
        float_type local_eps;
        int numOfIter = 0;
        while (1) {
            //select I_up (y=+1)
            if (y > 0 && a < C)
                f_val2reduce[tid] = f;
            else
                f_val2reduce[tid] = INFINITY;
            __syncthreads();
            int ip = get_block_min(f_val2reduce, f_idx2reduce);
            float_type up_value_p = f_val2reduce[ip];
            kernel_type kIpwsI = k_mat_rows[row_len * ip + wsi];//K[i, wsi]
            __syncthreads();

            //select I_up (y=-1)
            if (y < 0 && a > 0)
                f_val2reduce[tid] = f;
            else
                f_val2reduce[tid] = INFINITY;
            int in = get_block_min(f_val2reduce, f_idx2reduce);
            float_type up_value_n = f_val2reduce[in];
            kernel_type kInwsI = k_mat_rows[row_len * in + wsi];//K[i, wsi]
            __syncthreads();

            //select I_low (y=+1)
            if (y > 0 && a > 0)
                f_val2reduce[tid] = -f;
            else
                f_val2reduce[tid] = INFINITY;
            int j1p = get_block_min(f_val2reduce, f_idx2reduce);
            float_type low_value_p = -f_val2reduce[j1p];
            __syncthreads();

            //select I_low (y=-1)
            if (y < 0 && a < C)
                f_val2reduce[tid] = -f;
            else
                f_val2reduce[tid] = INFINITY;
            int j1n = get_block_min(f_val2reduce, f_idx2reduce);
            float_type low_value_n = -f_val2reduce[j1n];

            float_type local_diff = max(low_value_p - up_value_p, low_value_n - up_value_n);

            if (numOfIter == 0) {
                local_eps = max(eps, 0.1 * local_diff);
                if (tid == 0) {
                    diff[0] = local_diff;
                }
            }

            if (numOfIter > max_iter || local_diff < local_eps) {
                alpha[wsi] = a;
                alpha_diff[tid] = -(a - aold) * y;
                diff[1] = numOfIter;
                break;
            }
            __syncthreads();

            //select j2p using second order heuristic
            if (-up_value_p > -f && y > 0 && a > 0) {
                float_type aIJ = kd[ip] + kd[tid] - 2 * kIpwsI;
                float_type bIJ = -up_value_p + f;
                f_val2reduce[tid] = -bIJ * bIJ / aIJ;
            } else
                f_val2reduce[tid] = INFINITY;
            int j2p = get_block_min(f_val2reduce, f_idx2reduce);
            float_type f_val_j2p = f_val2reduce[j2p];
            __syncthreads();

            //select j2n using second order heuristic
            if (-up_value_n > -f && y < 0 && a < C) {
                float_type aIJ = kd[in] + kd[tid] - 2 * kInwsI;
                float_type bIJ = -up_value_n + f;
                f_val2reduce[tid] = -bIJ * bIJ / aIJ;
            } else
                f_val2reduce[tid] = INFINITY;
            int j2n = get_block_min(f_val2reduce, f_idx2reduce);

            int i, j2;
            float_type up_value;
            kernel_type kIwsI;
            if (f_val_j2p < f_val2reduce[j2n]) {
                i = ip;
                j2 = j2p;
                up_value = up_value_p;
                kIwsI = kIpwsI;
            } else {
                i = in;
                j2 = j2n;
                kIwsI = kInwsI;
                up_value = up_value_n;
            }
            //update alpha
            if (tid == i)
                *alpha_i_diff = y > 0 ? C - a : a;
            if (tid == j2)
                *alpha_j_diff = min(y > 0 ? a : C - a, (-up_value + f) / (kd[i] + kd[j2] - 2 * kIwsI));
            __syncthreads();
            float_type l = min(*alpha_i_diff, *alpha_j_diff);

            if (tid == i)
                a += l * y;
            if (tid == j2)
                a -= l * y;

            //update f
            kernel_type kJ2wsI = k_mat_rows[row_len * j2 + wsi];//K[J2, wsi]
            f -= l * (kJ2wsI - kIwsI);
            numOfIter++;
        }
    }

// src/thundersvm/kernel/smo_kernel.cu, lines 288-304

    __global__ void
    update_f_kernel(float_type *f, int ws_size, const float_type *alpha_diff, const kernel_type *k_mat_rows,
                    int n_instances) {
        //"n_instances" equals to the number of rows of the whole kernel matrix for both SVC and SVR.
        KERNEL_LOOP(idx, n_instances) {//one thread to update multiple fvalues.
            double sum_diff = 0;
            for (int i = 0; i < ws_size; ++i) {
                double d = alpha_diff[i];
                if (d != 0) {
                    sum_diff += d * k_mat_rows[i * n_instances + idx];
                }
            }
            f[idx] -= sum_diff;
        }
    }

// src/thundersvm/kernel/smo_kernel.cu, line 316
}
