// tilelab kernel collection: a minimal reproduction of pybind11-cuda's crc_cuda_fast staged-byte reads
// Source:  tilelab (written for this repository; docs/FIDELITY.md, "a thirty-second unseen suite")
// Licence: MIT, as the repository
//
// (collection/pbcrc_crc_cuda.cu; docs/FIDELITY.md, "a thirty-second unseen suite"). Written for the project, no
// third-party code: the loop of include_data (a table-driven CRC-32 over each thread's 128 staged bytes read
// through an unsigned char pointer) with the race of the original removed (the table filled before a barrier,
// each staging pass fenced by __syncwarp). NVRTC 12.9 and 13.0 read the bytes as four ld.shared.v4.u8 a
// 16-byte trip off a register 8 bytes past a 16-byte boundary ([r-8], [r-4], [r], [r+4]); ptxas, which keeps the
// trip loop, reads them as two LDS.64.

__device__ void crc_bytes(unsigned &crc, const unsigned char *bytes, const unsigned *table, int num) {
    for (int j = 0; j < num; j++) {
        crc = crc << 8 ^ table[bytes[j] ^ crc >> 24];
    }
}

// Block 64: each thread's chunk is chunksize words of message (a multiple of 32), staged 32 words a pass,
// transposed through each warp as crc_cuda_fast stages them; crc_out gets each thread's CRC of its chunk.
__global__ void reproCrcFastRows(const unsigned *message, int chunksize, const unsigned *crc_table,
                                 unsigned *crc_out) {
    __shared__ unsigned s_table[256];
    __shared__ unsigned s_crc[64];
    __shared__ unsigned s_data[64 * 32];

    const unsigned *part = &message[blockIdx.x * 64 * chunksize];
    auto *s_bytes = reinterpret_cast<unsigned char *>(&s_data);
    unsigned thread = threadIdx.x;
    unsigned windex = thread % 32;
    unsigned warpstart = thread - windex;

    s_crc[thread] = 0;
    s_table[thread] = crc_table[thread];
    s_table[thread + 64] = crc_table[thread + 64];
    s_table[thread + 128] = crc_table[thread + 128];
    s_table[thread + 192] = crc_table[thread + 192];
    __syncthreads();
    for (int i = 0; i < chunksize; i += 32) {
        for (int j = 0; j < 32; j++) {
            s_data[(warpstart + j) * 32 + windex] = part[(warpstart + j) * chunksize + i + windex];
        }
        __syncwarp();
        crc_bytes(s_crc[thread], &s_bytes[thread * 32 * 4], s_table, 32 * 4);
        __syncwarp();
    }
    crc_out[blockIdx.x * 64 + thread] = s_crc[thread];
}
