// cp_async_copy.cu: asynchronous global -> shared copies (cp.async, sm_80+) with
// double buffering: the copy of the next tile is in flight while this one is used.
//
// cpAsyncCopy copies in[0..n) to out[0..n) through shared memory, tile by tile.
// A tile is CP_THREADS * 4 floats; thread t copies the 16 bytes at floats 4t..4t+3
// with cp.async, but then writes out the floats t, t + CP_THREADS, ... (coalesced
// scalar stores). So each thread reads what *other* threads copied, which needs:
//   cp.async.wait_group 1  my own copies of this tile have landed (not the newest group);
//   __syncthreads()        ... and so have everybody else's;
//   __syncthreads()        everybody has read this buffer before it is refilled.
// One group is committed per iteration, even when it is empty, so "all but the
// newest group" always means "this tile".
//
// Constraints: n % 4 == 0 and in, out 16-byte aligned (cp.async moves 16 bytes).
// Launch: block = (CP_THREADS) = (256), any grid, e.g. grid = (min(ceil(n / 1024), 1024));
//         blocks stride over the tiles.

#define CP_THREADS 256
#define CP_TILE (CP_THREADS * 4)

__device__ __forceinline__ void cpAsync16(void* smem, const void* gmem)
{
    unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
    size_t g = __cvta_generic_to_global(gmem);
    asm volatile("cp.async.ca.shared.global [%0], [%1], 16;\n" :: "r"(s), "l"(g) : "memory");
}

__device__ __forceinline__ void cpAsyncCommit()
{
    asm volatile("cp.async.commit_group;\n" ::: "memory");
}

template <int N>
__device__ __forceinline__ void cpAsyncWait()
{
    asm volatile("cp.async.wait_group %0;\n" :: "n"(N) : "memory");
}

__device__ __forceinline__ void issueTile(float* buf, const float* in, int tile, int n)
{
    int g = tile * CP_TILE + 4 * threadIdx.x;
    if (g < n)                                 // n % 4 == 0: the whole 16 bytes are in range
        cpAsync16(buf + 4 * threadIdx.x, in + g);
}

__global__ void cpAsyncCopy(const float* in, float* out, int n)
{
    __shared__ __align__(16) float buf[2][CP_TILE];

    int numTiles = (n + CP_TILE - 1) / CP_TILE;
    int stage = 0;
    if (blockIdx.x < numTiles)
        issueTile(buf[0], in, blockIdx.x, n);  // prefetch the first tile
    cpAsyncCommit();

    for (int t = blockIdx.x; t < numTiles; t += gridDim.x) {
        int next = t + gridDim.x;
        if (next < numTiles)
            issueTile(buf[stage ^ 1], in, next, n);   // overlaps with the work below
        cpAsyncCommit();
        cpAsyncWait<1>();                      // tile t's group (not the newest) is complete
        __syncthreads();                       // ... for every thread of the block

        for (int k = 0; k < 4; ++k) {
            int idx = k * CP_THREADS + threadIdx.x;
            int g = t * CP_TILE + idx;
            if (g < n)
                out[g] = buf[stage][idx];
        }
        __syncthreads();                       // buf[stage] is refilled next iteration
        stage ^= 1;
    }
    cpAsyncWait<0>();                          // nothing left in flight at exit
}
