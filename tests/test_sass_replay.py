"""emu/counters/sass_replay.py: a loop ptxas rebuilt with predicated trips, counted by replaying its SASS (D3).

* the replay of the very SASS the H200 ran (ncu's source page lists it) against ncu's count of
  every shared load of the loop, for the two launches of docs/FIDELITY.md's cause D3, at their
  recorded geometry (bench/results/ncu-sass-lines-2026-12-01.json.gz);
* random trip counts (blockDim.x, start, step) of a counted loop assembled by the local ptxas:
  the replay's executions with a lane on against len(range(start, blockDim.x, step)), and the
  emulator's requests against the replay;
* a loop bounded by a loaded value: a replay with the geometry alone gives up; with what the launch's
  own loads read (counters/observed.py) it decides the line.
"""
from __future__ import annotations
import gzip

import csv
import io
import json
import random
import sys
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from tilelab import toolchain as tc
from tilelab.emu import machine
from tilelab.emu.counters import sass_replay as sr
from conftest import needs_cubin, read_json

ROOT = Path(__file__).resolve().parent.parent
NCU_LINES = ROOT / "bench" / "results" / "ncu-sass-lines-2026-12-01.json.gz"
LOOPS = ROOT / "tests" / "kernels_replay" / "loops.cu"


# ------------------------------------------------------------------ the H200's own SASS, and ncu's counts
def _ncu_rows(kernel: str) -> list[dict]:
    launches = json.loads(gzip.decompress(NCU_LINES.read_bytes()))["launches"]
    launch = next(x for x in launches if x["id"].endswith(":" + kernel))
    rows = list(csv.reader(io.StringIO(launch["source"]["stdout"])))
    return [dict(zip(rows[1], r)) for r in rows[2:]]


def _instrs(rows) -> list:
    base = int(rows[0]["Address"], 16)
    out = []
    for r in rows:
        ins = sr.instruction(int(r["Address"], 16) - base, r["Source"].strip())
        out.append(sr.Ins(ins.addr, ins.pred, ins.op, ins.mods, ins.ops,
                          None if ins.target is None else ins.target - base))
    return out


def _loop_loads(instrs) -> tuple:
    """The LDS a forward branch jumps over together with a backward branch (the loop's code that
    only the threads which pass the branch run): the first such region that has any."""
    index = {ins.addr: i for i, ins in enumerate(instrs)}
    for b, ins in enumerate(instrs):
        if ins.op == "BRA" and ins.pred and ins.target in index and index[ins.target] > b:
            body = range(b + 1, index[ins.target])
            back = any(instrs[i].op == "BRA" and instrs[i].target is not None and instrs[i].target <= instrs[i].addr
                       for i in body)
            lds = tuple(i for i in body if instrs[i].op == "LDS")
            if back and lds:
                return lds
    raise AssertionError("no loop with loads in the listing")


def _manifest_launch(kernel: str) -> sr.Launch:
    sys.path.insert(0, str(ROOT))
    from collection import run
    e = next(x for x in run.load() if x["name"] == kernel)
    raw = b""
    for i, spec in enumerate(e["args"]):          # arrays: a pointer (any address), scalars: 32 bits
        size = 8 if "shape" in spec else 4
        raw += bytes(-len(raw) % size)
        raw += ((0x10000 * (i + 1)) if size == 8 else int(spec["value"])).to_bytes(size, "little")
    dims = lambda v: tuple(list(v) + [1] * (3 - len(v)))  # noqa: E731
    return sr.Launch(dims(e["grid"]), dims(e["block"]), raw, len(raw), "sm_90")


@pytest.mark.parametrize("kernel", ["reproLoopRemainderPredicated", "reduceSinglePassMultiBlockCG"])
def test_replay_equals_ncu_per_instruction(kernel):
    rows = _ncu_rows(kernel)
    instrs = _instrs(rows)
    targets = _loop_loads(instrs)
    assert len(targets) == 8                      # peeled, 4 unrolled, 2 of the remainder, last
    got = sr.Replay(instrs, targets).run(_manifest_launch(kernel))
    for t in targets:
        run, on = got[t]
        assert run == int(rows[t]["Instructions Executed"]), (rows[t]["Source"], got[t])
        lanes_on = int(rows[t]["Predicated-On Thread Instructions Executed"])
        assert (on > 0) == (lanes_on > 0) and on <= lanes_on, (rows[t]["Source"], got[t])
    # and so the totals: ncu's request count of the launch (fidelity-2026-12-01-run2.json.gz)
    assert sum(got[t][0] for t in targets) == sum(int(rows[t]["Instructions Executed"]) for t in targets)


