// tilelab kernel collection: cusnarks' 256-bit modular arithmetic kernels for zkSNARK provers over BN254 (add/sub mod p,
// reductions by shared memory and warp shuffles, Montgomery multiplication in inline-PTX carry chains, almost-inverse)
// Source:  https://github.com/druiz0992/cusnarks/blob/498a15656645cf5b8eb0ae3cc2747f578cbcd307/src/cuda/u256_device.cu
//          (druiz0992/cusnarks, commit 498a156)
// Licence: GPL-3.0-or-later (the repository's LICENSE; each file's own notice, kept below). This file stays under the GPL.
// Kept, unchanged: src/cuda/u256_device.cu lines 1-35 and 42-1452 (all of it: the file holds no host code); removed: lines
//       36-41 (the project includes), replaced by the headers they reach, copied in whole in that order, marked: types.h,
//       cuda.h, log.h (with the z1_device.h and z2_device.h it includes under __CUDACC__), utils_device.h,
//       u256_device.h, asm_device.h (their own project includes commented out, marked); and cusnarks_kernel.cu line 53 (the definition of mod_info_ct, which cuda.h declares
//       extern and the host fills with cudaMemcpyToSymbol). Built as src/cuda/Makefile builds it: -DPARALLEL_EN -DCU_ASM
//       -D_CASM -DLINUXINTEL64 (the top Makefile's DEFINES, in CFLAGS).
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : u256_kernel.cu
//
// Date       : 05/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Implementation of uint256 arithmetic
// ------------------------------------------------------------------

*/

#include <stdio.h>

// ---- src/cuda/types.h, lines 1-645 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : types.h
//
// Date       : 05/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//   Definition of basic data types and general constants
// ------------------------------------------------------------------

*/

#ifndef _TYPES_H_
#define _TYPES_H_

#define NWORDS_256BIT           (8)
#define NBITS_254BIT           (254)
#define NWORDS_256BIT_SHIFT     (3)
#define NWORDS_256BIT_FIOS (NWORDS_256BIT + 3)
#define NWORDS_256BIT_SOS  ((NWORDS_256BIT) * 2 + 2)
#define PRIME_BASE           (30)
#define NBITS_WORD           (32)
#define NBITS_WORD_LOG2      (5)
#define NBITS_WORD_MOD       (0x1F)
#define MAX_R1CSPOLY_NWORDS  (10000000)
#define MAX_R1CSPOLYTMP_NWORDS  (100000)

#define TRANSPOSE_BLOCK_SIZE  (32)
#define MAX_U256_BSELM  (12)
#define DEFAULT_U256_BSELM  (6)
#define DEFAULT_U256_BSELM_CUDA  (8)
#define MAX_PIPPENGERS_CONF (20)
#define DEFAULT_PIPPENGERS_CONF (0)
#define NBITS_BYTE (8)
#define EC_JACREDUCE_TABLE_LEN (256)
#define EC_JACREDUCE_BATCH_SIZE (5)
#define EC_JACREDUCE_FLAGS_INIT   (1)
#define EC_JACREDUCE_FLAGS_FINISH (1<<1)
#define EC_JACREDUCE_FLAGS_REDUCTION (1<<2)

#define R1CS_HDR_MAGIC_NUMBER  (0x73633172)
#define R1CS_HDR_V01           (1)
#define R1CS_HDR_START_OFFSET_NWORDS (8)

#define R1CS_SECTION_LEN_NBYTES (12)
#define R1CS_HDR_SECTION_TYPE (1)
#define R1CS_HDR_START_HDR_NBYTES (12)
#define R1CS_HDR_FIELDDEFSIZE_OFFSET_NBYTES (R1CS_HDR_START_HDR_NBYTES + R1CS_SECTION_LEN_NBYTES)
#define R1CS_CONST_START_OFFSET_NWORDS (R1CS_HDR_START_HDR_NBYTES/4)

#define WITNESS_HEADER_N_OFFSET_NWORDS (0)
#define WITNESS_HEADER_SIZE_OFFSET_NWORDS (2)
#define WITNESS_HEADER_OTHER_OFFSET_NWORDS (3)
#define WITNESS_HEADER_W_OFFSET_NWORDS (4)

#define WITNESS_HEADER_N_LEN_NWORDS (2)
#define WITNESS_HEADER_SIZE_LEN_NWORDS (1)
#define WITNESS_HEADER_OTHER_LEN_NWORDS (1)

#define WITNESS_HEADER_LEN_NWORDS (WITNESS_HEADER_W_OFFSET_NWORDS)

#define ECTABLE_DATA_OFFSET_WORDS (13) 

#define WARP_SIZE  (32)
#define WARP_HALF_SIZE (16)
#define WARP_DOUBLE_SIZE_NBITS (6)

#define U256_XOFFSET            (0 * NWORDS_256BIT)
#define U256_YOFFSET            (1 * NWORDS_256BIT)
#define U256_NDIMS              (1)
#define U256K_OFFSET            (U256_NDIMS * NWORDS_256BIT)

#define ECP_SCLOFFSET           (0 * NWORDS_256BIT)
#define ECK_INDIMS               (3)

// Jacobian
#define ECP_JAC_N256W                 (1)
#define ECP_JAC_INDIMS                (2) // X, Y
#define ECP_JAC_OUTDIMS               (3) // X, Y, Z
#define ECP_JAC_XOFFSET_BASE          (0)
#define ECP_JAC_YOFFSET_BASE          (1)
#define ECP_JAC_ZOFFSET_BASE          (2)
#define ECP_JAC_INXOFFSET             (0 * NWORDS_256BIT)
#define ECP_JAC_INYOFFSET             (1 * NWORDS_256BIT)
#define ECP_JAC_OUTXOFFSET            (0 * NWORDS_256BIT)
#define ECP_JAC_OUTYOFFSET            (1 * NWORDS_256BIT)
#define ECP_JAC_OUTZOFFSET            (2 * NWORDS_256BIT)
#define ECP_JAC_INOFFSET              (ECP_JAC_INDIMS * NWORDS_256BIT)
#define ECP_JAC_OUTOFFSET             (ECP_JAC_OUTDIMS * NWORDS_256BIT)

#define ECP2_JAC_N256W                 (2)
#define ECP2_JAC_INDIMS                (4) // X, Y
#define ECP2_JAC_OUTDIMS               (6) // X, Y, Z
#define ECP2_JAC_XOFFSET_BASE          (0)
#define ECP2_JAC_YOFFSET_BASE          (1)
#define ECP2_JAC_ZOFFSET_BASE          (2)
#define ECP2_JAC_INXOFFSET             (0 * 2 * NWORDS_256BIT)
#define ECP2_JAC_INYOFFSET             (1 * 2 * NWORDS_256BIT)
#define ECP2_JAC_OUTXOFFSET            (0 * 2 * NWORDS_256BIT)
#define ECP2_JAC_OUTYOFFSET            (1 * 2 * NWORDS_256BIT)
#define ECP2_JAC_OUTZOFFSET            (2 * 2 * NWORDS_256BIT)
#define ECP2_JAC_INOFFSET              (ECP2_JAC_INDIMS *  NWORDS_256BIT)
#define ECP2_JAC_OUTOFFSET             (ECP2_JAC_OUTDIMS * NWORDS_256BIT)

#define CUSNARKS_BLOCK_DIM      (256)
#define CUSNARKS_MAX_NCB        (32)
#define U256_BLOCK_DIM          (256)
#define ECBN128_BLOCK_DIM          (256)

#define N_STREAMS_PER_GPU (1+4)

#define SHMEM_WITNESS_KEY (123456)

typedef unsigned int uint32_t;
typedef int int32_t;
typedef unsigned long long int t_uint64;
typedef long long int t_int64;

typedef unsigned int uint256_t[NWORDS_256BIT];
typedef unsigned int uint512_t[2*NWORDS_256BIT];

typedef void (*t_subm) (uint32_t *, const uint32_t *, const uint32_t *);
typedef void (*t_addm) (uint32_t *, const uint32_t *, const uint32_t *);
typedef void (*t_mulm) (uint32_t *, const uint32_t *, const uint32_t *);
typedef void (*t_sqm)  (uint32_t *, const uint32_t *);
typedef void (*t_tomont)  (uint32_t *, const uint32_t *);
typedef void (*t_frommont)  (uint32_t *, const uint32_t *);
typedef void (t_ntt) (uint32_t *, const uint32_t *roots, uint32_t, t_uint64, t_uint64, int32_t);

typedef struct{
  t_subm subm_cb;
  t_addm addm_cb;
  t_mulm mulm_cb;
  t_sqm  sqm_cb;

}t_ff;

// prime number info for finite fields
typedef struct {
   uint32_t p[NWORDS_256BIT];
   uint32_t p_[NWORDS_256BIT];
   uint32_t r_[NWORDS_256BIT];
   uint32_t nonres[NWORDS_256BIT];
   uint32_t r2modp[NWORDS_256BIT];
   uint32_t r2[NWORDS_256BIT];
   // r =  1 << 256
   // p * p_ - r * r_ = 1 

}mod_info_t;

// BN128 curve defition : Y^2 = X^3 + b
// Generator point G=(gx, gy) is on the curve
// gx = 1 -> I defined it as an array because i need to conver it to Montgomery??
// gy = 2
typedef struct {
  uint32_t b[NWORDS_256BIT];
  uint32_t b2[2*NWORDS_256BIT];
  uint32_t g1x[NWORDS_256BIT];
  uint32_t g1y[NWORDS_256BIT];
  uint32_t g2x[2*NWORDS_256BIT];
  uint32_t g2y[2*NWORDS_256BIT];

}ecbn128_t;

typedef enum{
  ECBN128_PARAM_B = 0,
  ECBN128_PARAM_B2X = 8,
  ECBN128_PARAM_B2Y = 16,
  ECBN128_PARAM_G1X = 24,
  ECBN128_PARAM_G1Y = 32,
  ECBN128_PARAM_G2X = 40,
  ECBN128_PARAM_G2Y = 56,

  ECBN128_PARAM_N = 72,
}ecbn128_params_t;

// additional constants required
typedef struct {
  uint32_t _1[2*NWORDS_256BIT];
  uint32_t _inf[3*NWORDS_256BIT];
  uint32_t _inf2[6*NWORDS_256BIT];

}misc_const_t;

typedef enum{
  MISC_K_1 = 0,
  MISC_K_INF = 2, 
  MISC_K_INF2 = 5,
  MISC_K_N = 11
}misc_const_len_t;
/**
 * Holds the parameters necessary to "launch" a CUDA kernel (i.e. schedule it for
 * execution on some stream of some device).
 */
typedef struct {
        int blockD;
        int gridD;
        int smemS;  // in bytes
        int kernel_idx;
        int return_val;
        int in_offset;
        int return_offset;
} kernel_config_t;


// index to different primes used
typedef enum{
   MOD_GROUP = 0,
   MOD_FIELD,
   MOD_N

}mod_t;

typedef enum{
   FFT_T_DIT,
   FFT_T_DIF,
   FFT_T_MODE_N

}fft_mode_t;

typedef enum{
  MOD_INFO_P,
  MOD_INFO_P_,
  MOD_INFO_R_,
  MOD_INFO_NONRES,
  MOD_INFO_R2MODP,
  MOD_INFO_R2,
  MOD_INFO_N

}mod_info_name_t;

typedef enum {
  FMT_EXT = 0,
  FMT_MONT,
  FMT_N

}fmt_t;


typedef enum{
  SHMEM_T_WITNESS_32M = 0,
  SHMEM_T_WITNESS_64M,
  SHMEM_T_WITNESS_128M,

  SHMEM_T_N
}shmem_t;


// data vector
typedef struct{
  uint32_t *data;
  uint32_t length;
  uint32_t size;

}vector_t;

typedef enum{
  FFT_SIZE_2 = 1,
  FFT_SIZE_4,
  FFT_SIZE_8,
  FFT_SIZE_16,
  FFT_SIZE_32,
  FFT_SIZE_1024,
  FFT_SIZE_1M,
  FFT_SIZE_N

}fft_size_t;
  

typedef enum{
  FFT_T_1D = 0, // N < 32
  FFT_T_2D,     // 32 < N < 1024
  FFT_T_3D,     // 1024 < N < 2^20
  FFT_T_4D,     // 2^20 < N < 2^40
  FFT_T_N 

}fft_t;

typedef struct{
  fft_t fft_type;
  uint32_t fft_N[1<<(FFT_T_N-1)];
  uint32_t padding;
  uint32_t levels;
  
}fft_params_t;

// kernel input parameters
typedef struct{
   uint32_t premod; // data requires to be mod-ded as preprocessing stage  
   uint32_t premul;
   uint32_t in_length; // input data length (number of elements)
   uint32_t out_length; // output data length (number of elements)
   uint32_t stride; // data elemements processed by thread
   fft_size_t fft_Nx;
   uint32_t N_fftx;
   fft_size_t fft_Ny;
   uint32_t N_ffty;
   uint32_t forward;
   uint32_t padding_idx;
   uint32_t as_mont;
   mod_t    midx;   // index to prime number to be used by kernel

}kernel_params_t;

// kernel callback defition
typedef void (*kernel_cb)(uint32_t *out_vector_data,
                          uint32_t *in_vector_data,
                          kernel_params_t* params);

// index to u256 class kernels
typedef enum{
   CB_U256_ADDM = 0,
   CB_U256_SUBM,
   CB_U256_MOD,
   CB_U256_MULM,
   CB_U256_ADDM_REDUCE,
   CB_U256_ADDM_REDUCE_SHFL,
   CB_U256_SHR1,
   CB_U256_SHL1,
   CB_U256_SHL,
   CB_U256_ALMINV,
   CB_U256_MULM2,
   CB_U256_N

}u256_callback_t;

// index to ec128bn class kernels
typedef enum{
   //CB_EC_LDR_ADD = 0,
   //CB_EC_LDR_DOUBLE,
   //CB_EC_LDR_MUL,
   //CB_EC_LDR_MAD,
   CB_EC_JACAFF_ADD = 0,
   CB_EC_JAC_ADD,
   CB_EC_JACAFF_DOUBLE,
   CB_EC_JAC_DOUBLE,
   CB_EC_JAC_MUL,
   CB_EC_JAC_MUL1,
   CB_EC_JAC_MAD,
   CB_EC_JAC_MAD_SHFL,
   CB_EC_JAC_MUL_OPT,
   CB_EC_JAC_RED,
   CB_EC_JAC_MUL_PRECOMP,
   CB_EC_N

}ec_callback_t;

// index to ec128bn class kernels
typedef enum{
   CB_EC2_JACAFF_ADD = 0,
   CB_EC2_JAC_ADD,
   CB_EC2_JACAFF_DOUBLE,
   CB_EC2_JAC_DOUBLE,
   CB_EC2_JAC_MUL,
   CB_EC2_JAC_MUL1,
   CB_EC2_JAC_MAD,
   CB_EC2_JAC_MAD_SHFL,
   CB_EC2_JAC_MUL_OPT,
   CB_EC2_JAC_RED,
   CB_EC2_N

}ec2_callback_t;

typedef enum{
   CB_ZPOLY_FFT32 = 0,
   CB_ZPOLY_IFFT32,
   CB_ZPOLY_MUL32,
   CB_ZPOLY_FFTN, 
   CB_ZPOLY_IFFTN,
   CB_ZPOLY_MULN,
   CB_ZPOLY_FFT2DX,
   CB_ZPOLY_FFT2DY,
   CB_ZPOLY_FFT3DXX,
   CB_ZPOLY_FFT3DXXPREV,
   CB_ZPOLY_FFT3DXY,
   CB_ZPOLY_FFT3DYX,
   CB_ZPOLY_FFT3DYY,
   CB_ZPOLY_INTERP3DXX,
   CB_ZPOLY_INTERP3DXY,
   CB_ZPOLY_INTERP3DYX,
   CB_ZPOLY_INTERP3DYY,
   CB_ZPOLY_INTERP3DFINISH,
   CB_ZPOLY_FFT4DXX,
   CB_ZPOLY_FFT4DXY,
   CB_ZPOLY_FFT4DYX,
   CB_ZPOLY_FFT4DYY,
   CB_ZPOLY_INTERP4DXX,
   CB_ZPOLY_INTERP4DXY,
   CB_ZPOLY_INTERP4DYX,
   CB_ZPOLY_INTERP4DYY,
   CB_ZPOLY_INTERP4DFINISH,
   CB_ZPOLY_ADD,
   CB_ZPOLY_SUB,
   CB_ZPOLY_SUBPREV,
   CB_ZPOLY_MULC,
   CB_ZPOLY_MULCPREV,
   CB_ZPOLY_MULK,
   CB_ZPOLY_MADPREV,
   CB_ZPOLY_ADDPREV,
   CB_ZPOLY_DIVSNARKS,
   CB_ZPOLY_N

}zpoly_callback_t;

typedef struct{
  unsigned long long nWords;
  unsigned long long nPubInputs;
  unsigned long long nOutputs;
  unsigned long long nVars;
  unsigned long long nConstraints;
  unsigned long long cirformat;
  unsigned long long R1CSA_nWords;
  unsigned long long R1CSB_nWords;
  unsigned long long R1CSC_nWords;
  
}cirbin_hfile_t;

typedef enum{
  CIRBIN_H_NWORDS_OFFSET = 0,
  CIRBIN_H_NPUBINPUTS_OFFSET=2,
  CIRBIN_H_NOUTPUTS_OFFSET=4,
  CIRBIN_H_NVARS_OFFSET=6,
  CIRBIN_H_NCONSTRAINTS_OFFSET=8,
  CIRBIN_H_FORMAT_OFFSET=10,
  CIRBIN_H_CONSTA_NWORDS_OFFSET=12,
  CIRBIN_H_CONSTB_NWORDS_OFFSET=14,
  CIRBIN_H_CONSTC_NWORDS_OFFSET=16,
  CIRBIN_H_N_OFFSET=18

}cirbin_hfile_offset_t;

typedef struct{
  uint32_t nWords;
  uint32_t ftype;
  uint32_t protocol;
  uint32_t Rbitlen;
  uint32_t k_binformat;
  uint32_t k_ecformat;
  uint32_t nVars;
  uint32_t nPublic;
  uint32_t domainSize;
  
}pkbin_hfile_t;

typedef enum{
  SNARKSFILE_T_CIRCUIT = 0,
  SNARKSFILE_T_PK, 
  SNARKSFILE_T_VK,
  SNARKSFILE_T_WITNESS,
  SNARKSFILE_T_PROOF,
  SNARKSFILE_T_PDATA,

  SNARKSFILE_T_N

}snarks_file_t;

typedef enum {
  PKBIN_H_NWORDS_OFFSET=0,
  PKBIN_H_FTYPE_OFFSET,
  PKBIN_H_PROTOCOL_OFFSET,
  PKBIN_H_RBITLEN_OFFSET,
  PKBIN_H_BINFORMAT_OFFSET,
  PKBIN_H_ECFORMAT_OFFSET,
  PKBIN_H_NVARS_OFFSET,
  PKBIN_H_NPUBLIC_OFFSET,
  PKBIN_H_DOMAINBITS_OFFSET,
  PKBIN_H_DOMAINSIZE_OFFSET,

  PKBIN_H_N_OFFSET
  
}pkbin_hfile_offset_t;

typedef enum{
  PROTOCOL_T_NORMAL=0,
  PROTOCOL_T_GROTH,
  PROTOCOL_T_N,

}protocol_t;

typedef enum{
  EC_T_PROJECTIVE = 0,
  EC_T_JACOBIAN,
  EC_T_AFFINE,
  EC_T_N

}ec_format_t;

typedef enum{
  GPU_ID0 = 0,
  GPU_ID1,
  GPU_ID2,
  GPU_ID3

}gpu_id_t;

typedef struct{
  uint32_t *pout;
  const uint32_t *scalar;
  uint32_t *pin;
  uint32_t reduce_coeff;
  uint32_t start_idx;
  uint32_t last_idx;
  uint32_t max_threads;
  uint32_t thread_id;
  uint32_t pidx;
  
}mpoly_eval_t;

typedef struct{
  uint32_t *A;
  uint32_t *B;
  uint32_t *roots;
  uint32_t Nrows;
  uint32_t Ncols;
  uint32_t mNrows;
  uint32_t mNcols;
  uint32_t nroots;
  uint32_t rstride;
  uint32_t pidx;
  uint32_t max_threads;
  uint32_t start_idx;
  uint32_t last_idx;
  uint32_t thread_id;

}ntt_interpolandmul_t;

typedef struct{
  uint32_t *out_ep;
  uint32_t *scl;
  uint32_t *x;
  uint32_t n;
  uint32_t ec2;
  uint32_t compute_table;
  uint32_t *ec_table;
  uint32_t pidx;
  uint32_t max_threads;
  uint32_t start_idx;
  uint32_t last_idx;
  uint32_t thread_id;
  uint32_t pippen;
  t_uint64 offset;
  t_uint64 total_words;
  uint32_t order;
  char *filename;

}jacadd_reduced_t;

typedef struct{
  char *filename;
  t_uint64 offset;
  t_uint64 total_words;
  uint32_t *ec_table;
  uint32_t *indata;
  uint32_t pidx;
  uint32_t order;
  uint32_t ec2;

}ec_table_desc_t;

typedef struct{
  uint32_t table_order;
  t_uint64 woffset_A;
  t_uint64 woffset_B2;
  t_uint64 woffset_B1;
  t_uint64 woffset_C;
  t_uint64 woffset_hExps;
  t_uint64 nwords_tdata;

}ec_table_offset_t;

typedef enum{
  KERNEL_T_ZPOLY = 0,
  KERNEL_T_ECBN128_T,
  KERNEL_T_EC2BN128_T,

  KERNEL_T_N
}kernel_t;

typedef struct {
  uint32_t magic_number;
  uint32_t version;
  uint32_t nsections;
  uint32_t word_width_bytes;
  uint32_t nVars;
  uint32_t nPubOutputs;
  uint32_t nPubInputs;
  uint32_t nPrivInputs;
  t_uint64 nLabels;
  uint32_t nConstraints;

  uint32_t R1CSA_nCoeff;
  uint32_t R1CSB_nCoeff;
  uint32_t R1CSC_nCoeff;
  uint32_t constraintOffset;
  t_int64  constraintLen;

}r1csv1_t;

