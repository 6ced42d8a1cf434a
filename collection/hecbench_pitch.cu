// tilelab kernel collection: HeCBench's pitch: a sigmoid over pitched and plain 2-D and 3-D arrays (cudaMallocPitch, cudaMalloc3D)
// Source:  https://github.com/zjin-lcf/HeCBench/blob/f27000a5188f8ac79bd43fc95a1b3f890c18823d/src/pitch-cuda/main.cu
//          (zjin-lcf/HeCBench, commit f27000a: HeCBench, the heterogeneous-computing benchmark suite of Zheming Jin)
// Licence: BSD-3-Clause (the repository's LICENSE, Argonne / Oak Ridge National Laboratory; the file itself carries no notice); it follows.
// Kept: lines 6-58 of the original, unchanged (sigmoid, the four kernels). Removed: includes and host code; the launches
//       (malloc2D: <<<((w + 15) / 16, (h + 15) / 16), (16, 16)>>>; malloc3D: <<<(.., (h + 7) / 8, (d + 3) / 4), (16, 8, 4)>>>)
//       are manifest entries.

/*
 * BSD 3-Clause License
 *
 * Copyright (c) 2020 ,       Argonne National Laboratory   (Zheming Jin)
 * Copyright (c) 2020-,     Oak Ridge National Laboratory   (Zheming Jin)
 * All rights reserved.
 *
 * Redistribution and use in source and binary forms, with or without
 * modification, are permitted provided that the following conditions are met:
 *
 * 1. Redistributions of source code must retain the above copyright notice, this
 *    list of conditions and the following disclaimer.
 *
 * 2. Redistributions in binary form must reproduce the above copyright notice,
 *    this list of conditions and the following disclaimer in the documentation
 *    and/or other materials provided with the distribution.
 *
 * 3. Neither the name of the copyright holder nor the names of its
 *    contributors may be used to endorse or promote products derived from
 *    this software without specific prior written permission.
 *
 * THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
 * AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
 * IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
 * DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
 * FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
 * DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
 * SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
 * CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
 * OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
 * OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.
 */

__device__
float sigmoid (float x) {
  return (1.f / (1.f + expf(-x)));
}

__global__
void parallelPitched2DAccess (float* devPtr, size_t pitch, int width, int height)
{
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < height && c < width) {
    float* row = (float*)((char*)devPtr + r * pitch);
    row[c] = sigmoid(row[c]);
  }
}

__global__
void parallelSimple2DAccess (float* elem, int width, int height)
{
  int r = blockIdx.y * blockDim.y + threadIdx.y;
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (r < height && c < width) {
    elem[r * width + c] = sigmoid(elem[r * width + c]);
  }
}

__global__
void parallelPitched3DAccess (cudaPitchedPtr devPitchedPtr, int width, int height, int depth)
{
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (z < depth && y < height && x < width) {
    char* devPtr = (char*)devPitchedPtr.ptr;
    size_t pitch = devPitchedPtr.pitch;
    size_t slicePitch = pitch * height;
    char* slice = devPtr + z * slicePitch;
    float* row = (float*)(slice + y * pitch);
    row[x] = sigmoid(row[x]);
  }
}

__global__
void parallelSimple3DAccess (float* elem, int width, int height, int depth)
{
  int z = blockIdx.z * blockDim.z + threadIdx.z;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  if (z < depth && y < height && x < width) {
    float element = elem[z * height * width + y * width + x];
    elem[z * height * width + y * width + x] = sigmoid(element);
  }
}
