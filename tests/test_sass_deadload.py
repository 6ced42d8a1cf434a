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

from conftest import ROOT

from tilelab.emu import ptx as P
from tilelab.emu.counters import deadload, sass_model as S

sys.path.insert(0, str(ROOT / "bench"))
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
    return next(r for r in json.loads(rec.read_text())["rows"] if r["id"] == i)["ncu"]


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
