// tilelab kernel collection: Tuomanen's Python and CUDA book: chapter 4's naive (Hillis-Steele) prefix sum (Chapter04/naive_prefix.py)
// Source:  https://github.com/PacktPublishing/Hands-On-GPU-Programming-with-Python-and-CUDA/blob/080e18771a56c03901bf3dac3f6bb9a8be32e4b9/Chapter04/naive_prefix.py
//          (PacktPublishing/Hands-On-GPU-Programming-with-Python-and-CUDA, commit 080e187: the companion code of Brian Tuomanen's Hands-On GPU Programming with Python and CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Packt"; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python string given to SourceModule holds (lines 8-34 of the original), its text as the string builds it, unchanged (Python's quotes undone; the string has no escapes).
//       PyCUDA's SourceModule compiles each string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.

/*
 * MIT License
 *
 * Copyright (c) 2018 Packt
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

__global__ void naive_prefix(double *vec, double *out)
{
     __shared__ double sum_buf[1024];     
     int tid = threadIdx.x;     
     sum_buf[tid] = vec[tid];
     
     // begin parallel prefix sum algorithm
     
     int iter = 1;
     for (int i=0; i < 10; i++)
     {
         __syncthreads();
         if (tid >= iter )
         {
             sum_buf[tid] = sum_buf[tid] + sum_buf[tid - iter];            
         }
         
         iter *= 2;
     }
         
    __syncthreads();
    out[tid] = sum_buf[tid];
    __syncthreads();
        
}