def test_listing_and_ncu_text_read_alike():
    ins = sr.instruction(0x130, "@!P0  BRA 0x7fc92b7a0440")
    assert (ins.pred, ins.op, ins.target) == ("!P0", "BRA", 0x7fc92b7a0440)
    ins = sr.instruction(0x1c0, "      ISETP.LE.U32.OR P1, PT, R3.reuse, 0x60, !P1")
    assert ins.mods == ("LE", "U32", "OR") and ins.ops == ("P1", "PT", "R3", "0x60", "!P1")


# ------------------------------------------------------------------ the local ptxas


def _kernel(name: str, step: int | None = None, nvrtc: int | None = None):
    return tc.kernel_from_file(LOOPS, name, options=(f"-DSTEP={step}",) if step else (), nvrtc=nvrtc)


MAJORS = sorted(tc.available_nvrtc()) or [None]


def _loop_line(k, name: str) -> int:
    src = LOOPS.read_text().splitlines()
    start = next(i for i, ln in enumerate(src) if f"void {name}(" in ln)
    return next(i + 1 for i, ln in enumerate(src) if i > start and "acc += s[i];" in ln)


def _replay(k, line: int, arch: str = "sm_90") -> sr.Replay:
    return sr._replay_for(k, (k.program.filename, line, "shared_ld"), arch)


@needs_cubin
@pytest.mark.parametrize("nvrtc", MAJORS, ids=lambda m: f"nvrtc{m}")
@pytest.mark.parametrize("step,arch", [(32, "sm_90"), (7, "sm_90"), (32, "sm_80")])
def test_random_trip_counts_against_the_loops_arithmetic(step, arch, nvrtc):
    k = _kernel("loopCounted", step, nvrtc)
    line = _loop_line(k, "loopCounted")
    replay = _replay(k, line, arch)
    assert len(replay.targets) > 1, "ptxas kept the loop as it is: nothing to replay"
    predicated = [t for t in replay.targets if replay.instrs[t].pred]
    assert predicated, "no predicated copy of the load: not the loop this test is about"
    rng = random.Random(step)
    for case in range(24):
        bd, blocks = rng.randint(1, 1024), rng.randint(1, 3)
        start = rng.choice([0, rng.randint(0, bd), rng.randint(0, 1100)])
        trips = len(range(start, bd, step))         # the loop's arithmetic, read directly
        raw = (0x10000).to_bytes(8, "little") + (0x20000).to_bytes(8, "little") + start.to_bytes(4, "little")
        got = replay.run(sr.Launch((blocks, 1, 1), (bd, 1, 1), raw, len(raw), arch))
        on = sum(got[t][1] for t in replay.targets)
        assert on == blocks * trips, (bd, start, blocks, got)
        for t in replay.targets:
            run, on_t = got[t]
            assert run >= on_t
            if not replay.instrs[t].pred:
                assert run == on_t                  # an unpredicated load always has its lane on
            else:
                assert run <= blocks                # a predicated copy runs once per entry of the loop
        if case < 4:                                # the emulator counts what the replay says
            src = np.arange(1024, dtype=np.float32)
            r = machine.run(k, (blocks,), (bd,), [src, np.zeros(blocks, np.float32), start], arch=arch)
            row = next((x for x in r.per_line if x["line"] == line), None)
            if trips == 0:
                assert row is None or row["shared_ld_requests"] == 0
                continue
            assert row["shared_ld_requests_active"] == blocks * trips
            assert row["shared_ld_requests"] == sum(got[t][0] for t in replay.targets)
            assert "replaying the SASS" in row["why"] and "gave up" not in row["why"]


