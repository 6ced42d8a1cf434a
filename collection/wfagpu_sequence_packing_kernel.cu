// tilelab kernel collection: WFA-GPU's sequence packing kernel (ASCII bases to 2 bits, 16 per 32-bit word, an N check)
// Source:  https://github.com/quim0/WFA-GPU/blob/98aaefe5f07fe51cca675a2ee84ee229ebb763fb/lib/kernels/sequence_packing_kernel.cu
//          (quim0/WFA-GPU, commit 98aaefe: gap-affine wavefront alignment on the GPU, Aguado-Puig et al.)
// Licence: MIT (the file's own notice, kept below; the repository's LICENSE is the same MIT licence).
// Kept, unchanged: lines 22-23 (stdint.h, stdio.h) and 26-116 (compact_sequences). Removed: lines 24-25 (the project's includes).
// Copied in, marked: lib/wfa_types.h's wfa_offset_t (lines 28-32) and utils/sequences.h's sequence_pair_t (lines 28-36).
/*
 * Copyright (c) 2021 Quim Aguado
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy of
 * this software and associated documentation files (the "Software"), to deal in
 * the Software without restriction, including without limitation the rights to
 * use, copy, modify, merge, publish, distribute, sublicense, and/or sell copies of
 * the Software, and to permit persons to whom the Software is furnished to do so,
 * subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY, FITNESS
 * FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR
 * COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER
 * IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
 * CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE SOFTWARE.
 */
// ---- sequence_packing_kernel.cu, lines 22-23
#include <stdint.h>
#include <stdio.h>
// ---- copied from lib/wfa_types.h (same commit), lines 28-32
// The maximum sequence length is determined by the size of the offset, in this
// case a signed 16-bit integer (so 2^15 useful bits, as values <0 are
// considered NULL)
#define MAX_SEQ_LEN (1UL << 15)
typedef int16_t wfa_offset_t;
// ---- copied from utils/sequences.h (same commit), lines 28-36
typedef struct {
    size_t text_offset;
    size_t pattern_offset;
    size_t text_offset_packed;
    size_t pattern_offset_packed;
    unsigned int text_len;
    unsigned int pattern_len;
    bool has_N; // True if sequences contains "N" characters
} sequence_pair_t;
// ---- sequence_packing_kernel.cu, lines 26-116

// Encode one sequence from 8 to 2 bits
__global__ void compact_sequences (const char* const sequences_in,
                                   char* const sequences_out,
                                   sequence_pair_t* const sequences_metadata) {
    const sequence_pair_t curr_batch_alignment_base = sequences_metadata[0];
    const size_t base_offset = curr_batch_alignment_base.pattern_offset;
    const size_t base_offset_packed = curr_batch_alignment_base.pattern_offset_packed;

    const size_t sequence_idx = blockIdx.x;
    sequence_pair_t* const curr_alignment = &sequences_metadata[sequence_idx / 2];
    const char* sequence_unpacked;
    char* sequence_packed;
    size_t sequence_unpacked_length;
    if ((sequence_idx % 2) == 0) {
        sequence_unpacked = &sequences_in[curr_alignment->pattern_offset - base_offset];
        sequence_unpacked_length = curr_alignment->pattern_len;
        sequence_packed = &sequences_out[curr_alignment->pattern_offset_packed - base_offset_packed];
    } else {
        sequence_unpacked = &sequences_in[curr_alignment->text_offset - base_offset];
        sequence_unpacked_length = curr_alignment->text_len;
        sequence_packed = &sequences_out[curr_alignment->text_offset_packed - base_offset_packed];
    }

    // Each sequence buffer is 32 bits aligned
    const int seq_buffer_len = sequence_unpacked_length
                               + (4 - (sequence_unpacked_length % 4));
    // Each thread packs 4 bytes into 1 byte.
    constexpr uint32_t max_seq_len = 1 << ((sizeof(wfa_offset_t) * 8) - 1);
    if (sequence_unpacked_length >= max_seq_len) {
        if (threadIdx.x == 0) {
            curr_alignment->has_N = true;
        }
        return;
    }

    for (int i=threadIdx.x; i<(seq_buffer_len/4); i += blockDim.x) {
        if (curr_alignment->has_N) break;
        uint32_t bases = *((uint32_t*)(sequence_unpacked + i*4));
        if (bases == 0)
            break;

        // N = 0x4e, initial implementation
        uint32_t has_N = (bases & 0xff) ^ 0x4e;
        has_N &= (bases >> 8) ^ 0x4e;
        has_N &= (bases >> 16) ^ 0x4e;
        has_N &= (bases >> 24) ^ 0x4e;
        if (has_N == 0) {
            curr_alignment->has_N = true;
            break;
        }

        // Extract bases SIMD like --> (base & 6) >> 1 for each element
        bases = (bases & 0x06060606) >> 1;

        const uint8_t base0 = bases & 0xff;
        const uint8_t base1 = (bases >> 8) & 0xff;
        const uint8_t base2 = (bases >> 16) & 0xff;
        const uint8_t base3 = (bases >> 24) & 0xff;

        // Reverse the bases, because they are read in little endian
        uint8_t packed_reg = base3;
        packed_reg |= (base2 << 2);
        packed_reg |= (base1 << 4);
        packed_reg |= (base0 << 6);

        // Byte idx if we were packing the sequences in big endian
        const int be_idx = i;

        // Save to the correct by to be little endian encoded for 32bits ints
        // TODO: Byte perm
        int le_byte_idx;
        switch (be_idx % 4) {
            case 0:
                le_byte_idx = be_idx + (3 - (be_idx % 4));
                break;
            case 1:
                le_byte_idx = be_idx + (be_idx % 4);
                break;
            case 2:
                le_byte_idx = be_idx - (3 - (be_idx % 4));
                break;
            case 3:
            default:
                le_byte_idx = be_idx - (be_idx % 4);
                break;
        }

        sequence_packed[le_byte_idx] = packed_reg;
    }
}
