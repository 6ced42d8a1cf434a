"""Which loops' remainder-copy shapes (tilelab/emu/counters/remainder_loop.structure) a change decides otherwise.

For every launch bench/fidelity.py lists (or those --only names), each kernel once: its candidate loops
(remainder_loop.candidates) and, for each, structure() of this tree's module and of another version of it (a file:
`git show main:tilelab/emu/counters/remainder_loop.py > /tmp/old.py`). The shape is read from the PTX and the SASS
only, not from a launch's data: where the two agree, no launch of the kernel can count otherwise through it; where
they differ, the launches are the ones to re-compare. Usage:
python bench/remainder_shapes.py OLD_MODULE.py OUT.json [--only IDS]
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import fidelity as fid  # noqa: E402
from tilelab.emu import calls  # noqa: E402
from tilelab.emu.counters import remainder_loop as new  # noqa: E402
from tilelab.emu.machine import parsed  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old")
    ap.add_argument("out")
    ap.add_argument("--only", default="")
    a = ap.parse_args(argv)
    spec = importlib.util.spec_from_file_location("tilelab.emu.counters._old_remainder_loop", a.old)
    old = importlib.util.module_from_spec(spec)
    old.__package__ = "tilelab.emu.counters"
    spec.loader.exec_module(old)
    t0 = time.time()
    seen, diffs, errors, n, nc = set(), [], [], 0, 0
    for L in fid.launches(a.only):
        try:
            k = L.make()[0]
        except Exception as e:             # noqa: BLE001  (a launch this machine cannot build)
            errors.append([L.id, str(e).splitlines()[0][:120]])
            continue
        if (k.program.ptx, k.entry) in seen:
            continue
        seen.add((k.program.ptx, k.entry))
        n += 1
        module = parsed(k.program.ptx)
        fn = calls.link(module, module.entry(k.entry))
        files = dict(module.files)
        pcs = new.candidates(fn)
        if not pcs:
            continue
        nc += 1
        for loop in sorted(set(pcs.values())):
            group = [p for p in pcs if pcs[p] == loop]
            got = []
            for mod in (old, new):
                k.program.__dict__.pop("_remainder_shapes", None)     # each version reads the SASS afresh
                got.append(mod.structure(k, fn, files, "sm_90", loop, group)[0])
            k.program.__dict__.pop("_remainder_shapes", None)
            if got[0] != got[1]:
                diffs.append({"launch": L.id, "loop": list(loop), "old": got[0], "new": got[1]})
    out = {"command": "python bench/remainder_shapes.py " + " ".join(argv if argv is not None else sys.argv[1:]),
           "kernels": n, "with_candidates": nc, "differ": diffs, "errors": errors, "seconds": round(time.time() - t0)}
    Path(a.out).write_text(json.dumps(out, indent=1) + "\n")
    print(f"{n} kernels, {nc} with candidate loops, {len(diffs)} loops decided otherwise; {len(errors)} not built")
    return 0


if __name__ == "__main__":
    sys.exit(main())
