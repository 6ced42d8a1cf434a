// One TMA box load per block into a 1024-byte-aligned shared buffer (at byte dst_off of it); every
// thread then copies the bytes there (as the swizzle left them) to out. The right kernel has
// expect == box_bytes, dst_off == 0, wait == 1, parity == 0; the tests vary each to provoke a finding.
#include "tma_common.h"

extern "C" __global__ void box_load(const __grid_constant__ CUtensorMap tm, unsigned* out, int c0, int c1,
                                    unsigned box_bytes, unsigned expect, int dst_off, int wait, unsigned parity) {
    __shared__ alignas(1024) unsigned char buf[8192];
    __shared__ unsigned long long bar;
    if (threadIdx.x == 0) { bar_init(&bar, 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) {
        bar_expect(&bar, expect);
        tma_load_2d(buf + dst_off, &tm, c0, c1, &bar);
    }
    if (wait) bar_wait(&bar, parity);
    const unsigned* w = (const unsigned*)(buf + dst_off);
    for (unsigned i = threadIdx.x; i < box_bytes / 4; i += blockDim.x) out[i] = w[i];
}
