"""how-to-optimize-gemm's steps 11 and 12: their shared-load wavefront totals against ncu (docs/FIDELITY.md, the
thirteenth unseen suite, "Steps 11 and 12's shared-load wavefronts").

The emulator counts 12,800 and 12,384; ncu's l1tex totals were 12,832 and 12,391 in the suite's two recordings.
One device call (bench/results/ncu-sass-lines-2026-12-03-htog.json.gz, fidelity-2026-12-03-htog-repeats.json) gave
ncu's own count per SASS instruction, the emulator's exactly, and three more totals of each launch, which move:
the hardware counter's excess, set apart in the manifest as step 7's. reproLdsStsOverlap / reproLdsStsApart
(collection/repro_ldst_overlap.cu) load one buffer while other warps store the next, without and with a barrier
between: no excess in either, in any run.
"""
from __future__ import annotations
import gzip

import csv
import io
import json
import sys
from collections import Counter

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from collection import run as collection  # noqa: E402

RES = ROOT / "bench" / "results"
LINES = RES / "ncu-sass-lines-2026-12-03-htog.json.gz"
REPEATS = RES / "fidelity-2026-12-03-htog-repeats.json"
M11, M12 = "collection/htog_mmult_11.cu:sgemm_128x128x8", "collection/htog_mmult_12.cu:sgemm_128x128x8"
OVER = "collection/repro_ldst_overlap.cu:reproLdsStsOverlap"
APART = "collection/repro_ldst_overlap.cu:reproLdsStsApart"


def _ncu_shared_loads(launch: dict) -> tuple[Counter, int, int]:
    """ncu's SourceCounters page: load wavefronts per SASS opcode, their sum's 'ideal', and the l1tex total of
    the same profile (the raw page)."""
    rows = list(csv.reader(io.StringIO(launch["source"]["stdout"])))
    hdr = next(r for r in rows if r and r[0] == "Address")
    col = {h: i for i, h in enumerate(hdr)}
    per_op, ideal = Counter(), 0
    for r in rows[rows.index(hdr) + 1:]:
        if len(r) != len(hdr) or r[col["Address Space"]] != "Shared" or r[col["Access Operation"]] != "Load":
            continue
        per_op[r[1].split()[0]] += int(r[col["L1 Wavefronts Shared"]])
        ideal += int(r[col["L1 Wavefronts Shared Ideal"]])
    raw = list(csv.reader(io.StringIO(launch["raw"]["stdout"])))
    total = next(dict(zip(raw[0], r)) for r in raw[2:] if len(r) == len(raw[0]))
    return per_op, ideal, int(total["l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum"].replace(",", ""))


def test_ncus_own_per_instruction_counts_are_the_emulators():
    """Per SASS instruction ncu counts what the addresses make (wavefronts = ideal), and the emulator's lines give
    the same: step 11's 32 LDS.128 (line 57) 12,288 and its epilogue's LDS (line 80) 512, step 12's LDS.128
    12,384. The same profile's l1tex totals were 12,831 and 12,388."""
    doc = {L["id"]: L for L in json.loads(gzip.decompress(LINES.read_bytes()))["launches"]}
    want = {M11: ({"LDS.128": 12288, "LDS": 512}, 12831), M12: ({"LDS.128": 12384}, 12388),
            OVER: ({"LDS.128": 8192}, 8192), APART: ({"LDS.128": 8192}, 8192)}
    for lid, (ops, total) in want.items():
        per_op, ideal, l1tex = _ncu_shared_loads(doc[lid])
        assert dict(per_op) == ops and ideal == sum(ops.values()) and l1tex == total, lid
    emu = {L.id: fid.emulate(L, "sass") for L in fid.launches("/htog_mmult_11.cu:,/htog_mmult_12.cu:")}
    lines = {lid: {pl["line"]: pl["shared_ld_wavefronts"] for pl in e["per_line"] if pl.get("shared_ld_wavefronts")}
             for lid, e in emu.items()}
    assert lines == {M11: {57: 12288, 80: 512}, M12: {57: 12384}}


def test_the_totals_move_from_run_to_run_and_are_set_apart(tmp_path):
    """Three runs in a row: step 11's total 12,837, 12,820, 12,833 and step 12's 12,390, 12,391, 12,390 (every
    other total the same in each run); the reproductions' 8,192 in each. So the manifest sets the two steps'
    shared-load wavefronts apart, and nothing else of theirs."""
    rep = read_json(REPEATS)["launches"]
    assert rep[M11]["values"]["shared_ld_wavefronts"] == [12837, 12820, 12833]
    assert rep[M12]["values"]["shared_ld_wavefronts"] == [12390, 12391, 12390]
    assert rep[M11]["moves"] == rep[M12]["moves"] == ["shared_ld_wavefronts"]
    assert rep[OVER]["moves"] == rep[APART]["moves"] == []
    assert rep[OVER]["values"]["shared_ld_wavefronts"] == rep[APART]["values"]["shared_ld_wavefronts"] == [8192] * 3
    entries = {f"collection/{e['file']}:{e['name']}": e for e in collection.load()}
    assert set(entries[M11].get("apart", {})) == set(entries[M12].get("apart", {})) == {"shared_ld_wavefronts"}
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REPEATS), "--only", "/htog_mmult_11.cu:,/htog_mmult_12.cu:,/repro_ldst_overlap.cu:",
              "--json", str(out)])
    doc = read_json(out)
    missed = {(r["id"], k): (v["emu"], v["ncu"], bool(v.get("apart"))) for r in doc["rows"]
              for k, v in r["checks"].items() if not fid.matches(v)}
    assert missed == {(M11, "shared_ld_wavefronts"): (12800, 12837, True),
                      (M12, "shared_ld_wavefronts"): (12384, 12390, True)}
    s = doc["summary"]["all"]
    assert (s["totals"], s["totals_equal"], s["apart_totals"]) == (50, 50, 2)
