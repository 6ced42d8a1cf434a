// tiled matmul whose loads skip the elements outside the matrix instead of writing zeros:
// the last tile keeps stale values from the one before (wrong at N=33).
#define TILE 32
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        if (row < N && aCol < N) sA[ty][tx] = A[row * N + aCol];
        if (bRow < N && col < N) sB[ty][tx] = B[bRow * N + col];
        __syncthreads();
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
