// The tiled matmul with `float acc;` instead of `float acc = 0.0f;`: its register starts at 0 on
// an emulator that zeroes registers, and with whatever was there on a GPU.
#define TILE 32
__global__ void matmulTiled(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sB[TILE][TILE];
    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
