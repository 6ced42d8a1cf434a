// tilelab kernel collection: Gardenia's CUDA connected components (cc_base): hook (each vertex hooks the larger of its and
// a neighbour's labels onto the smaller, if that label is still a root; plain stores, a changed flag) and shortcut
// (pointer jumping to the root).
// Source:  https://github.com/chenxuhao/gardenia/blob/5894df11cf47f8839945edadff43dc79e260216d/src/cc/base.cu
//          (chenxuhao/gardenia, commit 5894df1, Xuhao Chen's GARDENIA graph benchmark suite)
// Licence: MIT (the repository's LICENSE, "Copyright (c) 2022 Xuhao Chen"), repeated below.
// Kept: lines 1-2 (the file's copyright line) and 8-38 (hook, shortcut), unchanged. Removed: lines 3-7 (the includes
//       cc.h, timer.h, cutil_subset.h, cuda_launch_config.hpp: host headers) and 39-end (CCSolver). Copied in from
//       include/common.h, marked: line 19 (#include <cstdint>, for uint64_t), 45 (CompT) and 58 (VertexId).
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

// src/cc/base.cu, lines 1-2
// Copyright 2020 MIT
// Authors: Xuhao Chen <cxh@mit.edu>
// include/common.h, lines 19, 45 and 58 (the file includes it through cc.h)
#include <cstdint>
typedef int CompT;
typedef int32_t VertexId;

// src/cc/base.cu, lines 8-38
__global__ void hook(int m, const uint64_t *row_offsets, 
                     const VertexId *column_indices, 
                     CompT *comp, bool *changed) {
	int src = blockIdx.x * blockDim.x + threadIdx.x;
	if(src < m) {
		int comp_src = comp[src];
		int row_begin = row_offsets[src];
		int row_end = row_offsets[src+1]; 
		for (int offset = row_begin; offset < row_end; ++ offset) {
			int dst = column_indices[offset];
			//int comp_dst = comp[dst];
			int comp_dst = __ldg(comp+dst);
			if (comp_src == comp_dst) continue;
			int high_comp = comp_src > comp_dst ? comp_src : comp_dst;
			int low_comp = comp_src + (comp_dst - high_comp);
			if (high_comp == comp[high_comp]) {
				*changed = true;
				comp[high_comp] = low_comp;
			}
		}
	}
}

__global__ void shortcut(int m, CompT *comp) {
	int src = blockIdx.x * blockDim.x + threadIdx.x;
	if(src < m) {
		while (comp[src] != comp[comp[src]]) {
			comp[src] = comp[comp[src]];
		}
	}
}
