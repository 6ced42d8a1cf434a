"""A counted instruction whose predicate differs between the lanes of one warp, in the replay of the SASS
(tilelab/emu/counters/sass_replay.py's ``Replay._mixed``; docs/SASS_COUNTS.md "Lines ptxas only copied").

CUB's BlockRadixSort (the thirteenth unseen suite's `BlockSortKernel<unsigned int, 128, 13>`) stores each
warp's scan aggregate from lane 31 and the block's from lane 0 of warp 0 (`uninitialized_copy.cuh:62`):
branches in the PTX that ptxas if-converted to `@!P1 STS`, `@!P0 STS`. The line is one whose SASS holds
more copies of its accesses than the model expects (STS×43 for 28: ptxas copied the part of the radix
passes' loop that NVVM enters it at before the loop), so its count comes from a replay of the SASS. The
replay split the threads at such a predicate, lane by lane, and then found the lanes of one warp with
different counts: it gave up, and the line, equal to ncu's in value, stayed undecided (4 totals).
A warp executes a predicated instruction once, with all its lanes that are there: the replay now keeps
them together and counts the execution with a lane on if any lane's predicate is.
ncu's values: bench/results/fidelity-2026-12-03-unseen35.json.
"""
from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu.counters import sass_replay as sr  # noqa: E402
from tilelab.launch import launch  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-03-unseen35.json"
SORT = "collection/cub_ex_block_radix_sort.cu:BlockSortKernel<unsigned int, 128, 13>"


def _sass(text: list[str]) -> list:
    return [sr.instruction(0x10 * i, t) for i, t in enumerate(text)]


def test_a_store_by_one_lane_of_each_warp_runs_once_per_warp():
    # `if (lane == 31) s[warp] = x;`, if-converted: ISETP on the lane, `@!P0 STS`
    instrs = _sass(["S2R R0, SR_LANEID", "ISETP.NE.AND P0, PT, R0, 0x1f, PT", "@!P0 STS [R0], R0", "EXIT"])
    assert sr.Replay(instrs, (2,)).run(sr.Launch((2, 1, 1), (96, 1, 1))) == {2: (6, 6)}   # 2 blocks x 3 warps
    # a block of 40 threads: its second warp has lanes 0-7 only, so lane 31's store runs with every lane off
    assert sr.Replay(instrs, (2,)).run(sr.Launch((2, 1, 1), (40, 1, 1))) == {2: (4, 2)}


def test_in_a_loop_each_trip_is_one_run_with_a_lane_on_if_any():
    # trip i: lane i stores (`@!P0 STS`, P0 = lane != i), 10 trips; a block of 40 threads: warp 0 has a lane
    # on every trip, warp 1 (lanes 0-7) on trips 0-7 only
    instrs = _sass(["S2R R0, SR_LANEID", "MOV R1, RZ", "ISETP.NE.AND P0, PT, R0, R1, PT", "@!P0 STS [R0], R0",
                    "VIADD R1, R1, 0x1", "ISETP.LT.U32.AND P1, PT, R1, 0xa, PT", "@P1 BRA 0x20", "EXIT"])
    assert sr.Replay(instrs, (3,)).run(sr.Launch((3, 1, 1), (40, 1, 1))) == {3: (3 * 20, 3 * 18)}


def test_a_warp_whose_lanes_reach_it_on_two_paths_gives_up():
    # lanes 0-15 jump over a NOP, lanes 16-31 run it: two paths to the same `@P0 STS` (odd lanes). Each path's
    # lanes count one run with a lane on, but whether the warp ran it once or twice the replay cannot say
    instrs = _sass(["S2R R0, SR_LANEID", "LOP3.LUT R2, R0, 0x1, RZ, 0xc0, !PT", "ISETP.NE.AND P0, PT, R2, RZ, PT",
                    "ISETP.LT.U32.AND P1, PT, R0, 0x10, PT", "@P1 BRA 0x60", "NOP", "@P0 STS [R0], R0", "EXIT"])
    with pytest.raises(sr.GiveUp, match="warp 0 of block 0"):
        sr.Replay(instrs, (6,)).run(sr.Launch((1, 1, 1), (32, 1, 1)))
    # the same warps on one path (no branch): decided, once per warp
    one = _sass(["S2R R0, SR_LANEID", "LOP3.LUT R2, R0, 0x1, RZ, 0xc0, !PT", "ISETP.NE.AND P0, PT, R2, RZ, PT",
                 "@P0 STS [R0], R0", "EXIT"])
    assert sr.Replay(one, (3,)).run(sr.Launch((1, 1, 1), (64, 1, 1))) == {3: (2, 2)}


@needs_cubin
def test_the_radix_sorts_line_is_decided_at_ncus_totals(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/cub_ex_block_radix_sort.cu:", "--json", str(out)])
    [c] = [r["checks"] for r in read_json(out)["rows"] if r["id"] == SORT]
    assert not [k for k, v in c.items() if v.get("undecided")]
    assert all(fid.matches(v) for v in c.values())
    assert [(c[k]["emu"], c[k]["ncu"]) for k in ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests",
                                                 "shared_st_wavefronts")] == \
        [(1684, 1684), (1716, 1716), (1500, 1500), (2511, 2511)]
    # ncu: no shared store ran with every lane off, and the H200's SASS has the line's STS×43, LDS×13
    rec = next(r for r in read_json(REC)["rows"] if r["id"] == SORT)
    assert rec["ncu_raw"]["smsp__inst_executed_op_shared_st_pred_off_all.sum"] == 0
    assert [v for k, v in rec["sass_mix"].items() if k.endswith("uninitialized_copy.cuh:37")] == [{"STS": 43, "LDS": 13}]
    [L] = fid.launches("/cub_ex_block_radix_sort.cu:")
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    row = next(pl for pl in r.per_line if pl["line"] == 62 and pl["file"].endswith("uninitialized_copy.cuh"))
    assert not row.get("undecided") and "LDS×13, STS×43" in row["why"]
    assert "STS 508 times (0 with every lane off)" in row["why"] and row["shared_st_requests"] == 508
