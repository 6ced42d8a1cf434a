"""Issue 23's fourteenth unseen suite: Kobzol's hardware-effects-gpu and mumax3's CUDA kernels against the
H200 (docs/FIDELITY.md, "a fourteenth unseen suite").

bench/results/fidelity-2026-12-03-unseen36.json is `bench/fidelity.py --ncu-only` of their 18 launches on the
H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-03-unseen36.json is `bench/collection_gpu.py` of the same entries. The
suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen36-before.json, fidelity-compare-2026-12-03-unseen36-before.json): these tests
pin what it found, and what the one fix (emu/counters/ifconvert.py) changed.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen36.json"
GPU = RES / "collection-gpu-2026-12-03-unseen36.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen36-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen36-before.json"
CMP_AFTER = RES / "fidelity-compare-2026-12-03-unseen36-after.json"
ONLY = "/hwfx_,/mumax_"
REDUCTIONS = [f"collection/mumax_{n}.cu:{n}" for n in ("reducesum", "reducedot", "reducemaxabs", "reducemaxdiff",
                                                        "reducemaxvecdiff2", "reducemaxvecnorm2")]
BANK = "collection/hwfx_bank_conflicts.cu:kernel#offset_"


def test_the_fourteenth_unseen_suite_on_the_emulator_before_any_change():
    """18 of 18 ran and matched numpy on the emulator as it was; the 15 races listed before they ran (7 of the
    8 bank-conflict offsets, the coalescing pair (32, 1), the shared-memory-limit kernel, mumax3's six
    warp-synchronous reductions) were the findings raised, and no other."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 18 and rec["matched"] == 18
    assert all(r["ok"] for r in rec["results"])
    cmp = read_json(CMP_BEFORE)
    s = cmp["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (18, 12, 234, 198)
    flagged = {r["id"] for r in cmp["rows"] if r["emu"]["findings"] == ["race"]}
    assert len(flagged) == 15 and BANK + "1" not in flagged
    assert all(r["emu"]["findings"] in ([], ["race"]) for r in cmp["rows"])
    # the 36 misses: every total of the six reductions' macro line counted undecided (30 of them equal in
    # value), and the one value that differs, its shared-store requests, 288 against ncu's 560
    missed = {(r["id"], k): (c["emu"], c["ncu"]) for r in cmp["rows"] for k, c in r["checks"].items()
              if not fid.matches(c)}
    assert {i for i, _ in missed} == set(REDUCTIONS) and len(missed) == 36
    assert {v for (i, k), v in missed.items() if k == "shared_st_requests"} == {(288, 560)}
    assert all(e == n for (i, k), (e, n) in missed.items() if k != "shared_st_requests")


def test_ncus_store_requests_are_the_predicated_tree_steps():
    """ncu's 560 store requests = 288 with a lane on + 272 with every lane off: 8 blocks x 16 warps x 3 tree
    steps (s = 256, 128, 64) issue the predicated STS, 112 of them with a lane on (384 - 112 = 272)."""
    raw = {r["id"]: r["ncu_raw"] for r in read_json(REC)["rows"]}
    for i in REDUCTIONS:
        assert raw[i]["smsp__inst_executed_op_shared_st.sum"] == 560
        assert raw[i]["smsp__inst_executed_op_shared_st_pred_on_any.sum"] == 288
        assert raw[i]["smsp__inst_executed_op_shared_st_pred_off_all.sum"] == 8 * 16 * 3 - (8 + 4 + 2) * 8 == 272


def test_the_fourteenth_unseen_suites_totals_against_ncu_now(tmp_path):
    """After the fix: 234 of 234 totals equal, none undecided, the bank-conflict study's wavefronts ncu's
    at every offset (1-way at 0 and 1, 2-, 4-, 8-, 16-, 32-way, and 4-way at 36)."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", ONLY, "--json", str(out)])
    rows = read_json(out)["rows"]
    assert len(rows) == 18 and all("checks" in r for r in rows)
    assert sum(len(r["checks"]) for r in rows) == 234
    assert all(fid.matches(c) for r in rows for c in r["checks"].values())
    checks = {r["id"]: r["checks"] for r in rows}
    ways = {o: checks[BANK + str(o)]["shared_ld_wavefronts"]["ncu"] // 10000 for o in (0, 1, 2, 4, 8, 16, 32, 36)}
    assert ways == {0: 1, 1: 1, 2: 2, 4: 4, 8: 8, 16: 16, 32: 32, 36: 4}
    assert {checks[i]["shared_st_requests"]["emu"] for i in REDUCTIONS} == {560}
    after = read_json(CMP_AFTER)["summary"]["collection"]
    assert (after["totals"], after["totals_equal"], after["launches_equal"]) == (234, 234, 18)


def test_the_fourteenth_unseen_suites_outputs_against_the_h200():
    """18 of 18 as expected: 30 arrays bit for bit, reducesum's dst within its tolerance (the order of the 8
    blocks' float atomicAdd), the two racing kernels' outputs not compared, as the entries said before."""
    rec = read_json(GPU)
    assert rec["kernels"] == 18 and rec["as_expected"] == 18
    verdicts = [v for r in rec["results"] for v in r["outputs"].values()]
    assert sum(v == "bit-identical" for v in verdicts) == 30
    assert sum(v.startswith("not compared") for v in verdicts) == 2
    assert sum(v.startswith("within tolerance") for v in verdicts) == 1 and len(verdicts) == 33


def test_no_other_launch_moved():
    """The fix decides only lines that were undecided: re-compared, the launches with such lines in the
    every-launch recording and the thirteenth suite's radix sort count as before the fix."""
    for new, old in (("fidelity-compare-2026-12-03-unseen36-every-launch-undecided.json",
                      "fidelity-compare-2026-12-03-every-launch-widen.json.gz"),
                     ("fidelity-compare-2026-12-03-unseen36-unseen35-radix.json",
                      "fidelity-compare-2026-12-03-unseen35-after.json")):
        n = {r["id"]: r["checks"] for r in read_json(RES / new)["rows"]}
        o = {r["id"]: r.get("checks") for r in read_json(RES / old)["rows"]}
        assert n and all(n[i] == o[i] for i in n)
