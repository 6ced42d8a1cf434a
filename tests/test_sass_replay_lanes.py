"""What the SASS replay (tilelab/emu/counters/sass_replay.py) knows lane by lane, and where a warp's lanes meet.

Why: three kernels of issue 23's unseen suites left lines undecided that the hardware runs plainly.
- GridKnn's ``devKnnShared`` (collection/gridknn_main.cu) builds each thread's list of neighbour blocks in a local
  array, ``nbrs_blocks[number_of_nbrs_blocks++] = ...`` under ``if (!(nx < 0 | ...))``: ptxas computes the address
  (``@!P4 LEA R25, R0, UR15, 0x2``) and stores (``@!P4 STL [R25], R7``) under a predicate that differs between the
  blocks of one group of lanes, then reads the list back (``LDL R2, [UR5]``) for the loop's trip count and loads.
  The replay lost the address (a register written under a predicate was unknown on every lane), the stored words
  (an address that differs between lanes), and a ``VIMNMX`` ptxas had scheduled inside the ``BSSY`` region of a
  square root's slow path before the branch that skips it.
- betweenness-centrality-gpu's work-efficient kernel (collection/bcgpu_work_efficient.cu) runs ``for (r = V[v]; r
  < V[v+1]; r++) if (...) atomicAdd(&sigma[w], ...)``: a loop whose trip count differs between a warp's lanes, an
  ``if`` inside with a counted load. The lanes that leave the loop wait at its ``BSYNC`` while their warp-mates go
  on; the merging replay did not count those waiting lanes as met, and gave up ("different paths").
Each test is synthetic SASS that fails where the replay lacks the piece it names."""
from __future__ import annotations

import numpy as np

from tilelab.emu.counters import sass_replay as sr


def _program(text):
    """Instructions 0x10 apart; ``Lname:`` labels the next instruction. A ``BSSY``'s operand names the label after
    its ``BSYNC`` (where ptxas puts it), kept as its target."""
    labels, lines = {}, []
    for t in text:
        if t.endswith(":"):
            labels[t[:-1]] = 0x10 * len(lines)
        else:
            lines.append(t)
    out = []
    for i, t in enumerate(lines):
        for name, at in labels.items():
            t = t.replace(name, hex(at))
        ins = sr.instruction(0x10 * i, t)
        if ins.op == "BSSY":
            ins = sr.Ins(ins.addr, "", "BSSY", (), ins.ops, int(ins.ops[1], 16))
        out.append(ins)
    return out


def _index(instrs, text):
    return next(i for i, ins in enumerate(instrs) if sr.instruction(ins.addr, text) == ins)


def test_a_threads_own_list_written_and_read_under_its_own_predicate():
    """Lanes 0-15 store their thread index at their own local address, computed under the same predicate; the
    others leave; the list read back decides who runs the load: lanes 8-15 of warp 0, once."""
    text = ["S2R R0, SR_TID.X", "LDC R1, c[0x0][0x28]",
            "ISETP.GE.AND P0, PT, R0, 0x10, PT",
            "@!P0 LEA R5, R0, R1, 0x2",             # written under a predicate, never before: known on lanes 0-15
            "@!P0 STL [R5], R0",                    # sixteen lanes, sixteen addresses
            "@P0 EXIT",
            "LDL R2, [R5]",
            "ISETP.LT.AND P1, PT, R2, 0x8, PT",
            "@P1 EXIT",
            "LDS R3, [R0]", "EXIT"]
    instrs = _program(text)
    target = _index(instrs, "LDS R3, [R0]")
    got = sr.Replay(instrs, (target,)).run(sr.Launch((1, 1, 1), (64, 1, 1)))
    assert got[target] == (1, 1)


def test_a_value_written_under_a_predicate_is_read_only_where_it_was_written():
    """R5 holds a loaded value the replay does not know, then lanes 0-15 write it: known on those only, so a branch
    on it for every lane of the warp is not decided. (A register never written before is another thing: what the
    lanes off hold there is nothing the kernel may read, so it is known wherever it is written.)"""
    text = ["S2R R0, SR_TID.X", "ISETP.GE.AND P0, PT, R0, 0x10, PT",
            "LDG.E R5, desc[UR4][R8.64]",
            "@!P0 IADD3 R5, R0, 0x1, RZ",
            "ISETP.GT.AND P1, PT, R5, 0x4, PT",     # every lane reads R5: lanes 16-31 have none
            "@P1 EXIT", "LDS R3, [R0]", "EXIT"]
    instrs = _program(text)
    target = _index(instrs, "LDS R3, [R0]")
    try:
        sr.Replay(instrs, (target,)).run(sr.Launch((1, 1, 1), (32, 1, 1)))
    except sr.GiveUp as e:
        assert "LDG at 0x0020" in str(e)
    else:
        raise AssertionError("a value known on half the lanes decided a branch of all of them")
    # the lanes 16-31 gone first: the others read what they wrote (R5 = tid + 1), and lanes 0-3 run the load
    text.insert(4, "@P0 EXIT")
    instrs = _program(text)
    target = _index(instrs, "LDS R3, [R0]")
    assert sr.Replay(instrs, (target,)).run(sr.Launch((1, 1, 1), (32, 1, 1)))[target] == (1, 1)


