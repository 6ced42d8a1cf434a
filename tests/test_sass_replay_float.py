"""The SASS replay's float steps, shuffles and own shared stores (tilelab/emu/counters/sass_replay.py; docs/FIDELITY.md,
"the replay's float division, doubles, shuffles and own stores").

Lines the replay gave up on were counted as the PTX runs and marked undecided: torchvision's RoIPool (a float division
by the pooled size, its bin edges floored and ceiled, ``roundf`` by ``FADD.RZ``), mwa_hyperdrive's peeling (double
arithmetic and a double division), NNPOps' CFConv (a warp sum by shuffles). Each step is checked here against an
exact model (Python fractions, integer rules), and RoIPool's line against the H100's ncu counts."""
from __future__ import annotations

import random
import struct
from fractions import Fraction

import numpy as np
import pytest

from tilelab.emu.counters import observed as ob
from tilelab.emu.counters import sass_replay as sr
from tilelab.emu.numerics import fma_f32
from conftest import ROOT, needs_cubin, read_json

f32 = lambda x: struct.unpack("<f", struct.pack("<I", x & 0xFFFFFFFF))[0]  # noqa: E731
bits = lambda x: struct.unpack("<I", struct.pack("<f", x))[0]  # noqa: E731
f64 = lambda x: struct.unpack("<d", struct.pack("<Q", x))[0]  # noqa: E731
bits64 = lambda x: struct.unpack("<Q", struct.pack("<d", x))[0]  # noqa: E731


def _run(lines: list[str], params: bytes, lanes: int = 1, observed=None, blocks: int = 1) -> sr._Group:
    """Straight-line SASS for ``lanes`` threads of one block, the parameters' bytes at ``c[0x0][0x210]``; the group."""
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(lines)]
    instrs.append(sr.instruction(0x10 * len(lines), "EXIT"))
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((blocks, 1, 1), (lanes, 1, 1), params, len(params), "sm_90")
    rp.launch.observed = observed
    g = sr._Group(np.arange(lanes * blocks), 0, {}, {}, {})
    for i, ins in enumerate(instrs[:-1]):
        g.pc = i                                    # the division's patterns look around the instruction
        rp._step(g, ins, rp._pred(g, ins.pred) if ins.pred else None)
    return g


def _word(g, name):
    v = sr.Replay._reg(g, name) if name in g.regs else g.preds.get(name)     # a load left for later: looked up
    return v if isinstance(v, sr.Unknown) else np.asarray(v)


FDIV = ["LDC R2, c[0x0][0x210]", "LDC R3, c[0x0][0x214]", "MUFU.RCP R4, R3", "FCHK P0, R2, R3",
        "FFMA R5, -R3, R4, 1", "FFMA R5, R4, R5, R4", "FFMA R6, R2, R5, RZ", "FFMA R7, -R3, R6, R2",
        "FFMA R8, R5, R7, R6"]


def test_the_float_division_from_either_neighbour_of_the_reciprocal_is_the_rounded_quotient():
    """ptxas's div.rn.f32 fast path seeded by the unit's reciprocal (within one ulp: the float32 just below or just
    above 1/d) gives n / d rounded to nearest from either seed; the replay seeds it with the nearest and its FCHK is
    false for operands far from the range's ends, unknown near them."""
    rng = random.Random(21)
    for _ in range(300):
        n = np.float32(f32(rng.getrandbits(31)) if rng.random() < .3 else rng.uniform(-1e4, 1e4))
        d = np.float32(rng.choice([rng.uniform(-50, 50), rng.randint(1, 9), f32(rng.getrandbits(23) | 0x3F800000)]))
        if d == 0 or not np.isfinite(n) or not 2.0 ** -100 <= abs(float(n)) <= 2.0 ** 100 and n != 0:
            continue
        want = np.float32(n) / np.float32(d)
        exact = Fraction(1) / Fraction(float(d))
        near = np.float32(float(exact))
        for seed in {np.nextafter(near, np.float32(-np.inf)) if Fraction(float(near)) > exact else near,
                     np.nextafter(near, np.float32(np.inf)) if Fraction(float(near)) < exact else near}:
            e = fma_f32(-d, seed, np.float32(1))
            r = fma_f32(seed, e, seed)
            q = fma_f32(n, r, np.float32(0))
            rem = fma_f32(-d, q, n)
            assert fma_f32(r, rem, q) == want, (n, d, seed)
        g = _run(FDIV, struct.pack("<ff", n, d))
        assert not bool(_word(g, "P0")) and int(_word(g, "R8")) == bits(float(want)), (n, d)
    g = _run(FDIV, struct.pack("<ff", 1.0, 2.0 ** -120))
    assert isinstance(_word(g, "P0"), sr.Unknown)
    # a MUFU.RCP outside the division's shape stays unknown (its bits are the unit's)
    g = _run(["LDC R3, c[0x0][0x214]", "MUFU.RCP R4, R3", "FADD R5, R4, R4"], struct.pack("<ff", 1.0, 3.0))
    assert isinstance(_word(g, "R5"), sr.Unknown)


