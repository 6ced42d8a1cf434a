"""Shared loads ptxas reads in pairs across an unrolled loop and its last trips (docs/SASS_COUNTS.md, "Loads
ptxas reads in pairs"; emu/counters/pairs.py; docs/FIDELITY.md, the sixteenth unseen suite's Fixed notes).

llama2.cu's weighted sum ``val += att[t] * (float)value_cache[...]`` (line 214): NVVM unrolls the t loop by 4
with up to 3 remainder trips behind branches; ptxas, which places ``att`` 8 bytes past a 16-byte boundary
(after softmax_gpu's shared variables), reads each trip's 4 words as two LDS.64, in every copy it unrolls the
loop into, the remainder's first two words as one LDS.64 above the branch between them and the third as a
predicated LDS. The old code left the line undecided and counted the PTX's 101 loads a warp (1,212 in the
launch, ncu 612).
"""
from __future__ import annotations

import csv
import gzip
import io
import json
import sys

from conftest import ROOT, read_json

from tilelab.emu.counters import pairs

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
LLAMA_REC = RES / "fidelity-2026-12-03-unseen38-llama.json"
ATTN_LINES = RES / "ncu-sass-lines-2026-12-03-attn.json.gz"
MHA = "collection/llama2cu_kernels.cu:MultiHeadAttention_kernel"


def _ncu_loads():
    """ncu's per-instruction page of the attention launch: its shared loads' (SASS text, executions, wavefronts)."""
    rec = json.loads(gzip.decompress(ATTN_LINES.read_bytes()))
    (L,) = [x for x in rec["launches"] if x["id"] == MHA]
    rows = list(csv.reader(io.StringIO(L["source"]["stdout"])))
    h = rows[1]
    at = {k: h.index(k) for k in ("Source", "Instructions Executed", "L1 Wavefronts Shared", "Address Space",
                                  "Access Operation")}
    return [(r[at["Source"]].strip(), int(r[at["Instructions Executed"]]), int(r[at["L1 Wavefronts Shared"]]))
            for r in rows[2:] if len(r) > at["Access Operation"] and r[at["Address Space"]] == "Shared"
            and r[at["Access Operation"]] == "Load"]


def test_the_attention_weighted_sum_is_counted_as_ptxas_pairs_on_the_h200():
    """Line 214 decided at the LDS.64 pairs' 612 requests and wavefronts (51 a warp, 12 warps): ncu's per-instruction
    page has its 8 body LDS.64 run 72 times each and 3 more 12 times each, one wavefront a run; the launch's
    shared-load requests are then ncu's 996 (were 1,596), its wavefronts 828, the sum of ncu's own per-instruction
    wavefronts (ncu's launch-wide counter says 833: its bank-conflict counter's 5 more, in no instruction's row).
    The global loads of the line, ptxas's copies, are decided with it (1,212 requests, 1,818 sectors, the PTX's)."""
    r = _run(":MultiHeadAttention_kernel")
    row = _line(r, 214)
    assert not row.get("undecided"), row.get("why")
    assert (row["shared_ld_requests"], row["shared_ld_wavefronts"]) == (612, 612)
    assert row["ptx"]["shared_ld_requests"] == 1212
    assert (row["global_ld_requests"], row["global_ld_sectors"]) == (1212, 1818)
    loads = _ncu_loads()
    pairs64 = [(n, w) for s, n, w in loads if "LDS.64" in s and n]
    assert sorted(n for n, _ in pairs64) == [12] * 3 + [72] * 8 and sum(n for n, _ in pairs64) == 612
    assert all(w == n for n, w in pairs64)
    ncu = {x["id"]: x for x in read_json(LLAMA_REC)["rows"]}[MHA]["ncu"]
    assert r.metrics["shared_ld_requests"] == ncu["shared_ld_requests"] == 996
    assert r.metrics["shared_ld_wavefronts"] == sum(w for _, _, w in loads) == 828
    assert not any(pl.get("undecided") for pl in r.per_line)


def test_pairs_the_replay_does_not_confirm_count_as_in_the_ptx():
    """Without a replay (a launch of some blocks only) the line stays undecided and counts the PTX's loads, not
    the pairs: block 0's 2 warps of 101 loads."""
    r = _run(":MultiHeadAttention_kernel", blocks=[0])
    row = _line(r, 214)
    assert row.get("undecided")
    assert row["shared_ld_requests"] == row["shared_ld_wavefronts"] == 2 * 101


