// tilelab kernel collection: probes of how the H200 counts a generic load whose lanes mix the local and global
// windows (siblings of repro_generic_mix.cu: a lane mask, the local lanes' words spread, an image offset, a delay
// between the local stores and the loads, and 4-byte loads)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a twenty-fifth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23. Lane l of a warp reads the thread's local `pad` when bit l of local_mask is set, the image otherwise.
// With spread 4 the local lanes read word (lane % 8) of their own `pad`, so their bytes lie in different 128-byte
// rows of the interleaved local window (one sector per lane) where spread 0 puts them all in one word. img_offset
// moves the global lanes' bytes within their sectors; delay (ns) sleeps between the local stores and the loads.

__global__ void reproGenericMixMask(const unsigned char* img, int img_offset, unsigned char pad_value, int local_mask,
                                    int spread, int delay, unsigned char* out)
{
    unsigned char pad[32];
#pragma unroll
    for (int i = 0; i < 32; ++i)
        pad[i] = pad_value;
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    bool local = ((unsigned)local_mask >> lane) & 1u;
    const unsigned char* p = local ? pad + (lane & 7) * spread : img + img_offset + x * 3;
    if (delay > 0)
        __nanosleep(delay);
    out[x * 3 + 0] = p[0];
    out[x * 3 + 1] = p[1];
    out[x * 3 + 2] = p[2];
}

// The same split with 4-byte loads: two words a thread, the image's at a stride of 8 bytes.
__global__ void reproGenericMixWord(const unsigned* img, unsigned pad_value, int local_mask, unsigned* out)
{
    unsigned pad[2] = {pad_value, pad_value + 1u};
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % 32;
    bool local = ((unsigned)local_mask >> lane) & 1u;
    const unsigned* p = local ? pad : img + x * 2;
    out[x * 2 + 0] = p[0];
    out[x * 2 + 1] = p[1];
}
