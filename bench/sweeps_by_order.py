"""How many sweeps SParry's spfaKernelForSSSP takes over its graph, by the order its warps run in.

    python bench/sweeps_by_order.py [--out bench/results/sweeps-by-order-<date>.json]

The kernel relaxes every edge of vertex u in thread u (100 vertices: warps 0-3 of its 1,024 threads) with
``atomicMin(&dist[v], dist[u] + W[adj])`` and sweeps again while any distance fell. An atomicMin lands at
once, so a warp that runs after another in a sweep may already see that warp's lower distances: how many
sweeps the relaxation takes is the order the warps' atomics land in. This replays the sweeps in numpy for
every order of the four warps, two ways: warps taking turns trip by trip (one inner-loop trip of one warp's
lanes at a time, dist[u] read afresh each trip, as the SASS reloads it) and each warp running all its trips
before the next starts. docs/FIDELITY.md, the nineteenth unseen suite's Fixed note.
"""
from __future__ import annotations

import argparse
import datetime as dt
import itertools
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "collection"))
from references import SPARRY_INF, sparry_graph  # noqa: E402


def sweeps(order, interleaved: bool) -> int:
    g = sparry_graph()
    V, E, W, n = g["V"], g["E"], g["W"], g["n"]
    d = np.where(np.arange(n) == 0, 0, SPARRY_INF).astype(np.int64)
    warps = [list(range(32 * w, min(32 * w + 32, n))) for w in order]
    trips = {w[0]: max(V[u + 1] - V[u] for u in w) for w in warps}
    s = 0
    while True:
        s += 1
        changed = False
        if interleaved:
            steps = [(w, t) for t in range(max(trips.values())) for w in warps if t < trips[w[0]]]
        else:
            steps = [(w, t) for w in warps for t in range(trips[w[0]])]
        for w, t in steps:
            for v, c in [(E[V[u] + t], d[u] + W[V[u] + t]) for u in w if V[u] + t < V[u + 1]]:
                if c < d[v]:
                    d[v] = c
                    changed = True
        if not changed:
            return s


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None)
    a = ap.parse_args()
    date = dt.date.today().isoformat()
    doc = {"date": date, "what": __doc__.strip().splitlines()[0], "warps": 4, "orders": {}}
    for mode in ("interleaved", "warp_after_warp"):
        doc["orders"][mode] = {"".join(map(str, o)): sweeps(o, mode == "interleaved")
                               for o in itertools.permutations(range(4))}
        counts = {}
        for v in doc["orders"][mode].values():
            counts[v] = counts.get(v, 0) + 1
        print(mode, "sweeps: orders", dict(sorted(counts.items())))
    out = Path(a.out or ROOT / "bench" / "results" / f"sweeps-by-order-{date}.json")
    out.write_text(json.dumps(doc, indent=1))
    print("wrote", out)


if __name__ == "__main__":
    main()
