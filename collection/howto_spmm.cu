// tilelab kernel collection: How_to_optimize_in_GPU's spmm: CSR times dense, one thread an output; v1 stages the row's nonzeros in shared memory
// Source:  https://github.com/Liu-xiandong/How_to_optimize_in_GPU/blob/5d2def3e082c4e1364c3ade54451b7b9d1d6f044/spmm/spmm.cu
//          (Liu-xiandong/How_to_optimize_in_GPU, commit 5d2def3: CUDA optimisation notes and kernels, by Liu Xiandong)
// Licence: Apache-2.0 (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 118-225 of the original).
//       Removed: the host code (lines 11-116: using namespace std, the error macros, the .smtx reader, vec_print and the CPU
//       reference; lines 228-418: main(), which launches My_spmm_csr_vector_kernel<128, 512, 128>, a name this file does not
//       define (the template and argument lists are My_spmm_csr_vector_kernel_v1's), then sputnik and cuSPARSE; the grid, block
//       and arguments are the manifest entries') and the host-only includes (lines 1-9: <bits/stdc++.h> <cuda.h>
//       "device_launch_parameters.h" <time.h> <sys/time.h> <cuda_runtime_api.h> <cuda_runtime.h> <cusparse.h> "sputnik/sputnik.h").

/*
 * Copyright (c) the authors of Liu-xiandong/How_to_optimize_in_GPU
 * (https://github.com/Liu-xiandong/How_to_optimize_in_GPU).
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

// dim3 dimBlock(THREAD_NUM_PER_BLOCK);
// dim3 dimGrid(row_num/THREAD_NUM_PER_BLOCK, row_num);
template <unsigned int THREAD_NUM_PER_BLOCK>
__global__ void My_spmm_csr_vector_kernel_v0(const int num_rows,
    const int * A_row_offset,
    const int * A_col_index,
    const float * A_value,
    const float * B,
    float * C,
    const int ldb,
    const int ldc){
    // Block index
    int bx = blockIdx.x;
    int by = blockIdx.y;

    // Thread index
    int tx = threadIdx.x;

    // matrix C row_index
    int C_row_index = by;
    int C_col_index = bx * THREAD_NUM_PER_BLOCK + tx;

    if(C_row_index < num_rows && C_col_index < ldc){
        int row_start = A_row_offset[C_row_index];
        int row_end = A_row_offset[C_row_index + 1];
        int iter_num = row_end - row_start;
        float sum = 0.0;
        for(int i=0; i<iter_num; i++){
            int index = row_start + i;
            int current_col = A_col_index[index];
            float current_val = A_value[index];
            float reg_B = B[ current_col * ldb + C_col_index];
            sum += current_val * reg_B;
        }

        C[C_row_index * ldc + C_col_index] = sum;
    }
}

// dim3 dimBlock(THREAD_NUM_PER_BLOCK);
// dim3 dimGrid(row_num/THREAD_NUM_PER_BLOCK, row_num);
// useless optimize
template <
    const int BLOCK_SIZE_X,   
    const int BLOCK_SIZE_K,
    const int THREAD_NUM_PER_BLOCK
    > 
__global__ void My_spmm_csr_vector_kernel_v1(const int num_rows,
    const int * A_row_offset,
    const int * A_col_index,
    const float * A_value,
    const float * B,
    float * C,
    const int M,
    const int N,
    const int K){
    // Block index
    int bx = blockIdx.x;
    int by = blockIdx.y;

    // Thread index
    int tx = threadIdx.x;

    // matrix C row_index
    int C_row_index = by;
    int C_col_index = bx * THREAD_NUM_PER_BLOCK + tx;

    // shared mem for A 
    __shared__ int As_col[BLOCK_SIZE_K];
    __shared__ float As_value[BLOCK_SIZE_K];

    int NUM_A_PER_THREAD = BLOCK_SIZE_K/THREAD_NUM_PER_BLOCK;

    if(C_row_index < num_rows && C_col_index < N){
        int row_start = A_row_offset[C_row_index];
        int row_end = A_row_offset[C_row_index + 1];
        int iter_num = row_end - row_start;
        float sum = 0.0;

        for(int k=0; k<iter_num; k+=BLOCK_SIZE_K){
            // store A to shared mem
            int global_index = row_start + k*BLOCK_SIZE_K;
            int local_index = NUM_A_PER_THREAD * tx;
            for(int i=0; i< NUM_A_PER_THREAD; i++){
                if(global_index + local_index + i < row_end){
                    As_col[local_index + i] = A_col_index[global_index + local_index +i];
                    As_value[local_index + i] = A_value[global_index + local_index +i];
                }
                else{
                    As_col[local_index + i] = -1;
                    As_value[local_index + i] = 0.0;
                }
            }
            __syncthreads();
            // load A from shared mem
            for(int i=0; i< BLOCK_SIZE_K; i++){
                int current_col = As_col[i];
                float current_val = As_value[i];
                if(current_col != -1){
                    float reg_B = B[ current_col * N + C_col_index];
                    sum += current_val * reg_B;
                }
            }
        }

        C[C_row_index * N + C_col_index] = sum;
    }
}
