"""Issue 23's thirtieth unseen suite: dense linear algebra beyond GEMM, ridash2005/CUDA-Kernels-Demo's matrix-vector
and vector kernels and QiZhou1512/Jacobi_CUDA's Jacobi iteration (docs/FIDELITY.md, "a thirtieth unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen52-before.json); bench/results/fidelity-2026-12-03-unseen52.json is
`bench/fidelity.py --ncu-only` of the 14 launches on the H200 (the emulator side re-run here by --compare) and
collection-gpu-2026-12-03-unseen52.json `bench/collection_gpu.py` of the same entries: these tests pin what it found.
"""
from __future__ import annotations

import hashlib
import json
import sys

import numpy as np

from conftest import ROOT, read_json
from collection import run as collection_run

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen52.json"
GPU = RES / "collection-gpu-2026-12-03-unseen52.json"
BEFORE = RES / "collection-emu-2026-12-03-unseen52-before.json"
CMP_BEFORE = RES / "fidelity-compare-2026-12-03-unseen52-before.json"
ONLY = "/ckd_,/qz_"
LOWER = "collection/ckd_mv_ops.cu:triMatVecMulKernel"
UPPER = "collection/ckd_mv_ops.cu:triMatVecMulKernel#upper"
LAUNCHES = {
    "ckd_mv_ops.cu": ("matVecMulKernel", "bandMatVecMulKernel", "symMatVecMulKernel", "triMatVecMulKernel",
                      "triMatVecMulKernel", "rank1UpdateKernel", "rank2UpdateKernel"),
    "ckd_vector_ops.cu": ("kVectorAdd", "kVectorSub", "kVectorMul", "kDotProductFloatAtomic"),
    "qz_jacobi.cu": ("initAMatrix", "JacobiIteration", "copy"),
}


def test_the_thirtieth_unseen_suite_on_the_emulator_before_any_change():
    """14 of 14 ran and matched numpy, on the emulator as it was, none flagged (none expected)."""
    rec = read_json(BEFORE)
    assert rec["kernels"] == 14 and rec["matched"] == 14 and rec["refused"] == 0
    assert sorted((r["file"], r["kernel"]) for r in rec["results"]) == \
        sorted((f, k) for f, ks in LAUNCHES.items() for k in ks)
    assert all(r["ok"] and not r["problems"] for r in rec["results"])
    cmp = read_json(CMP_BEFORE)["summary"]["collection"]
    assert (cmp["launches"], cmp["launches_equal"], cmp["totals"], cmp["totals_equal"]) == (14, 13, 182, 180)
    rows = {r["id"]: r["checks"] for r in read_json(CMP_BEFORE)["rows"]}
    missed = {(i, k): (v["emu"], v["ncu"], bool(v.get("undecided"))) for i, c in rows.items()
              for k, v in c.items() if not fid.matches(v)}
    # the lower triangular product's loop: its copies undecided, counted as the PTX runs, short of ncu's
    assert missed == {(LOWER, "global_ld_requests"): (2352, 2544, True),
                      (LOWER, "global_ld_sectors"): (34144, 34400, True)}


def test_the_two_triangular_products_against_ncu():
    """ncu counts both triangular products' loads at 2,544 requests: 32w + 47 trips of 2 LDG for the lower one's
    warp w (the SASS copies: the 4-trip loop 2w + 2 times, the 2-trip copy, the 1-trip loop, 3 remainder trips)."""
    raw = {r["id"]: r["ncu"] for r in read_json(REC)["rows"]}
    assert raw[LOWER]["global_ld_requests"] == raw[UPPER]["global_ld_requests"] == 2544
    assert 2 * sum(32 * w + 47 for w in range(8)) == 2544
    assert (raw[LOWER]["global_ld_sectors"], raw[UPPER]["global_ld_sectors"]) == (34400, 38112)


def test_the_thirtieth_unseen_suites_outputs_against_the_h200():
    """Recorded: 14 of 14 as expected, every output (40 arrays) the H200's bit for bit, the dot product's float
    atomics too; the emulator still gives each of them."""
    rec = read_json(GPU)
    assert rec["kernels"] == 14 and rec["as_expected"] == 14
    verdicts = [v for r in rec["results"] for v in r["outputs"].values()]
    assert len(verdicts) == 40 and set(verdicts) == {"bit-identical"}
    entries = [e for e in collection_run.load() if e["file"] in LAUNCHES]
    assert len(entries) == len(rec["results"]) == 14
    for e, r in zip(entries, rec["results"]):
        assert (e["file"], e["name"]) == (r["file"], r["kernel"])
        _, after, _ = collection_run.run_emu(e)
        for name, hh in r["hashes"].items():
            got = np.ascontiguousarray(after[name])
            assert hashlib.sha256(got.tobytes()).hexdigest()[:16] == hh["gpu_sha256"], (r["kernel"], name)


def test_after_the_fix_every_total_equals_ncus(tmp_path):
    """Fixed, after (tilelab/emu/counters/remainder_loop.py reads the lower product's SASS shape): the emulator
    now gives ncu's 2,544 requests and 34,400 sectors there, decided, and every one of the 182 totals."""
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", ONLY, "--json", str(out)])
    rows = {r["id"]: r["checks"] for r in read_json(out)["rows"]}
    assert len(rows) == 14 and sum(len(c) for c in rows.values()) == 182
    assert all(fid.matches(v) for c in rows.values() for v in c.values())
    got = rows[LOWER]
    assert (got["global_ld_requests"]["emu"], got["global_ld_sectors"]["emu"]) == (2544, 34400)
    assert not got["global_ld_requests"].get("undecided")
    after = read_json(RES / "fidelity-compare-2026-12-03-unseen52-after.json")["summary"]["collection"]
    assert (after["launches_equal"], after["totals"], after["totals_equal"]) == (14, 182, 182)
    rec = read_json(RES / "collection-emu-2026-12-03-unseen52-after.json")
    assert rec["kernels"] == 14 and rec["matched"] == 14
