// The descriptor says SWIZZLE_64B; the tensor maps wrote SWIZZLE_128B: wgmma reads the wrong elements.
#include <cuda_fp16.h>
#include <tilelab_tma.h>                       // CUtensorMap: the tensor maps the grader passes
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t, uintptr_t;
// ---- addresses ---------------------------------------------------------------------------------
__device__ __forceinline__ uint32_t smem_u32(const void* p)
{
    return static_cast<uint32_t>(__cvta_generic_to_shared(p));
}

// ---- mbarrier: a shared-memory barrier that also counts the bytes the TMA delivers -----------------
__device__ __forceinline__ void mbar_init(uint64_t* bar, uint32_t arrivals)
{
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" :: "r"(smem_u32(bar)), "r"(arrivals) : "memory");
}

// One arrival, and the promise that `bytes` more bytes will land before this phase completes.
__device__ __forceinline__ void mbar_arrive_expect_tx(uint64_t* bar, uint32_t bytes)
{
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;"
                 :: "r"(smem_u32(bar)), "r"(bytes) : "memory");
}

// Spin until the phase with parity `parity` has completed (phases alternate 0, 1, 0, ...).
__device__ __forceinline__ void mbar_wait(uint64_t* bar, uint32_t parity)
{
    asm volatile(
        "{\n"
        ".reg .pred done;\n"
        "WAIT_%=:\n"
        "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
        "@!done bra WAIT_%=;\n"
        "}\n" :: "r"(smem_u32(bar)), "r"(parity) : "memory");
}

// Make generic-proxy writes (mbarrier.init, ordinary st.shared) visible to the async proxy
// (the TMA and wgmma), before the barrier that publishes them.
__device__ __forceinline__ void fence_proxy_async()
{
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
}

// ---- the TMA: one instruction copies a whole box of a tensor into shared memory ------------------
// x: innermost coordinate (elements), y: the next one (rows). Completes on `bar` as bytes.
__device__ __forceinline__ void tma_load_2d(void* dst, const CUtensorMap* map, uint64_t* bar, int x, int y)
{
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%3, %4}], [%2];"
        :: "r"(smem_u32(dst)), "l"(reinterpret_cast<uint64_t>(map)), "r"(smem_u32(bar)), "r"(x), "r"(y)
        : "memory");
}

// ---- wgmma's shared-memory descriptors ------------------------------------------------------------
// bits 0-13: start address >> 4; 16-29: leading byte offset >> 4 (between core matrices along K);
// 32-45: stride byte offset >> 4 (between 8-row groups along M or N); 62-63: swizzle mode
// (0 none, 1 128B, 2 64B, 3 32B).
__device__ __forceinline__ uint64_t make_desc(const void* smem, uint32_t lbo, uint32_t sbo, uint32_t mode)
{
    uint64_t d = 0;
    d |= (uint64_t)((smem_u32(smem) & 0x3FFFF) >> 4);
    d |= (uint64_t)((lbo & 0x3FFFF) >> 4) << 16;
    d |= (uint64_t)((sbo & 0x3FFFF) >> 4) << 32;
    d |= (uint64_t)mode << 62;
    return d;
}

// ---- wgmma ordering -----------------------------------------------------------------------------
__device__ __forceinline__ void wgmma_fence() { asm volatile("wgmma.fence.sync.aligned;" ::: "memory"); }

