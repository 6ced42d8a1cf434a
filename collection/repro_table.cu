// tilelab kernel collection: a shared table read in a patch loop, whose remainder trips ptxas reads as one LDS.128
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a twenty-fifth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: Dtananaev's NLM_filter_smem (collection/dtananaev_nlm_smem.cu) without its race: the Gaussian table is
// filled before a __syncthreads() and then read, with no barrier, in the patch loop's
// table[r + tx] * table[r + ty] (the ty factor read once a ty trip, on a line of its own, as NVVM placed NLM's on
// line 89). NVVM unrolls the tx loop by 4 and peels its 2r+1 mod 4 remainder trips first,
// each behind a branch, at constant offsets (table[0], [1], [2]); ptxas reads those three words as one LDS.128 of
// the 16-byte chunk above the branches between them, and the 4-trip body as 4 LDS off an unaligned register.
// reproTableAt<OFF> moves the table OFF words up (the remainder's words at 4 OFF, 4 OFF + 4, 4 OFF + 8 bytes).
__global__ void reproTableLoop(const float* __restrict__ src, const float* __restrict__ lut, float* __restrict__ out,
                               int n, int r)
{
    extern __shared__ float table[];
    for (int i = threadIdx.x; i < 2 * r + 1; i += blockDim.x)
        table[i] = lut[i];
    __syncthreads();
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n)
        return;
    float sum = 0;
    for (int ty = -r; ty <= r; ++ty) {
        const float wy = table[r + ty];
        for (int tx = -r; tx <= r; ++tx) {
            int p = min(n - 1, max(0, x + tx));
            float v = src[p] - src[x];
            sum += v * v * table[r + tx] * wy;
        }
    }
    out[x] = sum;
}

template <int OFF>
__global__ void reproTableAt(const float* __restrict__ src, const float* __restrict__ lut, float* __restrict__ out,
                             int n, int r)
{
    extern __shared__ float table[];
    for (int i = threadIdx.x; i < 2 * r + 1; i += blockDim.x)
        table[OFF + i] = lut[i];
    __syncthreads();
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    if (x >= n)
        return;
    float sum = 0;
    for (int ty = -r; ty <= r; ++ty) {
        const float wy = table[OFF + r + ty];
        for (int tx = -r; tx <= r; ++tx) {
            int p = min(n - 1, max(0, x + tx));
            float v = src[p] - src[x];
            sum += v * v * table[OFF + r + tx] * wy;
        }
    }
    out[x] = sum;
}
