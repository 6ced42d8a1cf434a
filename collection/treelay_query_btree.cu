// tilelab kernel collection: queries on a sorted array of keys in the level-order B-tree layout (b = 32 keys a node), one query a warp: __activemask, __any_sync,
//          __ballot_sync and __ffs pick the child (searchBtree).
// Source:  https://github.com/algoparc/Tree-Layouts/blob/f04adb276d7278ed26a19430f89bbd73512ee89b/gpu/src/query-btree.cuh
//          (algoparc/Tree-Layouts, commit f04adb2, Berney et al.'s implicit search tree layouts, IPDPS 2018)
// Licence: Apache-2.0 (the repository's LICENSE; the file's notice, repeated below).
// Kept: lines 1-16 (the notice), 20-22 (<stdio.h>, <stdlib.h>, <stdint.h>) and 26-72 (the __device__ search and the
//       __global__ searchAll), unchanged. Removed: lines 17-19 and 130 (the include guard), 23-25 ("common.cuh": host
//       helpers with <omp.h>) and 73-129 (the host timing function). Copied in: params.cuh lines 20 and 25-27 (B, BLOCKS,
//       THREADS, WARPS), marked.
// Selection, fixed before any run (collection/manifest.toml, the treelay_ entries): every __global__ kernel of the three
// GPU query headers for the layouts whose query needs no host-built table (binary-search.cuh, query-bst.cuh,
// query-btree.cuh; query-mveb.cuh's vEB tables, built by host recursion, not taken), none dropped for its result, each
// launched as its timeQuery* launches it: searchAll<uint32_t><<<BLOCKS, THREADS>>> = <<<2048, 256>>> (params.cuh), TYPE
// uint32_t as test/query-*-fixedN.cu instantiate it, keys 1..n (initSortedList) in the layout, queries drawn from the keys
// (createRandomQueries); the host's n (argv) and 10^6..10^8 queries replaced by two small sizes each (b = 32 for the B-tree).
/*
 * Copyright 2018-2021 Kyle Berney
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at

 *    http://www.apache.org/licenses/LICENSE-2.0

 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>

// from gpu/src/params.cuh, lines 20 and 25-27
#define B 32		//B value for uint32_t
#define BLOCKS 2048		//chosen arbitrarily
#define THREADS 256
#define WARPS 32		//number of threads per warp
// end of params.cuh

//Searches given B-tree level order layout for the query'd element
//1 query per warp
//Assumes b = WARPS
//Returns index of query'd element (if found)
//Otherwise, returns n (element not found)
template<typename TYPE>
__device__ uint64_t searchBtree(TYPE *A, uint64_t n, uint64_t b, TYPE query) {
    TYPE current;
    uint64_t i = 0;
    uint64_t j = threadIdx.x % WARPS;       //index within each warp
    unsigned mask, ballot;
    int branch;

    while (i + j < n) {
        current = A[i + j];

        mask = __activemask();

        if (__any_sync(mask, query == current) != 0) {
            if (query == current) return i + j;
            else return n;
        }
        else {
            ballot = __ballot_sync(mask, query < current);
            branch = __ffs(ballot) - 1;
            if (branch == -1) branch = 32;      //query is greater than all pivots
            
            i = (i + 1)*(b + 1) + branch*b - 1;
        }
    }

    return n;   //error value, i.e., element not found
}


//Performs all of the queries given in the array queries
//index in A of the queried items are saved in the queries array
template<typename TYPE>
__global__ void searchAll(TYPE *A, uint64_t n, uint64_t b, TYPE *queries, uint64_t numQueries) {
    int wid = (threadIdx.x + blockIdx.x * THREADS) / WARPS;
    uint64_t tmp;

    for (uint64_t i = wid; i < numQueries; i += (BLOCKS*THREADS) / WARPS) {
        tmp = searchBtree<TYPE>(A, n, b, queries[i]);
        if (tmp != n) queries[i] = tmp;
    }
}
