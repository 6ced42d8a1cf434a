"""Values the SASS replay reads from what the launch's loads read, barrier epoch by barrier epoch
(tilelab/emu/counters/observed.py, sass_replay.py's ``_observed``, ``_saddr``, ``_barrier``, ``_ballot``).

Why: betweenness-centrality-gpu's ``while (block_source < nodes)`` (a ``__shared__`` scalar thread 0 writes, read
again after every ``__syncthreads``) and GridKnn's 64-bit addresses (``LEA R4, P0 ...; LEA.HI.X R5, ..., P0``) made
the replay give up at their first trip: the value was loaded from shared memory, or the carry was not followed.
These tests are synthetic SASS with the values a launch would have kept; each fails where the replay ignores
the barrier epoch, the carry, or the warp's vote."""
from __future__ import annotations

import random

import numpy as np
import pytest

from tilelab.emu.counters import observed as ob, sass_replay as sr


def _replay(text, targets):
    return sr.Replay([sr.instruction(0x10 * i, t) for i, t in enumerate(text)], targets)


def test_a_value_is_read_in_the_epoch_the_thread_read_it():
    o = ob.Observed([1, 2], 4, widths=[4, 4], spaces=[ob.SHARED, ob.SHARED], loops=[False, True])
    o.keep(1, np.arange(4), 0x404, np.full(4, 99, np.uint32), np.ones(4))          # before the barrier
    o.keep(2, np.arange(4), 0x404, np.full(4, 16, np.uint32), np.full(4, 2))       # after it
    assert list(o.value(np.arange(4), 0x404, 4, np.full(4, 1), ob.SHARED)) == [99] * 4
    assert list(o.value(np.arange(4), 0x404, 4, np.full(4, 2), ob.SHARED)) == [16] * 4
    assert o.value(np.arange(4), 0x404, 4, None, ob.SHARED) is None            # any epoch: two values
    assert o.value(np.arange(4), 0x404, 4, np.full(4, 3), ob.SHARED) is None   # not read then, and no one value
    assert o.value(np.arange(4), 0x404, 4, np.full(4, 2), ob.GLOBAL) is None   # another space
    o.keep(2, np.array([1]), 0x404, np.array([17], np.uint32), np.array([2]))    # changed within the epoch
    assert o.value(np.arange(4), 0x404, 4, np.full(4, 2), ob.SHARED) is None
    assert list(o.value(np.array([0, 2]), 0x404, 4, np.full(2, 2), ob.SHARED)) == [16, 16]


def test_bytes_are_assembled_from_the_reads_that_hold_them():
    rng = random.Random(3)
    for _ in range(20):
        raw = bytes(rng.getrandbits(8) for _ in range(16))
        o = ob.Observed([1, 2, 3], 2, widths=[1, 2, 8], spaces=[ob.GLOBAL] * 3)
        o.keep(1, np.arange(2), 0x1001, np.full(2, raw[1], np.uint8), np.ones(2))
        o.keep(2, np.arange(2), 0x1002, np.full(2, int.from_bytes(raw[2:4], "little"), np.uint16), np.ones(2))
        o.keep(3, np.arange(2), 0x1004, np.full(2, int.from_bytes(raw[4:12], "little"), np.uint64), np.ones(2))
        one = np.ones(2)
        assert o.value(np.arange(2), 0x1000, 4, one) is None                     # byte 0x1000 never read
        assert list(o.value(np.arange(2), 0x1001, 1, one)) == [raw[1]] * 2
        assert list(o.value(np.arange(2), 0x1001, 4, one)) == [int.from_bytes(raw[1:5], "little")] * 2
        got = o.value(np.arange(2), 0x1002, 8, one)
        assert got.dtype == np.uint64 and list(got) == [int.from_bytes(raw[2:10], "little")] * 2


def test_reads_inside_loops_past_their_budget_are_not_kept(monkeypatch):
    monkeypatch.setattr(ob, "MAX_LOOP_READS", 6)
    o = ob.Observed([1, 2], 4, widths=[4, 4], loops=[False, True])
    o.keep(1, np.arange(4), 0x100, np.full(4, 5, np.uint32), np.ones(4))
    o.keep(2, np.arange(4), 0x200, np.full(4, 6, np.uint32), np.ones(4))
    assert list(o.value(np.arange(4), 0x200, 4, np.ones(4))) == [6] * 4
    o.keep(2, np.arange(4), 0x204, np.full(4, 7, np.uint32), np.ones(4))         # 8 loop reads: over
    assert o.loops_dropped and o.value(np.arange(4), 0x200, 4, np.ones(4)) is None
    assert list(o.value(np.arange(4), 0x100, 4, np.ones(4))) == [5] * 4           # the others stay


