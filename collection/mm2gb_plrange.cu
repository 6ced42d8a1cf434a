// tilelab kernel collection: mm2-gb's range selection kernels of its forward chaining (each anchor's successor range by a binary or a linear search, cuts where an anchor has none)
// Source:  https://github.com/Minimap2onGPU/mm2-gb/blob/8a312e92b5e1cd043950b74306ac2727f7040f46/gpu/plrange.cu
//          (Minimap2onGPU/mm2-gb, commit 8a312e9: minimap2's chaining on GPUs, Dong et al.)
// Licence: MIT (the repository's LICENSE.txt, repeated below; the source file carries no notice of its own).
// Kept, unchanged: lines 1 and 4 (stdint.h, assert.h), 8-216 (the __constant__ options, range_binary_search, range_selection_kernel_binary and _naive, a commented-out kernel). Removed: lines 2-3, 5-7 (string.h, stdio.h, the project's headers) and 217-287 (host code: plrange_upload_misc, plrange_async_range_selection, plrange_sync_range_selection).
// Copied in, marked: gpu/plchain.h's range_kernel_config_t (lines 4-9).
//
// The MIT License
//
// Copyright (c) 2018-     Dana-Farber Cancer Institute
//               2017-2018 Broad Institute, Inc.
//               2022      Advanced Micro Devices, Inc.
//
// Permission is hereby granted, free of charge, to any person obtaining
// a copy of this software and associated documentation files (the
// "Software"), to deal in the Software without restriction, including
// without limitation the rights to use, copy, modify, merge, publish,
// distribute, sublicense, and/or sell copies of the Software, and to
// permit persons to whom the Software is furnished to do so, subject to
// the following conditions:
//
// The above copyright notice and this permission notice shall be
// included in all copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND,
// EXPRESS OR IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF
// MERCHANTABILITY, FITNESS FOR A PARTICULAR PURPOSE AND
// NONINFRINGEMENT. IN NO EVENT SHALL THE AUTHORS OR COPYRIGHT HOLDERS
// BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER LIABILITY, WHETHER IN AN
// ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM, OUT OF OR IN
// CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.
//
// ---- plrange.cu, lines 1-1
#include <stdint.h>
// ---- plrange.cu, lines 4-4
#include <assert.h>
// ---- copied from gpu/plchain.h (same commit), lines 4-9
/* Range Kernel configuaration */
typedef struct range_kernel_config_t {
    int blockdim;           // number of threads in each block
    int cut_check_anchors;  // number of anchors to check around each cut
    int anchor_per_block;   // number of anchors assgined to one block = max_it * blockdim
} range_kernel_config_t;
// ---- plrange.cu, lines 8-216

/* 

CUDA/HIP kernel for range selection using forward chaining

*/

/* kernels begin */
__constant__ int d_max_dist_x;
__constant__ int d_max_iter;
__constant__ int d_cut_check_anchors;

inline __device__ int64_t range_binary_search(const int32_t* ax, const int32_t* rev, int64_t i, int64_t st_end){
    int64_t st_high = st_end, st_low=i;
    while (st_high != st_low) {
        int64_t mid = (st_high + st_low -1) / 2+1;
        if (rev[i] != rev[mid] || ax[mid] > ax[i] + d_max_dist_x) {
            st_high = mid -1;
        } else {
            st_low = mid;
        }
    }
    return st_high;
}


