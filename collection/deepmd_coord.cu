// tilelab kernel collection: DeePMD-kit's ghost-atom cell list: wrap into the box, cell maps, ghost copies
// Source:  https://github.com/deepmodeling/deepmd-kit/blob/bc902daf747d93c5d7314338d287fd2dd0a7e32c/source/lib/src/gpu/coord.cu
//          (deepmodeling/deepmd-kit, commit bc902da), with TPB of source/lib/include/device.h and the helpers of
//          source/lib/include/region.cuh that its kernels use (same commit).
// Licence: LGPL-3.0-or-later (the repository's LICENSE and .license-header.txt, repeated below; the file carries none).
// Kept:    device.h line 9 (TPB); region.cuh lines 3-36 (tensorDotVector, tensorTransDotVector, phys2Inter,
//          inter2Phys), unchanged; coord.cu lines 5-241 (the index helpers, normalize_one, _fill_idx_cellmap,
//          _fill_loc_cellnum_map, _fill_total_cellnum_map, _build_loc_clist, _copy_coord), unchanged.
//          Removed: coord.cu's includes (lines 1-3) and host code (compute_int_data, build_loc_clist, copy_coord,
//          deepmd::normalize_coord_gpu, deepmd::copy_coord_gpu and their explicit instantiations, lines 243-).
//
// SPDX-License-Identifier: LGPL-3.0-or-later
// DeePMD-kit is free software: you can redistribute it and/or modify it under the terms of the
// GNU Lesser General Public License as published by the Free Software Foundation, either version 3
// of the License, or (at your option) any later version (https://www.gnu.org/licenses/lgpl-3.0.html).

// ---- copied from source/lib/include/device.h, line 9
#define TPB 256
// ---- copied from source/lib/include/region.cuh, lines 3-36
template <typename FPTYPE>
__device__ inline void tensorDotVector(FPTYPE* o_v,
                                       const FPTYPE* i_v,
                                       const FPTYPE* i_t) {
  o_v[0] = i_v[0] * i_t[0 * 3 + 0] + i_v[1] * i_t[0 * 3 + 1] +
           i_v[2] * i_t[0 * 3 + 2];
  o_v[1] = i_v[0] * i_t[1 * 3 + 0] + i_v[1] * i_t[1 * 3 + 1] +
           i_v[2] * i_t[1 * 3 + 2];
  o_v[2] = i_v[0] * i_t[2 * 3 + 0] + i_v[1] * i_t[2 * 3 + 1] +
           i_v[2] * i_t[2 * 3 + 2];
}
template <typename FPTYPE>
__device__ inline void tensorTransDotVector(FPTYPE* o_v,
                                            const FPTYPE* i_v,
                                            const FPTYPE* i_t) {
  o_v[0] = i_v[0] * i_t[0 * 3 + 0] + i_v[1] * i_t[1 * 3 + 0] +
           i_v[2] * i_t[2 * 3 + 0];
  o_v[1] = i_v[0] * i_t[0 * 3 + 1] + i_v[1] * i_t[1 * 3 + 1] +
           i_v[2] * i_t[2 * 3 + 1];
  o_v[2] = i_v[0] * i_t[0 * 3 + 2] + i_v[1] * i_t[1 * 3 + 2] +
           i_v[2] * i_t[2 * 3 + 2];
}
template <typename FPTYPE>
__device__ inline void phys2Inter(FPTYPE* inter,
                                  const FPTYPE* phys,
                                  const FPTYPE* rec_boxt) {
  tensorDotVector(inter, phys, rec_boxt);
}
template <typename FPTYPE>
__device__ inline void inter2Phys(FPTYPE* phys,
                                  const FPTYPE* inter,
                                  const FPTYPE* boxt) {
  tensorTransDotVector(phys, inter, boxt);
}
// ---- end of region.cuh

