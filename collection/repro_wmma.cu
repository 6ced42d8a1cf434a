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

