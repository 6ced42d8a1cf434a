// matmul_naive.cu: C = A * B for N x N row-major float matrices, one thread per
// element of C, every operand read straight from global memory (0.25 FLOP/byte).
//
// matmulNaive maps col to threadIdx.x, so a warp reads B[k][col..col+31]
// (consecutive: coalesced) and broadcasts A[row][k]. matmulNaiveUncoalesced maps
// row to threadIdx.x instead: a warp then reads 32 different rows of A, 4N bytes
// apart, and writes C by column (one 32-byte sector per lane).
//
// Launch (both): block = (16, 16) or (32, 32), grid = (ceil(N / bx), ceil(N / by)).

__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    int col = blockIdx.x * blockDim.x + threadIdx.x;
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}

__global__ void matmulNaiveUncoalesced(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;   // swapped: row follows threadIdx.x
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