/**
 * Forward Range Selection Kernel using global memory and binary range search. 
 * cut reads into segements where successor range = 0. 
*/
__global__ void range_selection_kernel_binary(const int32_t* ax, const int32_t* rev, size_t *start_idx_arr, size_t *read_end_idx_arr, 
    int32_t *range, size_t* cut, size_t* cut_start_idx, size_t total_n, range_kernel_config_t config){
    int tid = threadIdx.x;
    int bid = blockIdx.x;

    size_t start_idx = start_idx_arr[bid];
    size_t read_end_idx = read_end_idx_arr[bid];
    size_t end_idx = start_idx + config.anchor_per_block;
    end_idx = end_idx > read_end_idx ? read_end_idx : end_idx;
    size_t cut_idx = cut_start_idx[bid];
    if(tid == 0 && (bid == 0 || read_end_idx_arr[bid-1] != read_end_idx)){
        cut[cut_idx] = start_idx;
    }
    cut_idx++;
    int range_op[3] = {16, 512, 5000};  // Range Options
    range_op[2] = d_max_iter;
    for (size_t i = start_idx + tid; i < end_idx; i += blockDim.x) {
        size_t st_max = i + d_max_iter;
        st_max = st_max < read_end_idx ? st_max : read_end_idx -1;
        size_t st;
        for (int j=0; j<3; ++j){
            st = i + range_op[j];
            st = st <= st_max ? st : st_max;
            assert(st < total_n);
            assert(i < total_n);
            if (st > i && (rev[st] != rev[i] || ax[st] > ax[i] + d_max_dist_x)){
                break;
            }
        }
        st = range_binary_search(ax, rev, i, st);
        range[i] = st - i;

        if (tid >= blockDim.x - d_cut_check_anchors &&
            blockDim.x - tid + i <= end_idx) {
            if (st == i) cut[cut_idx] = i+1;
        }
        cut_idx++;
    }
}

/**
 * Forward Range Selection Kernel using global memory and linear range search.
 * cut reads into segements where successor range = 0.
 */
__global__ void range_selection_kernel_naive(const int32_t* ax, const int32_t* rev, size_t *start_idx_arr, size_t *read_end_idx_arr, 
    int32_t *range, size_t* cut, size_t* cut_start_idx, size_t total_n, range_kernel_config_t config){
    int tid = threadIdx.x;
    int bid = blockIdx.x;

    size_t start_idx = start_idx_arr[bid];
    size_t read_end_idx = read_end_idx_arr[bid];
    size_t end_idx = start_idx + config.anchor_per_block;
    end_idx = end_idx > read_end_idx ? read_end_idx : end_idx;
    assert(end_idx == (bid +1 < gridDim.x) ? start_idx_arr[bid+1]: total_n);
    // if(end_idx_ref != end_idx){
    //     if (tid == 0){
    //         int grimdim = gridDim.x;
    //     printf("start idx %d anchor_per_block %d read_end_idx %d, next start idx %d gridDim %d bid %d\n", 
    //     start_idx, config.anchor_per_block, read_end_idx, start_idx_arr[bid+1], grimdim, bid);
    //     }
    // }
    // __syncthreads();
    
    size_t cut_idx = cut_start_idx[bid];
    if(tid == 0 && (bid == 0 || read_end_idx_arr[bid-1] != read_end_idx)){
        cut[cut_idx] = start_idx;
    }
    cut_idx++;
    for (size_t i = start_idx + tid; i < end_idx; i += blockDim.x){
        size_t st = i + d_max_iter;
        st = i + d_max_iter < read_end_idx ? st : read_end_idx -1;
        assert(st < total_n);
        assert(i < total_n);
        while (st > i && 
                (rev[i] != rev[st] // NOTE: different prefix cannot become predecessor 
                || ax[st] > ax[i] + d_max_dist_x)) { // NOTE: same prefix compare the value
            --st;
        }
        range[i] = st - i;

        if (tid >= blockDim.x - d_cut_check_anchors && blockDim.x - tid + i <= end_idx) {
            if (st == i) cut[cut_idx] = i+1;
        }
        cut_idx++;
    }
}

// __global__ void range_selection_kernel(const int64_t* ax, size_t *start_idx_arr, size_t *read_end_idx_arr, int32_t *range){
//     int tid = threadIdx.x;
//     int bid = blockIdx.x;

//     size_t start_idx = start_idx_arr[bid];
//     size_t read_end_idx = read_end_idx_arr[bid];
//     size_t end_idx = start_idx + MAX_ANCHOR_PER_BLOCK;
//     end_idx = end_idx > read_end_idx ? read_end_idx : end_idx;

//     size_t load_anchor_idx = 100;
//     size_t load_smem_idx;
//     size_t cal_idx = start_idx + threadIdx.x;
//     int32_t cal_smem = tid;
//     __shared__ int64_t smem[NUM_ANCHOR_IN_SMEM];

