// matmul_tiled.cu: C = A * B for N x N row-major floats, through shared-memory tiles.
//
// Each block computes a TILE x TILE tile of C. Per step along k, its threads load
// one tile of A and one of B cooperatively (one element each, zero outside the
// matrix, so any N works), then:
//   barrier 1: the whole tile is loaded before anyone reads it;
//   barrier 2: everyone is done with the tile before the next step overwrites it.
// Global reads fall from 2N^3 to 2N^3/TILE. The inner loop reads sA[ty][k]
// (a broadcast within a warp) and sB[k][tx] (consecutive: conflict-free).
//
// Launch: block = (TILE, TILE), grid = (ceil(N / TILE), ceil(N / TILE)),
//         TILE = 16 for matmulTiled16, 32 for matmulTiled32.

template <int TILE>
__device__ __forceinline__ void matmulTiled(const float* A, const float* B, float* C, int N)
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
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();                       // barrier 1: tile loaded

#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        __syncthreads();                       // barrier 2: tile consumed
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}

__global__ void matmulTiled16(const float* A, const float* B, float* C, int N)
{
    matmulTiled<16>(A, B, C, N);
}

__global__ void matmulTiled32(const float* A, const float* B, float* C, int N)
{
    matmulTiled<32>(A, B, C, N);
}
