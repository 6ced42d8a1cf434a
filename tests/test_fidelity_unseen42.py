"""Issue 23's twentieth unseen suite: NVIDIA/ising-gpu's basic CUDA Ising model (checkerboard Metropolis) and
kyleniemeyer/lid-driven-cavity_gpu's finite-difference Navier-Stokes kernels (red-black SOR for the pressure)
against the H200 (docs/FIDELITY.md, "a twentieth unseen suite").

bench/results/fidelity-2026-12-03-unseen42.json is `bench/fidelity.py --ncu-only` of their 14 launches on the
H200 (the emulator side re-run here by --compare, as CI does without a GPU);
bench/results/collection-gpu-2026-12-03-unseen42.json is `bench/collection_gpu.py` of the same entries. The
suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen42-before.json, fidelity-compare-2026-12-03-unseen42-before.json): these
tests pin what it found.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from collection import run as collection_run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen42.json"
GPU = RES / "collection-gpu-2026-12-03-unseen42.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen42-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen42-before.json"
LAUNCHES = {
    "isinggpu_basic.cu": ("init_spins", "update_lattice<true>", "update_lattice<false>"),
    "cavity_gpu.cu": ("calculate_F", "calculate_G", "sum_pressure", "set_horz_pres_BCs", "set_vert_pres_BCs",
                      "red_kernel", "black_kernel", "calc_residual", "calculate_u", "calculate_v", "set_BCs"),
}
IDS = {f"collection/{f}:{k}" for f, ks in LAUNCHES.items() for k in ks}


def test_the_twentieth_unseen_suite_on_the_emulator_before_any_change():
    """14 of 14 ran and matched numpy on the emulator as it was; one (set_BCs) rightly flagged."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 14 and rec["matched"] == 14 and rec["refused"] == 0
    assert {(r["file"], r["kernel"]) for r in rec["results"]} == {(f, k) for f, ks in LAUNCHES.items() for k in ks}
    assert all(r["ok"] for r in rec["results"])
    flagged = [e["name"] for e in collection_run.load() if e["file"] in LAUNCHES and e.get("findings")]
    assert flagged == ["set_BCs"]


def test_set_bcs_races_between_its_blocks():
    """set_BCs' thread ind = NUM (block 3) reads u(0, 1), u(NUM, 1), v(1, 0) and v(1, NUM), which thread ind = 1
    (block 0) writes, with nothing ordering them: global read-after-write races across blocks."""
    entry = next(e for e in collection_run.load() if e["file"] == "cavity_gpu.cu" and e["name"] == "set_BCs")
    res, _, _ = collection_run.run_emu(entry)
    kinds = {f.kind for f in res.findings}
    assert kinds == {"race"}
    assert any(":191" in str(f) for f in res.findings)               # u(0, 0) = -u(0, 1), the corner code
    assert not collection_run.check_emu(entry)                       # numpy's port, threads in order


def test_every_total_is_ncus_before_any_change():
    """The compare at the branch point: 182 of 182 totals of the 14 launches equal ncu's."""
    s = read_json(CMP_BEFORE)["summary"]["all"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (14, 14, 182, 182)


def test_the_suites_totals_against_ncu(tmp_path):
    """This tree's emulator against the same recording: still every total ncu's."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", "/isinggpu_,/cavity_", "--json", str(out)])
    rows = read_json(out)["rows"]
    checks = {r["id"]: r["checks"] for r in rows}
    assert set(checks) == IDS
    assert sum(len(c) for c in checks.values()) == 182
    assert all(fid.matches(v) for c in checks.values() for v in c.values())
    # calculate_F's nine-point double stencil over 512 x 512: 73,616 load requests, 646,192 sectors on the H200
    f = checks["collection/cavity_gpu.cu:calculate_F"]
    assert (f["global_ld_requests"]["ncu"], f["global_ld_sectors"]["ncu"]) == (73616, 646192)
    # sum_pressure's shared tree of doubles: 19,456 store and 23,552 load wavefronts
    sp = checks["collection/cavity_gpu.cu:sum_pressure"]
    assert (sp["shared_st_wavefronts"]["ncu"], sp["shared_ld_wavefronts"]["ncu"]) == (19456, 23552)
    # the Ising update's byte stencil: 6,144 load requests over 10,240 sectors
    up = checks["collection/isinggpu_basic.cu:update_lattice<true>"]
    assert (up["global_ld_requests"]["ncu"], up["global_ld_sectors"]["ncu"]) == (6144, 10240)


def test_the_outputs_are_the_h200s():
    rec = read_json(GPU)
    assert rec["kernels"] == 14 and rec["as_expected"] == 14 and rec["nvrtc"] == "13.0"
    verdicts = [v for r in rec["results"] for v in r["outputs"].values()]
    assert len(verdicts) == 46 and set(verdicts) == {"bit-identical"}
