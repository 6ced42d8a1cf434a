// tilelab kernel collection: batched SHA-3 (FIPS 202), one message a thread (kernel_sha3_batch: messages at offsets with
// lengths; kernel_sha3_batch_fixed: n messages of msg_len bytes), Keccak-f[1600] on a 25-lane uint64 state in local
// Source:  https://github.com/sora5801/CUDA-SHA256-SHA3/blob/1522c083dfda2c7cbc8d6386e7f133b642e06a05/src/sha3_gpu.cu
//          (sora5801/CUDA-SHA256-SHA3, commit 1522c08, a batched SHA-256 / SHA-3 study library)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2026 sora5801"), repeated below.
// memory (a byte view of it for absorbing and squeezing), the round constants, rho offsets and pi indices in __constant__.
// Kept: lines 40-177 (the three __constant__ tables, their host copies h_rc, h_rotc, h_piln, dev_keccakf, dev_sha3 and the
//       two kernels), unchanged. Removed: lines 1-39 (the file's explanatory comment and its two includes, sha3.h and
//       sha_cuda.cuh; the lines of them the kernels use are copied in below, marked: the includes and rotl64) and lines
//       178-end (SHA3_THREADS_PER_BLOCK 256 and the host launchers sha3_gpu_batch, sha3_gpu_batch_fixed,
//       sha3_gpu_benchmark).
// Selection, fixed before any run (collection/manifest.toml, the sorasha_ entries): every __global__ kernel of the two
// files (sha256_gpu.cu, sha3_gpu.cu: four), none dropped for its result, each launched as its host function launches it:
// 256 threads a block, grid (n + 255) / 256, the host's n messages replaced by 300 (two blocks, the second partial);
// the three tables hold h_rc, h_rotc and h_piln (upload_constants' cudaMemcpyToSymbol: the entries' `symbols`); rate and
// outlen as sha3.h's sha3_rate_bytes / sha3_digest_bytes give them (200 - v/4, v/8): kernel_sha3_batch for SHA3-256
// (136, 32) over 300 messages of lengths 0-300 (0, 135, 136, 137, 271, 272 among them) and for SHA3-512 (72, 64) over
// 300 of lengths 0-160; kernel_sha3_batch_fixed for SHA3-224 (144, 28) at msg_len 144 (exactly one rate: the pad
// block alone) and for SHA3-384 (104, 48) at msg_len 250.
//
// MIT License
//
// Copyright (c) 2026 sora5801
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
//
// ---------------------------------------------------------------------------
// Note: SHA-256 (FIPS 180-4) and SHA-3 / Keccak (FIPS 202) are public standards.
// The known-answer test vectors used in tests/ are taken from / computed in
// accordance with those NIST publications and are reproduced for interoperability
// verification.

// include/sha_common.h, lines 64-65 (included by sha256.h and sha3.h)
#include <cstdint>   /* uint8_t, uint32_t, uint64_t */
#include <cstddef>   /* size_t                       */
// include/sha_cuda.cuh, lines 22-25
#include <cuda_runtime.h>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
// include/sha_cuda.cuh, lines 76-79
/* 64-bit rotate-left, used pervasively by Keccak (the rho step + theta). */
__device__ __forceinline__ uint64_t rotl64(uint64_t x, uint32_t n) {
    return (x << n) | (x >> (64u - n));
}

// src/sha3_gpu.cu, lines 40-177
/* ============================================================================
 *  CONSTANT-MEMORY KECCAK TABLES  (shared by every thread; see CPU reference)
 * ============================================================================ */
__constant__ uint64_t c_rc[24];    /* iota round constants                    */
__constant__ unsigned c_rotc[24];  /* rho rotation offsets (fused loop order) */
__constant__ unsigned c_piln[24];  /* pi destination indices (fused loop)     */

/* Host-side copies, uploaded once per launch. Identical to the CPU reference. */
static const uint64_t h_rc[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};
static const unsigned h_rotc[24] = {
     1,  3,  6, 10, 15, 21, 28, 36, 45, 55,  2, 14,
    27, 41, 56,  8, 25, 43, 62, 18, 39, 61, 20, 44
};
static const unsigned h_piln[24] = {
    10,  7, 11, 17, 18,  3,  5, 16,  8, 21, 24,  4,
    15, 23, 19, 13, 12,  2, 20, 14, 22,  9,  6,  1
};

/* ----------------------------------------------------------------------------
 *  dev_keccakf  --  the Keccak-f[1600] permutation, 24 rounds, on the GPU
 * ----------------------------------------------------------------------------
 *  Identical math to keccakf() in the CPU reference; read that first for the
 *  step-by-step theta/rho/pi/chi/iota commentary. rotl64 is from sha_cuda.cuh.
 * -------------------------------------------------------------------------- */
