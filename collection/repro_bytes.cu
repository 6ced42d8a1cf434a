// tilelab kernel collection: per-thread byte copies into a local context and out (mochimo's hashes' miss)
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a seventeenth unseen suite")
// Licence: MIT, as the repository
//
// Issue 23: byte memcpys NVVM leaves as loops with no line (.loc 1 0), which ptxas unrolls by 4 with
// remainder copies placed on the line before each loop (docs/SASS_COUNTS.md, "Byte copies with no line").
// As mochimo's Keccak and BLAKE2b do: each thread copies its message into a context in local memory
// (a length the compiler cannot see), mixes it, and copies the context's bytes out. The partial second
// block's last threads return at the guard. The __constant__ key is read as the hashes read their tables
// (without one the emulator builds no cubin to check this kernel against).

__constant__ unsigned char reproByteKey[8] = {0x5c, 0x36, 0x01, 0x80, 0xa5, 0x0f, 0xf0, 0x3c};

struct ReproByteCtx {
    unsigned long long len;
    unsigned char q[136];
};

__device__ void reproByteAbsorb(ReproByteCtx* c, const unsigned char* in, unsigned long long len)
{
    unsigned long long n = len < sizeof(c->q) ? len : sizeof(c->q);
    memcpy(c->q, in, n);
    c->len = n;
}

__global__ void reproByteCopies(const unsigned char* msg, unsigned inlen, unsigned char* out, unsigned outlen,
                                unsigned n_batch)
{
    unsigned t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= n_batch)
        return;
    ReproByteCtx c;
    reproByteAbsorb(&c, msg + (unsigned long long)t * inlen, inlen);
    for (unsigned long long i = 0; i < c.len; i++)
        c.q[i] ^= reproByteKey[i & 7];   // a __constant__ read, as the hashes' tables
    memcpy(out + (unsigned long long)t * outlen, c.q, outlen < c.len ? outlen : c.len);
}
