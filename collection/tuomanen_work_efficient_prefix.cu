// tilelab kernel collection: Tuomanen's Python and CUDA book: chapter 4's work-efficient (Blelloch) prefix sum, up- and down-sweep (Chapter04/work-efficient_prefix.py)
// Source:  https://github.com/PacktPublishing/Hands-On-GPU-Programming-with-Python-and-CUDA/blob/080e18771a56c03901bf3dac3f6bb9a8be32e4b9/Chapter04/work-efficient_prefix.py
//          (PacktPublishing/Hands-On-GPU-Programming-with-Python-and-CUDA, commit 080e187: the companion code of Brian Tuomanen's Hands-On GPU Programming with Python and CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Packt"; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python strings given to SourceModule hold (lines 13-26, 52-65 of the original), their text as the strings build it, unchanged (Python's quotes undone; the strings have no escapes).
//       PyCUDA's SourceModule compiles each string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.
//       The two strings are two SourceModules in the original (up_ker, then down_ker); here one after the other in one file.

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

__global__ void up_ker(double *x, double *x_old, int k )
{
     int tid =  blockIdx.x*blockDim.x + threadIdx.x;
     
     int _2k = 1 << k;
     int _2k1 = 1 << (k+1);
     
     int j = tid* _2k1;
     
     x[j + _2k1 - 1] = x_old[j + _2k -1 ] + x_old[j + _2k1 - 1];

}
__global__ void down_ker(double *y, double *y_old,  int k)
{
     int tid =  blockIdx.x*blockDim.x + threadIdx.x;
     
     int _2k = 1 << k;
     int _2k1 = 1 << (k+1);
     
     int j = tid*_2k1;
     
     y[j + _2k - 1 ] = y_old[j + _2k1 - 1];
     y[j + _2k1 - 1] = y_old[j + _2k1 - 1] + y_old[j + _2k - 1];
}
