// tilelab kernel collection: PAVLE's Huffman encoder (Ana Balevic's Parallel Variable-Length Encoder, as in Rodinia's
// huffman): one thread a 32-bit word (4 byte symbols), the code table cached in shared memory, a Blelloch scan of the
// bit lengths, the codewords OR-ed into the block's shared bit stream (shared atomicOr); the block's bit count to outidx.
// Source:  https://github.com/cupbop/CuPBoP/blob/f8e72916c1cc9b921b8fc9079cf276b3e74ede0b/examples/huffman/vlc_kernel_sm64huff.cu
//          (cupbop/CuPBoP, commit f8e7291 (the huffman example was removed later), its Rodinia-derived examples)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2021 Ruobing Han", repeated below; PAVLE's main_test_cu.cu
//       states the MIT licence, "Copyright (C) 2009 Ana Balevic").
// Kept: lines 1-3 and 6-160 (the kernel under its #ifdef SMATOMICS, unchanged). Removed: line 4 (#include
//       "pabio_kernels_v2.cu": put_bits_atomic2, used only without SMATOMICS; that file says "All rights reserved"
//       and carries no licence) and line 5 (#include "parameters.h", whose lines 1-27 are copied in below, marked).
//       The file's CRLF line endings became LF.
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
#ifndef _VLC_SM64HUFF_KERNEL_H_
#define _VLC_SM64HUFF_KERNEL_H_

#include <cstdio>

#ifdef SMATOMICS

/* HUFFMAN-FRIENDLY PAVLE
   CHARACTERISTICS:
   1. CACHE CW_LUT INTO SM, LOAD AS 2 INT ARRAYS
   2. PARALLEL PREFIX SUM
   3. PARALLEL BIT I/O USING SHARED-MEMORY ATOMIC OPERATIONS (COMAPTIBLE WITH
   CUDA1.3+)

   NOTES & ASSUMPTIONS:
   -	HUFFMAN-CODING FRIENDLY, SUPPORTS CODEWORDS OF 2X SIZE OF ORIGINAL
   SYMBOLS (BYTES). -	NUMBER OF THREADS PER BLOCK IS 256; IF YOU WANT TO PLAY
   WITH DIFFERENT NUMBERS, THE CW CACHING SHOULD BE MODIFIED (SEE DPT* KERNELS)
   -	SM usage: 1x size of the input data (REUSE) + size of CWLUT
                TURN ON CACHING FOR HIGH ENTROPY DATA!
*/

__global__ static void
vlc_encode_kernel_sm64huff(unsigned int *data, const unsigned int *gm_codewords,
                           const unsigned int *gm_codewordlens,
#ifdef TESTING
                           unsigned int *cw32, unsigned int *cw32len,
                           unsigned int *cw32idx,
#endif
                           unsigned int *out, unsigned int *outidx) {

  unsigned int kn = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned int k = threadIdx.x;
  unsigned int kc, startbit, wrbits;

  unsigned long long cw64 = 0;
  unsigned int val32, codewordlen = 0;
  unsigned char tmpbyte, tmpcwlen;
  unsigned int tmpcw32;

  __shared__ unsigned int sm[3072];
  __shared__ unsigned int kcmax;

#ifdef CACHECWLUT
  unsigned int *codewords = (unsigned int *)sm;
  unsigned int *codewordlens = (unsigned int *)(sm + NUM_SYMBOLS);
  unsigned int *as = (unsigned int *)(sm + 2 * NUM_SYMBOLS);

  /* Load the codewords and the original data*/
  codewords[k] = gm_codewords[k];
  codewordlens[k] = gm_codewordlens[k];
  val32 = data[kn];
  __syncthreads();
  for (unsigned int i = 0; i < 4; i++) {
    tmpbyte = (unsigned char)(val32 >> ((3 - i) * 8));
    tmpcw32 = codewords[tmpbyte];
    tmpcwlen = codewordlens[tmpbyte];
    cw64 = (cw64 << tmpcwlen) | tmpcw32;
    codewordlen += tmpcwlen;
  }
#else
  unsigned int *as = (unsigned int *)sm;
  val32 = data[kn];
  for (unsigned int i = 0; i < 4; i++) {
    tmpbyte = (unsigned char)(val32 >> ((3 - i) * 8));
    tmpcw32 = gm_codewords[tmpbyte];
    tmpcwlen = gm_codewordlens[tmpbyte];
    cw64 = (cw64 << tmpcwlen) | tmpcw32;
    codewordlen += tmpcwlen;
  }
#endif
  as[k] = codewordlen;
  __syncthreads();

  /* Prefix sum of codeword lengths (denoted in bits) [inplace implementation]
   */
  unsigned int offset = 1;

  /* Build the sum in place up the tree */
  for (unsigned int d = (blockDim.x) >> 1; d > 0; d >>= 1) {
    __syncthreads();
    if (k < d) {
      unsigned char ai = offset * (2 * k + 1) - 1;
      unsigned char bi = offset * (2 * k + 2) - 1;
      as[bi] += as[ai];
    }
    offset *= 2;
  }

  /* scan back down the tree */
  /* clear the last element */
  if (k == 0)
    as[blockDim.x - 1] = 0;

  // traverse down the tree building the scan in place
  for (unsigned int d = 1; d < blockDim.x; d *= 2) {
    offset >>= 1;
    __syncthreads();
    if (k < d) {
      unsigned char ai = offset * (2 * k + 1) - 1;
      unsigned char bi = offset * (2 * k + 2) - 1;
      unsigned int t = as[ai];
      as[ai] = as[bi];
      as[bi] += t;
    }
  }
  __syncthreads();

  if (k == blockDim.x - 1) {
    outidx[blockIdx.x] = as[k] + codewordlen;
    kcmax = (as[k] + codewordlen) / 32;
    // printf("kcmax: %d\n", kcmax);
  }

  /* Write the codes */
  kc = as[k] / 32;
  startbit = as[k] % 32;
  as[k] = 0U;
  __syncthreads();

  /* Part 1*/
  wrbits = codewordlen > (32 - startbit) ? (32 - startbit) : codewordlen;
  tmpcw32 = (unsigned int)(cw64 >> (codewordlen - wrbits));
  // if (wrbits == 32) as[kc] = tmpcw32;
  // //unnecessary overhead; increases number of branches else
  atomicOr(&as[kc], tmpcw32 << (32 - startbit -
                                wrbits)); // shift left in case it's shorter
                                          // then the available space
  codewordlen -= wrbits;

  /*Part 2*/
  if (codewordlen) {
    wrbits = codewordlen > 32 ? 32 : codewordlen;
    tmpcw32 =
        (unsigned int)(cw64 >> (codewordlen - wrbits)) & ((1 << wrbits) - 1);
    // if (wrbits == 32) as[kc+1] = tmpcw32;
    // else
    atomicOr(&as[kc + 1], tmpcw32 << (32 - wrbits));
    codewordlen -= wrbits;
  }

  /*Part 3*/
  if (codewordlen) {
    tmpcw32 = (unsigned int)(cw64 & ((1 << codewordlen) - 1));
    // if (wrbits == 32) as[kc+2] = tmpcw32;
    // else
    atomicOr(&as[kc + 2], tmpcw32 << (32 - codewordlen));
  }

  __syncthreads();

  if (k <= kcmax)
    out[kn] = as[k];
}
//////////////////////////////////////////////////////////////////////////////
#endif

#endif