__device__ inline int collapse_index(const int* idx, const int* size) {
  return (idx[0] * size[1] + idx[1]) * size[2] + idx[2];
}
__device__ inline void index_recover(const int in_idx,
                                     const int* size,
                                     int* idx) {
  idx[2] = in_idx % size[2];
  idx[1] = int(in_idx / size[2]) % size[1];
  idx[0] = int(int(in_idx / size[2]) / size[1]);
}
__device__ inline void idx_addshift(int* idx, const int* shift) {
  for (int dd = 0; dd < 3; dd++) {
    idx[dd] += shift[dd];
  }
}
__device__ inline void idx_unshift(int* idx, const int* shift) {
  for (int dd = 0; dd < 3; dd++) {
    idx[dd] -= shift[dd];
  }
}
__device__ inline int compute_pbc_shift(int idx, int ncell) {
  int shift = 0;
  if (idx < 0) {
    shift = 1;
    while (idx + shift * ncell < 0) {
      shift++;
    }
  } else if (idx >= ncell) {
    shift = -1;
    while (idx + shift * ncell >= ncell) {
      shift--;
    }
  }
  return shift;
}

__device__ inline double _fmod(double x, double y) { return fmod(x, y); }
__device__ inline float _fmod(float x, float y) { return fmodf(x, y); }

template <typename FPTYPE>
__global__ void normalize_one(FPTYPE* out_c,
                              const FPTYPE* boxt,
                              const FPTYPE* rec_boxt,
                              const int nall) {
  // <<<nall/TPB, TPB>>>
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  if (idy >= nall) {
    return;
  }
  FPTYPE inter[3];
  phys2Inter(inter, out_c + idy * 3, rec_boxt);
  for (int dd = 0; dd < 3; ++dd) {
    inter[dd] = _fmod(inter[dd], (FPTYPE)1.);
    if (inter[dd] < (FPTYPE)0.) {
      inter[dd] += (FPTYPE)1.;
    }
  }
  inter2Phys(out_c + idy * 3, inter, boxt);
}

template <typename FPTYPE>
__global__ void _fill_idx_cellmap(int* idx_cellmap,
                                  int* idx_cellmap_noshift,
                                  const FPTYPE* in_c,
                                  const FPTYPE* rec_boxt,
                                  const int* nat_stt,
                                  const int* nat_end,
                                  const int* ext_stt,
                                  const int* ext_end,
                                  const int nloc) {
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  int ext_ncell[3];
  int global_grid[3];
  int idx_orig_shift[3];
  FPTYPE cell_size[3];
  FPTYPE nat_orig[3];
  for (int dd = 0; dd < 3; ++dd) {
    ext_ncell[dd] = ext_end[dd] - ext_stt[dd];
    global_grid[dd] = nat_end[dd] - nat_stt[dd];
    idx_orig_shift[dd] = nat_stt[dd] - ext_stt[dd];
    cell_size[dd] = (FPTYPE)1. / global_grid[dd];
    nat_orig[dd] = nat_stt[dd] * cell_size[dd];
  }
  if (idy < nloc) {
    int idx_noshift[3];
    int idx[3];
    FPTYPE inter[3];
    phys2Inter(inter, in_c + idy * 3, rec_boxt);
    for (int dd = 0; dd < 3; ++dd) {
      idx_noshift[dd] = (inter[dd] - nat_orig[dd]) / cell_size[dd];
      if (inter[dd] - nat_orig[dd] < (FPTYPE)0.) {
        idx_noshift[dd]--;
      }
      if (idx_noshift[dd] < nat_stt[dd]) {
        idx_noshift[dd] = nat_stt[dd];
      } else if (idx_noshift[dd] >= nat_end[dd]) {
        idx_noshift[dd] = nat_end[dd] - 1;
      }
      idx[dd] = idx_noshift[dd] + idx_orig_shift[dd];
    }
    idx_cellmap_noshift[idy] = collapse_index(idx_noshift, global_grid);
    idx_cellmap[idy] = collapse_index(idx, ext_ncell);
  }
}

__global__ void _fill_loc_cellnum_map(int* temp_idx_order,
                                      int* loc_cellnum_map,
                                      const int* idx_cellmap_noshift,
                                      const int nloc,
                                      const int loc_cellnum) {
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  if (idy < loc_cellnum) {
    int num = 0;
    for (int ii = 0; ii < nloc; ii++) {
      if (idx_cellmap_noshift[ii] == idy) {
        temp_idx_order[ii] = num;
        num++;
      }
    }
    loc_cellnum_map[idy] = num;
  }
}

