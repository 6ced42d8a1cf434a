// tilelab kernel collection: minimal reproductions of a loop whose loaded value ptxas proves dead across trips
// (docs/FIDELITY.md, the thirty-second unseen suite: BenLib's CRC32_byte_tableless2_kernel, whose one-byte loads
// the H200 executes once in the whole loop where the PTX loads once a 4-byte trip; docs/SASS_COUNTS.md, "Loads
// ptxas removed from a loop").
//
// reproDeadLoad: the tableless2 step as NVVM folds it, c = (((c ^ d[i]) >> 2) & 1) ^ (c >> 8). After any trip c
// is 0 or 1, so four trips later nothing of it is left: NVVM unrolls by 4 and keeps one load a trip (the trip's
// last byte), ptxas sees c >> 24 is 0 after a trip and keeps only the last trip's load.
__global__ void reproDeadLoad(const unsigned char *d, unsigned long n, unsigned *out)
{
    unsigned c = 0xFFFFFFFFu;
    for (unsigned long i = 0; i < n; ++i)
        c = (((c ^ d[i]) >> 2) & 1) ^ (c >> 8);
    *out = ~c;
}

// the same step, one 32-lane warp, lane t reading byte i * 32 + t (one sector a trip)
__global__ void reproDeadLoadWarp(const unsigned char *d, unsigned n, unsigned *out)
{
    unsigned c = 0xFFFFFFFFu;
    for (unsigned i = 0; i < n; ++i)
        c = (((c ^ d[i * 32 + threadIdx.x]) >> 2) & 1) ^ (c >> 8);
    out[threadIdx.x] = ~c;
}

// a control: c >> 1 keeps every trip's bit, so every load stays live and ptxas keeps one a trip
__global__ void reproLiveLoad(const unsigned char *d, unsigned long n, unsigned *out)
{
    unsigned c = 0xFFFFFFFFu;
    for (unsigned long i = 0; i < n; ++i)
        c = ((c ^ d[i]) & 1) ^ (c >> 1);
    *out = ~c;
}
