"""A ``return`` inside nested loops, with a store of its own, does not keep the loops' other exits apart
(tilelab/emu/loop_exits.py, ``_past_returns``; docs/FIDELITY.md, "cuNSearch's counts").

cuNSearch's kComputeCounts walks 27 cells, an inner loop over each cell's points, and returns from inside it with
``neighborCounts[i] = n; return;`` once n reaches 70, beside the store after the loops. The loop's ways out then part
into two tails that each end the thread, so the inner loop's normal exit had no post-dominator before the end: its
lanes, leaving at different trips, never met again and every later access went out once per lane (127,478 load
requests against the H200's 14,732). ptxas gives the inner loop its ``BSSY B0`` / ``BSYNC B0`` at its own way out and
takes the returning lanes out of it (``BREAK B0``, ``BREAK B1``, a branch to the return's tail): the warp meets again
after each inner loop (bench/results/fidelity-2026-12-06-unseen100.json; equal after the change).
"""
from __future__ import annotations

import numpy as np

from tilelab.emu import loop_exits as LE, ptx as P

SRC = r"""
extern "C" __global__ void returnInLoops(const int* start, const int* cnt, const int* perm, const float* vals,
                                         int* out, int* hit, int n, int limit)
{
    int t = threadIdx.x;
    int sum = 0;
    float x = vals[t];
    for (int z = -1; z < 2; z++)
        for (int y = -1; y < 2; y++)
            for (int c = -1; c < 2; c++) {
                int cell = t + 9 * z + 3 * y + c;
                if (cell < 0 || cell >= n) continue;
                int s = start[cell];
                int m = cnt[cell];                     // each lane's own trip count of the inner loop
                for (int i = s; i < s + m; i++) {
                    float d = vals[perm[i]] - x;
                    if (d * d < 0.25f && d * d > 0.0f) sum++;
                    if (sum == limit) {
                        hit[t] = limit;                // the return's own store: a tail of its own
                        return;
                    }
                }
            }
    out[t] = sum;
}
"""
N = 40          # cells; lane t's cells are t - 13 .. t + 13, those outside [0, N) skipped


def _args(limit):
    rng = np.random.default_rng(5)
    cnt = rng.integers(0, 7, size=N).astype(np.int32)
    start = np.concatenate([[0], np.cumsum(cnt)[:-1]]).astype(np.int32)
    perm = rng.permutation(int(cnt.sum())).astype(np.int32) % 64
    vals = rng.random(64).astype(np.float32)
    return start, cnt, perm, vals, np.zeros(32, np.int32), np.full(32, -1, np.int32), np.int32(N), np.int32(limit)


def _walk(start, cnt, perm, vals, limit):
    """Each lane's count and whether it returned, and the warp's loads as the H200 issues them when it meets
    again after every inner loop: vals[t]; per cell offset, start and cnt once (if a lane's cell is inside), then
    perm and vals once a trip of the longest of the lanes still there."""
    sums, returned = np.zeros(32, np.int64), np.zeros(32, bool)
    loads = 1
    for z in (-1, 0, 1):
        for y in (-1, 0, 1):
            for c in (-1, 0, 1):
                trips = []
                for t in range(32):
                    cell = t + 9 * z + 3 * y + c
                    if returned[t] or not 0 <= cell < N:
                        continue
                    k = 0
                    for i in range(start[cell], start[cell] + cnt[cell]):
                        k += 1
                        d = np.float32(vals[perm[i]] - vals[t])
                        if np.float32(0) < d * d < np.float32(0.25):
                            sums[t] += 1
                        if sums[t] == limit:
                            returned[t] = True
                            break
                    trips.append(k)
                if trips:
                    loads += 2 + 2 * max(trips)
    return sums, returned, loads


def test_every_exit_has_a_join_before_the_end(emu):
    """The inner loops' exits (their tests, the return) and the outer loops': each has a join before the thread
    ends (before: -1 for every one, the ways out parting into the two stores' tails)."""
    k = emu.compile(SRC, "returnInLoops")
    fn = P.parsed(k.program.ptx).entry(k.entry)
    exits = LE.loop_exits(fn)
    assert exits
    assert all(j >= 0 and fn.instrs[j].op != "ret" for _, _, j in exits.values()), exits


def test_lanes_leaving_an_inner_loop_at_different_trips_meet_after_it(emu):
    k = emu.compile(SRC, "returnInLoops")
    start, cnt, perm, vals, out, hit, n, limit = _args(-1)         # no lane returns early
    r = emu.run(k, (1,), (32,), start, cnt, perm, vals, out, hit, n, limit, echo=False)
    sums, returned, loads = _walk(start, cnt, perm, vals, -1)
    assert (out == sums).all() and (hit == -1).all() and not returned.any()
    # before: 4,909 load requests and 32 store requests (the lanes apart from their first inner loop on)
    assert r.metrics["global_ld_requests"] == loads
    assert r.metrics["global_st_requests"] == 1


def test_lanes_that_return_early_store_together(emu):
    k = emu.compile(SRC, "returnInLoops")
    start, cnt, perm, vals, out, hit, n, limit = _args(45)
    r = emu.run(k, (1,), (32,), start, cnt, perm, vals, out, hit, n, limit, echo=False)
    sums, returned, loads = _walk(start, cnt, perm, vals, 45)
    assert 0 < returned.sum() < 32
    assert (hit[returned] == 45).all() and (hit[~returned] == -1).all() and (out[~returned] == sums[~returned]).all()
    # the returning lanes wait at their tail's head (ptxas's BSYNC B1) and store once; the others once after the loops
    assert r.metrics["global_st_requests"] == 2
    assert r.metrics["global_ld_requests"] == loads
