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

import fidelity as F  # noqa: E402
from tilelab.emu import calls  # noqa: E402
from tilelab.emu.counters import sass_model as sm  # noqa: E402
from tilelab.emu.ptx import parsed  # noqa: E402


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
    seen, n, failed, t0 = set(), 0, [], time.time()
    for L in F.launches(a.only):
        try:
            k, _, _ = L.make()
        except Exception as e:             # a kernel that does not compile has no plan
            failed.append((L.id, type(e).__name__))
            continue
        key = (k.program.ptx, k.entry)
        if key in seen:
            continue
        seen.add(key)
        cur[0], n = L.id, n + 1
        module = parsed(k.program.ptx)
        sm.build_plan(k, calls.link(module, module.entry(k.entry)), dict(module.files), "sm_90")
    print(f"kernels {n}, not compiled {len(failed)}, seconds {time.time() - t0:.0f}")
    for f in failed:
        print("not compiled", *f)
    for h in hits:
        print("decided", *h)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