//     /* prefetch anchors */
//     load_smem_idx = tid;
//     load_anchor_idx = start_idx + tid;
//     // if (tid == 20) printf("load_smem_idx %d, load_anchor_idx %lu\n", load_smem_idx, load_anchor_idx);
//     for (int i = 0; i < PREFETCH_ANCHORS_RANGE/NUM_THREADS_RANGE && load_anchor_idx < read_end_idx; ++i){
//         // if (tid == 20) printf("load_smem_idx %d, load_anchor_idx %lu\n", load_smem_idx, load_anchor_idx);
//         smem[load_smem_idx] = ax[load_anchor_idx];
//         load_smem_idx += NUM_THREADS_RANGE;
//         load_anchor_idx += NUM_THREADS_RANGE;
//     }

//     int iter = (NUM_ANCHOR_IN_SMEM - PREFETCH_ANCHORS_RANGE)/NUM_THREADS_RANGE; // iterations before another load is needed
//     while (cal_idx < end_idx) { // tail threads may skip this loop
//         /* load anchors */
//         load_smem_idx = load_smem_idx >= NUM_ANCHOR_IN_SMEM ? load_smem_idx - NUM_ANCHOR_IN_SMEM : load_smem_idx;
//         for (int i = 0; i < iter && load_anchor_idx < end_idx + PREFETCH_ANCHORS_RANGE; ++i){
//             // if (tid == 20) printf("load it load_smem_idx %d, load_anchor_idx %lu\n", load_smem_idx, load_anchor_idx);
//             smem[load_smem_idx] = ax[load_anchor_idx];
//             load_smem_idx += NUM_THREADS_RANGE;
//             load_anchor_idx += NUM_THREADS_RANGE;
//             load_smem_idx = load_smem_idx >= NUM_ANCHOR_IN_SMEM ? load_smem_idx - NUM_ANCHOR_IN_SMEM : load_smem_idx;
//         }

//         __syncthreads();
        
//         /* calculate sucessor range */
//         for (int i = 0; i < iter && cal_idx < end_idx; ++i){
//             int64_t anchor = smem[cal_smem];

//             size_t st = cal_idx + PREFETCH_ANCHORS_RANGE < read_end_idx ? cal_idx + PREFETCH_ANCHORS_RANGE : read_end_idx-1;
//             int32_t st_smem = cal_smem + st - cal_idx;
//             st_smem = st_smem >= NUM_ANCHOR_IN_SMEM ? st_smem - NUM_ANCHOR_IN_SMEM : st_smem;
//             // if (tid == 20) printf("cal idx %lu, cal_mem %d, st %lu, st_smem %d\n", cal_idx, cal_smem, st,st_smem);

//             // if (tid == 20) printf("anchor.x %d, smem[st_smem] %d, anchor.x+MAX_DIST_X%d\n", anchor, smem[st_smem], anchor+MAX_DIST_X);

//             while (st > cal_idx && 
//                         (anchor>> 32 != smem[st_smem] >> 32 ||
//                             smem[st_smem] > anchor + d_max_dist_x
//                         )
//                     ){
//                 // if (bid == 25)
//                 // printf("while 0 bid %d tid %d cal_idx %d\n", bid, tid, cal_idx);
//                 --st;
//                 if (st_smem == 0) st_smem = NUM_ANCHOR_IN_SMEM-1;
//                 else --st_smem;
//             }
            
//             /* NOTE: fallback: succussor is not prefetched */
//             if (st >= PREFETCH_ANCHORS_RANGE + cal_idx){
//                 st = cal_idx + MAX_ITER < read_end_idx ? i + MAX_ITER : read_end_idx-1;
//                 while(
//                     anchor >> 32 != ax[st] >> 32 || 
//                     ax[st] > anchor + d_max_dist_x // check from global memory
//                 ){
//                     --st;
//                     // if (bid == 25)
//                     // printf("while 1 bid %d tid %d\n", bid, tid);
//                 }

//             }
//             range[cal_idx] = st - cal_idx;
//             cal_smem += NUM_THREADS_RANGE;
//             cal_smem = cal_smem >= NUM_ANCHOR_IN_SMEM ? cal_smem - NUM_ANCHOR_IN_SMEM : cal_smem;
//             cal_idx += NUM_THREADS_RANGE;
//             // if (bid == 25)
//             // printf("for loop i %d bid %d tid %d\n", i, bid, tid);
//         }
//         // if (bid == 25)
//         // printf("outer while bid %d tid %d\n", bid, tid);
//         __syncthreads();

//     }
    
// }

/* kernels end */