def _attention_shape():
    """The inputs ``paired_line`` reads for the attention's line 214, from the plan's own helpers."""
    from tilelab.emu.counters import sass_model as sm
    from tilelab.emu.ptx import parsed
    from tilelab.toolchain.sass import sass_memory_addresses
    (L,) = [x for x in fid.launches(":MultiHeadAttention_kernel")]
    k, _, _ = L.make()
    mod = parsed(k.program.ptx)
    fn = mod.entry(k.entry)
    n_entry = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    files = dict(mod.files)
    where = lambda ins: (files.get(ins.file, "<ptx>"), ins.line)  # noqa: E731
    w = next(w for w in sass_memory_addresses(k.program, "sm_90", entry=k.entry) if w[1] == 214)
    loads = [pc for pc, ins in enumerate(fn.instrs[:n_entry]) if ins.op == "ld" and "shared" in ins.mods
             and where(ins) == w]
    sym8 = {n: min(a, 8) for n, a in sm._sym_align(fn, True).items()}
    units8 = [u for u in sm.predict(fn, n_entry, sym8) if where(fn.instrs[u.pcs[0]]) == w]
    bits8 = sm._Bits(fn, sym8)

    def aligned8(pc):
        mem = fn.instrs[pc].args[1]
        return sm._tz(sm._add(bits8.base(mem.name), sm._const(mem.offset)) or (0, 0)) >= 3

    sass = sass_memory_addresses(k.program, "sm_90", entry=k.entry)[w]
    return fn, loads, sm.one_block_loops(fn, n_entry), units8, sass, sm._writes, aligned8


def test_the_pairs_are_read_off_the_sass_and_any_other_shape_is_not_paired():
    """The cubin's shape proves the pairs: 2 LDS.64 a trip of the body's 4 loads, the remainder's first two loads
    one LDS.64; with the remainder's third LDS unpredicated, a body pair at +0x4, or an LDS.128 for a pair, the
    rule says nothing (the line stays undecided)."""
    fn, loads, loops, units8, sass, writes, aligned8 = _attention_shape()
    got = pairs.paired_line(fn, loads, loops, units8, sass, writes, aligned8)
    assert got is not None
    body, rest = got
    assert len(body) == 2 and all(len(p) == 2 and o[1] - o[0] == 4 for p, o in body)
    assert rest[1][1] - rest[1][0] == 4 and all(pc not in loops[0] for pc in rest[0])
    lds = [x for x in sass if x[0].startswith("LDS")]
    assert [x[0] for x in lds].count("LDS.64") == 15 and [x for x in lds if x[0] == "LDS"][0][1] == "@P0"
    unpred = [(k, "" if k == "LDS" else p, b, o) for k, p, b, o in sass]
    assert pairs.paired_line(fn, loads, loops, units8, unpred, writes, aligned8) is None
    i = next(j for j, x in enumerate(sass) if x[0] == "LDS.64" and x[3] == 8)
    shifted = sass[:i] + [(sass[i][0], sass[i][1], sass[i][2], 4)] + sass[i + 1:]
    assert pairs.paired_line(fn, loads, loops, units8, shifted, writes, aligned8) is None
    wide = [("LDS.128" if x[0] == "LDS.64" else x[0], *x[1:]) for x in sass]
    assert pairs.paired_line(fn, loads, loops, units8, wide, writes, aligned8) is None
    assert pairs.paired_line(fn, loads, loops, units8, sass, writes, lambda pc: False) is None


def test_the_reproduction_is_the_h200s_in_every_total(tmp_path):
    """``reproSharedPairs`` (collection/repro_pairs.cu: the weighted sum alone, att placed 8 bytes in after another
    shared variable, 48 outputs in a block of 64) recorded at c43cf80: 13 of 13 totals in both launches, the line
    decided. With 103 terms (3 remainder trips) the remainder's LDS.64 and predicated LDS run with lanes on; with 102
    (2) the predicated LDS runs in both warps with every lane off, 2 requests no wavefront (ncu's page: executed 2,
    0 threads on), 106 requests and 104 wavefronts. The attention launch's wavefronts were 831 in that run, its
    bank-conflict counter 3: its excess over the emulator's 828 moves from run to run (833, 834, 831)."""
    rec = RES / "fidelity-2026-12-03-pairs.json"
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(rec), "--only", ":reproSharedPairs", "--json", str(out)])
    rows = {r["id"]: r["checks"] for r in read_json(out)["rows"]}
    assert set(rows) == {"collection/repro_pairs.cu:reproSharedPairs#n103", "collection/repro_pairs.cu:reproSharedPairs#n102"}
    assert all(fid.matches(v) and not v.get("undecided") for c in rows.values() for v in c.values())
    assert sum(len(c) for c in rows.values()) == 26
    n102 = rows["collection/repro_pairs.cu:reproSharedPairs#n102"]
    assert (n102["shared_ld_requests"]["ncu"], n102["shared_ld_wavefronts"]["ncu"]) == (106, 104)
    raw = {r["id"]: r for r in read_json(rec)["rows"]}
    assert raw["collection/repro_pairs.cu:reproSharedPairs#n102"]["sass_mix"]["collection/repro_pairs.cu:24"] == \
        {"LDG.16": 31, "LDS.64": 15, "LDS": 1}
    mha = raw[MHA]
    assert mha["ncu"]["shared_ld_wavefronts"] - 828 == \
        mha["ncu_raw"]["l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum"] == 3
