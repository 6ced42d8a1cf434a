"""Issue 23's thirty-eighth unseen suite: UGENE's CUDA Smith-Waterman kernel and Swift's Smith-Waterman kernels
(docs/FIDELITY.md, "a thirty-eighth unseen suite").

Measured on the emulator as it was, with no change made for it (collection-emu-2026-12-04-unseen60-before.json):
UGENE's four launches ran and matched; Swift's eight were refused by tl.launch for the entries' own mistake (uint8
arrays for `char*`). With the entries' arrays int8, the emulator unchanged, all twelve run and match, each listed
race raised (collection-emu-2026-12-04-unseen60-before-entries.json). On the H200 the twelve launches' outputs are
the emulator's (collection-gpu-2026-12-04-unseen60.json) and 131 of 156 count totals are ncu's
(fidelity-compare-2026-12-04-unseen60.json): these tests pin all of it, and the two causes of the 25 others.
"""
from __future__ import annotations

import json
import sys

import numpy as np

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "collection"))
import references  # noqa: E402

RES = ROOT / "bench" / "results"
BEFORE = RES / "collection-emu-2026-12-04-unseen60-before.json"
ENTRIES = RES / "collection-emu-2026-12-04-unseen60-before-entries.json"
TIME = RES / "collection-emu-time-2026-12-04-unseen60.json"
GPU = RES / "collection-gpu-2026-12-04-unseen60.json"
REC = RES / "fidelity-2026-12-04-unseen60.json"
CMP = RES / "fidelity-compare-2026-12-04-unseen60.json"
UGENE = "collection/ugenesw_sw_cuda.cu:calculateMatrix#"
SW = "collection/swift_smithwaterman.cu:smithWaterman#"
CMS = "collection/swift_smithwaterman.cu:computeMaxScore_wrapFunc#"


def test_the_thirty_eighth_unseen_suite_on_the_emulator_before_any_change():
    """4 of 12: UGENE's four launches; Swift's eight refused for the entries' uint8 `char*` arrays (the launcher
    right: it asks for int8)."""
    rec = read_json(BEFORE)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (12, 4, 0)
    bad = [r for r in rec["results"] if not r["ok"]]
    assert len(bad) == 8 and all(r["file"] == "swift_smithwaterman.cu" for r in bad)
    assert all("needs a int8 array, got uint8" in r["problems"][0] for r in bad)
    assert all(r["ok"] for r in rec["results"] if r["file"] == "ugenesw_sw_cuda.cu")


def test_the_thirty_eighth_unseen_suite_with_the_entries_corrected():
    """12 of 12 with the emulator unchanged; every launch well under the per-call limits on the shared machine."""
    rec = read_json(ENTRIES)
    assert (rec["kernels"], rec["matched"], rec["refused"]) == (12, 12, 0)
    rows = read_json(TIME)["rows"]
    assert len(rows) == 12 and all(r["ok"] for r in rows)


def test_the_swift_port_gives_the_repositorys_own_test_answer():
    """numpy's port of computeMaxScore and backtrack gives testSmithWaterman.cu's expected alignment of its pair:
    score 14, start 8, end 17, length 10, consensus AATGCATGCA and ATTGCCTGCA (written backwards by the kernel)."""
    t = references.swift_test_seqs()
    s, cm, tl, lf, tp = references.swift_max_score(t["qry"], t["ref"], 10, 20, 2, -1, -10, -1)
    st, en, ln, qc, rc = references.swift_backtrack(t["qry"], t["ref"], 10, 20, cm, tl, lf, tp)
    assert (float(s), st, en, ln) == (14.0, 8, 17, 10)
    assert bytes(qc[:10]) == b"AATGCATGCA" and bytes(rc[:10]) == b"ATTGCCTGCA"


def test_the_h200s_outputs_are_the_emulators():
    """12 of 12 as expected; UGENE's directions matrix, which two blocks write in the parts' overlap (the race
    listed before the run), is the one array not compared."""
    gpu = read_json(GPU)
    assert (gpu["kernels"], gpu["as_expected"]) == (12, 12)
    skipped = {(r["kernel"], n) for r in gpu["results"] for n, v in r["outputs"].items() if v.startswith("not compared")}
    assert skipped == {("calculateMatrix", "g_directionsMatrix")}


