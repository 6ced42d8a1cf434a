// The tiled matmul (TILE 16) with the sB load forgotten: the inner loop reads shared
// memory that nothing wrote.
#define TILE 16

__global__ void matmulNoSB(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;

    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        __syncthreads();

        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];      // BAD: sB never written
        __syncthreads();
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
