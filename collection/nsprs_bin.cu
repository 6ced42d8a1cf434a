// tilelab kernel collection: nsparse's row binning for hash SpGEMM (flop per row, bin sizes and a row permutation by atomics, row lengths from a CSR row pointer)
// Source:  https://github.com/EBD-CREST/nsparse/blob/070065c516e025a00cbdbe1b479d5144c2109a22/cuda-cpp/inc/BIN.hpp
//          (EBD-CREST/nsparse, commit 070065c; the kernels BIN::set_max_bin / set_min_bin launch before hash_symbolic / hash_numeric)
// Licence: MIT (the repository's LICENSE, repeated below; the source file carries no notice of its own).
// Kept, unchanged: lines 54-137 (set_flop_per_row, set_bin, init_row_perm, set_row_perm) and 232-240 (set_nnz_per_row_from_rpt).
// Removed: lines 1-53 (include guard, the host class BIN), 138-231 and 241-290 (host code: set_max_bin, set_min_bin).
//
// Copyright (c) 2017 Tokyo Institute of Technology
// Released under the MIT license
// http://opensource.org/licenses/mit-license.php
//
template <class idType>
__global__ void set_flop_per_row(idType *d_arpt, idType *d_acol, const idType* __restrict__ d_brpt, idType *d_count, idType *d_max_flop, idType nrow)
{
    idType i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nrow) {
        return;
    }
    idType flop_per_row = 0;
    idType j;
    for (j = d_arpt[i]; j < d_arpt[i + 1]; j++) {
        flop_per_row += d_brpt[d_acol[j] + 1] - d_brpt[d_acol[j]];
    }
    d_count[i] = flop_per_row;
    atomicMax(d_max_flop, flop_per_row);
}

template <class idType, int BIN_NUM>
__global__ void set_bin(idType *d_count, idType *d_bin_size, idType *d_max, idType nrow, idType min, idType mmin)
{
    idType i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nrow) {
        return;
    }
    idType nz_per_row = d_count[i];
    atomicMax(d_max, nz_per_row);

    idType j = 0;
    for (j = 0; j < BIN_NUM - 2; j++) {
        if (nz_per_row <= (min << j)) {
            if (nz_per_row <= (mmin)) {
                atomicAdd(d_bin_size + j, 1);
            }
            else {
                atomicAdd(d_bin_size + j + 1, 1);
            }
            return;
        }
    }
    atomicAdd(d_bin_size + BIN_NUM - 1, 1);
}

template <class idType>
__global__ void init_row_perm(idType *d_permutation, idType M)
{
    idType i = blockIdx.x * blockDim.x + threadIdx.x;

    if (i >= M) {
        return;
    }
  
    d_permutation[i] = i;
}

template <class idType, int BIN_NUM>
__global__ void set_row_perm(idType *d_bin_size, idType *d_bin_offset,
                             idType *d_max_row_nz, idType *d_permutation,
                             idType M, idType min, idType mmin)
{
    idType i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i >= M) {
        return;
    }

    idType nz_per_row = d_max_row_nz[i];
    idType dest;
  
    idType j = 0;
    for (j = 0; j < BIN_NUM - 2; j++) {
        if (nz_per_row <= (min << j)) {
            if (nz_per_row <= mmin) {
                dest = atomicAdd(d_bin_size + j, 1);
                d_permutation[d_bin_offset[j] + dest] = i;
            }
            else {
                dest = atomicAdd(d_bin_size + j + 1, 1);
                d_permutation[d_bin_offset[j + 1] + dest] = i;
            }
            return;
        }
    }
    dest = atomicAdd(d_bin_size + BIN_NUM - 1, 1);
    d_permutation[d_bin_offset[BIN_NUM - 1] + dest] = i;

}
// ---- BIN.hpp, lines 232-240
template <class idType>
__global__ void set_nnz_per_row_from_rpt(idType *d_rpt, idType *d_count, idType nrow)
{
    idType i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= nrow) {
        return;
    }
    d_count[i] = d_rpt[i + 1] - d_rpt[i];
}
