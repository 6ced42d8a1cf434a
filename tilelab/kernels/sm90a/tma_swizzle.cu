// sm90a/tma_swizzle.cu: lesson 07. The 128-byte swizzle twice, so the bytes can be compared: lessons
// 05-06's Swizzle<3,4,3> written by hand (swizzleByHand), and the TMA's SWIZZLE_128B (swizzleByTma).
// Both launch 1 block of 128 threads and copy shared memory out as it lies: 8,192 bytes.
#include "hopper.h"

// A 64 x 64 fp16 tile (128-byte rows, 8 chunks of 16 bytes each) stored chunk by chunk at
// Swizzle<3,4,3>(byte offset): bits 4-6 (the chunk) XOR bits 7-9 (the row mod 8). Then shared
// memory is copied out as it lies, chunk i of shared memory to out[i].
__global__ void swizzleByHand(const uint4* in, uint4* out)
{
    __shared__ __align__(1024) uint4 tile[64 * 8];          // 1,024-byte aligned: the pattern's repeat
    for (int i = threadIdx.x; i < 64 * 8; i += blockDim.x) {
        unsigned byte = 16u * i;                            // chunk i's offset in the dense tile
        unsigned swz = byte ^ ((byte & (7u << 7)) >> 3);    // Swizzle<3,4,3>
        tile[swz / 16] = in[i];
    }
    __syncthreads();
    for (int i = threadIdx.x; i < 64 * 8; i += blockDim.x)
        out[i] = tile[i];                                   // shared memory, chunk by chunk
}

// The same tile brought by the TMA with SWIZZLE_128B (a tensor map of the 64 x 64 tile, one box of
// 64 rows x 64 halves), then shared memory copied out as it lies, as swizzleByHand does. Thread 0
// initialises the mbarrier, announces the box's 8,192 bytes and issues the copy; every thread waits
// for the barrier's first phase (parity 0). Launch: 1 block of 128 threads; sm_90.
__global__ void swizzleByTma(const __grid_constant__ CUtensorMap tm, uint4* out)
{
    __shared__ __align__(1024) uint4 tile[64 * 8];
    __shared__ uint64_t full;
    if (threadIdx.x == 0) {
        mbar_init(&full, 1);
        fence_proxy_async();                                // the TMA sees the initialised barrier
    }
    __syncthreads();
    if (threadIdx.x == 0) {
        mbar_arrive_expect_tx(&full, 64 * 64 * 2);
        tma_load_2d(tile, &tm, &full, 0, 0);                // the box at (k 0, row 0)
    }
    mbar_wait(&full, 0);
    for (int i = threadIdx.x; i < 64 * 8; i += blockDim.x)
        out[i] = tile[i];
}
