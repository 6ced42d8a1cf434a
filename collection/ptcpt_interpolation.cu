// tilelab kernel collection: Pointcept's pointops feature interpolation (each point's features, the weighted sum of its k neighbours') and its backward (atomicAdd scatter)
// Source:  https://github.com/Pointcept/Pointcept/blob/d74c646db6abec569d0f23e0c34e7ddfce142789/libs/pointops/src/interpolation/interpolation_cuda_kernel.cu
//          (Pointcept/Pointcept, commit d74c646)
// Licence: MIT (the repository's LICENSE; the source file carries no notice of its own: the repository's notice
//          is repeated below).
// Kept, unchanged: lines 3-33 (interpolation_forward_cuda_kernel, interpolation_backward_cuda_kernel).
// Removed: lines 1-2 ("../cuda_utils.h": the host's DIVUP and opt_n_threads with <cmath> and <algorithm>; and the file's own .h, torch's headers and the launcher's declaration),
//       and lines 34-47 (the launchers).
//
// MIT License
//
// Copyright (c) 2023 Pointcept
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



__global__ void interpolation_forward_cuda_kernel(int n, int c, int k, const float *input, const int *idx, const float *weight, float *output)
{
    // input: input: (m, c), idx: (n, k), weight: (n, k), output: output (n, c)
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= n * c) return;
    int c_idx = index % c;
    int n_idx = index / c;
    for (int i = 0; i < k; i++)
    {
        int idx_idx = n_idx * k + i;
        int input_idx = idx[idx_idx] * c + c_idx;
        output[index] += input[input_idx] * weight[idx_idx];
    }
}

__global__ void interpolation_backward_cuda_kernel(int n, int c, int k, const float *grad_output, const int *idx, const float *weight, float *grad_input)
{
    // input: grad_output: (n, c), idx: (n, k), weight: (n, k), output: grad_input (m, c)
    int index = blockIdx.x * blockDim.x + threadIdx.x;
    if (index >= n * c) return;
    int c_idx = index % c;
    int n_idx = index / c;
    for (int i = 0; i < k; i++)
    {
        int idx_idx = n_idx * k + i;
        int input_idx = idx[idx_idx] * c + c_idx;
        atomicAdd(grad_input + input_idx, grad_output[index] * weight[idx_idx]);
    }
}
