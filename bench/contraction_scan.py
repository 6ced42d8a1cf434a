#!/usr/bin/env python
"""Which launches' FMA contraction plans (tilelab/emu/contraction.py) a change moves: every kernel of the collection
built, its plan at this commit against the plan of another contraction.py (an older commit's), and for each launch
whose fused pairs (the plan's actions) differ, how many output elements the emulator computes otherwise.

    python bench/contraction_scan.py OLD_CONTRACTION_PY OUT.json       # e.g. git show ed32ccc:tilelab/emu/contraction.py

The plan decides values only (which mul + add the emulator rounds once), never a count.
"""
from __future__ import annotations

import datetime as dt
import importlib.util
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from collection import run  # noqa: E402
from tilelab.emu import calls, contraction  # noqa: E402
from tilelab.emu.machine import parsed  # noqa: E402


def _old(path: str):
    spec = importlib.util.spec_from_file_location("tilelab.emu.contraction_old", path)
    mod = importlib.util.module_from_spec(spec)
    mod.__package__ = "tilelab.emu"
    sys.modules[spec.name] = mod
    spec.loader.exec_module(mod)
    return mod


def _fn(entry):
    k = run.compile_entry(entry)
    module = parsed(k.program.ptx)
    return k, calls.link(module, module.entry(k.entry)), dict(module.files)


def _plan(planner, k, fn, files):
    fn.__dict__.pop("_contraction", None)
    try:
        return planner(k, fn, files, "sm_90")
    finally:
        fn.__dict__.pop("_contraction", None)


def _outputs(entry, planner):
    real = contraction.plan_for
    contraction.plan_for = planner
    try:
        k, fn, files = _fn(entry)
        fn.__dict__.pop("_contraction", None)
        _, after, _ = run.run_emu(entry)
        fn.__dict__.pop("_contraction", None)
        return {n: v.copy() for n, v in after.items() if isinstance(v, np.ndarray)}
    finally:
        contraction.plan_for = real


def main(argv=None) -> int:
    a = argv if argv is not None else sys.argv[1:]
    if len(a) != 2:
        print(__doc__)
        return 2
    old = _old(a[0])
    rows, seen, errors, n = [], set(), [], 0
    for e in run.load():
        key = (e["file"], e["name"], tuple(e.get("options", ())))
        if key in seen:
            continue
        seen.add(key)
        try:
            k, fn, files = _fn(e)
        except Exception as ex:                                  # noqa: BLE001  (a build that fails, listed)
            errors.append({"file": e["file"], "kernel": e["name"], "error": str(ex).splitlines()[0][:160]})
            continue
        n += 1
        p0, p1 = _plan(old.plan_for, k, fn, files), _plan(contraction.plan_for, k, fn, files)
        if p0.actions == p1.actions and p0.lines == p1.lines and p0.notes == p1.notes:
            continue
        row = {"file": e["file"], "kernel": e["name"], "actions_differ": p0.actions != p1.actions,
               "lines": {f"{w[0]}:{w[1]}": [p0.lines.get(w), p1.lines.get(w)] for w in sorted(set(p0.lines) | set(p1.lines))
                         if p0.lines.get(w) != p1.lines.get(w)},
               "notes_before": len(p0.notes), "notes_after": len(p1.notes)}
        if row["actions_differ"]:
            launches = {}
            for x in (x for x in run.load() if x["file"] == e["file"] and x["name"] == e["name"]):
                o0, o1 = _outputs(x, old.plan_for), _outputs(x, contraction.plan_for)
                launches[x.get("launch", "")] = {nm: int((o0[nm].view(np.uint8).reshape(o0[nm].size, -1)
                                                          != o1[nm].view(np.uint8).reshape(o1[nm].size, -1)).any(1).sum())
                                                 for nm in o1 if o1[nm].size}
            row["elements_that_differ"] = launches
        rows.append(row)
    doc = {"date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
           "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True).stdout.strip(),
           "what": __doc__.strip().splitlines()[0], "kernels": n, "build_errors": errors, "moved": rows}
    Path(a[1]).write_text(json.dumps(doc, indent=1) + "\n")
    print(f"{n} kernels, {len(errors)} not built, {len(rows)} plans moved "
          f"({sum(r['actions_differ'] for r in rows)} in their fused pairs)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
