// tilelab kernel collection: CUHD, a massively parallel Huffman decoder (self-synchronising subsequences, ICPP '18)
// Source:  https://github.com/dingwentao/GPU-lossless-compression/blob/f34461d8c5834fe5c71839a83c8fbeb7da97fa59/cuhd-icpp/src/cuhd_gpu_decoder.cu
//          (dingwentao/GPU-lossless-compression, commit f34461d; CUHD by André Weißenberger, directory cuhd-icpp/)
// Licence: LGPL-3.0 (cuhd-icpp/LICENSE; the source's own notice is kept below, unchanged)
// Kept, unchanged: cuhd_gpu_decoder.cu lines 1-10 and 15-420 (decode_subsequence and the five kernels); removed: lines 11-14
//       (the host header and thrust includes) and 421-524 (the host's CUHDGPUDecoder::decode); copied in: below, marked.
/*****************************************************************************
 *
 * CUHD - A massively parallel Huffman decoder
 *
 * released under LGPL-3.0
 *
 * 2017-2018 André Weißenberger
 *
 *****************************************************************************/

// ---- copied in: the headers' include chain (cuhd_gpu_decoder.h -> cuhd_codetable.h -> <memory>) gives std::uint32_t
#include <cstdint>
// ---- copied in: cuhd-icpp/include/cuhd_constants.h lines 14-24
// maximum codeword length this decoder can process
#define MAX_CODEWORD_LENGTH 11

// data type of a unit
#define UNIT_TYPE std::uint32_t

// data type of a symbol
#define SYMBOL_TYPE std::uint8_t

// data type for storing the bit length of codewords
#define BIT_COUNT_TYPE std::uint8_t
// ---- copied in: cuhd-icpp/include/cuhd_codetable.h lines 19-23 (and the namespace's closing brace)
namespace cuhd {
    struct CUHDCodetableItemSingle {
        BIT_COUNT_TYPE num_bits;
        SYMBOL_TYPE symbol;
    };
}
// ---- end of the copied lines; cuhd_gpu_decoder.cu from line 15:

__device__ __forceinline__ void decode_subsequence(
    std::uint32_t subsequence_size,
    std::uint32_t current_subsequence,
    UNIT_TYPE mask,
    std::uint32_t shift,
    std::uint32_t start_bit,
    std::uint32_t &in_pos,
    const UNIT_TYPE* __restrict__ in_ptr,
    UNIT_TYPE &window,
    UNIT_TYPE &next,
    std::uint32_t &last_word_unit,
    std::uint32_t &last_word_bit,
    std::uint32_t &num_symbols,
    std::uint32_t &out_pos,
    SYMBOL_TYPE* out_ptr,
    std::uint32_t &next_out_pos,
    const cuhd::CUHDCodetableItemSingle* __restrict__ table,
    const std::uint32_t bits_in_unit,
    std::uint32_t &last_at,
    bool overflow,
    bool write_output) {

    // current unit in this subsequence
    std::uint32_t current_unit = 0;
    
    // current bit position in unit
    std::uint32_t at = start_bit;

    // number of symbols found in this subsequence
    std::uint32_t num_symbols_l = 0;

    // perform overflow from previous subsequence
    if(overflow && current_subsequence > 0) {

        // shift to start
        UNIT_TYPE copy_next = next;
        copy_next >>= bits_in_unit - at;

        next <<= at;
        window <<= at;
        window += copy_next;

        // decode first symbol
        std::uint32_t taken = table[(window & mask) >> shift].num_bits;

        copy_next = next;
        copy_next >>= bits_in_unit - taken;

        next <<= taken;
        window <<= taken;
        at += taken;
        window += copy_next;

        // overflow
        if(at > bits_in_unit) {
            ++in_pos;
            window = in_ptr[in_pos];
            next = in_ptr[in_pos + 1];
            at -= bits_in_unit;
            window <<= at;
            next <<= at;

            copy_next = in_ptr[in_pos + 1];
            copy_next >>= bits_in_unit - at;
            window += copy_next;
        }

        else {
            ++in_pos;
            window = in_ptr[in_pos];
            next = in_ptr[in_pos + 1];
            at = 0;
        }
    }
    
    while(current_unit < subsequence_size) {
        
        while(at < bits_in_unit) {
            const cuhd::CUHDCodetableItemSingle hit =
                table[(window & mask) >> shift];
            
            // decode a symbol
            std::uint32_t taken = hit.num_bits;
            ++num_symbols_l;

            if(write_output) {
                if(out_pos < next_out_pos) {
                    out_ptr[out_pos] = hit.symbol;
                    ++out_pos;
                }
            }
            
            UNIT_TYPE copy_next = next;
            copy_next >>= bits_in_unit - taken;

            next <<= taken;
            window <<= taken;
            last_word_bit = at;
            at += taken;
            window += copy_next;
            last_word_unit = current_unit;
        }
        
        // refill decoder window if necessary
        ++current_unit;
        ++in_pos;
        
        window = in_ptr[in_pos];
        next = in_ptr[in_pos + 1];
        
        if(at == bits_in_unit) {
            at = 0;
        }

        else {
            at -= bits_in_unit;
            window <<= at;
            next <<= at;
            
            UNIT_TYPE copy_next = in_ptr[in_pos + 1];
            copy_next >>= bits_in_unit - at;
            window += copy_next;
        }
    }
    
    num_symbols = num_symbols_l;
    last_at = at;
}