# thread 0 wrote the bound (16) at 0x404 before the barrier; every thread read 99 there before it, 16 after
_BOUND = ["S2R R0, SR_TID.X", "S2UR UR5, SR_CgaCtaId", "UMOV UR4, 0x400", "ULEA UR4, UR5, UR4, 0x18",
          "LDS R2, [UR4+0x4]", "BAR.SYNC.DEFER_BLOCKING 0x0", "LDS R2, [UR4+0x4]",
          "ISETP.GE.AND P0, PT, R0, R2, PT", "@P0 EXIT", "LDS R3, [R0.X4+UR4+0x10]", "EXIT"]


def _bound_launch(epoch_after=2):
    o = ob.Observed([1, 2], 64, widths=[4, 4], spaces=[ob.SHARED, ob.SHARED])
    o.keep(1, np.arange(64), 0x404, np.full(64, 99, np.uint32), np.ones(64))
    o.keep(2, np.arange(64), 0x404, np.full(64, 16, np.uint32), np.full(64, epoch_after))
    L = sr.Launch((1, 1, 1), (64, 1, 1))
    L.observed = o
    return L


def test_a_shared_bound_read_after_a_barrier_decides_the_exit():
    """Threads 16..63 leave: warp 0 runs the load once (16 lanes on), warp 1 never. Read in the wrong epoch (99)
    every thread would stay and both warps run it."""
    got = _replay(_BOUND, (9,)).run(_bound_launch())
    assert got[9] == (1, 1)
    with pytest.raises(sr.GiveUp, match="EXIT"):       # both reads in one epoch, two values: no guess
        _replay(_BOUND, (9,)).run(_bound_launch(epoch_after=1))


def test_the_shared_window_needs_no_cluster():
    L = _bound_launch()
    L.cluster = (2, 1, 1)                                                     # CgaCtaId is the block's rank then
    try:
        _replay(_BOUND, (9,)).run(L)
    except sr.GiveUp as e:
        assert "EXIT" in str(e)
    else:
        raise AssertionError("a cluster's rank was taken as 0")


def test_an_aggregated_atomic_elects_its_leader():
    """ptxas's warp-aggregated ``atomicAdd(&n, 1)``: VOTEU.ANY, FLO, POPC and the lane's mask elect one lane per warp;
    the ATOMS runs once per warp with one lane on, and POPC says how many lanes came (48 threads: 32 and 16)."""
    text = ["S2R R0, SR_LANEID", "VOTEU.ANY UR4, UPT, PT", "FLO.U32 R1, UR4", "POPC R2, UR4", "S2R R6, SR_LTMASK",
            "LOP3.LUT R6, R6, UR4, RZ, 0xc0, !PT", "POPC R6, R6", "ISETP.EQ.U32.AND P0, PT, R1, R0, PT",
            "@P0 ATOMS.ADD R3, [RZ], R2", "ISETP.NE.AND P1, PT, R2, 0x20, PT", "@P1 LDS R5, [RZ]",
            "ISETP.NE.AND P2, PT, R6, R0, PT", "@P2 LDS R7, [RZ]", "EXIT"]
    got = _replay(text, (8, 10, 12)).run(sr.Launch((2, 1, 1), (48, 1, 1)))
    assert got[8] == (4, 4)           # 2 blocks x 2 warps, the leader's lane on
    assert got[10] == (4, 2)          # run by every warp, with lanes on in the 16-lane warps only
    assert got[12] == (4, 0)          # each lane's rank among the voters is its lane id: never on


def test_a_64_bit_address_carries_into_its_high_word():
    rng = random.Random(11)
    M = 0xFFFFFFFF
    for _ in range(40):
        a, b, hi = rng.getrandbits(32), rng.getrandbits(32), rng.getrandbits(32)
        sh = rng.randint(0, 4)
        text = [f"MOV R2, {a:#x}", f"MOV R3, {b:#x}", f"MOV R7, {hi:#x}", f"LEA R4, P0, R2, R3, {sh:#x}",
                f"LEA.HI.X R5, R2, R7, RZ, {sh:#x}, P0", "EXIT"]
        rp = _replay(text, ())
        rp.launch = sr.Launch((1, 1, 1), (1, 1, 1))
        g = sr._Group(np.arange(1), 0, {}, {}, {})
        for ins in rp.instrs[:-1]:
            rp._step(g, ins, None)
        seen = {k: int(v) for k, v in g.regs.items()}
        want = ((a << sh) + (hi << 32 | b)) & ((1 << 64) - 1)
        assert seen["R4"] == want & M and seen["R5"] == want >> 32, (a, b, hi, sh)