@pytest.mark.parametrize("mode", ["RZ", "RM", "RP"])
def test_directed_float_add_and_multiply_against_fractions(mode):
    """``FADD.RZ`` (roundf's x + copysign(0.5 - ulp, x)), ``.RM``, ``.RP`` and ``FMUL`` alike: the exact sum or
    product taken to the float32 on the named side."""
    rng = random.Random(hash(mode) & 0xFFFF)

    def directed(x: Fraction) -> int:
        near = np.float32(float(x))                    # float(Fraction) rounds to nearest in float64, then float32
        lo = near if Fraction(float(near)) <= x else np.nextafter(near, np.float32(-np.inf))
        hi = near if Fraction(float(near)) >= x else np.nextafter(near, np.float32(np.inf))
        pick = {"RM": lo, "RP": hi, "RZ": lo if x >= 0 else hi}[mode]
        return bits(float(pick))
    for _ in range(150):
        a = f32(rng.getrandbits(32) & 0xBFFFFFFF | 0x30000000)     # magnitudes well inside the range
        b = f32(rng.getrandbits(32) & 0xBFFFFFFF | 0x30000000)
        if rng.random() < .3:
            b = f32(0x3EFFFFFF) if a > 0 else -f32(0x3EFFFFFF)      # roundf's half less an ulp
        g = _run(["LDC R2, c[0x0][0x210]", "LDC R3, c[0x0][0x214]", f"FADD.{mode} R4, R2, R3",
                  f"FMUL.{mode} R5, R2, R3"], struct.pack("<ff", a, b))
        assert int(_word(g, "R4")) == directed(Fraction(a) + Fraction(b)), (a, b)
        assert int(_word(g, "R5")) == directed(Fraction(a) * Fraction(b)), (a, b)


def test_f2i_rounds_as_named_and_saturates():
    rng = random.Random(4)
    vals = [2.5, -2.5, 3.5, -0.5, 1e10, -1e10, 7.999, -7.001, float("nan"), 0.0]
    vals += [rng.uniform(-1e5, 1e5) for _ in range(40)]
    for x in vals:
        x = float(np.float32(x))
        g = _run(["LDC R2, c[0x0][0x210]", "F2I.TRUNC.NTZ R3, R2", "F2I.FLOOR.NTZ R4, R2", "F2I.CEIL.NTZ R5, R2",
                  "F2I.NTZ R6, R2", "F2I.U32.TRUNC.NTZ R7, R2"], struct.pack("<f", x))
        s32 = lambda v: int(np.asarray(v).astype(np.int64)) - (1 << 32) * (int(v) >> 31)  # noqa: E731
        if x != x:
            assert [int(_word(g, r)) for r in ("R3", "R4", "R5", "R6", "R7")] == [0] * 5
            continue
        clamp = lambda v: max(-2 ** 31, min(2 ** 31 - 1, v))  # noqa: E731
        import math
        assert s32(_word(g, "R3")) == clamp(math.trunc(x))
        assert s32(_word(g, "R4")) == clamp(math.floor(x))
        assert s32(_word(g, "R5")) == clamp(math.ceil(x))
        assert s32(_word(g, "R6")) == clamp(round(x))               # Python rounds half to even, as the unit does
        assert int(_word(g, "R7")) == max(0, min(2 ** 32 - 1, math.trunc(x)))


def test_double_arithmetic_and_compare_against_fractions():
    rng = random.Random(8)
    for _ in range(80):
        a, b, c = (rng.uniform(-1e3, 1e3) for _ in range(3))
        g = _run(["LDC.64 R2, c[0x0][0x210]", "LDC.64 R4, c[0x0][0x218]", "LDC.64 R6, c[0x0][0x220]",
                  "DADD R8, R2, -R4", "DMUL R10, R2, R4", "DFMA R12, R2, R4, R6",
                  "DSETP.GT.AND P0, PT, |R2|, R4, PT"], struct.pack("<ddd", a, b, c))
        pair = lambda n: int(_word(g, f"R{n}")) | int(_word(g, f"R{n + 1}")) << 32  # noqa: E731
        assert f64(pair(8)) == float(Fraction(a) - Fraction(b))
        assert f64(pair(10)) == float(Fraction(a) * Fraction(b))
        assert f64(pair(12)) == float(Fraction(a) * Fraction(b) + Fraction(c))   # rounded once
        assert bool(_word(g, "P0")) == (abs(a) > b)


