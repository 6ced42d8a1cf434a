// tilelab kernel collection: minimal reproductions of the places where the emulator's counts and ncu's differ
// Source:  tilelab (written for this repository; docs/FIDELITY.md names the miss each kernel reproduces)
// Licence: MIT, as the repository
//
// Each kernel is the smallest launch that shows one cause on an H200 (sm_90): the manifest
// marks its entry `repro = "..."` with the cause, and docs/FIDELITY.md lists which recorded
// kernels miss for that cause. When the emulator models a cause, its repro's counts equal ncu's.

#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>

// ptxas merges scalar shared loads into LDS.128: every lane of warp w reads the words
// row[w][0..31]. The array has no __align__, so NVVM cannot prove 16-byte alignment and
// the PTX has one ld.shared.f32 each; ptxas places the array itself, knows the rows are
// 128 bytes apart and the offsets constant, and issues 8 LDS.128 (all lanes the same
// address: a broadcast). The emulator counts 32 requests of 1 wavefront per warp.
// (recorded: kernels/matmul_tiled.cu matmulTiled16 and matmulTiled32, the sA[ty][k] reads)
__global__ void reproLds128Broadcast(const float* src, float* dst)
{
    __shared__ float row[2][32];
    int w = threadIdx.x / 32, lane = threadIdx.x % 32;
    row[w][lane] = src[threadIdx.x];
    __syncthreads();
    float acc = 0.0f;
#pragma unroll
    for (int k = 0; k < 32; ++k)
        acc += row[w][k] * (float)(lane + k);
    dst[threadIdx.x] = acc;
}

// Requests of warps whose lanes are all predicated off: a tree reduction's `if (tid < s)`
// body is two loads and a store, which ptxas predicates instead of branching around, so
// every warp of the block issues them at every step. ncu counts a request for each warp
// instruction executed; the emulator counts only requests with an active lane. Wavefronts
// agree (an all-off request moves no data).
// (the reductions of collection/reduction.cu; issue 13 names reduce1: 380 requests, ncu 516)
__global__ void reproPredicatedOffTree(const float* src, float* dst)
{
    __shared__ float s[128];
    unsigned tid = threadIdx.x;
    s[tid] = src[blockIdx.x * 128 + tid];
    __syncthreads();
    for (unsigned stride = 64; stride > 0; stride >>= 1) {
        if (tid < stride)
            s[tid] += s[tid + stride];
        __syncthreads();
    }
    if (tid == 0)
        dst[blockIdx.x] = s[0];
}

// A 16-byte shared load whose 32 lanes all read the same address: 2 wavefronts on the
// H200, not the 4 that four 8-lane phases would give (lane pairs that share an address
// are served together). Modelled since commit ea7cbb6 (tilelab/emu/counters/metrics.py); before
// it the emulator said 4. (recorded: bench/results/gpu_wide_access-2026-12-01.json,
// 21 of 220 patterns, all 8/16-byte loads whose lane pairs share addresses)
__global__ void reproFloat4Broadcast(const float* src, float* dst)
{
    __shared__ float4 s[32];
    s[threadIdx.x] = reinterpret_cast<const float4*>(src)[threadIdx.x];
    __syncthreads();
    reinterpret_cast<float4*>(dst)[threadIdx.x] = s[0];
}

// ptxas puts three `@!PT LDS RZ, [RZ]` before each group of LDGSTS (cp.async): loads under the
// never-true predicate !PT, which move no data. ncu counts each as an executed shared-load
// warp instruction (smsp__inst_executed_op_shared_ld: a request with no active lane and no
// wavefront); they are not in the PTX, so the emulator does not. Here: one LDGSTS per warp,
// so ncu's shared-load requests are 4 per warp where the emulator's are 1.
// (recorded: kernels/cp_async_copy.cu cpAsyncCopy 2,048 against 3,584; the cp.async rungs 3-5
// of kernels/mma_ladder.cu in bench/results/fidelity_mma-2026-12-01.json)
__global__ void reproCpAsyncPadding(const float* src, float* dst)
{
    __shared__ __align__(16) float buf[256];
    unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(buf + 4 * threadIdx.x));
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(src + 4 * threadIdx.x) : "memory");
    asm volatile("cp.async.commit_group;\n" ::: "memory");
    asm volatile("cp.async.wait_group 0;\n" ::: "memory");
    __syncthreads();
    dst[threadIdx.x] = buf[(threadIdx.x * 4 + 1) % 256];
}