typedef enum{
  R1CSA_IDX = 0,
  R1CSB_IDX = 1,
  R1CSC_IDX = 2,
  R1CS_N_IDX = 3

}r1cs_idx_t;

typedef enum{
   R1CS_SECTION_HDR = 1,
   R1CS_SECTION_CONSTRAINT = 2,
   R1CS_SECTION_WIRE2LABELID = 3

}r1cs_section_t;

typedef enum{
  ECP_T_A = 0,
  ECP_T_B2,
  ECP_T_B1,
  ECP_T_C,
  ECP_T_HEXPS,

  ECP_T_N
}ecp_t;

#endif
// ---- end of types.h ----
// ---- src/cuda/cuda.h, lines 1-69 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : cuda.h
//
// Date       : 11/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Definition of CUDA specific macros. Also, all global variables that
//  need to be visible by GPU are declared as extern here
// ------------------------------------------------------------------

*/

#ifndef _CUDA_H_
#define _CUDA_H_

// Prime information for Finite fields is declared in constant memory
extern __constant__ mod_info_t mod_info_ct[MOD_N];
extern __constant__ ecbn128_t ecbn128_params_ct[MOD_N];
extern __constant__ misc_const_t misc_const_ct[MOD_N];
extern __constant__ uint32_t W32_ct[NWORDS_256BIT * 16];
extern __constant__ uint32_t IW32_ct[NWORDS_256BIT * 16];
extern __constant__ uint32_t IW32_nroots_ct[NWORDS_256BIT * (FFT_SIZE_N - 1)];

#ifndef assert
#define assert(X)         \
  do {                    \
    if ( !(X) ) {         \
        printf("Assert. tid %d: %s, %d\n",threadIdx.x, __FILE__, __LINE__);\
        return;           \
    }                     \
  } while(0)
#endif

#ifndef CCHECK
#define CCHECK(call)        \
  do{                    \
     const cudaError_t error = call;  \
     if (error != cudaSuccess)        \
     {                                \
        printf("Error: %s:%d,  ",__FILE__, __LINE__);  \
        printf("code:%d, reason: %s\n",error, cudaGetErrorString(error)); \
        exit(1);                      \
     }                                \
   } while(0)
#endif

#endif
// ---- end of cuda.h ----
// ---- src/cuda/z1_device.h, lines 1-84 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : z1_device.h
//
// Date       : 20/03/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Definition of Finite Field arithmetic
// ------------------------------------------------------------------

*/
#ifndef _Z1_H
#define _Z1_H

class Z1_t {
   private:
     uint32_t __align__(16) *el;

   public:
     __device__  Z1_t();
     __device__  Z1_t(uint32_t *x);

     __device__ uint32_t *getu256();
     __device__ uint32_t *getu256(uint32_t offset);
     __device__ uint32_t *get2u256();
     __device__ uint32_t  *getsingleu256(uint32_t offset);
     __device__ void      setsingleu256(uint32_t xoffset, Z1_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, Z1_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, uint32_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, Z1_t *y, uint32_t yoffset, uint32_t ysize);
     __device__ void setu256(uint32_t xoffset, uint32_t *y, uint32_t yoffset, uint32_t ysize);
     __device__ void assign(uint32_t *y);
     __device__ static uint32_t getN();
};

__device__ uint32_t eq0z(Z1_t *x);
__device__ uint32_t eq0z(Z1_t *x, uint32_t offset);
__device__ uint32_t eqz(Z1_t *x, Z1_t *y);
__device__ uint32_t eqz(Z1_t *x, uint32_t *y);
__device__ uint32_t eqz(Z1_t *x, uint32_t xoffset, uint32_t *y );
__device__ void squarez(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void mulz(Z1_t *z, Z1_t *x, Z1_t *y, mod_t midx);
__device__ void mul2z(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void mul3z(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void mul4z(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void mul8z(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void subz(Z1_t *z, Z1_t *x, Z1_t *y, mod_t midx);
__device__ void addz(Z1_t *z, Z1_t *x, Z1_t *y, mod_t midx);
__device__ void movz(Z1_t *x, uint32_t xoffset, uint32_t *y, uint32_t yoffset, uint32_t size);
__device__ void movz(uint32_t *y, uint32_t yoffset, Z1_t *x, uint32_t xoffset, uint32_t size);
__device__ void setkz(Z1_t *z, uint32_t offset, uint32_t *x);
__device__ void invz(Z1_t *z, Z1_t *x, mod_t midx);
__device__ void div2z(Z1_t *z,  Z1_t *x);

__device__ void xeccz(Z1_t *z, Z1_t *x);
__device__ void yeccz(Z1_t *z, Z1_t *x);
__device__ void zeccz(Z1_t *z, Z1_t *x);
__device__ void infz(Z1_t *z, mod_t midx);
__device__ void addecjacz(Z1_t *zxr, uint32_t zoffset, Z1_t *zx1, uint32_t x1offset, Z1_t *zx2, uint32_t x2offset, mod_t midx);
__device__ void scmulec_stepz(Z1_t *Q,Z1_t *N, uint32_t *scl, uint32_t msb,  mod_t midx );


#endif
// ---- end of z1_device.h ----
// ---- src/cuda/z2_device.h, lines 1-87 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : z2_device.h
//
// Date       : 24/03/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Definition of Extended (2) Finite Field arithmetic
// ------------------------------------------------------------------

*/
#ifndef _Z2_H
#define _Z2_H

class Z2_t {
   private:
     uint32_t __align__(16) *el;

   public:
     __device__  Z2_t();
     __device__  Z2_t(uint32_t *x);

     __device__ uint32_t *getu256();
     __device__ uint32_t *get2u256();
     __device__ uint32_t *getu256(uint32_t offset);
     __device__ uint32_t *get2u256(uint32_t offset);
     __device__ uint32_t *getsingleu256(uint32_t offset);
     __device__ void      setsingleu256(uint32_t xoffset, Z2_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, Z2_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, uint32_t *y, uint32_t yoffset);
     __device__ void setu256(uint32_t xoffset, Z2_t *y, uint32_t yoffset, uint32_t ysize);
     __device__ void setu256(uint32_t xoffset, uint32_t *y, uint32_t yoffset, uint32_t ysize);
     __device__ void set2u256(uint32_t xoffset, uint32_t *y, uint32_t yoffset, uint32_t ysize);
     __device__ void assign(uint32_t *y);
     __device__ static  uint32_t getN();
};

__device__ uint32_t eq0z(Z2_t *x);
__device__ uint32_t eq0z(Z2_t *x, uint32_t offset);
__device__ uint32_t eqz(Z2_t *x, Z2_t *y);
__device__ uint32_t eqz(Z2_t *x, uint32_t *y);
__device__ uint32_t eqz(Z2_t *x, uint32_t xoffset, uint32_t *y );;
__device__ void squarez(Z2_t *z, Z2_t *x, mod_t midx);
__device__ void mulz(Z2_t *z, Z2_t *x, Z2_t *y, mod_t midx);
__device__ void mul2z(Z2_t *z, Z2_t *x, mod_t midx);
__device__ void mul3z(Z2_t *z, Z2_t *x, mod_t midx);
__device__ void mul4z(Z2_t *z, Z2_t *x, mod_t midx);
__device__ void mul8z(Z2_t *z, Z2_t *x, mod_t midx);
__device__ void subz(Z2_t *z, Z2_t *x, Z2_t *y, mod_t midx);
__device__ void addz(Z2_t *z, Z2_t *x, Z2_t *y, mod_t midx);
__device__ void movz(Z2_t *x, uint32_t xoffset, uint32_t *y, uint32_t yoffset, uint32_t size);
__device__ void movz(uint32_t *y, uint32_t yoffset, Z2_t *x, uint32_t xoffset, uint32_t size);
__device__ void setkz(Z2_t *z, uint32_t offset, uint32_t *x);
__device__ void invz(Z2_t *z,  Z2_t *x,  mod_t midx);
__device__ void div2z(Z2_t *z, Z2_t *x);

__device__ void xeccz(Z2_t *z, Z2_t *x);
__device__ void yeccz(Z2_t *z, Z2_t *x);
__device__ void zeccz(Z2_t *z, Z2_t *x);
__device__ void infz(Z2_t *z, mod_t midx);
__device__ void addecjacz(Z2_t *zxr, uint32_t zoffset, Z2_t *zx1, uint32_t x1offset, Z2_t *zx2, uint32_t x2offset, mod_t midx);
__device__ void doublecjacz(Z2_t *zxr, Z2_t *zx1, mod_t midx);
__device__ void scmulec_stepz(Z2_t *Q,Z2_t *N, uint32_t *scl, uint32_t msb,  mod_t midx );


#endif
// ---- end of z2_device.h ----
// ---- src/cuda/log.h, lines 1-122 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : log.h
//
// Date       : 15/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Definition of logging functionality
// ------------------------------------------------------------------

*/


#ifndef _LOG_H
#define _LOG_H

#define LOG_LEVEL_NOLOG   (4)
#define LOG_LEVEL_ERROR   (3)
#define LOG_LEVEL_WARNING (2)
#define LOG_LEVEL_INFO    (1)
#define LOG_LEVEL_DEBUG   (0)

#define LOG_TID_NOLOG (-1)

#ifndef LOG_TID
  #define LOG_TID (LOG_TID_NOLOG)
  //#define LOG_TID (127)
#endif
#ifndef LOG_LEVEL
  #define LOG_LEVEL (LOG_LEVEL_NOLOG)
  //#define LOG_LEVEL (LOG_LEVEL_INFO)
#endif

#ifdef __CUDACC__
  // #include "z1_device.h"   (line 56: z1_device.h's text is above)
  // #include "z2_device.h"   (line 57: z2_device.h's text is above)
#endif

#if LOG_LEVEL <= LOG_LEVEL_DEBUG
   #define logDebug printf
   #ifdef __CUDACC__
   __host__ __device__ void logDebugBigNumber(char *str, uint32_t *x);
   #else
   void logDebugBigNumber(char *str, uint32_t *x);
   #endif

  #if defined (LOG_TID) && defined (__CUDACC__)
     __device__ void logDebugBigNumberTid(uint32_t nelems,  char *str, uint32_t *n);
     __device__ void logDebugBigNumberTid(uint32_t nelems,  char *str, Z1_t *n);
     __device__ void logDebugBigNumberTid(uint32_t nelems,  char *str, Z2_t *n);
     __device__ void logDebugTid(const char *f, uint32_t args);
  #else
    #define logDebugBigNumberTid(COUNT,STR, X)
    #define logDebugTid(f,...)
  #endif
#else
  #define logDebug(f,...) 
  #define logDebugBigNumber(STR, X)
  #define logDebugBigNumberTid(COUNT,STR, X)
  #define logDebugTid(f,...)
#endif


#if LOG_LEVEL <= LOG_LEVEL_INFO
   #define logInfo printf
   #ifdef __CUDACC__
   __host__ __device__ void logInfoBigNumber(char *str, uint32_t *x);
   #else
   void logInfoBigNumber(char *str, uint32_t *x);
   #endif
  #if defined (LOG_TID) && defined (__CUDACC__)
     __device__ void logInfoBigNumberTid( uint32_t nelems, char *str, uint32_t *n);
     __device__ void logInfoBigNumberTid( uint32_t nelems, char *str, Z1_t *n);
     __device__ void logInfoBigNumberTid(uint32_t nelems, char *str, Z2_t *n);
     __device__ char * logInfoTid(const char *f, uint32_t  args);
  #else
    #define logInfoBigNumberTid(COUNT,STR, X)
    #define logInfoTid(f,...)
  #endif
#else
  #define logInfo(f,...) 
  #define logInfoBigNumber(STR, X)
  #define logInfoBigNumberTid(COUNT,STR, X)
  #define logInfoTid(f,...)
#endif


#if LOG_LEVEL <= LOG_LEVEL_WARNING
   #define logWarning printf
#else
  #define logWarning(f,...)
#endif

#if LOG_LEVEL <= LOG_LEVEL_ERROR
   #define logError printf
#else
  #define logError(f,...)
#endif


#endif
// ---- end of log.h ----
// ---- src/cuda/utils_device.h, lines 1-175 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : utils_device.h
//
// Date       : 26/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Implementation of small utils functions
// ------------------------------------------------------------------

*/
#ifndef _UTILS_DEVICE_H_
#define _UTILS_DEVICE_H_

#if 0
/*
   x == 0 for 256 bit numbers
*/
__forceinline__ __device__ uint32_t eq0u256(const uint32_t __restrict__ *x)
{
  if (x[0] == 0 && x[1] ==  0 && x[2] == 0 && x[3] == 0 && x[4] == 0 && x[5] == 0 && x[6] == 0 && x[7] == 0){
    return 1;
  } else { 
    return 0;
  }
}
#endif

__device__ uint32_t equ256(const uint32_t __restrict__ *x, const uint32_t __restrict__ *y);
__device__ void mulu32(uint32_t __restrict__ *z, uint32_t x, uint32_t y);
__device__ void mulu32lo(uint32_t __restrict__ *z, uint32_t x, uint32_t y);
__device__ void madcu32(uint32_t *c, uint32_t *s, uint32_t x, uint32_t y, uint32_t a);
__device__ void addcu32(uint32_t *c, uint32_t *s, uint32_t x, uint32_t y);
__device__ void propcu32(uint32_t *x, uint32_t c, uint32_t digit);
__device__ void propcu32_extend(uint32_t *x, uint32_t c);


/*
   x == y for 256 bit numbers
*/
__forceinline__ __device__ uint32_t equ256(const uint32_t __restrict__ *x, const uint32_t __restrict__ *y)
{
  #if 1
  ulonglong4 *x4 = (ulonglong4 *)x;
  ulonglong4 *y4 = (ulonglong4 *)y;
  
  if ( x4->x == y4->x && x4->y == y4->y && x4->z == y4->z && x4->w == y4->w){
    return 1;
  } else {
    return 0;
  }
  #else
  if (x[0] == y[0] && x[1] ==  y[1] && x[2] == y[2] && x[3] == y[3] &&
		  x[4] == y[4] && x[5] == y[5] && x[6] == y[6] && x[7] == y[7]){
    return 1;
  } else { 
    return 0;
  }
  #endif
}


/*
   x * y for 32 bit number. Returns 64 bit number
 */
__forceinline__ __device__ void mulu32(uint32_t __restrict__ *z, uint32_t x, uint32_t y)
{
  // z[i] = x * y for 32 bit words
  asm("{                                    \n\t"
      ".reg .u64 %prod;                     \n\t"
      "mul.wide.u32        %prod, %2,    %3;\n\t"           
      "cvt.u32.u64         %0,    %prod;    \n\t"
      "shr.u64             %prod, %prod, 32;\n\t"
      "cvt.u32.u64         %1,    %prod;    \n\t"
      "}                                    \n\t"
      : "=r"(z[0]), "=r"(z[1])
      : "r"(x), "r"(y));
}
/*
   x * y for 32 bit number. Returns low 32 bit number
 */
__forceinline__ __device__ void mulu32lo(uint32_t __restrict__ *z, uint32_t x, uint32_t y)
{
  // z[i] = x * y for 32 bit words
  asm("{                                    \n\t"
      "mul.lo.u32             %0, %1,    %2;\n\t"           
      "}                                    \n\t"
      : "=r"(z[0])
      : "r"(x), "r"(y));
}


/*
   (c,s) = x + y * a for 32 bit number. Returns 32 bit number and 32 bit carry
*/
__forceinline__ __device__ void madcu32(uint32_t *c, uint32_t *s, uint32_t x, uint32_t y, uint32_t a)
{
   // (C,S) =  x * y + a -> No carry in
   asm("{                                   \n\t"
       "mad.lo.cc.u32  %0, %2, %3, %4;      \n\t"
       "madc.hi.u32    %1, %2, %3, 0;       \n\t"
       "}                                   \n\t"
       : "=r"(s[0]), "=r"(c[0])
       : "r"(x), "r"(y), "r"(a));
}
/*
   (c.s) = x + y for 32 bit numbers. Returns 32 bit number and 1 bit carry
*/
__forceinline__ __device__ void addcu32(uint32_t *c, uint32_t *s, uint32_t x, uint32_t y)
{
   asm("{                               \n\t"
       "add.cc.u32         %0, %2, %3;    \n\t"
       "set.lt.u32.u32     %1, %0, %2; \n\t"
       "and.b32            %1, %1,1;     \n\t" 
       "}                               \n\t"
       : "=r"(s[0]), "=r"(c[0]) 
       : "r"(x), "r"(y));
}
/*
   Propagate carry bit across a 256 bit number starting in 32 bit word indexed by digit
*/
__forceinline__ __device__ void propcu32(uint32_t *x, uint32_t c, uint32_t digit)
{
   #pragma unroll
   for (; digit < NWORDS_256BIT_FIOS-1 ; digit++)
   {
     asm("{                                   \n\t"
         "add.cc.u32      %0,   %3, %2;   \n\t"
         "set.lt.u32.u32  %1,   %0, %2;   \n\t"
         "and.b32         %1,   %1,  1;      \n\t"
         "}                                   \n\t"
         : "=r"(x[digit]), "=r"(c) 
         : "r"(x[digit]), "r"(c));
   }
}
/*
   Propagate carry bit across a 256 bit number starting in 32 bit word indexed by digit
*/
__forceinline__ __device__ void propcu32_extend(uint32_t *x, uint32_t c)
{
   #pragma unroll
   for (uint32_t digit = NWORDS_256BIT; digit < NWORDS_256BIT_FIOS-1 ; digit++)
   {
     asm("{                                   \n\t"
         "add.cc.u32      %0,   %3, %2;   \n\t"
         "set.lt.u32.u32  %1,   %0, %2;   \n\t"
         "and.b32         %1,   %1,  1;      \n\t"
         "}                                   \n\t"
         : "=r"(x[digit]), "=r"(c) 
         : "r"(x[digit]), "r"(c));
   }
}

#endif
// ---- end of utils_device.h ----
// ---- src/cuda/u256_device.h, lines 1-454 (whole) ----
/*
    Copyright 2018 0kims association.

    This file is part of cusnarks.

    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.

    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.

    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : u256_device.h
//
// Date       : 05/02/2019
//
// ------------------------------------------------------------------
//
// Description:
//  Definition of U256 integer arithmetic
// ------------------------------------------------------------------

*/
#ifndef _U256_DEVICE_H_
#define _U256_DEVICE_H_

#define U256_MAX_SMALLK (32)

// #include "log.h"   (line 38: log.h's text is above)

typedef struct{
  uint32_t *x0;
  uint32_t *x1;
  uint32_t *x2;
  uint32_t *x3;
  uint32_t *x4;
}inv_t;


__global__ void addmu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void addmu256_reduce_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void addmu256_reduce_shfl_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void submu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void modu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void mulmontu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void mulmontu256_2_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void shr1u256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void shl1u256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void shlu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);
__global__ void almmontinvu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params);

__forceinline__ __device__ uint32_t subgtu256(uint32_t __restrict__ *x, const uint32_t __restrict__ *y);
__forceinline__ __device__ void shflxoru256(uint32_t *d_out, uint32_t *d_in, uint32_t srcLane );
__forceinline__ __device__ void almmontinv_step_h(inv_t *table);
__forceinline__ __device__ void init_invtable(inv_t *data_table, uint32_t *u, uint32_t *v, uint32_t *s, uint32_t *r1);

extern __device__ void modu256(uint32_t __restrict__ *z, const uint32_t __restrict__ *x, mod_t midx);
extern __device__ void modu255(uint32_t __restrict__ *z, const uint32_t __restrict__ *x, mod_t midx);
extern __device__ void mulmontu256(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, const uint32_t __restrict__ *B, mod_t midx);
extern __device__ void sqmontu256(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, mod_t midx);
extern __device__ void mulmontu256_2(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, const uint32_t __restrict__ *B, mod_t midx);
extern __device__ void mulmontu256_2_asm(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, const uint32_t __restrict__ *B, mod_t midx);
extern __device__ void sqmontu256_2(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, mod_t midx);
extern __device__ uint32_t almmontinvu256(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx);
extern __device__ uint32_t invmontu256(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx);
extern __device__ uint32_t invmontu256_2(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx);
extern __device__ uint32_t shr1u256(uint32_t __restrict__ *x);
extern __device__ uint32_t shl1u256(uint32_t __restrict__ *x);
extern __device__ void shlu256(uint32_t *x, uint32_t count);
extern __device__ uint32_t bselMu256(const uint32_t __restrict__ *x, uint32_t bsel);
extern __device__ uint32_t bselu256(const uint32_t __restrict__ *x, uint32_t bsel);
extern __device__ uint32_t clzu256(const uint32_t __restrict__ *x);
extern __device__ uint32_t clzMu256(const uint32_t __restrict__ *x);
extern __device__ void div2u256(uint32_t __restrict__ *z, const uint32_t __restrict__ *x);


// Implementation of tamplate functions, and functions used by template functions.

/*
  z = x + y, x and y are 256 bit numbers
*/
template <typename T1, typename T2, typename T3>
__forceinline__ __device__ void addu256(T1 *z, T2 *x, T3 *y)
{
  // z[i] = x[i] + y[i] for 8x32 bit words
  asm ("{                             \n\t"
      ".reg .u32         %x_;        \n\t"
      ".reg .u32         %y_;        \n\t"
      "mov.u32           %x_,%8;     \n\t"
      "mov.u32           %y_,%9;     \n\t"
      "add.cc.u32        %0, %x_, %y_;\n\t"             // sum with carry out
      "mov.u32           %x_,%10;     \n\t"
      "mov.u32           %y_,%11;     \n\t"
      "addc.cc.u32       %1, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%12;     \n\t"
      "mov.u32           %y_,%13;     \n\t"
      "addc.cc.u32       %2, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%14;     \n\t"
      "mov.u32           %y_,%15;     \n\t"
      "addc.cc.u32       %3, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%16;     \n\t"
      "mov.u32           %y_,%17;     \n\t"
      "addc.cc.u32       %4, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%18;     \n\t"
      "mov.u32           %y_,%19;     \n\t"
      "addc.cc.u32       %5, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%20;     \n\t"
      "mov.u32           %y_,%21;     \n\t"
      "addc.cc.u32       %6, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%22;     \n\t"
      "mov.u32           %y_,%23;     \n\t"
      "addc.u32          %7, %x_, %y_;\n\t"             // sum with carry in 
      "}                             \n\n"
      : "=r"(z[0]), "=r"(z[1]), "=r"(z[2]), "=r"(z[3]),
        "=r"(z[4]), "=r"(z[5]), "=r"(z[6]), "=r"(z[7])
      : "r"(x[0]), "r"(y[0]), "r"(x[1]), "r"(y[1]),
        "r"(x[2]), "r"(y[2]), "r"(x[3]), "r"(y[3]),
        "r"(x[4]), "r"(y[4]), "r"(x[5]), "r"(y[5]),
        "r"(x[6]), "r"(y[6]), "r"(x[7]), "r"(y[7]));
}
__forceinline__ __device__ void addu256(uint32_t *z, const uint32_t *x, const uint32_t *y)
{
  // z[i] = x[i] + y[i] for 8x32 bit words
  asm ("{                             \n\t"
      ".reg .u32         %x_;        \n\t"
      ".reg .u32         %y_;        \n\t"
      "mov.u32           %x_,%8;     \n\t"
      "mov.u32           %y_,%9;     \n\t"
      "add.cc.u32        %0, %x_, %y_;\n\t"             // sum with carry out
      "mov.u32           %x_,%10;     \n\t"
      "mov.u32           %y_,%11;     \n\t"
      "addc.cc.u32       %1, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%12;     \n\t"
      "mov.u32           %y_,%13;     \n\t"
      "addc.cc.u32       %2, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%14;     \n\t"
      "mov.u32           %y_,%15;     \n\t"
      "addc.cc.u32       %3, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%16;     \n\t"
      "mov.u32           %y_,%17;     \n\t"
      "addc.cc.u32       %4, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%18;     \n\t"
      "mov.u32           %y_,%19;     \n\t"
      "addc.cc.u32       %5, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%20;     \n\t"
      "mov.u32           %y_,%21;     \n\t"
      "addc.cc.u32       %6, %x_, %y_;\n\t"             // sum with carry in and carry out
      "mov.u32           %x_,%22;     \n\t"
      "mov.u32           %y_,%23;     \n\t"
      "addc.u32          %7, %x_, %y_;\n\t"             // sum with carry in 
      "}                             \n\n"
      : "=r"(z[0]), "=r"(z[1]), "=r"(z[2]), "=r"(z[3]),
        "=r"(z[4]), "=r"(z[5]), "=r"(z[6]), "=r"(z[7])
      : "r"(x[0]), "r"(y[0]), "r"(x[1]), "r"(y[1]),
        "r"(x[2]), "r"(y[2]), "r"(x[3]), "r"(y[3]),
        "r"(x[4]), "r"(y[4]), "r"(x[5]), "r"(y[5]),
        "r"(x[6]), "r"(y[6]), "r"(x[7]), "r"(y[7]));
}

/*
  z = x - y, x and y are 256 bit numbers
*/
template <typename T1, typename T2, typename T3>
__forceinline__ __device__ void subu256(T1 *z, T2 *x, T3 *y)
{
  // z[i] = x[i] - y[i] for 8x32 bit words
  asm ("{                             \n\t"
      ".reg .u32          %x_;        \n\t"
      ".reg .u32          %y_;        \n\t"
      "mov.u32           %x_,%8;     \n\t"
      "mov.u32           %y_,%9;     \n\t"
      "sub.cc.u32        %0, %x_, %y_;\n\t"             // sum with borrow out
      "mov.u32           %x_,%10;     \n\t"
      "mov.u32           %y_,%11;     \n\t"
      "subc.cc.u32       %1, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%12;     \n\t"
      "mov.u32           %y_,%13;     \n\t"
      "subc.cc.u32       %2, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%14;     \n\t"
      "mov.u32           %y_,%15;     \n\t"
      "subc.cc.u32       %3, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%16;     \n\t"
      "mov.u32           %y_,%17;     \n\t"
      "subc.cc.u32       %4, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%18;     \n\t"
      "mov.u32           %y_,%19;     \n\t"
      "subc.cc.u32       %5, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%20;     \n\t"
      "mov.u32           %y_,%21;     \n\t"
      "subc.cc.u32       %6, %x_, %y_;\n\t"             // sum with borrow in and borrow out
      "mov.u32           %x_,%22;     \n\t"
      "mov.u32           %y_,%23;     \n\t"
      "subc.u32          %7, %x_, %y_;\n\t"             // sum with borrow in 
      "}                             \n\t"
      : "=r"(z[0]), "=r"(z[1]), "=r"(z[2]), "=r"(z[3]),
        "=r"(z[4]), "=r"(z[5]), "=r"(z[6]), "=r"(z[7])
      : "r"(x[0]), "r"(y[0]), "r"(x[1]), "r"(y[1]),
        "r"(x[2]), "r"(y[2]), "r"(x[3]), "r"(y[3]),
        "r"(x[4]), "r"(y[4]), "r"(x[5]), "r"(y[5]),
        "r"(x[6]), "r"(y[6]), "r"(x[7]), "r"(y[7]));

}

/*
   x == 0 for 256 bit numbers
*/
template <typename T1>
__forceinline__ __device__ uint32_t eq0u256(T1 *x)
{
 #if 0
  if (x[0] == 0 && x[1] ==  0 && x[2] == 0 && x[3] == 0 && x[4] == 0 && x[5] == 0 && x[6] == 0 && x[7] == 0){
    return 1;
  } else { 
    return 0;
  }
 #else
  ulonglong4 *x4 = (ulonglong4 *)x;
  if (x4->x == 0 && x4->y == 0 && x4->z==0 && x4->w == 0){
     return 1;
  } else {
     return 0;
  }
  #endif
  
}

/*
   x == 1 for 256 bit numbers
*/
template <typename T1>
__forceinline__ __device__ uint32_t eq1u256(T1 *x)
{
 #if 1
  if (x[0] == 1 && x[1] ==  0 && x[2] == 0 && x[3] == 0 && x[4] == 0 && x[5] == 0 && x[6] == 0 && x[7] == 0){
    return 1;
  } else { 
    return 0;
  }
 #else
  ulonglong4 *x4 = (ulonglong4 *)x;
  if (x4->x == 1 && x4->y == 0 && x4->z==0 && x4->w == 0){
     return 1;
  } else {
     return 0;
  }
  #endif
}  

/*
   x <= y

   NOTE : The procedure is :
    z = y - x
    r = number of leading zeros in z
    if r == 0 return false (x >= y). 
    else return true (x <= y)
*/
template <typename T1, typename T2>
__forceinline__ __device__ uint32_t lteu256(T1 *x, T2 *y)
{
   uint32_t z[NWORDS_256BIT];
   uint32_t r, flag;

   subu256(z,y,x); 

   asm("clz.b32    %0,%1;\n\t"
       :"=r"(r) : "r"(z[NWORDS_256BIT-1]));
   flag = r > 0;
   return r;

}

/*
   x < y

   NOTE : The procedure is :
    z = y - x
    r = number of leading zeros in z
    if z is 0 or r == 0, return false (x >= y). 
    else return true (x < y)
*/
template <typename T1, typename T2>
__forceinline__ __device__ uint32_t ltu256(T1 *x, T2 *y)
{
   uint32_t z[NWORDS_256BIT];
   uint32_t r, flag;

   subu256(z,y,x); 

   asm("clz.b32    %0,%1;\n\t"
       :"=r"(r) : "r"(z[NWORDS_256BIT-1]));
   flag = r > 0;
   if ((r == 32) && eq0u256(z)){
     flag = 0;
   }
   return r;

}

__forceinline__ __device__ void negu256(uint32_t *d_out, uint32_t *d_in)
{
    uint32_t carry;
    ulonglong4 *out = (ulonglong4 *)d_out;
    ulonglong4 *in =  (ulonglong4 *)d_in;

    out->w = -in->w+1;
    asm("clz.b32    %0,%1;\n\t"
       :"=r"(carry) : "r"(d_in[1]));
    
    out->z = -in->z+(carry == 0);
    asm("clz.b32    %0,%1;\n\t"
       :"=r"(carry) : "r"(d_in[3]));

    out->y = -in->y+(carry == 0);
    asm("clz.b32    %0,%1;\n\t"
       :"=r"(carry) : "r"(d_in[5]));

    out->x = -in->x+(carry==0);
}
__forceinline__ __device__ void movu256(uint32_t *d_out, uint32_t *d_in)
{
  #if 0
   asm("mov.u32     %0,  %8;\n\t"
       "mov.u32     %1,  %9;\n\t"
       "mov.u32     %2,  %10;\n\t"
       "mov.u32     %3,  %11;\n\t"
       "mov.u32     %4,  %12;\n\t"
       "mov.u32     %5,  %13;\n\t"
       "mov.u32     %6,  %14;\n\t"
       "mov.u32     %7,  %15;\n\t"
    : "=r"(d_out[0]), "=r"(d_out[1]), "=r"(d_out[2]), "=r"(d_out[3]),
      "=r"(d_out[4]), "=r"(d_out[5]), "=r"(d_out[6]), "=r"(d_out[7])
    : "r"(d_in[0]), "r"(d_in[1]), "r"(d_in[2]), "r"(d_in[3]),
      "r"(d_in[4]), "r"(d_in[5]), "r"(d_in[6]), "r"(d_in[7]));
  #endif

    ulonglong4 *out = (ulonglong4 *)d_out;
    ulonglong4 *in =  (ulonglong4 *)d_in;
    out->x = in->x;
    out->y = in->y;
    out->z = in->z;
    out->w = in->w;
    /*
    uint4 *out = (uint4 *)d_out;
    uint4 *in =  (uint4 *)d_in;
    out->x = in->x;
    out->y = in->y;
    out->z = in->z;
    out->w = in->w;
    */
}

__forceinline__ __device__ void movu256x6(uint32_t *d_out, uint32_t *d_in)
{
    uint32_t i;
    ulonglong4 *out = (ulonglong4 *)d_out;
    ulonglong4 *in =  (ulonglong4 *)d_in;

    #pragma unroll
    for(i=0; i < 6; i++){
      out->x = in->x;
      out->y = in->y;
      out->z = in->z;
      out->w = in->w;
      out++;
      in++;
    }
}

__forceinline__ __device__ void movu256x2(uint32_t *d_out, uint32_t *d_in)
{
    uint32_t i;
    ulonglong4 *out = (ulonglong4 *)d_out;
    ulonglong4 *in =  (ulonglong4 *)d_in;

    #pragma unroll
    for(i=0; i < 2; i++){
      out->x = in->x;
      out->y = in->y;
      out->z = in->z;
      out->w = in->w;
      out++;
      in++;
    }
}

__forceinline__ __device__ void set0u256(uint32_t *d_out)
{
  #if 0
   asm("mov.u32     %0,  %8;\n\t"
       "mov.u32     %1,  %9;\n\t"
       "mov.u32     %2,  %10;\n\t"
       "mov.u32     %3,  %11;\n\t"
       "mov.u32     %4,  %12;\n\t"
       "mov.u32     %5,  %13;\n\t"
       "mov.u32     %6,  %14;\n\t"
       "mov.u32     %7,  %15;\n\t"
    : "=r"(d_out[0]), "=r"(d_out[1]), "=r"(d_out[2]), "=r"(d_out[3]),
      "=r"(d_out[4]), "=r"(d_out[5]), "=r"(d_out[6]), "=r"(d_out[7])
    : "r"(d_in[0]), "r"(d_in[1]), "r"(d_in[2]), "r"(d_in[3]),
      "r"(d_in[4]), "r"(d_in[5]), "r"(d_in[6]), "r"(d_in[7]));
  #endif

    ulonglong4 *out = (ulonglong4 *)d_out;
    out->x = 0;
    out->y = 0;
    out->z = 0;
    out->w = 0;
}

template <typename T1, typename T2, typename T3>
__device__ void addmu256(T1 *z, T2 *x, T3 *y, mod_t midx)
{
  uint32_t const __restrict__ *p = mod_info_ct[midx].p;

   addu256(z,x,y);
    if (ltu256(p,z)){
      subu256(z,z,p);
   } 

}


/*
   x - y (mod N) for 256 bit numbers

   NOTE. Function requires that x, y < N
*/

template <typename T1, typename T2, typename T3>
__device__ void submu256(T1 *z, T2 *x, T3 *y, mod_t midx)
{

  uint32_t const __restrict__ *p = mod_info_ct[midx].p;

  //logInfoBigNumberTid(1,"y:\n",(uint32_t *)y);
  subu256(z,x,y);
  if (z[NWORDS_256BIT-1] > p[NWORDS_256BIT-1]){
      addu256(z, z, p);
  } 


}

#endif
// ---- end of u256_device.h ----
// ---- src/cuda/asm_device.h, lines 1-1166 (whole) ----

/*
    Copyright 2018 0kims association.
    This file is part of cusnarks.
    cusnarks is a free software: you can redistribute it and/or
    modify it under the terms of the GNU General Public License as published by the
    Free Software Foundation, either version 3 of the License, or (at your option)
    any later version.
    cusnarks is distributed in the hope that it will be useful,
    but WITHOUT ANY WARRANTY; without even the implied warranty of MERCHANTABILITY
    or FITNESS FOR A PARTICULAR PURPOSE. See the GNU General Public License for
    more details.
    You should have received a copy of the GNU General Public License along with
    cusnarks. If not, see <https://www.gnu.org/licenses/>.
*/

// ------------------------------------------------------------------
// Author     : David Ruiz
//
// File name  : asm_device.h
//
// Date       : 27/01/2020
//
// ------------------------------------------------------------------
//
// Description:
//   Field and Group arithmetic in ptx 
//
// ------------------------------------------------------------------

// NOTE Implementation of Montgomery Multiplication has been taken from
//
// https://github.com/matter-labs/belle_cuda/blob/master/sources/mont_mul.cu
//

/******************************************************************************
*  Copyright 2020 0kims association.
*
* Licensed under the Apache License, Version 2.0 (the "License");
* you may not use this file except in compliance with the License.
* You may obtain a copy of the License at
*
*    http://www.apache.org/licenses/LICENSE-2.0
*
* Unless required by applicable law or agreed to in writing, software
* distributed under the License is distributed on an "AS IS" BASIS,
* WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
* See the License for the specific language governing permissions and
* limitations under the License.
******************************************************************************/


#ifndef _ASM_DEVICE_H_
#define _ASM_DEVICE_H_

// Montgomery Multiplication (FIOS)

#define ASM_MONTMULU256(out,in1,in2)  \
    ASM_MUL_START(out,in1,in2) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out, in1, in2,1) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out, in1, in2,2) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,3) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,4) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,5) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,6) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,7) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out)

