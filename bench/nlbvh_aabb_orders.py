"""set_aabb (collection/nlbvh_build.cu, cuda-lbvh's bottom-up box pass): how many warp trips go on up the tree
under different orders of the warps' atomicAdd on the nodes' visit counters.

A lane goes on up from a node only if it is the second of the node's two children to reach its counter; each warp
trip on which some lane goes on issues 4 fence pads (@!PT LDS), 15 loads and 6 stores (the SASS). Which child is
second is the order the atomics land: this walks the manifest's tree (references.nlbvh_after_internal) with the
warps' lanes in lockstep and counts those trips under a few fixed orders and 200 random interleavings of the warps.
Run: python bench/nlbvh_aabb_orders.py (prints the counts; docs/FIDELITY.md, "set_aabb").
"""
from __future__ import annotations

import random
import sys
from collections import Counter
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "collection"))
import references as R  # noqa: E402

N = 1500


def trips(pick, lanes=1) -> int:
    """Warp trips with a lane going on, the next warp to run one trip chosen by ``pick`` (its lanes' atomics in
    lane order, or reversed with lanes=-1)."""
    paren = R.nlbvh_after_internal()[:, 2]
    visited = np.zeros(2 * N - 1, int)
    cur = {w: [paren[N - 1 + t] for t in range(w * 32, min(N, w * 32 + 32))] for w in range((N + 31) // 32)}
    on = 0
    while True:
        live = [w for w in cur if cur[w]]
        if not live:
            return on
        w = pick(live)
        nxt = []
        for node in cur[w][::lanes]:
            if node == -1:
                continue
            visited[node] += 1
            if visited[node] == 2:
                nxt.append(paren[node])
        on += bool(nxt)
        cur[w] = nxt


def main():
    turn = [0]

    def rr(live):
        turn[0] += 1
        return live[turn[0] % len(live)]
    print("warps in order, each to its end:", trips(lambda live: live[0]))
    print("warps in reverse order, each to its end:", trips(lambda live: live[-1]))
    print("round robin, a trip each:", trips(rr))
    rng = random.Random(1)
    got = [trips(lambda live: rng.choice(live)) for _ in range(200)]
    print("200 random interleavings: min", min(got), "max", max(got), sorted(Counter(got).items()))


if __name__ == "__main__":
    main()
