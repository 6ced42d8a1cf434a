// tilelab kernel collection: a minimal reproduction of CUDA_AES's first-round key loads (four source lines, one LDS.128)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirty-fifth unseen suite")
// Licence: MIT, as the repository
//
// (collection/caes_128_ctr.cu; docs/FIDELITY.md, "a thirty-fifth unseen suite"). Written for the project, no
// third-party code. reproPoolLines: a counter loop whose bound is loaded from memory, whose first statements read
// rk[0], rk[1], rk[2] and rk[3] on four lines (CUDA_AES's `s0 = s0 ^ rkS[0];` ...): NVVM hoists the four loads out
// of the loop and gives them two or more of those lines, ptxas merges them into one LDS.128 and places it on
// another line. The count model merges them too, but left the lines to the PTX: a merged group whose members lie
// on several lines was not planned the model's way in the pool of moved accesses (sass_model._moved).

__global__ void reproPoolLines(const unsigned *g, const unsigned long long *range, unsigned *out)
{
    __shared__ unsigned rk[44];
    if (threadIdx.x < 44) rk[threadIdx.x] = g[threadIdx.x];
    __syncthreads();
    unsigned n = *range;
    unsigned a = out[threadIdx.x], b = a + 1, c = a + 2, d = a + 3;
    for (unsigned i = 0; i < n; i++) {
        unsigned s0 = a, s1 = b, s2 = c, s3 = d;
        s0 = s0 ^ rk[0];
        s1 = s1 ^ rk[1];
        s2 = s2 ^ rk[2];
        s3 = s3 ^ rk[3];
        for (unsigned char r = 0; r < 9; r++) {
            unsigned t = s0 ^ rk[4 * r + 4] ^ (s1 >> 3);
            s1 = s1 ^ rk[4 * r + 5] ^ (s2 << 5); s2 = s2 ^ rk[4 * r + 6] ^ s3; s3 = s3 ^ rk[4 * r + 7] ^ t; s0 = t;
        }
        a += s0; b += s1; c += s2; d += s3; d++;
    }
    out[threadIdx.x] = a ^ b ^ c ^ d;
}