#if 0
#define ASM_MONTSQ256(out,in1, in2)  \
    ASM_MONTSQ_START(out,in1, in2) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MONTSQ_BLOCK1(out, in1, in2) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out, in1, in2,2) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,3) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,4) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,5) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,6) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out) \
    ASM_MUL_BLOCK(out,in1,in2,7) \
    ASM_MUL_REDUCTION_BLOCK_LAST(out)
#endif

#define ASM_MONTMULU256_64(out,in1,in2)  \
    ASM_MUL_START_64(out,in1,in2) \
    ASM_MUL_REDUCTION_BLOCK_LAST_64(out) \
    ASM_MUL_BLOCK_64(out, in1, in2,1) \
    ASM_MUL_REDUCTION_BLOCK_LAST_64(out) \
    ASM_MUL_BLOCK_64(out, in1, in2,2) \
    ASM_MUL_REDUCTION_BLOCK_LAST_64(out) \
    ASM_MUL_BLOCK_64(out,in1,in2,3) \
    ASM_MUL_REDUCTION_BLOCK_LAST_64(out) 

#define ASM_MUL_INIT \
      "{\n\t" \
           ".reg .u32 a0, a1, a2, a3, a4, a5, a6, a7;\n\t"  \
           ".reg .u32 b0, b1, b2, b3, b4, b5, b6, b7;\n\t"  \
           ".reg .u32 r0, r1, r2, r3, r4, r5, r6, r7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.u32         a0, %8;\n\t" \
           "mov.u32         a1, %9;\n\t" \
           "mov.u32         a2, %10;\n\t" \
           "mov.u32         a3, %11;\n\t" \
           "mov.u32         a4, %12;\n\t" \
           "mov.u32         a5, %13;\n\t" \
           "mov.u32         a6, %14;\n\t" \
           "mov.u32         a7, %15;\n\t" \
                                        \
           "mov.u32         b0, %16;\n\t" \
           "mov.u32         b1, %17;\n\t" \
           "mov.u32         b2, %18;\n\t" \
           "mov.u32         b3, %19;\n\t" \
           "mov.u32         b4, %20;\n\t" \
           "mov.u32         b5, %21;\n\t" \
           "mov.u32         b6, %22;\n\t" \
           "mov.u32         b7, %23;\n\t" \
            \
           "mov.u32         n0, %24;\n\t" \
           "mov.u32         n1, %25;\n\t" \
           "mov.u32         n2, %26;\n\t" \
           "mov.u32         n3, %27;\n\t" \
           "mov.u32         n4, %28;\n\t" \
           "mov.u32         n5, %29;\n\t" \
           "mov.u32         n6, %30;\n\t" \
           "mov.u32         n7, %31;\n\t" \
           "mov.u32         q, %32;\n\t"

#define ASM_MUL_INIT_64 \
      "{\n\t" \
           ".reg .u32 a0, a1, a2, a3, a4, a5, a6, a7;\n\t"  \
           ".reg .u32 b0, b1, b2, b3, b4, b5, b6, b7;\n\t"  \
           ".reg .u32 r0, r1, r2, r3, r4, r5, r6, r7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.b64         {a0,a1}, %4;\n\t" \
           "mov.b64         {a2,a3}, %5;\n\t" \
           "mov.b64         {a4,a5}, %6;\n\t" \
           "mov.b64         {a6,a7}, %7;\n\t" \
                                        \
           "mov.b64         {b0,b1}, %8;\n\t" \
           "mov.b64         {b2,b3}, %9;\n\t" \
           "mov.b64         {b4,b5}, %10;\n\t" \
           "mov.b64         {b6,b7}, %11;\n\t" \
                                        \
           "mov.b64         {n0,n1}, %12;\n\t" \
           "mov.b64         {n2,n3}, %13;\n\t" \
           "mov.b64         {n4,n5}, %14;\n\t" \
           "mov.b64         {n6,n7}, %15;\n\t" \
                                        \
           "mov.u32         q, %16;\n\t"

#define ASM_MONTSQ_INIT_64 \
      "{\n\t" \
           ".reg .u32 a0, a1, a2, a3, a4, a5, a6, a7;\n\t"  \
           ".reg .u32 r0, r1, r2, r3, r4, r5, r6, r7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.b64         {a0,a1}, %4;\n\t" \
           "mov.b64         {a2,a3}, %5;\n\t" \
           "mov.b64         {a4,a5}, %6;\n\t" \
           "mov.b64         {a6,a7}, %7;\n\t" \
                                        \
           "mov.b64         {n0,n1}, %8;\n\t" \
           "mov.b64         {n2,n3}, %9;\n\t" \
           "mov.b64         {n4,n5}, %10;\n\t" \
           "mov.b64         {n6,n7}, %11;\n\t" \
                                        \
           "mov.u32         q, %12;\n\t"


#define ASM_MUL_INIT_64_2 \
      "{\n\t" \
           ".reg .u64 a0, a1, a2, a3;\n\t"  \
           ".reg .u64 b0, b1, b2, b3;\n\t"  \
           ".reg .u64 r0, r1, r2, r3;\n\t"  \
           ".reg .u64 n0, n1, n2, n3;\n\t"  \
           ".reg .u64 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.b64         a0, %4;\n\t" \
           "mov.b64         a1, %5;\n\t" \
           "mov.b64         a2, %6;\n\t" \
           "mov.b64         a3, %7;\n\t" \
                                        \
           "mov.b64         b0, %8;\n\t" \
           "mov.b64         b1, %9;\n\t" \
           "mov.b64         b2, %10;\n\t" \
           "mov.b64         b3, %11;\n\t" \
                                        \
           "mov.b64         n0, %12;\n\t" \
           "mov.b64         n1, %13;\n\t" \
           "mov.b64         n2, %14;\n\t" \
           "mov.b64         n3, %15;\n\t" \
                                       \
           "mov.b64         q, %16;\n\t"


#define ASM_MULG2_INIT \
      "{\n\t" \
           ".reg .u32 ax0, ax1, ax2, ax3, ax4, ax5, ax6, ax7;\n\t"  \
           ".reg .u32 ay0, ay1, ay2, ay3, ay4, ay5, ay6, ay7;\n\t"  \
           ".reg .u32 bx0, bx1, bx2, bx3, bx4, bx5, bx6, bx7;\n\t"  \
           ".reg .u32 by0, by1, by2, by3, by4, by5, by6, by7;\n\t"  \
           ".reg .u32 rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7;\n\t"  \
           ".reg .u32 ry0, ry1, ry2, ry3, ry4, ry5, ry6, ry7;\n\t"  \
           ".reg .u32 tmulx0, tmulx1, tmulx2, tmulx3, tmulx4, tmulx5, tmulx6, tmulx7;\n\t"  \
           ".reg .u32 tmuly0, tmuly1, tmuly2, tmuly3, tmuly4, tmuly5, tmuly6, tmuly7;\n\t"  \
           ".reg .u32 tmulz0, tmulz1, tmulz2, tmulz3, tmulz4, tmulz5, tmulz6, tmulz7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.u32         ax0, %16;\n\t" \
           "mov.u32         ax1, %17;\n\t" \
           "mov.u32         ax2, %18;\n\t" \
           "mov.u32         ax3, %19;\n\t" \
           "mov.u32         ax4, %20;\n\t" \
           "mov.u32         ax5, %21;\n\t" \
           "mov.u32         ax6, %22;\n\t" \
           "mov.u32         ax7, %23;\n\t" \
                                        \
           "mov.u32         ay0, %24;\n\t" \
           "mov.u32         ay1, %25;\n\t" \
           "mov.u32         ay2, %26;\n\t" \
           "mov.u32         ay3, %27;\n\t" \
           "mov.u32         ay4, %28;\n\t" \
           "mov.u32         ay5, %29;\n\t" \
           "mov.u32         ay6, %30;\n\t" \
           "mov.u32         ay7, %31;\n\t" \
                                        \
           "mov.u32         bx0, %32;\n\t" \
           "mov.u32         bx1, %33;\n\t" \
           "mov.u32         bx2, %34;\n\t" \
           "mov.u32         bx3, %35;\n\t" \
           "mov.u32         bx4, %36;\n\t" \
           "mov.u32         bx5, %37;\n\t" \
           "mov.u32         bx6, %38;\n\t" \
           "mov.u32         bx7, %39;\n\t" \
           "mov.u32         by0, %40;\n\t" \
           "mov.u32         by1, %41;\n\t" \
           "mov.u32         by2, %42;\n\t" \
           "mov.u32         by3, %43;\n\t" \
           "mov.u32         by4, %44;\n\t" \
           "mov.u32         by5, %45;\n\t" \
           "mov.u32         by6, %46;\n\t" \
           "mov.u32         by7, %47;\n\t" \
            \
           "mov.u32         n0, %48;\n\t" \
           "mov.u32         n1, %49;\n\t" \
           "mov.u32         n2, %50;\n\t" \
           "mov.u32         n3, %51;\n\t" \
           "mov.u32         n4, %52;\n\t" \
           "mov.u32         n5, %53;\n\t" \
           "mov.u32         n6, %54;\n\t" \
           "mov.u32         n7, %55;\n\t" \
           "mov.u32         q, %56;\n\t"

