"""SParry's two misses in the nineteenth unseen suite (docs/FIDELITY.md, its Fixed notes; docs/SASS_COUNTS.md,
"Loads ptxas sank" and "A join laid out above its way in").

* ``divide`` reads ``localBase = base[0]`` before the first loop's skip branch (``u < *n``) and uses it only in
  that loop: ptxas reads it on the loop's side of the branch (``@P0 BRA`` at 0x120, the ``LDG`` at 0x140 of the
  H200's SASS), so only the 4 warps with a vertex execute it (emu/counters/sunk.py, global loads);
* ``delta_stepping`` ends its ``while (1)`` with two stores in a block NVVM lays out above the loops that jump
  to it: the machine ran warp 3's lanes 100-127 there at once and lanes 96-99 after the last inner loop, two
  stores where the GPU's warp meets at ptxas's ``BSYNC`` and stores once (emu/order.py).
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

from tilelab.emu import machine, order

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import fidelity_launch as _launch, line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen41.json"
DIVIDE = "collection/sparry_sssp_dijkstra.cu:divide"
DELTA = "collection/sparry_sssp_delta.cu:delta_stepping"


def _ncu(rec, launch_id: str) -> dict:
    return {x["id"]: x for x in read_json(rec)["rows"]}[launch_id]["ncu"]


def test_divides_base_read_is_sunk_into_the_loop_as_on_the_h200():
    """Line 78 (``int localBase = base[0];``): 4 requests and sectors, the warps holding one of the 100
    vertices (the old code: 32, every warp, the line decided); line 79 (``localPart``, used after the loop
    too) stays 32. The launch's global loads are ncu's 139 requests and 185 sectors (were 167 and 213)."""
    r = _run(DIVIDE)
    row = _line(r, 78)
    assert (row["global_ld_requests"], row["global_ld_sectors"]) == (4, 4)
    assert row["ptx"]["global_ld_requests"] == 32 and not row.get("undecided")
    assert "past the branch of line 82" in row["why"]
    assert _line(r, 79)["global_ld_requests"] == 32
    ncu = _ncu(REC, DIVIDE)
    assert (ncu["global_ld_requests"], ncu["global_ld_sectors"]) == (139, 185)
    assert (r.metrics["global_ld_requests"], r.metrics["global_ld_sectors"]) == (139, 185)


def test_the_schedule_order_is_the_ptx_s_where_that_is_one():
    """A join NVVM laid out above its way in ranks after the blocks that jump to it; elsewhere the
    order is the PTX's (None: the machine compares pcs as before)."""
    def fn_of(only):
        k, _, _ = _launch(only).make()
        return machine.linked(k.program.ptx, k.entry)
    assert order.schedule_order(fn_of(DIVIDE)) is None
    fn = fn_of(DELTA)
    rank = order.schedule_order(fn)
    assert rank is not None and sorted(rank.tolist()) == list(range(len(fn.instrs) + 1))
    # the block of lines 156-159 (the two stores, the barrier) lies above the last inner loop in the PTX,
    # and ranks after it
    stores = [pc for pc, i in enumerate(fn.instrs) if i.op == "st" and i.line in (157, 158)]
    loop = [pc for pc, i in enumerate(fn.instrs) if i.op == "st" and i.line == 148]
    assert stores and loop and max(stores) < min(loop)
    assert min(rank[pc] for pc in stores) > max(rank[pc] for pc in loop)


def test_delta_steppings_last_stores_once_a_warp_as_on_the_h200():
    """Lines 157 and 158 (``*nowIsNull = 1; *quickBreak = 0;``): 2,240 store requests each, 32 warps in each
    of 70 passes (the old code: 2,310, warp 3 twice a pass); the launch's global stores are ncu's 6,928
    requests and 6,964 sectors (were 7,068 and 7,104), its loads unchanged at ncu's 23,482 and 26,462."""
    r = _run(DELTA)
    for line in (157, 158):
        row = _line(r, line)
        assert (row["global_st_requests"], row["global_st_sectors"]) == (2240, 2240)
    ncu = _ncu(REC, DELTA)
    assert (ncu["global_st_requests"], ncu["global_st_sectors"]) == (6928, 6964)
    assert (r.metrics["global_st_requests"], r.metrics["global_st_sectors"]) == (6928, 6964)
    assert (r.metrics["global_ld_requests"], r.metrics["global_ld_sectors"]) == (23482, 26462) == \
        (ncu["global_ld_requests"], ncu["global_ld_sectors"])


