// No shared memory at all: a naive matmul under the name matmulTiledBt. It has no bank conflicts
// because it has no banks, which used to earn the conflict-free parts; now it loses them, told why.
__global__ void matmulTiledBt(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