def test_the_double_division_seeded_from_the_high_word_is_the_rounded_quotient():
    """mwa_hyperdrive's ``a / b`` in doubles as ptxas wrote it: ``MUFU.RCP64H`` of the divisor's high word (low word
    1), two Newton steps, the quotient and its correction; then the fast-path test on the quotient's high word."""
    seq = ["LDC.64 R14, c[0x0][0x210]", "LDC.64 R16, c[0x0][0x218]", "IMAD.MOV.U32 R18, RZ, RZ, 0x1",
           "MUFU.RCP64H R19, R17", "DFMA R2, -R16, R18, 1", "DFMA R20, R2, R2, R2", "DFMA R20, R18, R20, R18",
           "DFMA R8, -R16, R20, 1", "DFMA R2, R20, R8, R20", "DMUL R20, R14, R2", "DFMA R22, -R16, R20, R14",
           "DFMA R2, R2, R22, R20", "FFMA R0, RZ, R17, R3",
           "FSETP.GT.AND P0, PT, |R0|, 1.469367938527859385e-39, PT"]
    rng = random.Random(12)
    for _ in range(200):
        n, d = rng.uniform(-1e6, 1e6), rng.choice([rng.uniform(-1e3, 1e3), float(rng.randint(1, 30))])
        g = _run(seq, struct.pack("<dd", n, d))
        q = int(_word(g, "R2")) | int(_word(g, "R3")) << 32
        assert f64(q) == n / d, (n, d)
        assert bool(_word(g, "P0")) == (abs(f32(q >> 32)) > 1.469367938527859385e-39)
    # outside that shape its bits stay unknown
    g = _run(["LDC.64 R16, c[0x0][0x218]", "MUFU.RCP64H R19, R17"], struct.pack("<dd", 1.0, 3.0))
    assert isinstance(_word(g, "R19"), sr.Unknown)


def test_conversions_between_float_double_and_int():
    """``F2F.F64.F32`` (exact), ``F2F.F32.F64`` (nearest), ``F2I.F64`` rounded as named: DIB-R's ``(int)(x + 0.5)``
    on a float in double precision decides its branch."""
    import math
    rng = random.Random(6)
    for _ in range(60):
        x = float(np.float32(rng.uniform(-3e4, 3e4)))
        g = _run(["LDC R2, c[0x0][0x210]", "F2F.F64.F32 R4, R2", "DADD R4, R4, 0.5", "F2I.F64.TRUNC R6, R4",
                  "F2I.F64.FLOOR R7, R4", "F2F.F32.F64 R8, R4"], struct.pack("<f", x))
        s32 = lambda v: int(v) - (1 << 32) * (int(v) >> 31)  # noqa: E731
        assert s32(_word(g, "R6")) == math.trunc(x + 0.5) and s32(_word(g, "R7")) == math.floor(x + 0.5)
        assert int(_word(g, "R8")) == bits(float(np.float32(x + 0.5)))


def test_bytes_and_halves_of_a_constant_variable():
    """``LDC.U8 R6, c[0x3][R6]`` (hc's dictionary of a GPU brute force, ``k_dict[idx % n]``), ``.S8``, ``.U16``,
    ``.S16``: the bytes the launch gave the ``__constant__`` variable, sign-extended where signed; outside it unknown."""
    data = bytes([0x41, 0xF0, 0x7F, 0x80, 0x34, 0x12, 0xFE, 0xFF])
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(
        ["LDC R6, c[0x0][0x210]", "LDC.U8 R7, c[0x3][R6]", "LDC.S8 R8, c[0x3][R6+0x1]", "LDC.U16 R9, c[0x3][R6+0x4]",
         "LDC.S16 R10, c[0x3][R6+0x6]", "LDC.U8 R11, c[0x3][R6+0x40]", "EXIT"])]
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((1, 1, 1), (1, 1, 1), struct.pack("<I", 0x20), 4, "sm_90", bank3=((0x20, data),))
    g = sr._Group(np.arange(1), 0, {}, {}, {})
    for i, ins in enumerate(instrs[:-1]):
        g.pc = i
        rp._step(g, ins, None)
    assert [int(_word(g, f"R{k}")) for k in (7, 8, 9, 10)] == [0x41, 0xFFFFFFF0, 0x1234, 0xFFFFFFFE]
    assert isinstance(_word(g, "R11"), sr.Unknown)


