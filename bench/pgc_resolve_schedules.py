"""How ResolveBadColoring's conflict loop would count under two schedules of a warp's breaking lanes.

collection/pgc_firstfit.cu's ResolveBadColoring scans a vertex's neighbours and, at the first higher
neighbour of its own colour, stores NO_COLOR and leaves the loop (``break``). ptxas (sm_90) keeps that store
inside the loop's ``BSSY B0`` ... ``BSYNC B0``, on the branch out of it (``@!P0 BRA P1`` to ``STG.E [R4], RZ``,
then the ``BSYNC``); the ``d_ColorValid`` store follows the ``BSYNC``. The emulator runs the lowest pc first over
every thread of a chunk, so the lanes that break wait at the store until the warp's other lanes leave the loop:
one store request a warp (16 for the two stores of 8 warps). On the H200 (ncu) the two launches make 59 and 53
store requests: the breaking lanes store when they break, one request per trip at which some lane of the warp
breaks. Which trip that is depends on the neighbours' colours the lane reads, which the race makes the GPU's
timing: a neighbour whose own thread has already stored NO_COLOR no longer conflicts.

This script replays the loop for the two launches' inputs (references.pgc_graph: c1/v0 and c3/v2), each warp's
lanes in lock-step with the breaking lanes storing at once (one request per trip with a breaking lane), the warps
in order, under two data models: ``snapshot``, every read sees the colours before the launch (the emulator's
outcome); ``visible``, a store is seen by every later read of its warp and of later warps. It writes each
schedule's loop trips (one request of each of the line's two loads a warp-trip), conflict-store requests, and
the launch's load and store request totals (with the loads before the loop, 32 a launch, and the d_ColorValid
store, 8), beside ncu's; and a third model, ``warp``: a store seen by its own warp's later trips only. With a
second argument, the recording of collection/repro_breakstore.cu's launches, it also replays those (the loop
race-free; each warp alone) beside their ncu values. Usage: python bench/pgc_resolve_schedules.py OUT.json [REPRO.json]
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from collection import references  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-03-unseen50.json"
LAUNCHES = {"collection/pgc_firstfit.cu:ResolveBadColoring": ("c1", "v0"),
            "collection/pgc_firstfit.cu:ResolveBadColoring#trip2": ("c3", "v2")}


def replay(colors, valid, visible: bool | str, warps=None) -> dict:
    """``visible``: False (snapshot), True (every later read sees a store) or "warp" (only the storing warp's later
    trips see it: the warp alone, no other warp's store seen); ``warps``: which warps run (all by default)."""
    g = references.pgc_graph()
    ptr, col = g["ptr"], g["col"]
    c = colors.copy()
    stores = trips = 0
    per_warp = {}
    for w in (range(g["n"] // 32) if warps is None else warps):
        before = trips
        if visible == "warp":
            c = colors.copy()
        lanes = [t for t in range(32 * w, 32 * w + 32) if not valid[t]]
        pos = {t: int(ptr[t]) for t in lanes}
        active = {t for t in lanes if ptr[t] < ptr[t + 1]}
        mine = {t: c[t] for t in lanes}                    # d_ColorVector[threadID], read before the loop
        snap = c.copy()
        while active:
            trips += 1
            seen = c if visible else snap
            brk = sorted(t for t in active if seen[col[pos[t]]] == mine[t] and t < col[pos[t]])
            if brk:
                stores += 1
                for t in brk:
                    c[t] = 0
                    active.discard(t)
            for t in list(active):
                pos[t] += 1
                if pos[t] >= ptr[t + 1]:
                    active.discard(t)
        per_warp[w] = trips - before
    return {"loop_trips": trips, "warp_trips": list(per_warp.values()), "conflict_store_requests": stores,
            "global_ld_requests": 32 + 2 * trips, "global_st_requests": 8 + stores}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    rec = {r["id"]: r for r in json.loads(REC.read_text())["rows"]}
    g = references.pgc_graph()
    out = {"command": "python bench/pgc_resolve_schedules.py " + " ".join(argv), "recording": REC.name,
           "launches": {}}
    for lid, (cb, vb) in LAUNCHES.items():
        ncu = rec[lid]["ncu"]
        out["launches"][lid] = {
            "ncu": {k: ncu[k] for k in ("global_ld_requests", "global_st_requests")},
            "snapshot": replay(g[cb], g[vb], False),
            "visible": replay(g[cb], g[vb], True),
            "warp": replay(g[cb], g[vb], "warp")}
    if len(argv) > 1:
        # the reproductions (collection/repro_breakstore.cu): the race-free loop on the two inputs, and each warp
        # alone on its own loop (4 loads and the d_ColorValid store a warp, 2 loads a trip, a store a break trip)
        probes = {r["id"]: r for r in json.loads(Path(argv[1]).read_text())["rows"]}
        out["probes_recording"] = Path(argv[1]).name
        out["probes"] = {}
        for cb, vb in (("c1", "v0"), ("c3", "v2")):
            rid = f"collection/repro_breakstore.cu:reproBreakStore#{cb}"
            snap = replay(g[cb], g[vb], False)
            out["probes"][rid] = {"ncu": {k: probes[rid]["ncu"][k] for k in ("global_ld_requests", "global_st_requests")},
                                  "snapshot": snap}
            for w in range(g["n"] // 32):
                rid = f"collection/repro_breakstore.cu:reproBreakStoreWarp#{cb}w{w}"
                row = {"ncu": {k: probes[rid]["ncu"][k] for k in ("global_ld_requests", "global_st_requests")}}
                for name, vis in (("snapshot", False), ("warp", "warp")):
                    r = replay(g[cb], g[vb], vis, warps=[w])
                    row[name] = {"loop_trips": r["loop_trips"], "global_ld_requests": 4 + 2 * r["loop_trips"],
                                 "global_st_requests": 1 + r["conflict_store_requests"]}
                out["probes"][rid] = row
    Path(argv[0]).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out["launches"], indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
