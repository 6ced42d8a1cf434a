// tilelab kernel collection: a generic byte load whose pointer is the thread's local array on some lanes of a warp
// and a global image on the others (the twenty-fifth unseen suite's letterbox and OCR resize misses)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a twenty-fifth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23. tensorrtx's warpaffine_kernel and rec_preprocess_kernel read each tap through a pointer that is either
// the image or the thread's own `const_value[]` (the padding colour), so ptxas emits generic `LD.8`s. The
// emulator counts a global request for a warp with a global lane and the sectors of its global lanes; the H200's
// count for warps that mix the two windows is what this measures. Lanes (threadIdx.x % 32) in [local_from,
// local_to) read the local array; the padding value comes from a parameter so the array stays in memory.

__global__ void reproGenericMix(const unsigned char* img, unsigned char pad_value, int local_from, int local_to,
                                unsigned char* out)
{
    unsigned char pad[3] = {pad_value, pad_value, pad_value};
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    const unsigned char* p = (lane >= local_from && lane < local_to) ? pad : img + x * 3;
    out[x * 3 + 0] = p[0];
    out[x * 3 + 1] = p[1];
    out[x * 3 + 2] = p[2];
}