@needs_cubin
@pytest.mark.parametrize("nvrtc", MAJORS, ids=lambda m: f"nvrtc{m}")
def test_a_loaded_bound_is_read_from_the_launch(nvrtc):
    """A replay that knows only the geometry and parameters gives up on a loop bounded by a loaded value; the
    machine keeps what the launch's own loads read (counters/observed.py) for this replay too, so the line is
    decided: its executions with a lane on are the PTX's trips, each block's alike."""
    k = _kernel("loopLoadedBound", nvrtc=nvrtc)
    line = _loop_line(k, "loopLoadedBound")
    src = np.arange(1024, dtype=np.float32)
    for bound in (128, 96, 300):
        r = machine.run(k, (2,), (128,), [src, np.zeros(2, np.float32), np.array([bound], np.uint32)])
        row = next(x for x in r.per_line if x["line"] == line)
        trips = len(range(0, bound, 32))
        assert row["shared_ld_requests_active"] == 2 * trips
        assert row["shared_ld_requests"] >= 2 * trips and row["shared_ld_requests"] % 2 == 0
        assert "replaying the SASS" in row["why"] and "gave up" not in row["why"], row["why"]
    with pytest.raises(sr.GiveUp, match="loaded value"):
        _replay(k, line).run(sr.Launch((2, 1, 1), (128, 1, 1), bytes(24), 24, "sm_90"))


def test_a_branch_on_an_unknown_value_gives_up():
    instrs = [sr.instruction(0x0, "S2R R0, SR_TID.X"), sr.instruction(0x10, "LDS R2, [R0]"),
              sr.instruction(0x20, "ISETP.NE.AND P0, PT, R2, RZ, PT"), sr.instruction(0x30, "@P0 BRA 0x10"),
              sr.instruction(0x40, "EXIT")]
    with pytest.raises(sr.GiveUp, match="LDS at 0x0010"):
        sr.Replay(instrs, (1,)).run(sr.Launch((1, 1, 1), (32, 1, 1)))


def _eval(lines: list[str], a: int, b: int) -> dict:
    """Run straight-line SASS with R2 = a, R3 = b set by the launch's parameters; its registers."""
    raw = a.to_bytes(4, "little") + b.to_bytes(4, "little")
    instrs = [sr.instruction(0, "LDC R2, c[0x0][0x210]"), sr.instruction(0x10, "LDC R3, c[0x0][0x214]")]
    instrs += [sr.instruction(0x20 + 0x10 * i, t) for i, t in enumerate(lines)]
    instrs.append(sr.instruction(0x20 + 0x10 * len(lines), "EXIT"))
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((1, 1, 1), (1, 1, 1), raw, len(raw), "sm_90")
    g = sr._Group(np.arange(1), 0, {}, {}, {})
    for i, ins in enumerate(instrs[:-1]):
        g.pc = i                                    # where the instruction is (the division's pattern looks around it)
        rp._step(g, ins, rp._pred(g, ins.pred) if ins.pred else None)
    return {k: (int(v) if not isinstance(v, sr.Unknown) else v) for k, v in {**g.regs, **g.preds}.items()}


def test_integer_ops_against_python():
    rng = random.Random(5)
    M = 0xFFFFFFFF
    s32 = lambda x: x - (1 << 32) if x >> 31 else x  # noqa: E731
    for _ in range(40):
        a, b = rng.choice([rng.getrandbits(32), rng.randint(0, 300)]), rng.choice([rng.getrandbits(32), rng.randint(0, 9)])
        sh = b % 32
        r = _eval(["IADD3 R4, -R2, R3, 0x7", "LEA R5, R2, R3, 0x3", f"SHF.R.U32.HI R6, RZ, {sh:#x}, R2",
                   f"SHF.R.S32.HI R7, RZ, {sh:#x}, R2", f"SHF.L.U32 R8, R2, {sh:#x}, RZ",
                   "LOP3.LUT R9, R2, R3, RZ, 0xc0, !PT", "LOP3.LUT R10, R2, R3, RZ, 0x3c, !PT",
                   "ISETP.LT.U32.AND P0, PT, R2, R3, PT", "ISETP.LT.AND P1, P2, R2, R3, PT",
                   "SEL R11, R2, R3, P1", "IMAD.WIDE.U32 R12, R2, R3, RZ", "IMAD.HI.U32 R14, R2, R3, RZ",
                   "VIMNMX.U32 R15, R2, R3, !PT", "IMAD R16, R2, R3, R2", "VIADD R17, R2, 0xfffffff8",
                   "PLOP3.LUT P3, PT, P0, P1, PT, 0x80, 0x0"], a, b)
        assert r["R4"] == (b - a + 7) & M
        assert r["R5"] == ((a << 3) + b) & M
        assert r["R6"] == a >> sh and r["R7"] == (s32(a) >> sh) & M and r["R8"] == (a << sh) & M
        assert r["R9"] == a & b and r["R10"] == a ^ b
        assert r["P0"] == (a < b) and r["P1"] == (s32(a) < s32(b)) and r["P2"] == (not s32(a) < s32(b))
        assert r["R11"] == (a if s32(a) < s32(b) else b)
        assert r["R12"] | r["R13"] << 32 == a * b and r["R14"] == (a * b) >> 32
        assert r["R15"] == max(a, b) and r["R16"] == (a * b + a) & M and r["R17"] == (a - 8) & M
        assert r["P3"] == (a < b and s32(a) < s32(b))
    # a rounding mode other than the default stays unknown; FADD and FMUL themselves are IEEE float32 (below)
    assert isinstance(_eval(["FADD.SAT R4, R2, R3"], 1, 2)["R4"], sr.Unknown)


