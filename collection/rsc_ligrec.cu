// tilelab kernel collection: rapids-singlecell's (squidpy GPU) ligand-receptor permutation test (cluster sums and means
// by atomicAdd, the per-permutation count of permuted mean sums above the observed ones) (scverse/rapids_singlecell).
// Source:  https://github.com/scverse/rapids_singlecell/blob/d1cd06c4a529453c839992d5756500ac19508a54/src/rapids_singlecell/_cuda/ligrec/kernels_ligrec.cuh
//          (scverse/rapids_singlecell, commit d1cd06c, GPU single-cell analysis for scanpy and squidpy)
// Licence: MIT (the repository's LICENSE, repeated below); the source file carries no notice of its own.
// Kept: lines 1-182, all of it (sum_and_count_dense_kernel, sum_and_count_sparse_kernel, mean_dense_kernel,
//       mean_sparse_kernel, elementwise_diff_kernel, interaction_kernel and res_mean_kernel), unchanged. Nothing
//       removed: the host launchers and nanobind bindings are in the directory's .cu file, not in this header.
// Selection, fixed before any run (collection/manifest.toml, the rsc_ entries): interaction_kernel<float> as
//       launch_interaction launches it in _ligrec.py's permutation loop (block (32, 32), grid (strided_grid(n_iter,
//       32), strided_grid_y(n_inter_clust, 32))) for 40 interactions of 30 genes and all 16 pairs of 4 clusters, a
//       permutation's means g against the observed means, with some results already NaN.
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

template <typename T>
__global__ void sum_and_count_dense_kernel(const T* __restrict__ data,
                                           const int* __restrict__ clusters,
                                           T* __restrict__ sum_gt0,
                                           int* __restrict__ count_gt0,
                                           size_t num_rows, size_t num_cols,
                                           size_t n_cls) {
    const size_t row_stride = static_cast<size_t>(blockDim.x) * gridDim.x;
    const size_t col_stride = static_cast<size_t>(blockDim.y) * gridDim.y;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < num_rows; i += row_stride) {
        int cluster = clusters[i];
        for (size_t j =
                 static_cast<size_t>(blockIdx.y) * blockDim.y + threadIdx.y;
             j < num_cols; j += col_stride) {
            T value = data[i * num_cols + j];
            if (value > (T)0) {
                const size_t out_idx = j * n_cls + static_cast<size_t>(cluster);
                atomicAdd(&sum_gt0[out_idx], value);
                atomicAdd(&count_gt0[out_idx], 1);
            }
        }
    }
}

template <typename T, typename IdxT>
__global__ void sum_and_count_sparse_kernel(const IdxT* __restrict__ indptr,
                                            const IdxT* __restrict__ index,
                                            const T* __restrict__ data,
                                            const int* __restrict__ clusters,
                                            T* __restrict__ sum_gt0,
                                            int* __restrict__ count_gt0,
                                            int nrows, int n_cls) {
    int cell = blockDim.x * blockIdx.x + threadIdx.x;
    if (cell >= nrows) return;
    IdxT start_idx = indptr[cell];
    IdxT stop_idx = indptr[cell + 1];
    int cluster = clusters[cell];
    for (IdxT gene = start_idx; gene < stop_idx; gene++) {
        T value = data[gene];
        IdxT gene_number = index[gene];
        if (value > (T)0) {
            long long out_idx = (long long)gene_number * n_cls + cluster;
            atomicAdd(&sum_gt0[out_idx], value);
            atomicAdd(&count_gt0[out_idx], 1);
        }
    }
}

template <typename T>
__global__ void mean_dense_kernel(const T* __restrict__ data,
                                  const int* __restrict__ clusters,
                                  T* __restrict__ g_cluster, size_t num_rows,
                                  size_t num_cols, size_t n_cls) {
    const size_t row_stride = static_cast<size_t>(blockDim.x) * gridDim.x;
    const size_t col_stride = static_cast<size_t>(blockDim.y) * gridDim.y;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < num_rows; i += row_stride) {
        int cluster = clusters[i];
        for (size_t j =
                 static_cast<size_t>(blockIdx.y) * blockDim.y + threadIdx.y;
             j < num_cols; j += col_stride) {
            const size_t out_idx = j * n_cls + static_cast<size_t>(cluster);
            atomicAdd(&g_cluster[out_idx], data[i * num_cols + j]);
        }
    }
}

