// tilelab kernel collection: PFAC's time-driven Parallel Failureless Aho-Corasick string-matching kernel
// Source:  https://github.com/pfac-lib/PFAC/blob/1504f1881c323f65177bd3ee7a6b83a1f8234cf0/PFAC/src/PFAC_kernel.cu
//          (pfac-lib/PFAC, commit 1504f18; PFAC r1.2, Lin et al., "Accelerating String Matching Using
//          Multi-threaded Algorithm on GPU", IEEE GLOBECOM 2010), with the two defines of PFAC/include/PFAC_P.h
//          the kernel uses (same commit).
// Licence: Apache-2.0 (the repository's PFAC/LICENSE; the file's own notice kept below).
// Kept:    PFAC_kernel.cu lines 1-40 (notice and the authors' comments), 61-85 (block-size defines, the texture
//          reference and tex_lookup, the kernel's declaration), 246-458 (the SUBSEG_MATCH macros and the kernel),
//          unchanged. Removed: the host includes (lines 42-48), the include of PFAC_P.h (line 50, replaced by its
//          lines 181-182 below), the extern "C" declaration of the host wrapper (lines 52-58) and the host wrapper
//          PFAC_kernel_timeDriven_warpper (lines 87-244).
// Launches: the wrapper's PFAC_kernel_timeDriven<THREAD_BLOCK_SIZE, EXTRA_SIZE_PER_TB, TEXTURE_ON, SMEM_ON>
//          <<<num_blocks, 256>>>(table, (int*) input, input_size, n_hat, num_finalState, initial_state,
//          num_blocks - 1, result) with n_hat = ceil(input_size / 4), num_blocks = ceil(n_hat / 256), texture off
//          (PFAC_TEXTURE_OFF), shared memory on and off.

/*
 *  Copyright 2011 Chen-Hsiung Liu, Lung-Sheng Chien, Cheng-Hung Lin,and Shih-Chieh Chang
 *
 *  Licensed under the Apache License, Version 2.0 (the "License");
 *  you may not use this file except in compliance with the License.
 *  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 *  Unless required by applicable law or agreed to in writing, software
 *  distributed under the License is distributed on an "AS IS" BASIS,
 *  WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 *  See the License for the specific language governing permissions and
 *  limitations under the License.
 */

/*
 *  F = number of final states, we label final states from s{1}, s{2}, ... s{F}
 *  and initial state is s{F+1}. s{0} is of no use.
 *
 *  if maximum pattern length is less than 512, then we will load transition function
 *  of initial state to shared memory, so we requires THREAD_BLOCK_SIZE = 256 such that
 *  each thread load one transition pair into shared memory 
 */

/*
 *  we know load unbalance is important in pattern matching
 *
 *  so far, kernel has 100% occupancy, 6 thread blocks, 256 threads per block.
 *  resource usage: 14 regs. 2560 Bytes smem
 *
 *  Remark 1: if we want to relax load unbalance, then 8 blocks is an option,
 *            say 8 x 192 = 1536 threads
 *
 *  Remark 2: if we can relax occupancy to 1024 threads /SM, then each thread can
 *            use 32 registers and each block can use 6KB smem.
 *            we can use 256 threads per block and 16 paths per thread or
 *                       128 threads per block and 16 paths per thread
 *
 */

// ---- from PFAC/include/PFAC_P.h lines 181-182
#define  CHAR_SET    256
#define  TRAP_STATE  0xFFFFFFFF
// ---- end of PFAC_P.h

#define THREAD_BLOCK_EXP   (8)
#define EXTRA_SIZE_PER_TB  (128)
#define THREAD_BLOCK_SIZE  (1 << THREAD_BLOCK_EXP)

#if THREAD_BLOCK_SIZE != 256 
    #error THREAD_BLOCK_SIZE != 256 
#endif

texture < int, 1, cudaReadModeElementType > tex_PFAC_table;

static __inline__  __device__ int tex_lookup(int state, int inputChar)
{ 
    return  tex1Dfetch(tex_PFAC_table, state*CHAR_SET + inputChar);
}

