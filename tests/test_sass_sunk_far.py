"""Shared loads ptxas sank past a later branch that leaves the kernel (tilelab/emu/counters/sunk.py, ``_candidate_far``;
docs/SASS_COUNTS.md, "Loads ptxas sank"). argon2-gpu's ``argon2_precompute_kernel`` reads its last ``u64_shuffle``
(two LDS, the 64-bit value's halves) after a barrier; the value feeds only the last trip of the unrolled store loop
after it (``if (offset < segment_blocks) refs[offset] = ...``). ptxas reads it after that trip's ``@P EXIT``, past
the three trips before, so a warp none of whose lanes reaches the last trip executes neither LDS. ncu counted 86
shared-load requests a warp on the H100 (bench/results/fidelity-2026-12-06-unseen149.json); the emulator counted the
PTX's 88 (the sunk-load rule knew only a load whose block ends with the branch)."""
from __future__ import annotations

import numpy as np

from conftest import ROOT, needs_cubin, read_json
from sass_launch import run as fidelity_run

SRC = r"""
__global__ void pass_pairs(unsigned* out, unsigned n) {
  __shared__ unsigned lo[32], hi[32];
  unsigned t = threadIdx.x;
  lo[t] = t * 3u; hi[t] = t * 5u;
  __syncthreads();
  unsigned x0 = lo[(t + 1) & 31], y0 = hi[(t + 1) & 31];
  __syncthreads();
  lo[t] = t * 7u + x0; hi[t] = t * 11u + y0;
  __syncthreads();
  unsigned x1 = lo[(t + 2) & 31], y1 = hi[(t + 2) & 31];   // READ
#pragma unroll
  for (int i = 0; i < 2; i++) {
    unsigned off = blockIdx.x * 64 + i * 32 + t;
    if (off < n) out[off] = i == 0 ? (x0 ^ y0) : (x1 % n) * y1;
  }
}
"""
READ, BRANCH = 11, 15


def _expected(n: int, blocks: int) -> np.ndarray:
    t = np.arange(32, dtype=np.uint64)
    x0, y0 = ((t + 1) % 32) * 3, ((t + 1) % 32) * 5
    x1, y1 = (((t + 2) % 32) * 7 + x0[(t + 2) % 32]), (((t + 2) % 32) * 11 + y0[(t + 2) % 32])
    out = np.zeros(256, np.uint64)
    for b in range(blocks):
        for i, v in enumerate((x0 ^ y0, (x1 % n) * y1)):
            off = b * 64 + i * 32 + t
            keep = off < n
            out[off[keep]] = v[keep]
    return (out & 0xFFFFFFFF).astype(np.uint32)


@needs_cubin
def test_a_load_for_the_last_trip_counts_in_the_warps_that_reach_it(emu):
    """Three blocks of one warp: the READ line's two loads are requested by the warps with a lane whose last-trip
    offset is below n (n = 40: block 0's lanes 0-7; n = 200: all three; n = 20: none), the first pair's by every
    warp; the PTX view keeps every warp's."""
    k = emu.compile(SRC, "pass_pairs", filename="far.cu")
    for n, warps in ((40, 1), (200, 3), (20, 0)):
        out = np.zeros(256, np.uint32)
        r = emu.run(k, (3,), (32,), out, np.uint32(n), echo=False, arch="sm_90")
        assert np.array_equal(out, _expected(n, 3)), n
        rows = {row["line"]: row for row in r.per_line if row.get("shared_ld_requests") or row.get("ptx")}
        assert rows[7]["shared_ld_requests"] == 6 and not rows[7].get("undecided")
        got = rows.get(READ, {}).get("shared_ld_requests", 0)
        assert got == 2 * warps, (n, got)
        if warps < 3:
            assert rows[READ]["ptx"]["shared_ld_requests"] == 6
            assert f"past the branch of line {BRANCH}" in rows[READ]["why"]
        assert r.metrics["shared_ld_requests"] == 6 + 2 * warps


@needs_cubin
def test_argon2_precompute_counts_ncus_requests():
    """Both launches of the suite (4 and 16 warps, every lane past the last trip): ncu's shared-load requests and
    wavefronts exactly, two loads a warp fewer than the PTX runs."""
    rec = read_json(ROOT / "bench" / "results" / "fidelity-2026-12-06-unseen149.json")
    ncu = {row["id"]: row["ncu"] for row in rec["rows"] if "argon2_precompute_kernel" in row["id"]}
    assert len(ncu) == 2
    for rid, want in ncu.items():
        r = fidelity_run(rid.split("collection/")[1])
        warps = r.ptx_metrics["shared_ld_requests"] // 88
        assert warps in (4, 16)
        for key in ("shared_ld_requests", "shared_ld_wavefronts"):
            assert r.metrics[key] == want[key] == r.ptx_metrics[key] - 2 * warps, (rid, key)