def test_fadd_and_fmul_are_float32_rounded_to_nearest_and_ftz_flushes():
    import numpy as np
    f = lambda x: int(np.float32(x).view(np.uint32))              # noqa: E731
    r = _eval(["FADD R4, R2, R3", "FMUL R5, R2, R3", "FADD R6, R2, 9.9999997473787516356e-06"], f(0.1), f(3.7))
    assert r["R4"] == f(np.float32(0.1) + np.float32(3.7)) and r["R5"] == f(np.float32(0.1) * np.float32(3.7))
    assert r["R6"] == f(np.float32(0.1) + np.float32(1e-5))
    tiny = f(1e-39)                                                  # a subnormal
    assert _eval(["FADD R4, R2, R3"], tiny, 0)["R4"] == tiny
    assert _eval(["FADD.FTZ R4, R2, R3"], tiny, 0)["R4"] == 0


def test_lea_hi_is_the_high_word_of_a_64_bit_shift_add():
    """LEA.HI d, a, b, c, s = b + ((c:a) << s) >> 32; .SX32 takes a's sign for c. ptxas computes a
    loop's trip count >> 6 as LEA.HI R2, R3, 0x1, RZ, 0x1a (The CUDA Handbook's histogram1DPerThread4x64:
    the replay gave up there before it was modelled)."""
    rng = random.Random(7)
    M = 0xFFFFFFFF
    for _ in range(40):
        a, b = rng.getrandbits(32), rng.choice([rng.getrandbits(32), rng.randint(0, 9)])
        sh = rng.randint(1, 31)
        r = _eval([f"LEA.HI R4, R2, 0x1, RZ, {32 - 6:#x}", f"LEA.HI R5, R2, R3, R3, {sh:#x}",
                   f"LEA.HI.SX32 R6, R2, R3, {sh:#x}"], a, b)
        assert r["R4"] == (1 + (a >> 6)) & M
        assert r["R5"] == (b + ((((b << 32) | a) << sh) >> 32)) & M
        hi = M if a >> 31 else 0
        assert r["R6"] == (b + ((((hi << 32) | a) << sh) >> 32)) & M


def test_threads_that_part_and_meet_again_count_once_per_warp():
    """A branch inside the loop sends half the warp another way each trip; every thread still runs
    the load 3 times, and the warp executes it together: 3 per warp, not 3 per path."""
    text = ["S2R R0, SR_TID.X", "MOV R1, RZ", "LDS R2, [R0]", "VIADD R1, R1, 0x1",
            "ISETP.LT.U32.AND P0, PT, R0, 0x10, PT", "@P0 BRA 0x70", "NOP",
            "ISETP.LT.U32.AND P1, PT, R1, 0x3, PT", "@P1 BRA 0x20", "EXIT"]
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(text)]
    got = sr.Replay(instrs, (2,)).run(sr.Launch((3, 1, 1), (64, 1, 1)))
    assert got[2] == (3 * 2 * 3, 3 * 2 * 3)          # 3 blocks x 2 warps x 3 trips


