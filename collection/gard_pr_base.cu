// tilelab kernel collection: Gardenia's pull PageRank (pr_base): contrib (score / out-degree), pull_step (each vertex sums
// its in-neighbours' contributions, __ldg) and l1norm (new score base + kDamp * sum, the change summed by
// cub::BlockReduce and a float atomicAdd), and pull_fused (unlaunched: FUSED 0).
// Source:  https://github.com/chenxuhao/gardenia/blob/5894df11cf47f8839945edadff43dc79e260216d/src/pr/base.cu
//          (chenxuhao/gardenia, commit 5894df1, Xuhao Chen's GARDENIA graph benchmark suite)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2022 Xuhao Chen"), repeated below.
// Kept: lines 1-2 (the file's copyright line) and 7-75 (<cub/cub.cuh>, FUSED, the BlockReduce typedef, the four
//       kernels), unchanged. Removed: lines 3-6 (the includes pr.h, timer.h, cutil_subset.h, cuda_launch_config.hpp:
//       host headers) and 76-end (PRSolver). Copied in from include/common.h, marked: lines 19 (#include <cstdint>),
//       41 (ScoreT), 46 (IndexT), 58 (VertexId) and 67 (BLOCK_SIZE); from src/pr/pr.h, line 6 (kDamp).
// Selection, fixed before any run (collection/manifest.toml, the gard_ entries): every __global__ kernel its CCSolver
// (src/cc/base.cu) and PRSolver (src/pr/base.cu, FUSED 0) launch, none dropped for its result: hook and shortcut,
// contrib, pull_step and l1norm, each with its host's <<<(m - 1) / BLOCK_SIZE + 1, BLOCK_SIZE>>> (256 threads), the first
// round of its host loop, on one graph instead of the host's input file (references.py's graph67, 600 vertices, the
// graph of the eclsu_ entries; CSR offsets uint64_t as the host copies them). pull_fused, compiled only under FUSED 1,
// stays in the file, unlaunched. Each launch gets what the launches before it leave (one schedule of them).
//
// MIT License
//
// Copyright (c) 2022 Xuhao Chen
//
// Permission is hereby granted, free of charge, to any person obtaining a copy
// of this software and associated documentation files (the "Software"), to deal
// in the Software without restriction, including without limitation the rights
// to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
// copies of the Software, and to permit persons to whom the Software is
// furnished to do so, subject to the following conditions:
//
// The above copyright notice and this permission notice shall be included in all
// copies or substantial portions of the Software.
//
// THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
// IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
// FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
// AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
// LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
// OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
// SOFTWARE.

// src/pr/base.cu, lines 1-2
// Copyright 2020 MIT
// Authors: Xuhao Chen <cxh@mit.edu>
// include/common.h, lines 19, 41, 46, 58 and 67 (the file includes it through pr.h)
#include <cstdint>
typedef float ScoreT;
typedef int IndexT;
typedef int32_t VertexId;
#define BLOCK_SIZE  256
// src/pr/pr.h, line 6
const float kDamp = 0.85;

// src/pr/base.cu, lines 7-75
#include <cub/cub.cuh>

#define FUSED 0
#define PR_VARIANT "pull"

typedef cub::BlockReduce<ScoreT, BLOCK_SIZE> BlockReduce;

__global__ void contrib(int m, ScoreT *scores, int *degree, ScoreT *outgoing_contrib) {
	int u = blockIdx.x * blockDim.x + threadIdx.x;
	if (u < m) outgoing_contrib[u] = scores[u] / degree[u];
}

__global__ void pull_step(int m, const uint64_t *row_offsets, 
                          const VertexId *column_indices, 
                          ScoreT *sums, ScoreT *outgoing_contrib) {
	int dst = blockIdx.x * blockDim.x + threadIdx.x;
	if (dst < m) {
		IndexT row_begin = row_offsets[dst];
		IndexT row_end = row_offsets[dst+1];
		ScoreT incoming_total = 0;
		for (IndexT offset = row_begin; offset < row_end; ++ offset) {
			//IndexT src = column_indices[offset];
			IndexT src = __ldg(column_indices+offset);
			//incoming_total += outgoing_contrib[src];
			incoming_total += __ldg(outgoing_contrib+src);
		}
		sums[dst] = incoming_total;
	}
}

__global__ void l1norm(int m, ScoreT *scores, ScoreT *sums, 
                       float *diff, ScoreT base_score) {
	int u = blockIdx.x * blockDim.x + threadIdx.x;
	__shared__ typename BlockReduce::TempStorage temp_storage;
	float local_diff = 0;
	if(u < m) {
		ScoreT new_score = base_score + kDamp * sums[u];
		local_diff += fabs(new_score - scores[u]);
		scores[u] = new_score;
		sums[u] = 0;
	}
	float block_sum = BlockReduce(temp_storage).Sum(local_diff);
	if(threadIdx.x == 0) atomicAdd(diff, block_sum);
}

// pull operation needs incoming neighbor list
__global__ void pull_fused(int m, const uint64_t *row_offsets, 
                           const VertexId *column_indices,
                           ScoreT *scores, ScoreT *outgoing_contrib, 
                           float *diff, ScoreT base_score) {
	typedef cub::BlockReduce<float, BLOCK_SIZE> BlockReduce;
	int src = blockIdx.x * blockDim.x + threadIdx.x;
	__shared__ typename BlockReduce::TempStorage temp_storage;
	float error = 0;
	if (src < m) {
		IndexT row_begin = row_offsets[src];
		IndexT row_end = row_offsets[src + 1];
		ScoreT incoming_total = 0;
		for (IndexT offset = row_begin; offset < row_end; ++ offset) {
			IndexT dst = column_indices[offset];
			incoming_total += outgoing_contrib[dst];
		}
		ScoreT old_score = scores[src];
		scores[src] = base_score + kDamp * incoming_total;
		error += fabs(scores[src] - old_score);
	}
	float block_sum = BlockReduce(temp_storage).Sum(error);
	if(threadIdx.x == 0) atomicAdd(diff, block_sum);
}
