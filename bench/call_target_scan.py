"""Which lines the function-pointer load rule (tilelab/emu/counters/sass_model.py, ``_call_target_only``: an 8-byte
global load read only as an indirect call's target, which ptxas may load as 4 bytes) decides: builds the count plan
of every distinct kernel the fidelity launches compile (sm_90, no launch run) with the rule and without it, and
lists the loads it could apply to ("candidate") and the lines whose decision it changes ("changed").
Used to show which recorded launches the rule can touch (docs/FIDELITY.md).

    python bench/call_target_scan.py [--only SUBSTRINGS]
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
    hits, cur, changed = [], [None, None], []
    rule = sm._call_target_only

    def spy(fn, n_entry, pc):
        got = rule(fn, n_entry, pc)
        if got:
            ins = fn.instrs[pc]
            hits.append((cur[0], cur[1].get(ins.file, "<ptx>"), ins.line))
        return got

    sm._call_target_only = spy
    n, failed, t0 = 0, [], time.time()
    for L, k, module in distinct_kernels(a.only, failed):
        n += 1
        cur[0], cur[1] = L.id, dict(module.files)
        fn = calls.link(module, module.entry(k.entry))
        with_rule = sm.build_plan(k, fn, dict(module.files), "sm_90")
        sm._call_target_only = lambda *a: False
        without = sm.build_plan(k, calls.link(module, module.entry(k.entry)), dict(module.files), "sm_90")
        sm._call_target_only = spy
        for w in sorted(set(with_rule.lines) | set(without.lines)):
            if with_rule.lines.get(w) != without.lines.get(w):
                changed.append((L.id, w, without.lines.get(w), with_rule.lines.get(w)))
    print(f"kernels {n}, not compiled {len(failed)}, seconds {time.time() - t0:.0f}")
    for f in failed:
        print("not compiled", *f)
    for h in hits:
        print("candidate", *h)
    for c in changed:
        print("changed", *c)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