// ptxas rebuilds a loop whose trip count only the launch knows (here blockDim.x / 32): one
// peeled iteration, a body unrolled 4 times, a 2-iteration remainder and a last iteration, the
// first and last as predicated LDS. Which of them a warp executes with its predicate off
// depends on the trip count (with 128 threads: the peeled and the last one, 2 per block, beside
// the 4 loads that run), so no per-line rule can say it; it would take running the SASS's own
// loop. The PTX loop has one ld.shared per iteration and the emulator counts 4 requests per
// block; the SASS (ptxas 12.9 and 13, sm_90) makes 6.
// (recorded: collection/reduction_multiblock_cg.cu reduceSinglePassMultiBlockCG, reduceBlock's
// `for (i = 0; i < blockDim.x; i += tile32.size()) beta += sdata[i]`: shared-load requests 48
// against ncu's 56, bench/results/fidelity-2026-12-01-run1.json.gz)
__global__ void reproLoopRemainderPredicated(const float* src, float* dst)
{
    __shared__ float s[256];
    s[threadIdx.x] = src[blockIdx.x * blockDim.x + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0) {
        float acc = 0.0f;
        for (unsigned i = 0; i < blockDim.x; i += 32)
            acc += s[i];
        dst[blockIdx.x] = acc;
    }
}

// A global load that only thread 0 makes: ptxas predicates it (@!P0 LDG, and the STS beside
// it), so all 4 warps of a block execute both. ncu counts the STS in every warp
// (smsp__inst_executed_op_shared_st) but the LDG only where a lane is on: a global request is
// an L1TEX request, and a warp with no lane on sends none. Modelled (tilelab/emu/isa.py
// request_keys): 2 global-load requests, 8 shared-store ones.
// (recorded: collection/scan.cu uniformUpdate 64 against ncu's 36, and 6 more launches,
// bench/results/fidelity-2026-12-01-run1.json.gz)
__global__ void reproGlobalNoLaneNoRequest(const float* src, float* dst)
{
    __shared__ float v;
    if (threadIdx.x == 0)
        v = src[blockIdx.x];
    __syncthreads();
    dst[blockIdx.x * blockDim.x + threadIdx.x] = v;
}

// An early return: NVRTC puts its block after the kernel's body, ptxas makes it
// `@P0 STS; @P0 STS; @P0 EXIT`. With n = blockDim no thread returns, yet all 4 warps execute
// both stores with no lane on: 4 shared-store requests a line, no wavefront. Modelled
// (tilelab/emu/counters/ifconvert.py regions).
// (recorded: collection/llmc_softmax_forward.cu softmax_forward_kernel7, 320 against ncu's 576)
__global__ void reproEarlyReturnPredicated(const float* src, float* dst, int n)
{
    __shared__ float m[4], s[4];
    int w = threadIdx.x / 32;
    if (threadIdx.x >= n) {
        m[w] = -1.0f;
        s[w] = 0.0f;
        return;
    }
    if (threadIdx.x % 32 == 0) {
        m[w] = src[w];
        s[w] = 1.0f;
    }
    __syncthreads();
    dst[threadIdx.x] = m[w] + s[w];
}

