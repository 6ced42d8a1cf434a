// Collection file: from NVIDIA/TensorRT (TensorRT OSS plugins), the LReLU plugin's kernel.
// Source:  https://github.com/NVIDIA/TensorRT/blob/a892d22267d9cd2dedc1a0893e6892ac901f6d3d/plugin/common/kernels/lReLU.cu
// Licence: Apache-2.0 (the file's SPDX notice, repeated below).
// Kept: lines 1-16 (the notice), lines 19-31 (the namespaces and pReLUKernel), unchanged, then the closing braces
//       of lines 48-49. Removed: line 18 (common/kernels/kernel.h: a host header) and 33-47 (lReLUGPU and
//       lReLUInference: the host launchers).

/*
 * SPDX-FileCopyrightText: Copyright (c) 1993-2024 NVIDIA CORPORATION & AFFILIATES. All rights reserved.
 * SPDX-License-Identifier: Apache-2.0
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 * http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
namespace nvinfer1
{
namespace plugin
{
template <unsigned nthdsPerCTA>
__launch_bounds__(nthdsPerCTA) __global__
    void pReLUKernel(const int n, const float negativeSlope, const float* input, float* output)
{
    for (int i = blockIdx.x * nthdsPerCTA + threadIdx.x; i < n; i += gridDim.x * nthdsPerCTA)
    {
        output[i] = input[i] > 0 ? input[i] : input[i] * negativeSlope;
    }
}
} // namespace plugin
} // namespace nvinfer1
