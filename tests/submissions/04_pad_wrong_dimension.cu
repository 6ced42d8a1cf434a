// transposePadded with the padding on the wrong dimension ([33][32]): an extra row changes
// nothing, the rows are still 32 words apart: a 32-way conflict on the tile read.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM + 1][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
