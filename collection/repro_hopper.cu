// tilelab kernel collection: where fast.cu's kernel 7 (fastcu_matmul_7.cu) finds its shared memory, and a TMA store
// Source:  tilelab (written for this repository; docs/FIDELITY.md says what it settles)
// Licence: MIT, as the repository
//
// reproSharedPlacement:
// fastcu_matmul_7.cu declares two static mbarrier arrays and a dynamic buffer aligned to 128
// bytes, and gives that buffer's start to the TMA and to wgmma's descriptors with the 128B
// swizzle (base offset 0), whose pattern repeats every 1024 bytes. Where the buffer lands,
// modulo 1024, decides which rows the hardware's swizzle XOR sees: this kernel has the same
// declarations and writes each one's shared address modulo 1024, so the emulator's placement is
// compared with the H200's bit for bit.

#include <cstdint>
#include <tilelab_tma.h>

__global__ void reproSharedPlacement(unsigned* where)
{
    __shared__ __align__(8) uint64_t full[3], empty[3];
    extern __shared__ __align__(128) uint8_t smem[];
    if (threadIdx.x == 0) {
        where[0] = static_cast<unsigned>(__cvta_generic_to_shared(full)) % 1024;
        where[1] = static_cast<unsigned>(__cvta_generic_to_shared(empty)) % 1024;
        where[2] = static_cast<unsigned>(__cvta_generic_to_shared(smem)) % 1024;
        full[0] = empty[0] = smem[0] = 0;      // used: kept by the compiler
    }
}

// reproTmaStoreCopy: each block copies one 32 x 64 box of a 2-d fp16 tensor with a TMA load and a
// TMA store (the bulk group path fastcu_matmul_7.cu does not take), so the TMA's store counters are
// measured next to its load counters (bench/fidelity.py; tilelab/gpu/ncu.py maps both).
__global__ void reproTmaStoreCopy(const __grid_constant__ CUtensorMap src, const __grid_constant__ CUtensorMap dst)
{
    __shared__ __align__(128) unsigned short tile[32 * 64];
    __shared__ __align__(8) uint64_t bar;
    const unsigned t = static_cast<unsigned>(__cvta_generic_to_shared(tile));
    const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
    const int x = blockIdx.x * 64, y = blockIdx.y * 32;
    if (threadIdx.x == 0) {
        asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" :: "r"(b));
        asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
        asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" :: "r"(b), "r"(32 * 64 * 2) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
                     " [%0], [%1, {%2, %3}], [%4];" :: "r"(t), "l"(&src), "r"(x), "r"(y), "r"(b) : "memory");
        unsigned done = 0;
        while (!done)
            asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], 0; selp.u32 %0, 1, 0, p; }"
                         : "=r"(done) : "r"(b) : "memory");
        asm volatile("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];"
                     :: "l"(&dst), "r"(x), "r"(y), "r"(t) : "memory");
        asm volatile("cp.async.bulk.commit_group;");
        asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
    }
}

// reproBf16Convert: fastcu_matmul_7.cu's epilogue stores its fp32 accumulators as bf16
// (cvt.rn.bf16.f32); here every bf16 conversion the emulator runs, on rounding ties, overflow,
// subnormals, infinities and NaNs with payloads: round to nearest even and toward zero, the
// packed pair (cvt.rn.bf16x2.f32) and back to fp32.
#include <cuda_bf16.h>
__global__ void reproBf16Convert(const float* x, unsigned short* rn, unsigned short* rz, unsigned* pair, float* back,
                                 int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    __nv_bfloat16 r = __float2bfloat16_rn(x[i]);
    rn[i] = __bfloat16_as_ushort(r);
    rz[i] = __bfloat16_as_ushort(__float2bfloat16_rz(x[i]));
    __nv_bfloat162 p = __floats2bfloat162_rn(x[i], x[(i + 1) % n]);
    pair[i] = *reinterpret_cast<unsigned*>(&p);
    back[i] = __bfloat162float(r);
}
