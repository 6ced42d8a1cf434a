// tilelab kernel collection: the GPU step of a backtracking search for the N-Queens problem (evaluate_gpu: one thread
// per (parent node, column k) pair of a bulk of tree nodes popped from the host's pool, each checking whether the queen
// in position k may go in the next row against the depth queens already placed, G times over, into a 0/1 label).
// Source:  https://github.com/Guillaume-Helbecque/GPU-accelerated-tree-search-Chapel/blob/a4639267983d2dd81417121e7e65776d6ec7a037/baselines/nqueens/nqueens_gpu_cuda.cu
//          (Guillaume-Helbecque/GPU-accelerated-tree-search-Chapel, commit a463926, the C+CUDA baselines of a Chapel tree-search study)
// Licence: BSD-3-Clause (the repository's LICENSE, "Copyright (c) 2024-2025, Guillaume Helbecque"), repeated below.
// Kept: lines 136-164 (the comment and the kernel evaluate_gpu), unchanged. Removed: lines 1-135 (the includes,
//       BLOCK_SIZE 512, argument parsing, printing, the host isSafe and decompose) and lines 165-end (generate_children,
//       nqueens_search, main). Copied in, marked: baselines/nqueens/lib/NQueens_node.h lines 8-16 (stdint.h, MAX_QUEENS
//       and the Node struct).
// Selection, fixed before any run (collection/manifest.toml, the gpuat_ entries): the file's one __global__ kernel,
// launched as nqueens_search launches it: <<<ceil(N * poolSize / 512.0), BLOCK_SIZE = 512>>>(N, G, parents_d,
// labels_d, N * poolSize), the parents being the poolSize nodes popBackBulk takes from the back of the pool after the
// host's breadth-first start (pool.size >= m) and after each earlier launch's children (generate_children), replayed
// in references.py (gpuat_nqueens); the defaults N = 14, G = 1, m = 25, M = 50000 replaced by smaller instances of the
// same kind: N = 8 (G = 1, m = 25, M = 50000: its first three launches), N = 10 with G = 3 and M = 64 (the first two
// launches: a bulk capped at M), and N = 6 (G = 1, m = 25: its first launch). labels_d is set beforehand to 2, so that
// the labels the kernel leaves alone (k < depth, never read by the host) are seen to stay.
// Read before any run: no finding expected (each thread writes only its own label; parents are read-only).
//
// BSD 3-Clause License
//
// Copyright (c) 2024-2025, Guillaume Helbecque
//
// Redistribution and use in source and binary forms, with or without
// modification, are permitted provided that the following conditions are met:
//
// 1. Redistributions of source code must retain the above copyright notice, this
//    list of conditions and the following disclaimer.
//
// 2. Redistributions in binary form must reproduce the above copyright notice,
//    this list of conditions and the following disclaimer in the documentation
//    and/or other materials provided with the distribution.
//
// 3. Neither the name of the copyright holder nor the names of its
//    contributors may be used to endorse or promote products derived from
//    this software without specific prior written permission.
//
// THIS SOFTWARE IS PROVIDED BY THE COPYRIGHT HOLDERS AND CONTRIBUTORS "AS IS"
// AND ANY EXPRESS OR IMPLIED WARRANTIES, INCLUDING, BUT NOT LIMITED TO, THE
// IMPLIED WARRANTIES OF MERCHANTABILITY AND FITNESS FOR A PARTICULAR PURPOSE ARE
// DISCLAIMED. IN NO EVENT SHALL THE COPYRIGHT HOLDER OR CONTRIBUTORS BE LIABLE
// FOR ANY DIRECT, INDIRECT, INCIDENTAL, SPECIAL, EXEMPLARY, OR CONSEQUENTIAL
// DAMAGES (INCLUDING, BUT NOT LIMITED TO, PROCUREMENT OF SUBSTITUTE GOODS OR
// SERVICES; LOSS OF USE, DATA, OR PROFITS; OR BUSINESS INTERRUPTION) HOWEVER
// CAUSED AND ON ANY THEORY OF LIABILITY, WHETHER IN CONTRACT, STRICT LIABILITY,
// OR TORT (INCLUDING NEGLIGENCE OR OTHERWISE) ARISING IN ANY WAY OUT OF THE USE
// OF THIS SOFTWARE, EVEN IF ADVISED OF THE POSSIBILITY OF SUCH DAMAGE.

// ---- copied from baselines/nqueens/lib/NQueens_node.h, lines 8-16
#include <stdint.h>

#define MAX_QUEENS 20

typedef struct
{
  uint8_t depth;
  uint8_t board[MAX_QUEENS];
} Node;
// ---- baselines/nqueens/nqueens_gpu_cuda.cu, lines 136-164
// Evaluate a bulk of parent nodes on GPU.
__global__ void evaluate_gpu(const int N, const int G, const Node* parents_d, uint8_t* labels_d, const int size)
{
  int threadId = blockIdx.x * blockDim.x + threadIdx.x;

  if (threadId < size) {
    const int parentId = threadId / N;
    const int k = threadId % N;
    const Node parent = parents_d[parentId];
    const uint8_t depth = parent.depth;
    const uint8_t queen_num = parent.board[k];

    uint8_t isSafe;

    // If child 'k' is not scheduled, we evaluate its safety 'G' times, otherwise 0.
    if (k >= depth) {
      isSafe = 1;
      for (int i = 0; i < depth; i++) {
        const uint8_t pbi = parent.board[i];

        for (int g = 0; g < G; g++) {
          isSafe *= (pbi != queen_num - (depth - i) &&
                     pbi != queen_num + (depth - i));
        }
      }
      labels_d[threadId] = isSafe;
    }
  }
}