#define ASM_MULG2_INIT_64 \
      "{\n\t" \
           ".reg .u32 ax0, ax1, ax2, ax3, ax4, ax5, ax6, ax7;\n\t"  \
           ".reg .u32 ay0, ay1, ay2, ay3, ay4, ay5, ay6, ay7;\n\t"  \
           ".reg .u32 bx0, bx1, bx2, bx3, bx4, bx5, bx6, bx7;\n\t"  \
           ".reg .u32 by0, by1, by2, by3, by4, by5, by6, by7;\n\t"  \
           ".reg .u32 rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7;\n\t"  \
           ".reg .u32 ry0, ry1, ry2, ry3, ry4, ry5, ry6, ry7;\n\t"  \
           ".reg .u32 tmulx0, tmulx1, tmulx2, tmulx3, tmulx4, tmulx5, tmulx6, tmulx7;\n\t"  \
           ".reg .u32 tmuly0, tmuly1, tmuly2, tmuly3, tmuly4, tmuly5, tmuly6, tmuly7;\n\t"  \
           ".reg .u32 tmulz0, tmulz1, tmulz2, tmulz3, tmulz4, tmulz5, tmulz6, tmulz7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1;\n\t" \
                                     \
           "mov.b64         {ax0,ax1}, %8;\n\t" \
           "mov.b64         {ax2,ax3}, %9;\n\t" \
           "mov.b64         {ax4,ax5}, %10;\n\t" \
           "mov.b64         {ax6,ax7}, %11;\n\t" \
	            \
           "mov.b64         {ay0,ay1}, %12;\n\t" \
           "mov.b64         {ay2,ay3}, %13;\n\t" \
           "mov.b64         {ay4,ay5}, %14;\n\t" \
           "mov.b64         {ay6,ay7}, %15;\n\t" \
	            \
           "mov.b64         {bx0,bx1}, %16;\n\t" \
           "mov.b64         {bx2,bx3}, %17;\n\t" \
           "mov.b64         {bx4,bx5}, %18;\n\t" \
           "mov.b64         {bx6,bx7}, %19;\n\t" \
	            \
           "mov.b64         {by0,by1}, %20;\n\t" \
           "mov.b64         {by2,by3}, %21;\n\t" \
           "mov.b64         {by4,by5}, %22;\n\t" \
           "mov.b64         {by6,by7}, %23;\n\t" \
	            \
           "mov.b64         {n0,n1}, %24;\n\t" \
           "mov.b64         {n2,n3}, %25;\n\t" \
           "mov.b64         {n4,n5}, %26;\n\t" \
           "mov.b64         {n6,n7}, %27;\n\t" \
	            \
           "mov.u32         q, %28;\n\t"

#define ASM_MUL_START(out, in1, in2) \
     "mul.lo.u32 "#out"0, "#in1"0, "#in2"0;\n\t"           \
     "mul.lo.u32 "#out"1, "#in1"0, "#in2"1;\n\t"           \
     "mul.lo.u32 "#out"2, "#in1"0, "#in2"2;\n\t"           \
     "mul.lo.u32 "#out"3, "#in1"0, "#in2"3;\n\t"           \
     "mul.lo.u32 "#out"4, "#in1"0, "#in2"4;\n\t"           \
     "mul.lo.u32 "#out"5, "#in1"0, "#in2"5;\n\t"           \
     "mul.lo.u32 "#out"6, "#in1"0, "#in2"6;\n\t"           \
     "mul.lo.u32 "#out"7, "#in1"0, "#in2"7;\n\t"           \
     "mad.hi.cc.u32 "#out"1, "#in1"0, "#in2"0, "#out"1;\n\t"           \
     "madc.hi.cc.u32 "#out"2, "#in1"0, "#in2"1, "#out"2;\n\t"           \
     "madc.hi.cc.u32 "#out"3, "#in1"0, "#in2"2, "#out"3;\n\t"           \
     "madc.hi.cc.u32 "#out"4, "#in1"0, "#in2"3, "#out"4;\n\t"           \
     "madc.hi.cc.u32 "#out"5, "#in1"0, "#in2"4, "#out"5;\n\t"           \
     "madc.hi.cc.u32 "#out"6, "#in1"0, "#in2"5, "#out"6;\n\t"           \
     "madc.hi.cc.u32 "#out"7, "#in1"0, "#in2"6, "#out"7;\n\t"           \
     "madc.hi.cc.u32 lo, "#in1"0, "#in2"7, 0;\n\t"          

#define ASM_MONTSQ_START(out, in1, in2) \
     "mul.lo.u32 "#out"0, "#in1"0, "#in2"0;\n\t"           \
     "mul.lo.u32 "#out"1, "#in1"0, "#in2"1;\n\t"           \
     "mul.lo.u32 "#out"2, "#in1"0, "#in2"2;\n\t"           \
     "mul.lo.u32 "#out"3, "#in1"0, "#in2"3;\n\t"           \
     "mul.lo.u32 "#out"4, "#in1"0, "#in2"4;\n\t"           \
     "mul.lo.u32 "#out"5, "#in1"0, "#in2"5;\n\t"           \
     "mul.lo.u32 "#out"6, "#in1"0, "#in2"6;\n\t"           \
     "mul.lo.u32 "#out"7, "#in1"0, "#in2"7;\n\t"           \
     "mul.hi.u32 tth0, "#in1"0, "#in2"1;\n\t"           \
     "mul.hi.u32 tth1, "#in1"0, "#in2"2;\n\t"           \
     "mul.hi.u32 tth2, "#in1"0, "#in2"3;\n\t"           \
     "mul.hi.u32 tth3, "#in1"0, "#in2"4;\n\t"           \
     "mul.hi.u32 tth4, "#in1"0, "#in2"5;\n\t"           \
     "mul.hi.u32 tth5, "#in1"0, "#in2"6;\n\t"           \
     "mul.hi.u32 tth6, "#in1"0, "#in2"7;\n\t"           \
     "mov.u32    ttl0, "#out"1;\n\t" \
     "mov.u32    ttl1, "#out"2;\n\t" \
     "mov.u32    ttl2, "#out"3;\n\t" \
     "mov.u32    ttl3, "#out"4;\n\t" \
     "mov.u32    ttl4, "#out"5;\n\t" \
     "mov.u32    ttl5, "#out"6;\n\t" \
     "mov.u32    ttl6, "#out"7;\n\t" \
       \
     "mad.hi.cc.u32 "#out"1, "#in1"0, "#in2"0, "#out"1;\n\t"           \
     "addc.cc.u32 "#out"2, tth0, "#out"2;\n\t"           \
     "addc.cc.u32 "#out"3, tth1, "#out"3;\n\t"           \
     "addc.cc.u32 "#out"4, tth2, "#out"4;\n\t"           \
     "addc.cc.u32 "#out"5, tth3, "#out"5;\n\t"           \
     "addc.cc.u32 "#out"6, tth4, "#out"6;\n\t"           \
     "addc.cc.u32 "#out"7, tth5, "#out"7;\n\t"           \
     "addc.cc.u32 lo, tth6, 0;\n\t"          

#define ASM_MUL_START_64(out, in1, in2) \
     "mul.lo.u64 "#out"0, "#in1"0, "#in2"0;\n\t"           \
     "mul.lo.u64 "#out"1, "#in1"0, "#in2"1;\n\t"           \
     "mul.lo.u64 "#out"2, "#in1"0, "#in2"2;\n\t"           \
     "mul.lo.u64 "#out"3, "#in1"0, "#in2"3;\n\t"           \
     "mad.hi.cc.u64 "#out"1, "#in1"0, "#in2"0, "#out"1;\n\t"           \
     "madc.hi.cc.u64 "#out"2, "#in1"0, "#in2"1, "#out"2;\n\t"           \
     "madc.hi.cc.u64 "#out"3, "#in1"0, "#in2"2, "#out"3;\n\t"           \
     "madc.hi.cc.u64 lo, "#in1"0, "#in2"3, 0;\n\t"          

#define ASM_MUL_REDUCTION_BLOCK_LAST(out) \
       "mul.lo.u32   m, "#out"0, q;\n\t" \
       "mad.lo.cc.u32 "#out"0, m, n0, "#out"0;\n\t" \
       "madc.hi.cc.u32 "#out"1, m, n0, "#out"1;\n\t" \
       "madc.hi.cc.u32 "#out"2, m, n1, "#out"2;\n\t" \
       "madc.hi.cc.u32 "#out"3, m, n2, "#out"3;\n\t" \
       "madc.hi.cc.u32 "#out"4, m, n3, "#out"4;\n\t" \
       "madc.hi.cc.u32  "#out"5, m, n4, "#out"5;\n\t" \
       "madc.hi.cc.u32  "#out"6, m, n5, "#out"6;\n\t" \
       "madc.hi.cc.u32  "#out"7, m, n6, "#out"7;\n\t" \
       "madc.hi.cc.u32  lo, m, n7, lo;\n\t" \
       "addc.u32  hi, 0, 0;\n\t" \
       "mad.lo.cc.u32 "#out"0, m, n1, "#out"1;\n\t" \
       "madc.lo.cc.u32  "#out"1, m, n2, "#out"2;\n\t" \
       "madc.lo.cc.u32  "#out"2, m, n3, "#out"3;\n\t" \
       "madc.lo.cc.u32  "#out"3, m, n4, "#out"4;\n\t" \
       "madc.lo.cc.u32  "#out"4, m, n5, "#out"5;\n\t" \
       "madc.lo.cc.u32  "#out"5, m, n6, "#out"6;\n\t" \
       "madc.lo.cc.u32  "#out"6, m, n7, "#out"7;\n\t" \
       "addc.cc.u32  "#out"7, lo, 0;\n\t" \
       "addc.u32  lo, hi, 0;\n\t"

#define ASM_MUL_REDUCTION_BLOCK_LAST_64(out) \
       "mul.lo.u64   m, "#out"0, q;\n\t" \
       "mad.lo.cc.u64 "#out"0, m, n0, "#out"0;\n\t" \
       "madc.hi.cc.u64 "#out"1, m, n0, "#out"1;\n\t" \
       "madc.hi.cc.u64 "#out"2, m, n1, "#out"2;\n\t" \
       "madc.hi.cc.u64 "#out"3, m, n2, "#out"3;\n\t" \
       "madc.hi.cc.u64  lo, m, n3, lo;\n\t" \
       "addc.u64  hi, 0, 0;\n\t" \
       "mad.lo.cc.u64 "#out"0, m, n1, "#out"1;\n\t" \
       "madc.lo.cc.u64  "#out"1, m, n2, "#out"2;\n\t" \
       "madc.lo.cc.u64  "#out"2, m, n3, "#out"3;\n\t" \
       "addc.cc.u64  "#out"3, lo, 0;\n\t" \
       "addc.u64  lo, hi, 0;\n\t" 


#define ASM_MUL_BLOCK(out, in1, in2, idx) \
    "mad.lo.cc.u32 "#out"0, "#in1#idx", "#in2"0, "#out"0;\n\t" \
    "madc.lo.cc.u32 "#out"1, "#in1#idx", "#in2"1, "#out"1;\n\t" \
    "madc.lo.cc.u32 "#out"2, "#in1#idx", "#in2"2, "#out"2;\n\t" \
    "madc.lo.cc.u32 "#out"3, "#in1#idx", "#in2"3, "#out"3;\n\t" \
    "madc.lo.cc.u32 "#out"4, "#in1#idx", "#in2"4, "#out"4;\n\t" \
    "madc.lo.cc.u32 "#out"5, "#in1#idx", "#in2"5, "#out"5;\n\t" \
    "madc.lo.cc.u32 "#out"6, "#in1#idx", "#in2"6, "#out"6;\n\t" \
    "madc.lo.cc.u32 "#out"7, "#in1#idx", "#in2"7, "#out"7;\n\t" \
    "addc.u32 lo, lo, 0;\n\t" \
    "mad.hi.cc.u32 "#out"1, "#in1#idx", "#in2"0, "#out"1;\n\t" \
    "madc.hi.cc.u32 "#out"2, "#in1#idx", "#in2"1, "#out"2;\n\t" \
    "madc.hi.cc.u32 "#out"3, "#in1#idx", "#in2"2, "#out"3;\n\t" \
    "madc.hi.cc.u32 "#out"4, "#in1#idx", "#in2"3, "#out"4;\n\t" \
    "madc.hi.cc.u32 "#out"5, "#in1#idx", "#in2"4, "#out"5;\n\t" \
    "madc.hi.cc.u32 "#out"6, "#in1#idx", "#in2"5, "#out"6;\n\t" \
    "madc.hi.cc.u32 "#out"7, "#in1#idx", "#in2"6, "#out"7;\n\t" \
    "madc.hi.cc.u32 lo, "#in1#idx", "#in2"7, lo;\n\t" \
    "addc.u32 hi, 0, 0;\n\t"  

#if 0
#define ASM_MONTSQ_BLOCK2(out, in1, in2)  \
    "add.cc.u32 "#out"0, ttl1, "#out"0;\n\t" \
    "addc.cc.u32 "#out"1, ttl7, "#out"1;\n\t" \
    "madc.lo.cc.u32 "#out"2, "#in1#idx", "#in2"2, "#out"2;\n\t" \
    "addc.cc.u32 "#out"2, ttl0, "#out"2;\n\t" \
    "mul.lo.u32  ttl0, "#in1"2, "#in2"3;\n\t" \
    "mul.lo.u32  ttl1, "#in1"2, "#in2"4;\n\t" \
    "mul.lo.u32  ttl7, "#in1"2, "#in2"5;\n\t" \
    "mul.lo.u32  ttl12, "#in1"2, "#in2"6;\n\t" \
    "mul.hi.u32  tth12, "#in1"2, "#in2"6;\n\t" \
    "mul.lo.u32  ttl13, "#in1"2, "#in2"7;\n\t" \
    "mul.hi.u32  tth13, "#in1"2, "#in2"7;\n\t" \
    "addc.cc.u32 "#out"3, ttl0, "#out"3;\n\t" \
    "addc.cc.u32 "#out"4, ttl11, "#out"4;\n\t" \
    "addc.cc.u32 "#out"5, ttl12, "#out"5;\n\t" \
    "addc.cc.u32 "#out"6, ttl13, "#out"6;\n\t" \
    "addc.cc.u32 "#out"7, ttl14, "#out"7;\n\t" \
    "addc.u32 lo, lo, 0;\n\t" \
    "add.cc.u32 "#out"1, tth1, "#out"1;\n\t" \
    "addc.cc.u32 "#out"2, tth7, "#out"2;\n\t" \
    "madc.hi.cc.u32 "#out"3, "#in1#idx", "#in2"2, "#out"3;\n\t" \
    "madc.hi.cc.u32 "#out"4, "#in1#idx", "#in2"3, "#out"4;\n\t" \
    "madc.hi.cc.u32 "#out"5, "#in1#idx", "#in2"4, "#out"5;\n\t" \
    "madc.hi.cc.u32 "#out"6, "#in1#idx", "#in2"5, "#out"6;\n\t" \
    "madc.hi.cc.u32 "#out"7, "#in1#idx", "#in2"6, "#out"7;\n\t" \
    "madc.hi.cc.u32 lo, "#in1#idx", "#in2"7, lo;\n\t" \
    "addc.u32 hi, 0, 0;\n\t"  

#define ASM_MONTSQ_BLOCK1(out, in1, in2) \
    "add.cc.u32 "#out"0, ttl0, "#out"0;\n\t" \
    "mul.lo.u32  ttl0, "#in1"1, "#in2"2;\n\t" \
    "mul.lo.u32  ttl7, "#in1"1, "#in2"3;\n\t" \
    "mul.hi.u32  tth7, "#in1"1, "#in2"3;\n\t" \
    "mul.lo.u32  ttl8, "#in1"1, "#in2"4;\n\t" \
    "mul.hi.u32  tth8, "#in1"1, "#in2"4;\n\t" \
    "mul.lo.u32  ttl9, "#in1"1, "#in2"5;\n\t" \
    "mul.hi.u32  tth9, "#in1"1, "#in2"5;\n\t" \
    "mul.lo.u32  ttl10, "#in1"1, "#in2"6;\n\t" \
    "mul.lhiu32  tth10, "#in1"1, "#in2"6;\n\t" \
    "mul.lo.u32  ttl11, "#in1"1, "#in2"7;\n\t" \
    "mul.hi.u32  tth11, "#in1"1, "#in2"7;\n\t" \
    "madc.lo.cc.u32 "#out"1, "#in1"1, "#in2"1, "#out"1;\n\t" \
    "addc.cc.u32 "#out"2, ttl0, "#out"2;\n\t" \
    "addc.cc.u32 "#out"3, ttl7, "#out"3;\n\t" \
    "addc.cc.u32 "#out"4, ttl8, "#out"4;\n\t" \
    "addc.cc.u32 "#out"5, ttl9, "#out"5;\n\t" \
    "addc.cc.u32 "#out"6, ttl10, "#out"6;\n\t" \
    "addc.cc.u32 "#out"7, ttl11, "#out"7;\n\t" \
    "addc.u32 lo, lo, 0;\n\t" \
    "add.cc.u32 "#out"1, tth0, "#out"1;\n\t" \
    "mul.hi.u32  tth0, "#in1"1, "#in2"2;\n\t" \
    "madc.hi.cc.u32 "#out"2, "#in1#idx", "#in2"1, "#out"2;\n\t" \
    "addc.u32 "#out"3, tth0, "#out"3;\n\t" \
    "addc.u32 "#out"4, tth7, "#out"4;\n\t" \
    "addc.u32 "#out"5, tth8, "#out"5;\n\t" \
    "addc.u32 "#out"6, tth9, "#out"6;\n\t" \
    "addc.u32 "#out"7, tth10, "#out"7;\n\t" \
    "addc.u32 lo, tth11, lo;\n\t" \
    "addc.u32 hi, 0, 0;\n\t" 
#endif

#define ASM_MUL_BLOCK_64(out, in1, in2, idx) \
    "mad.lo.cc.u64 "#out"0, "#in1#idx", "#in2"0, "#out"0;\n\t" \
    "madc.lo.cc.u64 "#out"1, "#in1#idx", "#in2"1, "#out"1;\n\t" \
    "madc.lo.cc.u64 "#out"2, "#in1#idx", "#in2"2, "#out"2;\n\t" \
    "madc.lo.cc.u64 "#out"3, "#in1#idx", "#in2"3, "#out"3;\n\t" \
    "addc.u64 lo, lo, 0;\n\t" \
    "mad.hi.cc.u64 "#out"1, "#in1#idx", "#in2"0, "#out"1;\n\t" \
    "madc.hi.cc.u64 "#out"2, "#in1#idx", "#in2"1, "#out"2;\n\t" \
    "madc.hi.cc.u64 "#out"3, "#in1#idx", "#in2"2, "#out"3;\n\t" \
    "madc.hi.cc.u64 lo, "#in1#idx", "#in2"3, lo;\n\t" \
    "addc.u64 hi, 0, 0;\n\t"  


#define ASM_MUL_END \
      "END_MUL:\n\t" 

#define ASM_MUL_PACK \
      "mov.u32        %0, r0;\n\t"   \
      "mov.u32        %1, r1;\n\t"   \
      "mov.u32        %2, r2;\n\t"   \
      "mov.u32        %3, r3;\n\t"   \
      "mov.u32        %4, r4;\n\t"   \
      "mov.u32        %5, r5;\n\t"   \
      "mov.u32        %6, r6;\n\t"   \
      "mov.u32        %7, r7;\n\t"   \
      "}\n\t" \
       : "=r"(U[0]), "=r"(U[1]), "=r"(U[2]), "=r"(U[3]), \
         "=r"(U[4]), "=r"(U[5]), "=r"(U[6]), "=r"(U[7]) \
       : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]),   \
         "r"(A[4]), "r"(A[5]), "r"(A[6]), "r"(A[7]),   \
         "r"(B[0]), "r"(B[1]), "r"(B[2]), "r"(B[3]), \
         "r"(B[4]), "r"(B[5]), "r"(B[6]), "r"(B[7]), \
         "r"(P_u256[0]), "r"(P_u256[1]), "r"(P_u256[2]), "r"(P_u256[3]), \
         "r"(P_u256[4]), "r"(P_u256[5]), "r"(P_u256[6]), "r"(P_u256[7]), \
         "r"(PN_u256[0])

#define ASM_MUL_PACK_64 \
      "mov.b64        %0, {r0,r1};\n\t"   \
      "mov.b64        %1, {r2,r3};\n\t"   \
      "mov.b64        %2, {r4,r5};\n\t"   \
      "mov.b64        %3, {r6,r7};\n\t"   \
      "}\n\t" \
       : "=l"(dU[0]), "=l"(dU[1]), "=l"(dU[2]), "=l"(dU[3]) \
       : "l"(dA[0]), "l"(dA[1]), "l"(dA[2]), "l"(dA[3]),   \
         "l"(dB[0]), "l"(dB[1]), "l"(dB[2]), "l"(dB[3]), \
         "l"(dP_u256[0]), "l"(dP_u256[1]), "l"(dP_u256[2]), "l"(dP_u256[3]), \
         "r"(PN_u256[0])