@needs_cubin
def test_a_replayed_line_is_decided_where_the_launch_read_the_if_conversion_plan(tmp_path):
    """reduceSinglePassMultiBlockCG's line 64, replayed: ncu's 24 requests (the 8 loads' counts of
    ncu-sass-lines-2026-12-01.json.gz) and 56 in the launch (fidelity-2026-12-02-every-launch.json.gz). Its warps
    also read the if-conversion plan (line 97's `@!P2 LDS`), whose note on line 64 ("2 more LDS than a
    modelled branch explains", which the replay answers) had left the line undecided, its totals misses."""
    sys.path.insert(0, str(ROOT / "bench"))
    import fidelity as fid
    from tilelab.launch import launch
    L = fid.launches(":reduceSinglePassMultiBlockCG")[0]
    k, args, symbols = L.make()
    r = launch(k, L.grid, L.block, *args, shared=L.shared, backend="emu", echo=False, symbols=symbols or None,
               counts="sass", arch="sm_90")
    row = next(pl for pl in r.per_line if pl["line"] == 64)
    rows = _ncu_rows("reduceSinglePassMultiBlockCG")
    ncu64 = sum(int(rows[t]["Instructions Executed"]) for t in _loop_loads(_instrs(rows)))
    assert row["shared_ld_requests"] == ncu64 == 24 and row["ptx"]["shared_ld_requests"] == 16
    assert "undecided" not in row and not any(pl.get("undecided") for pl in r.per_line)
    out = tmp_path / "cmp.json"
    fid.main(["--compare", str(ROOT / "bench" / "results" / "fidelity-2026-12-02-every-launch.json.gz"),
              "--only", ":reduceSinglePassMultiBlockCG", "--json", str(out)])
    c = read_json(out)["rows"][0]["checks"]
    assert c["shared_ld_requests"]["emu"] == c["shared_ld_requests"]["ncu"] == 56
    assert not any(v.get("undecided") for v in c.values()) and fid.matches(c["shared_ld_requests"])


def test_a_line_with_a_kind_no_replay_counted_stays_undecided(monkeypatch):
    """A line whose loads were replayed but whose stores ptxas also predicated more of than a modelled branch
    explains (not replayed: no store of the line in a loop) keeps its note undecided."""
    from tilelab.emu.counters import undecided
    plan = SimpleNamespace(unplaced={("f.cu", 5, "shared_ld"): 2, ("f.cu", 5, "shared_st"): 1},
                           notes={("f.cu", 5): undecided.Undecided("2 more")}, branched=(), uncertain={},
                           skips={})
    monkeypatch.setattr(sr, "plan_for", lambda *a: plan)
    monkeypatch.setattr(sr, "loop_accesses", lambda fn: {0: "shared_ld"})
    instrs = [sr.instruction(0x0, "LDS R2, [RZ]"), sr.instruction(0x10, "EXIT")]
    rp = sr.Replay(instrs, (0,))
    monkeypatch.setattr(sr, "_replay_for", lambda *a: rp)
    ptx = SimpleNamespace(file=1, line=5, op="ld", mods=("shared", "u32"), guard=None)
    monkeypatch.setattr(sr, "access_kind", lambda ins: "shared_ld" if ins is ptx else None)
    fn = SimpleNamespace(instrs=[ptx], params=[])
    counters = {0: {"shared_ld_requests": 1, "shared_ld_requests_active": 1}}
    kernel = SimpleNamespace(params=[])
    notes = sr.apply(SimpleNamespace(args=()), kernel, fn, {1: "f.cu"}, (1, 1, 1), (32, 1, 1), {}, counters, {},
                     {}, "sm_90")
    assert isinstance(notes[("f.cu", 5)], undecided.Undecided)
    # and with the stores' key gone, the same replay decides it
    del plan.unplaced[("f.cu", 5, "shared_st")]
    fn.__dict__.pop("_sass_replay")
    notes = sr.apply(SimpleNamespace(args=()), kernel, fn, {1: "f.cu"}, (1, 1, 1), (32, 1, 1), {}, counters, {},
                     {}, "sm_90")
    assert not isinstance(notes[("f.cu", 5)], undecided.Undecided)


def test_ptxas_unsigned_division_gives_the_quotient():
    """ptxas's n / d for a divisor it does not know: a reciprocal from ``MUFU.RCP``, refined by
    ``IMAD.HI.U32 R5, R5, R7, R4`` with R4 zeroed, whose addend is the register pair R4:R5 (r + hi(r * e)), then
    two corrections. With a 32-bit addend the refined reciprocal is near 0 and the quotient too: ndzip's
    ``lane % dimensionality`` came out as lane - 2, and the replay read the wrong words."""
    rng = random.Random(11)
    seq = ["I2F.U32.RP R0, R3", "MUFU.RCP R0, R0", "VIADD R4, R0, 0xffffffe", "F2I.FTZ.U32.TRUNC.NTZ R5, R4",
           "IMAD.MOV.U32 R4, RZ, RZ, RZ", "IMAD.MOV R6, RZ, RZ, -R5", "IMAD R7, R6, R3, RZ",
           "IMAD.HI.U32 R5, R5, R7, R4", "IMAD.HI.U32 R8, R5, R2, RZ", "IMAD.MOV R9, RZ, RZ, -R8",
           "IMAD R10, R3, R9, R2", "ISETP.GE.U32.AND P0, PT, R10, R3, PT", "@P0 IMAD.IADD R10, R10, 0x1, -R3",
           "@P0 VIADD R8, R8, 0x1", "ISETP.GE.U32.AND P1, PT, R10, R3, PT", "@P1 VIADD R8, R8, 0x1"]
    for _ in range(60):
        n = rng.choice([rng.getrandbits(32), rng.randint(0, 1000)])
        d = rng.choice([rng.getrandbits(32) | 1, rng.randint(1, 40), 1, 3, 7])
        r = _eval(seq, n, d)
        assert r["R8"] == n // d, (n, d)
    # the pair is read as such: a non-zero high word adds to the product's high word
    r = _eval(["IMAD.MOV.U32 R4, RZ, RZ, 0x5", "IMAD.MOV.U32 R5, RZ, RZ, 0x7", "IMAD.HI.U32 R6, R2, R3, R4"], 1 << 20, 1 << 20)
    assert r["R6"] == (1 << 8) + 7