template <typename T, typename IdxT>
__global__ void mean_sparse_kernel(const IdxT* __restrict__ indptr,
                                   const IdxT* __restrict__ index,
                                   const T* __restrict__ data,
                                   const int* __restrict__ clusters,
                                   T* __restrict__ sum_gt0, int nrows,
                                   int n_cls) {
    int cell = blockDim.x * blockIdx.x + threadIdx.x;
    if (cell >= nrows) return;
    IdxT start_idx = indptr[cell];
    IdxT stop_idx = indptr[cell + 1];
    int cluster = clusters[cell];
    for (IdxT gene = start_idx; gene < stop_idx; gene++) {
        T value = data[gene];
        IdxT gene_number = index[gene];
        if (value > (T)0) {
            long long out_idx = (long long)gene_number * n_cls + cluster;
            atomicAdd(&sum_gt0[out_idx], value);
        }
    }
}

template <typename T>
__global__ void elementwise_diff_kernel(T* __restrict__ g_cluster,
                                        const T* __restrict__ total_counts,
                                        size_t num_genes, size_t num_clusters) {
    const size_t gene_stride = static_cast<size_t>(blockDim.x) * gridDim.x;
    const size_t cluster_stride = static_cast<size_t>(blockDim.y) * gridDim.y;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < num_genes; i += gene_stride) {
        for (size_t j =
                 static_cast<size_t>(blockIdx.y) * blockDim.y + threadIdx.y;
             j < num_clusters; j += cluster_stride) {
            const size_t idx = i * num_clusters + j;
            g_cluster[idx] = g_cluster[idx] / total_counts[j];
        }
    }
}

template <typename T>
__global__ void interaction_kernel(const int* __restrict__ interactions,
                                   const int* __restrict__ interaction_clusters,
                                   const T* __restrict__ mean,
                                   T* __restrict__ res,
                                   const bool* __restrict__ mask,
                                   const T* __restrict__ g, size_t n_iter,
                                   size_t n_inter_clust, size_t n_cls) {
    const size_t iter_stride = static_cast<size_t>(blockDim.x) * gridDim.x;
    const size_t cluster_stride = static_cast<size_t>(blockDim.y) * gridDim.y;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < n_iter; i += iter_stride) {
        int rec = interactions[i * 2];
        int lig = interactions[i * 2 + 1];
        for (size_t j =
                 static_cast<size_t>(blockIdx.y) * blockDim.y + threadIdx.y;
             j < n_inter_clust; j += cluster_stride) {
            int c1 = interaction_clusters[j * 2];
            int c2 = interaction_clusters[j * 2 + 1];
            const size_t rec_idx =
                static_cast<size_t>(rec) * n_cls + static_cast<size_t>(c1);
            const size_t lig_idx =
                static_cast<size_t>(lig) * n_cls + static_cast<size_t>(c2);
            const size_t res_idx = i * n_inter_clust + j;
            T m1 = mean[rec_idx];
            T m2 = mean[lig_idx];
            if (!isnan(res[res_idx])) {
                if (m1 > (T)0 && m2 > (T)0) {
                    if (mask[rec_idx] && mask[lig_idx]) {
                        T g_sum = g[rec_idx] + g[lig_idx];
                        res[res_idx] += (g_sum > (m1 + m2));
                    } else {
                        res[res_idx] = nan("");
                    }
                } else {
                    res[res_idx] = nan("");
                }
            }
        }
    }
}

template <typename T>
__global__ void res_mean_kernel(const int* __restrict__ interactions,
                                const int* __restrict__ interaction_clusters,
                                const T* __restrict__ mean,
                                T* __restrict__ res_mean, size_t n_inter,
                                size_t n_inter_clust, size_t n_cls) {
    const size_t inter_stride = static_cast<size_t>(blockDim.x) * gridDim.x;
    const size_t cluster_stride = static_cast<size_t>(blockDim.y) * gridDim.y;
    for (size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
         i < n_inter; i += inter_stride) {
        int rec = interactions[i * 2];
        int lig = interactions[i * 2 + 1];
        for (size_t j =
                 static_cast<size_t>(blockIdx.y) * blockDim.y + threadIdx.y;
             j < n_inter_clust; j += cluster_stride) {
            int c1 = interaction_clusters[j * 2];
            int c2 = interaction_clusters[j * 2 + 1];
            const size_t rec_idx =
                static_cast<size_t>(rec) * n_cls + static_cast<size_t>(c1);
            const size_t lig_idx =
                static_cast<size_t>(lig) * n_cls + static_cast<size_t>(c2);
            T m1 = mean[rec_idx];
            T m2 = mean[lig_idx];
            if (m1 > (T)0 && m2 > (T)0) {
                res_mean[i * n_inter_clust + j] = (m1 + m2) / (T)2;
            }
        }
    }
}
