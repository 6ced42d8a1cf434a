"""Byte copies NVVM leaves with no line, which ptxas unrolls with remainder copies on other lines
(sass_model's ``_pools``, ``CountPlan.pool_copies``), and what the replay of the SASS's control flow
(tilelab/emu/counters/sass_replay.py) follows to count them: a thread's local memory (``STL``/``LDL``),
64-bit adds and compares (carries, ``IADD3.X``, ``IMAD.X``, ``ISETP.EX``), ``__constant__`` bytes read
through bank 3, ``BREAK``, and ``BRA.DIV`` where the warp's convergence is known
(docs/SASS_COUNTS.md, "Byte copies with no line"; docs/FIDELITY.md, the seventeenth unseen suite).

mochimo's Keccak and BLAKE2b copy each message byte by byte into a per-thread context in local memory
and the digest out (``memcpy`` of a length ptxas cannot see: a PTX loop at ``.loc 1 0``); ptxas unrolls
each loop by 4 with remainder copies and gives them the line before the loop, so the per-line check
could not place them and their lines stayed undecided, their totals ncu's. CUDA-GECKO's rotational hash
shuffles on both sides of a branch: ptxas guards each ``SHFL`` with ``BRA.DIV`` and copies its stores
into the diverged path, and the replay gave up at the first ``BRA.DIV``. ncu's values:
bench/results/fidelity-2026-12-03-unseen39.json.
"""
from __future__ import annotations

import json
import random
import sys

import numpy as np
import pytest

from conftest import ROOT, needs_cubin, read_json

sys.path.insert(0, str(ROOT / "bench"))
import fidelity as fid  # noqa: E402

from tilelab.emu import ptx as emu_ptx  # noqa: E402
from tilelab.emu.counters import observed as ob  # noqa: E402
from tilelab.emu.counters import sass_replay as sr  # noqa: E402
from tilelab.launch import launch  # noqa: E402

RES = ROOT / "bench" / "results"
KECCAK = "collection/mochimo_keccak.cu:kernel_keccak_hash"
BLAKE = "collection/mochimo_blake2b.cu:kernel_blake2b_hash"
ROT = "collection/gecko_kernels.cu:kernel_register_fast_hash_rotational"


def _compare(tmp_path, rec: str, only: str) -> dict:
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(RES / rec), "--only", only, "--json", str(out)])
    return {r["id"]: r["checks"] for r in read_json(out)["rows"]}


def _run(only: str):
    L = fid.launches(only)[0]
    k, args, symbols = L.make()
    return launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False,
                  symbols=symbols or None, counts="sass", arch="sm_90")


@needs_cubin
def test_the_hashes_byte_copies_and_the_rotational_stores_are_decided_at_ncus_totals(tmp_path):
    rows = _compare(tmp_path, "fidelity-2026-12-03-unseen39.json",
                    "/mochimo_keccak,/mochimo_blake2b,:kernel_register_fast_hash_rotational")
    keys = ("global_ld_requests", "global_ld_sectors", "global_st_requests", "global_st_sectors")
    want = {KECCAK: [(1000, 1000), (30000, 30000), (320, 320), (9600, 9600)],
            BLAKE: [(1000, 1000), (30000, 30000), (640, 640), (19200, 19200)],
            ROT: [(7, 7), (56, 56), (56, 56), (448, 448)]}
    for lid, pairs in want.items():
        c = rows[lid]
        assert not [k for k, v in c.items() if v.get("undecided")], lid
        assert all(fid.matches(v) for v in c.values()), lid
        assert [(c[k]["emu"], c[k]["ncu"]) for k in keys] == pairs, lid


@needs_cubin
def test_the_line_0_copies_are_replayed_over_the_whole_kernel():
    rows = {pl["line"]: pl for pl in _run("/mochimo_keccak").per_line}
    assert not rows[0].get("undecided")
    assert "LDGs are all LDG.8, the one width of the PTX's, 16 where the PTX has 9" in rows[0]["why"]
    assert "STGs are all STG.8, the one width of the PTX's, 8 where the PTX has 1" in rows[0]["why"]
    rows = {pl["line"]: pl for pl in _run(":kernel_register_fast_hash_rotational").per_line}
    for line in (1097, 1098):
        assert not rows[line].get("undecided") and "runs them STG 21 times" in rows[line]["why"]


