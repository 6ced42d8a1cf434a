"""Issue 23's thirty-second unseen suite: BenLib's tableless CRC-32 kernels and pybind11-cuda's parallel CRC
(docs/FIDELITY.md, "a thirty-second unseen suite").

The suite was measured on the emulator as it was, with no change made for it
(collection-emu-2026-12-03-unseen54-before.json): two of six ran and matched. pybind11-cuda's two kernels did
not compile (`std::pow(2, pow)`: tilelab's <cmath> named no math function in std), and BenLib's tableless2 pair
was first expected to be CRC-32, which the kernels as written do not compute (their unsigned shifts make no
mask; the emulator's results are the kernels'). After the <cmath> fix and the entries' correction all six run
and match, under NVRTC 12 and 13 (collection-emu-2026-12-03-unseen54-after*.json): these tests pin both.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "collection"))
import references  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-03-unseen54-before.json"
AFTER = RES / "collection-emu-2026-12-03-unseen54-after.json"
AFTER13 = RES / "collection-emu-2026-12-03-unseen54-after-nvrtc13.json"
TIME = RES / "collection-emu-time-2026-12-03-unseen54.json"


def test_the_thirty_second_unseen_suite_on_the_emulator_before_any_change():
    """2 of 6: the two BenLib kernels that do compute CRC-32 matched; std::pow did not compile (both
    pybind11-cuda kernels); the tableless2 pair gave what the kernels compute, not the CRC-32 first expected."""
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (6, 2, 0)
    bad = {r["kernel"]: r["problems"][0] for r in rec["results"] if not r["ok"]}
    assert set(bad) == {"CRC32_byte_tableless2_kernel", "JAMCRC_byte_tableless2_kernel", "crc_cuda",
                        "crc_cuda_fast"}
    assert all('namespace "std" has no member "pow"' in bad[k] for k in ("crc_cuda", "crc_cuda_fast"))
    assert "got np.uint32(4294967295), expected np.uint32(299733631)" in bad["CRC32_byte_tableless2_kernel"]
    assert "got np.uint32(0), expected np.uint32(3995233664)" in bad["JAMCRC_byte_tableless2_kernel"]


def test_the_tableless2_kernels_results_are_the_kernels_not_crc32():
    """What the emulator gave before (0xFFFFFFFF and 0 on the entry's 4,096 bytes) is a port of the kernels as
    written; CRC-32 of the same bytes is what the entry first expected."""
    data = np.random.default_rng(0).integers(0, 256, 4096).astype(np.uint8)
    assert references.benlib_tableless2(data)[0] == 0xFFFFFFFF
    assert references.benlib_tableless2(data, jam=True)[0] == 0
    assert references.benlib_crc32(data)[0] == 299733631
    assert references.benlib_crc32(data, jam=True)[0] == 3995233664


def test_the_pbcrc_join_tables_give_each_blocks_true_crc():
    """The join tables built as crc_cpp.cpp builds them join the threads' CRCs into each block part's CRC."""
    msg = np.random.default_rng(3).integers(0, 1 << 32, 16384, dtype=np.uint64).astype(np.uint32)
    out = references.pbcrc_kernel(msg, 16384, 1024, 16, 4, 10)
    table, raw = references.pbcrc_table(), msg.view(np.uint8)
    for b in (0, 15):
        crc = np.zeros(1, np.uint32)
        for byte in raw[b * 4096:(b + 1) * 4096]:
            crc = references._pbcrc_step(crc, np.array([byte], np.uint8), table)
        assert out[b] == crc[0]


def test_the_thirty_second_unseen_suite_after_the_fix():
    """6 of 6 under NVRTC 12 and 13; the race on pybind11-cuda's s_table (listed before anything ran) is
    the one finding raised."""
    for path in (AFTER, AFTER13):
        rec = read_json(path)
        assert (rec["kernels"], rec["matched"], rec["refused"]) == (6, 6, 0)
    rows = read_json(TIME)["rows"]
    assert len(rows) == 6 and all(r["ok"] for r in rows)


sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

REC = RES / "fidelity-2026-12-03-unseen54.json"        # the 4 launches that compiled before the fix
REC_B = RES / "fidelity-2026-12-03-unseen54b.json"     # pybind11-cuda's 2, recorded after it
T2 = ("collection/benlib_crc.cu:CRC32_byte_tableless2_kernel", "collection/benlib_crc.cu:JAMCRC_byte_tableless2_kernel")
FAST = "collection/pbcrc_crc_cuda.cu:crc_cuda_fast"


def _checks(rec, only, tmp_path):
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", only, "--json", str(out)])
    return {r["id"]: r["checks"] for r in read_json(out)["rows"] if "checks" in r}


def test_the_thirty_second_unseen_suites_totals_against_ncu_before(tmp_path):
    """48 of 52 (the compare saved before any change): the tableless2 pair's global loads, 1,024 in the PTX the
    emulator runs, 1 LDG executed on the H200 (ptxas drops the loop's dead loads). Since the rule for loads ptxas
    removed from a loop (tests/test_sass_deadload.py) the four are equal: 52 of 52, nothing undecided."""
    before = read_json(RES / "fidelity-compare-2026-12-03-unseen54-before.json")
    saved = before["summary"]["collection"]
    assert (saved["launches"], saved["totals"], saved["totals_equal"]) == (4, 52, 48)
    old = {r["id"]: r["checks"] for r in before["rows"] if "checks" in r}
    missed = {(i, k): (v["emu"], v["ncu"]) for i, c in old.items() for k, v in c.items() if not v["equal"]}
    assert missed == {(i, k): (1024, 1) for i in T2 for k in ("global_ld_requests", "global_ld_sectors")}
    raw = {r["id"]: r.get("ncu_raw") for r in read_json(REC)["rows"]}
    assert all(raw[i]["smsp__inst_executed_op_global_ld.sum"] == 1 for i in T2)
    checks = _checks(REC, "/benlib_", tmp_path)
    assert len(checks) == 4
    assert all(v["equal"] and not v.get("undecided") for c in checks.values() for v in c.values())


def test_the_thirty_second_unseen_suites_totals_against_ncu_after(tmp_path):
    """Once the two launches compiled: 22 of 26 (fidelity-compare-2026-12-03-unseen54-after.json), crc_cuda equal
    in all 13 and crc_cuda_fast's byte-vector loads (ld.shared.v4.u8, paired into LDS.64 by ptxas) undecided, its
    shared load requests and wavefronts over the H200's. Since the induction-register rule (docs/SASS_COUNTS.md,
    "Induction registers ptxas knows by their alignment"): 26 of 26, every line decided."""
    saved = read_json(RES / "fidelity-compare-2026-12-03-unseen54-after.json")
    fast_then = {r["id"]: r["checks"] for r in saved["rows"] if "checks" in r}[FAST]
    assert {k for k, v in fast_then.items() if v.get("undecided")} == {
        "shared_ld_wavefronts", "shared_st_wavefronts", "shared_ld_requests", "shared_st_requests"}
    assert (fast_then["shared_ld_requests"]["emu"], fast_then["shared_ld_requests"]["ncu"]) == (22000, 19952)
    assert (fast_then["shared_ld_wavefronts"]["emu"], fast_then["shared_ld_wavefronts"]["ncu"]) == (184370, 118834)
    checks = _checks(REC_B, "/pbcrc_", tmp_path)
    assert len(checks) == 2
    assert all(v["equal"] and not v.get("undecided") for c in checks.values() for v in c.values())
    fast = checks[FAST]
    assert (fast["shared_ld_requests"]["emu"], fast["shared_ld_wavefronts"]["emu"]) == (19952, 118834)


def test_the_h200_outputs():
    """Before: the 4 that compiled bit for bit (the tableless2 pair's 0xFFFFFFFF and 0 too). After: crc_cuda's
    crc_out differs in 5 of 16 blocks, the race's (warps reading s_table before it is stored); the rest equal."""
    gpu = read_json(RES / "collection-gpu-2026-12-03-unseen54.json")
    assert (gpu["kernels"], gpu["as_expected"]) == (6, 4)
    gpu_b = read_json(RES / "collection-gpu-2026-12-03-unseen54b.json")
    res = {r["kernel"]: r for r in gpu_b["results"]}
    assert res["crc_cuda"]["hashes"]["crc_out"]["differ"] == 5
    assert res["crc_cuda_fast"]["verdict"] == "as expected"