def test_the_reproductions_count_each_cause_once():
    """``collection/repro_divide.cu``: ``reproSunkGlobalLoad``'s ``base`` read (line 17) runs in the 4 warps of
    32 with an item (the old code: 32), its ``part`` read (line 18, used after the loop too) in all 32;
    ``reproJoinAbove``'s two stores after the inner loop (lines 50 and 51) once a warp a pass, 32 x 4 = 128 (the
    old code: 132, warp 3 twice a pass). Their outputs were the H200's bit for bit
    (collection-gpu-2026-12-03-divide.json); their totals against ncu's: the next test."""
    r = _run(":reproSunkGlobalLoad")
    src = (ROOT / "collection" / "repro_divide.cu").read_text().splitlines()
    base = 1 + next(i for i, s in enumerate(src) if "int localBase = base[0];" in s)
    row = _line(r, base)
    assert (row["global_ld_requests"], row["global_ld_sectors"]) == (4, 4) and row["ptx"]["global_ld_requests"] == 32
    assert _line(r, base + 1)["global_ld_requests"] == 32
    r = _run(":reproJoinAbove")
    stores = [1 + i for i, s in enumerate(src) if s.strip() in ("flags[u0] = id;", "seen[u0] = 0;")]
    assert len(stores) == 2
    for line in stores:
        assert _line(r, line)["global_st_requests"] == 32 * 4
    gpu = read_json(RES / "collection-gpu-2026-12-03-divide.json")
    assert gpu["nvrtc"] == "13.0" and gpu["as_expected"] == 2 == len(gpu["results"])
    assert all(set(x["outputs"].values()) == {"bit-identical"} for x in gpu["results"])


def test_the_reproductions_totals_are_ncus():
    """ncu on the H200 at 0b112ea (fidelity-2026-12-03-divide.json, NVRTC 13.0): ``reproSunkGlobalLoad`` 72
    global-load requests and 81 sectors, 35 store requests and 136 sectors; ``reproJoinAbove`` 356 and 482, 282
    and 1,113. This code counts all 26 totals as ncu does, every line decided; the code before the branch
    (a040291, fidelity-compare-2026-12-03-divide-before.json) counted 28 load requests and sectors too many in
    the first (line 17 in all 32 warps) and 8 store requests and sectors in the second (warp 3 twice a pass)."""
    rec = RES / "fidelity-2026-12-03-divide.json"
    meta = read_json(rec)
    assert meta["commit"].startswith("0b112ea") and meta["nvrtc"] == "13.0" and meta["gpu"]["name"] == "NVIDIA H200"
    sunk, join = "collection/repro_divide.cu:reproSunkGlobalLoad", "collection/repro_divide.cu:reproJoinAbove"
    keys = ("global_ld_requests", "global_ld_sectors", "global_st_requests", "global_st_sectors")
    assert tuple(_ncu(rec, sunk)[k] for k in keys) == (72, 81, 35, 136)
    assert tuple(_ncu(rec, join)[k] for k in keys) == (356, 482, 282, 1113)
    for lid in (sunk, join):
        L = _launch(lid[lid.index(":"):])
        emu = fid.emulate(L, "sass", "sm_90")
        assert not fid.undecided_keys(emu)
        checks = fid.compare_row(emu["metrics"], _ncu(rec, lid), L.apart)
        assert len(checks) == 13 and all(fid.matches(c) for c in checks.values()), checks
    before = {x["id"]: x["checks"] for x in read_json((RES / "fidelity-compare-2026-12-03-divide-before.json")
                                                        )["rows"]}
    assert {k: c["delta"] for k, c in before[sunk].items() if c["delta"]} == \
        {"global_ld_requests": 28, "global_ld_sectors": 28}
    assert {k: c["delta"] for k, c in before[join].items() if c["delta"]} == \
        {"global_st_requests": 8, "global_st_sectors": 8}
