// tilelab kernel collection: bhSPARSE's CUDA SpGEMM (Liu and Vinter, IPDPS'14): the upper bound of each row's products, the expansion-sorting-compression of short rows (rows of 0 and 1 products, a heapsort per thread in shared memory), the copy of the compressed rows into C
// Source:  https://github.com/weifengliu-ssslab/Benchmark_SpGEMM_using_CSR/blob/51a8a38341ee271af96ad5907b808eb734a1c5d9/SpGEMM_cuda/bhsparse_cuda.h
//          (weifengliu-ssslab/Benchmark_SpGEMM_using_CSR, commit 51a8a38; the kernels bhsparse::compute_nnzC_Ct_cuda / copy_Ct_to_C_cuda launch)
// Licence: MIT (the repository's LICENSE, repeated below after the file's own header comment, lines 1-10).
// Kept, unchanged: lines 1-10 (the header comment), 210-237 (compute_nnzCt_cudakernel), 520-722 (siftDown, heapsort, ESC_2heap_noncoalesced), 1582-1640 (ESC_0_cudakernel, ESC_1_cudakernel), 2813-2911 (copyCt2C_Single, copyCt2C_Loopless, copyCt2C_Loop).
// Removed: host code (the class bhsparse_cuda's methods), the bitonic ESC and merge-path kernels (their scans call the legacy __shfl_up, which sm_70 and later do not declare) and the commented-out code.
//
//////////////////////////////////////////////////////////////////////////
// < A CUDA/OpenCL General Sparse Matrix-Matrix Multiplication Program >
//
// < See paper:
// Weifeng Liu and Brian Vinter, "An Efficient GPU General Sparse
// Matrix-Matrix Multiplication for Irregular Data," Parallel and
// Distributed Processing Symposium, 2014 IEEE 28th International
// (IPDPS '14), pp.370-381, 19-23 May 2014
// for details. >
//////////////////////////////////////////////////////////////////////////
//
// The MIT License (MIT)
//
// Copyright (c) 2015
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
//
// ---- copied from SpGEMM_cuda/common.h (same commit), lines 30-31 (index_type, value_type), 44 and 46 (WARPSIZE_NV_2HEAP, TUPLE_QUEUE)
typedef int     index_type;
typedef double   value_type;
#define WARPSIZE_NV_2HEAP 32
#define TUPLE_QUEUE 6
// ---- bhsparse_cuda.h, lines 210-237
__global__ void
compute_nnzCt_cudakernel(const int*  d_csrRowPtrA,
                         const  int* __restrict__ d_csrColIndA,
                         const int*  d_csrRowPtrB,
                         int                    *d_csrRowPtrCt,
                         const int m)
{
    int global_id  = blockIdx.x * blockDim.x + threadIdx.x;
    int start, stop, index, strideB, row_size_Ct = 0;

    if (global_id < m)
    {
        start = d_csrRowPtrA[global_id];
        stop  = d_csrRowPtrA[global_id + 1];

        for (int i = start; i < stop; i++)
        {
            index = d_csrColIndA[i];
            strideB = d_csrRowPtrB[index + 1] - d_csrRowPtrB[index];
            row_size_Ct += strideB;
        }

        d_csrRowPtrCt[global_id] = row_size_Ct;
    }

    if (global_id == 0)
        d_csrRowPtrCt[m] = 0;
}
// ---- bhsparse_cuda.h, lines 520-722
__inline__ __device__ void
siftDown(int   *s_key,
         value_type *s_val,
         const int    start,
         const int    stop,
         const int local_id,
         const int local_size)
{
    int root = start;
    int child, swap;

    int temp_swap_key;
    value_type temp_swap_val;

    while (root * 2 + 1 <= stop)
    {
        child = root * 2 + 1;
        swap = root;

        if (s_key[swap * local_size + local_id] < s_key[child * local_size + local_id])
            swap = child;

        if (child + 1 <= stop && s_key[swap * local_size + local_id] < s_key[(child + 1) * local_size + local_id])
            swap = child + 1;

        if (swap != root)
        {
            const int index1 = root * local_size + local_id;
            const int index2 = swap * local_size + local_id;

            //swap root and swap
            temp_swap_key = s_key[index1];
            s_key[index1] = s_key[index2];
            s_key[index2] = temp_swap_key;

            temp_swap_val = s_val[index1];
            s_val[index1] = s_val[index2];
            s_val[index2] = temp_swap_val;

            root = swap;
        }
        else
            return;
    }
}

