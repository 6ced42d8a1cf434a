// tilelab kernel collection: PMPP-Learning's chapter 14 (sparse matrices): SpMV in COO, CSR, ELL and JDS, and COO to CSR
// Source:  https://github.com/psmarter/PMPP-Learning/blob/fe07c6b411bd9cad8704bc8baa22b5c15f4e2912/Exercises/Chapter14/Exercise01/solution.cu
//          (psmarter/PMPP-Learning, commit fe07c6b: solutions to the exercises of "Programming Massively Parallel Processors")
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept: the device code, unchanged (lines 1-14, 23-38, 53-75, 87-110, 122-149 and 203-245 of the original).
//       Removed: lines 15-22: the includes (solution.h's structures and BLOCK_SIZE are the host's only); 39-52,
//       76-86, 111-121 and 150-161: the host functions spmv_coo, spmv_csr, spmv_ell and spmv_jds; 162-202: the
//       ELL-COO hybrid's host code (it launches spmv_ell_kernel); 246-309: coo_to_csr's host code and the CPU
//       reference.
//
// MIT License
//
// Copyright (c) 2026 Smarter
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

/**
 * 第十四章：稀疏矩阵计算 - CUDA 实现
 * 
 * 参考：chapter-14/code/
 * 
 * 本实现包含：
 * 1. COO SpMV - 使用原子操作
 * 2. CSR SpMV - 每行一个线程
 * 3. ELL SpMV - 列主序，合并访问
 * 4. JDS SpMV - 练习5
 * 5. ELL-COO Hybrid SpMV - 练习4
 * 6. COO to CSR 转换 - 练习3
 */


// ====================== 1. COO SpMV ======================

/**
 * COO SpMV Kernel
 * 每个线程处理一个非零元素，使用原子操作累加到对应行
 */
__global__ void spmv_coo_kernel(int nnz, const int* rowIdx, const int* colIdx, 
                                 const float* values, const float* x, float* y) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nnz) {
        int row = rowIdx[i];
        int col = colIdx[i];
        float val = values[i];
        atomicAdd(&y[row], val * x[col]);
    }
}

// ====================== 2. CSR SpMV ======================

/**
 * CSR SpMV Kernel（每行一个线程）
 * 书中图14.6
 */
__global__ void spmv_csr_kernel(int numRows, const int* rowPtrs, const int* colIdx,
                                 const float* values, const float* x, float* y) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (row < numRows) {
        float sum = 0.0f;
        int rowStart = rowPtrs[row];
        int rowEnd = rowPtrs[row + 1];
        
        for (int j = rowStart; j < rowEnd; j++) {
            int col = colIdx[j];
            float val = values[j];
            sum += val * x[col];
        }
        y[row] = sum;
    }
}

// ====================== 3. ELL SpMV ======================

/**
 * ELL SpMV Kernel
 * 书中图14.10
 * 列主序存储：idx[t][row] = values[t * numRows + row]
 */
__global__ void spmv_ell_kernel(int numRows, int maxNnzPerRow, const int* colIdx,
                                 const float* values, const float* x, float* y) {
    int row = blockIdx.x * blockDim.x + threadIdx.x;
    
    if (row < numRows) {
        float sum = 0.0f;
        for (int t = 0; t < maxNnzPerRow; t++) {
            int idx = t * numRows + row;  // 列主序索引
            int col = colIdx[idx];
            if (col >= 0) {  // 有效元素（-1 为填充）
                float val = values[idx];
                sum += val * x[col];
            }
        }
        y[row] = sum;
    }
}

// ====================== 4. JDS SpMV（练习5） ======================

/**
 * JDS SpMV Kernel
 * 按行长度降序排列，减少填充浪费
 */
__global__ void spmv_jds_kernel(int numRows, int numTiles, const int* colIdx,
                                 const float* values, const int* rowPerm, 
                                 const int* iterPtr, const float* x, float* y) {
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= numRows) return;
    
    float sum = 0.0f;
    
    // 遍历每个"对角线"（迭代）
    for (int t = 0; t < numTiles; t++) {
        int idx = iterPtr[t] + tid;
        // 检查是否在当前对角线的有效范围内
        if (idx < iterPtr[t + 1]) {
            int col = colIdx[idx];
            float val = values[idx];
            sum += val * x[col];
        }
    }
    
    // 按原始行顺序写回结果
    y[rowPerm[tid]] = sum;
}

// ====================== 6. COO to CSR 转换（练习3） ======================

/**
 * Kernel: 计算直方图（每行的非零元素数）
 */
__global__ void computeHistogramKernel(int nnz, const int* rowIdx, int* rowPtrs) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < nnz) {
        atomicAdd(&rowPtrs[rowIdx[i] + 1], 1);
    }
}

/**
 * Kernel: 前缀和（简化版，单 Block）
 */
__global__ void exclusiveScanKernel(int* data, int n) {
    extern __shared__ int temp[];
    int tid = threadIdx.x;
    
    if (tid < n) {
        temp[tid] = data[tid];
    } else {
        temp[tid] = 0;
    }
    __syncthreads();
    
    // Kogge-Stone 前缀和
    for (int offset = 1; offset < n; offset *= 2) {
        int val = 0;
        if (tid >= offset && tid < n) {
            val = temp[tid - offset];
        }
        __syncthreads();
        if (tid < n) {
            temp[tid] += val;
        }
        __syncthreads();
    }
    
    if (tid < n) {
        data[tid] = temp[tid];
    }
}
