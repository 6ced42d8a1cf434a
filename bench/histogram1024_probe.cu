// tilelab bench: how a GPU runs one warp through a tagged-write retry loop (bench/histogram1024_sass.py).
//
// The project's own code (not the Rodinia kernel): a grid-stride loop over float data whose lanes
// bump a counter (the bin of (x - lo) / (hi - lo) * 1024) of their warp's 1024-word sub-histogram in shared memory by storing a tagged
// value and reading it back until their own value sticks -- the pattern of
// collection/rodinia_histogram1024.cu, written out to log what each lane sees. Every lane writes
// an event (16 bytes) to its own slice of `events`: which element, which round, the lanes that
// executed the event's instruction together (__activemask()) and the SM clock. kLog 0
// (probeElements) logs the element's start (after its load) and the retry loop's exit; 1 (probeRounds)
// also every round after its first shared load (it puts a store in the loop, so the loop differs
// more from the original's).
// kStaged (probeStaged...) first copies the data to shared memory, so that an element's load takes
// a shared load's time instead of a global one's (a check of whether memory latency decides the order).

template <int kLog, bool kStaged>  // kLog: 0 or 1
__device__ __forceinline__ void probe(uint4 *events, unsigned *nevents, const float *data, float lo, float hi, int n, int cap)
{
    __shared__ volatile unsigned sub[3 * 1024];
    __shared__ float staged[kStaged ? 4096 : 1];
    for (int i = threadIdx.x; i < 3 * 1024; i += blockDim.x)
        sub[i] = 0;
    if (kStaged)
        for (int i = threadIdx.x; i < n && i < 4096; i += blockDim.x)
            staged[i] = data[i];
    __syncthreads();
    const float *src = kStaged ? staged : data;
    const int me = blockIdx.x * blockDim.x + threadIdx.x;
    const unsigned tag = (unsigned)threadIdx.x << 27;
    volatile unsigned *mine = sub + (threadIdx.x >> 5) * 1024;
    uint4 *out = events + (size_t)me * cap;
    unsigned k = 0, e = 0;
    for (int i = me; i < n; i += blockDim.x * gridDim.x, ++e) {
        const unsigned bin = (unsigned)(((src[i] - lo) / (hi - lo)) * 1024.0f) & 1023u;
        out[k++ & (cap - 1)] = make_uint4((1u << 24) | (e << 8), __activemask(), (unsigned)clock(), bin);
        unsigned v, r = 0;
        do {
            v = tag | ((mine[bin] & 0x07FFFFFFu) + 1u);
            if (kLog >= 1)
                out[k++ & (cap - 1)] = make_uint4((2u << 24) | (e << 8) | (r & 255u), __activemask(),
                                                  (unsigned)clock(), v);
            mine[bin] = v;
            ++r;
        } while (mine[bin] != v);
        out[k++ & (cap - 1)] = make_uint4((3u << 24) | (e << 8) | (r & 255u), __activemask(), (unsigned)clock(), v);
    }
    __syncthreads();               // as the original: no convergence barrier around the loop over the data
    nevents[me] = k;
}

extern "C" __global__ void probeElements(uint4 *events, unsigned *nevents, const float *data, float lo, float hi, int n, int cap)
{
    probe<0, false>(events, nevents, data, lo, hi, n, cap);
}

extern "C" __global__ void probeRounds(uint4 *events, unsigned *nevents, const float *data, float lo, float hi, int n, int cap)
{
    probe<1, false>(events, nevents, data, lo, hi, n, cap);
}

extern "C" __global__ void probeStagedRounds(uint4 *events, unsigned *nevents, const float *data, float lo, float hi, int n, int cap)
{
    probe<1, true>(events, nevents, data, lo, hi, n, cap);
}