def _f32(x) -> str:
    return f"{int(np.float32(x).view(np.uint32)):#x}"


def test_float_compares_min_max_and_select_against_numpy():
    """FSETP (ordered and unordered, .FTZ), FMNMX and FSEL on float32 bits, NaN, infinities and -0 included: Swift's
    score kernels predicate a shared load on ``scoreMax < scores[i]`` (``FSETP.GEU``)."""
    rng = random.Random(13)
    pool = [0.0, -0.0, 1.0, -1.0, float("inf"), float("-inf"), float("nan"), 1e-40, -1e-40, 3.5, 152.0]
    cmps = {"LT": np.less, "LE": np.less_equal, "GT": np.greater, "GE": np.greater_equal, "EQ": np.equal,
            "NE": np.not_equal}
    for _ in range(60):
        a = np.float32(rng.choice(pool + [rng.uniform(-1e3, 1e3)]))
        b = np.float32(rng.choice(pool + [rng.uniform(-1e3, 1e3)]))
        text = [f"MOV R2, {_f32(a)}", f"MOV R3, {_f32(b)}"]
        for k, c in enumerate(cmps):
            text += [f"FSETP.{c}.AND P{k}, PT, R2, R3, PT"]
        text += ["FSETP.GEU.AND P6, PT, R2, R3, PT", "FSETP.NEU.FTZ.AND UP0, PT, R2, R3, PT",
                 "FMNMX R4, R2, R3, PT", "FMNMX R5, R2, R3, !PT", "FSEL R6, R2, R3, P0", "EXIT"]
        rp = _replay(text, ())
        rp.launch = sr.Launch((1, 1, 1), (1, 1, 1))
        g = sr._Group(np.arange(1), 0, {}, {}, {})
        for ins in rp.instrs[:-1]:
            rp._step(g, ins, None)
        f = lambda r, g=g: np.asarray(g.regs[r], dtype=np.uint32).view(np.float32)  # noqa: E731
        with np.errstate(invalid="ignore"):
            for k, (c, fn) in enumerate(cmps.items()):
                want = bool(fn(a, b)) and not (np.isnan(a) or np.isnan(b))
                assert bool(g.preds[f"P{k}"]) == want, (c, a, b)
            assert bool(g.preds["P6"]) == (not bool(a < b))                 # GEU: not less, NaN true
            fa, fb = (np.float32(0) if abs(x) < 1.17549435e-38 else x for x in (a, b))
            assert bool(g.preds["UP0"]) == (bool(fa != fb) or np.isnan(a) or np.isnan(b))
        lo, hi = f("R4"), f("R5")
        if np.isnan(a) or np.isnan(b):
            other = b if np.isnan(a) else a
            assert (np.isnan(lo) and np.isnan(other)) or lo == other
        else:
            assert lo == min(a, b) and hi == max(a, b)
        assert np.asarray(g.regs["R6"]) == (np.float32(a).view(np.uint32) if bool(a < b) else
                                              np.float32(b).view(np.uint32))


# thread 0 alone runs an ``if (tid == 0)`` block inside a two-trip loop with no BSSY around it; the warp's threads meet
# at the WARPSYNC and block barrier after it (betweenness centrality's ``if (idx == 0)`` blocks), then all load
_TID0 = ["S2R R0, SR_TID.X", "MOV R1, RZ", "ISETP.NE.AND P0, PT, R0, RZ, PT", "@P0 BRA 0x60", "STS [RZ], R0", "NOP",
         "WARPSYNC.ALL", "BAR.SYNC.DEFER_BLOCKING 0x0", "LDS R2, [RZ]", "VIADD R1, R1, 0x1",
         "ISETP.LT.U32.AND P1, PT, R1, 0x2, PT", "@P1 BRA 0x20", "EXIT"]


