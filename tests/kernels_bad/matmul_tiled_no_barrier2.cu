// The tiled matmul of kernels/matmul_tiled.cu (TILE 16) without barrier 2: a fast thread
// overwrites the tile for step t+1 while slower threads still read step t's tile.
// On lockstep emulation the answer still comes out right; the race detector must say so.
#define TILE 16

__global__ void matmulNoBarrier2(const float* A, const float* B, float* C, int N)
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
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;   // BAD: WAR on sA
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;   // BAD: WAR on sB
        __syncthreads();                       // barrier 1: tile loaded

        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        // barrier 2 is missing here
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
