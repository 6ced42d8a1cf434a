// Forms of the TMA the emulator does not model: each is refused by name.
#include "tma_common.h"

extern "C" __global__ void im2col(const __grid_constant__ CUtensorMap tm) {
    __shared__ alignas(128) float buf[256];
    __shared__ unsigned long long bar;
    asm volatile("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], [%1, {%2, %2, %2}], [%3], {%4};"
                 :: "r"(smem(buf)), "l"(&tm), "r"(0), "r"(smem(&bar)), "h"((unsigned short)0) : "memory");
}

extern "C" __global__ void reduce_add(const __grid_constant__ CUtensorMap tm) {
    __shared__ alignas(128) float buf[256];
    asm volatile("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group [%0, {%1, %1}], [%2];"
                 :: "l"(&tm), "r"(0), "r"(smem(buf)) : "memory");
}