def test_paths_that_meet_at_a_barrier_run_on_together():
    """Thread 0's store splits its warp; the other threads go first to the WARPSYNC and barrier, wait there for it
    (the lowest pc runs first, as the machine's do), and the load after runs once per warp per trip. Where the
    paths meet with no point of reconvergence (NOPs), the warp's threads run the load apart, which is not known:
    the replay gives up, as it did before."""
    rp = _replay(_TID0, (4, 8))
    got = rp.run(sr.Launch((2, 1, 1), (64, 1, 1)))
    assert rp.merging
    assert got[4] == (2 * 2, 2 * 2)                  # 2 blocks x 2 trips, warp 0 only
    assert got[8] == (2 * 2 * 2, 2 * 2 * 2)          # 2 blocks x 2 warps x 2 trips
    apart = [t if t not in ("WARPSYNC.ALL", "BAR.SYNC.DEFER_BLOCKING 0x0") else "NOP" for t in _TID0]
    with pytest.raises(sr.GiveUp, match="take different paths"):
        _replay(apart, (4, 8)).run(sr.Launch((2, 1, 1), (64, 1, 1)))


def test_a_branch_over_a_float_division_slow_path_is_stepped_over():
    """``FCHK P0, ...; @!P0 BRA L; CALL slowpath; L:`` with no BSSY around it: both ways meet at L, so the replay goes
    on there with what the stretch writes unknown."""
    text = ["S2R R0, SR_TID.X", "FCHK P0, R0, R0", "@!P0 BRA 0x40", "CALL.REL.NOINC 0x80", "LDS R2, [R0]", "EXIT",
            "NOP", "NOP", "MOV R5, RZ", "RET.REL.NODEC R20 0x0"]

    def replay(targets):
        ins = [sr.instruction(0x10 * i, t, target=0x80 if t.startswith("CALL") else None) for i, t in enumerate(text)]
        return sr.Replay(ins, targets)
    got = replay((4,)).run(sr.Launch((1, 1, 1), (64, 1, 1)))
    assert got[4] == (2, 2)
    with pytest.raises(sr.GiveUp):                   # a target in the stretch: not stepped over
        replay((3, 4)).run(sr.Launch((1, 1, 1), (64, 1, 1)))


def test_an_atomics_result_is_the_launchs_in_its_order():
    """Each thread's k-th atomic of an epoch returned what the launch's k-th did: the first ``atomicCAS`` of
    thread t returned t % 3, the second 0; ``@P0 LDS`` runs where the first returned 0."""
    o = ob.Observed([1, 2], 64, widths=[4, 4], spaces=[ob.ATOM, ob.ATOM])
    t = np.arange(64)
    o.keep(1, t, 0x400 + 4 * t, (t % 3).astype(np.uint32), np.ones(64))
    o.keep(2, t, 0x400 + 4 * t, np.zeros(64, np.uint32), np.ones(64))
    val, at = o.atomic(t, np.ones(64), np.zeros(64))
    assert list(val) == list(t % 3) and list(at) == list(0x400 + 4 * t)
    assert list(o.atomic(t, np.ones(64), np.ones(64))[0]) == [0] * 64
    assert o.atomic(t, np.ones(64), np.full(64, 2))[0] is None
    text = ["S2R R0, SR_TID.X", "S2UR UR5, SR_CgaCtaId", "UMOV UR4, 0x400", "ULEA UR4, UR5, UR4, 0x18",
            "ATOMS.CAS R3, [R0.X4+UR4], R0, R0", "ISETP.NE.AND P0, PT, R3, RZ, PT", "@P0 BRA 0x80", "LDS R4, [RZ]",
            "EXIT"]
    L = sr.Launch((1, 1, 1), (64, 1, 1))
    L.observed = o
    got = _replay(text, (7,)).run(L)
    assert got[7] == (2, 2)                          # both warps have lanes where t % 3 == 0
    wrong = ob.Observed([1], 64, widths=[4], spaces=[ob.ATOM])
    wrong.keep(1, t, 0x800 + 4 * t, np.zeros(64, np.uint32), np.ones(64))     # another address: not this atomic's
    L.observed = wrong
    with pytest.raises(sr.GiveUp, match="BRA"):
        _replay(text, (7,)).run(L)


def test_a_conversion_writes_the_registers_of_its_destination_type():
    """``I2F.U64 R2, R20`` writes one float32 (R3 keeps its value); ``I2F.F64.S32`` and ``F2I.U64.TRUNC`` write a pair.
    (Before, the 64-bit source made the replay forget R3: betweenness centrality's thread index, which its depth
    loop's bound is computed from.)"""
    for text, kept in (("I2F.U64 R2, R20", True), ("I2F.F64.S32 R2, R20", False), ("F2I.U64.TRUNC R2, R20", False),
                       ("F2I.FTZ.U32.TRUNC.NTZ R2, R20", True), ("F2F.F64.F32 R2, R20", False)):
        rp = _replay(["MOV R3, 0x7", text, "EXIT"], ())
        rp.launch = sr.Launch((1, 1, 1), (1, 1, 1))
        g = sr._Group(np.arange(1), 0, {}, {}, {})
        for ins in rp.instrs[:-1]:
            rp._step(g, ins, None)
        assert isinstance(g.regs["R2"], sr.Unknown)
        assert (not isinstance(g.regs["R3"], sr.Unknown) and int(g.regs["R3"]) == 7) == kept, text


