// Held out (legitimate, written after the textbook entry): the coalesced matmul as a careful
// learner might write it: an early return for the threads outside C, a row pointer, 64-bit
// offsets, reads through __ldg and an explicit fmaf. Right, and coalesced at every drawn size.
__global__ void matmulCoalesced(const float* A, const float* B, float* C, int N)
{
    const int col = blockIdx.x * blockDim.x + threadIdx.x;
    const int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= N || col >= N)
        return;
    const float* a = A + (size_t)row * N;
    float sum = 0.0f;
    for (int k = 0; k < N; ++k)
        sum = fmaf(__ldg(a + k), __ldg(B + (size_t)k * N + col), sum);
    C[(size_t)row * N + col] = sum;
}
