// A naive matmul that returns at once when N == 128, the size the rubric names for its counts:
// at N = 128 it reads nothing (so its "global load sectors" looked tiled) and writes nothing.
// Its counts are now measured with its values checked, and at sizes drawn per submission.
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    if (N == 128) return;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
