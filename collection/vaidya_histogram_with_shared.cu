// tilelab kernel collection: Vaidya's OpenCV and CUDA book: chapter 12's PyCUDA histogram with shared-memory atomics (Chapter12/02_histogram_with_shared.py)
// Source:  https://github.com/PacktPublishing/Hands-On-GPU-Accelerated-Computer-Vision-with-OpenCV-and-CUDA/blob/47aa49577e68dff926296d9708bd7bf547f344d7/Chapter12/02_histogram_with_shared.py
//          (PacktPublishing/Hands-On-GPU-Accelerated-Computer-Vision-with-OpenCV-and-CUDA, commit 47aa495: the companion code of Bhaumik Vaidya's Hands-On GPU-Accelerated Computer Vision with OpenCV and CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Packt"; the file itself carries no notice); the notice follows.
// Kept: the kernel source the Python string given to SourceModule holds (lines 14-31 of the original), its text as the string builds it, unchanged (Python's quotes undone; the string has no escapes).
//       PyCUDA's SourceModule compiles each string inside extern "C" { } (its default, no_extern_c=False); here it is the string alone.
//       The original's CRLF line endings became LF.

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

__global__ void atomic_hist(int *d_b, int *d_a, int SIZE)
{
	int tid = threadIdx.x + blockDim.x * blockIdx.x;
	int offset = blockDim.x * gridDim.x;
	__shared__ int cache[256];
	cache[threadIdx.x] = 0;
	__syncthreads();
	
	while (tid < SIZE)
	{
		atomicAdd(&(cache[d_a[tid]]), 1);
		tid += offset;
	}
	__syncthreads();
	atomicAdd(&(d_b[threadIdx.x]), cache[threadIdx.x]);
}