def _eval(lines: list[str], a: int, b: int) -> dict:
    """Run straight-line SASS with R2 = a, R3 = b set by the launch's parameters; its registers."""
    raw = a.to_bytes(4, "little") + b.to_bytes(4, "little")
    instrs = [sr.instruction(0, "LDC R2, c[0x0][0x210]"), sr.instruction(0x10, "LDC R3, c[0x0][0x214]")]
    instrs += [sr.instruction(0x20 + 0x10 * i, t) for i, t in enumerate(lines)]
    rp = sr.Replay(instrs + [sr.instruction(0x20 + 0x10 * len(lines), "EXIT")], ())
    rp.launch = sr.Launch((1, 1, 1), (1, 1, 1), raw, len(raw), "sm_90")
    g = sr._Group(np.arange(1), 0, {}, {}, {})
    for ins in instrs:
        rp._step(g, ins, None)
    return {k: (int(v) if not isinstance(v, sr.Unknown) else v) for k, v in {**g.regs, **g.preds}.items()}


def test_64_bit_adds_and_compares_against_python():
    """x = R3:R2 and y = R2:R3 as ptxas adds, subtracts and compares 64-bit values: the low words' carry
    (a subtraction's: no borrow) into IADD3.X / IMAD.X, the low words' test into ISETP.EX."""
    rng = random.Random(11)
    M, M64 = 0xFFFFFFFF, (1 << 64) - 1
    s64 = lambda v: v - (1 << 64) if v >> 63 else v  # noqa: E731
    for _ in range(60):
        a, b = (rng.choice([rng.getrandbits(32), rng.randint(0, 3), M]) for _ in range(2))
        x, y = b << 32 | a, a << 32 | b
        r = _eval(["IADD3 R4, P0, R2, R3, RZ", "IADD3.X R5, R3, R2, RZ, P0, !PT",
                   "IADD3 R6, P1, R2, -R3, RZ", "IMAD.X R7, R3, 0x1, ~R2, P1",
                   "ISETP.GT.U32.AND P2, PT, R2, R3, PT", "ISETP.GT.U32.AND.EX P2, PT, R3, R2, PT, P2",
                   "ISETP.NE.U32.AND P3, PT, R2, R3, PT", "ISETP.NE.AND.EX P3, PT, R3, R2, PT, P3",
                   "ISETP.GE.U32.AND P4, PT, R2, R3, PT", "ISETP.GE.AND.EX P4, PT, R3, R2, PT, P4",
                   "IADD3 R8, P5, P6, R2, R3, R3", "IADD3.X R9, RZ, RZ, RZ, P5, P6"], a, b)
        assert r["R5"] << 32 | r["R4"] == (x + y) & M64
        assert r["R7"] << 32 | r["R6"] == (x - y) & M64
        assert r["P2"] == (x > y) and r["P3"] == (x != y) and r["P4"] == (s64(x) >= s64(y))
        assert r["R8"] == (a + 2 * b) & M and r["R9"] == (a + 2 * b) >> 32


def test_a_threads_local_memory_holds_what_it_stored():
    a, b = 0x89ABCDEF, 0x01234567
    r = _eval(["LDC R1, c[0x0][0x28]", "STL.64 [R1+0x10], R2", "LDL R8, [R1+0x14]", "STL.U8 [R1+0x11], R3",
               "LDL R9, [R1+0x10]", "LDL.S8 R10, [R1+0x10]", "LDL.U16 R11, [R1+0x10]", "LDL.64 R12, [R1+0x10]",
               "MUFU.EX2 R20, R2", "STL [R1+0x14], R20", "LDL R21, [R1+0x14]", "LDL R22, [R1+0x18]"], a, b)
    assert r["R8"] == b
    assert r["R9"] == (a & 0xFFFF00FF) | (b & 0xFF) << 8
    assert r["R10"] == 0xFFFFFFEF and r["R11"] == 0x67EF
    assert (r["R12"], r["R13"]) == (r["R9"], b)
    assert isinstance(r["R21"], sr.Unknown) and isinstance(r["R22"], sr.Unknown)


