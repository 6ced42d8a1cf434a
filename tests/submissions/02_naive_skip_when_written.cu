// A naive matmul whose blocks return at once when their first output element is no longer NaN:
// every graded launch starts with NaN outputs, so it is right; the old GPU timing loop re-launched
// on the same buffers and never refilled them, so every timed launch after the first did no work
// (196x faster than the naive kernel on the H200, 8 of 10). Timed launches now write into freshly
// poisoned outputs (NaN, then random bits) and their values are checked: no time, no speed points.
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    int r0 = blockIdx.y * blockDim.y, c0 = blockIdx.x * blockDim.x;
    if (!isnan(C[r0 * N + c0])) return;
    __syncthreads();                               // every thread has read the flag before any writes
    int row = r0 + threadIdx.y;
    int col = c0 + threadIdx.x;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
