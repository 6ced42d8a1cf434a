// tilelab kernel collection: ECL-MIS (baseline), Burtscher et al.'s maximal independent set: init (a priority byte per
// vertex from its degree and a hash, odd = undecided) and findmins (a vertex whose priority beats every undecided
// neighbour's joins, its neighbours leave; threads loop until their vertices are decided; nstat volatile).
// Source:  https://github.com/burtscher/ECL-Suite/blob/b75017e983cdd457ac126c933fdb3aef992712b0/src/baseline/egr-input/MIS/ECL-MIS.cu
//          (burtscher/ECL-Suite, commit b75017e); the notice says "All rights reserved. Patented."
// Licence: BSD-3-Clause (the file's notice, Texas State University, repeated below; the repository's LICENSE is BSD-3-Clause too).
// Kept: lines 52-122 (the constants, stattype, findmins, hash, init), unchanged.
// Removed: lines 1-44 (the notice, repeated below as it stands), 45-51 (host includes: stdlib.h, stdio.h, cuda.h,
//       ECLgraph.h, blank lines), 123-end (GPUTimer, CheckCuda, computeMIS, main with its verification).
// Selection, fixed before any run (collection/manifest.toml, the eclsu_ entries): every __global__ kernel of ECL-Suite's
// CC and MIS codes, baseline and race-free (src/baseline/egr-input/{CC,MIS}, src/racefree/egr-input/{CC,MIS}), none
// dropped for its result, each launched as its computeCC / computeMIS launches it, <<<SMs * mTSM / 256, 256>>> with the
// SM count replaced by 1 (8 blocks; the H200's 132 SMs would give 1,056), on one graph instead of the host's input file
// (references.py's graph67: 600 vertices, 3,108 directed edges, 19 components, two vertices of degree over 352 and
// five of 17-352, so that compute2 and compute3 have work). Each launch gets what the launches before it leave (one
// schedule of them: references.py's ecls_state), the __device__ worklist counters through the entry's symbols.
//
/*
ECL-MIS code: ECL-MIS is a maximal independent set algorithm that is quite
fast and produces relatively large sets. It operates on graphs stored in
binary CSR format.

Copyright (c) 2017-2020, Texas State University. All rights reserved. Patented.

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

Authors: Martin Burtscher and Sindhu Devale

URL: The latest version of this code is available at
https://userweb.cs.txstate.edu/~burtscher/research/ECL-MIS/.

Publication: This work is described in detail in the following paper.
Martin Burtscher, Sindhu Devale, Sahar Azimi, Jayadharini Jaiganesh, and
Evan Powers. A High-Quality and Fast Maximal Independent Set Implementation
for GPUs. ACM Transactions on Parallel Computing, Vol. 5, No. 2, Article 8
(27 pages). December 2018.
*/

// src/baseline/egr-input/MIS/ECL-MIS.cu, lines 52-122
static const int Device = 0;
static const int ThreadsPerBlock = 256;

typedef unsigned char stattype;
static const stattype in = 0xfe;
static const stattype out = 0;

/* main computation kernel */

static __global__ void findmins(const int nodes, const int* const __restrict__ nidx, const int* const __restrict__ nlist, volatile stattype* const __restrict__ nstat)
{
  const int from = threadIdx.x + blockIdx.x * ThreadsPerBlock;
  const int incr = gridDim.x * ThreadsPerBlock;

  int missing;
  do {
    missing = 0;
    for (int v = from; v < nodes; v += incr) {
      const stattype nv = nstat[v];
      if (nv & 1) {
        int i = nidx[v];
        while (i < nidx[v + 1]) {
          const int nli = nlist[i];
          const stattype nsi = nstat[nli];
          if (!((nv > nsi) || ((nv == nsi) && (v > nli)))) break;
          i++;
        }
        if (i < nidx[v + 1]) {
          missing = 1;
        } else {
          for (int i = nidx[v]; i < nidx[v + 1]; i++) {
            nstat[nlist[i]] = out;
          }
          nstat[v] = in;
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
