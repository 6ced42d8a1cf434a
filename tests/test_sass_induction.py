"""Induction registers ptxas knows by their alignment only (docs/SASS_COUNTS.md, "Induction registers ptxas
knows by their alignment"; sass_model._induction; docs/FIDELITY.md, the thirty-second unseen suite's Fixed note).

pybind11-cuda's ``crc_cuda_fast`` (collection/pbcrc_crc_cuda.cu, line 35: include_data over each thread's 128
staged bytes): NVRTC 12.9 and 13.0 read each 16-byte trip of the byte loop as four ``ld.shared.v4.u8`` at
``[r-8]``, ``[r-4]``, ``[r]``, ``[r+4]`` off a register that enters the loop at ``s_data + 128 * tid + 8`` and
advances 16 bytes a trip. The model, which knows ``r`` 8 bytes past a 16-byte boundary, cut one ``LDS.128`` a trip;
ptxas, which keeps the loop, knows ``r`` only as 8-byte aligned and makes two ``LDS.64``. The old code left the line
undecided at the PTX's four loads a trip: 22,000 shared-load requests and 184,370 wavefronts, ncu 19,952 and 118,834.
"""
from __future__ import annotations

import csv
import gzip
import io
import json
from collections import Counter

import pytest

from conftest import ROOT, needs_cubin, read_json
from sass_launch import line as _line, run as _run

RES = ROOT / "bench" / "results"
CRC_REC = RES / "fidelity-2026-12-03-unseen54b.json"
CRC = "collection/pbcrc_crc_cuda.cu:crc_cuda_fast"
REPRO_REC = RES / "fidelity-2026-12-03-crcfast.json"
LINES_REC = RES / "ncu-sass-lines-2026-12-03-crcfast.json.gz"
REPRO = "collection/repro_crcfast_bytes.cu:reproCrcFastRows"


def _ncu_pairs(launch_id: str) -> list:
    """ncu's per-instruction page of a launch: its LDS.64s' (SASS text, executions, wavefronts)."""
    rec = json.loads(gzip.decompress(LINES_REC.read_bytes()))
    (L,) = [x for x in rec["launches"] if x["id"] == launch_id]
    rows = list(csv.reader(io.StringIO(L["source"]["stdout"])))
    h = rows[1]
    at = {k: h.index(k) for k in ("Source", "Instructions Executed", "L1 Wavefronts Shared")}
    return [(r[at["Source"]].strip(), int(r[at["Instructions Executed"]]), int(r[at["L1 Wavefronts Shared"]]))
            for r in rows[2:] if len(r) > at["Source"] and r[at["Source"]].strip().startswith("LDS.64")]


def _recorded(rec, launch_id: str) -> dict:
    return {x["id"]: x for x in read_json(rec)["rows"]}[launch_id]


def test_crc_cuda_fast_reads_its_staged_bytes_as_the_h200():
    """Line 35 decided with two LDS.64 a trip (the H200's SASS mix of the line: 2 LDS.64, 16 LDS, 1 STS), and
    the launch's totals ncu's in every metric: 19,952 shared-load requests and 118,834 wavefronts (were 22,000
    and 184,370), the line's shared stores (5,232 in the launch) no longer on an undecided line."""
    row = _recorded(CRC_REC, CRC)
    assert row["sass_mix"]["collection/pbcrc_crc_cuda.cu:35"] == {"LDS.64": 2, "LDS": 16, "STS": 1}
    r = _run(":crc_cuda_fast")
    pl = _line(r, 35)
    assert not pl.get("undecided"), pl.get("why")
    assert "LDS.64" in pl["why"] and "alignment" in pl["why"]
    assert pl["ptx"]["shared_ld_requests"] == 20480             # the PTX's 4 byte-vector loads a trip
    assert not any(x.get("undecided") for x in r.per_line)
    ncu = row["ncu"]
    assert (ncu["shared_ld_requests"], ncu["shared_ld_wavefronts"]) == (19952, 118834)
    assert ncu["shared_st_requests"] == ncu["shared_st_wavefronts"] == 5232
    for m, v in ncu.items():
        assert r.metrics[m] == v, m
    # ncu's per-instruction page: the two LDS.64 run 1,024 times each (128 warps, 8 trips), 32 wavefronts a run
    assert _ncu_pairs(CRC) == [("LDS.64 R22, [R43+-0x8]", 1024, 32768), ("LDS.64 R22, [R43]", 1024, 32768)]
    assert pl["shared_ld_requests"] == 18432 == 16384 + 2 * 1024


