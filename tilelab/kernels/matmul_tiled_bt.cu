// matmul_tiled_bt.cu: exercise 03's kernel, a tiled matmul (TILE 32) that keeps its tile of B
// transposed ("K-major", as tensor-core fragments want it) in shared memory. Where element
// (c, k) of that tile lives is decided by one function, sbt(c, k): the learner's to write so
// that both its store and its read in the inner loop are free of bank conflicts.
//
// Launch: block = (32, 32), grid = (ceil(N / 32), ceil(N / 32)).
// The lines marked by the comment pair ">>> learner" / "<<< learner" are the learner's to write (course/README.md).

#define TILE 32
// Returns the index in sBt where element (c, k) of the transposed B tile lives. Row after row,
// c * TILE + k, both the store and the read in the loop below conflict 32 ways: do better.
// sBt has room for TILE * (TILE + 1) floats, should you want a pad.
__device__ __forceinline__ int sbt(int c, int k)
{
    // >>> learner
    return c * (TILE + 1) + k;
    // <<< learner
}

__global__ void matmulTiledBt(const float* A, const float* B, float* C, int N)
{
    __shared__ float sA[TILE][TILE];
    __shared__ float sBt[TILE * (TILE + 1)];     // B tile, transposed: element (c, k) = B[k][c]

    int tx = threadIdx.x, ty = threadIdx.y;
    int row = blockIdx.y * TILE + ty;
    int col = blockIdx.x * TILE + tx;
    float acc = 0.0f;
    for (int t = 0; t < (N + TILE - 1) / TILE; ++t) {
        int aCol = t * TILE + tx;
        int bRow = t * TILE + ty;
        sA[ty][tx] = (row < N && aCol < N) ? A[row * N + aCol] : 0.0f;
        sBt[sbt(tx, ty)] = (bRow < N && col < N) ? B[bRow * N + col] : 0.0f;
        __syncthreads();
#pragma unroll
        for (int k = 0; k < TILE; ++k)
            acc += sA[ty][k] * sBt[sbt(tx, k)];
        __syncthreads();
    }
    if (row < N && col < N)
        C[row * N + col] = acc;
}
