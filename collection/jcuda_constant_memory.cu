// tilelab kernel collection: jcuda-samples: constant memory (JCudaConstantMemoryKernel.cu)
// Source:  https://github.com/jcuda/jcuda-samples/blob/3de36547dec6b527d1e49d73b1817efd791b8fb6/JCudaSamples/src/main/resources/kernels/JCudaConstantMemoryKernel.cu
//          (jcuda/jcuda-samples, commit 3de3654: the JCuda Java bindings' samples)
// Licence: MIT (the repository's LICENSE; the file itself carries no notice); the notice follows.
// Kept: the device code, unchanged (lines 1-11 of the original).

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

#define CONSTANT_MEMORY_SIZE 100
__constant__ float constantMemoryData[CONSTANT_MEMORY_SIZE];

extern "C"
__global__ void constantMemoryKernel(float* array, int size)
{
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index < size && index < CONSTANT_MEMORY_SIZE) {
        array[index] = constantMemoryData[index];
    }
}
