// tilelab kernel collection: PAVLE's pack2 (Ana Balevic's Parallel Variable-Length Encoder, as in Rodinia's huffman):
// one thread a block of the encoder's output, copied into the final stream at its scanned bit offset; the words shared
// with the neighbouring blocks go through global atomicOr, the words between are plain stores.
// Source:  https://github.com/cupbop/CuPBoP/blob/f8e72916c1cc9b921b8fc9079cf276b3e74ede0b/examples/huffman/pack_kernels.cu
//          (cupbop/CuPBoP, commit f8e7291 (the huffman example was removed later), its Rodinia-derived examples)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2021 Ruobing Han", repeated below; PAVLE's main_test_cu.cu
//       states the MIT licence, "Copyright (C) 2009 Ana Balevic").
// Kept: lines 1-2 and 4-43 (the kernel, unchanged). Removed: line 3 (#include "parameters.h", whose lines 1-27 are
//       copied in below, marked). The file's CRLF line endings became LF.
// Selection, fixed before any run (collection/manifest.toml, the pavle_ entries): the two kernels main_test_cu.cu
// launches with parameters.h as it stands (TESTING, CACHECWLUT, SMATOMICS, MEMSET0 defined), none dropped for its
// result: vlc_encode_kernel_sm64huff <<<num_blocks, 256>>> and pack2 <<<num_blocks / 32, 32>>> with
// original_num_block_elements = num_elements / num_blocks = 256; main's 1024 blocks replaced by 8 (the encoder, at two
// codes: 16 and 48 byte values drawn with p ~ 1 / rank^1.3, Huffman codes from their frequencies) and by 32 and 64
// (pack2: one and two blocks, on the encoder's output); TESTING's unused cw32 arrays and d_destData zeroed, as the
// host's memsets leave them. Read before any run: pack2 is a real race (a thread's last atomicOr lands on the word the
// next thread writes with a plain store; the bits it ORs there are zero), listed in the manifest.
//
// MIT License
//
// Copyright (c) 2021 Ruobing Han
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

// ---- from examples/huffman/parameters.h, lines 1-27 (unchanged)
#ifndef _PARAMS_H_
#define _PARAMS_H_

typedef unsigned int uint;
typedef unsigned char uint8;

#define BENCH 0
/* 0 - MEASURE TIME, NO TESTING
** 1 - TEST
** 2 - TEST & VERBOSE
*/
#define TESTING

#define DPT 4 // data (dwords) per thread

#define CACHECWLUT // MAX DPT = 8
//#define CACHESRCDATA		// MAX DPT = 4

#define SMATOMICS

#define MEMSET0

#define MAX_SM_BLOCK_SIZE_GPU 16384 // B

#define NUM_SYMBOLS 256 // fixed to 256.

#endif
// ---- end of parameters.h's lines
#ifndef _PACK_KERNELS_H_
#define _PACK_KERNELS_H_

__global__ static void pack2(unsigned int *srcData, unsigned int *cindex,
                             unsigned int *cindex2, unsigned int *dstData,
                             unsigned int original_num_block_elements) {
  unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;

  // source index
  unsigned int offset = tid * original_num_block_elements; // DPB,
  unsigned int bitsize = cindex[tid];

  // destination index
  unsigned int pos = cindex2[tid], dword = pos / 32, bit = pos % 32;

  unsigned int i, dw, tmp;
  dw = srcData[offset]; // load the first dword from srcData[]
  tmp = dw >> bit;      // cut off those bits that do not fit into the initial
                        // location in destData[]
  atomicOr(&dstData[dword], tmp); // fill up this initial location
  tmp = (bit == 0) ? 0 : (dw << 32 - bit);
  for (i = 1; i < bitsize / 32;
       i++) { // from now on, we have exclusive access to destData[]
    dw = srcData[offset + i]; // load next dword from srcData[]
    tmp |= dw >> bit;         // fill up tmp
    dstData[dword + i] = tmp; // write complete dword to destData[]
    tmp = (bit == 0) ? 0 : (dw << 32 - bit);
  }
  // exclusive access to dstData[] ends here
  // the remaining block can, or rather should be further optimized
  // write the remaining bits in tmp, UNLESS bit is 0 and bitsize is divisible
  // by 32, in this case do nothing
  if (bit != 0 || bitsize % 32 != 0)
    atomicOr(&dstData[dword + i], tmp);
  if (bitsize % 32 != 0) {
    dw = srcData[offset + i];
    atomicOr(&dstData[dword + i], dw >> bit);
    atomicOr(&dstData[dword + i + 1], (bit == 0) ? 0 : (dw << 32 - bit));
  }
}

#endif