def test_the_thirty_eighth_unseen_suites_totals_against_ncu_as_it_came():
    """131 of 156 totals, 5 of 12 launches equal in every total. The 25 others, two causes:
    - UGENE (3 launches, 5 totals): shared wavefronts under ncu's by exactly ncu's own bank-conflict counter of the
      launch, with requests equal and each LDS/STS a warp's consecutive ints (no two lanes in one bank);
    - Swift (4 launches, 20 totals): lines the SASS replay gives up on (the predicate of `@!P0 LDS` of cell[i] is an
      FSETP of loaded scores), so counted as the PTX runs and undecided: smithWaterman's shared loads are 4 and
      80 over ncu's (ptxas reads scores[] as LDS.64 pairs), and 16 undecided totals are equal."""
    cmp = read_json(CMP)
    s = cmp["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (12, 5, 156, 131)
    checks = {r["id"]: r["checks"] for r in cmp["rows"] if "checks" in r}
    raw = {r["id"]: r["ncu_raw"] for r in read_json(REC)["rows"]}
    missed = {i: {k: v for k, v in c.items() if not v["equal"] or v.get("undecided")} for i, c in checks.items()}
    missed = {i: m for i, m in missed.items() if m}
    ugene = {i: m for i, m in missed.items() if i.startswith(UGENE)}
    assert sorted(i.split("#")[1] for i in ugene) == ["s1000_q40", "s600_q160_part1", "s600_q160_part2"]
    for i, m in ugene.items():
        assert all(not v.get("undecided") for v in m.values())
        for k, v in m.items():
            op = "ld" if "_ld_" in k else "st"
            assert k.endswith("wavefronts") and v["ncu"] - v["emu"] == \
                raw[i][f"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{op}.sum"] > 0
        assert checks[i]["shared_ld_requests"]["equal"] and checks[i]["shared_st_requests"]["equal"]
    swift = {i: m for i, m in missed.items() if not i.startswith(UGENE)}
    assert sorted(swift) == sorted([SW + "test_q10_r20", SW + "q40_r100_x4", CMS + "test_q10_r20", CMS + "q60_r150"])
    assert all(v.get("undecided") for m in swift.values() for v in m.values())
    assert sum(len(m) for m in ugene.values()) == 5 and sum(len(m) for m in swift.values()) == 20
    assert [(checks[SW + x]["shared_ld_requests"]["emu"] - checks[SW + x]["shared_ld_requests"]["ncu"])
            for x in ("test_q10_r20", "q40_r100_x4")] == [4, 80]
    assert all(v["equal"] for i in (CMS + "test_q10_r20", CMS + "q60_r150") for v in checks[i].values())


REPEATS = RES / "fidelity-2026-12-04-unseen60-repeats.json"
APART = RES / "fidelity-compare-2026-12-04-unseen60-apart.json"


def test_the_five_ugene_totals_move_and_are_set_apart():
    """Three more ncu runs: UGENE's five wavefront totals move, nothing else of the six launches does; set apart in
    the manifest, the suite is 131 of 151 kernel totals, 8 of 12 launches equal in every total."""
    rep = read_json(REPEATS)
    moves = {i: sorted(r["moves"]) for i, r in rep["launches"].items()}
    assert len(moves) == 6
    assert {i.split("#")[1]: m for i, m in moves.items() if m} == {
        "s1000_q40": ["shared_st_wavefronts"],
        "s600_q160_part1": ["shared_ld_wavefronts", "shared_st_wavefronts"],
        "s600_q160_part2": ["shared_ld_wavefronts", "shared_st_wavefronts"]}
    s = read_json(APART)["summary"]["collection"]
    assert (s["launches"], s["launches_equal"], s["totals"], s["totals_equal"]) == (12, 8, 151, 131)
    assert (s["apart_totals"], s["apart_equal"]) == (5, 0)
