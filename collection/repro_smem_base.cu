// tilelab kernel collection: where a block's shared memory starts (the thirteenth unseen suite's miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirteenth unseen suite")
// Licence: MIT, as the repository
//
// On sm_90 a block's first shared byte is at shared address 0x400: ptxas gives a static array
// the address SR_CgaCtaId << 24 | 0x400 + its offset (the first KiB of the window is the
// system's). A program that prints a shared address, or flips a buffer by XOR-ing an address
// bit, sees it. addrs: __cvta_generic_to_shared of the two static arrays and of the dynamic
// one. flip: each thread reads buf at (&buf[768 + t]) ^ 0x800. At 0x400 + 0xC00 = 0x1000 the
// XOR sets bit 11: the read lands at 0x1800 + 4t, buf[1280 + t]; had the window started at 0,
// 0xC00 ^ 0x800 would be buf[256 + t].

__global__ void reproSmemBase(unsigned* addrs, float* flip)
{
    __shared__ float buf[4096];
    __shared__ int tail[8];
    extern __shared__ float dyn[];
    for (int i = threadIdx.x; i < 4096; i += blockDim.x)
        buf[i] = (float)i;
    if (threadIdx.x < 8)
        tail[threadIdx.x] = threadIdx.x;
    dyn[threadIdx.x & 15] = 0.0f;
    __syncthreads();
    if (threadIdx.x == 0) {
        addrs[0] = (unsigned)__cvta_generic_to_shared(&buf[0]);
        addrs[1] = (unsigned)__cvta_generic_to_shared(&tail[0]);
        addrs[2] = (unsigned)__cvta_generic_to_shared(&dyn[0]);
    }
    unsigned p = (unsigned)__cvta_generic_to_shared(&buf[768 + threadIdx.x]) ^ 0x800u;
    float v;
    asm volatile("ld.shared.f32 %0, [%1];" : "=f"(v) : "r"(p));
    flip[threadIdx.x] = v;
}