#define ASM_MONTSQ_PACK_64 \
      "mov.b64        %0, {r0,r1};\n\t"   \
      "mov.b64        %1, {r2,r3};\n\t"   \
      "mov.b64        %2, {r4,r5};\n\t"   \
      "mov.b64        %3, {r6,r7};\n\t"   \
      "}\n\t" \
       : "=l"(dU[0]), "=l"(dU[1]), "=l"(dU[2]), "=l"(dU[3]) \
       : "l"(dA[0]), "l"(dA[1]), "l"(dA[2]), "l"(dA[3]),   \
         "l"(dP_u256[0]), "l"(dP_u256[1]), "l"(dP_u256[2]), "l"(dP_u256[3]), \
         "r"(PN_u256[0])

#define ASM_MUL_PACK_64_2 \
      "mov.b64        %0, r0;\n\t"   \
      "mov.b64        %1, r1;\n\t"   \
      "mov.b64        %2, r2;\n\t"   \
      "mov.b64        %3, r3;\n\t"   \
      "}\n\t" \
       : "=l"(dU[0]), "=l"(dU[1]), "=l"(dU[2]), "=l"(dU[3]) \
       : "l"(dA[0]), "l"(dA[1]), "l"(dA[2]), "l"(dA[3]),   \
         "l"(dB[0]), "l"(dB[1]), "l"(dB[2]), "l"(dB[3]), \
         "l"(dP_u256[0]), "l"(dP_u256[1]), "l"(dP_u256[2]), "l"(dP_u256[3]), \
         "l"(dPN_u256[0])


#define ASM_MULG2_PACK \
      "mov.u32        %0, rx0;\n\t"   \
      "mov.u32        %1, rx1;\n\t"   \
      "mov.u32        %2, rx2;\n\t"   \
      "mov.u32        %3, rx3;\n\t"   \
      "mov.u32        %4, rx4;\n\t"   \
      "mov.u32        %5, rx5;\n\t"   \
      "mov.u32        %6, rx6;\n\t"   \
      "mov.u32        %7, rx7;\n\t"   \
      "mov.u32        %8, ry0;\n\t"   \
      "mov.u32        %9, ry1;\n\t"   \
      "mov.u32        %10, ry2;\n\t"   \
      "mov.u32        %11, ry3;\n\t"   \
      "mov.u32        %12, ry4;\n\t"   \
      "mov.u32        %13, ry5;\n\t"   \
      "mov.u32        %14, ry6;\n\t"   \
      "mov.u32        %15, ry7;\n\t"   \
      "}\n\t" \
       : "=r"(U[0]), "=r"(U[1]), "=r"(U[2]), "=r"(U[3]), \
         "=r"(U[4]), "=r"(U[5]), "=r"(U[6]), "=r"(U[7]), \
         "=r"(U[8]), "=r"(U[9]), "=r"(U[10]), "=r"(U[11]), \
         "=r"(U[12]), "=r"(U[13]), "=r"(U[14]), "=r"(U[15]) \
       : "r"(A[0]), "r"(A[1]), "r"(A[2]), "r"(A[3]),   \
         "r"(A[4]), "r"(A[5]), "r"(A[6]), "r"(A[7]),   \
         "r"(A[8]), "r"(A[9]), "r"(A[10]), "r"(A[11]),   \
         "r"(A[12]), "r"(A[13]), "r"(A[14]), "r"(A[15]),   \
         "r"(B[0]), "r"(B[1]), "r"(B[2]), "r"(B[3]), \
         "r"(B[4]), "r"(B[5]), "r"(B[6]), "r"(B[7]), \
         "r"(B[8]), "r"(B[9]), "r"(B[10]), "r"(B[11]), \
         "r"(B[12]), "r"(B[13]), "r"(B[14]), "r"(B[15]), \
         "r"(P_u256[0]), "r"(P_u256[1]), "r"(P_u256[2]), "r"(P_u256[3]), \
         "r"(P_u256[4]), "r"(P_u256[5]), "r"(P_u256[6]), "r"(P_u256[7]), \
         "r"(PN_u256[0])

#define ASM_MULG2_PACK_64 \
      "mov.b64        %0, {rx0, rx1};\n\t"   \
      "mov.b64        %1, {rx2, rx3};\n\t"   \
      "mov.b64        %2, {rx4, rx5};\n\t"   \
      "mov.b64        %3, {rx6, rx7};\n\t"   \
              \
      "mov.b64        %4, {ry0, ry1};\n\t"   \
      "mov.b64        %5, {ry2, ry3};\n\t"   \
      "mov.b64        %6, {ry4, ry5};\n\t"   \
      "mov.b64        %7, {ry6, ry7};\n\t"   \
      "}\n\t" \
       : "=l"(dU[0]), "=l"(dU[1]), "=l"(dU[2]), "=l"(dU[3]), \
         "=l"(dU[4]), "=l"(dU[5]), "=l"(dU[6]), "=l"(dU[7]) \
       : "l"(dA[0]), "l"(dA[1]), "l"(dA[2]), "l"(dA[3]),   \
         "l"(dA[4]), "l"(dA[5]), "l"(dA[6]), "l"(dA[7]),   \
         "l"(dB[0]), "l"(dB[1]), "l"(dB[2]), "l"(dB[3]), \
         "l"(dB[4]), "l"(dB[5]), "l"(dB[6]), "l"(dB[7]), \
         "l"(dP_u256[0]), "l"(dP_u256[1]), "l"(dP_u256[2]), "l"(dP_u256[3]), \
         "r"(PN_u256[0])

#define ASM_SUBU256(out, in1, in2) \
      "sub.cc.u32        "#out"0, "#in1"0, "#in2"0;\n\t"      \
      "subc.cc.u32       "#out"1, "#in1"1, "#in2"1;\n\t"     \
      "subc.cc.u32       "#out"2, "#in1"2, "#in2"2;\n\t"    \
      "subc.cc.u32       "#out"3, "#in1"3, "#in2"3;\n\t"    \
      "subc.cc.u32       "#out"4, "#in1"4, "#in2"4;\n\t"    \
      "subc.cc.u32       "#out"5, "#in1"5, "#in2"5;\n\t"    \
      "subc.cc.u32       "#out"6, "#in1"6, "#in2"6;\n\t"    \
      "subc.u32          "#out"7, "#in1"7, "#in2"7;\n\t"    

#define ASM_COND_SUBU256(out, in1, in2) \
      "@p1 sub.cc.u32        "#out"0, "#in1"0, "#in2"0;\n\t"      \
      "@p1 subc.cc.u32       "#out"1, "#in1"1, "#in2"1;\n\t"     \
      "@p1 subc.cc.u32       "#out"2, "#in1"2, "#in2"2;\n\t"    \
      "@p1 subc.cc.u32       "#out"3, "#in1"3, "#in2"3;\n\t"    \
      "@p1 subc.cc.u32       "#out"4, "#in1"4, "#in2"4;\n\t"    \
      "@p1 subc.cc.u32       "#out"5, "#in1"5, "#in2"5;\n\t"    \
      "@p1 subc.cc.u32       "#out"6, "#in1"6, "#in2"6;\n\t"    \
      "@p1 subc.u32          "#out"7, "#in1"7, "#in2"7;\n\t"    

#define ASM_MODU256(in) \
	"setp.ge.u32           p1, "#in"7, n7;\n\t"  \
        "@p1 sub.cc.u32        "#in"0, "#in"0, n0;\n\t"      \
        "@p1 subc.cc.u32       "#in"1, "#in"1, n1;\n\t"     \
        "@p1 subc.cc.u32       "#in"2, "#in"2, n2;\n\t"    \
        "@p1 subc.cc.u32       "#in"3, "#in"3, n3;\n\t"    \
        "@p1 subc.cc.u32       "#in"4, "#in"4, n4;\n\t"    \
        "@p1 subc.cc.u32       "#in"5, "#in"5, n5;\n\t"    \
        "@p1 subc.cc.u32       "#in"6, "#in"6, n6;\n\t"    \
        "@p1 subc.cc.u32       "#in"7, "#in"7, n7;\n\t"    \
        "@p1 bfe.u32            m, "#in"7, 31, 1;\n\t"   \
        "@p1 setp.eq.u32        p1, m,  1;\n\t"      \
        "@p1 add.cc.u32        "#in"0, "#in"0, n0;\n\t"      \
        "@p1 addc.cc.u32       "#in"1, "#in"1, n1;\n\t"     \
        "@p1 addc.cc.u32       "#in"2, "#in"2, n2;\n\t"    \
        "@p1 addc.cc.u32       "#in"3, "#in"3, n3;\n\t"    \
        "@p1 addc.cc.u32       "#in"4, "#in"4, n4;\n\t"    \
        "@p1 addc.cc.u32       "#in"5, "#in"5, n5;\n\t"    \
        "@p1 addc.cc.u32       "#in"6, "#in"6, n6;\n\t"    \
        "@p1 addc.u32          "#in"7, "#in"7, n7;\n\t"    

#define ASM_MODU256_64(in) \
	"setp.ge.u64           p1, "#in"3, n3;\n\t"  \
        "@p1 sub.cc.u64        "#in"0, "#in"0, n0;\n\t"      \
        "@p1 subc.cc.u64       "#in"1, "#in"1, n1;\n\t"     \
        "@p1 subc.cc.u64       "#in"2, "#in"2, n2;\n\t"    \
        "@p1 subc.cc.u64       "#in"3, "#in"3, n3;\n\t"    \
        "@p1 bfe.u64            m, "#in"3, 63, 1;\n\t"   \
        "@p1 setp.eq.u64        p1, m,  1;\n\t"      \
        "@p1 add.cc.u64        "#in"0, "#in"0, n0;\n\t"      \
        "@p1 addc.cc.u64       "#in"1, "#in"1, n1;\n\t"     \
        "@p1 addc.cc.u64       "#in"2, "#in"2, n2;\n\t"    \
        "@p1 add.cc.u64        "#in"3, "#in"3, n3;\n\t"    \

#define ASM_SUBMU256(out, in1, in2) \
	ASM_SUBU256(out, in1, in2) \
	"setp.gt.u32     p1, "#out"7, n7;\n\t"  \
        ASM_COND_ADDU256(out, out, n) 

#define ASM_ADDMU256(out, in1, in2) \
	ASM_ADDU256(out, in1, in2) \
	ASM_SUBU256(out, out, n) \
	"setp.gt.u32     p1, "#out"7, n7;\n\t"  \
        ASM_COND_ADDU256(out, out, n) 

#define ASM_COND_ADDU256(out,in1, in2) \
      "@p1 add.cc.u32        "#out"0, "#in1"0, "#in2"0;\n\t"      \
      "@p1 addc.cc.u32       "#out"1, "#in1"1, "#in2"1;\n\t"     \
      "@p1 addc.cc.u32       "#out"2, "#in1"2, "#in2"2;\n\t"    \
      "@p1 addc.cc.u32       "#out"3, "#in1"3, "#in2"3;\n\t"    \
      "@p1 addc.cc.u32       "#out"4, "#in1"4, "#in2"4;\n\t"    \
      "@p1 addc.cc.u32       "#out"5, "#in1"5, "#in2"5;\n\t"    \
      "@p1 addc.cc.u32       "#out"6, "#in1"6, "#in2"6;\n\t"    \
      "@p1 addc.u32          "#out"7, "#in1"7, "#in2"7;\n\t"    

#define ASM_ADDU256(out, in1, in2) \
      "add.cc.u32        "#out"0, "#in1"0, "#in2"0;\n\t"      \
      "addc.cc.u32       "#out"1, "#in1"1, "#in2"1;\n\t"     \
      "addc.cc.u32       "#out"2, "#in1"2, "#in2"2;\n\t"    \
      "addc.cc.u32       "#out"3, "#in1"3, "#in2"3;\n\t"    \
      "addc.cc.u32       "#out"4, "#in1"4, "#in2"4;\n\t"    \
      "addc.cc.u32       "#out"5, "#in1"5, "#in2"5;\n\t"    \
      "addc.cc.u32       "#out"6, "#in1"6, "#in2"6;\n\t"    \
      "addc.u32          "#out"7, "#in1"7, "#in2"7;\n\t"    


#define ASM_ADDECJAC_INIT \
      "{\n\t" \
           ".reg .u32 ax0, ax1, ax2, ax3, ax4, ax5, ax6, ax7;\n\t"  \
           ".reg .u32 ay0, ay1, ay2, ay3, ay4, ay5, ay6, ay7;\n\t"  \
           ".reg .u32 az0, az1, az2, az3, az4, az5, az6, az7;\n\t"  \
           ".reg .u32 bx0, bx1, bx2, bx3, bx4, bx5, bx6, bx7;\n\t"  \
           ".reg .u32 by0, by1, by2, by3, by4, by5, by6, by7;\n\t"  \
           ".reg .u32 bz0, bz1, bz2, bz3, bz4, bz5, bz6, bz7;\n\t"  \
           ".reg .u32 rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7;\n\t"  \
           ".reg .u32 ry0, ry1, ry2, ry3, ry4, ry5, ry6, ry7;\n\t"  \
           ".reg .u32 rz0, rz1, rz2, rz3, rz4, rz5, rz6, rz7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi;\n\t"  \
	   ".reg .pred p1, p2;\n\t" \
                                    \
	   "mov.u32    ax0, %24;\n\t"   \
	   "mov.u32    ax1, %25;\n\t"   \
	   "mov.u32    ax2, %26;\n\t"   \
	   "mov.u32    ax3, %27;\n\t"   \
	   "mov.u32    ax4, %28;\n\t"   \
	   "mov.u32    ax5, %29;\n\t"   \
	   "mov.u32    ax6, %30;\n\t"   \
	   "mov.u32    ax7, %31;\n\t"   \
	   "mov.u32    ay0, %32;\n\t"   \
	   "mov.u32    ay1, %33;\n\t"   \
	   "mov.u32    ay2, %34;\n\t"   \
	   "mov.u32    ay3, %35;\n\t"   \
	   "mov.u32    ay4, %36;\n\t"   \
	   "mov.u32    ay5, %37;\n\t"   \
	   "mov.u32    ay6, %38;\n\t"   \
	   "mov.u32    ay7, %39;\n\t"   \
	   "mov.u32    az0, %40;\n\t"   \
	   "mov.u32    az1, %41;\n\t"   \
	   "mov.u32    az2, %42;\n\t"   \
	   "mov.u32    az3, %43;\n\t"   \
	   "mov.u32    az4, %44;\n\t"   \
	   "mov.u32    az5, %45;\n\t"   \
	   "mov.u32    az6, %46;\n\t"   \
	   "mov.u32    az7, %47;\n\t"   \
	                               \
	   "mov.u32    bx0, %48;\n\t"   \
	   "mov.u32    bx1, %49;\n\t"   \
	   "mov.u32    bx2, %50;\n\t"   \
	   "mov.u32    bx3, %51;\n\t"   \
	   "mov.u32    bx4, %52;\n\t"   \
	   "mov.u32    bx5, %53;\n\t"   \
	   "mov.u32    bx6, %54;\n\t"   \
	   "mov.u32    bx7, %55;\n\t"   \
	   "mov.u32    by0, %56;\n\t"   \
	   "mov.u32    by1, %57;\n\t"   \
	   "mov.u32    by2, %58;\n\t"   \
	   "mov.u32    by3, %59;\n\t"   \
	   "mov.u32    by4, %60;\n\t"   \
	   "mov.u32    by5, %61;\n\t"   \
	   "mov.u32    by6, %62;\n\t"   \
	   "mov.u32    by7, %63;\n\t"   \
	   "mov.u32    bz0, %64;\n\t"   \
	   "mov.u32    bz1, %65;\n\t"   \
	   "mov.u32    bz2, %66;\n\t"   \
	   "mov.u32    bz3, %67;\n\t"   \
	   "mov.u32    bz4, %68;\n\t"   \
	   "mov.u32    bz5, %69;\n\t"   \
	   "mov.u32    bz6, %70;\n\t"   \
	   "mov.u32    bz7, %71;\n\t"   \
	                                \
           "mov.u32         n0, %72;\n\t" \
           "mov.u32         n1, %73;\n\t" \
           "mov.u32         n2, %74;\n\t" \
           "mov.u32         n3, %75;\n\t" \
           "mov.u32         n4, %76;\n\t" \
           "mov.u32         n5, %77;\n\t" \
           "mov.u32         n6, %78;\n\t" \
           "mov.u32         n7, %79;\n\t" \
           "mov.u32         q, %80;\n\t"

#define ASM_ECJACADD_PACK \
      "ECADDJAC_L0:\n\t" \
      "}\n\t" \
       : "=r"(xr[0]), "=r"(xr[1]), "=r"(xr[2]), "=r"(xr[3]), "=r"(xr[4]), "=r"(xr[5]), "=r"(xr[6]), "=r"(xr[7]), \
         "=r"(xr[8]), "=r"(xr[9]), "=r"(xr[10]), "=r"(xr[11]), "=r"(xr[12]), "=r"(xr[13]), "=r"(xr[14]), "=r"(xr[15]), \
         "=r"(xr[16]), "=r"(xr[17]), "=r"(xr[18]), "=r"(xr[19]), "=r"(xr[20]), "=r"(xr[21]), "=r"(xr[22]), "=r"(xr[23]) \
       : "r"(x1[0]), "r"(x1[1]), "r"(x1[2]), "r"(x1[3]), "r"(x1[4]), "r"(x1[5]), "r"(x1[6]), "r"(x1[7]),   \
         "r"(x1[8]), "r"(x1[9]), "r"(x1[10]), "r"(x1[11]), "r"(x1[12]), "r"(x1[13]), "r"(x1[14]), "r"(x1[15]),   \
         "r"(x1[16]), "r"(x1[17]), "r"(x1[18]), "r"(x1[19]), "r"(x1[20]), "r"(x1[21]), "r"(x1[22]), "r"(x1[23]),   \
         "r"(x2[0]), "r"(x2[1]), "r"(x2[2]), "r"(x2[3]), "r"(x2[4]), "r"(x2[5]), "r"(x2[6]), "r"(x2[7]),   \
         "r"(x2[8]), "r"(x2[9]), "r"(x2[10]), "r"(x2[11]), "r"(x2[12]), "r"(x2[13]), "r"(x2[14]), "r"(x2[15]),   \
         "r"(x2[16]), "r"(x2[17]), "r"(x2[18]), "r"(x2[19]), "r"(x2[20]), "r"(x2[21]), "r"(x2[22]), "r"(x2[23]),   \
         "r"(P_u256[0]), "r"(P_u256[1]), "r"(P_u256[2]), "r"(P_u256[3]), \
         "r"(P_u256[4]), "r"(P_u256[5]), "r"(P_u256[6]), "r"(P_u256[7]), \
         "r"(PN_u256[0]), \
	 "r"(_1[0]), "r"(_1[1]), "r"(_1[2]), "r"(_1[3]), "r"(_1[4]), "r"(_1[5]), "r"(_1[6]), "r"(_1[7])

// available registers here are rx, ry, rz, ax, ay.
// restrictions : mul cannot have an input = output register
// used reg : rz(Z3), ay(R), by(U1 * H^2), rx(X3), ax(S1 * H^3)
// free : bx, ry, az, bz
// by = by - rx
// ry = ay * by
// ry = ry - ax

#define ASM_ECCHECK0(p,in1, in2) \
	ASM_EQ0U256(p, in1) \
	ASM_COND_ECMOV(p, in2 ) \

#define ASM_COND_ECMOV(p, in) \
	"@"#p" mov.u32  %0, "#in"x0;\n\t" \
	"@"#p" mov.u32  %1, "#in"x1;\n\t" \
	"@"#p" mov.u32  %2, "#in"x2;\n\t" \
	"@"#p" mov.u32  %3, "#in"x3;\n\t" \
	"@"#p" mov.u32  %4, "#in"x4;\n\t" \
	"@"#p" mov.u32  %5, "#in"x5;\n\t" \
	"@"#p" mov.u32  %6, "#in"x6;\n\t" \
	"@"#p" mov.u32  %7, "#in"x7;\n\t" \
	"@"#p" mov.u32  %8, "#in"y0;\n\t" \
	"@"#p" mov.u32  %9, "#in"y1;\n\t" \
	"@"#p" mov.u32  %10, "#in"y2;\n\t" \
	"@"#p" mov.u32  %11, "#in"y3;\n\t" \
	"@"#p" mov.u32  %12, "#in"y4;\n\t" \
	"@"#p" mov.u32  %13, "#in"y5;\n\t" \
	"@"#p" mov.u32  %14, "#in"y6;\n\t" \
	"@"#p" mov.u32  %15, "#in"y7;\n\t" \
	"@"#p" mov.u32  %16, "#in"z0;\n\t" \
	"@"#p" mov.u32  %17, "#in"z1;\n\t" \
	"@"#p" mov.u32  %18, "#in"z2;\n\t" \
	"@"#p" mov.u32  %19, "#in"z3;\n\t" \
	"@"#p" mov.u32  %20, "#in"z4;\n\t" \
	"@"#p" mov.u32  %21, "#in"z5;\n\t" \
	"@"#p" mov.u32  %22, "#in"z6;\n\t" \
	"@"#p" mov.u32  %23, "#in"z7;\n\t" \




#define ASM_ECJACADD \
	ASM_ECCHECK0(p1,a, b) \
	"@p1 bra  ECADDJAC_L0;\n\t"  \
	ASM_ECCHECK0(p1,b, a) \
	"@p1 bra  ECADDJAC_L0;\n\t"  \
	ASM_MONTMULU256(rx, bz, bz) \
	ASM_MONTMULU256(rz, ax, rx) \
        ASM_MODU256(rz) \
	ASM_MONTMULU256(ax, rx, bz) \
	ASM_MONTMULU256(rx, ay, ax) \
        ASM_MODU256(rx) \
	ASM_MONTMULU256(ry, az, az) \
	ASM_MONTMULU256(ax, bx, ry) \
        ASM_MODU256(ax) \
	ASM_MONTMULU256(ay, ry, az) \
	ASM_MONTMULU256(ry, by, ay) \
        ASM_MODU256(ry) \
	                             \
	ASM_CHECK_DOUBLE(rz, ax, rx, ry) \
