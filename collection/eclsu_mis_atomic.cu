// tilelab kernel collection: ECL-MIS race-free (ECL-Suite's version of eclsu_mis.cu: nstat read a word at a time by
// atomicRead, a vertex put out by atomicAnd and in by atomicOr then atomicAnd on its word): init and findmins.
// Source:  https://github.com/burtscher/ECL-Suite/blob/b75017e983cdd457ac126c933fdb3aef992712b0/src/racefree/egr-input/MIS/ECL-MIS-atomic.cu
//          (burtscher/ECL-Suite, commit b75017e), with library/ECLatomic.h's two templates; "Patented." in its notice
// Licence: BSD-3-Clause (the file's notice and ECLatomic.h's, repeated below; the repository's LICENSE is BSD-3-Clause).
// Kept: lines 63-136 (the constants, stattype, findmins, hash, init), unchanged.
// Removed: lines 1-54 (the notice, repeated below as it stands), 55-62 (host includes: stdlib.h, stdio.h, cuda.h,
//       ECLgraph.h, ECLatomic.h, blank lines), 137-end (GPUTimer, computeMIS, main). Copied in from library/ECLatomic.h,
//       marked: lines 1-37 (its notice) and 43-55 (#include <cuda/atomic>, atomicRead, atomicWrite); its include guard
//       and host CheckCuda functions (lines 38-42, 56-end) are left out.
// Selection, fixed before any run (collection/manifest.toml, the eclsu_ entries): every __global__ kernel of ECL-Suite's
// CC and MIS codes, baseline and race-free (src/baseline/egr-input/{CC,MIS}, src/racefree/egr-input/{CC,MIS}), none
// dropped for its result, each launched as its computeCC / computeMIS launches it, <<<SMs * mTSM / 256, 256>>> with the
// SM count replaced by 1 (8 blocks; the H200's 132 SMs would give 1,056), on one graph instead of the host's input file
// (references.py's graph67: 600 vertices, 3,108 directed edges, 19 components, two vertices of degree over 352 and
// five of 17-352, so that compute2 and compute3 have work). Each launch gets what the launches before it leave (one
// schedule of them: references.py's ecls_state), the __device__ worklist counters through the entry's symbols.
// The host allocates nstat as (nodes + 3) / 4 * 4 bytes (findmins reads it a 4-byte word at a time): 600 here.
//
/*
This file is part of the ECL Suite version 1.0.

Race-free ECL-MIS code: ECL-MIS is a maximal independent set algorithm that is 
quite fast and produces relatively large sets. It operates on graphs stored in
binary CSR format.

Copyright (c) 2017-2024, Texas State University. All rights reserved. Patented.

Redistribution and use in source and binary forms, with or without
modification, are permitted (subject to the limitations in the disclaimer
below) provided that the following conditions are met:

   * Redistributions of source code must retain the above copyright
     notice, this list of conditions and the following disclaimer.
   * Redistributions in binary form must reproduce the above copyright
     notice, this list of conditions and the following disclaimer in the
     documentation and/or other materials provided with the distribution.
   * Neither the name of Texas State University nor the names of its
     contributors may be used to endorse or promote products derived from
     this software without specific prior written permission.

NO EXPRESS OR IMPLIED LICENSES TO ANY PARTY'S PATENT RIGHTS ARE GRANTED BY
THIS LICENSE. THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND
CONTRIBUTORS "AS IS" AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT
LIMITED TO, THE IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A
PARTICULAR PURPOSE ARE DISCLAIMED. IN NO EVENT SHALL TEXAS STATE UNIVERSITY
BE LIABLE FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR
CONSEQUENTIAL DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF
SUBSTITUTE GOODS OR SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS
INTERRUPTION) HOWEVER CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN
CONTRACT, STRICT LIABILITY, OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE)
ARISING IN ANY WAY OUT OF THE USE OF THIS SOFTWARE, EVEN IF ADVISED OF THE
POSSIBILITY OF SUCH DAMAGE.

Authors: Martin Burtscher, Sindhu Devale, Yiqian Liu, and Avery VanAusdal

URL: The original version of this code is available at
https://userweb.cs.txstate.edu/~burtscher/research/ECL-MIS/.

Original publication: This work is described in detail in the following paper.
Martin Burtscher, Sindhu Devale, Sahar Azimi, Jayadharini Jaiganesh, and
Evan Powers. A High-Quality and Fast Maximal Independent Set Implementation
for GPUs. ACM Transactions on Parallel Computing, Vol. 5, No. 2, Article 8
(27 pages). December 2018.

URL: The latest version of this race-free version is available at 
https://github.com/burtscher/ECL-Suite.

Publication: The ECL Suite is described in detail in the following paper.
Yiqian Liu, Avery VanAusdal, and Martin Burtscher. Performance Impact of 
Removing Data Races from GPU Programs. Proceedings of the IEEE International 
Symposium on Workload Characterization. September 2024.
*/