template <int BLOCKSIZE, int EXTRA_SIZE_TB, int TEXTURE_ON , int SMEM_ON >
__global__ void PFAC_kernel_timeDriven(
    int *d_PFAC_table, 
    int *d_input_string, 
    int input_size,
    int n_hat, 
    int num_finalState, 
    int initial_state, 
    int num_blocks_minus1,
    int *d_match_result );


/*
 *  (1) transition table of initial state is in the shared memory phi_s02s1
 *      we don't need to look up table in texture tex_PFAC_table
 *
 *  (2) final states are reordered as 1, 2, ..., k
 *      so state number <= k (number of final states) means final state
 */
#define  SUBSEG_MATCH( j, match ) \
    pos = tid + j * BLOCKSIZE ;\
    if ( pos < bdy ){ \
        inputChar = s_char[pos]; \
        state = phi_s02s1[ inputChar ]; \
        if ( TRAP_STATE != state ){ \
            if ( state <= num_finalState ){ \
                match = state;\
            } \
            pos = pos + 1; \
            while ( pos < bdy ) { \
                inputChar = s_char[pos]; \
                state = tex_lookup(state, inputChar); \
                if ( TRAP_STATE == state ){ break ;} \
                if ( state <= num_finalState ){ \
                    match = state;\
                }\
                pos = pos + 1;\
            }\
        }\
    }
// end macro

#define  SUBSEG_MATCH_NOTEX( j, match ) \
    pos = tid + j * BLOCKSIZE ;\
    if ( pos < bdy ){ \
        inputChar = s_char[pos]; \
        state = phi_s02s1[ inputChar ]; \
        if ( TRAP_STATE != state ){ \
            if ( state <= num_finalState ){ \
                match = state;\
            } \
            pos = pos + 1; \
            while ( pos < bdy ) { \
                inputChar = s_char[pos]; \
                state = *(d_PFAC_table + state*CHAR_SET + inputChar); \
                if ( TRAP_STATE == state ){ break ;} \
                if ( state <= num_finalState ){ \
                    match = state;\
                }\
                pos = pos + 1;\
            }\
        }\
    }
// end macro

#define  SUBSEG_MATCH_NOSMEM( j, match ) \
    pos = ( gbid * BLOCKSIZE * 4 ) + tid + j * BLOCKSIZE ;\
    if ( pos < input_size ){ \
        inputChar = (unsigned char) char_d_input_string[pos]; \
        state = phi_s02s1[ inputChar ]; \
        if ( TRAP_STATE != state ){ \
            if ( state <= num_finalState ){ \
                match = state;\
            } \
            pos = pos + 1; \
            while ( pos < input_size ) { \
                inputChar = (unsigned char) char_d_input_string[pos]; \
                state = tex_lookup(state, inputChar); \
                if ( TRAP_STATE == state ){ break ;} \
                if ( state <= num_finalState ){ \
                    match = state;\
                }\
                pos = pos + 1;\
            }\
        }\
    }
// end macro

#define  SUBSEG_MATCH_NOSMEM_NOTEX( j, match ) \
    pos = ( gbid * BLOCKSIZE * 4 ) + tid + j * BLOCKSIZE ;\
    if ( pos < input_size ){ \
        inputChar = (unsigned char) char_d_input_string[pos]; \
        state = phi_s02s1[ inputChar ]; \
        if ( TRAP_STATE != state ){ \
            if ( state <= num_finalState ){ \
                match = state;\
            } \
            pos = pos + 1; \
            while ( pos < input_size ) { \
                inputChar = (unsigned char) char_d_input_string[pos]; \
                state = *(d_PFAC_table + state*CHAR_SET + inputChar); \
                if ( TRAP_STATE == state ){ break ;} \
                if ( state <= num_finalState ){ \
                    match = state;\
                }\
                pos = pos + 1;\
            }\
        }\
    }
// end macro


#define MANUAL_EXPAND_2( X )   { X ; X ; }
#define MANUAL_EXPAND_4( X )   { MANUAL_EXPAND_2( MANUAL_EXPAND_2( X ) )  }

