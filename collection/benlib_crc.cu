// tilelab kernel collection: BenLib's four tableless CRC-32 / JAMCRC kernels (one byte a step, one thread a buffer)
// Source:  https://github.com/bensuperpc/BenLib/blob/0188aaec89c7680cdf553cd64fbda005074ac2e3/lib/CUDA/kernel/crc.cu
//          (bensuperpc/BenLib, commit 0188aae, the last commit that holds lib/CUDA/kernel/crc.cu: a C++ library's
//          CUDA kernels)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2020 Bensuperpc"; the file carries no notice of its own:
//          the LICENSE's notice is repeated below).
// Kept: lines 1-22 (the file's banner), 32-44, 62-74, 92-104 and 122-134 of the original (the four __global__
//       kernels), unchanged. Removed: the includes of the host headers crc.h, crc.cuh and crc.hpp (lines 24-30)
//       and the host wrappers that launch the kernels (lines 45-61, 75-91, 105-121, 135-150). The lines of
//       crc.cuh the kernels use (lines 25, 28 and 29: POLY and the uchar/ulong aliases) are copied in, marked.
//
// MIT License
//
// Copyright (c) 2020 Bensuperpc
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

//////////////////////////////////////////////////////////////
//   ____                                                   //
//  | __ )  ___ _ __  ___ _   _ _ __   ___ _ __ _ __   ___  //
//  |  _ \ / _ \ '_ \/ __| | | | '_ \ / _ \ '__| '_ \ / __| //
//  | |_) |  __/ | | \__ \ |_| | |_) |  __/ |  | |_) | (__  //
//  |____/ \___|_| |_|___/\__,_| .__/ \___|_|  | .__/ \___| //
//                             |_|             |_|          //
//////////////////////////////////////////////////////////////
//                                                          //
//  BenLib, 2021                                            //
//  Created: 21, March, 2021                                //
//  Modified: 25, March, 2021                               //
//  file: kernel.cu                                         //
//  Crypto                                                  //
//  Source: https://stackoverflow.com/questions/13553015/cuda-c-linker-error-undefined-reference                                                //
//          https://www.olcf.ornl.gov/tutorials/cuda-vector-addition/                                                //
//          https://docs.nvidia.com/cuda/cuda-c-best-practices-guide/index.html#asynchronous-transfers-and-overlapping-transfers-with-computation__concurrent-copy-and-execute
//          https://www.ce.jhu.edu/dalrymple/classes/602/Class12.pdf                                                //
//          https://create.stephan-brumme.com/crc32/
//  CPU: ALL                                                //
//                                                          //
//////////////////////////////////////////////////////////////

// --- from lib/CUDA/kernel/crc.cuh (lines 25, 28, 29), copied in ---
#define POLY 0xEDB88320

using uchar = unsigned char;
using ulong = unsigned long;
// --- end of the lines from crc.cuh ---

__global__ void CRC32_byte_tableless_kernel(uchar *data, ulong length, uint previousCrc32, uint *resultCrc32)
{
    uint crc = ~previousCrc32; // same as previousCrc32 ^ 0xFFFFFFFF

    while (length-- != 0) {
        uchar s = (uchar)crc ^ *data++;
        uint low = (s ^ (s << 6)) & 0xFF;
        uint a = (low * ((1 << 23) + (1 << 14) + (1 << 2)));
        crc = (crc >> 8) ^ (low * ((1 << 24) + (1 << 16) + (1 << 8))) ^ a ^ (a >> 1) ^ (low * ((1 << 20) + (1 << 12))) ^ (low << 19) ^ (low << 17) ^ (low >> 2);
    }

    *resultCrc32 = ~crc;
}

__global__ void JAMCRC_byte_tableless_kernel(uchar *data, ulong length, uint previousCrc32, uint *resultCrc32)
{
    uint crc = ~previousCrc32; // same as previousCrc32 ^ 0xFFFFFFFF

    while (length-- != 0) {
        uchar s = (uchar)crc ^ *data++;
        uint low = (s ^ (s << 6)) & 0xFF;
        uint a = (low * ((1 << 23) + (1 << 14) + (1 << 2)));
        crc = (crc >> 8) ^ (low * ((1 << 24) + (1 << 16) + (1 << 8))) ^ a ^ (a >> 1) ^ (low * ((1 << 20) + (1 << 12))) ^ (low << 19) ^ (low << 17) ^ (low >> 2);
    }

    *resultCrc32 = crc;
}

__global__ void CRC32_byte_tableless2_kernel(uchar *data, ulong length, uint previousCrc32, uint *resultCrc32)
{
    uint crc = ~previousCrc32;

    while (length-- != 0) {
        crc = crc ^ *data++;
        uint c = (((crc << 31) >> 31) & ((POLY >> 7) ^ (POLY >> 1))) ^ (((crc << 30) >> 31) & ((POLY >> 6) ^ POLY)) ^ (((crc << 29) >> 31) & (POLY >> 5))
                 ^ (((crc << 28) >> 31) & (POLY >> 4)) ^ (((crc << 27) >> 31) & (POLY >> 3)) ^ (((crc << 26) >> 31) & (POLY >> 2))
                 ^ (((crc << 25) >> 31) & (POLY >> 1)) ^ (((crc << 24) >> 31) & POLY);
        crc = (crc >> 8) ^ c;
    }
    *resultCrc32 = ~crc;
}

__global__ void JAMCRC_byte_tableless2_kernel(uchar *data, ulong length, uint previousCrc32, uint *resultCrc32)
{
    uint crc = ~previousCrc32;

    while (length-- != 0) {
        crc = crc ^ *data++;
        uint c = (((crc << 31) >> 31) & ((POLY >> 7) ^ (POLY >> 1))) ^ (((crc << 30) >> 31) & ((POLY >> 6) ^ POLY)) ^ (((crc << 29) >> 31) & (POLY >> 5))
                 ^ (((crc << 28) >> 31) & (POLY >> 4)) ^ (((crc << 27) >> 31) & (POLY >> 3)) ^ (((crc << 26) >> 31) & (POLY >> 2))
                 ^ (((crc << 25) >> 31) & (POLY >> 1)) ^ (((crc << 24) >> 31) & POLY);
        crc = (crc >> 8) ^ c;
    }
    *resultCrc32 = crc;
}
