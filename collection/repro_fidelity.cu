// tilelab kernel collection: minimal reproductions of the emulator's fidelity bugs of issue 23
// Source:  tilelab (written for this repository; docs/FIDELITY.md names the bug each kernel reproduces)
// Licence: MIT, as the repository
//
// Each kernel is the smallest launch that showed one way the emulator's results (not only its
// counts) differed from an H200's on public kernels. The manifest marks each entry
// `repro = "..."` with the bug; with the bug fixed the emulator's outputs equal the GPU's bit for
// bit (bench/collection_gpu.py) and its counts equal ncu's (bench/fidelity.py).

#include <cuda_fp16.h>

// A shared address that wraps below zero in 32 bits. NVRTC 13 folds `s[o + 16]` into
// `ld.shared.f32 [%r + 64]` where %r = s + 4*o is a 32-bit register: for o = -16 it holds
// 2^32 - 64, and the hardware's 32-bit shared address is (2^32 - 64) + 64 = 0. Read as a
// 64-bit sum it was 2^32: a false out-of-bounds read, an uninitialised read and wrong output.
__global__ void reproSharedAddressWraps(const float* src, float* dst, int shift)
{
    __shared__ float s[64];
    unsigned t = threadIdx.x;
    s[t] = src[t];
    s[t + 32] = src[t + 32];
    __syncthreads();
    int o = (int)t - shift;            // negative for the first `shift` lanes
    dst[t] = s[o + 16] + s[o + 20] * 2.0f;
}

// A `half` scalar kernel parameter is its 16 bits, not a number: `a` = 2.5 is 0x4100.
// (It was packed as the integer 2, so __halves2half2(a, a) held 0x0002 twice.)
__global__ void reproHalfParam(__half a, __half2* dst)
{
    dst[threadIdx.x] = __hmul2(__halves2half2(a, a), __float2half2_rn((float)threadIdx.x));
}

template <int BLOCK>
/*
 * A template kernel with a long comment between `template <...>` and its declaration.
 * Before issue 23 the signature parser looked back a fixed 400 characters for `template <...>` and, with a comment like this one in between,
 * took the kernel for a plain one: NVRTC then failed with "cannot determine which instance of
 * overloaded function" for its name expression. This paragraph is deliberately long, as the
 * licence and usage headers of public kernels are: it documents the block size, the meaning
 * of each parameter and the expected launch shape, and a typical library repeats its licence
 * here too. Parameters: src (n floats), dst (n floats), scale. One thread per element; the
 * block size is the template argument BLOCK, and the grid covers n. Nothing else is needed.
 */
__global__ void reproTemplateAfterLongComment(const float* src, float* dst, float scale)
{
    int i = blockIdx.x * BLOCK + threadIdx.x;
    dst[i] = src[i] * scale + (float)BLOCK;
}

// ptxas's FMA contraction. cuda_fp16.h writes __hmul and __hadd as inline PTX (mul.f16,
// add.f16, no rounding mode), which NVVM cannot fuse but ptxas does: one HFMA2, rounded once.
// A float product that two sums use (`p + c`, `p - e`) is one mul.f32 in the PTX and two FFMA
// in the SASS. The emulator rounded both twice: the last bit differed from the H200's.
__global__ void reproHalfMulAddFused(const half* a, const half* b, half* c)
{
    int i = threadIdx.x;
    c[i] = __hadd(__hmul(a[i], b[i]), c[i]);
}

__global__ void reproFloatMulTwoAddsFused(const float* a, const float* b, float* c)
{
    int i = threadIdx.x;
    float p = a[i] * b[i];
    c[i] = p + c[i];
    c[i + 32] = p - c[i + 64];
}
