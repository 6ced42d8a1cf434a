// Held out (written after the atomicOr entries): the [32][32] tile stored with atomicExch and read
// by column through atomicAdd(p, 0.0f), a float reduction that returns the word it leaves as it was.
// No plain shared load at all: every access of the tile is an atomic, and the column read is
// 32-way conflicted all the same.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            atomicExch(&tile[threadIdx.y + j][threadIdx.x], in[(y + j) * cols + x]);
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = atomicAdd(&tile[threadIdx.x][threadIdx.y + j], 0.0f);
}
