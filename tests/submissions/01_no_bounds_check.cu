// matmulNaive without the bounds check: at an N that is not a multiple of the block, the edge blocks'
// extra threads read past A and B and write past C, so the values are wrong AND there are
// out-of-bounds accesses; the feedback shows both (issue 20, item 9).
__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    float acc = 0.0f;
    for (int k = 0; k < N; ++k)
        acc += A[row * N + k] * B[k * N + col];
    C[row * N + col] = acc;
}