def test_prmt_and_the_shared_windows_high_word():
    """``PRMT d, a, sel, b`` (cuda-grep's and CUDASW++'s branches test its values: 0x9910 sign-extends a short,
    0x8880 a byte, 0x7610 keeps b's high half under a's low half) against a byte-by-byte model, and ``S2R
    SR_SWINHI``, the high word of a generic pointer to shared memory (cuda-grep tests such a pointer against 0): the
    machine's own window. Both stopped the replay of the branches that depend on them before."""
    from tilelab.emu.memory import SHARED_WINDOW
    rng = random.Random(7)

    def model(a, sel, b):
        src = (b << 32) | a
        out = 0
        for k in range(4):
            nib = (sel >> (4 * k)) & 0xF
            byte = (src >> (8 * (nib & 7))) & 0xFF
            if nib & 8:
                byte = 0xFF if byte & 0x80 else 0
            out |= byte << (8 * k)
        return out
    for _ in range(40):
        a, b = rng.getrandbits(32), rng.getrandbits(32)
        sels = [0x9910, 0x8880, 0x7610, 0x3210, 0x5432, rng.getrandbits(16)]
        r = _eval([f"PRMT R{4 + i}, R2, {s:#x}, R3" for i, s in enumerate(sels)], a, b)
        for i, s in enumerate(sels):
            assert r[f"R{4 + i}"] == model(a, s, b), hex(s)
        assert r["R4"] == (a & 0xFFFF) | (0xFFFF0000 if a & 0x8000 else 0)
    r = _eval(["S2R R4, SR_SWINHI"], 0, 0)
    assert r["R4"] == SHARED_WINDOW >> 32 != 0


def test_ffma_rounds_once():
    """``FFMA d, a, b, c`` is a * b + c rounded once (mwa_hyperdrive's peeling reduction tests such a value before a
    branch; it stopped the replay before): against an exact product and sum in Python fractions, on inputs where
    rounding the product first gives another float, and with .FTZ's subnormal results flushed."""
    from fractions import Fraction
    import struct
    f32 = lambda x: struct.unpack("<f", struct.pack("<I", x))[0]  # noqa: E731
    bits = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]  # noqa: E731

    def exact(a, b, c):
        return bits(float(np.float32(float(Fraction(a) * Fraction(b) + Fraction(c)))))
    rng = random.Random(3)
    differ = 0
    for _ in range(60):
        a = f32(rng.getrandbits(23) | 0x3F800000)                 # [1, 2)
        b = f32(rng.getrandbits(23) | 0x3F800000)
        c = -float(np.float32(a * b))                            # a * b - round(a * b): the product's rounding error
        got = _eval([f"IMAD.MOV.U32 R5, RZ, RZ, {bits(c):#x}", "FFMA R4, R2, R3, R5", "FMUL R6, R2, R3",
                     "FADD R7, R6, R5"], bits(a), bits(b))
        assert got["R4"] == exact(a, b, c)
        differ += got["R4"] != got["R7"]
    assert differ > 40                                           # the fused result is the error, the other 0
    tiny = f32(0x00800000)                                       # the smallest normal: halved, a subnormal
    got = _eval(["IMAD.MOV.U32 R5, RZ, RZ, RZ", "FFMA.FTZ R4, R2, R3, R5", "FFMA R6, R2, R3, R5"],
                bits(tiny), bits(0.5))
    assert got["R4"] == 0 and got["R6"] == 0x00400000
