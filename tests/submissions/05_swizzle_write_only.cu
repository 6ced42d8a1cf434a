// The swizzle on the write only: tile[r][c ^ r] = ... on the write, but the read takes
// tile[r][c] unswizzled, where that element no longer is. Wrong values.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposeSwizzled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];         // element (r, c) lives at tile[r][c ^ r]

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = threadIdx.y + j, c = threadIdx.x;
        if (x < cols && y + j < rows)
            tile[r][c ^ r] = in[(y + j) * cols + x];
    }
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = threadIdx.x, c = threadIdx.y + j;
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[r][c];
    }
}
