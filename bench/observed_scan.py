"""Which fidelity launches' SASS replay can read more loaded values since the loads kept for it include 64-bit ones
(tilelab/emu/counters/observed.py; docs/FIDELITY.md, "a thirty-fifth unseen suite"). Without running a launch: per
distinct compiled kernel, its count plan for sm_90 and its candidate loads; the loads are kept only for a plan with
pools (emu/machine.py), so a kernel is affected where its plan has pools and a candidate is a 64-bit load (the old
code took only 32-bit ones).

    python bench/observed_scan.py OUT.json [ONLY]      (from the repository root; ONLY as bench/fidelity.py's --only)
"""
from __future__ import annotations

import json
import sys

sys.path.insert(0, "bench")
import plan_scan  # noqa: E402

from tilelab.emu.counters.observed import candidates, width  # noqa: E402


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    only = argv[1] if len(argv) > 1 else ""
    failed, rows = [], []
    for L, k, fn, plan in plan_scan.plans(only, failed):
        if plan is None:
            continue
        pcs = candidates(fn)
        wide = [pc for pc in pcs if width(fn.instrs[pc]) == 8]
        copies, pools = bool(plan.copies), bool(getattr(plan, "pools", None))
        affected = pools and bool(wide)
        rows.append({"launch": L.id, "copies": copies, "pools": pools, "candidates": len(pcs), "wide": len(wide),
                     "affected": affected})
    out = {"command": "python bench/observed_scan.py " + " ".join(argv), "kernels": len(rows),
           "affected": [r["launch"] for r in rows if r["affected"]], "failed": failed, "rows": rows}
    json.dump(out, open(argv[0], "w"), indent=1)
    print(f"{len(rows)} kernels with a count plan, {len(out['affected'])} affected: {out['affected']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
