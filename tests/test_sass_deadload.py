"""Loads ptxas removed from a loop (docs/SASS_COUNTS.md, "Loads ptxas removed from a loop"; docs/FIDELITY.md, the
thirty-second unseen suite's Fixed note).

BenLib's ``CRC32_byte_tableless2_kernel`` and ``JAMCRC_byte_tableless2_kernel`` carry a value that is 0 or 1 after
any trip of NVVM's 4-unrolled loop, so each trip's one-byte load is dead one trip later; ptxas runs the loop's
trips without loads and loads the last trip's byte once: the H200 executes 1 ``LDG`` where the PTX loads 1,024
times (fidelity-2026-12-03-unseen54.json). The old code counted the PTX's 1,024, decided (no cubin was read for
the kernel). Now the PTX cue (counters/deadload.py) sends the line to the replay of the SASS's control flow.
"""
from __future__ import annotations

import json
import sys

from conftest import ROOT, read_json

from tilelab.emu import ptx as P
from tilelab.emu.counters import deadload, sass_model as S

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402
from sass_launch import fidelity_launch, line as _line, run as _run  # noqa: E402

RES = ROOT / "bench" / "results"
REC = RES / "fidelity-2026-12-03-unseen54.json"
T2 = {"collection/benlib_crc.cu:CRC32_byte_tableless2_kernel": 97,
      "collection/benlib_crc.cu:JAMCRC_byte_tableless2_kernel": 111}


def _dead(only):
    k, _, _ = fidelity_launch(only).make()
    fn = P.parsed(k.program.ptx).entry(k.entry)
    n = next((i for i, ins in enumerate(fn.instrs) if ins.func), len(fn.instrs))
    return fn, deadload.dead_loads(fn, n, S.one_block_loops(fn, n), S._writes)


def _ncu(rec, i):
    return next(r for r in read_json(rec)["rows"] if r["id"] == i)["ncu"]


def test_the_cue_finds_the_loads_no_later_trip_reads():
    """Both loops of the tableless2 kernel (NVVM's remainder loop and its 4-unrolled one) hold one dead load each;
    the tableless kernel (its carried crc keeps 24 bits of the trip before) and the control whose c >> 1 keeps
    every trip's bit hold none."""
    fn, dead = _dead(":CRC32_byte_tableless2_kernel")
    assert len(dead) == 2 and len(set(dead.values())) == 2
    assert all(fn.instrs[pc].op == "ld" and "global" in fn.instrs[pc].mods for pc in dead)
    assert not _dead(":CRC32_byte_tableless_kernel")[1]
    assert not _dead(":reproLiveLoad")[1]


def test_the_tableless2_pair_counted_as_the_sass_runs_its_loads():
    """1 global-load request and sector each, ncu's (the old code: 1,024, decided); the line decided by the replay,
    its PTX view still 1,024."""
    for i, ln in T2.items():
        ncu = _ncu(REC, i)
        assert (ncu["global_ld_requests"], ncu["global_ld_sectors"]) == (1, 1)
        r = _run(i.split("collection/")[1])
        row = _line(r, ln)
        assert not row.get("undecided")
        assert (row["global_ld_requests"], row["global_ld_sectors"]) == (ncu["global_ld_requests"],
                                                                           ncu["global_ld_sectors"])
        assert row["ptx"]["global_ld_requests"] == 1024
        assert (r.metrics["global_ld_requests"], r.metrics["global_ld_sectors"]) == (1, 1)


PROBES = RES / "fidelity-2026-12-03-deadload.json"
# launch -> ncu's global-load requests (= sectors), recorded on the H200; the old code's counts are the PTX's
H200 = {"reproDeadLoad": 1024, "reproDeadLoad#n5": 2, "reproDeadLoadWarp": 1, "reproDeadLoadWarp#n1": 1,
        "reproDeadLoadWarp#n3": 3, "reproDeadLoadWarp#n5": 2, "reproDeadLoadWarp#n14": 4, "reproDeadLoadWarp#n33": 2,
        "reproLiveLoad": 64, "CRC32_byte_tableless2_kernel#len7": 4, "CRC32_byte_tableless2_kernel#len20": 2}
OLD = {"reproDeadLoadWarp": 16, "reproDeadLoadWarp#n14": 5, "reproDeadLoadWarp#n33": 9,
       "CRC32_byte_tableless2_kernel#len20": 5}


