// transpose_variants.cu: the tuning study behind kernels/transpose.cu (bench/gpu_transpose_variants.py).
//
// One template, many switches, so each variant differs from the lesson's kernel in one
// named way. The baselines are the lesson's own kernels, compiled from kernels/transpose.cu
// by the script: tp_lesson = transposePadded, copy4_lesson = copyFloat4.
// Every variant keeps the lesson's geometry: 32 x 8 threads, a 32 x 32 tile,
// 4 rows per thread per tile.
// Every template variant takes __restrict__ pointers (tp_restrict: that change alone), so the
// loads may use the read-only path. The switches:
//   PAD      0: tile[32][32]; 1: tile[32][33]
//   SWZ      element (r, c) stored at tile[r][c ^ r] (with PAD 0)
//   SWAP     blockIdx.x walks tile rows of `in` (consecutive blocks write neighbouring
//            output columns) instead of tile columns (consecutive blocks read neighbours)
//   TILES    tiles per block, stacked down the rows of `in` (more loads in flight)
//   CS       streaming (evict-first) stores
//   ORDER    which tile a block takes, with the lesson's launch unchanged (grid = tiles of
//            `in`, x across columns): 0 row-major as launched; 1 column-major (consecutive
//            blocks walk down a tile column of `in`, so they write one contiguous band of
//            `out`); G > 1 grouped: column-major inside bands of G tile rows (the
//            rasterisation CUTLASS calls a threadblock swizzle)
// Launch: block (32, 8); grid (ceil(cols/32), ceil(rows/(32 TILES))), swapped when SWAP.

#define TILE_DIM 32
#define BLOCK_ROWS 8

template <int ORDER>
__device__ __forceinline__ void block_tile(int& bx, int& by)
{
    if (ORDER == 0) { bx = blockIdx.x; by = blockIdx.y; return; }
    int lin = blockIdx.x + gridDim.x * blockIdx.y;
    if (ORDER == 1) { by = lin % gridDim.y; bx = lin / gridDim.y; return; }
    int per_group = ORDER * gridDim.x;
    int first = (lin / per_group) * ORDER;
    int h = min((int)gridDim.y - first, ORDER);
    int k = lin % per_group;
    by = first + k % h;
    bx = k / h;
}

template <int PAD, bool SWZ, int TILES, bool SWAP, bool CS, int ORDER = 0>
__device__ __forceinline__ void transpose_body(const float* __restrict__ in, float* __restrict__ out,
                                               int rows, int cols)
{
    __shared__ float tile[TILES][TILE_DIM][TILE_DIM + PAD];
    int bx, by;
    block_tile<ORDER>(bx, by);
    if (SWAP) { bx = blockIdx.y; by = blockIdx.x; }   // the same as ORDER 1, by the launch
    int x = bx * TILE_DIM + threadIdx.x;
#pragma unroll
    for (int t = 0; t < TILES; ++t) {
        int y = (by * TILES + t) * TILE_DIM + threadIdx.y;
#pragma unroll
        for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
            int r = threadIdx.y + j, c = threadIdx.x;
            if (x < cols && y + j < rows)
                tile[t][r][SWZ ? (c ^ r) : c] = in[(size_t)(y + j) * cols + x];
        }
    }
    __syncthreads();
    int y = bx * TILE_DIM + threadIdx.y;              // row of `out` = column of `in`
#pragma unroll
    for (int t = 0; t < TILES; ++t) {
        int xo = (by * TILES + t) * TILE_DIM + threadIdx.x;   // column of `out`
#pragma unroll
        for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS) {
            int r = threadIdx.x, c = threadIdx.y + j;
            if (xo < rows && y + j < cols) {
                float v = tile[t][r][SWZ ? (c ^ r) : c];
                float* p = &out[(size_t)(y + j) * rows + xo];
                if (CS) __stcs(p, v); else *p = v;
            }
        }
    }
}

