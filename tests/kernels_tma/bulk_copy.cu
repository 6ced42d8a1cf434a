// A plain bulk copy (no tensor map): n bytes of in into shared memory on an mbarrier, doubled by
// the threads, then a bulk store to out through a bulk group.
#include "tma_common.h"

extern "C" __global__ void bulk_copy(const float* in, float* out, unsigned n) {
    __shared__ alignas(16) float buf[1024];
    __shared__ unsigned long long bar;
    if (threadIdx.x == 0) { bar_init(&bar, 1); fence_async_shared(); }
    __syncthreads();
    if (threadIdx.x == 0) {
        bar_expect(&bar, n);
        asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];"
                     :: "r"(smem(buf)), "l"(in), "r"(n), "r"(smem(&bar)) : "memory");
    }
    bar_wait(&bar, 0);
    for (unsigned i = threadIdx.x; i < n / 4; i += blockDim.x) buf[i] *= 2.0f;
    fence_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) {
        asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" :: "l"(out), "r"(smem(buf)), "r"(n)
                     : "memory");
        tma_store_commit_wait();
    }
}
