"""A full-mask vote.sync (__any_sync, __ballot_sync) that the lanes of a warp reach apart: on the GPU each lane
waits there until the mask's other non-exited lanes have executed it, so the vote is the whole warp's. The
emulator voted with whichever lanes had come (EPFL's join_partitioned_results, unseen154: lanes that took its
probe loop's back edge voted again while the others were still at the edge, 20-22 lanes a vote; their shared
buffer pointers, computed from __popc of the ballot, disagreed and the join wrote 1,152 of its 3,009 pairs).
Lanes at a vote.sync whose mates can still come now wait for them, as at a shfl.sync (emu/machine.py,
_vote_meet)."""
import numpy as np

from collection import references, run


def _entry(grid, block):
    e = dict(next(x for x in run.load() if x["name"] == "join_partitioned_results"))
    e["grid"], e["block"] = [grid], [block]
    return e


def test_split_warp_votes_together():
    e = _entry(1, 32)                      # one warp: it alone walks every probe chain
    res, after, before = run.run_emu(e)
    want = references.epflj_join_pairs(before["R"], before["Pr"],
                                       references.epflj_pass2(references.epflj_relation("R"), 3, 2, 32, 2),
                                       before["S"], before["Ps"], before["S_cnts"])
    assert after["results"][0] == len(want) == 3009
    got = references.epflj_out_pairs(after["outputIdxR"], after["outputIdxS"], after["results"])
    assert np.array_equal(got, want)
    assert sorted({f.kind for f in res.findings}) == ["race"]   # the shared buffer read after a shuffle only
