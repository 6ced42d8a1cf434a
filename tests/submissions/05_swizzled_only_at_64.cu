// Swizzled only at 64 x 64, the size the rubric counts at: row-major [32][32] everywhere else.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposeSwizzled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];
    int m = (rows == 64 && cols == 64) ? 31 : 0;   // the XOR mask: 0 means no swizzle
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows) {
            int r = threadIdx.y + j;
            tile[r][threadIdx.x ^ (r & m)] = in[(y + j) * cols + x];
        }
    __syncthreads();
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols) {
            int r = threadIdx.x, c = threadIdx.y + j;
            out[(y + j) * rows + x] = tile[r][c ^ (r & m)];
        }
}
