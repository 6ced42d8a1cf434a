// tilelab kernel collection: ChaCha20 (RFC 8439) keystream XOR, one 64-byte block a thread: the 16-word start state
// staged in shared memory by the first 16 threads, each thread's working state in its own 16 words of the same shared
// Source:  https://github.com/eoforhild/cudacha20/blob/2f6b79af600916e4dffddd277599b5a1910eae48/src/impl.cu
//          (eoforhild/cudacha20, commit 2f6b79a, "a cuda'ized chacha20", a course project)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2024 Phuc Dang"), repeated below.
// array (declared `extern __shared__ uint32_t total[16 + THREADS_PER_BLOCK*16]`, with a size), the block counter
// offset by the global thread index, 10 double rounds by the QUARTERROUND macro, the keystream XORed into the input.
// Kept: lines 35-97 (the comment and d_chacha20_xor), unchanged. Removed: lines 1-34 (host includes, the reader/writer
//       thread structures) and lines 98-end (the host's reader and writer threads, file_xor_gpu, gpu, and the CPU
//       multi-threaded and single-threaded versions). Copied in, marked: src/chacha20.h's <stdint.h> include, ROTL32 and
//       QUARTERROUND (lines 1, 9-16), src/impl.cuh's THREADS_PER_BLOCK (line 9).
// Selection, fixed before any run (collection/manifest.toml, the cudacha_ entries): the file's one __global__ kernel,
// launched as file_xor_gpu launches it, <<<(KS_SIZE / 64) / THREADS_PER_BLOCK, THREADS_PER_BLOCK>>> with no dynamic shared
// memory, for its first two chunks (set_counter(ctx, ctr_skip * times + 1): counters 1 and ctr_skip + 1); the host's
// keystream size KS_SIZE = 2^ks (ks >= 20) replaced by 2^14 bytes (2 blocks of 128 threads, ctr_skip = 256); the state as
// init_chacha_ctx lays it out (the 4 constants, the 8 key words, the counter, the 3 nonce words; key and nonce random, the
// main program's are fixed too), the buffers random bytes.
//
// MIT License
//
// Copyright (c) 2024 Phuc Dang
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

// src/chacha20.h, line 1 and lines 9-16
#include <stdint.h>
/* Left rotation of n by d bits */
#define ROTL32(n, d) (n << d) | (n >> (32 - d))

#define QUARTERROUND(arr, a, b, c, d) \
    arr[a] += arr[b]; arr[d] ^= arr[a]; arr[d] = ROTL32(arr[d], 16); \
    arr[c] += arr[d]; arr[b] ^= arr[c]; arr[b] = ROTL32(arr[b], 12); \
    arr[a] += arr[b]; arr[d] ^= arr[a]; arr[d] = ROTL32(arr[d], 8); \
    arr[c] += arr[d]; arr[b] ^= arr[c]; arr[b] = ROTL32(arr[b], 7);
// src/impl.cuh, line 9
#define THREADS_PER_BLOCK 128 // Probably the best

// src/impl.cu, lines 35-97
/**
 * Basically the same as the chacha20_block function but also incorporates the xor
*/
__global__ void d_chacha20_xor(
    uint32_t* d_ciphertext, 
    uint32_t* d_state,
    char* d_buf
) {
    extern __shared__ uint32_t total[16+(THREADS_PER_BLOCK*16)];
    uint32_t* state = &total[0];
    // copy the default state to shared mem
    if (threadIdx.x < 16) {
        state[threadIdx.x] = d_state[threadIdx.x];
    }
    __syncthreads();

    uint32_t* block_ct = &total[16];
    int global_id = blockIdx.x*blockDim.x + threadIdx.x;
    // Localized for each thread
    uint32_t* local_ct = &block_ct[threadIdx.x*16];
    for (int i = 0; i < 16; i++) local_ct[i] = state[i];
    // Adjust counter relative to thread id
    local_ct[12] = state[12] + global_id;
    for (int i = 0; i < 10; i++) {
        QUARTERROUND(local_ct, 0, 4, 8, 12);
        QUARTERROUND(local_ct, 1, 5, 9, 13);
        QUARTERROUND(local_ct, 2, 6, 10, 14);
        QUARTERROUND(local_ct, 3, 7, 11, 15);
        QUARTERROUND(local_ct, 0, 5, 10, 15);
        QUARTERROUND(local_ct, 1, 6, 11, 12);
        QUARTERROUND(local_ct, 2, 7, 8, 13);
        QUARTERROUND(local_ct, 3, 4, 9, 14);
    }

    local_ct[0] += state[0];
    local_ct[1] += state[1];
    local_ct[2] += state[2];
    local_ct[3] += state[3];
    local_ct[4] += state[4];
    local_ct[5] += state[5];
    local_ct[6] += state[6];
    local_ct[7] += state[7];
    local_ct[8] += state[8];
    local_ct[9] += state[9];
    local_ct[10] += state[10];
    local_ct[11] += state[11];
    local_ct[12] += state[12] + global_id;
    local_ct[13] += state[13];
    local_ct[14] += state[14];
    local_ct[15] += state[15];
    
    // XOR the keystream with the buffer
    char* local_buf = &d_buf[global_id*64];
    for (int i = 0; i < 16; i++) {
        local_ct[i] ^= ((uint32_t*)local_buf)[i];
    }

    // Copy back into global memory
    uint32_t* stream_ptr = &d_ciphertext[global_id*16];
    for (int i = 0; i < 16; i++) {
        stream_ptr[i] = local_ct[i];
    }
}