// A pointer that may point to shared or to global memory stays generic: NVVM cannot say which
// space it is in, so the PTX has ld/st/atom with no state space, and ptxas keeps them generic
// (LD, ST, ATOM), not LDS/STS/ATOMS, even where the address plainly comes from cvta.shared.
// ncu counts no shared request for them (they are smsp__inst_executed_op_generic_*), but the
// wavefronts of their lanes in shared memory count under ..._mem_shared_op_ld/st/atom like
// any other. Modelled (tilelab/emu/isa.py): here 0 shared requests, 4 + 2 load wavefronts (a
// 2-way conflict, then 4 words), 2 + 1 store wavefronts, 16 atomic wavefronts (8 lanes a word: 8 a warp).
// (recorded: collection/reduction.cu multi_warp_cg_reduce, whose cg tile scratch is generic)
__global__ void reproGenericShared(const float* src, float* dst, int* hits, int useShared)
{
    __shared__ float s[64];
    __shared__ int h[4];
    float* p = useShared ? s : dst;
    int* q = useShared ? h : hits;
    if (threadIdx.x < 4)
        q[threadIdx.x] = 0;
    p[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    atomicAdd(q + threadIdx.x % 4, 1);
    __syncthreads();
    dst[threadIdx.x] = p[(threadIdx.x * 2) % 64] + (float)q[threadIdx.x % 4];
}

// A tile of 64 threads is bigger than a warp: its barrier (in cg::reduce, tile.sync()) lives in
// the block's reserved shared memory. Each warp sets its bit with an atom.or; the last warp in
// releases the tile, the others poll the word with ld.acquire until it does. How many polls a
// warp makes depends on when the other warp arrives: on the GPU that is timing, in the
// emulator its schedule. So the shared-load wavefronts of the poll loop are not a property of
// the kernel, and bench/fidelity.py reports them apart (manifest: `apart`).
// (recorded: collection/reduction.cu multi_warp_cg_reduce<int, 256, 64>: 59 against 26)
__global__ void reproTileSpin(const int* src, int* dst)
{
    __shared__ cooperative_groups::block_tile_memory<64> scratch;
    cooperative_groups::thread_block block = cooperative_groups::this_thread_block(scratch);
    auto tile = cooperative_groups::tiled_partition<64>(block);
    int v = cooperative_groups::reduce(tile, src[threadIdx.x], cooperative_groups::plus<int>());
    if (tile.thread_rank() == 0)
        dst[tile.meta_group_rank()] = v;
}

// printf is a call to vprintf, whose code is not in the cubin: the driver links its own at load
// time. That code writes the record into the driver's printf buffer (global stores), reads the
// format and its state (global loads), reserves space with atomics, and issues shared loads
// with no lane on; ncu counts all of it in the kernel's totals. Neither the PTX nor the SASS the
// emulator reads has it, and what it does can change with the driver: reported apart.
// One warp, one lane prints: the cost of one call; reproPrintfWarp: 32 lanes print at once.
// (recorded: collection/simple_printf.cu testKernel, collection/simple_cooperative_groups.cu cgkernel)
__global__ void reproPrintf(int* dst)
{
    if (threadIdx.x == 0)
        printf("tilelab %d\n", 7);
    dst[threadIdx.x] = threadIdx.x;
}

__global__ void reproPrintfWarp(int* dst)
{
    printf("tilelab %d\n", (int)threadIdx.x);
    dst[threadIdx.x] = threadIdx.x;
}

// Where a warp's stores land depends on which warp's atomicAdd came first: warp 0 reserves 3
// slots, warp 1 eight. Warp 0 first: [0, 3) and [3, 11), 1 + 2 sectors; warp 1 first: [0, 8) and
// [8, 11), 1 + 1. The GPU does not promise either order, so the store sectors are reported apart.
// (recorded: collection/warp_aggregated_atomics.cu filter_arr 89 against 87, mapToBuckets 204 against 215)
__global__ void reproAtomicOrderStore(int* out, int* count)
{
    int lane = threadIdx.x % 32, w = threadIdx.x / 32;
    int n = w == 0 ? 3 : 8;
    int base = 0;
    if (lane == 0)
        base = atomicAdd(count, n);
    base = __shfl_sync(0xffffffffu, base, 0);
    if (lane < n)
        out[base + lane] = threadIdx.x;
}

// ptxas unrolls a short counted loop fully and then merges loads of different iterations:
// NVVM leaves the d loop as a PTX loop of 4 trips (two d per trip, one ld.shared.f32 per r
// and d), its base register advanced by 8 bytes per trip; ptxas unrolls it and finds, per r,
// the 8 floats d = 0..7 at consecutive addresses, 16-byte aligned: 16 LDS.128 per warp where
// the PTX has 64 loads. Modelled since the merge model unrolls such loops (emu/counters/sass_model.py,
// find_loops); before, the line fell back to the PTX count. (recorded: collection/
// sgemm_1d_blocktiling.cu sgemm1DBlocktiling, the As[(threadRow*TM+resIdx)*BK+dotIdx] reads:
// 18,432 shared-load requests where ncu counts 6,144)
__global__ void reproLds128AcrossIterations(const float* src, float* dst)
{
    __shared__ float tile[64 * 8];
    for (int i = threadIdx.x; i < 64 * 8; i += blockDim.x)
        tile[i] = src[i];
    __syncthreads();
    const unsigned row = threadIdx.x / 8;
    float acc[8] = {0.0f};
    for (unsigned d = 0; d < 8; ++d) {
        const float b = (float)(d + threadIdx.x % 8);
        for (unsigned r = 0; r < 8; ++r)
            acc[r] += tile[((row % 8) * 8 + r) * 8 + d] * b;
    }
    for (unsigned r = 0; r < 8; ++r)
        dst[threadIdx.x * 8 + r] = acc[r];
}

// Partly masked LDS.64 and STS.64: a compare-and-swap of the pairs (2t, 2t+1) of a key and a
// value array, the val pair read and both pairs written only by the lanes whose keys are out of
// order. ptxas unrolls the rounds, merges each pair into one LDS.64 / STS.64 and predicates the
// swap (no branch). collection/bitonic_sort.cu bitonicSortShared1 has 20 such LDS.64 per warp
// (its stride-1 steps), and there ncu counts 24 shared-load wavefronts more than the emulator
// (10,579 against 10,555) with equal request counts and equal active-lane counts
// (smsp__inst_executed_op_shared_ld_pred_on_any 6,298 on both sides); the same kernel without the
// merges (bitonicSortShared: scalar LDS only) agrees exactly. This launch isolates those
// LDS.64. Recorded in bench/results/fidelity-2026-12-01-run2.json.gz: equal, so the 8-byte rule
// for partial masks (tilelab/emu/counters/metrics.py) is not what bitonicSortShared1 misses
// (docs/FIDELITY.md).
__device__ inline void reproCompareSwap(unsigned& keyA, unsigned& valA, unsigned& keyB, unsigned& valB, unsigned dir)
{
    if ((keyA > keyB) == dir) {
        unsigned t = keyA; keyA = keyB; keyB = t;
        t = valA; valA = valB; valB = t;
    }
}

__global__ void reproLds64PartialMask(const unsigned* key, const unsigned* val, unsigned* outKey, unsigned* outVal)
{
    __shared__ unsigned s_key[256];
    __shared__ unsigned s_val[256];
    s_key[threadIdx.x] = key[threadIdx.x];
    s_val[threadIdx.x] = val[threadIdx.x];
    s_key[threadIdx.x + 128] = key[threadIdx.x + 128];
    s_val[threadIdx.x + 128] = val[threadIdx.x + 128];
#pragma unroll
    for (unsigned round = 0; round < 4; ++round) {
        __syncthreads();
        const unsigned pos = 2 * threadIdx.x;
        reproCompareSwap(s_key[pos], s_val[pos], s_key[pos + 1], s_val[pos + 1], (threadIdx.x >> round) & 1);
    }
    __syncthreads();
    outKey[threadIdx.x] = s_key[threadIdx.x];
    outVal[threadIdx.x] = s_val[threadIdx.x];
    outKey[threadIdx.x + 128] = s_key[threadIdx.x + 128];
    outVal[threadIdx.x + 128] = s_val[threadIdx.x + 128];
}

// A loop whose trip count each lane loads from memory: ptxas unrolls it (an unrolled body and a
// remainder), and the lanes of a warp with different trip counts run different copies, each copy
// a request of its own; the PTX has one load per trip. (recorded: collection/howto_spmv.cu
// My_spmv_csr_kernel, the five instantiations: 822 global-load requests against ncu's 1,041 for <128, 2>)
__global__ void reproDataTripUnrolled(const int* trips, const float* x, float* y)
{
    int t = threadIdx.x;
    float s = 0.0f;
    for (int j = 0; j < trips[t]; ++j)
        s += x[j * 32 + t];
    y[t] = s;
}

// A uniform shared read in a long counted loop that ptxas unrolls 8 times (not fully): it merges
// col[i..i+7] into two LDS.128 per unrolled trip; the PTX has one ld.shared.u32 per trip.
// (recorded: collection/howto_spmm.cu My_spmm_csr_vector_kernel_v1, the As_col[i] reads)
__global__ void reproUniformLdsUnrolled(const int* src, const float* b, float* dst)
{
    __shared__ int col[512];
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
        col[i] = src[i];
    __syncthreads();
    float s = 0.0f;
    for (int i = 0; i < 512; i++) {
        int c = col[i];
        if (c != -1)
            s += b[c * 32 + threadIdx.x];
    }
    dst[threadIdx.x] = s;
}

// spmm v1's loop whole: a uniform shared read at the head of each unrolled trip and a second one
// inside the trip's `if`, which NVVM sinks there. The PTX has each col[i] read in a basic block of
// its own (the `if` before it is a branch); ptxas if-converts the 8 branches of an unrolled trip,
// merges the 8 col[i] reads into two LDS.128 and predicates the 8 val[i] reads (8 LDS).
// (recorded: collection/howto_spmm.cu My_spmm_csr_vector_kernel_v1, lines 125-128)
__global__ void reproLdsAcrossIfs(const int* src, const float* v, const float* b, float* dst)
{
    __shared__ int col[256];
    __shared__ float val[256];
    for (int i = threadIdx.x; i < 256; i += blockDim.x) {
        col[i] = src[i];
        val[i] = v[i];
    }
    __syncthreads();
    float s = 0.0f;
    for (int i = 0; i < 256; i++) {
        int c = col[i];
        float x = val[i];
        if (c != -1)
            s += x * b[c * 64 + threadIdx.x];
    }
    dst[threadIdx.x] = s;
}

// A masked warp sync (a 16-thread thread_group's g.sync(): bar.warp.sync with the tile's mask): ptxas
// runs the code after it straight where the warp's threads are converged, and a copy of that code with
// WARPSYNC.COLLECTIVE, behind a BRA.DIV, where they are not. The reduction's `if (lane < i) val += w[lane + i]`
// over the 16-thread tiles is then twice as many predicated LDS as the PTX's loads, of which a warp runs
// half. Over the whole block first (64 threads: barrier.sync, no copy), warp 1 has every lane off at each
// of the 6 trips, which makes the launch read the line's SASS; the emulator noted the LDS it could not
// place and left the line undecided. (recorded: collection/simple_cooperative_groups.cu cgkernel, line 77)
__device__ int reproTreeSum(cooperative_groups::thread_group g, int* w, int val)
{
    int lane = g.thread_rank();
    for (int i = g.size() / 2; i > 0; i /= 2) {
        w[lane] = val;
        g.sync();
        if (lane < i)
            val += w[lane + i];
        g.sync();
    }
    return val;
}

__global__ void reproWarpSyncCopies(const int* src, int* dst)
{
    __shared__ int x[64];
    cooperative_groups::thread_block block = cooperative_groups::this_thread_block();
    int v = src[threadIdx.x];
    int total = reproTreeSum(block, x, v);
    block.sync();
    cooperative_groups::thread_group tile = cooperative_groups::tiled_partition(block, 16);
    int part = reproTreeSum(tile, x + (threadIdx.x - tile.thread_rank()), v);
    if (threadIdx.x == 0)
        dst[4] = total;
    if (tile.thread_rank() == 0)
        dst[threadIdx.x / 16] = part;
}
