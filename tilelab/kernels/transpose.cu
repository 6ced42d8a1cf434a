// transpose.cu: out = transpose(in) for a rows x cols row-major float matrix
// (out is cols x rows), and the bank conflicts of doing it through shared memory.
//
// Every kernel here uses 32 x 8 threads per block and a 32 x 32 tile, each thread
// handling 4 rows (TILE_DIM 32, BLOCK_ROWS 8). Bounds checks make any size work.
//   transposeNaive     reads coalesced, writes with a stride of `rows` floats.
//   transposeShared32  tile[32][32]: coalesced both ways, but reading a tile column
//                      hits one bank 32 times (32-way conflict).
//   transposePadded    tile[32][33]: the column read hits bank (33 i) % 32 = i.
//   transposeSwizzled  tile[r][c ^ r]: a bijection within each row and each column,
//                      so conflict-free with no extra bytes (Swizzle<5,0,5>).
//   transposePaddedColumnOrder, transposeSwizzledColumnOrder
//                      the same two kernels with the grid launched the other way round:
//                      blockIdx.x walks down the tile rows of `in`, so the blocks that run
//                      together write one contiguous band of `out` (DRAM writes in order).
//                      About 5% faster on an H200 (bench/gpu_transpose_variants.py).
//   copySameGeometry   the same geometry without the transpose: the bandwidth bar
//                      (with __restrict__, so that its loads can be in flight together).
//   copyFloat4         a float4 copy, 16 bytes per thread: the bandwidth ceiling.
//
// Launch: block = (32, 8), grid = (ceil(cols / 32), ceil(rows / 32));
//         the ColumnOrder kernels: grid = (ceil(rows / 32), ceil(cols / 32)).
//         copyFloat4: block = (256), grid = (ceil(n4 / 256)), n4 = element count / 4.
// The lines marked by the comment pair ">>> learner" / "<<< learner" are the learner's to write (exercises 04, 05;
// course/README.md).

#define TILE_DIM 32
#define BLOCK_ROWS 8

__global__ void transposeNaive(const float* in, float* out, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;       // column in `in`
    int y = blockIdx.y * TILE_DIM + threadIdx.y;       // row in `in`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            out[x * rows + (y + j)] = in[(y + j) * cols + x];
}

__global__ void transposeShared32(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;           // column in `out` = row in `in`
    y = blockIdx.x * TILE_DIM + threadIdx.y;           // row in `out` = column in `in`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposePadded(const float* in, float* out, int rows, int cols)
{
    // >>> learner
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];     // +1 float: rows shift one bank

    int x = blockIdx.x * TILE_DIM + threadIdx.x;       // column in `in`
    int y = blockIdx.y * TILE_DIM + threadIdx.y;       // row in `in`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.y * TILE_DIM + threadIdx.x;           // column in `out` = row in `in`
    y = blockIdx.x * TILE_DIM + threadIdx.y;           // row in `out` = column in `in`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
    // <<< learner
}

__global__ void transposeSwizzled(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];         // element (r, c) lives at tile[r][c ^ r]

    // >>> learner
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
        int r = threadIdx.x, c = threadIdx.y + j;      // read tile element (r, c) = in(row r, col c)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[r][c ^ r];
    }
    // <<< learner
}

// Column order: tile (blockIdx.y, blockIdx.x) of `in` is handled by block (blockIdx.x, blockIdx.y)
// of a grid launched as (ceil(rows / 32), ceil(cols / 32)). Only the two block indices swap.
__global__ void transposePaddedColumnOrder(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM + 1];

    int x = blockIdx.y * TILE_DIM + threadIdx.x;       // column in `in`
    int y = blockIdx.x * TILE_DIM + threadIdx.y;       // row in `in`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * cols + x];
    __syncthreads();

    x = blockIdx.x * TILE_DIM + threadIdx.x;           // column in `out`
    y = blockIdx.y * TILE_DIM + threadIdx.y;           // row in `out`
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}

__global__ void transposeSwizzledColumnOrder(const float* in, float* out, int rows, int cols)
{
    __shared__ float tile[TILE_DIM][TILE_DIM];

    int x = blockIdx.y * TILE_DIM + threadIdx.x;
    int y = blockIdx.x * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = threadIdx.y + j, c = threadIdx.x;
        if (x < cols && y + j < rows)
            tile[r][c ^ r] = in[(y + j) * cols + x];
    }
    __syncthreads();

    x = blockIdx.x * TILE_DIM + threadIdx.x;
    y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
        int r = threadIdx.x, c = threadIdx.y + j;
        if (x < rows && y + j < cols)
            out[(y + j) * rows + x] = tile[r][c ^ r];
    }
}

// __restrict__ promises that `in` and `out` never overlap. Without it the compiler must assume
// that each store may change what the next load reads, and issues load, store, load, store: one
// load in flight per thread, about 15% slower on an H200. (The transposes need no promise: their
// loads go to shared memory first, and all four are in flight before the barrier.)
__global__ void copySameGeometry(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x;
    int y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            out[(y + j) * cols + x] = in[(y + j) * cols + x];
}

__global__ void copyFloat4(const float4* in, float4* out, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4)
        out[i] = in[i];
}