__global__ void phase1_decode_subseq(
    std::uint32_t subsequence_size,
    std::uint32_t total_num_subsequences,
    std::uint32_t table_size,
    const UNIT_TYPE* __restrict__ in_ptr,
    const cuhd::CUHDCodetableItemSingle* __restrict__ table,
    uint4* sync_points,
    const std::uint32_t bits_in_unit) {
    
    const std::uint32_t gid = blockDim.x * blockIdx.x + threadIdx.x;
    
    if(gid < total_num_subsequences) {

        std::uint32_t current_subsequence = gid;
        std::uint32_t in_pos = gid * subsequence_size;

        // mask
        const UNIT_TYPE mask = ~(((UNIT_TYPE) (0) - 1) >> table_size);

        // shift right
        const std::uint32_t shift = bits_in_unit - table_size;

        std::uint32_t out_pos = 0;
        std::uint32_t next_out_pos = 0;
        std::uint8_t* out_ptr = 0;

        // sliding window
        UNIT_TYPE window = in_ptr[in_pos];
        UNIT_TYPE next = in_ptr[in_pos + 1];

        // start bit of last codeword in this subsequence
        std::uint32_t last_word_unit = 0;
        std::uint32_t last_word_bit = 0;

        // number of symbols found in this subsequence
        std::uint32_t num_symbols = 0;
        
        // bit position of next codeword
        std::uint32_t last_at = 0;
        
        std::uint32_t subsequences_processed = 0;
        bool synchronised_flag = false;   
        
        while(subsequences_processed < blockDim.x) {
        
            if(!synchronised_flag
                && current_subsequence < total_num_subsequences) {

                decode_subsequence(subsequence_size, current_subsequence,
                    mask, shift, last_at, in_pos, in_ptr, window, next,
                    last_word_unit, last_word_bit, num_symbols,
                    out_pos, out_ptr, next_out_pos, table, bits_in_unit,
                    last_at, false, false);
                
                if(subsequences_processed == 0) {
                    sync_points[current_subsequence] =
                        {last_word_unit, last_word_bit, num_symbols, 1};
                }

                else {
                    uint4 sync_point = sync_points[current_subsequence];
                    
                    // if sync point detected
                    if(sync_point.x == last_word_unit
                        && sync_point.y == last_word_bit) {
                            sync_point.z = num_symbols;
                            sync_point.w = 1;
                            synchronised_flag = true;
                    }
                    
                    // correct erroneous position data
                    else {
                        sync_point.x = last_word_unit;
                        sync_point.y = last_word_bit;
                        sync_point.z = num_symbols;
                        sync_point.w = 0;
                    }
                    
                    sync_points[current_subsequence] = sync_point;
                }
            }
            
            ++current_subsequence;
            ++subsequences_processed;
            
            __syncthreads();
        }
    }
}

