"""ResolveBadColoring's two load-request misses (collection/pgc_firstfit.cu; docs/FIDELITY.md, "a twenty-eighth unseen
suite"), reproduced on the H200 (collection/repro_breakstore.cu).

bench/results/fidelity-2026-12-03-colour.json is `bench/fidelity.py --ncu-only` of the reproduction's 18 launches;
bench/results/ncu-sass-lines-2026-12-03-colour.json.gz is ncu's per-instruction counts of ResolveBadColoring's two
launches; bench/results/pgc-resolve-schedules-2026-12-03-colour.json replays the loop under three data models
beside the recorded values (bench/pgc_resolve_schedules.py). No emulator rule is added: these tests pin what the
reproduction shows.
"""
from __future__ import annotations

import csv
import io
import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
import pgc_resolve_schedules as sched  # noqa: E402
from collection import references  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-colour.json"
CMP = RES / "fidelity-compare-2026-12-03-colour.json"
LINES = RES / "ncu-sass-lines-2026-12-03-colour.json.gz"
SCHED = RES / "pgc-resolve-schedules-2026-12-03-colour.json"
GPU = RES / "collection-gpu-2026-12-03-colour.json"
FREE = {"c1": "collection/repro_breakstore.cu:reproBreakStore#c1", "c3": "collection/repro_breakstore.cu:reproBreakStore#c3"}


def _ncu(lid):
    return {r["id"]: r for r in read_json(REC)["rows"]}[lid]["ncu"]


def test_the_race_free_loop_loads_as_the_emulator_and_stores_as_its_lanes_break():
    """With the break's store sent to another array, the loop's loads are the emulator's on the H200 (172 and 192
    requests: the launches' inputs, every lane's trips fixed), and the stores nearly so: 55 and 55 requests on the
    H200, 57 and 56 on the emulator and in the replay (a request a trip at which some lane of the warp breaks:
    tilelab/emu/loop_exits.py; before it, 16, the warp storing once after the loop). In three warps the H200 stored
    two trips' breaking lanes together (tests/test_loop_exits.py)."""
    g = references.pgc_graph()
    for cb, vb in (("c1", "v0"), ("c3", "v2")):
        ncu = _ncu(FREE[cb])
        L = fid.launches(FREE[cb].split("/")[-1])[0]
        emu = fid.emulate(L)["metrics"]
        snap = sched.replay(g[cb], g[vb], False)
        assert ncu["global_ld_requests"] == emu["global_ld_requests"] == snap["global_ld_requests"]
        assert (ncu["global_st_requests"], emu["global_st_requests"], snap["global_st_requests"]) == \
            {"c1": (55, 57, 57), "c3": (55, 56, 56)}[cb]


def test_a_warp_alone_sees_some_of_its_lanes_break_stores():
    """Each warp alone on the kernel's own loop (a race inside the warp): the H200's load requests are the replay's
    where a lane's break store is seen by the warp's later trips in 14 of 16 warps, and the snapshot's (no store
    seen) in the two others (the first trip's warps 3 and 5), so even within one warp which stores are seen is the
    schedule's; where the two models differ (5 warps) the H200 went each way."""
    rec = read_json(SCHED)["probes"]
    warp = {k: v for k, v in rec.items() if "Warp#" in k}
    assert len(warp) == 16
    as_warp = sorted(k.split("#")[1] for k, v in warp.items()
                     if v["ncu"]["global_ld_requests"] == v["warp"]["global_ld_requests"])
    differ = sorted(k.split("#")[1] for k, v in warp.items()
                    if v["snapshot"]["global_ld_requests"] != v["warp"]["global_ld_requests"])
    assert differ == ["c1w2", "c1w3", "c1w5", "c3w5", "c3w6"]
    assert sorted(set(k.split("#")[1] for k in warp) - set(as_warp)) == ["c1w3", "c1w5"]
    for k in ("c1w3", "c1w5"):
        v = warp[f"collection/repro_breakstore.cu:reproBreakStoreWarp#{k}"]
        assert v["ncu"]["global_ld_requests"] == v["snapshot"]["global_ld_requests"]


def _lines(lid):
    L = {x["id"]: x for x in read_json(LINES)["launches"]}[lid]
    rows = list(csv.reader(io.StringIO(L["source"]["stdout"])))
    hdr = next(r for r in rows if r and r[0] == "Address")
    return [dict(zip(hdr, r)) for r in rows[rows.index(hdr) + 1:] if len(r) >= len(hdr)]


def test_the_loop_loads_of_resolvebadcoloring_on_the_h200():
    """ncu's per-instruction counts: the two loads in the loop (`LDG.E R7` of d_ColIdx, `LDG.E R8` of the neighbour's
    colour) run 73 and 84 times (warp-trips; the emulator's 70 and 80), the break store 47 and 44 times. In this
    fifth profile of the first launch the loop ran 73 warp-trips (178 load requests), where the four earlier runs
    counted 176."""
    for lid, trips, stores in (("collection/pgc_firstfit.cu:ResolveBadColoring", 73, 47),
                               ("collection/pgc_firstfit.cu:ResolveBadColoring#trip2", 84, 44)):
        ins = [(r["Source"].split()[0], int(r["Instructions Executed"])) for r in _lines(lid)]
        ldg = [n for op, n in ins if op == "LDG.E"]
        assert ldg[-2:] == [trips, trips]                 # the loop's two loads come last in the listing
        assert [n for op, n in ins if op == "STG.E"] == [stores]
        assert sum(n for op, n in ins if op.startswith("LDG")) == 32 + 2 * trips


def test_the_reproductions_compared_and_their_outputs():
    """The compare of the 18 launches (188 of 234 totals equal: every store total and the racing warps' loads
    differ), and the outputs on the H200: 18 of 18 as expected, the race-free ones bit for bit."""
    s = read_json(CMP)["summary"]["all"]
    assert (s["launches"], s["totals"], s["totals_equal"]) == (18, 234, 188)
    g = read_json(GPU)
    assert (g["kernels"], g["as_expected"]) == (18, 18)
    assert sum(v == "bit-identical" for r in g["results"] for v in r["outputs"].values()) == 42
