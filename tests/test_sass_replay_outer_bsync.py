"""Two rules GE-SpMM's CSR SpMM kernels needed (collection/gespmm_spmm_kernel.cu, docs/FIDELITY.md, "GE-SpMM"):
a warp caches 32 column offsets of its row in shared memory, ``__syncwarp()``, then every lane reads them back one by
one, ``for (kk = 0; kk < 32 && jj + kk < hb; kk++)``, adding ``B[off]`` only where its column is in range
(``if (nout > 0)``, lane by lane).

1. The SASS replay (tilelab/emu/counters/sass_replay.py) and a BSYNC reached by a branch out of the regions opened
   inside its own: ptxas unrolls the kk loop 16 and 4 times with a remainder, each in a ``BSSY`` region, and leaves
   the 4-trip part with ``@!P0 BRA`` from before its ``BSYNC B1`` straight to the ``BSYNC B2`` of the region around
   it. The replay took the ``BSYNC B2`` for one that ended no open region, marked the threads as possibly apart,
   and gave up at the ``BRA.DIV`` of the next ``__syncwarp()`` ("depends on the warp's convergence"): the line was
   undecided at the PTX's count. Now a ``BSYNC`` of an open region ends it and the regions left inside it.
2. The merge model (tilelab/emu/counters/sass_model.py) and an unrolled loop with ifs between its reads of an
   ``extern __shared__`` array: NVVM unrolls ``off = sh[base + kk] + col; if (nout > 0) acc1 += B[off]; if (nout >
   1) acc2 += B[off + 32];`` 4 times with a 3-trip remainder, each read in a block of its own; ptxas predicates the
   ifs and reads 4 (and the remainder's 3) as one ``LDS.128``, at the array's declared 16 bytes. Neither the if
   regions (``_spanned``) nor the hoisted remainder (``_hoisted``) made the line agree alone, and the regions were
   tried only at the alignment the entry's own variables have; now they are tried at the extern array's too, with
   the branches the remainder's reads are hoisted above.
"""
from __future__ import annotations

import numpy as np

from conftest import needs_cubin

SRC = r"""
__global__ void cachedRowSum(int n, int k, const int* ptr, const float* B, float* out) {
  extern __shared__ int sh[];
  int base = threadIdx.y << 5;
  int col = (blockIdx.y << 5) + threadIdx.x;
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= n) return;
  int lb = ptr[row], hb = ptr[row + 1];
  int p = lb + threadIdx.x;
  int nout = (k - col + 31) / 32;
  float acc = 0;
  for (int jj = lb; jj < hb; jj += 32) {
    if (p < hb) sh[base + threadIdx.x] = p % 7 * k;
    __syncwarp();
    p += 32;
    if (blockIdx.y != gridDim.y - 1) {
      for (int kk = 0; kk < 32 && jj + kk < hb; kk++)
        acc += B[sh[base + kk] + col];
    } else {
      for (int kk = 0; kk < 32 && jj + kk < hb; kk++) {
        int off = sh[base + kk] + col;   // READ1
        if (nout > 0) acc += B[off];
      }
    }
    __syncwarp();
  }
  if (nout > 0) out[row * k + col] = acc;
}

__global__ void cachedRowSum2(int n, int k, const int* ptr, const float* B, float* out) {
  extern __shared__ int sh[];
  int base = threadIdx.y << 5;
  int col = (blockIdx.y << 6) + threadIdx.x;
  int row = blockIdx.x * blockDim.y + threadIdx.y;
  if (row >= n) return;
  int lb = ptr[row], hb = ptr[row + 1];
  int p = lb + threadIdx.x;
  int nout = (k - col + 31) / 32;
  float acc1 = 0, acc2 = 0;
  for (int jj = lb; jj < hb; jj += 32) {
    if (p < hb) sh[base + threadIdx.x] = p % 7 * k;
    __syncwarp();
    p += 32;
    for (int kk = 0; kk < 32 && jj + kk < hb; kk++) {
      int off = sh[base + kk] + col;   // READ2
      if (nout > 0) acc1 += B[off];
      if (nout > 1) acc2 += B[off + 32];
    }
    __syncwarp();
  }
  if (nout > 0) out[row * k + col] = acc1;
  if (nout > 1) out[row * k + col + 32] = acc2;
}
"""


def _rows(n=12, seed=1):
    lens = np.random.default_rng(seed).integers(0, 70, n)
    lens[3] = 0
    return np.concatenate([[0], np.cumsum(lens)]).astype(np.int32)


@needs_cubin
def test_a_bsync_reached_by_a_branch_out_of_inner_regions_ends_them(emu):
    k = emu.compile(SRC, "cachedRowSum", filename="outer_bsync.cu")
    n, kk = 12, 52                  # the last column block: lanes 20..31 have nout 0, and skip the read
    ptr = _rows(n)
    r = emu.run(k, (3, 2), (32, 4), np.int32(n), np.int32(kk), ptr, np.ones(7 * kk + 64, np.float32),
                np.zeros(n * kk, np.float32), shared=512, echo=False, arch="sm_90")
    row = emu.line_metrics(r, emu.line_of(SRC, "// READ1"))
    assert not row.get("undecided"), row.get("why")
    assert row["counted"] == "sass" and "gave up" not in (row.get("why") or "")
    # the copies run with a lane on exactly as the PTX's one read a trip runs; a few more with none on
    # (one a trip in each warp of the last column block: every row has lanes 0..19 on)
    assert row["shared_ld_requests_active"] == int((ptr[1:] - ptr[:-1]).sum())
    assert row["shared_ld_requests"] > row["shared_ld_requests_active"]


@needs_cubin
def test_reads_of_an_extern_array_across_predicated_ifs_are_one_lds128(emu):
    k = emu.compile(SRC, "cachedRowSum2", filename="outer_bsync.cu")
    n, kk = 12, 40                  # one column block of 64: lanes 8..31 have nout 1, the read is unconditional
    ptr = _rows(n)
    r = emu.run(k, (3, 1), (32, 4), np.int32(n), np.int32(kk), ptr, np.ones(7 * kk + 96, np.float32),
                np.zeros(n * kk, np.float32), shared=512, echo=False, arch="sm_90")
    row = emu.line_metrics(r, emu.line_of(SRC, "// READ2"))
    assert not row.get("undecided"), row.get("why")
    assert row["counted"] == "sass"
    # per row (a warp) and 32-entry chunk of m entries: one LDS.128 a 4 trips and one for the 1-3 left
    lens = ptr[1:] - ptr[:-1]
    want = sum(-(-min(32, int(m) - j) // 4) for m in lens for j in range(0, int(m), 32))
    assert row["shared_ld_requests"] == want
    # a warp's lanes all read the same 16 bytes: a broadcast, 2 wavefronts for each LDS.128 (as ncu has GE-SpMM's)
    assert row["shared_ld_wavefronts"] == 2 * want
