"""Lanes that leave a loop at different trips issue apart until their warp reconverges (tilelab/emu/loop_exits.py;
docs/FIDELITY.md, "the break store").

bench/results/fidelity-2026-12-04-breakstore.json.gz is `bench/fidelity.py --ncu-only` of reproBreakStore's 63 launches
on the H200 (collection/repro_breakstore.cu): the loop race-free on the graph's two inputs, on each of their 16 warps
alone, and on 45 warps designed so that which lanes break, leave or go on at each trip is fixed by the input
(references.breakstore_probe). ncu-sass-lines-2026-12-04-breakstore.json.gz is the same launches under ncu's
SourceCounters section (per-instruction executions), a second profile.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
import sys

import numpy as np
import pytest
from conftest import ROOT, read_json

from tilelab.emu import loop_exits as LE, ptx as P

sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "collection"))
import fidelity as fid  # noqa: E402
import references  # noqa: E402
from sass_launch import fidelity_launch  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-04-breakstore.json.gz"
LINES = RES / "ncu-sass-lines-2026-12-04-breakstore.json.gz"
FILE = "collection/repro_breakstore.cu:reproBreakStore#"
# the three warps where the H200 stored once for two trips' breaking lanes, in the totals' profile
MERGED = {"c1w3", "c1w5", "c3w1"}


def _ncu():
    return {r["id"][len(FILE):]: r["ncu"] for r in read_json(REC)["rows"]}


def _break_trips(name: str) -> int:
    """Trips at which some lane of a designed warp breaks (from the design, not from any run)."""
    lanes = references._breakstore_designs()[name]
    return len({b for x in lanes if x is not None for b in [x[1]] if b >= 0})


def test_the_break_is_a_loop_exit_that_reconverges_after_the_store():
    """On reproBreakStore's PTX: the loop's two conditional branches leave it (the break's taken side, the loop
    test's fall-through), and both reconverge at the ``Valid`` store, where ptxas puts its ``BSYNC``."""
    k, _, _ = fidelity_launch(":reproBreakStore#c1").make()
    fn = P.parsed(k.program.ptx).entry(k.entry)
    exits = LE.loop_exits(fn)
    assert exits is not None and len(exits) == 2
    (brk,) = [pc for pc, e in exits.items() if e[0]]
    (test,) = [pc for pc, e in exits.items() if e[1]]
    join = exits[brk][2]
    assert exits[test][2] == join
    assert fn.instrs[join].op == "st" and "u8" in fn.instrs[join].mods          # Valid[t] = ok
    assert any(fn.instrs[pc].op == "st" and "u32" in fn.instrs[pc].mods for pc in range(brk + 1, join))


@pytest.mark.parametrize("name", sorted(references._breakstore_designs()))
def test_each_designed_warp_stores_once_a_breaking_trip(name):
    """45 designed warps: the H200's store requests are the design's breaking trips plus the ``Valid`` store, and
    the emulator's now equal them (before: 2 a warp, the breaking lanes all at once after the loop)."""
    ncu = _ncu()["p_" + name]
    want = 1 + _break_trips(name)
    assert ncu["global_st_requests"] == want
    (L,) = [x for x in fid.launches(FILE + "p_" + name) if x.id.endswith("#p_" + name)]
    emu = fid.emulate(L)["metrics"]
    assert emu["global_st_requests"] == want
    assert emu["global_ld_requests"] == ncu["global_ld_requests"]


def test_the_graphs_warps_one_at_a_time():
    """The 16 warps of the graph's two inputs alone: 13 store as the emulator now counts (one request a breaking
    trip); in three the H200 stored one fewer, two trips' breaking lanes together. The loads are equal in all 16."""
    ncu = _ncu()
    same, fewer = [], []
    for cb in ("c1", "c3"):
        for w in range(8):
            lid = f"{cb}w{w}"
            (L,) = [x for x in fid.launches(FILE + lid) if x.id.endswith("#" + lid)]
            emu = fid.emulate(L)["metrics"]
            assert emu["global_ld_requests"] == ncu[lid]["global_ld_requests"]
            d = emu["global_st_requests"] - ncu[lid]["global_st_requests"]
            (same if d == 0 else fewer if d == 1 else []).append(lid)
    assert len(same) == 13 and set(fewer) == MERGED


def _stg(lid: str) -> int:
    with gzip.open(LINES, "rt") as f:
        x = {y["id"]: y for y in json.load(f)["launches"]}[lid]
    rows = list(csv.reader(io.StringIO(x["source"]["stdout"])))
    hdr = next(r for r in rows if r and r[0] == "Address")
    body = [dict(zip(hdr, r)) for r in rows[rows.index(hdr) + 1:] if len(r) >= len(hdr)]
    (n,) = [int(r["Instructions Executed"]) for r in body if r["Source"].split()[:1] == ["STG.E"]]
    return n


def test_which_trips_merge_is_the_profiles_timing():
    """Under the SourceCounters section the same launches merge more trips: the break store ran 42 and 45 times in
    the two whole launches (47 and 47 in the totals' profile), while every designed warp ran it once a breaking trip
    in both profiles. So the emulator's count is the GPU's when no two trips' breaking lanes meet, an upper bound
    otherwise; the misses stay misses."""
    ncu = _ncu()
    assert [_stg(FILE + c) for c in ("c1", "c3")] == [42, 45]
    assert [ncu[c]["global_st_requests"] - 8 for c in ("c1", "c3")] == [47, 47]
    for name in ("t1x31", "t31x1", "one_each_up", "pairs", "break_continue_break"):
        assert _stg(FILE + "p_" + name) == _break_trips(name)


SRC = r"""
__global__ void firstHit(const int* key, const int* hay, int n, int* where, int* count)
{
    __shared__ int hits[64];
    int t = threadIdx.x;
    hits[t] = -1;
    for (int j = 0; j < n; j++) {
        if (hay[j] == key[t]) {
            where[t] = j;            // on the way out of the loop
            hits[t] = j;
            break;
        }
        if ((hay[j] + t) % 3 == 0)      // parts lanes inside the loop, meets again before its end
            count[t] += 1;
    }
    __syncthreads();
    count[t] += hits[t ^ 1];
}
"""


def test_a_shared_and_a_global_store_on_the_break_path():
    """A search loop whose lanes find their key at trips 0, 1 and 2 (and never): the break path's global and shared
    stores count three requests in each of the two warps, the loop body's load one a trip, and the store after the
    barrier one a warp; a branch inside the loop that parts lanes and meets again before the loop's end adds none."""
    from tilelab.launch import launch
    from tilelab.toolchain import compile_cuda

    k = compile_cuda(SRC, filename="first_hit.cu").kernels["firstHit"]
    hay = np.array([5, 6, 7, 8, 9], np.int32)
    key = np.array([[5, 6, 7, 100][t % 4] for t in range(64)], np.int32)
    where = np.full(64, -1, np.int32)
    count = np.zeros(64, np.int32)
    r = launch(k, (1,), (64,), key, hay, 5, where, count, backend="emu", echo=False)
    assert not r.findings
    assert list(where[:4]) == [0, 1, 2, -1]
    lines = {pl["line"]: pl for pl in r.per_line}
    assert lines[9]["global_st_requests"] == 2 * 3           # where[t] = j: trips 0, 1, 2 in each warp
    assert lines[10]["shared_st_requests"] == 2 * 3          # hits[t] = j
    assert lines[17]["global_st_requests"] == 2              # count[t] += ...: after the barrier, once a warp
    # count[t] += 1 inside the loop: a request a warp-trip with some lane still in the loop taking the if
    found = {5: 0, 6: 1, 7: 2}
    want = sum(any(found.get(int(key[t]), 9) > j and (hay[j] + t) % 3 == 0 for t in range(32 * w, 32 * w + 32))
               for w in range(2) for j in range(5))
    assert want > 0 and lines[14]["global_st_requests"] == want


def test_a_break_path_that_ends_the_thread_reconverges_at_its_head():
    """PMPP-Learning's pull BFS and Hetero-Mark's ga_cuda leave their loop by a break whose stores are the only code
    after it (the loop's normal end returns at once). ptxas makes that normal end an ``EXIT`` inside the loop and
    puts the ``BSYNC`` at the break path's head, so the breaking lanes wait there and store once a warp: 126 and 3
    store requests on the H200, the emulator's too (a join taken past the ``ret`` would give 566 and 54)."""
    for lid, rec, want in (("collection/pmppl_bfs.cu:bsf_pull_vertex_centric_kernel",
                            "fidelity-2026-12-03-unseen41.json", (126, 313)),
                           ("collection/heteromark_ga.cu:ga_cuda", "fidelity-2026-12-02-unseen30.json.gz", (3, 3))):
        ncu = {r["id"]: r["ncu"] for r in read_json(RES / rec)["rows"]}[lid]
        (L,) = [x for x in fid.launches(lid) if x.id == lid]
        emu = fid.emulate(L)["metrics"]
        assert (emu["global_st_requests"], emu["global_st_sectors"]) == \
            (ncu["global_st_requests"], ncu["global_st_sectors"]) == want
    (L,) = [x for x in fid.launches(":bsf_pull_vertex_centric_kernel") if x.id.endswith("_kernel")]
    k, _, _ = L.make()
    fn = P.parsed(k.program.ptx).entry(k.entry)
    exits = LE.loop_exits(fn)
    (brk,) = [pc for pc, e in exits.items() if e[0]]
    assert exits[brk][2] == fn.instrs[brk].target and fn.instrs[exits[brk][2]].op == "st"


def test_a_break_store_whose_line_holds_the_loops_loads_too():
    """ASTRA's DART mask (the fourteenth round): ``if (d[o1 + col] != d[o2]) {m[o2] = 1.0f; return;}`` inside two
    loops, the loads and the break store on one line. The cubin's check looked at the line's first memory
    instruction, the loop's LDG, found no barrier in its block and let the breaking lanes store a trip at a time (199
    store requests); the STG's own block starts at the BSSY's reconvergence label, so they meet and store once a warp:
    42 requests and 168 sectors, the H100's (bench/results/fidelity-2026-12-07-unseen162.json)."""
    lid = "collection/astra_darthelper.cu:astraCUDA::devDartMaskRadius"
    ncu = {r["id"]: r["ncu"] for r in read_json(RES / "fidelity-2026-12-07-unseen162.json")["rows"]}[lid]
    (L,) = [x for x in fid.launches(lid) if x.id == lid]
    emu = fid.emulate(L)["metrics"]
    assert (emu["global_st_requests"], emu["global_st_sectors"]) == \
        (ncu["global_st_requests"], ncu["global_st_sectors"]) == (42, 168)
    k, _, _ = L.make()
    fn = P.parsed(k.program.ptx).entry(k.entry)
    st = [x for x in fn.instrs if x.op == "st" and "global" in x.mods]
    assert LE._sass_kinds(st[0]) == {"STG"}
    assert any(x.op == "ld" and "global" in x.mods and x.line == st[0].line for x in fn.instrs)


def test_the_merges_repeat_and_the_outputs_are_the_gpus():
    """bench/results/fidelity-2026-12-04-breakstore-repeats.json.gz: the two whole launches, their 16 one-warp launches
    and the 16 racing one-warp loops, three ncu runs each: no total moves (the merged trips are no run-to-run noise,
    so they stay misses). collection-gpu-2026-12-04-breakstore.json: the 79 launches' outputs on the H200 are as
    expected (the race-free ones bit for bit)."""
    rep = read_json(RES / "fidelity-2026-12-04-breakstore-repeats.json.gz")["launches"]
    assert len(rep) == 34 and not any(v["moves"] for v in rep.values())
    assert rep[FILE + "c1"]["values"]["global_st_requests"] == [55, 55, 55]
    g = read_json(RES / "collection-gpu-2026-12-04-breakstore.json")
    assert (g["kernels"], g["as_expected"]) == (79, 79)


def test_the_racing_loops_see_the_stores_of_lanes_that_broke():
    """reproBreakStoreWarp (the kernel's own loop, one warp alone: lanes read colours that lanes of the same warp
    store as they break). The lanes that leave the loop now run first, to the place they wait at, as the GPU runs a
    break path: 13 of the 16 warps count every total as ncu does (before: none); the three left are the warps where
    the H200 stored two trips' lanes together in the race-free loop too."""
    ncu = {r["id"]: r["ncu"] for r in read_json(RES / "fidelity-2026-12-03-colour.json")["rows"]}
    off = []
    for cb in ("c1", "c3"):
        for w in range(8):
            lid = f"collection/repro_breakstore.cu:reproBreakStoreWarp#{cb}w{w}"
            (L,) = [x for x in fid.launches(lid) if x.id == lid]
            emu = fid.emulate(L)["metrics"]
            if any(emu[k] != ncu[lid][k] for k in fid.KEYS if ncu[lid].get(k) is not None):
                off.append(f"{cb}w{w}")
    assert set(off) == MERGED
