"""Which mul + add pairs ptxas's FMA contraction model (tilelab/emu/contraction.py) fuses, leaves apart or leaves
undecided, line by line, for every distinct kernel the fidelity launches compile (sm_90, no launch run): written as
JSON, so two runs (before and after a change to the model) can be diffed. Used to show which launches' results a
change can touch (docs/FIDELITY.md).

    python bench/contraction_lines_scan.py OUT.json[.gz] [--only SUBSTRINGS]
    python bench/contraction_lines_scan.py --diff OLD.json NEW.json
"""
from __future__ import annotations

import argparse
import gzip
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))


def scan(out: str, only: str) -> int:
    from plan_scan import distinct_kernels
    from tilelab.emu import calls, contraction
    rows, failed, t0 = {}, [], time.time()
    for L, k, module in distinct_kernels(only, failed):
        plan = contraction.plan_for(k, calls.link(module, module.entry(k.entry)), dict(module.files), "sm_90")
        rows[L.id] = {"lines": {f"{f}:{l}": v for (f, l), v in sorted(plan.lines.items())},
                      "fused_adds": sorted(pc for pc, a in plan.actions.items() if a[0] == "fuse")}
    failed = [list(x) for x in failed]
    text = json.dumps({"kernels": len(rows), "not_compiled": failed, "seconds": round(time.time() - t0),
                       "rows": rows}, indent=0)
    Path(out).write_bytes(gzip.compress(text.encode()) if out.endswith(".gz") else text.encode())
    print(f"kernels {len(rows)}, not compiled {len(failed)}, seconds {time.time() - t0:.0f}; wrote {out}")
    return 0


def diff(old: str, new: str) -> int:
    a, b = (json.loads(gzip.decompress(Path(p).read_bytes()) if p.endswith(".gz") else Path(p).read_bytes())["rows"]
            for p in (old, new))
    changed = 0
    for lid in sorted(set(a) | set(b)):
        if a.get(lid) != b.get(lid):
            changed += 1
            la, lb = (a.get(lid) or {}).get("lines", {}), (b.get(lid) or {}).get("lines", {})
            moved = {ln: (la.get(ln), lb.get(ln)) for ln in sorted(set(la) | set(lb)) if la.get(ln) != lb.get(ln)}
            print(lid, moved or "(the same lines; other pairs fused)")
    print(f"{changed} of {len(set(a) | set(b))} kernels changed")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out", nargs="?")
    ap.add_argument("--only", default="", help="comma-separated substrings of launch ids")
    ap.add_argument("--diff", nargs=2, metavar=("OLD", "NEW"))
    a = ap.parse_args(argv)
    return diff(*a.diff) if a.diff else scan(a.out, a.only)


if __name__ == "__main__":
    raise SystemExit(main())
