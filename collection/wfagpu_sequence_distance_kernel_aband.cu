// tilelab kernel collection: WFA-GPU's distance-only gap-affine WFA kernel with the adaptive band (wavefronts of blockDim offsets in shared memory, recentred every band steps)
// Source:  https://github.com/quim0/WFA-GPU/blob/98aaefe5f07fe51cca675a2ee84ee229ebb763fb/lib/kernels/sequence_distance_kernel_aband.cu
//          (quim0/WFA-GPU, commit 98aaefe: gap-affine wavefront alignment on the GPU, Aguado-Puig et al.)
// Licence: MIT (the file's own notice, kept below; the repository's LICENSE is the same MIT licence).
// Kept, unchanged: lines 22-24 (stdbool.h, stdio.h, cuda_runtime.h) and 27-416. Removed: lines 25-26 (the project's includes).
// Copied in, marked: lib/wfa_types.h's types, enums and backtrace macros (lines 28-64), lib/affine_penalties.h (25-30), lib/alignment_results.h's alignment_result_t (37-42), utils/sequences.h's sequence_pair_t (28-36), sequence_distance_kernel_aband.cuh's <stdint.h> include, macros, wavefront type and prototype (lines 25, 31-53) and lib/kernels/common_alignment_kernels.cuh's device helpers (lines 21-126).
/*
 * Copyright (c) 2022 Quim Aguado
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
// ---- sequence_distance_kernel_aband.cu, lines 22-24
#include <stdbool.h>
#include <stdio.h>
#include <cuda_runtime.h>
// ---- copied from lib/kernels/sequence_distance_kernel_aband.cuh (same commit), lines 25-25
#include <stdint.h>
// ---- copied from lib/wfa_types.h (same commit), lines 28-64
// The maximum sequence length is determined by the size of the offset, in this
// case a signed 16-bit integer (so 2^15 useful bits, as values <0 are
// considered NULL)
#define MAX_SEQ_LEN (1UL << 15)
typedef int16_t wfa_offset_t;

#define wfa_backtrace_bits 32
typedef uint32_t bt_vector_t;
typedef uint32_t bt_prev_t;

typedef struct
{
    bt_vector_t backtrace;
    bt_prev_t prev;
} wfa_backtrace_t;

typedef enum {
    OP_NOOP = 0,
    OP_INS = 1,
    OP_SUB = 2,
    OP_DEL = 3
} affine_op_t;

static const char ops_ascii[4] = {'?', 'I', 'X', 'D'};

typedef enum {
    GAP_OPEN = 1,
    GAP_EXTEND
} gap_op_t;

// Height * width
#define BT_OFFLOADED_ELEMENTS(max_steps) \
                        (((max_steps) * 2 + 1) \
                        * ((max_steps) * 2 / (wfa_backtrace_bits / 2)))

#define BT_OFFLOADED_RESULT_ELEMENTS(max_steps) \
                        ((max_steps) * 2 / (wfa_backtrace_bits / 2))
// ---- copied from lib/affine_penalties.h (same commit), lines 25-30
typedef struct {
    // Match is always 0 for WFA to work
    int x; // mismatch
    int o; // gap-open
    int e; // gap-extend
} affine_penalties_t;
// ---- copied from lib/alignment_results.h (same commit), lines 37-42
typedef struct {
    bool finished;
    int distance;
    wfa_backtrace_t backtrace;
    int num_bt_blocks;
} alignment_result_t;
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
// ---- copied from lib/kernels/sequence_distance_kernel_aband.cuh (same commit), lines 31-53
#define EWAVEFRONT_V(k,offset) ((offset)-(k))
#define EWAVEFRONT_H(k,offset) (offset)
#define EWAVEFRONT_DIAGONAL(h,v) ((h)-(v))
#define EWAVEFRONT_OFFSET(h,v)   (h)

typedef struct {
    int16_t hi;
    int16_t lo;
    wfa_offset_t* offsets;
    bool exist;
} wfa_distance_aband_wavefront_t;

__global__ void distance_kernel_aband (
                            const char* packed_sequences_buffer,
                            const sequence_pair_t* sequences_metadata,
                            const size_t num_alignments,
                            const int max_steps,
                            uint8_t* const wf_data_buffer,
                            const affine_penalties_t penalties,
                            alignment_result_t* results,
                            uint32_t* const next_alignment_idx,
                            const size_t num_sh_offsets_per_wf,
                            const int band);
// ---- copied from lib/kernels/common_alignment_kernels.cuh (same commit), lines 21-126


#define MAX_PB(A, B) llmax((A), (B))
#define MAX(A, B) max((A), (B))
#define MIN(A, B) min((A), (B))

#define OFFSET_NULL -32000

__device__ static wfa_offset_t WF_extend_kernel (const char* text,
                                  const char* pattern,
                                  const int tlen,
                                  const int plen,
                                  const int k,
                                  const wfa_offset_t offset_k) {
    int v  = EWAVEFRONT_V(k, offset_k);
    int h  = EWAVEFRONT_H(k, offset_k);

    if (offset_k < 0 || v > plen || h > tlen) return OFFSET_NULL;

    const int bases_to_cmp = 16;
    int acc = 0;
    // Compare 16 bases at once
    while (v < plen && h < tlen) {
        // Which byte to pick
        const int real_v = v / 4;
        const int real_h = h / 4;

        // Get the displacement inside the aligned word
        const int pattern_displacement = v % bases_to_cmp;
        const int text_displacement = h % bases_to_cmp;

        // 0xffffffffffffff00
        constexpr uintptr_t alignment_mask = (uintptr_t)-1 << 2;
        uint32_t* word_p_ptr = (uint32_t*)((uintptr_t)(pattern + real_v) & alignment_mask);
        uint32_t* next_word_p_ptr = word_p_ptr + 1;
        uint32_t* word_t_ptr = (uint32_t*)((uintptr_t)(text + real_h) & alignment_mask);
        uint32_t* next_word_t_ptr = word_t_ptr + 1;

        // * 2 because each element is 2 bits
        uint32_t sub_word_p_1 = *word_p_ptr;
        uint32_t sub_word_p_2 = *next_word_p_ptr;
        sub_word_p_1 = sub_word_p_1 << (pattern_displacement * 2);
        // Convert the u32 to big-endian, as little endian inverts the order
        // for the sequences.
        sub_word_p_2 = *next_word_p_ptr;
        // Cast to uint64_t is done to avoid undefined behaviour in case
        // it's shifted by 32 elements.
        // ----
        // The type of the result is that of the promoted left operand. The
        // behavior is undefined if the right operand is negative, or
        // greater than or equal to the length in bits of the promoted left
        // operand.
        // ----
        sub_word_p_2 = ((uint64_t)sub_word_p_2) >>
            ((bases_to_cmp - pattern_displacement) * 2);

        uint32_t sub_word_t_1 = *word_t_ptr;
        sub_word_t_1 = sub_word_t_1 << (text_displacement * 2);
        uint32_t sub_word_t_2 = *next_word_t_ptr;
        sub_word_t_2 = ((uint64_t)sub_word_t_2) >>
            ((bases_to_cmp - text_displacement) * 2);

        const uint32_t word_p = sub_word_p_1 | sub_word_p_2;
        const uint32_t word_t = sub_word_t_1 | sub_word_t_2;

        uint32_t diff = word_p ^ word_t;
        // Branchless method to remove the equal bits if we read "too far away"
        constexpr uint32_t full_mask = (uint32_t)-1;
        const int next_v = v + bases_to_cmp;
        const int next_h = h + bases_to_cmp;
        const uint32_t mask_p = full_mask << ((next_v - plen) * 2 * (next_v > plen));
        const uint32_t mask_t = full_mask << ((next_h - tlen) * 2 * (next_h > tlen));
        diff = diff | ~mask_p | ~mask_t;

        int lz = __clz(diff);

        // each element has 2 bits
        const int eq_elements = lz / 2;
        acc += eq_elements;

        if (eq_elements < bases_to_cmp) {
            break;
        }


        v += bases_to_cmp;
        h += bases_to_cmp;
    }

    return offset_k + acc;
}

__forceinline__
__device__ int compute_distance_to_target (const wfa_offset_t offset,
                                          const int k,
                                          const int plen,
                                          const int tlen) {
    const wfa_offset_t left_v = plen - EWAVEFRONT_V(k, offset);
    const wfa_offset_t left_h = tlen - EWAVEFRONT_H(k, offset);
    return (offset >= 0) ? MAX(left_v,left_h) : INT_MAX;
}

__device__ static uint32_t get_alignment_idx (uint32_t* const next_alignment_idx) {
    uint32_t old_val = atomicAdd(next_alignment_idx, 1);
    return old_val;
}
// ---- sequence_distance_kernel_aband.cu, lines 27-416

__forceinline__
__device__ static wfa_offset_t get_offset (const wfa_distance_aband_wavefront_t* const wf,
                                    int k) {
    if (k > wf->hi || k < wf->lo) return OFFSET_NULL;
    return wf->offsets[k - wf->lo];
}

__forceinline__
__device__ static void set_offset (wfa_distance_aband_wavefront_t* const wf,
                            int k,
                            wfa_offset_t value) {
    if (k > wf->hi || k < wf->lo) {
        return;
    }
    wf->offsets[k - wf->lo] = value;
}

__device__ static void next_M (wfa_distance_aband_wavefront_t* M_wavefronts,
                        const int curr_wf,
                        const int active_working_set_size,
                        const int x,
                        const char* text,
                        const char* pattern,
                        const int tlen,
                        const int plen,
                        const int d) {
    // The wavefront do not grow in case of mismatch
    const wfa_distance_aband_wavefront_t* prev_wf = &M_wavefronts[(curr_wf + x) % active_working_set_size];

    const int hi = prev_wf->hi;
    const int lo = prev_wf->lo;

    for (int k=lo + threadIdx.x; k <= hi; k+=blockDim.x) {
        wfa_offset_t curr_offset = get_offset(prev_wf, k) + 1;

        // Only extend and update backtrace if the previous offset exist
        if (curr_offset >= 0) {
            curr_offset = WF_extend_kernel(text, pattern,
                                           tlen, plen, k, curr_offset);
        }

        set_offset(&M_wavefronts[curr_wf], k, curr_offset);
    }

    if (threadIdx.x == 0) {
        M_wavefronts[curr_wf].hi = hi;
        M_wavefronts[curr_wf].lo = lo;
        M_wavefronts[curr_wf].exist= true;
    }
}

__device__ static void next_MDI (wfa_distance_aband_wavefront_t* M_wavefronts,
                          wfa_distance_aband_wavefront_t* I_wavefronts,
                          wfa_distance_aband_wavefront_t* D_wavefronts,
                          const int curr_wf,
                          const int active_working_set_size,
                          const int x,
                          const int o,
                          const int e,
                          const char* text,
                          const char* pattern,
                          const int tlen,
                          const int plen,
                          const int band,
                          const int num_sh_offsets_per_wf,
                          const int d) {
    wfa_distance_aband_wavefront_t* const prev_wf_x  = &M_wavefronts[(curr_wf + x) % active_working_set_size];
    wfa_distance_aband_wavefront_t* const prev_wf_o  = &M_wavefronts[(curr_wf + o + e) % active_working_set_size];
    wfa_distance_aband_wavefront_t* const prev_I_wf_e = &I_wavefronts[(curr_wf + e) % active_working_set_size];
    wfa_distance_aband_wavefront_t* const prev_D_wf_e = &D_wavefronts[(curr_wf + e) % active_working_set_size];

    const int hi_ID = MAX(prev_wf_o->hi, MAX(prev_I_wf_e->hi, prev_D_wf_e->hi)) + 1 ;
    int hi    = MAX(prev_wf_x->hi, hi_ID);
    const int lo_ID = MIN(prev_wf_o->lo, MIN(prev_I_wf_e->lo, prev_D_wf_e->lo)) - 1;
    int lo    = MIN(prev_wf_x->lo, lo_ID);

    while ((hi-lo) > num_sh_offsets_per_wf-1) {
        hi--;
        if ((hi-lo) <= num_sh_offsets_per_wf-1) break;
        lo++;
    }

    // TODO: make cooperative
    const int prev_lo = prev_wf_x->lo;
    const int prev_hi = prev_wf_x->hi;

    if (((prev_hi-prev_lo) >= num_sh_offsets_per_wf-1) && (d % band) == 0) {
        // start with current center
        int bmind = 2 * (tlen + plen);
        int new_center = prev_lo;
        for (int i=prev_lo; i<prev_hi; i++) {
            wfa_offset_t boffset = get_offset( prev_wf_x, i);
            int d_to_target = compute_distance_to_target(boffset, i, plen, tlen);
            if (d_to_target < bmind) {
                bmind = d_to_target;
                new_center = i;
            }

        }
        // The offset with hte minimum distance gets centered
        lo = new_center - (num_sh_offsets_per_wf/2);
        hi = lo + num_sh_offsets_per_wf - 1;
    }

    if (threadIdx.x == 0) {
        M_wavefronts[curr_wf].hi = hi;
        M_wavefronts[curr_wf].lo = lo;
        M_wavefronts[curr_wf].exist = true;

        I_wavefronts[curr_wf].hi = hi;
        I_wavefronts[curr_wf].lo = lo;
        I_wavefronts[curr_wf].exist = true;

        D_wavefronts[curr_wf].hi = hi;
        D_wavefronts[curr_wf].lo = lo;
        D_wavefronts[curr_wf].exist = true;

    }

    __syncthreads();

    for (int k=lo + threadIdx.x; k <= hi; k+=blockDim.x) {
        // ~I offsets
        const wfa_offset_t I_gap_open_offset = get_offset(prev_wf_o, k - 1) + 1;
        const wfa_offset_t I_gap_extend_offset = get_offset(prev_I_wf_e, k - 1) + 1;

        int64_t I_offset = MAX(I_gap_open_offset, I_gap_extend_offset);

        set_offset(&I_wavefronts[curr_wf], k, I_offset);

        // ~D offsets
        const wfa_offset_t D_gap_open_offset = get_offset(prev_wf_o, k + 1);

        const wfa_offset_t D_gap_extend_offset = get_offset(prev_D_wf_e, k + 1);

        int64_t D_offset = MAX(D_gap_open_offset, D_gap_extend_offset);

        set_offset(&D_wavefronts[curr_wf], k, D_offset);

        // ~M update
        const wfa_offset_t X_offset = get_offset(prev_wf_x, k) + 1;

        wfa_offset_t M_offset = MAX(MAX((int64_t)X_offset, D_offset), I_offset);

        // Extend
        if (M_offset >= 0) {
            M_offset = WF_extend_kernel(text, pattern, tlen, plen, k, M_offset);
        }

        set_offset(&M_wavefronts[curr_wf], k, M_offset);
    }
}

__device__ static void update_curr_wf (wfa_distance_aband_wavefront_t* M_wavefronts,
                                       wfa_distance_aband_wavefront_t* I_wavefronts,
                                       wfa_distance_aband_wavefront_t* D_wavefronts,
                                       const int active_working_set_size,
                                       const int max_wf_size,
                                       int* curr_wf) {
    // As we read wavefronts "forward" in the waveronts arrays, so the wavefront
    // index is moved backwards.
    const int wf_idx = (*curr_wf - 1 + active_working_set_size) % active_working_set_size;
    *curr_wf = wf_idx;

}

__global__ void distance_kernel_aband (
                            const char* packed_sequences_buffer,
                            const sequence_pair_t* sequences_metadata,
                            const size_t num_alignments,
                            const int max_steps,
                            uint8_t* const wf_data_buffer,
                            const affine_penalties_t penalties,
                            alignment_result_t* results,
                            uint32_t* const next_alignment_idx,
                            const size_t num_sh_offsets_per_wf,
                            const int band) {
    const int tid = threadIdx.x;
    // m = 0 for WFA
    const int x = penalties.x;
    const int o = penalties.o;
    const int e = penalties.e;

    __shared__ uint32_t alignment_idx;

    // Get the first alignment to compute from the alignments pool
    // Initialise band
    if (tid == 0) {
        alignment_idx = get_alignment_idx(next_alignment_idx);
    }

    __syncthreads();

    extern __shared__ char sh_mem[];

    const int active_working_set_size = MAX(o+e, x) + 1;
    const int max_wf_size = 2 * max_steps + 1;

    // Offsets and backtraces must be 32 bits aligned to avoid unaligned access
    // errors on the structs
    int offsets_size = active_working_set_size * max_wf_size;
    offsets_size = offsets_size + (4 - (offsets_size % 4));

    // Wavefronts structres reside in shared
    wfa_distance_aband_wavefront_t* M_wavefronts = (wfa_distance_aband_wavefront_t*)sh_mem;
    wfa_distance_aband_wavefront_t* I_wavefronts = (M_wavefronts + active_working_set_size);
    wfa_distance_aband_wavefront_t* D_wavefronts = (I_wavefronts + active_working_set_size);

    wfa_offset_t* M_sh_offsets_base = (wfa_offset_t*)((uint32_t*)(D_wavefronts + active_working_set_size));
    wfa_offset_t* I_sh_offsets_base = M_sh_offsets_base
                                      + (num_sh_offsets_per_wf * active_working_set_size);
    wfa_offset_t* D_sh_offsets_base = I_sh_offsets_base
                                      + (num_sh_offsets_per_wf * active_working_set_size);

    for (int i=tid; i<active_working_set_size; i+=blockDim.x) {
        M_wavefronts[i].offsets = M_sh_offsets_base
                                         + (i * num_sh_offsets_per_wf);
        I_wavefronts[i].offsets = I_sh_offsets_base
                                         + (i * num_sh_offsets_per_wf);
        D_wavefronts[i].offsets = D_sh_offsets_base
                                         + (i * num_sh_offsets_per_wf);
    }

    // Iterate until there are no more alignments in the pool to compute
    while (alignment_idx < num_alignments) {
        const sequence_pair_t curr_batch_alignment_base = sequences_metadata[0];
        const size_t base_offset_packed = curr_batch_alignment_base.pattern_offset_packed;

        const sequence_pair_t metadata = sequences_metadata[alignment_idx];
        // Sequences with "N" chatacters not supported yet
        if (metadata.has_N) {
            if (tid == 0) {
                results[alignment_idx].distance = 0;
                results[alignment_idx].finished = false;
                alignment_idx = get_alignment_idx(next_alignment_idx);
            }
            __syncthreads();
            continue;
        }

        const char* text = packed_sequences_buffer + metadata.text_offset_packed - base_offset_packed;
        const char* pattern = packed_sequences_buffer + metadata.pattern_offset_packed - base_offset_packed ;
        const int tlen = metadata.text_len;
        const int plen = metadata.pattern_len;

        // Shared mem
        for (int i=tid; i<(num_sh_offsets_per_wf * active_working_set_size * 3); i+=blockDim.x) {
            M_sh_offsets_base[i] =  OFFSET_NULL;
        }

        for (int i=tid; i<active_working_set_size; i+=blockDim.x) {
            M_wavefronts[i].hi = 0;
            M_wavefronts[i].lo = 0;
            M_wavefronts[i].exist = false;

            I_wavefronts[i].hi = 0;
            I_wavefronts[i].lo = 0;
            I_wavefronts[i].exist = false;

            D_wavefronts[i].hi = 0;
            D_wavefronts[i].lo = 0;
            D_wavefronts[i].exist = false;
        }

        __syncthreads();

        int curr_wf = 0;

        if (tid == 0) {
            wfa_offset_t initial_ext = WF_extend_kernel(
                text,
                pattern,
                tlen, plen,
                0, 0);
            //M_wavefronts[curr_wf].offsets[0] = initial_ext;
            set_offset(&M_wavefronts[curr_wf], 0, initial_ext);
            M_wavefronts[curr_wf].exist = true;
        }

        __syncthreads();

        const int target_k = EWAVEFRONT_DIAGONAL(tlen, plen);
        const int target_k_abs = (target_k >= 0) ? target_k : -target_k;
        const wfa_offset_t target_offset = EWAVEFRONT_OFFSET(tlen, plen);

        bool finished = false;

        int distance = 0;
        // steps = number of editions
        int steps = 0;
        if (!(target_k_abs <= distance && M_wavefronts[curr_wf].exist && get_offset(&M_wavefronts[curr_wf], target_k) == target_offset)) {

            update_curr_wf(
                M_wavefronts,
                I_wavefronts,
                D_wavefronts,
                active_working_set_size,
                max_wf_size,
                &curr_wf);

            distance++;
            steps++;
            __syncthreads();

            while (steps < (max_steps - 1)) {

                bool M_exist = false;
                bool GAP_exist = false;
                const int o_delta = (curr_wf + o + e) % active_working_set_size;
                const int e_delta = (curr_wf + e) % active_working_set_size;
                const int x_delta = (curr_wf + x) % active_working_set_size;
                if ((distance - o - e) >= 0) {
                    // Just test ~I matrix as it will exist at the same wavefronts
                    // as ~D
                    GAP_exist = M_wavefronts[o_delta].exist ||
                                I_wavefronts[e_delta].exist;
                }

                if (GAP_exist) {
                    M_exist = true;
                } else {
                    if ((distance - x) >= 0) {
                        M_exist = M_wavefronts[x_delta].exist;
                    } 
                }

                if (!GAP_exist && !M_exist) {
                    M_wavefronts[curr_wf].exist = false;
                    D_wavefronts[curr_wf].exist = false;
                    I_wavefronts[curr_wf].exist = false;
                    distance++;
                } else {
                    if (M_exist && !GAP_exist) {
                        next_M(M_wavefronts, curr_wf, active_working_set_size, x,
                               text, pattern, tlen, plen, distance);
                        D_wavefronts[curr_wf].exist = false;
                        I_wavefronts[curr_wf].exist = false;
                    } else {
                        next_MDI(
                            M_wavefronts, I_wavefronts, D_wavefronts,
                            curr_wf, active_working_set_size,
                            x, o, e,
                            text, pattern, tlen, plen, band, num_sh_offsets_per_wf,
                            distance);

                        // Wavefront only grows if there's an operation in the ~I or
                        // ~D matrices
                        steps++;
                    }

                    __syncthreads();

                    if (target_k_abs <= distance && M_exist) {
                        if (get_offset(&M_wavefronts[curr_wf], target_k) == target_offset) {
                            finished = true;
                            break;
                        } else if (get_offset(&M_wavefronts[curr_wf], target_k) > target_offset) {
                            finished = false;
                            break;
                        }
                    }

                    distance++;
                }

            update_curr_wf(
                M_wavefronts,
                I_wavefronts,
                D_wavefronts,
                active_working_set_size,
                max_wf_size,
                &curr_wf);

            __syncthreads();
            }
        } else {
            finished = true;
        }

        if  (tid == 0) {
            results[alignment_idx].distance = distance;
            results[alignment_idx].finished = finished;
            results[alignment_idx].num_bt_blocks = 0;
        }
        // Get next alignment
        if (tid == 0) alignment_idx = get_alignment_idx(next_alignment_idx);
        __syncthreads();
    } // while
}
