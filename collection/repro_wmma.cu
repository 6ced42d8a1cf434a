// tilelab kernel collection: WMMA, which the emulator refused before issue 23
// Source:  tilelab (written for this repository; docs/MMA_FORMS.md lists the forms it runs)
// Licence: MIT, as the repository
//
// Its own file: <mma.h> needs crt/mma.h, which some CUDA installs lack (the runtime wheels leave it out;
// tilelab/compile.py finds it in the nvcc wheel or a toolkit), and a missing header would stop
// every kernel of a file that includes it.

#include <mma.h>
// WMMA (nvcuda::wmma, m16n16k16, fp16 in, fp32 accumulate): A from shared memory, B from
// global (column-major), C loaded, scaled element by element through the fragment, D stored
// column-major. Before issue 23 the emulator refused every wmma instruction.
__global__ void reproWmmaScaledAccumulator(const half* a, const half* b, const float* c, float* d)
{
    using namespace nvcuda;
    __shared__ half sa[16 * 16];
    for (int i = threadIdx.x; i < 16 * 16; i += 32)
        sa[i] = a[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
    wmma::load_matrix_sync(fa, sa, 16);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    for (int i = 0; i < fc.num_elements; i++)
        fc.x[i] *= 2.0f;
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}


// The SASS accesses WMMA loads and stores become (emu/wmma_traffic.py), one kernel per family,
// so that ncu checks their per-lane addresses (sectors, wavefronts), not only their number.
// fp16 m32n8k16: A column-major in shared with a padded ldm of 40 (LDSM.x4 x2, conflicting rows),
// B row-major in shared (LDSM.x2.T), C fp32 column-major in shared (32-bit LDS), D row-major to
// global (64-bit STG).
__global__ void reproWmmaPaddedShared(const half* a, const half* b, const float* c, float* d)
{
    using namespace nvcuda;
    __shared__ __align__(32) half sa[16 * 40];
    __shared__ __align__(32) half sb[16 * 8];
    __shared__ __align__(32) float sc[8 * 32];
    for (int i = threadIdx.x; i < 16 * 40; i += 32)
        sa[i] = a[i];
    for (int i = threadIdx.x; i < 16 * 8; i += 32)
        sb[i] = b[i];
    for (int i = threadIdx.x; i < 8 * 32; i += 32)
        sc[i] = c[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 32, 8, 16, half, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 32, 8, 16, half, wmma::row_major> fb;
    wmma::fragment<wmma::accumulator, 32, 8, 16, float> fc;
    wmma::load_matrix_sync(fa, sa, 40);
    wmma::load_matrix_sync(fb, sb, 8);
    wmma::load_matrix_sync(fc, sc, 32, wmma::mem_col_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 8, wmma::mem_row_major);
}

// int8 m8n32k16 (computed transposed): A column-major from global (byte loads), B column-major
// from global (32-bit), C int32 row-major from global, D column-major to shared, then copied out.
__global__ void reproWmmaInt8Transposed(const signed char* a, const signed char* b, const int* c, int* d)
{
    using namespace nvcuda;
    __shared__ __align__(32) int sd[32 * 8];
    wmma::fragment<wmma::matrix_a, 8, 32, 16, signed char, wmma::col_major> fa;
    wmma::fragment<wmma::matrix_b, 8, 32, 16, signed char, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 8, 32, 16, int> fc;
    wmma::load_matrix_sync(fa, a, 8);
    wmma::load_matrix_sync(fb, b, 16);
    wmma::load_matrix_sync(fc, c, 32, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(sd, fc, 8, wmma::mem_col_major);
    __syncwarp();
    for (int i = threadIdx.x; i < 32 * 8; i += 32)
        d[i] = sd[i];
}

// tf32 m16n16k8: A row-major from shared through a generic pointer (tf32's header code names no
// state space: generic LD that lands in shared), B column-major from global, C row-major, D
// column-major (both global).
__global__ void reproWmmaTf32Generic(const float* a, const float* b, const float* c, float* d)
{
    using namespace nvcuda;
    __shared__ __align__(32) float sa[16 * 8];
    for (int i = threadIdx.x; i < 16 * 8; i += 32)
        sa[i] = a[i];
    __syncwarp();
    wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> fa;
    wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> fb;
    wmma::fragment<wmma::accumulator, 16, 16, 8, float> fc;
    wmma::load_matrix_sync(fa, sa, 8);
    wmma::load_matrix_sync(fb, b, 8);
    wmma::load_matrix_sync(fc, c, 16, wmma::mem_row_major);
    wmma::mma_sync(fc, fa, fb, fc);
    wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}
