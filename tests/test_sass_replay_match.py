"""A ``__shfl_sync`` with a ballot for its mask, replayed (tilelab/emu/counters/sass_replay.py; docs/FIDELITY.md,
"the twenty-fourth round").

Why: CMS Patatrack's block prefix scan shuffles with ``mask = __ballot_sync(mask, i + blockDim.x < size)``. Before a
shuffle or a ballot whose mask is not a constant, ptxas checks the mask:

    MATCH.ANY R0, R15          lanes whose mask equals mine
    REDUX.OR  UR4, R15         every lane's mask, ORed
    VOTEU.ANY UR5, UPT, PT     the lanes running here
    LOP3.LUT  P0, RZ, R15, UR5, R0, 0x40, !PT      (some lane running here names another mask)
    @!P0 BRA.DIV UR4, slow     a lane the mask names is not here: the WARPSYNC.COLLECTIVE path

The replay computed none of ``MATCH``, ``REDUX`` and a predicated ``BRA.DIV`` with a mask, so it gave up from the scan
on, and the clusterizer's later loops (``findClus``) stayed undecided: 4 totals, 3 of them equal to the H100's in value.
Second, the lanes of the scan's last trip run the ballot while their warp-mates that left the loop wait at the
``__syncthreads()`` after it; the replay now knows those cannot come to the ballot before the barrier
(``Replay._others_wait``, ``_held``) when it merges paths.
"""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.emu.counters import sass_replay as sr
from conftest import needs_cubin

CHECK = ["MATCH.ANY R0, R15", "REDUX.OR UR4, R15", "VOTEU.ANY UR5, UPT, PT",
         "LOP3.LUT P0, RZ, R15, UR5, R0, 0x40, !PT"]


def _program(prologue: list[str]) -> tuple[list, int, int]:
    """``prologue`` (leaving the mask in R15), the check above, ``@!P0 BRA.DIV`` to a slow path; each path one LDS.
    Returns the instructions and the indices of the fast and slow paths' loads."""
    lines = list(prologue) + CHECK
    n = len(lines)
    slow = 0x10 * (n + 3)
    lines += [f"@!P0 BRA.DIV UR4, {slow:#x}", "LDS R2, [RZ]", "EXIT", "LDS R3, [RZ]", "EXIT"]
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(lines)]
    return instrs, n + 1, n + 3


def test_a_ballot_mask_naming_only_lanes_here_takes_the_fast_path():
    instrs, fast, slow = _program(["S2R R1, SR_TID.X", "ISETP.LT.U32.AND P1, PT, R1, 0x10, PT",
                                   "VOTE.ANY R15, PT, P1"])
    got = sr.Replay(instrs, (fast, slow)).run(sr.Launch((2, 1, 1), (64, 1, 1)))
    assert got[fast] == (4, 4) and got[slow] == (0, 0), got      # 4 warps, each converged on its mask


def test_a_mask_naming_a_lane_that_left_is_not_taken_as_converged():
    """Lanes 16..31 leave first; the mask names all 32: whether the hardware calls that diverged is not known."""
    instrs, fast, slow = _program(["S2R R1, SR_TID.X", "ISETP.GE.U32.AND P1, PT, R1, 0x10, PT", "@P1 EXIT",
                                   "MOV R15, 0xffff0fff"])
    with pytest.raises(sr.GiveUp):
        sr.Replay(instrs, (fast, slow)).run(sr.Launch((1, 1, 1), (32, 1, 1)))


def _values(lines: list[str], tid_limit: int = 32) -> dict:
    """Run straight-line SASS for one warp of 32 lanes (R1 = the lane); the per-lane registers it sets."""
    instrs = [sr.instruction(0x10 * i, t) for i, t in enumerate(["S2R R1, SR_TID.X", *lines, "EXIT"])]
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((1, 1, 1), (tid_limit, 1, 1))
    g = sr._Group(np.arange(tid_limit), 0, {}, {}, {})
    for i, ins in enumerate(instrs[:-1]):
        g.pc = i
        rp._step(g, ins, rp._pred(g, ins.pred) if ins.pred else None)
    return {k: np.broadcast_to(np.asarray(v), (tid_limit,)) for k, v in {**g.regs, **g.preds}.items()
            if not isinstance(v, sr.Unknown)}


def test_match_any_and_redux_against_python():
    r = _values(["LOP3.LUT R2, R1, 0x3, RZ, 0xc0, !PT",         # lane & 3: four classes
                 "MATCH.ANY R3, R2", "REDUX.OR UR6, R1", "REDUX.SUM UR7, R1", "REDUX.MIN.S32 UR8, R1",
                 "REDUX.XOR UR9, R1", "R2UR P2, URZ, R2", "R2UR P3, URZ, UR6"])
    lanes = np.arange(32)
    want = [sum(1 << j for j in lanes if j % 4 == i % 4) for i in lanes]
    assert r["R3"].tolist() == want
    assert set(r["UR6"].tolist()) == {31} and set(r["UR7"].tolist()) == {sum(range(32))}
    assert set(r["UR8"].tolist()) == {0}
    x = 0
    for j in lanes:
        x ^= int(j)
    assert set(r["UR9"].tolist()) == {x}
    assert not r["P3"].any()                  # one value over the warp: P off, the BRA.DIV after runs
    assert "P2" not in r                      # values differ: not known (what ptxas's predicate says then)


def test_match_any_of_a_partial_warp_names_only_its_lanes():
    r = _values(["MATCH.ANY R3, RZ"], tid_limit=20)
    assert set(r["R3"].tolist()) == {(1 << 20) - 1}


@needs_cubin
def test_patatracks_findclus_is_decided():
    """The clusterizer (collection/pxtrk_gpuClustering.cu, launched as its manifest entry): its block prefix scan's
    ballot-masked shuffles, then the neighbour loops whose copies ptxas made otherwise than the model: each line
    decided by the replay (before: "gave up: the predicate of BRA at 0x0a40 depends on MATCH")."""
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    from collection import run
    from tilelab.launch import launch
    entry = next(e for e in run.load() if e["file"] == "pxtrk_gpuClustering.cu" and e["name"].endswith("findClus"))
    k = run.compile_entry(entry)
    args, named, symbols = run.inputs(entry)
    r = launch(k, tuple(entry["grid"]), tuple(entry["block"]), *args, backend="emu", echo=False,
               counts="sass", arch="sm_90")
    rows = [row for row in r.per_line if row.get("global_ld_requests") or row.get("global_st_requests")]
    assert rows
    undecided = [(row["line"], row.get("why")) for row in rows if row.get("undecided")]
    assert not undecided, undecided
    assert any("replay" in (row.get("why") or "") for row in rows)