@pytest.mark.parametrize("launch, trips, ld", [("one_pass", 32, (584, 3678)), ("two_passes", 64, (1164, 7328))])
def test_the_reproduction_is_the_h200s_in_every_total(launch, trips, ld):
    """reproCrcFastRows (the loop alone, race-free), recorded on the H200 (NVRTC 13.0): its line 11 has the two
    LDS.64 (each run once a warp and trip, 32 wavefronts a run) and every total of both launches is ncu's, line
    11 decided (the old code: undecided, 648 and 1,292 shared-load requests)."""
    rid = f"{REPRO}#{launch}"
    row = _recorded(REPRO_REC, rid)
    assert row["sass_mix"]["collection/repro_crcfast_bytes.cu:11"]["LDS.64"] == 2
    assert _ncu_pairs(rid) == [("LDS.64 R22, [R24+-0x8]", trips, 32 * trips), ("LDS.64 R22, [R24]", trips, 32 * trips)]
    assert (row["ncu"]["shared_ld_requests"], row["ncu"]["shared_ld_wavefronts"]) == ld
    r = _run(f":reproCrcFastRows#{launch}")
    assert not any(x.get("undecided") for x in r.per_line)
    for m, v in row["ncu"].items():
        assert r.metrics[m] == v, m


# ------------------------------------------------------------------ the rule's probes, against ptxas itself
PROBE = """
.visible .entry {name}(.param .u64 p0, .param .u32 p1)
{{
    .reg .pred %p<4>;
    .reg .b16 %rs<40>;
    .reg .b32 %r<96>;
    .reg .b64 %rd<64>;
    .shared .align 16 .b8 s_{name}[8192];
    ld.param.u64 %rd1, [p0];
    ld.param.u32 %r12, [p1];
    mov.u32 %r1, %tid.x;
    mul.wide.u32 %rd2, %r1, 128;
    mov.u64 %rd3, s_{name};
    add.s64 %rd4, %rd3, %rd2;
    add.s64 %rd5, %rd4, {entry};
    mov.u32 %r10, 0;
    mov.u32 %r11, 0;
    mov.u64 %rd6, %rd5;
$L_{name}:
{pragma}
{body}
    add.s64 %rd6, %rd6, {step};
    add.s32 %r11, %r11, 1;
    setp.ne.s32 %p1, %r11, {bound};
    @%p1 bra $L_{name};
    cvta.to.global.u64 %rd7, %rd1;
    st.global.u32 [%rd7], %r10;
    ret;
}}
"""

# (what the induction register enters the loop at past a 128-byte aligned row, its step, the loads' offsets,
# their type, what ptxas makes of one trip): ptxas knows the register by the power of two dividing its entry
# value and its step only, whatever the offsets add back
PROBES = [
    (8, 16, (-8, -4, 0, 4), "v4.u8", {"LDS.64": 2}),     # crc_cuda_fast's shape: the old model's LDS.128
    (8, 16, (-8, -4, 0, 4), "u32", {"LDS.64": 2}),
    (24, 16, (-8, -4, 0, 4), "u32", {"LDS.64": 2}),
    (8, 32, (-8, -4, 0, 4), "v4.u8", {"LDS.64": 2}),
    (-8, 16, (8, 12, 16, 20), "u32", {"LDS.64": 2}),
    (4, 16, (-4, 0, 4, 8), "v4.u8", {"LDS": 4}),         # 4-byte alignment: nothing merges
    (12, 16, (-12, -8, -4, 0), "u32", {"LDS": 4}),
    (8, 16, (0, 4, 8, 12), "u32", {"LDS.64": 2}),        # the old model agreed on these
    (0, 16, (0, 4, 8, 12), "v4.u8", {"LDS.128": 1}),
    (0, 16, (0, 4, 8, 12), "u32", {"LDS.128": 1}),
]


