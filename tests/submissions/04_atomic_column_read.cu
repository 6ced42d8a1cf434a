// The [32][32] tile with its column read through atomicOr(p, 0), which returns the word unchanged,
// plus one unused conflict-free load per row: the shared loads the rubric counted were all
// conflict-free, and the 32-way conflicted column read hid among the atomics (10 of 10 on the
// emulator). An atomic that returns data is now a read to the technique checks and the counts.
#define TILE_DIM 32
#define BLOCK_ROWS 8
__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();

    int wx = x, wy = y;                            // where this thread wrote the tile from
    x = blockIdx.y * TILE_DIM + threadIdx.x;
    y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        if (wx < cols && wy + j < rows) {          // a conflict-free load of an element it wrote, unused
            float unused = ((volatile float*)tile[threadIdx.y + j])[threadIdx.x];
            (void)unused;
        }
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] =
                __uint_as_float(atomicOr((unsigned int*)&tile[threadIdx.x][threadIdx.y + j], 0u));
    }
}
