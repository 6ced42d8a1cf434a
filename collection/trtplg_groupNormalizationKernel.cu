// Collection file: from NVIDIA/TensorRT (TensorRT OSS plugins), the GroupNormalization plugin's scale-and-shift kernel.
// Source:  https://github.com/NVIDIA/TensorRT/blob/a892d22267d9cd2dedc1a0893e6892ac901f6d3d/plugin/groupNormalizationPlugin/groupNormalizationKernel.cu
// Licence: Apache-2.0 (the file's SPDX notice, repeated below).
// Kept: lines 1-16 (the notice), lines 20-44 (the namespaces and scaleShiftChannelsInplaceKernel), unchanged, then
//       the closing braces of lines 62-63. Removed: line 18 (groupNormalizationPlugin.h: a host header) and 46-61
//       (scaleShiftChannelsInplace, the host launcher, and its instantiation).

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

template <typename T, unsigned TPB>
__global__ void scaleShiftChannelsInplaceKernel(T* inOut, const int ld, const float* beta, const float* gamma)
{
    // grid is blocks x C x B
    // ld should be H*W
    // blockIdx.z = batch
    // blockIdx.y = channel
    // blockIdx.x = block per col
    const T b = beta[blockIdx.y];
    const T g = gamma[blockIdx.y];

    const int offset = (blockIdx.z * gridDim.y + blockIdx.y) * ld;

    const int tx = blockIdx.x * TPB + threadIdx.x;

    if (tx < ld)
    {
        inOut[offset + tx] = g * inOut[offset + tx] + b;
    }
}
} /* plugin */
} /* nvinfer1 */
