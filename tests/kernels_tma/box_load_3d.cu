// A 3-D TMA box load, then a plain copy of the box's bytes out (no swizzle).
#include "tma_common.h"

extern "C" __global__ void box_load_3d(const __grid_constant__ CUtensorMap tm, float* out, int c0, int c1, int c2,
                                       unsigned box_bytes) {
    __shared__ alignas(128) float buf[2048];
    __shared__ unsigned long long bar;
    if (threadIdx.x == 0) { bar_init(&bar, 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) {
        bar_expect(&bar, box_bytes);
        tma_load_3d(buf, &tm, c0, c1, c2, &bar);
    }
    bar_wait(&bar, 0);
    for (unsigned i = threadIdx.x; i < box_bytes / 4; i += blockDim.x) out[i] = buf[i];
}