"CONT_ECADDJAC_L0:\n\t"   \
	ASM_SUBMU256(ax, ax, rz) \
	ASM_SUBMU256(ay, ry, rx) \
	                          \
	ASM_MONTMULU256(ry, az, bz) \
	ASM_MONTMULU256(az, ax, ax) \
	ASM_MONTMULU256(bx, az, ax) \
        ASM_MODU256(bx) \
	ASM_MONTMULU256(bz, az, rx) \
	ASM_MONTMULU256(by, ax, bz) \
        ASM_MODU256(by) \
	ASM_MONTMULU256(bz, rz, az) \
        ASM_MODU256(bz) \
	ASM_MONTMULU256(rz, ry, ax) \
        ASM_MODU256(rz) \
	ASM_MONTMULU256(ax, ay, ay) \
        ASM_MODU256(ax) \
	ASM_SUBMU256(rx, ax, bx) \
	ASM_SUBMU256(rx, rx, bz) \
	ASM_SUBMU256(rx, rx, bz) \
	ASM_SUBMU256(ax, bz, rx) \
	ASM_MONTMULU256(ry, ax, ay) \
        ASM_MODU256(ry) \
	ASM_SUBMU256(ry, ry, by) \
	"bra ECADDJAC_FINSH;\n\t" \
        ASM_ECJACDOUBLE 


// in : bx, by, bz, n, q
// out : rx, ry, rz
// free : ax, ay, az 
#define ASM_ECJACDOUBLE \
	"ECDOUBLEJAC_L0:\n\t"   \
	ASM_MONTMULU256(ax, by, by) \
	ASM_MONTMULU256(ay, ax, ax) \
        ASM_MODU256(ay) \
	ASM_MONTMULU256(az, by, bz) \
        ASM_MODU256(az) \
	ASM_ADDMU256(rz, az, az) \
	ASM_MONTMULU256(az, ax, bx) \
        ASM_MODU256(az) \
	ASM_ADDMU256(az, az, az) \
	ASM_ADDMU256(az, az, az) \
	ASM_MONTMULU256(by, bx, bx) \
        ASM_MODU256(by) \
	ASM_ADDMU256(bz, by, by) \
	ASM_ADDMU256(by, by, bz) \
	ASM_MONTMULU256(bz, by, by) \
        ASM_MODU256(bz) \
	ASM_SUBMU256(rx, bz, az) \
	ASM_SUBMU256(rx, rx, az) \
	ASM_SUBMU256(ax, az, rx )  \
	ASM_MONTMULU256(ry, by, ax) \
        ASM_MODU256(ry) \
	ASM_ADDMU256(ay, ay, ay) \
	ASM_ADDMU256(ay, ay, ay) \
	ASM_ADDMU256(ay, ay, ay) \
	ASM_SUBMU256(ry, ry, ay )  

// in1 = U1, in2 = U2, in3 = S1,  in4 = S2
#define	ASM_CHECK_DOUBLE(in1, in2, in3, in4)  \
        ASM_EQU256(p1, in1, in2) \
        ASM_EQU256(p2, in3, in4) \
	"@p1 bra  CHECK_DOUBLE_P2;\n\t" \
	"bra CONT_ECADDJAC_L0;\n\t"  \
"CHECK_DOUBLE_P2:\n\t" \
	"@p2 bra ECDOUBLEJAC_L0;\n\t"   \
	"mov.u32  rx0, 0;\n\t" \
	"mov.u32  rx1, 0;\n\t" \
	"mov.u32  rx2, 0;\n\t" \
	"mov.u32  rx3, 0;\n\t" \
	"mov.u32  rx4, 0;\n\t" \
	"mov.u32  rx5, 0;\n\t" \
	"mov.u32  rx6, 0;\n\t" \
	"mov.u32  rx7, 0;\n\t" \
	"mov.u32  ry0, %81 ;\n\t" \
	"mov.u32  ry1, %82;\n\t" \
	"mov.u32  ry2, %83;\n\t" \
	"mov.u32  ry3, %84;\n\t" \
	"mov.u32  ry4, %85;\n\t" \
	"mov.u32  ry5, %86;\n\t" \
	"mov.u32  ry6, %87;\n\t" \
	"mov.u32  ry7, %88;\n\t" \
	"mov.u32  rz0, 0;\n\t" \
	"mov.u32  rz1, 0;\n\t" \
	"mov.u32  rz2, 0;\n\t" \
	"mov.u32  rz3, 0;\n\t" \
	"mov.u32  rz4, 0;\n\t" \
	"mov.u32  rz5, 0;\n\t" \
	"mov.u32  rz6, 0;\n\t" \
	"mov.u32  rz7, 0;\n\t" \
	"bra  ECADDJAC_L0;\n\t" 

#define ASM_EQ0U256(p, in) \
	"        setp.eq.u32     "#p", "#in"z0, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z1, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z2, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z3, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z4, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z5, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z6, 0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in"z7, 0;\n\t" 

#define ASM_EQU256(p, in1, in2) \
	"        setp.eq.u32     "#p", "#in1"0, "#in2"0;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"1, "#in2"1;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"2, "#in2"2;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"3, "#in2"3;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"4, "#in2"4;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"5, "#in2"5;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"6, "#in2"6;\n\t" \
	"@"#p"   setp.eq.u32     "#p", "#in1"7, "#in2"7;\n\t" 

#define ASM_ECFINSH \
  "ECADDJAC_FINSH:\n\t" \
	    "mov.u32 %0, rx0;\n\t" \
	    "mov.u32 %1, rx1;\n\t" \
	    "mov.u32 %2, rx2;\n\t" \
	    "mov.u32 %3, rx3;\n\t" \
	    "mov.u32 %4, rx4;\n\t" \
	    "mov.u32 %5, rx5;\n\t" \
	    "mov.u32 %6, rx6;\n\t" \
	    "mov.u32 %7, rx7;\n\t" \
	    "mov.u32 %8, ry0;\n\t" \
	    "mov.u32 %9, ry1;\n\t" \
	    "mov.u32 %10, ry2;\n\t" \
	    "mov.u32 %11, ry3;\n\t" \
	    "mov.u32 %12, ry4;\n\t" \
	    "mov.u32 %13, ry5;\n\t" \
	    "mov.u32 %14, ry6;\n\t" \
	    "mov.u32 %15, ry7;\n\t" \
	    "mov.u32 %16, rz0;\n\t" \
	    "mov.u32 %17, rz1;\n\t" \
	    "mov.u32 %18, rz2;\n\t" \
	    "mov.u32 %19, rz3;\n\t" \
	    "mov.u32 %20, rz4;\n\t" \
	    "mov.u32 %21, rz5;\n\t" \
	    "mov.u32 %22, rz6;\n\t" \
	    "mov.u32 %23, rz7;\n\t"

#if 0
#define ASM_DOUBLE_ADDECJAC_INIT \
      "{\n\t" \
           ".reg .u32 ax0, ax1, ax2, ax3, ax4, ax5, ax6, ax7;\n\t"  \
           ".reg .u32 ay0, ay1, ay2, ay3, ay4, ay5, ay6, ay7;\n\t"  \
           ".reg .u32 az0, az1, az2, az3, az4, az5, az6, az7;\n\t"  \
           ".reg .u32 bx0, bx1, bx2, bx3, bx4, bx5, bx6, bx7;\n\t"  \
           ".reg .u32 by0, by1, by2, by3, by4, by5, by6, by7;\n\t"  \
           ".reg .u32 bz0, bz1, bz2, bz3, bz4, bz5, bz6, bz7;\n\t"  \
           ".reg .u32 rx0, rx1, rx2, rx3, rx4, rx5, rx6, rx7;\n\t"  \
           ".reg .u32 ry0, ry1, ry2, ry3, ry4, ry5, ry6, ry7;\n\t"  \
           ".reg .u32 rz0, rz1, rz2, rz3, rz4, rz5, rz6, rz7;\n\t"  \
           ".reg .u32 n0, n1, n2, n3, n4, n5, n6, n7;\n\t"  \
           ".reg .u32 m, q, lo, hi, msb, t0, t1;\n\t"  \
	   ".reg .pred p1, p2;\n\t" \
                                    \
	   "mov.u32    ax0, %24;\n\t"   \
	   "mov.u32    ax1, %25;\n\t"   \
	   "mov.u32    ax2, %26;\n\t"   \
	   "mov.u32    ax3, %27;\n\t"   \
	   "mov.u32    ax4, %28;\n\t"   \
	   "mov.u32    ax5, %29;\n\t"   \
	   "mov.u32    ax6, %30;\n\t"   \
	   "mov.u32    ax7, %31;\n\t"   \
	   "mov.u32    ay0, %32;\n\t"   \
	   "mov.u32    ay1, %33;\n\t"   \
	   "mov.u32    ay2, %34;\n\t"   \
	   "mov.u32    ay3, %35;\n\t"   \
	   "mov.u32    ay4, %36;\n\t"   \
	   "mov.u32    ay5, %37;\n\t"   \
	   "mov.u32    ay6, %38;\n\t"   \
	   "mov.u32    ay7, %39;\n\t"   \
	   "mov.u32    az0, %40;\n\t"   \
	   "mov.u32    az1, %41;\n\t"   \
	   "mov.u32    az2, %42;\n\t"   \
	   "mov.u32    az3, %43;\n\t"   \
	   "mov.u32    az4, %44;\n\t"   \
	   "mov.u32    az5, %45;\n\t"   \
	   "mov.u32    az6, %46;\n\t"   \
	   "mov.u32    az7, %47;\n\t"   \
	                               \
	   "mov.u32    bx0, %48;\n\t"   \
	   "mov.u32    bx1, %49;\n\t"   \
	   "mov.u32    bx2, %50;\n\t"   \
	   "mov.u32    bx3, %51;\n\t"   \
	   "mov.u32    bx4, %52;\n\t"   \
	   "mov.u32    bx5, %53;\n\t"   \
	   "mov.u32    bx6, %54;\n\t"   \
	   "mov.u32    bx7, %55;\n\t"   \
	   "mov.u32    by0, %56;\n\t"   \
	   "mov.u32    by1, %57;\n\t"   \
	   "mov.u32    by2, %58;\n\t"   \
	   "mov.u32    by3, %59;\n\t"   \
	   "mov.u32    by4, %60;\n\t"   \
	   "mov.u32    by5, %61;\n\t"   \
	   "mov.u32    by6, %62;\n\t"   \
	   "mov.u32    by7, %63;\n\t"   \
	   "mov.u32    bz0, %64;\n\t"   \
	   "mov.u32    bz1, %65;\n\t"   \
	   "mov.u32    bz2, %66;\n\t"   \
	   "mov.u32    bz3, %67;\n\t"   \
	   "mov.u32    bz4, %68;\n\t"   \
	   "mov.u32    bz5, %69;\n\t"   \
	   "mov.u32    bz6, %70;\n\t"   \
	   "mov.u32    bz7, %71;\n\t"   \
	                                \
           "mov.u32         n0, %72;\n\t" \
           "mov.u32         n1, %73;\n\t" \
           "mov.u32         n2, %74;\n\t" \
           "mov.u32         n3, %75;\n\t" \
           "mov.u32         n4, %76;\n\t" \
           "mov.u32         n5, %77;\n\t" \
           "mov.u32         n6, %78;\n\t" \
           "mov.u32         n7, %79;\n\t" \
           "mov.u32         q, %80;\n\t" \
                        \
           "mov.u32         msb, %89;\n\t" 

#define ASM_EC_DOUBLE_JACADD_PACK \
      "EC_DOUBLE_JACADD_L0:\n\t" \
      "}\n\t" \
       : "=r"(xr[0]), "=r"(xr[1]), "=r"(xr[2]), "=r"(xr[3]), "=r"(xr[4]), "=r"(xr[5]), "=r"(xr[6]), "=r"(xr[7]), \
         "=r"(xr[8]), "=r"(xr[9]), "=r"(xr[10]), "=r"(xr[11]), "=r"(xr[12]), "=r"(xr[13]), "=r"(xr[14]), "=r"(xr[15]), \
         "=r"(xr[16]), "=r"(xr[17]), "=r"(xr[18]), "=r"(xr[19]), "=r"(xr[20]), "=r"(xr[21]), "=r"(xr[22]), "=r"(xr[23]) \
       : "r"(x1[0]), "r"(x1[1]), "r"(x1[2]), "r"(x1[3]), "r"(x1[4]), "r"(x1[5]), "r"(x1[6]), "r"(x1[7]),   \
         "r"(x1[8]), "r"(x1[9]), "r"(x1[10]), "r"(x1[11]), "r"(x1[12]), "r"(x1[13]), "r"(x1[14]), "r"(x1[15]),   \
         "r"(x1[16]), "r"(x1[17]), "r"(x1[18]), "r"(x1[19]), "r"(x1[20]), "r"(x1[21]), "r"(x1[22]), "r"(x1[23]),   \
         "r"(x2[0]), "r"(x2[1]), "r"(x2[2]), "r"(x2[3]), "r"(x2[4]), "r"(x2[5]), "r"(x2[6]), "r"(x2[7]),   \
         "r"(x2[8]), "r"(x2[9]), "r"(x2[10]), "r"(x2[11]), "r"(x2[12]), "r"(x2[13]), "r"(x2[14]), "r"(x2[15]),   \
         "r"(x2[16]), "r"(x2[17]), "r"(x2[18]), "r"(x2[19]), "r"(x2[20]), "r"(x2[21]), "r"(x2[22]), "r"(x2[23]),   \
         "r"(P_u256[0]), "r"(P_u256[1]), "r"(P_u256[2]), "r"(P_u256[3]), \
         "r"(P_u256[4]), "r"(P_u256[5]), "r"(P_u256[6]), "r"(P_u256[7]), \
         "r"(PN_u256[0]), \
	 "r"(_1[0]), "r"(_1[1]), "r"(_1[2]), "r"(_1[3]), "r"(_1[4]), "r"(_1[5]), "r"(_1[6]), "r"(_1[7]), \
         "r"(msb), "r"(scl)
