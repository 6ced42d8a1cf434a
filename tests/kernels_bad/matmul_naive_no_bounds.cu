// The naive matmul without its bounds check: with N = 33 and 16 x 16 blocks, the grid
// covers 48 x 48 threads and the extra ones read and write past the matrices.

__global__ void matmulNoBounds(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];     // BAD: reads past A and B
    C[row * N + col] = acc;                         // BAD: writes past C
}