def _body(offsets, kind):
    out, k = [], 1
    for o in offsets:
        if kind == "v4.u8":
            rs = [f"%rs{k + j}" for j in range(4)]
            k += 4
            out.append(f"    ld.shared.v4.u8 {{{', '.join(rs)}}}, [%rd6+{o}];")
            out += [f"    cvt.u32.u16 %r20, {r};\n    mad.lo.s32 %r10, %r10, 31, %r20;" for r in rs]
        else:
            out.append(f"    ld.shared.u32 %r{30 + k}, [%rd6+{o}];\n    mad.lo.s32 %r10, %r10, 31, %r{30 + k};")
            k += 1
    return "\n".join(out)


@needs_cubin
@pytest.mark.parametrize("induction", [True, False])
def test_the_model_cuts_a_kept_loop_as_ptxas_with_induction_registers_known_by_alignment(induction):
    """Each probe (a loop ptxas keeps: ``nounroll``, a launch-time trip count) is assembled by the toolchain's
    ptxas for sm_90 and its SASS holds what PROBES says; the model cuts every probe so with the induction
    registers known by their alignment, and without (the old model) cuts three of them wrong."""
    from tilelab import toolchain as tc
    from tilelab.emu.counters import sass_model
    from tilelab.emu.ptx import parse
    from tilelab.toolchain.assemble import assemble
    from tilelab.toolchain.sass import _disassemble, entry_sass, sass_instructions
    names = [f"ind{i}" for i in range(len(PROBES))]
    ptx = ".version 8.0\n.target sm_80\n.address_size 64\n" + "".join(
        PROBE.format(name=n, entry=e, step=s, body=_body(offs, kind), bound="%r12", pragma='    .pragma "nounroll";')
        for n, (e, s, offs, kind, _) in zip(names, PROBES))
    text = _disassemble(assemble(ptx, "sm_90", tc.find_nvrtc().version).cubin)
    module = parse(ptx)
    wrong = []
    for n, (e, s, offs, kind, want) in zip(names, PROBES):
        have = Counter()
        for _, pred, op, mods in sass_instructions(entry_sass(text, n)):
            if op == "LDS":
                have[op + (".128" if ".128" in mods else ".64" if ".64" in mods else "")] += 1
        assert have == Counter(want), (n, have)
        fn = module.entry(n)
        units = sass_model.predict(fn, len(fn.instrs), sass_model._sym_align(fn, True), induction=induction)
        got = Counter(u.key for u in units if u.key and u.key.startswith("LDS"))
        if got != have:
            wrong.append(n)
    assert wrong == ([] if induction else ["ind0", "ind1", "ind2", "ind3", "ind4", "ind5", "ind6"])


@needs_cubin
def test_ptxas_merges_across_the_offsets_where_it_unrolls_the_loop_fully():
    """Why the rule is for a loop ptxas keeps: crc_cuda_fast's shape with a constant trip count. At 2 and 4 trips
    ptxas unrolls the loop fully (the register folds into its entry value, whose place past 16 bytes it knows) and
    reads each trip as one LDS.128; at 8 trips it unrolls by 4 and keeps the loop, and the trips are LDS.64 pairs
    again. The model leaves such loops to the per-line check (rule 5's unrolled loops, or this rule where the cubin
    holds its cut)."""
    from tilelab import toolchain as tc
    from tilelab.toolchain.assemble import assemble
    from tilelab.toolchain.sass import _disassemble, entry_sass, sass_instructions
    trips = {"full2": 2, "full4": 4, "kept8": 8}
    ptx = ".version 8.0\n.target sm_80\n.address_size 64\n" + "".join(
        PROBE.format(name=n, entry=8, step=16, body=_body((-8, -4, 0, 4), "v4.u8"), bound=t, pragma="")
        for n, t in trips.items())
    text = _disassemble(assemble(ptx, "sm_90", tc.find_nvrtc().version).cubin)
    got = {}
    for n in trips:
        got[n] = Counter(op + (".128" if ".128" in mods else ".64" if ".64" in mods else "")
                         for _, _, op, mods in sass_instructions(entry_sass(text, n)) if op == "LDS")
    assert got == {"full2": {"LDS.128": 2}, "full4": {"LDS.128": 4}, "kept8": {"LDS.64": 8}}