def _div_program():
    """A warp whose lanes 0-15 and 16-31 part inside a BSSY region, each side guarding a shuffle with
    BRA.DIV, and meet again at its BSYNC; BRA.DIV before the region and after it."""
    text = [(0x000, "S2R R0, SR_TID.X"), (0x010, "UMOV UR6, 0xffffffff"),
            (0x020, "BRA.DIV UR6, 0x130"),                 # whole and together: not taken
            (0x030, "BSSY B0, 0xc0"),
            (0x040, "LOP3.LUT R1, R0, 0x1f, RZ, 0xc0, !PT"), (0x050, "ISETP.GE.U32.AND P0, PT, R1, 0x10, PT"),
            (0x060, "@P0 BRA 0xa0"),
            (0x070, "BRA.DIV UR6, 0x100"),                 # lanes 0-15, 16-31 elsewhere: taken
            (0x080, "NOP"), (0x090, "BRA 0xb0"),
            (0x0a0, "BRA.DIV UR6, 0x100"),                 # lanes 16-31: taken
            (0x0b0, "BSYNC B0"),
            (0x0c0, "BRA.DIV UR6, 0x130"),                 # met again: not taken
            (0x0d0, "LDS R2, [R0]"), (0x0e0, "EXIT"), (0x0f0, "NOP"),
            (0x100, "LDS R4, [R0]"), (0x110, "@P0 BRA 0xb0"), (0x120, "BRA 0xb0"),
            (0x130, "LDS R5, [R0]"), (0x140, "EXIT")]
    return [sr.instruction(a, t, target=0xc0 if t.startswith("BSSY") else None) for a, t in text]


def test_bra_div_follows_the_warps_convergence():
    instrs = _div_program()
    idx = {ins.addr: i for i, ins in enumerate(instrs)}
    targets = (idx[0xd0], idx[0x100], idx[0x130])
    got = sr.Replay(instrs, targets).run(sr.Launch((3, 1, 1), (64, 1, 1)))
    # 3 blocks of 2 warps: the common load once a warp, the diverged path's once a warp (both sides run
    # it, and agree), the path of a warp diverged outside the region never
    assert [got[t] for t in targets] == [(6, 6), (6, 6), (0, 0)]


def test_bra_div_gives_up_where_the_warp_is_not_whole():
    instrs = _div_program()
    idx = {ins.addr: i for i, ins in enumerate(instrs)}
    with pytest.raises(sr.GiveUp, match="BRA.DIV at 0x0020"):
        sr.Replay(instrs, (idx[0xd0],)).run(sr.Launch((1, 1, 1), (40, 1, 1)))


@needs_cubin
def test_a_constant_bound_is_read_through_bank_3_without_the_launchs_loads(monkeypatch):
    """Parboil's spmv_jds reads its loop bound from a __constant__ array (LDC c[0x3][R9]): with the launch's
    own loads not kept (counters/observed.py), the replay now reads the array's bytes as the launch gave them,
    and the lines are decided as with them (ncu's 232 requests: fidelity-2026-12-02-every-launch.json.gz)."""
    monkeypatch.setattr(ob.Observed, "for_launch", classmethod(lambda cls, fn, n: None))
    emu_ptx._module_cache.clear()
    r = _run(":spmv_jds")
    emu_ptx._module_cache.clear()
    row = next(pl for pl in r.per_line if pl["line"] == 101)
    assert not row.get("undecided") and "runs its 22 LDGs 232 times" in row["why"]
    assert r.metrics["global_ld_requests"] == 232


@needs_cubin
def test_the_reproduction_is_decided_at_the_h200s_totals(tmp_path):
    """collection/repro_bytes.cu: a byte memcpy of each thread's message into a local context and 32 bytes of
    it out; ptxas's copies on lines 22 and 36 (8 LDG.E.U8, 8 STG.E.U8), the PTX's loops on line 0.
    bench/results/fidelity-2026-12-03-bytes.json (the H200, NVRTC 13.0)."""
    rec = read_json(RES / "fidelity-2026-12-03-bytes.json")["rows"][0]
    assert rec["sass_mix"]["collection/repro_bytes.cu:22"]["LDG.8"] == 8
    assert rec["sass_mix"]["collection/repro_bytes.cu:36"]["STG.8"] == 8
    c = _compare(tmp_path, "fidelity-2026-12-03-bytes.json", "/repro_bytes")["collection/repro_bytes.cu:reproByteCopies"]
    assert not [k for k, v in c.items() if v.get("undecided")]
    assert [(c[k]["emu"], c[k]["ncu"]) for k in ("global_ld_requests", "global_ld_sectors", "global_st_requests",
                                                 "global_st_sectors")] == [(1000, 1000), (30000, 30000), (320, 320),
                                                                           (9600, 9600)]