// library/ECLatomic.h, lines 1-37 (its notice)
/*
ECLatomic: atomic read and atomic write template functions

This file is part of the ECL Suite version 1.0.

Copyright (c) 2024, Yiqian Liu and Martin Burtscher

Redistribution and use in source and binary forms, with or without
modification, are permitted provided that the following conditions are met:

1. Redistributions of source code must retain the above copyright notice, this
   list of conditions and the following disclaimer.

2. Redistributions in binary form must reproduce the above copyright notice,
   this list of conditions and the following disclaimer in the documentation
   and/or other materials provided with the distribution.

3. Neither the name of the copyright holder nor the names of its
   contributors may be used to endorse or promote products derived from
   this software without specific prior written permission.

THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

URL: The latest version of this code is available at https://github.com/burtscher/ECL-Suite.

Publication: This work is described in detail in the following paper.
Yiqian Liu, Avery VanAusdal, and Martin Burtscher. Performance Impact of Removing Data Races from GPU Programs. Proceedings of the IEEE International Symposium on Workload Characterization. September 2024.
*/
// library/ECLatomic.h, lines 43-55
#include <cuda/atomic>

template <typename T>
__device__ inline T atomicRead(T* const addr)
{
  return ((cuda::atomic<T>*)addr)->load(cuda::memory_order_relaxed);
}

template <typename T>
__device__ inline void atomicWrite(T* const addr, const T val)
{
  ((cuda::atomic<T>*)addr)->store(val, cuda::memory_order_relaxed);
}

// src/racefree/egr-input/MIS/ECL-MIS-atomic.cu, lines 63-136
static const int Device = 0;
static const int ThreadsPerBlock = 256;

typedef unsigned char stattype;
static const stattype in = 0xfe;
static const stattype out = 0;

/* main computation kernel */

static __global__ void findmins(const int nodes, const int* const __restrict__ nidx, const int* const __restrict__ nlist, stattype* const __restrict__ nstat)
{
  const int from = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  const int incr = gridDim.x * ThreadsPerBlock;
  int* const nstat4 = (int*)nstat;

  int missing;
  do {
    missing = 0;
    for (int v = from; v < nodes; v += incr) {
      const stattype nv = (atomicRead(&nstat4[v / 4]) >> ((v % 4) * 8)) & 0xff;
      if (nv & 1) {
        int i = nidx[v];
        while (i < nidx[v + 1]) {
          const int nli = nlist[i];
          const stattype nsi = (atomicRead(&nstat4[nli / 4]) >> ((nli % 4) * 8)) & 0xff;
          if (!((nv > nsi) || ((nv == nsi) && (v > nli)))) break;
          i++;
        }
        if (i < nidx[v + 1]) {
          missing = 1;
        } else {
          for (int i = nidx[v]; i < nidx[v + 1]; i++) {
            const int nli = nlist[i];
            atomicAnd(&nstat4[nli / 4], ~(0xff << ((nli % 4) * 8)));  // out
          }
          atomicOr(&nstat4[v / 4], 0xfe << ((v % 4) * 8));  // in
          atomicAnd(&nstat4[v / 4], ~(0x01 << ((v % 4) * 8)));  // in
        }
      }
    }
  } while (missing != 0);
}

/* hash function to generate random values */

// source of hash function: https://stackoverflow.com/questions/664014/what-integer-hash-function-are-good-that-accepts-an-integer-hash-key
static __device__ unsigned int hash(unsigned int val)
{
  val = ((val >> 16) ^ val) * 0x45d9f3b;
  val = ((val >> 16) ^ val) * 0x45d9f3b;
  return (val >> 16) ^ val;
}

/* prioritized-selection initialization kernel */

static __global__ void init(const int nodes, const int edges, const int* const __restrict__ nidx, stattype* const __restrict__ nstat)
{
  const int from = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  const int incr = gridDim.x * ThreadsPerBlock;

  const float avg = (float)edges / nodes;
  const float scaledavg = ((in / 2) - 1) * avg;

  for (int i = from; i < nodes; i += incr) {
    stattype val = in;
    const int degree = nidx[i + 1] - nidx[i];
    if (degree > 0) {
      float x = degree - (hash(i) * 0.00000000023283064365386962890625f);
      int res = __float2int_rn(scaledavg / (avg + x));
      val = (res + res) | 1;
    }
    nstat[i] = val;
  }
}
