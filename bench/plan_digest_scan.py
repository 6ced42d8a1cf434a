"""Every distinct compiled kernel's count plan for sm_90, written out so that two versions of the count model can
be compared kernel by kernel without running a launch (docs/FIDELITY.md, "a thirty-fifth unseen suite": which plans
a change to sass_model.py moves). Per kernel: each line's mode ("sass" or "ptx"), the machine's actions, the pools
and the lines planned the model's way in them (``moved``, ``agreed``).

    python bench/plan_digest_scan.py OUT.json [ONLY]      (from the repository root; ONLY as bench/fidelity.py's --only)
"""
from __future__ import annotations

import json
import sys

sys.path.insert(0, "bench")
import plan_scan  # noqa: E402



def digest(plan) -> dict:
    key = lambda w: f"{w[0]}:{w[1]}"  # noqa: E731
    return {"lines": {key(w): how for w, how in sorted(plan.lines.items())},
            "action": {str(pc): repr(a) for pc, a in sorted(plan.action.items())},
            "pools": {f: [key(w) for w in ws] for f, ws in sorted(plan.pools.items())},
            "moved": {key(w): sorted(pcs) for w, pcs in sorted(plan.moved.items())},
            "agreed": {key(w): sorted(fs) for w, fs in sorted(plan.agreed.items())}}


def main(argv=None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    only = argv[1] if len(argv) > 1 else ""
    failed, rows = [], {}
    for L, k, fn, plan in plan_scan.plans(only, failed):
        rows[L.id] = None if plan is None else digest(plan)
    json.dump({"command": "python bench/plan_digest_scan.py " + " ".join(argv), "failed": failed, "plans": rows},
              open(argv[0], "w"), indent=0)
    print(f"{len(rows)} kernels, {sum(r is not None for r in rows.values())} with a count plan")
    return 0


if __name__ == "__main__":
    sys.exit(main())