#define ASM_EC_DOUBLEJACADD \
"START_DOUBLEADD_LOOP:\n\t"  \
  for (i=msb, i < 1 << NWORDS_256BIT, i++){
        "setp.lt.u32      p1, msb, 256;\n\t"
        "@!p1  bra END_DOUBLEADD_LOOP;\n\t"   -> End of loop to return
	"add.u32          msb, msb, 1;\n\t"
	ASM_EQ0U256(p1, bz) \
	"@p1 bra  CHK_SCL_L0;\n\t"  \
	ASM_ECJACDOUBLE \  -> mov r to b

"CHK_SCL_L0:\n\t" \
        "mov.u32     t0,0;\n\t" \
        "mov.u32     t1,0;\n\t" \
	"sub.u32     m, 255, msb;\n\t" \
	"shr.u32 	hi, m, 5;\n\t"
	"and.b32  	lo, m, 31;\n\t"

	for(i=0; i< DEFAULT_U256_BSELM; i++){
"START_BSELU256:\n\t"
        "setp.lt.u32      p1, t0, 8;\n\t"
        "@!p1  bra END_BSELU256;\n\t"   -> End of loop to start addition
	"mad.lo.u32 	hi, t0, 8, hi;\n\t"
	"cvt.u64.u32	scl_offset, hi;\n\t"
	"shl.b64 	scl_offset, scl_offset, 2;\n\t"
	"add.s64 	scl_offset, %89, scl_offset;\n\t"
	"ld.u32 	scl, [scl_offset];\n\t"
        "bfe.u32        m,   scl,  lo, 1;  \n\t"      
	"shl.u32        m, m, t0;\n\t"
	"add.u32        t1, t1, m;\n\t"
	"add.u32        t0, t0, 1;\n\t"
	"braSTART_BSELU256;\n\t"
"END_BSELU256:\n\t"
   
        "setp.eq.u32      p1, t0, 0;\n\t"
	"@p1 bra  START_DOUBLEADD_LOOP;\n\t"
	// LOAD N[b*3*NWORDS_256BIT] into a 
	"mul.lo.lo.u32 	   hi, t1, 24;\n\t"
	"cvt.u64.u32	scl_offset, hi;\n\t"
	"shl.b64 	scl_offset, scl_offset, 2;\n\t"
	"add.s64 	scl_offset, %90, scl_offset;\n\t"
	"ld.u32 	ax0, [scl_offset];\n\t"
	"ld.u32 	ax1, [scl_offset+4];\n\t"
	"ld.u32 	ax2, [scl_offset+8];\n\t"
	"ld.u32 	ax3, [scl_offset+12];\n\t"
	"ld.u32 	ax4, [scl_offset+16];\n\t"
	"ld.u32 	ax5, [scl_offset+20];\n\t"
	"ld.u32 	ax6, [scl_offset+24];\n\t"
	"ld.u32 	ax7, [scl_offset+28];\n\t"
	"ld.u32 	ay0, [scl_offset+32;\n\t"
	"ld.u32 	ay1, [scl_offset+36];\n\t"
	"ld.u32 	ay2, [scl_offset+40];\n\t"
	"ld.u32 	ay3, [scl_offset+44];\n\t"
	"ld.u32 	ay4, [scl_offset+48];\n\t"
	"ld.u32 	ay5, [scl_offset+52];\n\t"
	"ld.u32 	ay6, [scl_offset+54];\n\t"
	"ld.u32 	ay7, [scl_offset+60];\n\t"
	"ld.u32 	az0, [scl_offset+64];\n\t"
	"ld.u32 	az1, [scl_offset+68];\n\t"
	"ld.u32 	az2, [scl_offset+72;\n\t"
	"ld.u32 	az3, [scl_offset+76];\n\t"
	"ld.u32 	az4, [scl_offset+80];\n\t"
	"ld.u32 	az5, [scl_offset+84];\n\t"
	"ld.u32 	az6, [scl_offset+88];\n\t"
	"ld.u32 	az7, [scl_offset+92];\n\t"
        ASM_ECJACADD
"END_DOUBLEADD_LOOP:\n\t"  
#endif

#endif
// ---- end of asm_device.h ----
// ---- src/cuda/cusnarks_kernel.cu, line 53 ----
__constant__ mod_info_t mod_info_ct[MOD_N];
// ---- end of cusnarks_kernel.cu ----


/*
    Modular addition kernel

*/
__global__ void addmu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    uint32_t i;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *y;
    uint32_t __restrict__ *z;
  
    if(tid >= params->in_length/params->stride) {
      return;
    }

    x = (uint32_t *) &in_vector[tid * params->stride * U256K_OFFSET + U256_XOFFSET * params->stride/2];
    y = (uint32_t *) &in_vector[tid * params->stride * U256K_OFFSET + U256_YOFFSET * params->stride/2];
    z = (uint32_t *) &out_vector[tid * params->stride/2 * U256K_OFFSET];
    
    if (params->premod){
      #pragma unroll
      for (i=0; i< params->stride/2; i++){
        modu255(&x[i*NWORDS_256BIT],&x[i*NWORDS_256BIT], params->midx);
        modu255(&y[i*NWORDS_256BIT],&y[i*NWORDS_256BIT], params->midx);
      }
    }

   #pragma unroll
   for (i=0; i< params->stride/2; i++){
      addmu256(&z[i*NWORDS_256BIT],(const uint32_t *)&x[i*NWORDS_256BIT], (const uint32_t *)&y[i*NWORDS_256BIT], params->midx);
   }   
}

/*
    Modular addition + reduction kernel 
      In : x[N]   
      Out :z[N/(blockDim * stride)] 
      Ex:
         N        = 512
         stride   = 4
         BlockDim = 128
         Grid     = 1
         
         in sample    : x[0] x[1] x[2] x[3] ......................................................................................................... x[511]     
         thread       |    0           |   1            |...|      8         |...|     16         |...|     32         |...|     64         |...|       127       |
                      --------------------------------------------------------------------------------------------------------------------------------------------
         1)           |    Z[0]        |   Z[1]         |   |     Z[8]       |   |    Z[16]       |   |    Z[32]       |   |    Z[64]       |   |      Z[127]     |
                      -----------------------------------------------------------------------------------------------------------------------------------------
                      | x[0]+x[1]      | x[4]+x[5]+     |...| x[32]+x[33]+   |...| x[64]+x[65]+   |...| x[128]+x[129]+ |...| x[256]+x[257]+ |...|  x[508]+x[509]+ |
                      | x[2]+x[3]      | x[6]+x[7]      |...| x[34]+x[35]    |...| x[66]+x[67]    |...| x[130]+x[131]  |...| x[258]+x[259]  |...|  x[510]+x[511]  |  
                      |                |                |...|                |...|                |...|                |...|                |...|                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         2)           | Z[64k]         |  Z[64k+1]      |...| Z[64k+8]       |...| Z[64k+16]      |...| Z[64k+32]      |...|  ->Z[0]        |   |   -> Z[63]      |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      | x[0]+x[1]+     | x[4]+x[5]+     |...| x[32]+x[33]+   |...| x[64]+x[65]+   |...| x[128]+x[129]+ |...|                |...|                 |
                      | x[2]+x[3]+     | x[6]+x[7]+     |...| x[34]+x[35]+   |...| x[66]+x[67]+   |...| x[130]+x[131]+ |...|  ..........    |...| ..........      |
                      | x[256]+x[257]+ | x[260]+x[261]+ |...| x[288]+x[289]+ |...| x[320]+x[321]+ |...| x[384]+x[385]+ |...|                |...|                 |
                      | x[258]+x[259]  | x[262]+x[263]  |...| x[290]+x[291]  |...| x[322]+x[323]  |...| x[386]+x[387]+ |...|                |...|                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         3)           | Z[32k]         |  Z[32k+1]      |...| Z[32k+8]       |...| Z[32k+16]      |...|  ->Z[0]        |...|                |   |                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         4)           | Z[16k]         |  Z[16k+1]      |...| Z[16k+8]       |...|    -> Z[0]     |...|                |...|                |   |                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         5)           | Z[8k]          |  Z[8k+1]       |...|  ->Z[0]        |...| .........      |...|                |...|                |   |                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         6)           | Z[4k]          |  Z[4k+1]       |...| ..........     |...| .........      |...|                |...|                |   |                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         7)           | Z[2k]          |  Z[2k+1]       |...| ..........     |...| .........      |...|                |...|                |   |                 |
                      ---------------------------------------------------------------------------------------------------------------------------------------------
                      ---------------------------------------------------------------------------------------------------------------------------------------------
         8)           | Z[k]           |  -> Z[0]       |...|                |...|                |...|                |...|                |...|                 |


*/
__global__ void addmu256_reduce_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    unsigned int idx = threadIdx.x + blockDim.x * blockIdx.x;
    unsigned int tid = threadIdx.x;
    uint32_t i;

    extern __shared__ uint32_t smem[];
    uint32_t *smem_ptr = &smem[tid*NWORDS_256BIT];  // 0 .. blockDim

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *z;
  
    if(idx >= params->in_length/params->stride) {
      return;
    }

    x = (uint32_t *) &in_vector[idx  * params->stride * U256K_OFFSET]; // 0 .. N-1

    if (gridDim.x == 1){
       z = (uint32_t *) out_vector;
    } else {
       z = (uint32_t *) &in_vector[blockIdx.x * U256K_OFFSET];  // 
    }

    if (params->premod){
      #pragma unroll
      for (i =0; i < params->stride; i++){
        modu255(&x[i*U256K_OFFSET],&x[i*U256K_OFFSET], params->midx);
      }
    }

    logDebugBigNumberTid(1,"smem[0]\n",smem_ptr);
    logDebugBigNumberTid(params->stride,"X[0]\n",&x[i * U256K_OFFSET]);

    addmu256(smem_ptr, (const uint32_t *)x, (const uint32_t *)&x[U256K_OFFSET], params->midx);

    logDebugBigNumberTid(1,"smem[i]\n",smem_ptr);

    #pragma unroll
    for (i =0; i < params->stride-2; i++){
      addmu256(smem_ptr, (const uint32_t *)smem_ptr, (const uint32_t *)&x[(i+2)*U256K_OFFSET], params->midx);

      logDebugTid("idx:%d\n",i);
      logDebugBigNumberTid(1,"smem[i]\n",smem_ptr);
    }
    __syncthreads();

    logDebugBigNumberTid(1,"smem[0]\n",smem_ptr);

    // reduction global mem
    if (blockDim.x >= 1024 && tid < 512){
      logDebugBigNumberTid(1,"+smem[0]\n",smem_ptr);
      logDebugBigNumberTid(1,"+smem[512]\n",&smem[(tid+512)*NWORDS_256BIT]);

      addmu256(smem_ptr,
               (const uint32_t *)smem_ptr,
               (const uint32_t *)&smem[(tid+512)*NWORDS_256BIT], params->midx);

      logDebugBigNumberTid(1,"smem[0]\n",smem_ptr);
    }
    __syncthreads();

    if (blockDim.x >= 512 && tid < 256){
      logDebugBigNumberTid(1,"+smem[0]\n",smem_ptr);
      logDebugBigNumberTid(1,"+smem[256]\n",&smem[(tid+256)*NWORDS_256BIT]);

      addmu256(smem_ptr,
               (const uint32_t *)smem_ptr,
               (const uint32_t *)&smem[(tid+256)*NWORDS_256BIT], params->midx);

      logDebugBigNumberTid(1,"smem[=256]\n",smem_ptr);
    }
    __syncthreads();

    if (blockDim.x >= 256 && tid < 128){
      logDebugBigNumberTid(1,"+smem[0]\n",smem_ptr);
      logDebugBigNumberTid(1,"+smem[128]\n",&smem[(tid+128)*NWORDS_256BIT]);

      addmu256(smem_ptr,
               (const uint32_t *)smem_ptr,
               (const uint32_t *)&smem[(tid+128)*NWORDS_256BIT], params->midx);

      logDebugBigNumberTid(1,"smem[=128+0]\n",smem_ptr);
    }
    __syncthreads();

    if (blockDim.x >= 128 && tid < 64){
      logDebugBigNumberTid(1,"+smem[0]\n",smem_ptr);
      logDebugBigNumberTid(1,"+smem[64]\n",&smem[(tid+64)*NWORDS_256BIT]);

      addmu256(smem_ptr,
               (const uint32_t *)smem_ptr,
               (const uint32_t *)&smem[(tid+64)*NWORDS_256BIT], params->midx);

      logDebugBigNumberTid(1,"smem[=64+0]\n",smem_ptr);
    }
    __syncthreads();
    
    logDebugBigNumberTid(1,"smem[0]\n",smem_ptr);

    // unrolling warp
    if (tid < 32)
    {
        volatile uint32_t *vsmem = smem;
        logDebugBigNumberTid(1,"+smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"+smem[32]\n",&smem[(tid+32)*NWORDS_256BIT]);

        addmu256(&vsmem[tid * NWORDS_256BIT],
                 &vsmem[tid * NWORDS_256BIT],
                 &vsmem[(tid+32)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=32+0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"+smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"+smem[16]\n",&smem[(tid+16)*NWORDS_256BIT]);

        addmu256(&vsmem[tid*NWORDS_256BIT],
                 &vsmem[tid*NWORDS_256BIT],
                 &vsmem[(tid+16)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=16+0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"+smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"+smem[8]\n",&smem[(tid+8)*NWORDS_256BIT]);

        addmu256(&vsmem[tid*NWORDS_256BIT],
                 &vsmem[tid*NWORDS_256BIT],
                 &vsmem[(tid+8)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=8+0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[4]\n",&smem[(tid+4)*NWORDS_256BIT]);

        addmu256(&vsmem[tid*NWORDS_256BIT],
                 &vsmem[tid*NWORDS_256BIT],
                 &vsmem[(tid+4)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=4+0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[2]\n",&smem[(tid+2)*NWORDS_256BIT]);

        addmu256(&vsmem[tid*NWORDS_256BIT],
                 &vsmem[tid*NWORDS_256BIT],
                 &vsmem[(tid+2)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=2+0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[0]\n",(uint32_t *)vsmem);
        logDebugBigNumberTid(1,"smem[1]\n",&smem[(tid+1)*NWORDS_256BIT]);

        addmu256(&vsmem[tid*NWORDS_256BIT],
                 &vsmem[tid*NWORDS_256BIT],
                 &vsmem[(tid+1)*NWORDS_256BIT], params->midx);

        logDebugBigNumberTid(1,"smem[=0+1]\n",(uint32_t *)vsmem);

        if (tid==0) {
	   //TODO change be movu256
           memcpy(z, smem_ptr, sizeof(uint32_t) * NWORDS_256BIT);
           //movu256(z, smem_ptr);
           logDebugBigNumberTid(1,"Z : \n",smem_ptr);
        }
    }

      
}

__global__ void addmu256_reduce_shfl_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    unsigned int idx = threadIdx.x + blockDim.x * blockIdx.x;
    unsigned int tid = threadIdx.x;
    uint32_t sumX[] =  {0,0,0,0,0,0,0,0};
    uint32_t sumY[] =  {0,0,0,0,0,0,0,0};
    uint32_t i, size1,size2;

    extern __shared__ uint32_t smem[];

    uint32_t __restrict__ *z;
    uint32_t laneIdx = tid % warpSize;
    uint32_t warpIdx = tid / warpSize;
  
    if(idx >= params->in_length) {
      return;
    }

    movu256(sumX, &in_vector[idx * U256K_OFFSET]);
    if (params->premod){
      modu255(sumX, sumX, params->midx);
    }

    if (params->premul){
       size1 = blockDim.x >> 6;
       size2 = blockDim.x >= 32 ? 16 : blockDim.x/2;
    } else {
       size1 = 16;
       //asm("clz.b32    %0,%1;\n\t"
         //:"=r"(size2) : "r"(blockDim.x >> 6));
       size2 = blockDim.x >> 6;
    }

    logInfoTid("Size1 :%d\n",size1);
    logInfoTid("Size2 :%d\n",size2);
    // last step
    if (gridDim.x == 1){
       z = (uint32_t *) out_vector;
    } else {
       z = (uint32_t *) &in_vector[idx/blockDim.x * U256K_OFFSET];  // 
    }

    logInfoBigNumberTid(1,"X[0]\n",sumX);

    // block wide warp reduce
    #pragma unroll
    for (i = size1; i > 0; i >>= 1){
      shflxoru256(sumY, sumX, i);
      logInfoTid("idx:%d\n",i);
      logInfoBigNumberTid(1,"sumX\n",sumX);
      logInfoBigNumberTid(1,"sumY\n",sumY);

      addmu256(sumX, sumX, sumY, params->midx);

      logInfoBigNumberTid(1,"sumX+\n",sumX);
    }

    if (laneIdx == 0) {
       movu256(&smem[warpIdx*NWORDS_256BIT], sumX);
       logInfoTid("save idx:%d\n",warpIdx);
       logInfoBigNumberTid(1,"val\n",sumX);
    }

    __syncthreads();

    if (tid < size2*2) {
      logInfoTid("blockDim :%d\n",blockDim.x);
      logInfoTid("LaneIdx :%d\n",laneIdx);
      logInfoTid("Size :%d\n",size2);
      movu256(sumX,&smem[laneIdx*NWORDS_256BIT]);
      logInfoBigNumberTid(size2*2-idx,"Save\n",&smem[laneIdx*NWORDS_256BIT]);
    } else {
      set0u256(sumX);
    }
    logInfoBigNumberTid(1,"Second\n",sumX);
    #pragma unroll
    // last warp reduce
    for (i=size2; i > 0; i >>=1){
      shflxoru256(sumY, sumX, i);
      logInfoTid("idx:%d\n",i);
      logInfoBigNumberTid(1,"sumY\n",sumY);
      logInfoBigNumberTid(1,"sumX\n",sumX);
      addmu256(sumX, sumX, sumY, params->midx);
      logInfoBigNumberTid(1,"sumX+\n",sumX);
    }

    if (tid==0) {
     //TODO change be movu256
     //memcpy(z, sumX, sizeof(uint32_t) * NWORDS_256BIT);
     movu256(z, sumX);
     logInfoBigNumberTid(1,"Z : \n",sumX);
    }
}



/*
    Modular Sub kernel

*/
__global__ void submu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    uint32_t i;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *y;
    uint32_t __restrict__ *z;
   
    if(tid >= params->in_length/params->stride) {
      return;
    }

    x = (uint32_t *) &in_vector[tid * params->stride * U256K_OFFSET + U256_XOFFSET * params->stride/2];
    y = (uint32_t *) &in_vector[tid * params->stride * U256K_OFFSET + U256_YOFFSET * params->stride/2];
    z = (uint32_t *) &out_vector[tid * params->stride/2 * U256K_OFFSET];
    
    if (params->premod){
      #pragma unroll
      for (i=0; i< params->stride/2; i++){
        modu255(&x[i*NWORDS_256BIT],&x[i*NWORDS_256BIT], params->midx);
        modu255(&y[i*NWORDS_256BIT],&y[i*NWORDS_256BIT], params->midx);
      }
    }

   #pragma unroll
   for (i=0; i< params->stride/2; i++){
      submu256(&z[i*NWORDS_256BIT],(const uint32_t *)&x[i*NWORDS_256BIT], (const uint32_t *)&y[i*NWORDS_256BIT], params->midx);
   }   
} 
/*
    Modulo

*/
__global__ void modu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;

    const uint32_t __restrict__ *x;
    uint32_t __restrict__ *z;
 
    if(tid >= params->in_length) {
      return;
    }

    x = (const uint32_t *) &in_vector[tid * U256K_OFFSET];
    z = (uint32_t *) &out_vector[tid * U256K_OFFSET];
    
    modu255(z, x, params->midx);
}

/*
   Montgomery multiplication
*/
__global__ void mulmontu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;

    if(tid >= params->in_length/2) {
      return;
    }

    uint32_t __restrict__ *A, *B, *U;
    uint32_t i,j; 
 
    A = (uint32_t *) &in_vector[tid * 2 * U256K_OFFSET + U256_XOFFSET];
    B = (uint32_t *) &in_vector[tid * 2 * U256K_OFFSET + U256_YOFFSET];
    U = (uint32_t *) &out_vector[tid * U256K_OFFSET];
   
    mulmontu256(U, (const uint32_t *)A, (const uint32_t *) B, params->midx);

   return;
}

/*
  Montgomery multiplication extended field number
*/
__global__ void mulmontu256_2_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;

    if(tid >= params->in_length/4) {
      return;
    }

    uint32_t __restrict__ *A, *B, *U;
    uint32_t i,j; 
 
    A = (uint32_t *) &in_vector[tid * 4 * U256K_OFFSET + U256_XOFFSET];
    B = (uint32_t *) &in_vector[tid * 4 * U256K_OFFSET + U256_YOFFSET];
    U = (uint32_t *) &out_vector[tid * 2 * U256K_OFFSET];
   
    mulmontu256_2(U, (const uint32_t *)A, (const uint32_t *) B, params->midx);

   return;
}

/*
  Right logical shift kernel
*/
__global__ void shr1u256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    uint32_t i;
    uint32_t b_shifted;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *y;
    uint32_t __restrict__ *z;
   
    if(tid >= params->in_length) {
      return;
    }

    //memset causes blocking operations on current device
    x = (uint32_t *) &in_vector[tid * U256K_OFFSET + U256_XOFFSET];
    z = (uint32_t *) &out_vector[tid * U256K_OFFSET];
    memset(z, 0, NWORDS_256BIT*sizeof(uint32_t));
 
    logInfoBigNumberTid(1,"X: \n",x);
    #pragma unroll
    for (i=0; i< NWORDS_256BIT*32; i++){   
      b_shifted = shr1u256(x);
      z[i/32] |= (b_shifted << (i % 32));
      //logInfoTid("b : %d\n",b_shifted);
    }
    logInfoBigNumberTid(1,"Z: \n",z);
}

/*
  Left logical shift kernel
*/
__global__ void shl1u256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    int i;
    uint32_t b_shifted;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *y;
    uint32_t __restrict__ *z;
   
    if(tid >= params->in_length) {
      return;
    }

    //memset causes blocking operations on current device
    x = (uint32_t *) &in_vector[tid * U256K_OFFSET + U256_XOFFSET];
    z = (uint32_t *) &out_vector[tid * U256K_OFFSET];
    memset(z, 0, NWORDS_256BIT*sizeof(uint32_t));

    logInfoBigNumberTid(1,"X: \n",x);
    #pragma unroll
    for (i= NWORDS_256BIT*32-1; i>=0; i--){   
      b_shifted = shl1u256(x);
      z[i/32] |= (b_shifted << (i % 32));
    }
    logInfoBigNumberTid(1,"Z: \n",z);
}

/*
  Left logical shift kernel
*/
__global__ void shlu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    int i;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ y[NWORDS_256BIT];
    uint32_t __restrict__ *z;
   
    if(tid >= params->in_length) {
      return;
    }

    //memset causes blocking operations on current device
    x = (uint32_t *) &in_vector[tid * U256K_OFFSET + U256_XOFFSET];
    z = (uint32_t *) &out_vector[tid * U256K_OFFSET];
    memset(z, 0, NWORDS_256BIT*sizeof(uint32_t));

    logInfoBigNumberTid(1,"X: \n",x);
    #pragma unroll
    for (i= NWORDS_256BIT*32-1; i>=0; i--){   
      movu256(y,x);
      shlu256(y,i);
      logInfoBigNumberTid(1,"X: \n",x);
      logInfoBigNumberTid(1,"Z: \n",y);
    }
}

/*
  Right logical shift kernel
*/
__global__ void almmontinvu256_kernel(uint32_t *out_vector, uint32_t *in_vector, kernel_params_t *params)
{
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    uint32_t i;

    uint32_t __restrict__ *x;
    uint32_t __restrict__ *z;
   
    if(tid >= params->in_length) {
      return;
    }

    //memset causes blocking operations on current device
    x = (uint32_t *) &in_vector[tid * U256K_OFFSET + U256_XOFFSET];
    z = (uint32_t *) &out_vector[tid * U256K_OFFSET];
 
    logInfoTid("MONT INV : %d\n", tid);
    logInfoBigNumberTid(1,"X: \n",x);
    #pragma unroll
    almmontinvu256(z,x,params->midx);
    logInfoBigNumberTid(1,"Z: \n",z);
}


/*
   aA = X[0] * Y[0]
   bB = X[1] * Y[1]
   Z[0] = aA + bB * residue
   Z[1] = (X[0] + X[1]) * (Y[0] + Y[1]) - aA - bB
*/
__device__ void mulmontu256_2(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, const uint32_t __restrict__ *B, mod_t midx)
{

#ifndef CU_ASM
    uint32_t tmulx[NWORDS_256BIT],tmuly[NWORDS_256BIT],tmulz[NWORDS_256BIT];
    uint32_t tmp4[NWORDS_256BIT];

    mulmontu256(tmulx, A,B,midx);                  
    mulmontu256(tmuly, &A[NWORDS_256BIT],&B[NWORDS_256BIT],midx); 

    addmu256(tmulz,A,&A[NWORDS_256BIT], midx);                
    addmu256(tmp4,B,&B[NWORDS_256BIT], midx);                
    mulmontu256(tmulz, tmulz,tmp4,midx); 
    submu256(U, tmulx, tmuly, midx);   
    addmu256(&U[NWORDS_256BIT], tmulx, tmuly, midx);                
    submu256(&U[NWORDS_256BIT], tmulz, &U[NWORDS_256BIT], midx);                

#else

     uint32_t const __restrict__ *P_u256 = mod_info_ct[midx].p;
     uint32_t const __restrict__ *PN_u256 = mod_info_ct[midx].p_;

     asm(ASM_MULG2_INIT
         ASM_MONTMULU256(tmulx,ax,bx)  
         ASM_MODU256(tmulx)
         ASM_MONTMULU256(tmuly,ay,by)  
         ASM_MODU256(tmuly)
         ASM_ADDU256(tmulz, ax, ay)    
         ASM_SUBMU256(rx, tmulx, tmuly)   
         ASM_ADDMU256(tmulx, tmulx, tmuly)  
         ASM_ADDU256(tmuly, bx, by)
         ASM_MONTMULU256(ry, tmulz, tmuly)
         ASM_MODU256(ry)
         ASM_SUBMU256(ry, ry, tmulx)
         ASM_MULG2_PACK);
#endif
}


/*
   ab =  X[0] * X[1]
   t1 =  X[0] + nonres * X[1] 
   a2  = X[0] + X[1]
   Z[0] = t1 * a2 - ab + nonres * ab
   Z[1] = ab + ab
*/
__device__ void sqmontu256_2(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, mod_t midx)
{
#if 0
    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    uint32_t const __restrict__ *nonres = mod_info_ct[midx].nonres;
    uint32_t tmp1[NWORDS_256BIT],tmp2[NWORDS_256BIT],tmp3[NWORDS_256BIT];

    /*
    logInfoBigNumberTid(1,"X[0]:\n",(uint32_t *)A);
    logInfoBigNumberTid(1,"X[1]:\n",(uint32_t *)&A[NWORDS_256BIT]);
    */

    mulmontu256(tmp1, A,&A[NWORDS_256BIT], midx);             // Z[1] = 2 * X[0] * X[1]

    sqmontu256(tmp2, A, midx);
    sqmontu256(tmp3, &A[NWORDS_256BIT], midx);

    addmu256(&U[NWORDS_256BIT],tmp1,tmp1,midx);
    submu256(U,tmp2, tmp3,midx);                                 // Z[0] = X[0] * X[0] - (X[1] * X[1])
#else
#ifndef CU_ASM
    uint32_t tmulx[NWORDS_256BIT],tmuly[NWORDS_256BIT],tmulz[NWORDS_256BIT];

    mulmontu256(tmulx, A,A,midx);                  
    mulmontu256(tmuly, &A[NWORDS_256BIT],&A[NWORDS_256BIT],midx); 

    addmu256(tmulz,A,&A[NWORDS_256BIT], midx);                
    mulmontu256(tmulz, tmulz,tmulz,midx); 
    submu256(U, tmulx, tmuly, midx);   
    addmu256(&U[NWORDS_256BIT], tmulx, tmuly, midx);                
    submu256(&U[NWORDS_256BIT], tmulz, &U[NWORDS_256BIT], midx);                

#else

#if 0
     t_uint64 const __restrict__ *dP_u256 = (t_uint64 *)mod_info_ct[midx].p;
     t_uint64 const *dA = (t_uint64 *)A;
     t_uint64 const *dB = (t_uint64 *)A;
     t_uint64 const *dU = (t_uint64 *)U;
#else
     uint32_t const __restrict__ *P_u256 = mod_info_ct[midx].p;
     uint32_t const *B = A;
#endif
     uint32_t const __restrict__ *PN_u256 = mod_info_ct[midx].p_;

     asm(ASM_MULG2_INIT
         ASM_MONTMULU256(tmulx,ax,bx)  
         ASM_MODU256(tmulx)
         ASM_MONTMULU256(tmuly,ay,by)  
         ASM_MODU256(tmuly)
         ASM_ADDU256(tmulz, ax, ay)    
         ASM_SUBMU256(rx, tmulx, tmuly)   
         ASM_ADDMU256(tmulx, tmulx, tmuly)  
         ASM_MONTMULU256(ry, tmulz, tmulz)
         ASM_MODU256(ry)
         ASM_SUBMU256(ry, ry, tmulx)
         ASM_MULG2_PACK);
#endif
#endif
    
}


/*
   Montgomery Multiplication(xr^(-1),y^r(-1)) = xr^(-1) * yr^(-1) * r (mod N)  for 256 bit numbers
     FIOS implementatin

   NOTE. Function requires that x, y < N
   NOTE. If x or y are not in Montgomery format, output is 
    in standard format multiplication of x * y
     ex: MontMul(xr^(-1),  y) = xr^(-1) * y * r = x * y

   NOTE : According to Tolg Acar's thesis*:
      SOS   2s^2+s MUL, 4s^2+4s+2 ADD 
      FIOS  2s^2+s MUL, 5s^2+3s+2 ADD

   * www.microsoft.com/en-us/research/wp-content/uploads/1998/06/97Acar.pdf

*/
__device__ void mulmontu256(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, const uint32_t __restrict__ *B, mod_t midx)
{ 
    //logInfoBigNumberTid(1,"B\n",(uint32_t *)B);
    uint32_t const __restrict__ *PN_u256 = mod_info_ct[midx].p_;

#ifndef CU_ASM
    uint32_t i;
    uint32_t S, C=0, C1, C2,C3;
    uint32_t __restrict__ M, X[2];
    uint32_t __restrict__ __align__(16) T[]={0,0,0,0,0,0,0,0,0,0};
    uint32_t const __restrict__ *P_u256 = mod_info_ct[midx].p;

    //logInfoBigNumberTid(1,"A\n",(uint32_t *)A);

    //movu256(Ar,(uint32_t *)A);
    //movu256(Br,(uint32_t *)B);

    int tid = threadIdx.x + blockDim.x * blockIdx.x;
    #pragma unroll
    for(i=0; i<NWORDS_256BIT; i++)
    {
      // (C,S) = t[0] + a[0]*b[i], worst case 2 words
      madcu32(&C,&S,A[0],B[i],T[0]);
      //logInfoTid("0 - C:%u\n",C);
      //logInfoTid("0 - S:%u\n",S);

      // ADD(t[1],C)
      //propcu32(T, C, 1);
      addcu32(&C3, &T[1], T[1], C);
      //logInfoTid("C3: %u\n",C3);
      //logInfoBigNumberTid(1,"T\n",T);

      // m = S*n'[0] mod W, where W=2^32
      // Note: X[Upper,Lower] = S*n'[0], m=X[Lower]
      mulu32lo(&M, S, PN_u256[0]);
      //logInfoTid("M[0]: %u\n", M);

      // (C,S) = S + m*n[0], worst case 2 words
      madcu32(&C,&S,M,P_u256[0],S);
      //logInfoTid("1 - C: %u\n",C );
      //logInfoTid("1 - S: %u\n", S);
  
      // FIRST IT
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[1], B[i]);
      addcu32(&C1, &S, T[1], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[2],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[2], T[2], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[1]
      madcu32(&C,&T[0],M, P_u256[1],S);

      //j=2
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[2], B[i]);
      addcu32(&C1, &S, T[2], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);
 
      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[3], T[3], C);
      C3 =C2 + C1;
 
      // (C,S) = S + m*n[j]
      madcu32(&C,&T[1],M, P_u256[2],S);
 
      // j = 3
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[3], B[i]);
      addcu32(&C1, &S, T[3], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[4], T[4], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[j]
      madcu32(&C,&T[2],M, P_u256[3],S);

      // j = 4
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[4], B[i]);
      addcu32(&C1, &S, T[4], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[5], T[5], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[j]
      madcu32(&C,&T[3],M, P_u256[4],S);

      // j = 5
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[5], B[i]);
      addcu32(&C1, &S, T[5], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[6], T[6], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[j]
      madcu32(&C,&T[4],M, P_u256[5],S);

      // j = 6
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[6], B[i]);
      addcu32(&C1, &S, T[6], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[7], T[7], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[j]
      madcu32(&C,&T[5],M, P_u256[6],S);

      // j = 7
      // (C,S) = t[j] + a[j]*b[i] + C, worst case 2 words
      mulu32(X, A[7], B[i]);
      addcu32(&C1, &S, T[7], C);
      addcu32(&C2, &S, S, X[0]);
      addcu32(&X[0], &C, C1, X[1]);
      addcu32(&C1, &C, C, C2);

      // ADD(t[j+1],C)
      //C +=C3;
      addcu32(&C2, &C, C, C3);
      C1 +=C2;
      addcu32(&C2, &T[8], T[8], C);
      C3 =C2 + C1;

      // (C,S) = S + m*n[j]
      madcu32(&C,&T[6],M, P_u256[7],S);

      //propcu32_extend(T,C3);
      // (C,S) = t[s] + C
      addcu32(&C,&T[7], T[NWORDS_256BIT], C);
      //logInfoTid("6 - C: %u\n",C );
      //logInfoTid("6 - S: %u\n",S );
      // t[s-1] = S
      // t[s] = t[s+1] + C
      addcu32(&X[0],&T[NWORDS_256BIT], T[NWORDS_256BIT+1], C);
      // t[s+1] = 0
      T[NWORDS_256BIT+1] = 0;
   }

   /* Step 3: if(u>=n) return u-n else return u */
   if (ltu256(P_u256,T)){
      subu256(U,T,P_u256);
   } else {
       movu256(U,T);
   }

#else
 t_uint64 *dA = (t_uint64 *) A;
 t_uint64 *dB = (t_uint64 *) B;
 t_uint64 *dU = (t_uint64 *) U;
 t_uint64 const __restrict__ *dP_u256 = (t_uint64 *) mod_info_ct[midx].p;
 //t_uint64 const __restrict__ *dPN_u256 = (t_uint64 *) mod_info_ct[midx].p_;

 asm(ASM_MUL_INIT_64 
     ASM_MONTMULU256(r,a,b)
     ASM_MODU256(r)
     ASM_MUL_PACK_64);

#endif
 //logInfoBigNumberTid(1,"U\n",(uint32_t *)U);

 return;

}

/*
  Montgomery Modular Inverse - Revisited
  E. Savas, C.K.Koc
  IEEE trasactions on Computers Vol49, No 7. July 2000
*/
__device__ void sqmontu256(uint32_t __restrict__ *U, const uint32_t __restrict__ *A, mod_t midx)
{
   //TODO : implement proper squaring
#ifndef CU_ASM
   mulmontu256(U,A,A,midx);
#else

 t_uint64 *dA = (t_uint64 *) A;
 t_uint64 *dB = (t_uint64 *) A;
 t_uint64 *dU = (t_uint64 *) U;
 t_uint64 const __restrict__ *dP_u256 = (t_uint64 *) mod_info_ct[midx].p;
 uint32_t const __restrict__ *PN_u256 =  mod_info_ct[midx].p_;

#if 1
 asm(ASM_MONTSQ_INIT_64 
     ASM_MONTMULU256(r,a,a)
     ASM_MODU256(r)
     ASM_MONTSQ_PACK_64);
#else
 asm(ASM_MUL_INIT_64 
     ASM_MONTMULU256(r,a,b)
     ASM_MODU256(r)
     ASM_MUL_PACK_64);
#endif

#endif
}

__device__ uint32_t almmontinvu256(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx)
{
  const uint32_t __restrict__ *P = mod_info_ct[midx].p;

  uint32_t u[NWORDS_256BIT], v[NWORDS_256BIT];
  uint32_t s[] = {1,0,0,0,0,0,0,0};
  uint32_t r1[] = {0,0,0,0,0,0,0,0};
  uint32_t k = 0;
  uint32_t t0,t1,t2;
  uint32_t tmp[NWORDS_256BIT];

  movu256(u, (uint32_t *)P);
  movu256(v, (uint32_t *)x);

  //Phase 1 - ALmost inverse r = a^(-1) * 2 ^k, n<=k<=2n
  // u is  < 256bits
  // v is < 256 bits, < u
  // s is  1     
  // r1 is 0
#if 1
  //inv_t data_table[4];
  //uint32_t data_table_r[] = {0,1,0,3,0,1,0,2};

  //init_invtable(data_table, u, v, s, r1);

  while(eq0u256(v) == 0){
     t0 = u[0] & 0x1; 
     t1 = (v[0] & 0x1) << 1;
     subu256(tmp,v,u);
     t2 = (tmp[NWORDS_256BIT-1] & 0x80000000) >> 29;
     t0 = t0 + t1 + t2;

     logInfoTid("t0 : %d\n",t0);
     logInfoBigNumberTid(1,"u: \n",u);
     logInfoBigNumberTid(1,"v: \n",v);
     //almmontinv_step_h(&data_table[data_table_r[t0]]);	  
     if (t0 % 2 == 0) {
        shr1u256(u);
        shl1u256(s);
     } else if (t0 == 3) {
        //subu256(v,v,u);
        movu256(v, (uint32_t *)tmp);
        shr1u256(v);
        addu256(s,s,r1);
        shl1u256(r1);
     } else if (t0 == 7) {
        //subu256(u,u,v);
        negu256(u, (uint32_t *)tmp);
        shr1u256(u);
        addu256(r1,r1,s);
        shl1u256(s);
     } else{ 
        shr1u256(v);
        shl1u256(r1);
     }
     k++;
     //if (k==1000) break;
     if (k == 1000) {
        //int tid = threadIdx.x + blockDim.x * blockIdx.x;
        //logInfo("tid : %d\n",tid);
	break;
     }
  }

#else
  logInfoBigNumberTid(1,"U: \n",u);
  logInfoBigNumberTid(1,"V: \n",v);
  while(eq0u256(v) == 0){
     logInfoBigNumberTid(1,"u: \n",u);
     logInfoBigNumberTid(1,"v: \n",v);
     if (u[0] & 0x1 == 0){
        shr1u256(u);
        shl1u256(s);
     } else if (v[0] & 0x1 == 0){
        shr1u256(v);
        shl1u256(r1);
     } else if (ltu256(v,u)) {
        subu256(u,u,v);
        shr1u256(u);
        addu256(r1,r1,s);
        shl1u256(s);
     } else {
        subu256(v,v,u);
        shr1u256(v);
        addu256(s,s,r1);
        shl1u256(r1);
     }
     k++;
  }
#endif
  
  if (ltu256(P,r1)){
      subu256(r1,r1,P);
  }
  subu256(y, P,r1);

  return k;
}

__device__ uint32_t invmontu256(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx)
{
   uint32_t k;
   uint32_t t[] = {1,0,0,0,0,0,0,0};
   uint32_t t_idx;

   const uint32_t *R[2];
   R[0] = mod_info_ct[midx].r2;
   R[1] = mod_info_ct[midx].r2modp;
   uint32_t shift[2];

   k = almmontinvu256(y, x, midx);

   t_idx = 2*NWORDS_256BIT*NBITS_WORD/k-1;
   shift[0] = 2*NWORDS_256BIT * NBITS_WORD - k;
   shift[1] = NWORDS_256BIT * NBITS_WORD - k;

   shlu256(t,shift[t_idx]);
   mulmontu256(y, y, R[t_idx],midx);
   mulmontu256(y, y, t,midx);
}

__device__ uint32_t invmontu256_2(uint32_t __restrict__ *y, const uint32_t __restrict__ *x, mod_t midx)
{
  uint32_t t0[NWORDS_256BIT], t1[NWORDS_256BIT];
  const uint32_t Zero[] = {0,0,0,0,0,0,0,0};

  sqmontu256(t0, x, midx);
  sqmontu256(t1, &x[NWORDS_256BIT], midx);
  addmu256(t0,t0,t1,midx);
  invmontu256(t0,t0,midx);

  mulmontu256(y, x, t0, midx);
  mulmontu256(&y[NWORDS_256BIT], &x[NWORDS_256BIT], t0, midx);
  submu256(&y[NWORDS_256BIT],Zero,&y[NWORDS_256BIT],midx);
}

__device__ void div2u256(uint32_t __restrict__ *z, const uint32_t __restrict__ *x)
{
  movu256(z,(uint32_t *)x);
  shr1u256(z);
}
/*
   x mod N

   NOTE : It requires that prime is at least 253 bit number. In reality is 254 bits the prime
    i am using
   */
__device__ void modu256(uint32_t __restrict__ *z, const uint32_t __restrict__ *x, mod_t midx)
{
   const uint32_t __restrict__ *p = mod_info_ct[midx].p;

   movu256(z,(uint32_t *)x);

   // x(255 bit number worst case) - p (253 bit number) = z (255 bit number) : ex 31(5 b) - 4(3 b) =27 (5 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(255 bit ) - p (253 bit number) = z (255 bit number) : ex 27(5 b) - 4(3 b) =23 (5 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(255 bit ) - p (253 bit number) = z (255 bit number) : ex 23(5 b) - 4(3 b) = 19 (5 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(255 bit ) - p (253 bit number) = z (254 bit number) : ex 19(5 b) - 4(3 b) = 15 (4 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(254 bit ) - p (253 bit number) = z (254 bit number) : ex 15(5 b) - 4(3 b) = 11 (4 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(254 bit ) - p (253 bit number) = z (254 bit number) : ex 11(5 b) - 4(3 b) = 7 (3 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
   // x(254 bit ) - p (253 bit number) = z (254 bit number) : ex 7(5 b) - 4(3 b) = 3 (3 b) 
   if (!ltu256(z,p)){
      subu256(z,z,p);
   } else { return; }
 
   assert(0);
}

/*
   x mod N

   NOTE : It requires that prime is at least 253 bit number and less than 256 bit (msb must be 0). In reality is 254 bits the prime
    i am using. modu255 is more efficient that modu256
   */
__device__ void modu255(uint32_t __restrict__ *z, const uint32_t __restrict__ *x, mod_t midx)
{
   const uint32_t __restrict__ *p = mod_info_ct[midx].p;

   #if 1
   movu256(z,(uint32_t *)x);
   #else
   asm("mov.u32     %0,  %8;\n\t"
       "mov.u32     %1,  %9;\n\t"
       "mov.u32     %2,  %10;\n\t"
       "mov.u32     %3,  %11;\n\t"
       "mov.u32     %4,  %12;\n\t"
       "mov.u32     %5,  %13;\n\t"
       "mov.u32     %6,  %14;\n\t"
       "mov.u32     %7,  %15;\n\t"
    : "=r"(z[0]), "=r"(z[1]), "=r"(z[2]), "=r"(z[3]),
      "=r"(z[4]), "=r"(z[5]), "=r"(z[6]), "=r"(z[7])
    : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]),
      "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]));
  #endif

  if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;
  else if (!subgtu256(z,p)) return;

  assert(0);
}

