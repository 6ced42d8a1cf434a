// The textbook coalesced matmul (col from threadIdx.x): right, and coalesced at every size the
// draw can produce (exercise 01 once failed it at 21 of 121 drawn sizes against a fixed 0.3x).
__global__ void matmulCoalesced(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float sum = 0.0f;
        for (int k = 0; k < N; ++k)
            sum += A[row * N + k] * B[k * N + col];
        C[row * N + col] = sum;
    }
}