__global__ void phase2_synchronise_blocks(
    std::uint32_t subsequence_size,
    std::uint32_t total_num_subsequences,
    std::uint32_t table_size,
    std::uint32_t num_blocks,
    const UNIT_TYPE* __restrict__ in_ptr,
    const cuhd::CUHDCodetableItemSingle* __restrict__ table,
    uint4* sync_points,
    SYMBOL_TYPE* block_synchronised,
    const std::uint32_t bits_in_unit) {
    
    const std::uint32_t gid = blockDim.x * blockIdx.x + threadIdx.x;
    const std::uint32_t num_of_seams = num_blocks - 1;

    if(gid < num_of_seams) {
    
        // mask
        const UNIT_TYPE mask = ~(((UNIT_TYPE) (0) - 1) >> table_size);

        // shift
        const std::uint32_t shift = bits_in_unit - table_size;

        std::uint32_t out_pos = 0;
        std::uint32_t next_out_pos = 0;
        std::uint8_t* out_ptr = 0;
        
        // jump to first sequence of the block
        std::uint32_t current_subsequence = (gid + 1) * blockDim.x;
        
        // search for synchronised sequences at the end of previous block
        uint4 sync_point = sync_points[current_subsequence - 1];
        
        // current unit
        std::uint32_t in_pos = (current_subsequence - 1) * subsequence_size;
        
        // start bit of last codeword in this subsequence
        std::uint32_t last_word_unit = 0;
        std::uint32_t last_word_bit = 0;

        // number of symbols found in this subsequence
        std::uint32_t num_symbols = 0;
        
        std::uint32_t last_at = sync_point.y;
        
        in_pos += sync_point.x;
        
        // sliding window
        UNIT_TYPE window = in_ptr[in_pos];
        UNIT_TYPE next = in_ptr[in_pos + 1];
        
        std::uint32_t subsequences_processed = 0;
        bool synchronised_flag = false;

        while(subsequences_processed < blockDim.x) {
        
            if(!synchronised_flag) {
                decode_subsequence(subsequence_size, current_subsequence,
                    mask, shift, last_at, in_pos, in_ptr,
                    window, next, last_word_unit, last_word_bit, num_symbols,
                    out_pos, out_ptr, next_out_pos, table, bits_in_unit,
                    last_at, true, false);
                
                sync_point = sync_points[current_subsequence];
                
                // if sync point detected
                if(sync_point.x == last_word_unit
                    && sync_point.y == last_word_bit) {
                        sync_point.z = num_symbols;
                        sync_point.w = 1;
                    
                        block_synchronised[gid + 1] = 1;
                        synchronised_flag = true;
                }
                
                // correct erroneous position data
                else {
                    sync_point.x = last_word_unit;
                    sync_point.y = last_word_bit;
                    sync_point.z = num_symbols;
                    sync_point.w = 0;
                    block_synchronised[gid + 1] = 0;
                }
                
                sync_points[current_subsequence] = sync_point;
            }
            
            ++current_subsequence;
            ++subsequences_processed;
            
            __syncthreads();
        }
    }
}

__global__ void phase3_copy_num_symbols_from_sync_points_to_aux(
    std::uint32_t total_num_subsequences,
    const uint4* __restrict__ sync_points,
    std::uint32_t* subsequence_output_sizes) {

    const std::uint32_t gid = blockDim.x * blockIdx.x + threadIdx.x;

    if(gid < total_num_subsequences) {
        subsequence_output_sizes[gid] = sync_points[gid].z;
    }
}

__global__ void phase3_copy_num_symbols_from_aux_to_sync_points(
    std::uint32_t total_num_subsequences,
    uint4* sync_points,
    const std::uint32_t* __restrict__ subsequence_output_sizes) {

    const std::uint32_t gid = blockDim.x * blockIdx.x + threadIdx.x;

    if(gid < total_num_subsequences) {
        sync_points[gid].z = subsequence_output_sizes[gid];
    }
}

__global__ void phase4_decode_write_output(
    std::uint32_t subsequence_size,
    std::uint32_t total_num_subsequences,
    std::uint32_t table_size,
    const UNIT_TYPE* __restrict__ in_ptr,
    SYMBOL_TYPE* out_ptr,
    std::uint32_t output_size,
    cuhd::CUHDCodetableItemSingle* table,
    const uint4* __restrict__ sync_points,
    const std::uint32_t bits_in_unit) {
    
    const std::uint32_t gid = blockDim.x * blockIdx.x + threadIdx.x;

    if(gid < total_num_subsequences) {
        
        // mask
        const UNIT_TYPE mask = ~(((UNIT_TYPE) (0) - 1) >> table_size);

        // shift
        const size_t shift = bits_in_unit - table_size;

        // start bit of last codeword in this subsequence
        std::uint32_t last_word_unit = 0;
        std::uint32_t last_word_bit = 0;
        
        // number of symbols found in this subsequence
        std::uint32_t num_symbols = 0;
        
        // bit position of next codeword
        std::uint32_t last_at = 0;
        
        std::uint32_t current_subsequence = gid;
        std::uint32_t in_pos = current_subsequence * subsequence_size;
        
        uint4 sync_point = sync_points[current_subsequence];
        uint4 next_sync_point = sync_points[current_subsequence + 1];
        
        std::uint32_t out_pos = sync_point.z;
        std::uint32_t next_out_pos = gid == total_num_subsequences - 1 ?
            output_size : next_sync_point.z;
        
        if(gid > 0) {
            sync_point = sync_points[current_subsequence - 1];
            in_pos = (current_subsequence - 1) * subsequence_size;
        }
        
        // sliding window
        UNIT_TYPE window = in_ptr[in_pos];
        UNIT_TYPE next = in_ptr[in_pos + 1];
        
        // start bit
        std::uint32_t start = 0;
        
        if(gid > 0) {
            in_pos += sync_point.x;
            start = sync_point.y;

            window = in_ptr[in_pos];
            next = in_ptr[in_pos + 1];
        }

        // overflow from previous subsequence, decode, write output
        decode_subsequence(subsequence_size, current_subsequence, mask, shift,
            start, in_pos, in_ptr, window, next,
            last_word_unit, last_word_bit, num_symbols, out_pos, out_ptr,
            next_out_pos, table, bits_in_unit, last_at, true, true);
    }
}
