"""Lines ptxas only copied: a loop NVVM unrolled by 4 with a remainder loop, and ptxas unrolled again
(tilelab/emu/counters/sass_replay.py's ``apply_copies``; docs/SASS_COUNTS.md "Lines ptxas only copied").

The SASS check finds more copies of the line's accesses than the model (31 LDG and 31 STS where it
expected 7 each: flash-attention-minimal's `for (x = 0; x < d; x++)`), so the line was counted as the PTX
runs and marked undecided, though its totals were ncu's. A replay of the SASS's control flow for the
launch now counts how often the copies run; where that equals the PTX's requests with a lane on, family
by family, the line is decided. ncu's values: bench/results/fidelity-2026-12-02-every-launch.json.gz.
"""
from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu import machine  # noqa: E402
from tilelab.emu import ptx as emu_ptx  # noqa: E402
from tilelab.emu.counters import observed  # noqa: E402
from tilelab.emu.counters import sass_replay as sr  # noqa: E402
from tilelab.launch import launch  # noqa: E402

REC = ROOT / "bench" / "results" / "fidelity-2026-12-02-every-launch.json.gz"
FLASH = "collection/flash_attention_minimal.cu:forward_kernel"
PACKT = "collection/packt_convolution.cu:convolution_kernel_v3"
STENCIL = "collection/shoc_stencil2d.cu:StencilKernel<float>"


def _run(only: str):
    L = fid.launches(only)[0]
    k, args, symbols = L.make()
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90")


def _compare(tmp_path, only: str) -> dict:
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(REC), "--only", only, "--json", str(out)])
    return {r["id"]: r["checks"] for r in read_json(out)["rows"]}


def test_copied_lines_are_decided_and_their_totals_are_ncus(tmp_path):
    rows = _compare(tmp_path, ":forward_kernel,:convolution_kernel_v3,:StencilKernel")
    for i in (FLASH, PACKT, STENCIL):
        assert not [k for k, v in rows[i].items() if v.get("undecided")], i
    # ncu's recorded totals (equal in value before too, but on undecided lines: misses)
    c = rows[FLASH]
    assert all(fid.matches(v) for v in c.values())
    assert [(c[k]["emu"], c[k]["ncu"]) for k in ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests",
                                                 "global_ld_requests", "global_ld_sectors")] == \
        [(16640, 16640), (212992, 212992), (768, 768), (400, 400), (12352, 12352)]
    c = rows[STENCIL]
    assert all(fid.matches(v) for v in c.values())
    assert (c["shared_st_requests"]["ncu"], c["global_ld_requests"]["ncu"], c["global_ld_sectors"]["ncu"]) == \
        (200, 200, 840)
    c = rows[PACKT]
    assert fid.matches(c["shared_ld_requests"]) and c["shared_ld_requests"]["ncu"] == 3888
    assert fid.matches(c["shared_ld_wavefronts"]) and c["shared_ld_wavefronts"]["ncu"] == 7776


def test_the_note_says_how_often_the_copies_run():
    r = _run(":forward_kernel")
    rows = {pl["line"]: pl for pl in r.per_line}
    for line, n in ((51, 64), (52, 64), (60, 128)):
        row = rows[line]
        assert not row.get("undecided") and row["counted"] == "sass" and "ptx" not in row
        assert "LDG×31, STS×31" in row["why"] and f"LDG {n} times (0 with" in row["why"]
        assert row["global_ld_requests"] == n and row["shared_st_requests"] == n
    for line in (70, 94):
        assert not rows[line].get("undecided") and "LDS×62" in rows[line]["why"]
        assert rows[line]["shared_ld_requests"] == 8192


