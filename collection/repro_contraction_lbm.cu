// tilelab kernel collection: minimal reproductions of the two ways ptxas fused GPU-LBMsim's MRT products
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirty-fourth unseen suite")
// Licence: MIT, as the repository
//
// (collection/lbmsim_core_gpu.cu; docs/FIDELITY.md, "a thirty-fourth unseen suite"). Written for the project, no
// third-party code. reproSharedProducts: two products that only an add and a sub read, each reading both (the MRT
// collision's `m3 * m3 + m5 * m5` and `m3 * m3 - m5 * m5`): ptxas keeps one an FMUL and fuses the other into both
// (the first operand of the first of them); `flip` puts the sub's operands the other way round. reproSlowPathChain:
// a product, then a sqrtf and a division whose slow-path calls ptxas branches around, then a line whose sub reads
// the product (an FADD: left apart) and whose own mul and sub fuse (the MRT-LES update of m8).

__global__ void reproSharedProducts(const float *a, const float *b, float *sum, float *diff, int flip, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float p = a[i] * a[i];
        float q = b[i] * b[i];
        sum[i] = p + q;
        diff[i] = flip ? q - p : p - q;
    }
}

__global__ void reproSlowPathChain(const float *a, const float *b, const float *c, const float *e, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        float p = a[i] * b[i];
        float s = sqrtf(c[i]);
        float r = 1.0f / (s + 1.0f);
        out[i] = e[i] - r * (e[i] - p);
    }
}
