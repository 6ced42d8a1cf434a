"""Issue 23's fifteenth unseen suite: RSBench's and miniBUDE's CUDA kernels against the H200
(docs/FIDELITY.md, "a fifteenth unseen suite").

bench/results/fidelity-2026-12-03-unseen37.json is `bench/fidelity.py --ncu-only` of the 12 launches on the
H200 at the unchanged emulator: RSBench's 3 were recorded, miniBUDE's 9 could not be built (no <limits>
under NVRTC); bench/results/fidelity-2026-12-03-unseen37-minibude.json is the second call's recording of
those 9 once they built; collection-gpu-2026-12-03-unseen37.json and -unseen37-after.json are
`bench/collection_gpu.py` of the 12 before and after. The suite was measured on the emulator as it was,
with no change made for it (collection-emu-2026-12-03-unseen37-before.json,
fidelity-compare-2026-12-03-unseen37-before.json): these tests pin what it found and what the fixes gave.
"""
from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT))
import fidelity as fid  # noqa: E402
from collection import run  # noqa: E402
from tilelab.errors import StepBudgetExceeded  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen37.json"
REC_BUDE = RES / "fidelity-2026-12-03-unseen37-minibude.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen37-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen37-before.json"
GPU_BEFORE = RES / "collection-gpu-2026-12-03-unseen37.json"
GPU_AFTER = RES / "collection-gpu-2026-12-03-unseen37-after.json"
RS = ("xs_lookup_kernel_baseline", "sampling_kernel", "xs_lookup_kernel_optimization_1")
BUDE = ("version",) + tuple(f"fasten_main<{p}>" for p in (1, 2, 4, 8, 16, 32, 64, 128))


def test_the_fifteenth_unseen_suite_on_the_emulator_before_any_change():
    """None of the 12 ran as they came: RSBench's three were refused at the `mov` of their structure
    parameter's address, miniBUDE's file did not build (<limits>); nothing was compared against ncu."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 12 and rec["matched"] == 0
    why = {r["kernel"]: r["problems"][0] for r in rec["results"]}
    assert set(why) == set(RS + BUDE)
    assert all(why[k].startswith("UnsupportedInstruction") and "address of the by-value struct parameter" in why[k]
               for k in RS)
    assert all(why[k].startswith("CompileError") and 'cannot open source file "limits"' in why[k] for k in BUDE)
    cmp = read_json(CMP_BEFORE)
    assert cmp["summary"]["collection"]["launches"] == 0 and not any("checks" in r for r in cmp["rows"])
    assert {r["id"].split(":")[1]: ("error" in r, "not_profiled" in r) for r in cmp["rows"]} == {
        **{k: (True, False) for k in RS}, **{k: (False, True) for k in BUDE}}
    recorded = {r["kernel"] for r in read_json(REC)["rows"] if r.get("ncu")}
    assert recorded == set(RS)
    gpu = read_json(GPU_BEFORE)
    assert gpu["as_expected"] == 0 and {r["verdict"] for r in gpu["results"]} == {"ERROR"}


def test_rsbenchs_totals_against_ncu_now(tmp_path):
    """The structure parameter read through its address: RSBench's 3 launches run, and their 39 totals
    are ncu's (the first call's recording)."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/rsbench_", "--json", str(out)])
    rows = read_json(out)["rows"]
    assert len(rows) == 3 and all("checks" in r for r in rows)
    assert sum(len(r["checks"]) for r in rows) == 39
    assert all(v["equal"] for r in rows for v in r["checks"].values())


def test_minibudes_totals_against_ncu_after():
    """miniBUDE's 9 launches, recorded by the second call once <limits> built: 117 of 117 totals ncu's
    (the compare at the fixed code; re-running it costs about a minute of the emulator)."""
    cmp = read_json(RES / "fidelity-compare-2026-12-03-unseen37-minibude-after.json")
    s = cmp["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (9, 9, 117, 117)
    assert {r["id"].split(":")[1] for r in cmp["rows"]} == set(BUDE)
    rec = read_json(REC_BUDE)
    assert {r["kernel"] for r in rec["rows"] if r.get("ncu")} == set(BUDE)


def test_the_outputs_on_the_h200_after():
    """All 12 as the entries expect: RSBench's and `version`'s outputs bit for bit, miniBUDE's energies
    within the host's own 0.025% (-use_fast_math's .approx functions), 104 of the 112 arrays identical."""
    gpu = read_json(GPU_AFTER)
    assert gpu["kernels"] == 12 and gpu["as_expected"] == 12
    outs = {r["kernel"]: r["outputs"] for r in gpu["results"]}
    assert sum(len(o) for o in outs.values()) == 112
    assert sum(v == "bit-identical" for o in outs.values() for v in o.values()) == 104
    assert all(v == "bit-identical" for k in RS + ("version",) for v in outs[k].values())
    for k in BUDE[1:]:
        assert outs[k]["etotals"].startswith("within tolerance (rtol 0.00025, atol 0.01; max |diff| 0.000366)")


def test_an_entrys_step_budget_reaches_the_emulator():
    """miniBUDE's PPWI 64 and 128 run more group steps a chunk than the emulator's endless-loop guard
    allows (400,000): their entries give a budget, which collection/run.py and bench/fidelity.py pass on."""
    (e,) = [x for x in run.load() if x["file"] == "minibude_fasten.cu" and x["name"] == "version"]
    assert run.check_emu(e) == []
    with pytest.raises(StepBudgetExceeded):
        run.run_emu(dict(e, step_budget=2))
    big = {L.name: L.step_budget for L in fid.launches("/minibude_")}
    assert big["fasten_main<64>"] == big["fasten_main<128>"] == 2_000_000 and big["fasten_main<32>"] is None