__device__ __forceinline__ void wgmma_commit() { asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory"); }

template <int N> __device__ __forceinline__ void wgmma_wait() { asm volatile("wgmma.wait_group.sync.aligned %0;" :: "n"(N) : "memory"); }

// D (64 x 64, fp32, 32 registers a thread) += A (64 x 16, smem descriptor) * B (64 x 16, smem descriptor)^T;
// scaleD = 0 overwrites D instead of adding. Both operands K-major (no transpose).
__device__ __forceinline__ void wgmma_m64n64k16_f16(float (&d)[32], uint64_t descA, uint64_t descB, int scaleD)
{
    asm volatile(
        "{\n.reg .pred p;\nsetp.ne.b32 p, %34, 0;\n"
        "wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 "
        "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
        : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
        : "l"(descA), "l"(descB), "r"(scaleD));
}

// Keep the compiler from moving reads of the accumulators above wgmma_wait (they are written by the
// tensor cores, behind its back): an empty asm that claims to read and write each one.
template <int R> __device__ __forceinline__ void fence_acc(float (&d)[R])
{
#pragma unroll
    for (int i = 0; i < R; ++i) asm volatile("" : "+f"(d[i]) :: "memory");
}

// Store a warpgroup's 64 x N fp32 accumulator tile: register 4j + {0,1} of lane l in warp w holds row
// 16w + l/4, columns 8j + 2(l%4) + {0,1}; registers 4j + {2,3} the same, 8 rows down. Rows >= M are skipped.
template <int R> __device__ __forceinline__ void store_acc(float* C, int M, int N, int row0, int col0, const float (&d)[R])
{
    const int t = threadIdx.x % 128, w = t / 32, l = t % 32;
    const int r = row0 + 16 * w + l / 4;
#pragma unroll
    for (int j = 0; j < R / 4; ++j) {
        const int c = col0 + 8 * j + 2 * (l % 4);
        if (r < M) *reinterpret_cast<float2*>(&C[(size_t)r * N + c]) = make_float2(d[4 * j], d[4 * j + 1]);
        if (r + 8 < M) *reinterpret_cast<float2*>(&C[(size_t)(r + 8) * N + c]) = make_float2(d[4 * j + 2], d[4 * j + 3]);
    }
}
#define EX_STAGES 3
#define EX_TILE_BYTES (64 * 64 * 2)             // one box: 64 rows x 128 bytes
// The descriptor of a 64-row K-major fp16 tile the TMA wrote with SWIZZLE_128B, at k step `tile`.
__device__ __forceinline__ uint64_t exDesc(const unsigned char* tile)
{
    return make_desc(tile, 16, 1024, 2);        // 64B swizzle (the maps use 128B)
}

__global__ void __launch_bounds__(128) gemmTmaWgmma(const __grid_constant__ CUtensorMap tmA,
                                                    const __grid_constant__ CUtensorMap tmB,
                                                    const __half* A, const __half* Bt, float* C,
                                                    int M, int N, int K)
{
    extern __shared__ unsigned char exSmem[];
    unsigned char* smem = reinterpret_cast<unsigned char*>((reinterpret_cast<uintptr_t>(exSmem) + 1023)
                                                           & ~uintptr_t(1023));
    __shared__ uint64_t full[EX_STAGES];
    const int bm = blockIdx.y * 64, bn = blockIdx.x * 64, KT = K / 64;
    if (threadIdx.x == 0) {
        for (int s = 0; s < EX_STAGES; ++s)
            mbar_init(&full[s], 1);
        fence_proxy_async();                    // the TMA sees the initialised barriers
    }
    __syncthreads();

    auto load = [&](int kt) {                   // thread 0: tile kt of A and Bt into stage kt % EX_STAGES
        unsigned char* sA = smem + (kt % EX_STAGES) * 2 * EX_TILE_BYTES;
        uint64_t* bar = &full[kt % EX_STAGES];
        mbar_arrive_expect_tx(bar, 2 * EX_TILE_BYTES);   // the bytes of both boxes
        tma_load_2d(sA, &tmA, bar, kt * 64, bm);
        tma_load_2d(sA + EX_TILE_BYTES, &tmB, bar, kt * 64, bn);
    };
    if (threadIdx.x == 0)
        for (int kt = 0; kt < EX_STAGES && kt < KT; ++kt)
            load(kt);

    float d[32];
#pragma unroll
    for (int i = 0; i < 32; ++i)
        d[i] = 0.f;
    for (int kt = 0; kt < KT; ++kt) {
        const int s = kt % EX_STAGES;
        const unsigned char* sA = smem + s * 2 * EX_TILE_BYTES;
        const unsigned char* sB = sA + EX_TILE_BYTES;
        mbar_wait(&full[s], (kt / EX_STAGES) & 1);      // the stage's phase flips once per use
        wgmma_fence();
#pragma unroll
        for (int kk = 0; kk < 4; ++kk)                  // k16 steps: 32 bytes along each 128-byte row
            wgmma_m64n64k16_f16(d, exDesc(sA + 32 * kk), exDesc(sB + 32 * kk), 1);
        wgmma_commit();
        wgmma_wait<1>();                                // tile kt - 1's wgmma are done
        __syncthreads();                                // ... in all four warps: its stage is free
        if (threadIdx.x == 0 && kt >= 1 && kt - 1 + EX_STAGES < KT)
            load(kt - 1 + EX_STAGES);
    }
    wgmma_wait<0>();                                    // the last group: the accumulators are ours
    fence_acc(d);
    store_acc(C, M, N, bm, bn, d);
}