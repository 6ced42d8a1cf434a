// matmulNaive with row and col swapped in the index arithmetic: computes (B A)^T, not A B.
__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[k * N + row] * B[col * N + k];
        C[row * N + col] = acc;
    }
}
