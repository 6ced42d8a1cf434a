"""Issue 23's ninth unseen suite: the code of Zheyong Fan's book CUDA Programming (brucefan1983/CUDA-Programming,
chapters 7-10 and for-version-2's max) and BabelStream v5.0's CUDA kernels, against the H200 (docs/FIDELITY.md,
"a ninth unseen suite").

bench/results/fidelity-2026-12-02-unseen31.json.gz is `bench/fidelity.py --ncu-only` of their 33 launches on the
H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-02-unseen31.json is `bench/collection_gpu.py` of the same entries.
The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-02-unseen31-before.json, fidelity-compare-2026-12-02-unseen31-before.json): these
tests pin what it found.
"""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-02-unseen31.json.gz"
GPU = RES / "collection-gpu-2026-12-02-unseen31.json"
BEFORE = RES / "collection-emu-2026-12-02-unseen31-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-02-unseen31-before.json"
ONLY = "/fan_,/babel_"
NB = "collection/fan_neighbor.cu:find_neighbor_atomic"


def test_the_ninth_unseen_suite_on_the_emulator_before_any_change():
    """32 of 33 ran and matched numpy; warp.cu's printf, whose lines are made of several calls
    (`printf("%2d ", tid)` a thread, then one "\\n"), came back one call a line."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 33 and rec["matched"] == 32 and rec["refused"] == 0
    bad = {r["kernel"]: r["problems"] for r in rec["results"] if not r["ok"]}
    assert list(bad) == ["test_warp_primitives"]
    assert "printf line 0: got ['threadIdx.x: ']" in bad["test_warp_primitives"][0]
    cmp = read_json(CMP_BEFORE)["summary"]["collection"]
    assert (cmp["launches"], cmp["launches_equal"], cmp["totals"], cmp["totals_equal"]) == (33, 32, 429, 427)
    rows = {r["id"]: r["checks"] for r in read_json(CMP_BEFORE)["rows"]}
    missed = {(i, k) for i, c in rows.items() for k, v in c.items() if not v["equal"]}
    assert missed == {(NB, "global_ld_requests"), (NB, "global_ld_sectors")}
    # the loop with an atomicAdd in it was taken for a spin-wait: its lanes ran apart, 8 passes more a warp
    assert (rows[NB]["global_ld_requests"]["emu"], rows[NB]["global_ld_requests"]["ncu"]) == (3280, 3120)
    assert (rows[NB]["global_ld_sectors"]["emu"], rows[NB]["global_ld_sectors"]["ncu"]) == (16272, 13072)


def test_the_ninth_unseen_suites_totals_against_ncu(tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", ONLY, "--json", str(out)])
    rows = read_json(out)["rows"]
    assert len(rows) == 33 and all("checks" in r for r in rows)          # every launch runs
    checks = {r["id"]: r["checks"] for r in rows}
    assert sum(len(c) for c in checks.values()) == 429
    missed = {(i, k) for i, c in checks.items() for k, v in c.items() if not v["equal"]}
    assert missed == set()
    assert checks[NB]["global_ld_requests"]["emu"] == checks[NB]["global_ld_requests"]["ncu"] == 3120
    assert checks[NB]["global_ld_sectors"]["emu"] == checks[NB]["global_ld_sectors"]["ncu"] == 13072


def test_the_ninth_unseen_suites_outputs_against_the_h200():
    """Recorded: 32 of 33 as expected, every output the emulator's bit for bit (the atomic neighbour
    list's rows, filled in the order the atomics land, left out); warp.cu's printf lines differed: the
    H200 printed the program's 13 lines, the emulator one a call. Now the emulator prints the H200's."""
    from collection import run as coll
    rec = read_json(GPU)
    assert rec["kernels"] == 33 and rec["as_expected"] == 32
    bad = {r["kernel"]: r for r in rec["results"] if not r["verdict"].startswith("as expected")}
    assert set(bad) == {"test_warp_primitives"}
    gpu_lines = bad["test_warp_primitives"]["printf"]["gpu"]
    assert len(gpu_lines) == 13
    entries = [e for e in coll.load() if e["file"].startswith(("fan_", "babel_"))]    # the recording's order
    assert [(e["file"], e["name"]) for e in entries] == [(r["file"], r["kernel"]) for r in rec["results"]]
    compared = 0
    for e, r in zip(entries, rec["results"]):
        res, after, _ = coll.run_emu(e)
        for name, hh in r.get("hashes", {}).items():
            got = np.ascontiguousarray(after[name])
            assert hashlib.sha256(got.tobytes()).hexdigest()[:16] == hh["gpu_sha256"], (r["kernel"], name)
            compared += 1
        if r["kernel"] == "test_warp_primitives":
            assert res.printed == gpu_lines
    assert compared == 78