def test_a_replay_that_disagrees_leaves_the_line_undecided(monkeypatch):
    real = sr.Replay.run

    def one_more(self, launch_):
        got = real(self, launch_)
        t = min(got)
        return {**got, t: (got[t][0] + 1, got[t][1] + 1)}
    monkeypatch.setattr(sr.Replay, "run", one_more)
    emu_ptx._module_cache.clear()            # a fresh parse: no replay cached on the function
    r = _run(":convolution_kernel_v3")
    row = next(pl for pl in r.per_line if pl["line"] == 139)
    assert row["undecided"] and row["counted"] == "ptx" and row["shared_ld_requests"] == 3888
    assert "3889 executions of its LDS with a lane on where the PTX has 3888" in row["why"]


def test_where_the_replay_cannot_follow_the_loop_the_line_stays_undecided(monkeypatch):
    # Parboil's spmv_jds: the loop's bound is a loaded value (the SASS's BRA reads an LDC of a __constant__);
    # without what the launch's own loads read (counters/observed.py, tests/test_sass_loaded_bounds.py) the
    # replay cannot follow it
    # (nor the __constant__ array's bytes, which the replay now reads through bank 3: tests/test_sass_bytes.py)
    monkeypatch.setattr(observed.Observed, "for_launch", classmethod(lambda cls, fn, n: None))
    monkeypatch.setattr(sr.Launch, "const3_value", lambda self, off, nbytes: None)
    emu_ptx._module_cache.clear()
    r = _run(":spmv_jds")
    row = next(pl for pl in r.per_line if pl["line"] == 101)
    assert row["undecided"] and "gave up" in row["why"] and "a loaded value" in row["why"]
    emu_ptx._module_cache.clear()


def _region(inside_target: bool):
    """A BSSY region around an unknown branch and a CALL to a callee (a float division's slow path), then a
    counted LDS; ``inside_target``: the region holds an LDS counted too."""
    text = ["S2R R0, SR_TID.X", "LDG.E R2, desc[UR4][R4.64]", "BSSY B0, 0x90",
            "FSETP.GEU.AND P0, PT, R2, 1, PT", "@P0 BRA 0x70",
            ("LDS R7, [R0]" if inside_target else "MOV R6, 0x70"), "CALL.REL.NOINC 0xc0", "MUFU.RCP R3, R2",
            "BSYNC B0", "LDS R5, [R0]", "EXIT", "BRA 0xb0", "FFMA R3, R2, R2, 1", "RET.REL.NODEC R6 0x0"]
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(text)]
    # the listing's labels, resolved as from_listing does (BSSY's end, the callee)
    instrs[2] = sr.Ins(0x20, "", "BSSY", (), ("B0", "LABEL"), 0x90)
    instrs[6] = sr.Ins(0x60, "", "CALL", ("REL", "NOINC"), ("LABEL",), 0xc0)
    return instrs


def test_the_replay_steps_over_a_region_with_nothing_counted_in_it():
    got = sr.Replay(_region(False), (9,)).run(sr.Launch((2, 1, 1), (64, 1, 1)))
    assert got[9] == (4, 4)                         # 2 blocks x 2 warps, once each
    # (the FSETP is computed since the replay follows float compares: what it cannot say is the loaded R2)
    with pytest.raises(sr.GiveUp, match="LDG at 0x0010"):
        sr.Replay(_region(True), (5, 9)).run(sr.Launch((2, 1, 1), (64, 1, 1)))


def test_viaddmnmx_is_min_or_max_of_a_sum():
    from test_sass_replay import _eval
    for a, b in ((5, 3), (0xFFFFFFF0, 2), (0, 0)):
        s = (a + b) & 0xFFFFFFFF
        s32 = s - (1 << 32) if s >> 31 else s
        r = _eval(["VIADDMNMX R4, R2, R3, 0x1, !PT", "VIADDMNMX R5, R2, R3, 0x1, PT",
                   "VIADDMNMX.U32 R6, R2, R3, 0x1, !PT"], a, b)
        assert r["R4"] == max(s32, 1) & 0xFFFFFFFF and r["R5"] == min(s32, 1) & 0xFFFFFFFF
        assert r["R6"] == max(s, 1)
