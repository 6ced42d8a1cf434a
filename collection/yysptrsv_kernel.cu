// tilelab kernel collection: YuenyeungSpTRSV's thread-level and warp-level fusion synchronisation-free sparse
// triangular solve (CSR, lower triangular, busy-waiting on per-row flags), CUDA
// Source:  https://github.com/JiyaSu/YuenyeungSpTRSV/blob/e3b4b5f9f11cd8d8eb6463933e009603c60ae4c3/CUDA/YYSpTRSV.h
//          (JiyaSu/YuenyeungSpTRSV, commit e3b4b5f: the code of "YuenyeungSpTRSV: A Thread-Level and Warp-Level
//          Fusion Synchronization-Free Sparse Triangular Solve", Zhang, Su, Liu et al., TPDS 2021)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice is
//          repeated below).
// Kept: YYSpTRSV.h lines 10-103 (the kernel yySpTRSV_csr_kernel), unchanged. Removed: lines 1-9 (the include
//       guard and includes: common.h, <cuda_runtime.h>, thrust's device_ptr and scan, none used by the kernel; the
//       two defines the kernel takes from common.h are copied in below, marked) and the host code from line 104
//       (YYSpTRSV_csr: matrix_warp's preprocessing, the copies and the timing loop) to the end. The launch is
//       YYSpTRSV_csr's: block WARP_PER_BLOCK * WARP_SIZE = 1024, grid ceil((Len - 1) * WARP_SIZE / 1024.0),
//       d_get_value, d_x and d_id_extractor zeroed, begin 0, d_warp_num matrix_warp's (CUDA/tranpose.h) with
//       border 10: a group of 32 rows whose average row length is below 10 is one warp (a thread a row), any
//       other row is a warp of its own. The repository's Makefile builds with -Xptxas -dlcm=cg for sm_61.

/*
 * MIT License
 *
 * Copyright (c) 2021 Jiya Su
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */

// ---- copied from the repository's CUDA/common.h (same commit), lines 14-16 and 22-24
#ifndef VALUE_TYPE
#define VALUE_TYPE double
#endif
#ifndef WARP_SIZE
#define WARP_SIZE   32
#endif
// ---- end of the copied lines
/*  yySpTRSV kernel  */

__global__
void yySpTRSV_csr_kernel(const int* __restrict__        d_csrRowPtr,
                         const int* __restrict__        d_csrColIdx,
                         const VALUE_TYPE* __restrict__ d_csrVal,
                         int*                           d_get_value,
                         const int                      m,
                         const int                      nnz,
                         const VALUE_TYPE* __restrict__ d_b,
                         VALUE_TYPE*                    d_x,
                         const int                      begin,
                         const int* __restrict__        d_warp_num,
                         const int                      Len,
                         int*                           d_id_extractor)

{
    const int global_id =atomicAdd(d_id_extractor, 1);
//    const int global_id = (begin + blockIdx.x) * blockDim.x + threadIdx.x;

    const int warp_id = global_id/WARP_SIZE;
    int row;
    
    if(warp_id>=(Len-1))
        return;
    
    const int lane_id = (WARP_SIZE - 1) & threadIdx.x;
    
    /* Thread-level Syncfree SpTRSV */
    if(d_warp_num[warp_id+1]>(d_warp_num[warp_id]+1))
    {
        row =d_warp_num[warp_id]+lane_id;
        if(row>=m)
            return;
        
        int col,j,i;
        VALUE_TYPE xi;
        VALUE_TYPE left_sum=0;
        i=row;
        j=d_csrRowPtr[i];
        
        while(j<d_csrRowPtr[i+1])
        {
            col=d_csrColIdx[j];
            while(d_get_value[col]==1)
            //if(d_get_value[col]==1)
            {
                left_sum+=d_csrVal[j]*d_x[col];
                j++;
                col=d_csrColIdx[j];
            }
            if(i==col)
            {
                xi = (d_b[i] - left_sum) / d_csrVal[d_csrRowPtr[i+1]-1];
                d_x[i] = xi;
                __threadfence();
                d_get_value[i]=1;
                j++;
            }
        }
    }
    else  /* Warp-level Syncfree SpTRSV */
    {
        row = d_warp_num[warp_id];
        if(row>=m)
            return;
        
        int col,j;
        VALUE_TYPE xi,sum=0;
        for (j = d_csrRowPtr[row]  + lane_id; j < d_csrRowPtr[row+1]-1; j += WARP_SIZE)
        {
            
            col=d_csrColIdx[j];
            while(d_get_value[col]!=1)
            {
                __threadfence_block();
            }
            sum += d_x[col] * d_csrVal[j];
        }
        
        for (int offset = WARP_SIZE/2; offset > 0; offset /= 2) {
            sum += __shfl_down(sum, offset);
        }
        
        if (!lane_id)   /* thread 0 in each warp*/
        {
            xi = (d_b[row] - sum) / d_csrVal[d_csrRowPtr[row+1]-1];
            d_x[row]=xi;
            __threadfence();
            d_get_value[row]=1;
        }
        
    }
}
