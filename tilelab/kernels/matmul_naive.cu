// matmul_naive.cu: C = A * B for N x N row-major float matrices, one thread per
// element of C, every operand read straight from global memory (0.25 FLOP/byte).
//
// matmulNaive maps col to threadIdx.x, so a warp reads B[k][col..col+31]
// (consecutive: coalesced) and broadcasts A[row][k]. matmulNaiveUncoalesced maps
// row to threadIdx.x instead: a warp then reads as many rows of A as it has
// distinct threadIdx.x values, 4N bytes apart, and writes C by column.
// matmulCoalesced is exercise 01's kernel: the mapping is the learner's to choose.
// The loads of A and B sit on separate lines, so per-line counts tell them apart.
//
// Launch (all): block = (16, 16) or (32, 32), grid = (ceil(N / bx), ceil(N / by)).
// The lines marked by the comment pair ">>> learner" / "<<< learner" are the learner's to write (course/README.md).

__global__ void matmulNaive(const float* A, const float* B, float* C, int N)
{
    // >>> learner
    int col = blockIdx.x * blockDim.x + threadIdx.x;   // col follows threadIdx.x
    int row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k) {
            float a = A[row * N + k];
            float b = B[k * N + col];
            acc += a * b;
        }
        C[row * N + col] = acc;
    }
    // <<< learner
}

__global__ void matmulNaiveUncoalesced(const float* A, const float* B, float* C, int N)
{
    int row = blockIdx.x * blockDim.x + threadIdx.x;   // swapped: row follows threadIdx.x
    int col = blockIdx.y * blockDim.y + threadIdx.y;
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k) {
            float a = A[row * N + k];
            float b = B[k * N + col];
            acc += a * b;
        }
        C[row * N + col] = acc;
    }
}

__global__ void matmulCoalesced(const float* A, const float* B, float* C, int N)
{
    int row = 0, col = 0;
    // Set row and col so that the 32 threads of a warp read consecutive addresses.
    // >>> learner
    col = blockIdx.x * blockDim.x + threadIdx.x;
    row = blockIdx.y * blockDim.y + threadIdx.y;
    // <<< learner
    if (row < N && col < N) {
        float acc = 0.0f;
        for (int k = 0; k < N; ++k)
            acc += A[row * N + k] * B[k * N + col];
        C[row * N + col] = acc;
    }
}
