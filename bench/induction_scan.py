"""Which lines the induction-register rule (tilelab/emu/counters/sass_model.py, ``_induction``) decides: builds the
count plan of every distinct kernel the fidelity launches compile (sm_90, no launch run) and lists the lines the rule
decided. Used to show which recorded launches a change to the rule can touch (docs/FIDELITY.md).

    python bench/induction_scan.py [--only SUBSTRINGS]
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from tilelab.emu import calls  # noqa: E402
from tilelab.emu.counters import sass_model as sm  # noqa: E402
from plan_scan import distinct_kernels  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", default="", help="comma-separated substrings of launch ids")
    a = ap.parse_args(argv)
    hits, cur = [], [None]
    rule = sm._induction

    def spy(fn, n_entry, lines, *args, **kw):
        got = rule(fn, n_entry, lines, *args, **kw)
        if got is not None:
            hits.append((cur[0], lines))
        return got

    sm._induction = spy
    n, failed, t0 = 0, [], time.time()
    for L, k, module in distinct_kernels(a.only, failed):
        cur[0], n = L.id, n + 1
        sm.build_plan(k, calls.link(module, module.entry(k.entry)), dict(module.files), "sm_90")
    print(f"kernels {n}, not compiled {len(failed)}, seconds {time.time() - t0:.0f}")
    for f in failed:
        print("not compiled", *f)
    for h in hits:
        print("decided", *h)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