__inline__ __device__ int
heapsort(int   *s_key,
         value_type *s_val,
         const int    segment_size,
         const int local_id,
         const int local_size)
{
    // heapsort - heapify max-heap
    int start = (segment_size - 1) / 2;
    int stop  = segment_size - 1;

    int index1, index2;

    while (start >= 0)
    {
        siftDown(s_key, s_val, start, stop, local_id, local_size);
        start--;
    }

    // inject root element to the end

    int temp_swap_key;
    value_type temp_swap_val;

    index1 = stop * local_size + local_id;

    temp_swap_key = s_key[local_id];
    s_key[local_id] = s_key[index1];
    s_key[index1] = temp_swap_key;

    temp_swap_val = s_val[local_id];
    s_val[local_id] = s_val[index1];
    s_val[index1] = temp_swap_val;

    stop--;

    siftDown(s_key, s_val, 0, stop, local_id, local_size);

    // this start is compressed list's start
    start = segment_size - 1;

    // heapsort - remove-max and compress
    while (stop >= 0)
    {
        index2 = stop * local_size + local_id;

        if (s_key[local_id] == s_key[start * local_size + local_id])
        {
            s_val[start * local_size + local_id] += s_val[local_id];

            s_key[local_id] = s_key[index2];
            s_val[local_id] = s_val[index2];
        }
        else
        {
            start--;

            index1 = start * local_size + local_id;

            if (stop == start)
            {
                temp_swap_key = s_key[local_id];
                s_key[local_id] = s_key[index2];
                s_key[index2] = temp_swap_key;

                temp_swap_val = s_val[local_id];
                s_val[local_id] = s_val[index2];
                s_val[index2] = temp_swap_val;
            }
            else
            {
                s_key[index1] = s_key[local_id];
                s_val[index1] = s_val[local_id];

                s_key[local_id] = s_key[index2];
                s_val[local_id] = s_val[index2];
            }
        }

        stop--;

        siftDown(s_key, s_val, 0, stop, local_id, local_size);
    }

    return start;
}

template<typename vT, int c_segmentsize>
__global__  void
ESC_2heap_noncoalesced(const int*     d_queue,
                       const int*     d_csrRowPtrA,
                       const  int*   __restrict__  d_csrColIndA,
                       const  vT*  __restrict__ d_csrValA,
                       const int*     d_csrRowPtrB,
                       const int*    __restrict__ d_csrColIndB,
                       const vT*  __restrict__ d_csrValB,
                       int*                       d_csrRowPtrC,
                       const int*     d_csrRowPtrCt,
                       int*                       d_csrColIndCt,
                       vT*                     d_csrValCt,
                       const int                  queue_size,
                       const int                  d_queue_offset)
{
    __shared__ int   s_key[c_segmentsize * WARPSIZE_NV_2HEAP];
    __shared__ vT s_val[c_segmentsize * WARPSIZE_NV_2HEAP];

    const int local_id   = threadIdx.x;
    const int group_id   = blockIdx.x;
    const int global_id  = blockIdx.x * blockDim.x + threadIdx.x;
    const int local_size = blockDim.x;
    int index = 0;

    if (global_id < queue_size)
    {
        int i, counter = 0;
        int start_col_index_A, stop_col_index_A;
        int rowidB, start_col_index_B, stop_col_index_B;
        vT value_A;

        int rowidC = d_queue[TUPLE_QUEUE * (d_queue_offset + global_id)];

        start_col_index_A = d_csrRowPtrA[rowidC];
        stop_col_index_A  = d_csrRowPtrA[rowidC + 1];

        // i is both col index of A and row index of B
        for (i = start_col_index_A; i < stop_col_index_A; i++)
        {
            rowidB = d_csrColIndA[i];
            value_A  = d_csrValA[i];

            start_col_index_B = d_csrRowPtrB[rowidB];
            stop_col_index_B  = d_csrRowPtrB[rowidB + 1];

            for (int j = start_col_index_B; j < stop_col_index_B; j++)
            {
                index = counter * local_size + local_id;
                s_key[index] = d_csrColIndB[j];
                s_val[index] = d_csrValB[j] * value_A;

                counter++;
            }
        }

        // heapsort in each work-item
        int local_start = heapsort(s_key, s_val, counter, local_id, local_size);

        counter -= local_start;
        d_csrRowPtrC[rowidC] = counter;

        int base_index = d_queue[TUPLE_QUEUE * (d_queue_offset + group_id * local_size + local_id) + 1];;
        for (int i = 0; i < counter; i++)
        {
            d_csrColIndCt[base_index + i] = s_key[(local_start+i) * local_size + local_id];
            d_csrValCt[base_index + i] = s_val[(local_start+i) * local_size + local_id];
        }
    }
}
// ---- bhsparse_cuda.h, lines 1582-1640
__global__
void ESC_0_cudakernel(const int*     d_queue,
                      int*                       d_csrRowPtrC,
                      const int                  queue_size,
                      const int                  queue_offset)
{
    int global_id = blockIdx.x * blockDim.x + threadIdx.x;

    if (global_id < queue_size)
    {
        int row_id = d_queue[TUPLE_QUEUE * (queue_offset + global_id)];
        d_csrRowPtrC[row_id] = 0;
    }
}

