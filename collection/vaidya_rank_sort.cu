// tilelab kernel collection: Vaidya's OpenCV and CUDA book: chapter 4's rank (enumeration) sort (Chapter4/04_rank_sort.cu)
// Source:  https://github.com/PacktPublishing/Hands-On-GPU-Accelerated-Computer-Vision-with-OpenCV-and-CUDA/blob/47aa49577e68dff926296d9708bd7bf547f344d7/Chapter4/04_rank_sort.cu
//          (PacktPublishing/Hands-On-GPU-Accelerated-Computer-Vision-with-OpenCV-and-CUDA, commit 47aa495: the companion code of Bhaumik Vaidya's Hands-On GPU-Accelerated Computer Vision with OpenCV and CUDA)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2018 Packt"; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 6-24 of the original).
//       Removed: the host code (lines 26-57: main) and the host-only includes (lines 2-4: #include "cuda_runtime.h", "device_launch_parameters.h", <stdio.h>).
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

#define arraySize 5
#define threadPerBlock 5
__global__ void addKernel(int *d_a, int *d_b)
{
	int count = 0;
	int tid = threadIdx.x;
	int ttid = blockIdx.x * threadPerBlock + tid;
	int val = d_a[ttid];
	__shared__ int cache[threadPerBlock];
	for (int i = tid; i < arraySize; i += threadPerBlock) {
		cache[tid] = d_a[i];
		__syncthreads();
		for (int j = 0; j < threadPerBlock; ++j)
			if (val > cache[j])
				count++;
		__syncthreads();
	}
	d_b[count] = val;
}