def test_a_word_not_every_lane_read_is_looked_up_for_the_lanes_that_use_it():
    """An ``LDS.64`` of a pointer only lanes 0-15 read in the launch (they enter the loop that uses it): the word is
    kept aside, and the lanes that go on to use it find it; the load the pointer feeds then decides their branch."""
    o = ob.Observed([1, 2], 32, widths=[8, 4], spaces=[ob.SHARED, ob.GLOBAL])
    t = np.arange(16)
    o.keep(1, t, 0x410, np.full(16, 0x1000, np.uint64), np.ones(16))            # the pointer, lanes 0-15 only
    o.keep(2, t, 0x1000 + 4 * t, (t % 2).astype(np.uint32), np.ones(16))         # what each reads through it
    text = ["S2R R0, SR_TID.X", "S2UR UR5, SR_CgaCtaId", "UMOV UR4, 0x400", "ULEA UR4, UR5, UR4, 0x18",
            "LDS.64 R8, [UR4+0x10]", "ISETP.GE.U32.AND P0, PT, R0, 0x10, PT", "@P0 EXIT",
            "IMAD.WIDE.U32 R10, R0, 0x4, R8", "LDG.E R12, desc[UR6][R10.64]", "ISETP.NE.AND P1, PT, R12, RZ, PT",
            "@P1 BRA 0xc0", "LDS R13, [RZ]", "EXIT"]
    L = sr.Launch((1, 1, 1), (32, 1, 1))
    L.observed = o
    got = _replay(text, (11,)).run(L)
    assert got[11] == (1, 1)                         # the even lanes of warp 0
    early = text[:4] + ["LDS.64 R8, [UR4+0x10]", "IMAD.WIDE.U32 R10, R0, 0x4, R8"] + text[5:7] + text[8:]
    with pytest.raises(sr.GiveUp, match="BRA at 0x00a0"):   # used by every lane at once: 16-31 never read it
        _replay(early, (11,)).run(L)


def test_a_predicated_load_of_a_word_left_for_later():
    """``@!P0 LDS.64`` with the predicate on for every lane keeps the word for later as an unpredicated load does; on
    for some lanes only, the word is looked up at once (the others keep their value), unknown where not every lane
    that ran it read it. (The guarded write had stored the deferred word inside an array: betweenness centrality's
    vertex-parallel kernel stopped the emulator with a TypeError.)"""
    o = ob.Observed([1, 2], 32, widths=[8, 4], spaces=[ob.SHARED, ob.GLOBAL])
    t = np.arange(16)
    o.keep(1, t, 0x410, np.full(16, 0x1000, np.uint64), np.ones(16))
    o.keep(2, t, 0x1000 + 4 * t, (t % 2).astype(np.uint32), np.ones(16))
    head = ["S2R R0, SR_TID.X", "S2UR UR5, SR_CgaCtaId", "UMOV UR4, 0x400", "ULEA UR4, UR5, UR4, 0x18",
            "MOV R8, RZ", "MOV R9, RZ"]
    tail = ["ISETP.GE.U32.AND P0, PT, R0, 0x10, PT", "@P0 EXIT", "IMAD.WIDE.U32 R10, R0, 0x4, R8",
            "LDG.E R12, desc[UR6][R10.64]", "ISETP.NE.AND P1, PT, R12, RZ, PT", "@P1 BRA 0xf0", "LDS R13, [RZ]",
            "EXIT"]
    L = sr.Launch((1, 1, 1), (32, 1, 1))
    L.observed = o
    every = head + ["ISETP.GE.U32.AND P2, PT, R0, 0x40, PT", "@!P2 LDS.64 R8, [UR4+0x10]"] + tail
    assert _replay(every, (14,)).run(L)[14] == (1, 1)
    some = head + ["ISETP.GE.U32.AND P2, PT, R0, 0x8, PT", "@!P2 LDS.64 R8, [UR4+0x10]"] + tail
    with pytest.raises(sr.GiveUp, match="BRA"):       # lanes 8-15 keep R8 = 0: their loads' values are not known
        _replay(some, (14,)).run(L)