@pytest.mark.parametrize("mode,b,c", [("DOWN", 3, 0x1F), ("UP", 5, 0x0), ("BFLY", 6, 0x1F), ("IDX", 9, 0x1F),
                                      ("DOWN", 1, 0x81F), ("IDX", 2, 0x181F)])
def test_shuffles_follow_the_ptx_rule_where_the_whole_warp_is_here(mode, b, c):
    """``SHFL`` for 32 lanes of one warp, each holding 100 + its lane: the value of the lane the PTX's
    ``shfl.sync`` rule names (a segment mask in ``c``'s bits 8-12, the clamp in 0-4), and whether it was in range;
    with only 16 lanes of the warp in the group, or the warp on two paths, the result is unknown."""
    g = _run(["S2R R2, SR_LANEID", "IADD3 R3, R2, 0x64, RZ", f"SHFL.{mode} P0, R4, R3, {b:#x}, {c:#x}"], b"", 32)
    lane = np.arange(32)
    clamp, seg = c & 0x1F, (c >> 8) & 0x1F
    lo = lane & seg
    hi = lo | (clamp & ~seg)
    j = {"UP": lane - b, "DOWN": lane + b, "BFLY": lane ^ b, "IDX": lo | (b & ~seg & 0x1F)}[mode]
    ok = j >= hi if mode == "UP" else j <= hi
    assert (np.broadcast_to(_word(g, "R4"), (32,)) == 100 + np.where(ok, j, lane)).all()
    assert (np.broadcast_to(_word(g, "P0"), (32,)) == ok).all()
    g = _run(["S2R R2, SR_LANEID", f"SHFL.{mode} P0, R4, R2, {b:#x}, {c:#x}"], b"", 16)
    src = np.where(ok, j, lane)[:16]
    assert isinstance(_word(g, "R4"), sr.Unknown) == bool((src >= 16).any())


def test_a_threads_own_shared_store_is_what_it_reads_back_in_the_epoch():
    """Thread 0 read a word of shared memory, then stored a sum there, then read it back, all in one barrier epoch:
    the launch's two reads disagree, so what it read is not known from them; the replay's own store gives the
    value. Without that store in the group the word stays unknown, and a store to an address not known forgets."""
    obs = ob.Observed([5], 1, [4], [ob.SHARED])
    obs.keep(5, np.array([0]), np.array([64]), np.array([7], np.uint32), np.array([1]))
    obs.keep(5, np.array([0]), np.array([64]), np.array([9], np.uint32), np.array([1]))
    head = ["LDC R2, c[0x0][0x210]", "LDC R3, c[0x0][0x214]"]
    g = _run(head + ["STS [R2], R3", "LDS R4, [R2]"], struct.pack("<II", 64, 9), observed=obs)
    assert int(_word(g, "R4")) == 9
    g = _run(head + ["LDS R4, [R2]"], struct.pack("<II", 64, 9), observed=obs)
    assert isinstance(_word(g, "R4"), sr.Unknown)
    g = _run(head + ["STS [R2], R3", "LDS R5, [R3]", "STS [R5], R3", "LDS R4, [R2]"], struct.pack("<II", 64, 9),
             observed=obs)
    assert isinstance(_word(g, "R4"), sr.Unknown)


@needs_cubin
def test_roipools_bin_loop_is_decided_with_ncus_counts():
    """torchvision's RoIPool: its line 111's loop runs from floor to ceil of float bin edges (a float division,
    ``FADD.RZ`` for roundf, ``F2I.FLOOR``/``.CEIL``); the replay gave up at the division and the line's two totals
    were undecided. Decided now, and equal to the H100's (fidelity-2026-12-07-unseen160.json)."""
    from collection import run as c
    name = "vision::ops::roi_pool_forward_kernel_impl<float>"
    entry = next(e for e in c.load() if e["file"] == "tvops_roi_pool_kernel.cu" and e["name"] == name)
    res, _, _ = c.run_emu(entry)
    assert not [r["line"] for r in res.per_line if r.get("undecided") or r.get("undecided_keys")]
    rec = next(r["ncu"] for r in read_json(ROOT / "bench" / "results" / "fidelity-2026-12-07-unseen160.json")["rows"]
               if r["id"].endswith(f":{name}"))
    keys = ("global_ld_requests", "global_ld_sectors")
    assert {k: res.metrics[k] for k in keys} == {k: rec[k] for k in keys}
