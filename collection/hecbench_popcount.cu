// tilelab kernel collection: HeCBench's popcount: six population counts of 64-bit words (bit tricks, loops, a __constant__ table, __popcll)
// Source:  https://github.com/zjin-lcf/HeCBench/blob/f27000a5188f8ac79bd43fc95a1b3f890c18823d/src/popcount-cuda/main.cu
//          (zjin-lcf/HeCBench, commit f27000a: HeCBench, the heterogeneous-computing benchmark suite of Zheming Jin)
// Licence: BSD-3-Clause (the repository's LICENSE, Argonne / Oak Ridge National Laboratory; the file itself carries no notice); it follows.
// Kept: lines 6-11 and 22-94 of the original, unchanged (the masks, the kernels, the __constant__ table). Removed:
//       includes, the CPU reference and host code; the launches (pc1-pc6<<<(length + 255) / 256, 256>>>, the table set by
//       cudaMemcpyToSymbol) are manifest entries.

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

#define m1  0x5555555555555555
#define m2  0x3333333333333333 
#define m4  0x0f0f0f0f0f0f0f0f 
#define h01 0x0101010101010101

#define BLOCK_SIZE 256
// CUDA kernels
__global__ void pc1 (const unsigned long* __restrict__ data,int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  unsigned long x = data[i];
  x -= (x >> 1) & m1;             //put count of each 2 bits into those 2 bits
  x = (x & m2) + ((x >> 2) & m2); //put count of each 4 bits into those 4 bits 
  x = (x + (x >> 4)) & m4;        //put count of each 8 bits into those 8 bits 
  x += x >>  8;  //put count of each 16 bits into their lowest 8 bits
  x += x >> 16;  //put count of each 32 bits into their lowest 8 bits
  x += x >> 32;  //put count of each 64 bits into their lowest 8 bits
  r[i] = x & 0x7f;
}

__global__ void pc2 (const unsigned long* __restrict__ data, int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  unsigned long x = data[i];
  x -= (x >> 1) & m1;             //put count of each 2 bits into those 2 bits
  x = (x & m2) + ((x >> 2) & m2); //put count of each 4 bits into those 4 bits 
  x = (x + (x >> 4)) & m4;        //put count of each 8 bits into those 8 bits 
  r[i] = (x * h01) >> 56;  //returns left 8 bits of x + (x<<8) + (x<<16) + (x<<24) + ... 
}

__global__ void pc3 (const unsigned long* __restrict__ data, int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  char count;
  unsigned long x = data[i];
  for (count=0; x; count++) x &= x - 1;
  r[i] = count;
}

__global__ void pc4 (const unsigned long* __restrict__ data, int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  unsigned long x = data[i];
  char cnt = 0;
  for (char i = 0; i < 64; i++)
  {
    cnt = cnt + (x & 0x1);
    x = x >> 1;
  }
  r[i] = cnt;
}

__constant__ unsigned char lut[256]; 
__global__ void pc5 (const unsigned long* __restrict__ data, int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  unsigned long x = data[i];
  unsigned char i1 = lut[(x & 0xFF)];
  unsigned char i2 = lut[(x >> 8) & 0xFF];
  unsigned char i3 = lut[(x >> 16) & 0xFF];
  unsigned char i4 = lut[(x >> 24) & 0xFF];
  unsigned char i5 = lut[(x >> 32) & 0xFF];
  unsigned char i6 = lut[(x >> 40) & 0xFF];
  unsigned char i7 = lut[(x >> 48) & 0xFF];
  unsigned char i8 = lut[(x >> 56) & 0xFF];
  r[i] = (i1+i2)+(i3+i4)+(i5+i6)+(i7+i8);
}

__global__ void pc6 (const unsigned long* __restrict__ data, int* __restrict__ r, const int length)
{
  int i = blockIdx.x*blockDim.x+threadIdx.x;
  if (i >= length) return;
  r[i] = __popcll(data[i]);
}