/*
 *  each thread loads one integer (32-bit) to shared memory s_input[ BLOCKSIZE + EXTRA_SIZE_TB]
 *  also read extra size of this thread block
 *
 *  Example: thread block = 256 and extra size = 128, then each thread read twice
 *      if ( start < n_hat ){
 *          s_input[tid] = d_input_string[start];
 *      }
 *      start += BLOCKSIZE ;
 *      if ( (start < n_hat) && (tid < EXTRA_SIZE_TB) ){
 *           s_input[tid+BLOCKSIZE] = d_input_string[start];
 *      }
 *      __syncthreads();
 *
 *  in general, EXTRA_SIZE_TB may not be BLOCKSIZE/2
 *
 *
 *  occupancy
 *
 *  sm_20:
 *     Used 15 registers, 1024+0 bytes smem, 80 bytes cmem[0] => 1536 threads per SM 
 *      
 *  sm_13:
 *     Used 13 registers, 1072+16 bytes smem, 4 bytes cmem[1] => 1024 threads per SM 
 *
 */
template <int BLOCKSIZE, int EXTRA_SIZE_TB, int TEXTURE_ON , int SMEM_ON >
__global__ void PFAC_kernel_timeDriven(int *d_PFAC_table, int *d_input_string, int input_size,
    int n_hat, int num_finalState, int initial_state, int num_blocks_minus1,
    int *d_match_result )
{
    int tid  = threadIdx.x ;
    int gbid = blockIdx.y * gridDim.x + blockIdx.x ;
    int start = gbid * BLOCKSIZE + tid ;
    int pos;     
    int state;
    int inputChar;
    int match[4] = {0,0,0,0};
    __shared__ int s_input[ BLOCKSIZE + EXTRA_SIZE_TB];
    __shared__ int phi_s02s1[ 256 ] ;
    volatile unsigned char *s_char;
    char * char_d_input_string ;

    if ( gbid > num_blocks_minus1 ){
        return ; // whole block is outside input stream
    }

    // load transition table of initial state to shared memory
    if ( TEXTURE_ON ){
        phi_s02s1[ tid ] = tex_lookup(initial_state, tid); 
    }else{
        phi_s02s1[ tid ] = *(d_PFAC_table + initial_state*CHAR_SET + tid );
    }

    if ( SMEM_ON ){      
    
        s_char = (unsigned char *)s_input;

        // read global data to shared memory
        if ( start < n_hat ){
            s_input[tid] = d_input_string[start];
        }
        start += BLOCKSIZE ;
        if ( (start < n_hat) && (tid < EXTRA_SIZE_TB) ){
            s_input[tid+BLOCKSIZE] = d_input_string[start];
        }
    }// if SMEM_ON
    
    __syncthreads(); // important because of phi_s02s1
    
    // bdy = number of legal characters starting at gbid*BLOCKSIZE*4
    int bdy = input_size - ( gbid * BLOCKSIZE * 4 );

    if ( SMEM_ON ){  
        if ( TEXTURE_ON ){
            int j = 0 ;
            MANUAL_EXPAND_4( SUBSEG_MATCH(j, match[j]) ; j++ ; ) 
        }else{
            int j = 0 ;
            MANUAL_EXPAND_4( SUBSEG_MATCH_NOTEX(j, match[j]) ; j++ ;)
        }
    }else{
        char_d_input_string = (char*)d_input_string ; // used only when SMEM_ON = 0
        if ( TEXTURE_ON ){
            int j = 0 ;
            MANUAL_EXPAND_4( SUBSEG_MATCH_NOSMEM(j, match[j]) ; j++ ; ) 
        }else{
            int j = 0 ;
            MANUAL_EXPAND_4( SUBSEG_MATCH_NOSMEM_NOTEX(j, match[j]) ; j++ ;)
        }
    }

    // write 4 results  match[0:3] to global d_match_result[0:input_size)
    // one thread block processes (BLOCKSIZE * 4) substrings
    start = gbid * (BLOCKSIZE * 4) + tid ;

    if ( gbid < num_blocks_minus1 ){
        #pragma unroll
        for (int j = 0 ; j < 4 ; j++ ){
            d_match_result[start] = match[j];
            start += BLOCKSIZE ;
        }
    }else{
        int j = 0 ;
        MANUAL_EXPAND_4( if (start>=input_size) return ; d_match_result[start] = match[j]; \
            j++ ; start += BLOCKSIZE ; )
    }
}