__device__ void dev_keccakf(uint64_t st[25]) {
    #pragma unroll 1                                   /* keep code size sane */
    for (int round = 0; round < 24; ++round) {
        uint64_t bc[5], t;

        /* THETA -- couple the 5 columns via their parities. */
        #pragma unroll
        for (int i = 0; i < 5; ++i)
            bc[i] = st[i] ^ st[i + 5] ^ st[i + 10] ^ st[i + 15] ^ st[i + 20];
        #pragma unroll
        for (int i = 0; i < 5; ++i) {
            t = bc[(i + 4) % 5] ^ rotl64(bc[(i + 1) % 5], 1);
            #pragma unroll
            for (int j = 0; j < 25; j += 5)
                st[j + i] ^= t;
        }

        /* RHO + PI -- rotate each lane and relocate it around the grid. */
        t = st[1];
        #pragma unroll
        for (int i = 0; i < 24; ++i) {
            unsigned j = c_piln[i];
            bc[0] = st[j];
            st[j] = rotl64(t, c_rotc[i]);
            t = bc[0];
        }

        /* CHI -- the nonlinear row mix. */
        #pragma unroll
        for (int j = 0; j < 25; j += 5) {
            #pragma unroll
            for (int i = 0; i < 5; ++i) bc[i] = st[j + i];
            #pragma unroll
            for (int i = 0; i < 5; ++i)
                st[j + i] ^= (~bc[(i + 1) % 5]) & bc[(i + 2) % 5];
        }

        /* IOTA -- break inter-round symmetry. */
        st[0] ^= c_rc[round];
    }
}

/* ----------------------------------------------------------------------------
 *  dev_sha3  --  full SHA-3 of ONE message, run by one thread
 * ----------------------------------------------------------------------------
 *  rate / outlen : sponge rate and digest length in bytes (from the variant).
 *  Mirrors sha3_cpu(): absorb full rate blocks, pad the final block with the
 *  0x06 domain suffix and the 0x80 terminator, then squeeze `outlen` bytes.
 * -------------------------------------------------------------------------- */
__device__ void dev_sha3(const uint8_t* msg, size_t len,
                         int rate, int outlen, uint8_t* out) {
    uint64_t st[25];
    #pragma unroll
    for (int i = 0; i < 25; ++i) st[i] = 0;
    uint8_t* sb = (uint8_t*)st;                 /* byte view of the state */

    /* ABSORB complete rate-sized blocks. */
    size_t i = 0;
    while (len - i >= (size_t)rate) {
        for (int k = 0; k < rate; ++k) sb[k] ^= msg[i + k];
        dev_keccakf(st);
        i += rate;
    }

    /* FINAL block + pad10*1 with the SHA-3 domain suffix (see CPU reference for
     * the bit-level explanation of 0x06 and 0x80; XOR makes the rate-1 and
     * exact-multiple edge cases fall out automatically). */
    size_t rem = len - i;                       /* 0 .. rate-1 */
    for (size_t k = 0; k < rem; ++k) sb[k] ^= msg[i + k];
    sb[rem]      ^= 0x06;
    sb[rate - 1] ^= 0x80;
    dev_keccakf(st);

    /* SQUEEZE: one read suffices (outlen <= rate for all fixed SHA-3 variants). */
    for (int k = 0; k < outlen; ++k) out[k] = sb[k];
}

/* ============================================================================
 *  KERNELS  --  one thread per message
 * ============================================================================ */

/* VARIABLE-LENGTH batch. digests are packed `outlen` bytes apart. */
__global__ void kernel_sha3_batch(const uint8_t* __restrict__ messages,
                                  const size_t*  __restrict__ offsets,
                                  const size_t*  __restrict__ lengths,
                                  int            n,
                                  int            rate,
                                  int            outlen,
                                  uint8_t*       __restrict__ digests) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n) return;
    dev_sha3(messages + offsets[idx], lengths[idx], rate, outlen,
             digests + (size_t)idx * outlen);
}

/* FIXED-LENGTH batch (zero divergence): message idx starts at idx*msg_len. */
__global__ void kernel_sha3_batch_fixed(const uint8_t* __restrict__ messages,
                                        size_t         msg_len,
                                        int            n,
                                        int            rate,
                                        int            outlen,
                                        uint8_t*       __restrict__ digests) {
    int idx = blockIdx.x * blockDim.x + threadIdx.x;
    if (idx >= n) return;
    dev_sha3(messages + (size_t)idx * msg_len, msg_len, rate, outlen,
             digests + (size_t)idx * outlen);
}
