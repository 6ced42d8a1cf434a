// tilelab kernel collection: rapids-singlecell's binned Wilcoxon histograms (per gene, per group value histograms by
// atomicAdd) (scverse/rapids_singlecell).
// Source:  https://github.com/scverse/rapids_singlecell/blob/d1cd06c4a529453c839992d5756500ac19508a54/src/rapids_singlecell/_cuda/wilcoxon_binned/kernels_wilcoxon_binned.cuh
//          (scverse/rapids_singlecell, commit d1cd06c, GPU single-cell analysis for scanpy and squidpy)
// Licence: MIT (the repository's LICENSE, repeated below); the source file carries no notice of its own.
// Kept: lines 1-97, all of it (dense_hist_kernel<T>, csr_hist_kernel<T, IdxT> and csc_hist_kernel<T, IdxT>), unchanged.
//       Nothing removed: the host launchers and nanobind bindings are in the directory's .cu file, not in this header.
// Selection, fixed before any run (collection/manifest.toml, the rsc_ entries): dense_hist_kernel<float> as
//       launch_dense_hist launches it (a block of 256 a gene) on 300 cells x 4 genes in Fortran order, 3 groups (some
//       cells unselected: codes -1 and 3), 16 bins; the CSR / CSC forms are kept, not launched.
//
/*
 * MIT License
 *
 * Copyright (c) 2022, Severin Dicks
 * Copyright (c) 2025, scverse®
 *
 * Permission is hereby granted, free of charge, to any person obtaining a copy
 * of this software and associated documentation files (the "Software"), to deal
 * in the Software without restriction, including without limitation the rights
 * to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
 * copies of the Software, and to permit persons to whom the Software is
 * furnished to do so, subject to the following conditions:
 *
 * The above copyright notice and this permission notice shall be included in all
 * copies or substantial portions of the Software.
 *
 * THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
 * IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
 * FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
 * AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
 * LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
 * OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
 * SOFTWARE.
 */
#pragma once

#include <cuda_runtime.h>

// ---------- dense_hist ----------
// One block per gene. X is column-major (Fortran order).
// Bins values into histogram with atomicAdd.
template <typename T>
__global__ void dense_hist_kernel(const T* __restrict__ X,
                                  const int* __restrict__ gcodes,
                                  unsigned int* __restrict__ hist, int n_cells,
                                  int n_genes, int n_groups, int n_bins,
                                  double bin_low, double inv_bin_width) {
    int gene = blockIdx.x;
    int nbt = n_bins + 1;
    unsigned int* dst = hist + (long long)gene * n_groups * nbt;

    const T* col = X + (long long)gene * n_cells;
    for (int c = threadIdx.x; c < n_cells; c += blockDim.x) {
        double val = (double)col[c];
        int grp = gcodes[c];

        if (grp < 0 || grp >= n_groups) continue;  // skip unselected cells

        int raw = (int)((val - bin_low) * inv_bin_width);
        int bin = min(max(raw, 0), n_bins - 1) + 1;
        atomicAdd(&dst[grp * nbt + bin], 1u);
    }
}

// ---------- csr_hist ----------
// One block per cell row. Threads stride over nonzeros.
template <typename T, typename IdxT>
__global__ void csr_hist_kernel(
    const T* __restrict__ data, const IdxT* __restrict__ indices,
    const IdxT* __restrict__ indptr, const int* __restrict__ gcodes,
    unsigned int* __restrict__ hist, int n_cells, int n_genes, int n_groups,
    int n_bins, double bin_low, double inv_bin_width, int gene_start) {
    int row = blockIdx.x;
    if (row >= n_cells) return;

    int grp = gcodes[row];
    if (grp < 0 || grp >= n_groups) return;  // skip unselected cells

    int nbt = n_bins + 1;
    IdxT row_start = indptr[row];
    IdxT row_end = indptr[row + 1];
    long long gene_stop = (long long)gene_start + n_genes;

    for (IdxT i = row_start + threadIdx.x; i < row_end; i += blockDim.x) {
        long long col = static_cast<long long>(indices[i]);
        if (col < gene_start || col >= gene_stop) continue;

        double val = (double)data[i];
        if (val == 0.0) continue;  // explicit zero skipped

        long long gene = col - gene_start;
        int raw = (int)((val - bin_low) * inv_bin_width);
        int bin = min(max(raw, 0), n_bins - 1) + 1;

        atomicAdd(&hist[gene * n_groups * nbt + grp * nbt + bin], 1u);
    }
}

// ---------- csc_hist ----------
// One block per gene column. Threads stride over nonzeros.
template <typename T, typename IdxT>
__global__ void csc_hist_kernel(
    const T* __restrict__ data, const IdxT* __restrict__ indices,
    const IdxT* __restrict__ indptr, const int* __restrict__ gcodes,
    unsigned int* __restrict__ hist, int n_cells, int n_genes, int n_groups,
    int n_bins, double bin_low, double inv_bin_width, int gene_start) {
    int gene = blockIdx.x;
    if (gene >= n_genes) return;

    int nbt = n_bins + 1;
    unsigned int* dst = hist + (long long)gene * n_groups * nbt;

    long long col = (long long)gene_start + gene;
    IdxT col_start = indptr[col];
    IdxT col_end = indptr[col + 1];

    for (IdxT i = col_start + threadIdx.x; i < col_end; i += blockDim.x) {
        double val = (double)data[i];
        if (val == 0.0) continue;

        long long row = static_cast<long long>(indices[i]);
        if (row < 0 || row >= n_cells) continue;
        int grp = gcodes[row];
        if (grp < 0 || grp >= n_groups) continue;  // skip unselected cells

        int raw = (int)((val - bin_low) * inv_bin_width);
        int bin = min(max(raw, 0), n_bins - 1) + 1;

        atomicAdd(&dst[grp * nbt + bin], 1u);
    }
}
