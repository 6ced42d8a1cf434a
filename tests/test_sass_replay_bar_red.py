"""``__syncthreads_or`` and its kin in the SASS replay (tilelab/emu/counters/sass_replay.py, ``_bar_red``): ptxas writes
``bar.red.or.pred`` as ``BAR.RED.OR.DEFER_BLOCKING 0x0, P0`` and ``B2R.RESULT RZ, P1``, and CuSha's GS kernel exits on
that predicate (``if (__syncthreads_or(flag))``). The replay computed neither, so every line whose count it was asked
for after the barrier gave up ("the predicate of EXIT depends on B2R"). Now the result is the block's reduction where
the replaying group holds every thread of its blocks, and otherwise what the launch's own ``bar.red`` gave each thread
in that barrier's epoch (counters/observed.py keeps it, machine._reduce_votes)."""
from __future__ import annotations

import numpy as np
import pytest

from tilelab.emu.counters import observed as ob
from tilelab.emu.counters import sass_replay as sr


def _replay(kind: str, lanes, p, tpb: int, observed=None, epoch=2):
    """Run ``BAR.RED.<kind> 0x0, P0; B2R.RESULT R4, P1`` for a group of ``lanes`` with P0 = ``p``; (R4, P1)."""
    instrs = [sr.instruction(0x0, f"BAR.RED.{kind}.DEFER_BLOCKING 0x0, P0"),
              sr.instruction(0x10, "B2R.RESULT R4, P1"), sr.instruction(0x20, "EXIT")]
    rp = sr.Replay(instrs, ())
    rp.launch = sr.Launch((4, 1, 1), (tpb, 1, 1), b"", 0, "sm_90", observed=observed)
    g = sr._Group(np.asarray(lanes), 0, {}, {"P0": np.asarray(p, dtype=bool)}, {}, epoch=epoch)
    for pc in (0, 1):
        g.pc = pc
        rp._step(g, instrs[pc], None)
    return g.regs["R4"], g.preds["P1"]


@pytest.mark.parametrize("kind", ["OR", "AND", "POPC"])
def test_a_group_of_whole_blocks_reduces_per_block(kind):
    rng = np.random.default_rng(3)
    tpb = 64
    lanes = np.arange(4 * tpb)
    p = rng.random(len(lanes)) < np.repeat([0.0, 0.02, 0.5, 1.0], tpb)    # none, a few, half, all per block
    r4, p1 = _replay(kind, lanes, p, tpb)
    count = p.reshape(4, tpb).sum(axis=1)
    want = {"OR": count > 0, "AND": count == tpb, "POPC": count}[kind]
    want = np.repeat(np.asarray(want, dtype=np.uint32), tpb)
    assert np.array_equal(np.broadcast_to(r4, lanes.shape), want)
    assert np.array_equal(np.broadcast_to(p1, lanes.shape), want != 0)


def test_part_of_a_block_is_unknown_without_the_launchs_result_and_known_with_it():
    """One warp of each 64-thread block: the other warp's votes are not in the group. The launch's own results, kept
    per thread and epoch, decide it; asked for another epoch they do not."""
    tpb = 64
    lanes = np.concatenate([np.arange(32), np.arange(64, 96)])
    p = np.zeros(len(lanes), bool)
    r4, p1 = _replay("OR", lanes, p, tpb)
    assert isinstance(r4, sr.Unknown) and isinstance(p1, sr.Unknown)
    kept = ob.Observed.for_launch(_bar_red_fn(), 2 * tpb)
    assert kept is not None and kept.barrier_pc(0)
    votes = np.array([1] * 64 + [0] * 64, dtype=np.uint32)        # block 0's other warp voted, block 1's none
    kept.keep_bar_red(0, np.arange(2 * tpb), votes, np.full(2 * tpb, 2))
    r4, p1 = _replay("OR", lanes, p, tpb, observed=kept, epoch=2)
    assert np.array_equal(np.broadcast_to(p1, lanes.shape), np.repeat([True, False], 32))
    r4, p1 = _replay("OR", lanes, p, tpb, observed=kept, epoch=3)
    assert isinstance(p1, sr.Unknown)


def _bar_red_fn():
    """A parsed entry whose only instruction of note is a ``bar.red.or.pred`` at pc 0."""
    from tilelab.emu.ptx import parse
    mod = parse(""".version 8.0
.target sm_90
.address_size 64
.visible .entry k()
{
  .reg .pred %p<3>;
  bar.red.or.pred %p1, 0, %p2;
  ret;
}
""")
    return mod.functions["k"]
