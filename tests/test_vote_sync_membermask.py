"""vote.sync counts only the lanes each lane's membermask names (the unseen175 suite, Hashinator's virtual warps).

Lanes of one warp may vote at once in disjoint groups, each with its own mask: Hashinator's insert kernel with 8 keys a
warp runs 4-lane virtual warps, each asking ``__any_sync(submask, done)`` of its 4 lanes. The emulator counted the
whole warp, so one group's ``done`` ended every group: 8 of 60 keys went in (tilelab/emu/isa.py ``h_vote``)."""
from __future__ import annotations

import numpy as np

import tilelab as tl

GROUPS = r"""
__global__ void groups(unsigned *any, unsigned *all, unsigned *ballot) {
    unsigned lane = threadIdx.x & 31, g = lane / 4;
    unsigned mask = 0xFu << (4 * g);
    bool p = lane == 5;                      // one lane of group 1
    bool q = lane / 4 != 2 || lane == 9;     // group 2: one lane of four
    any[threadIdx.x] = __any_sync(mask, p);
    all[threadIdx.x] = __all_sync(mask, q);
    ballot[threadIdx.x] = __ballot_sync(mask, lane % 3 == 0);
}
"""


def test_each_lane_votes_among_its_own_mask():
    k = tl.compile_cuda(GROUPS, filename="groups.cu").kernels["groups"]
    any_, all_, ballot = (np.zeros(32, np.uint32) for _ in range(3))
    tl.launch(k, 1, 32, any_, all_, ballot, backend="emu", echo=False)
    lane = np.arange(32)
    np.testing.assert_array_equal(any_, lane // 4 == 1)
    np.testing.assert_array_equal(all_, lane // 4 != 2)
    want = sum(1 << i for i in range(32) if i % 3 == 0)
    np.testing.assert_array_equal(ballot, [want & (0xF << (4 * (i // 4))) for i in lane])