__global__ void _fill_total_cellnum_map(int* total_cellnum_map,
                                        int* mask_cellnum_map,
                                        int* cell_map,
                                        int* cell_shift_map,
                                        const int* nat_stt,
                                        const int* nat_end,
                                        const int* ext_stt,
                                        const int* ext_end,
                                        const int* loc_cellnum_map,
                                        const int total_cellnum) {
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  int ext_ncell[3];
  int global_grid[3];
  int idx_orig_shift[3];
  for (int dd = 0; dd < 3; ++dd) {
    ext_ncell[dd] = ext_end[dd] - ext_stt[dd];
    global_grid[dd] = nat_end[dd] - nat_stt[dd];
    idx_orig_shift[dd] = nat_stt[dd] - ext_stt[dd];
  }
  if (idy < total_cellnum) {
    int* shift = cell_shift_map + idy * 3;
    int idx[3];
    index_recover(idy, ext_ncell, idx);
    idx_unshift(idx, idx_orig_shift);
    shift[0] = compute_pbc_shift(idx[0], global_grid[0]);
    shift[1] = compute_pbc_shift(idx[1], global_grid[1]);
    shift[2] = compute_pbc_shift(idx[2], global_grid[2]);
    bool loc = false;
    if (shift[0] == 0 && shift[1] == 0 && shift[2] == 0) {
      loc = true;
    }
    for (int dd = 0; dd < 3; dd++) {
      idx[dd] += shift[dd] * global_grid[dd];
    }
    int orig_idy = collapse_index(idx, global_grid);
    mask_cellnum_map[idy] = loc_cellnum_map[orig_idy];
    total_cellnum_map[idy] = mask_cellnum_map[idy];
    if (loc) {
      mask_cellnum_map[idy] = 0;
    }
    cell_map[idy] = orig_idy;
  }
}

__global__ void _build_loc_clist(int* clist,
                                 const int* idx_cellmap,
                                 const int* idx_order,
                                 const int* sec_num_map,
                                 const int nloc) {
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  if (idy >= nloc) {
    return;
  }
  int cell_idx = idx_cellmap[idy];
  int* clist_row = clist + sec_num_map[cell_idx];
  clist_row[idx_order[idy]] = idy;
}

template <typename FPTYPE>
__global__ void _copy_coord(FPTYPE* out_c,
                            int* out_t,
                            int* mapping,
                            const FPTYPE* in_c,
                            const int* in_t,
                            const int* cell_map,
                            const int* cell_shift_map,
                            const int* sec_loc_cellnum_map,
                            const int* sec_total_cellnum_map,
                            const int* loc_clist,
                            const int nloc,
                            const int nall,
                            const int total_cellnum,
                            const FPTYPE* boxt,
                            const FPTYPE* rec_boxt) {
  int idy = blockIdx.x * blockDim.x + threadIdx.x;
  if (idy >= nall) {
    return;
  }
  if (idy < nloc) {
    mapping[idy] = idy;
    out_t[idy] = in_t[idy];
    for (int dd = 0; dd < 3; dd++) {
      out_c[idy * 3 + dd] = in_c[idy * 3 + dd];
    }
  } else {
    int cell_idx = 0;
    int atom_idx = 0;
    int orig_cell_idx = 0;
    int orig_idy = 0;
    int shift[3];
    FPTYPE d_shift[3];
    for (int ii = 0; ii < total_cellnum; ii++) {
      if (idy >= sec_total_cellnum_map[ii + 1]) {
        cell_idx++;
      } else {
        break;
      }
    }
    for (int dd = 0; dd < 3; dd++) {
      shift[dd] = cell_shift_map[cell_idx * 3 + dd];
      d_shift[dd] = shift[dd];
    }
    atom_idx = idy - sec_total_cellnum_map[cell_idx];
    orig_cell_idx = cell_map[cell_idx];
    orig_idy = loc_clist[sec_loc_cellnum_map[orig_cell_idx] + atom_idx];
    mapping[idy] = orig_idy;
    out_t[idy] = in_t[orig_idy];
    FPTYPE shift_v[3];
    inter2Phys(shift_v, d_shift, boxt);
    for (int dd = 0; dd < 3; dd++) {
      out_c[idy * 3 + dd] = in_c[orig_idy * 3 + dd] - shift_v[dd];
    }
  }
}