/*
   x >> 1 for 256 bit number
*/
__device__ uint32_t shr1u256(uint32_t __restrict__ *x)
{
   uint32_t c; 

   asm("{                                    \n\t"
       "bfe.u32            %8,   %9,  0,1;  \n\t"       
       "shf.r.clamp.b32   %0, %9, %10, 1;   \n\t"
       "shf.r.clamp.b32   %1, %10, %11, 1 ;  \n\t"
       "shf.r.clamp.b32   %2, %11, %12, 1;   \n\t"
       "shf.r.clamp.b32   %3, %12, %13, 1;   \n\t"
       "shf.r.clamp.b32   %4, %13, %14, 1;   \n\t"
       "shf.r.clamp.b32   %5, %14, %15, 1;   \n\t"
       "shf.r.clamp.b32   %6, %15, %16, 1;   \n\t"
       "shr.b32           %7, %16, 1;        \n\t"
       "}                               \n\t"
       : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]), 
         "=r"(x[4]), "=r"(x[5]), "=r"(x[6]), "=r"(x[7]), "=r"(c)
       : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), 
         "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]));

      return c;

}

/*
   x << 1 for 256 bit number
*/
__device__ uint32_t shl1u256(uint32_t __restrict__ *x)
{
   uint32_t c; 

   asm("{                                    \n\t"
       "bfe.u32            %8,   %16,  31,1;  \n\t"       // c = x[7] & (1<<31)
       "shf.l.clamp.b32   %7, %15, %16, 1;   \n\t"
       "shf.l.clamp.b32   %6, %14, %15, 1 ;  \n\t"
       "shf.l.clamp.b32   %5, %13, %14, 1;   \n\t"
       "shf.l.clamp.b32   %4, %12, %13, 1;   \n\t"
       "shf.l.clamp.b32   %3, %11, %12, 1;   \n\t"
       "shf.l.clamp.b32   %2, %10, %11, 1;   \n\t"
       "shf.l.clamp.b32   %1, %9, %10, 1;   \n\t"
       "shl.b32           %0, %9, 1;        \n\t"
       "}                               \n\t"
       : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]), 
         "=r"(x[4]), "=r"(x[5]), "=r"(x[6]), "=r"(x[7]), "=r"(c)
       : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), 
         "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]));

      return c;

}


/*
   x << count for 256 bit number
*/
__device__ void shlu256(uint32_t *x, uint32_t count)
{
   uint32_t word_idx =  count >> NBITS_WORD_LOG2;
   uint32_t bit_idx = NBITS_WORD - (count & NBITS_WORD_MOD);
   uint32_t bit_count = NBITS_WORD - bit_idx;
   uint32_t i;

   logInfoTid("count :%d\n",count);
   logInfoTid("word_idx :%d\n",word_idx);
   logInfoTid("bit_idx :%d\n",bit_idx);
   logInfoTid("bit_count :%d\n",bit_count);
   asm("{                                    \n\t"
       "shf.l.clamp.b32   %7, %14, %15, %16;   \n\t"
       "shf.l.clamp.b32   %6, %13, %14, %16;   \n\t"
       "shf.l.clamp.b32   %5, %12, %13, %16;   \n\t"
       "shf.l.clamp.b32   %4, %11, %12, %16;   \n\t"
       "shf.l.clamp.b32   %3, %10, %11, %16;   \n\t"
       "shf.l.clamp.b32   %2, %9, %10, %16;   \n\t"
       "shf.l.clamp.b32   %1, %8, %9, %16;   \n\t"
       "shl.b32            %0, %8, %16;        \n\t"
       "}                               \n\t"
       : "=r"(x[0]), "=r"(x[1]), "=r"(x[2]), "=r"(x[3]), 
         "=r"(x[4]), "=r"(x[5]), "=r"(x[6]), "=r"(x[7]) 
       : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), 
         "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]),
	 "r"(bit_count));

   for (i=word_idx; i < NWORDS_256BIT; i++){
      x[NWORDS_256BIT-1-i+word_idx] = x[NWORDS_256BIT-1-i];	   
   }
   for (i=0; i < word_idx; i++){
      x[i] = 0;
   }
}
/*
   (x & (1<< bsel)) >> bsel  for 256 bit number
*/
__device__ uint32_t bselu256(const uint32_t __restrict__ *x, uint32_t bsel)
{
   uint32_t c;
   uint32_t word = bsel >> NBITS_WORD_LOG2; // bsel/32 gives the word number
   uint32_t bit = bsel & NBITS_WORD_MOD; // bsel % 32 gives bit number

   asm("{                                       \n\t"
         "bfe.u32            %0,   %1,  %2, 1;  \n\t"      
       "}                                       \n\t"
       : "=r"(c)
       : "r"(x[word]), "r"(bit));
    
   return c;
}

__device__ uint32_t bselMu256(const uint32_t __restrict__ *x, uint32_t bsel)
{
   uint32_t c,i, rc=0; 
   uint32_t word = bsel >> NBITS_WORD_LOG2; // bsel/32 gives the word number
   uint32_t bit = bsel & NBITS_WORD_MOD; // bsel % 32 gives bit number

   #pragma unroll
   for (i=0; i< DEFAULT_U256_BSELM_CUDA; i++){
     asm("{                                       \n\t"
           "bfe.u32            %0,   %1,  %2, 1;  \n\t"      
         "}                                       \n\t"
         : "=r"(c)
         : "r"(x[NWORDS_256BIT*i+word]), "r"(bit));
    
     rc += (c << i);  
   }

   return rc;
}



/*
  returns number of leading zeros in a 256 bit number
*/
__device__ uint32_t clzMu256(const uint32_t __restrict__ *x)
{
   uint32_t i,j, c, rc, mrc=256; 
  
   #pragma unroll 
   for (i=0; i< DEFAULT_U256_BSELM_CUDA; i++){
     c = 32;    
     rc = 0;
     for (j=NWORDS_256BIT; j >= 1 && c == 32; j--){
        asm("{                                    \n\t"
            "   clz.b32           %0,%2;          \n\t"
            "   add.u32           %1, %3, %0;     \n\t"      
            "}                   \n\t"
            :"=r"(c), "=r"(rc) : "r"(x[NWORDS_256BIT*i+j-1]), "r"(rc));
     }
     if (rc < mrc) { mrc = rc; }
   }
   return mrc;
}

__device__ uint32_t clzu256(const uint32_t __restrict__ *x)
{
   uint32_t j, c, rc, mrc=255; 
   
   c = 32;    
   rc = 0;
   for (j=NWORDS_256BIT; j >= 1 && c == 32; j--){
      asm("{                                    \n\t"
          "   clz.b32           %0,%2;          \n\t"
          "   add.u32           %1, %3, %0;     \n\t"      
          "}                   \n\t"
          :"=r"(c), "=r"(rc) : "r"(x[j-1]), "r"(rc));
   }

   return rc;
}

__forceinline__ __device__ void almmontinv_step_h(inv_t *table)
{
  // x0 = x0 - x1;
  // x0 = x0 >> 1
  // x4 = x2 + x3;
  // x3 = x3 << 1
  subu256(table->x0, table->x0, table->x1);
  shr1u256(table->x0);
  addu256(table->x4, table->x2,table->x3);
  shl1u256(table->x3);
}

__forceinline__ __device__ void init_invtable(inv_t *data_table, uint32_t *u, uint32_t *v, uint32_t *s, uint32_t *r1)
{
  uint32_t zero[] = {0,0,0,0,0,0,0,0};
  // x0 = x0 - x1;
  // x0 = x0 >> 1
  // x4 = x2 + x3;
  // x3 = x3 << 1
  data_table[0].x0 = u;
  data_table[0].x1 = zero;
  data_table[0].x2 = zero;
  data_table[0].x3 = s;
  data_table[0].x4 = s;

  data_table[1].x0 = v;
  data_table[1].x1 = zero;
  data_table[1].x2 = zero;
  data_table[1].x3 = r1;
  data_table[1].x4 = r1;

  data_table[2].x0 = u;
  data_table[2].x1 = v;
  data_table[2].x2 = r1;
  data_table[2].x3 = s;
  data_table[2].x4 = r1;

  data_table[3].x0 = v;
  data_table[3].x1 = u;
  data_table[3].x2 = s;
  data_table[3].x3 = r1;
  data_table[3].x4 = s;
}

// returns 1 if x - y >= y and x = x-y
// returns 0 if x - y <= y
__forceinline__ __device__ uint32_t subgtu256(uint32_t __restrict__ *x, const uint32_t __restrict__ *y)
{
   uint32_t z[NWORDS_256BIT];
   uint32_t r, flag;

   // 
   subu256(z,x,y);

   asm("clz.b32    %0,%1;\n\t"
       :"=r"(r) : "r"(z[NWORDS_256BIT-1]));
   flag = r > 0;
   if ((r == 32) && eq0u256(z)){
     flag = 0;
   } 
   if (flag){
     movu256(x,z);
   }
   return flag;
}


__forceinline__ __device__ void shflxoru256(uint32_t *d_out, uint32_t *d_in, uint32_t srcLane )
{
    ulonglong4 in, *out;
    int tid = threadIdx.x + blockDim.x * blockIdx.x;

    in = *(ulonglong4 *)d_in;
    out = (ulonglong4 *)d_out;

    out->x = __shfl_xor_sync(0xffffffff, in.x, srcLane);
    out->y = __shfl_xor_sync(0xffffffff, in.y, srcLane);
    out->z = __shfl_xor_sync(0xffffffff, in.z, srcLane);
    out->w = __shfl_xor_sync(0xffffffff, in.w, srcLane);
}