def test_the_probes_recorded_on_the_h200_equal_in_every_total(tmp_path):
    """The reproductions (collection/repro_deadload.cu, BenLib's kernel at two more lengths): the replay's counts
    are ncu's in all 143 totals, nothing undecided. The old code's four misses (the PTX's loads, decided) are the
    launches whose SASS ran a loop's trips without their loads: reproDeadLoad keeps one LDG a trip in its SASS (as
    the PTX: the replay agrees), and the live control has no dead load."""
    rows = {r["id"].split(":")[1]: r for r in read_json(PROBES)["rows"]}
    assert {k: (r["ncu"]["global_ld_requests"], r["ncu"]["global_ld_sectors"]) for k, r in rows.items()} == \
        {k: (v, v) for k, v in H200.items()}
    before = read_json(RES / "fidelity-compare-2026-12-03-deadload-before.json")
    old = {r["id"].split(":")[1]: r["checks"]["global_ld_requests"]["emu"] for r in before["rows"]}
    assert {k: v for k, v in old.items() if v != H200[k]} == OLD
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(PROBES), "--only", "/repro_deadload,tableless2_kernel#len", "--json", str(out)])
    got = {r["id"].split(":")[1]: r["checks"] for r in read_json(out)["rows"] if "checks" in r}
    assert set(got) == set(H200)
    assert all(v["equal"] and not v.get("undecided") for c in got.values() for v in c.values())
    assert sum(len(c) for c in got.values()) == 143


def test_a_dead_load_line_with_more_than_one_sector_a_request_stays_undecided(monkeypatch):
    """Which of the PTX's loads the SASS keeps is not known, only how many: their sectors are decided only where
    every PTX request had one sector. Counted as if each had two, the warp repro's line stays undecided."""
    import tilelab.emu.counters.sass_replay as sr
    orig = sr.apply_copies

    def doubled(plan, kernel, fn, files, grid, block, params, counters, *a, **k):
        for c in counters.values():
            if c.get("global_ld_sectors"):
                c["global_ld_sectors"] *= 2
        return orig(plan, kernel, fn, files, grid, block, params, counters, *a, **k)

    monkeypatch.setattr(sr, "apply_copies", doubled)
    row = _line(_run(":reproDeadLoadWarp"), 22)
    assert row.get("undecided") and row["global_ld_requests"] == 16


def _loop(lines):
    """A one-block PTX loop over bytes: ``lines`` between its label and its counter; %r3 carried (-1 before the
    loop) and stored after it, %r4 the trip's byte if ``lines`` loads it."""
    text = "\n".join([".version 8.0", ".target sm_90", ".address_size 64",
                      ".visible .entry k(.param .u64 k_p0, .param .u32 k_p1, .param .u64 k_p2)", "{",
                      ".reg .pred %p<4>;", ".reg .b32 %r<20>;", ".reg .b64 %rd<8>;",
                      "ld.param.u64 %rd1, [k_p0];", "ld.param.u32 %r1, [k_p1];", "ld.param.u64 %rd2, [k_p2];",
                      "cvta.to.global.u64 %rd3, %rd1;", "mov.u32 %r3, -1;", "mov.u32 %r2, 0;", "$L__BB0_1:",
                      *lines, "add.s64 %rd3, %rd3, 1;", "add.s32 %r2, %r2, 1;", "setp.ne.s32 %p1, %r2, %r1;",
                      "@%p1 bra $L__BB0_1;", "cvta.to.global.u64 %rd4, %rd2;", "st.global.u32 [%rd4], %r3;",
                      "ret;", "}", ""])
    fn = P.parse(text).entry("k")
    n = len(fn.instrs)
    return deadload.dead_loads(fn, n, S.one_block_loops(fn, n), S._writes)


def test_the_cue_reads_bits_guards_and_predicates():
    """Dead: the tableless2 trip (the carried value's bits shifted out) and a plain overwrite. Live: a carried value
    shifted by 1 (its bits stay), a guarded move of the byte (a trip that skips it keeps an earlier trip's byte), a
    predicate computed from the byte (control the cue does not follow)."""
    ld = "ld.global.u8 %r4, [%rd3];"
    assert _loop([ld, "shr.u32 %r5, %r3, 24;", "xor.b32 %r6, %r5, %r4;", "shr.u32 %r7, %r6, 2;", "and.b32 %r3, %r7, 1;"])
    assert _loop([ld, "mov.u32 %r3, %r4;"])
    assert not _loop([ld, "shr.u32 %r5, %r3, 1;", "xor.b32 %r6, %r5, %r4;", "and.b32 %r3, %r6, 255;"])
    assert not _loop([ld, "and.b32 %r5, %r2, 1;", "setp.eq.s32 %p2, %r5, 0;", "@%p2 mov.u32 %r3, %r4;"])
    assert not _loop([ld, "setp.eq.s32 %p2, %r4, 0;", "selp.b32 %r3, 1, 0, %p2;"])
