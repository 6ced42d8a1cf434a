// tilelab kernel collection: a shared store a guarded store of the same word overwrites (AGAL's miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, the sixty-fourth unseen suite, unseen86)
// Licence: MIT, as the repository
//
// AGAL's lattice-Boltzmann kernels begin with s_ID_cblock[threadIdx.x] = -1; if (...) s_ID_cblock[threadIdx.x]
// = id_set_idev_L[kap]; NVVM stores the -1, branches over the guarded load and store, and joins; ptxas keeps
// the value in one register and stores it once after the join (@!P0 LDG R13; STS [R0], R13): one STS a warp,
// for every lane, at the first store's addresses (tilelab/emu/counters/overwritten.py). n = 40 of 64 threads:
// warp 0 takes the guarded store with every lane, warp 1 with 8 lanes; 2 STS run where the PTX has 4. Whether
// ptxas merges is its own choice (out[t] = s[63 - t] after the barrier keeps two STS, the second predicated):
// the rule holds only where the cubin has the one STS.
__global__ void reproOverwrittenStore(const int* __restrict__ in, int* __restrict__ out, int n)
{
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = -1;
    if (t < n)
    {
        s[t] = in[t];
    }
    __syncthreads();
    int i = s[t & 7];
    if (i >= 0)
        out[t] = i;
}