def test_a_region_stepped_over_keeps_what_ran_in_it_before_its_branch():
    """ptxas put ``MOV R5, 0x10`` inside the region, before the branch on a value the replay does not know (an
    ``LDG`` through an address it does not know): stepping over the region clobbers only what may run after the
    branch, so R5 still decides that threads 0-15 run the load."""
    text = ["S2R R0, SR_TID.X",
            "BSSY B1, LAFTER",
            "MOV R5, 0x10",
            "LDG.E R3, desc[UR4][R8.64]",
            "ISETP.GT.U32.AND P0, PT, R3, 0x5, PT",
            "@P0 BRA LEND",
            "MOV R6, 0x1",
            "LEND:", "BSYNC B1",
            "LAFTER:", "ISETP.LT.AND P1, PT, R0, R5, PT",
            "@!P1 EXIT", "LDS R7, [R0]", "EXIT"]
    instrs = _program(text)
    target = _index(instrs, "LDS R7, [R0]")
    got = sr.Replay(instrs, (target,)).run(sr.Launch((1, 1, 1), (64, 1, 1)))
    assert got[target] == (1, 1)


def _inner_loop():
    """Lane l of each warp runs the loop 1 + (l & 1) + ((l >> 1) & 1) times; in trip k the lanes with (l >> 2) + k
    even run the counted load inside an ``if`` region; a second load after the loop. Per warp the first load runs
    in each of the three trips (lanes 0-3, 8-11, ... in the first; 5-7, 13-15, ... in the second; 3, 11, 19, 27 in
    the third, while lanes 0, 4, 8, ... wait at the loop's end since the first), the second once."""
    text = ["S2R R0, SR_TID.X", "LOP3.LUT R1, R0, 0x1f, RZ, 0xc0, !PT",
            "LOP3.LUT R4, R1, 0x1, RZ, 0xc0, !PT", "SHF.R.U32.HI R5, RZ, 0x1, R1",
            "LOP3.LUT R5, R5, 0x1, RZ, 0xc0, !PT", "IADD3 R4, R4, R5, RZ", "VIADD R4, R4, 0x1",
            "MOV R2, RZ", "SHF.R.U32.HI R9, RZ, 0x2, R1",
            "BSSY B2, LOUT",
            "LTOP:", "BSSY B3, LNEXT",
            "IADD3 R6, R9, R2, RZ", "LOP3.LUT R7, R6, 0x1, RZ, 0xc0, !PT",
            "ISETP.NE.AND P0, PT, R7, RZ, PT",
            "@P0 BRA LJOIN",
            "LDS R3, [R0]",
            "LJOIN:", "BSYNC B3",
            "LNEXT:", "VIADD R2, R2, 0x1", "ISETP.LT.U32.AND P1, PT, R2, R4, PT",
            "@P1 BRA LTOP",
            "BSYNC B2",
            "LOUT:", "LDS R8, [R0]", "EXIT"]
    instrs = _program(text)
    return instrs, _index(instrs, "LDS R3, [R0]"), _index(instrs, "LDS R8, [R0]")


def test_lanes_that_left_a_loop_wait_at_its_end_while_the_others_run_an_if_in_it():
    instrs, inside, after = _inner_loop()
    got = sr.Replay(instrs, (inside, after)).run(sr.Launch((2, 1, 1), (64, 1, 1)))
    assert got[inside] == (12, 12) and got[after] == (4, 4)     # 4 warps: 3 runs each inside, 1 after


def test_lanes_of_different_trips_of_an_outer_loop_do_not_meet():
    """Groups at one BSYNC holding lanes of several warps, each warp in its own trip of the loop around it: a warp's
    lanes meet where they are in the same trip (``Replay._rows``), and stay apart where not (were they merged, the
    warp's runs in two trips would be counted as one)."""
    instrs, _, _ = _inner_loop()
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((1, 1, 1), (32, 1, 1))
    rp.merging = True
    bssy = next(i for i, ins in enumerate(instrs) if ins.op == "BSSY" and ins.ops[0] == "B3")
    join = next(i for i, ins in enumerate(instrs) if ins.addr == instrs[bssy].target) - 1     # the BSYNC B3
    # each group: 16 lanes of warp 0 in the loop's first trip, 16 of warp 1 in its second
    a = sr._Group(np.r_[0:16, 32:48], join, {}, {}, {})
    b = sr._Group(np.r_[16:32, 48:64], join, {}, {}, {})
    for g in (a, b):
        g.open = (("B3", join + 1, np.int8(0), True),)
        g.visits = {bssy: np.where(g.lanes < 32, 1, 2)}
    rp.launch = sr.Launch((1, 1, 1), (64, 1, 1))
    work = [a, b]
    first = rp._lowest(work)
    assert sorted(first.lanes.tolist()) == list(range(64)) and not work     # each warp met, both run on as one
    b.visits = {bssy: np.where(b.lanes < 32, 2, 2)}     # warp 0's second half in the second trip: apart
    work = [a, b]
    first = rp._lowest(work)
    assert sorted(len(g.lanes) for g in [first, *work]) == [16, 48]