__global__
void ESC_1_cudakernel(const int*     d_queue,
                      const int*     d_csrRowPtrA,
                      const  int*   __restrict__  d_csrColIndA,
                      const  value_type* __restrict__  d_csrValA,
                      const int*     d_csrRowPtrB,
                      const int*     d_csrColIndB,
                      const value_type*   d_csrValB,
                      int*                       d_csrRowPtrC,
                      const int*     d_csrRowPtrCt,
                      int*                       d_csrColIndCt,
                      value_type*                     d_csrValCt,
                      const int                  queue_size,
                      const int                  queue_offset)
{
    int global_id = blockIdx.x * blockDim.x + threadIdx.x;

    if (global_id < queue_size)
    {
        int row_id = d_queue[TUPLE_QUEUE * (queue_offset + global_id)];
        d_csrRowPtrC[row_id] = 1;

        int base_index = d_queue[TUPLE_QUEUE * (queue_offset + global_id) + 1]; //d_csrRowPtrCt[row_id];

        int col_index_A_start = d_csrRowPtrA[row_id];
        int col_index_A_stop = d_csrRowPtrA[row_id+1];

        for (int col_index_A = col_index_A_start; col_index_A < col_index_A_stop; col_index_A++)
        {
            int row_id_B = d_csrColIndA[col_index_A];
            int col_index_B = d_csrRowPtrB[row_id_B];

            if (col_index_B == d_csrRowPtrB[row_id_B+1])
                continue;

            value_type value_A  = d_csrValA[col_index_A];

            d_csrColIndCt[base_index] = d_csrColIndB[col_index_B];
            d_csrValCt[base_index] = d_csrValB[col_index_B] * value_A;

            break;
        }
    }
}
// ---- bhsparse_cuda.h, lines 2813-2911
__global__ void
copyCt2C_Single(const int*     d_csrRowPtrC,
                int*                       d_csrColIndC,
                value_type*                     d_csrValC,
                const int*     d_csrRowPtrCt,
                const int*     d_csrColIndCt,
                const value_type*   d_csrValCt,
                const int*     d_queue,
                const int                  size,
                const int                  d_queue_offset)
{
    int global_id  = blockIdx.x * blockDim.x + threadIdx.x;

    bool valid = (global_id < size);

    int row_id = valid ? d_queue[TUPLE_QUEUE * (d_queue_offset + global_id)] : 0;

    int Ct_base_start = valid ? d_queue[TUPLE_QUEUE * (d_queue_offset + global_id) + 1] : 0; //d_csrRowPtrCt[row_id] : 0;
    int C_base_start  = valid ? d_csrRowPtrC[row_id] : 0;

    int colC   = valid ? d_csrColIndCt[Ct_base_start] : 0;
    value_type valC = valid ? d_csrValCt[Ct_base_start] : 0.0f;

    if (valid)
    {
        d_csrColIndC[C_base_start] = colC;
        d_csrValC[C_base_start]    = valC;
    }
}

__global__ void
copyCt2C_Loopless(const int*     d_csrRowPtrC,
                  int*                       d_csrColIndC,
                  value_type*                     d_csrValC,
                  const int*     d_csrRowPtrCt,
                  const int*     d_csrColIndCt,
                  const value_type*   d_csrValCt,
                  const int*     d_queue,
                  const int                  d_queue_offset)

{
    int local_id   = threadIdx.x;
    int group_id   = blockIdx.x;

    int row_id = d_queue[TUPLE_QUEUE * (d_queue_offset + group_id)];

    int Ct_base_start = d_queue[TUPLE_QUEUE * (d_queue_offset + group_id) + 1] + local_id; //d_csrRowPtrCt[row_id] + local_id;
    int C_base_start  = d_csrRowPtrC[row_id]  + local_id;
    int C_base_stop   = d_csrRowPtrC[row_id + 1];

    if (C_base_start < C_base_stop)
    {
        d_csrColIndC[C_base_start] = d_csrColIndCt[Ct_base_start];
        d_csrValC[C_base_start]    = d_csrValCt[Ct_base_start];
    }
}

__global__ void
copyCt2C_Loop(const int*     d_csrRowPtrC,
              int*                       d_csrColIndC,
              value_type*                     d_csrValC,
              const int*     d_csrRowPtrCt,
              const int*     d_csrColIndCt,
              const value_type*   d_csrValCt,
              const int*     d_queue,
              const int                  d_queue_offset)
{
    int local_id   = threadIdx.x;
    int group_id   = blockIdx.x;
    int local_size = blockDim.x;

    int row_id = d_queue[TUPLE_QUEUE * (d_queue_offset + group_id)];

    int Ct_base_start = d_queue[TUPLE_QUEUE * (d_queue_offset + group_id) + 1]; //d_csrRowPtrCt[row_id];
    int C_base_start  = d_csrRowPtrC[row_id];
    int C_base_stop   = d_csrRowPtrC[row_id + 1];
    int stride        = C_base_stop - C_base_start;

    bool valid;

    int loop = ceil((float)stride / (float)local_size);

    C_base_start  += local_id;
    Ct_base_start += local_id;

    for (int i = 0; i < loop; i++)
    {
        valid = (C_base_start < C_base_stop);

        if (valid)
        {
            d_csrColIndC[C_base_start] = d_csrColIndCt[Ct_base_start];
            d_csrValC[C_base_start]    = d_csrValCt[Ct_base_start];
        }

        C_base_start += local_size;
        Ct_base_start += local_size;
    }
}
