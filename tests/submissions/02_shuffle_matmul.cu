// An unusual answer: no shared memory at all. Warp 0 of each 32 x 32 block computes the block's
// whole 32 x 32 tile of C, one column per lane, with 32 accumulators in registers; each lane loads
// one element of a row of A's tile, coalesced, and __shfl_sync hands it to the others. Its values
// are right, but its 64 floats a thread take 122 registers, and a block of 1024 threads that many
// is more than a block may hold: a GPU refuses the launch, and so does the emulator.
#define TILE 32
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    if (threadIdx.y != 0) return;                  // warps 1..31 have nothing to do
    int lane = threadIdx.x;
    int row0 = blockIdx.y * TILE;
    int col = blockIdx.x * TILE + lane;
    float acc[TILE];
#pragma unroll
    for (int r = 0; r < TILE; ++r) acc[r] = 0.0f;
    for (int k0 = 0; k0 < N; k0 += TILE) {
        float a[TILE];                             // a[r] = A[row0 + r][k0 + lane]
#pragma unroll
        for (int r = 0; r < TILE; ++r)
            a[r] = (row0 + r < N && k0 + lane < N) ? A[(row0 + r) * N + k0 + lane] : 0.0f;
        for (int kk = 0; kk < TILE; ++kk) {
            float b = (k0 + kk < N && col < N) ? B[(k0 + kk) * N + col] : 0.0f;
#pragma unroll
            for (int r = 0; r < TILE; ++r)
                acc[r] += __shfl_sync(0xffffffffu, a[r], kk) * b;
        }
    }
#pragma unroll
    for (int r = 0; r < TILE; ++r)
        if (row0 + r < N && col < N)
            C[(row0 + r) * N + col] = acc[r];
}
