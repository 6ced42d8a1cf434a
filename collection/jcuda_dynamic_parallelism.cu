// tilelab kernel collection: jcuda-samples: dynamic parallelism (JCudaDynamicParallelismKernel.cu)
// Source:  https://github.com/jcuda/jcuda-samples/blob/3de36547dec6b527d1e49d73b1817efd791b8fb6/JCudaSamples/src/main/resources/kernels/JCudaDynamicParallelismKernel.cu
//          (jcuda/jcuda-samples, commit 3de3654: the JCuda Java bindings' samples)
// Licence: MIT (the repository's LICENSE; the file's own comment, kept below, names its copyright); the notice follows.
// Kept: the device code, unchanged (lines 1-5, 7-38 of the original).
//       Removed: line 6, the host-only include (#include <stdio.h>).

/*
 * The MIT License (MIT)
 *
 * Copyright (c) 2008-2016 Marco Hutter - http://www.jcuda.org
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in
 * all copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN
 * THE SOFTWARE.
 */

/*
 * JCuda - Java bindings for NVIDIA CUDA
 *
 * Copyright 2008-2016 Marco Hutter - http://www.jcuda.org
 */

// A simple example of using dynamic parallelism. This kernel can
// be compiled into an object file by calling
//
//     nvcc -dc -arch=sm_52 JCudaDynamicParallelismKernel.cu -o JCudaDynamicParallelismKernel.o
// 
// The resulting object file can be linked into a CUBIN file with
// 
//     nvcc -dlink -arch=sm_52 -cubin JCudaDynamicParallelismKernel.o -o JCudaDynamicParallelismKernel.cubin
// 
// Alternatively, both steps can be taken at once, by calling
// 
//     nvcc -dlink -arch=sm_52 -cubin -c JCudaDynamicParallelismKernel.cu -o JCudaDynamicParallelismKernel.cubin
// 
// The architecture (here, sm_52) must match the architecture of
// the target device. 

extern "C"
__global__ void childKernel(unsigned int parentThreadIndex, float* data)
{
    printf("Parent thread index: %d, child thread index: %d\n", 
        parentThreadIndex, threadIdx.x);    
    data[threadIdx.x] = parentThreadIndex + 0.1f * threadIdx.x;
}

extern "C"
__global__ void parentKernel(unsigned int size, float *data)
{
    childKernel<<<1, 8>>>(threadIdx.x, data + threadIdx.x * 8);
    cudaDeviceSynchronize();
    __syncthreads();
}