//                                                                  PAD SWZ   TILES SWAP   CS
__global__ void tp_restrict(const float* in, float* out, int r, int c)       { transpose_body<1, false, 1, false, false>(in, out, r, c); }
__global__ void tp_swap(const float* in, float* out, int r, int c)           { transpose_body<1, false, 1, true,  false>(in, out, r, c); }
__global__ void tp_2tiles(const float* in, float* out, int r, int c)         { transpose_body<1, false, 2, false, false>(in, out, r, c); }
__global__ void tp_2tiles_swap(const float* in, float* out, int r, int c)    { transpose_body<1, false, 2, true,  false>(in, out, r, c); }
__global__ void tp_4tiles(const float* in, float* out, int r, int c)         { transpose_body<1, false, 4, false, false>(in, out, r, c); }
__global__ void tp_cs(const float* in, float* out, int r, int c)             { transpose_body<1, false, 1, false, true >(in, out, r, c); }
__global__ void tp_2tiles_cs(const float* in, float* out, int r, int c)      { transpose_body<1, false, 2, false, true >(in, out, r, c); }
__global__ void ts_restrict(const float* in, float* out, int r, int c)       { transpose_body<0, true,  1, false, false>(in, out, r, c); }
__global__ void ts_swap(const float* in, float* out, int r, int c)           { transpose_body<0, true,  1, true,  false>(in, out, r, c); }
__global__ void ts_2tiles(const float* in, float* out, int r, int c)         { transpose_body<0, true,  2, false, false>(in, out, r, c); }
__global__ void ts_2tiles_swap(const float* in, float* out, int r, int c)    { transpose_body<0, true,  2, true,  false>(in, out, r, c); }
__global__ void ts_cs(const float* in, float* out, int r, int c)             { transpose_body<0, true,  1, false, true >(in, out, r, c); }
__global__ void t32_restrict(const float* in, float* out, int r, int c)      { transpose_body<0, false, 1, false, false>(in, out, r, c); }
__global__ void t32_swap(const float* in, float* out, int r, int c)          { transpose_body<0, false, 1, true,  false>(in, out, r, c); }
__global__ void t32_2tiles(const float* in, float* out, int r, int c)        { transpose_body<0, false, 2, false, false>(in, out, r, c); }

//                                                                  PAD SWZ   TILES SWAP   CS    ORDER
__global__ void tp_ordered(const float* in, float* out, int r, int c)        { transpose_body<1, false, 1, false, false, 1 >(in, out, r, c); }
__global__ void tp_g8(const float* in, float* out, int r, int c)             { transpose_body<1, false, 1, false, false, 8 >(in, out, r, c); }
__global__ void tp_g16(const float* in, float* out, int r, int c)            { transpose_body<1, false, 1, false, false, 16>(in, out, r, c); }
__global__ void tp_g32(const float* in, float* out, int r, int c)            { transpose_body<1, false, 1, false, false, 32>(in, out, r, c); }
__global__ void tp_g64(const float* in, float* out, int r, int c)            { transpose_body<1, false, 1, false, false, 64>(in, out, r, c); }
__global__ void tp_4tiles_ordered(const float* in, float* out, int r, int c) { transpose_body<1, false, 4, false, false, 1 >(in, out, r, c); }
__global__ void ts_ordered(const float* in, float* out, int r, int c)        { transpose_body<0, true,  1, false, false, 1 >(in, out, r, c); }
__global__ void ts_g16(const float* in, float* out, int r, int c)            { transpose_body<0, true,  1, false, false, 16>(in, out, r, c); }
__global__ void ts_g32(const float* in, float* out, int r, int c)            { transpose_body<0, true,  1, false, false, 32>(in, out, r, c); }
__global__ void ts_2tiles_ordered(const float* in, float* out, int r, int c) { transpose_body<0, true,  2, false, false, 1 >(in, out, r, c); }
__global__ void t32_ordered(const float* in, float* out, int r, int c)       { transpose_body<0, false, 1, false, false, 1 >(in, out, r, c); }

// The same-geometry copy, as in the lesson and block-ordered.
template <int ORDER>
__device__ __forceinline__ void copy_body(const float* __restrict__ in, float* __restrict__ out, int rows, int cols)
{
    int bx, by;
    block_tile<ORDER>(bx, by);
    int x = bx * TILE_DIM + threadIdx.x, y = by * TILE_DIM + threadIdx.y;
#pragma unroll
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            out[(size_t)(y + j) * cols + x] = in[(size_t)(y + j) * cols + x];
}
__global__ void copysg_lesson(const float* in, float* out, int r, int c)     { copy_body<0>(in, out, r, c); }
__global__ void copysg_ordered(const float* in, float* out, int r, int c)    { copy_body<1>(in, out, r, c); }
__global__ void copysg_g16(const float* in, float* out, int r, int c)        { copy_body<16>(in, out, r, c); }
// ... and without __restrict__ (as kernels/transpose.cu had it before this study): the compiler
// must assume a store to `out` may change `in`, so it issues load, store, load, store.
__global__ void copysg_alias(const float* in, float* out, int rows, int cols)
{
    int x = blockIdx.x * TILE_DIM + threadIdx.x, y = blockIdx.y * TILE_DIM + threadIdx.y;
    for (int j = 0; j < TILE_DIM; j += BLOCK_ROWS)
        if (x < cols && y + j < rows)
            out[(y + j) * cols + x] = in[(y + j) * cols + x];
}

// Copies: the float4 copy with __restrict__, and two float4 per thread.
__global__ void copy4_restrict(const float4* __restrict__ in, float4* __restrict__ out, int n4)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n4) out[i] = in[i];
}
__global__ void copy4_x2(const float4* __restrict__ in, float4* __restrict__ out, int n4)
{
    int i = blockIdx.x * 2 * blockDim.x + threadIdx.x;
    float4 a, b;
    bool ha = i < n4, hb = i + blockDim.x < n4;
    if (ha) a = in[i];
    if (hb) b = in[i + blockDim.x];
    if (ha) out[i] = a;
    if (hb) out[i + blockDim.x] = b;
}
