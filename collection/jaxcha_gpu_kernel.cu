// tilelab kernel collection: jax-chacha-prng's ChaCha20 block kernel (four threads a state, rows exchanged by warp shuffles)
// Source:  https://github.com/DPBayes/jax-chacha-prng/blob/a1e6e889fb7c722d764d5d5851ab7a07795ffb12/lib/gpu_kernel.gpu.cpp
//          (DPBayes/jax-chacha-prng, commit a1e6e88, the repository's head: a ChaCha20-based random number generator
//          for JAX, whose GPU op runs this kernel on a batch of 16-word states)
// Licence: Apache-2.0 (each file's SPDX line, "SPDX-License-Identifier: Apache-2.0", "© 2023 Aalto University";
//          the repository's README and LICENSES/Apache-2.0.txt; the notices are kept below).
// Kept: lines 1-2 (the SPDX notice) and 9-118 of the original (the device helpers, the uint32_vec4 union and the
//       __global__ kernel), unchanged. Removed: the includes (lines 4-7: <cstdlib>, <stdexcept>, gpu_kernel.hpp)
//       and the host function gpu_chacha20_block (lines 120-142), which launches the kernel. The lines of
//       lib/gpu_kernel.hpp and lib/defs.hpp the device code uses are copied in, marked: the CUDA branch's shfl macro
//       (gpu_kernel.hpp line 10; its <cuda_runtime.h> include and the host stream typedef left out), <stdint.h>
//       (line 18), and defs.hpp's lines 6-35 but line 19 (#include <algorithm>, which only the host's std::min
//       uses). Built with -DCUDA_ENABLED, as the repository's CMakeLists.txt builds it.
// Changed (the Apache License's 4(b)): the host code and includes named above were removed; the kernel is unchanged.

// SPDX-License-Identifier: Apache-2.0
// SPDX-FileCopyrightText: © 2023 Aalto University

// ---- copied from lib/gpu_kernel.hpp, lines 6, 10 and 17 (the CUDA branch's shfl) and 18 ----
#ifdef CUDA_ENABLED
    #define shfl(x, y, z) __shfl_sync((uint)(-1), x, y, z)
#endif
#include <stdint.h>
// ---- copied from lib/defs.hpp (SPDX: Apache-2.0, © 2021 Aalto University), lines 6-35 but 19 ----
typedef unsigned int uint;

constexpr uint ChaChaDoubleRoundCount = 10;
constexpr uint ChaChaStateSizeInWords = 16;
constexpr uint ChaChaStateSizeInBytes = 4 * ChaChaStateSizeInWords;
constexpr uint ChaChaStateWordsPerRow = 4;
constexpr uint ChaChaStateSizeInRows = ChaChaStateSizeInWords / ChaChaStateWordsPerRow;

#if (CUDA_ENABLED || HIP_ENABLED)
// Constants for Cuda kernels
// For hardware constraints, check
// https://docs.nvidia.com/cuda/cuda-c-programming-guide/index.html#features-and-technical-specifications__technical-specifications-per-compute-capability

// Basic constraints
constexpr uint ThreadsPerState = 4;
constexpr uint WordsPerThread = ChaChaStateSizeInWords / ThreadsPerState;
constexpr uint CUDAMaximumThreadsPerBlock = 1024; // CUDA limit
constexpr uint CUDAMaximumSharedMemorySizeInBytes = 48 * 1024; // for compute capability 3.5, which we currently compile for

// Derived configuration constants
constexpr uint TargetThreadsPerBlock = 256;
constexpr uint StatesPerBlock = TargetThreadsPerBlock / ThreadsPerState;

// Sanity assertions
static_assert(TargetThreadsPerBlock < CUDAMaximumThreadsPerBlock);
static_assert(ChaChaStateSizeInWords % ThreadsPerState == 0); // thread workload per state is even
static_assert(TargetThreadsPerBlock % ThreadsPerState == 0);  // block size is multiple of threads groups for states
static_assert(StatesPerBlock * ThreadsPerState <= TargetThreadsPerBlock);
#endif // CUDA_ENABLED
// ---- end of the copied lines ----

__device__ __inline__
uint32_t rotate_left(uint32_t value, uint num_bits)
{
    return (value << num_bits) ^ (value >> (32 - num_bits));
}

union uint32_vec4
{
    struct
    {
        uint32_t a;
        uint32_t b;
        uint32_t c;
        uint32_t d;
    } comp;
    uint32_t arr[4];

    __device__ uint32_t& operator[](int i)
    {
        return arr[i];
    }
};

__device__
uint32_vec4 quarterround_with_shuffle(uint32_vec4 vec)
{
    uint32_t a = vec.comp.a;
    uint32_t b = vec.comp.b;
    uint32_t c = vec.comp.c;
    uint32_t d = vec.comp.d;

    a += b;
    d ^= a;
    d = rotate_left(d, 16);
    c += d;
    b ^= c;
    b = rotate_left(b, 12);
    a += b;
    d ^= a;
    d = rotate_left(d, 8);
    c += d;
    b ^= c;
    b = rotate_left(b, 7);

    return (uint32_vec4){ a, b, c, d };
}

__device__
uint32_vec4 double_round_with_shuffle(uint32_vec4 state)
{
    int state_thread_id = threadIdx.x % ThreadsPerState;

    // quarterround on column
    state = quarterround_with_shuffle(state);

    // shuffle so that thread holds diagonal
    for (int i = 1; i < WordsPerThread; ++i)
    {
        state[i] = shfl(
            state[i], /*srcLane=*/(state_thread_id + i) % ThreadsPerState, /*width=*/ThreadsPerState
        );
    }

    // quarterround on diagonal
    state = quarterround_with_shuffle(state);

    // shuffle back to columns
    for (int i = 1; i < WordsPerThread; ++i)
    {
        state[i] = shfl(
            state[i], /*srcLane=*/(state_thread_id + ThreadsPerState - i) % ThreadsPerState, /*width=*/ThreadsPerState
        );
    }

    return state;
}

__global__
void chacha20_block_with_shuffle(uint32_t* out_state, const uint32_t* in_state, uint num_threads)
{
    // Each block consists of TargetThreadsPerBlock threads and each group of ThreadsPerState threads
    // handle a single state (for a total of StatesPerBlock states in a block).
    // We index into the state buffer by block id and thread group count:
    const uint thread_id = blockIdx.x * blockDim.x + threadIdx.x;
    if (thread_id >= num_threads) return;

    const uint state_thread_id = threadIdx.x % ThreadsPerState;
    const uint block_state_index = threadIdx.x / ThreadsPerState;
    const uint global_state_index = blockIdx.x * StatesPerBlock + block_state_index;
    const uint global_buffer_offset = global_state_index * ChaChaStateSizeInWords;

    uint32_vec4 in_state_vec;

    for (uint i = 0; i < WordsPerThread; ++i)
    {
        in_state_vec[i] = in_state[global_buffer_offset + i*WordsPerThread + state_thread_id];
    }

    uint32_vec4 state_vec = in_state_vec;

    for (uint i = 0; i < ChaChaDoubleRoundCount; ++i)
    {
        state_vec = double_round_with_shuffle(state_vec);
    }

    for (uint i = 0; i < WordsPerThread; ++i)
    {
        out_state[global_buffer_offset + i*WordsPerThread + state_thread_id] = in_state_vec[i] + state_vec[i];
    }
}
