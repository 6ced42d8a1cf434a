// tilelab kernel collection: a loop whose loaded value ptxas proves dead across trips (BenLib's tableless2 miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirty-second unseen suite")
// Licence: MIT, as the repository
// Issue 23: BenLib's CRC32_byte_tableless2_kernel's one-byte loads run once in the whole loop on the H200, once
// a 4-byte trip in the PTX (docs/SASS_COUNTS.md, "Loads ptxas removed from a loop"). reproDeadLoad: the step
// as NVVM folds it, c = (((c ^ d[i]) >> 2) & 1) ^ (c >> 8); after any trip c is 0 or 1, so four trips later
// nothing of it is left (NVVM unrolls by 4, one load a trip; whether ptxas keeps only the last trip's load
// depends on the loop's shape: as this for loop it keeps one a trip, as the warp's below it does not).
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
