// matmul_tiled32.cu: the tiled matmul as lesson 02 and exercise 02 write it, C = A * B for
// N x N row-major floats, with TILE fixed at 32 by a macro (matmul_tiled.cu has the template
// the tests and benchmarks use for 16 and 32). Each step along k loads one tile of A and one
// of B, zero outside the matrix; barrier 1 waits for the whole tile, barrier 2 for everyone
// to be done with it before the next step overwrites it.
//
// Launch: block = (32, 32), grid = (ceil(N / 32), ceil(N / 32)).
// The lines marked by the comment pair ">>> learner" / "<<< learner" are the learner's to write (course/README.md).

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
        // load one tile of A and one of B (zero outside the matrix), then wait for the whole tile
        // >>> learner
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sB[ty][tx] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();   // barrier 1: the whole tile is loaded
        // <<< learner
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sB[k][tx];
        // make sure nobody still reads this tile before the next step overwrites it
        // >>> learner
        __syncthreads();   // barrier 2: everyone is done with the tile
        // <<< learner
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
