#!/usr/bin/env python3
"""What each exercise's cells need: every code cell of every solution notebook executed on the
emulator (the slower backend) and timed, one kernel per notebook, as autograde runs a
submission. ``make grade`` derives each assignment's per-cell limit from the newest recording
(grading/cell_limits.py). The solution's grade cells run the full self-check, which autograde
skips, so the recorded times bound what a right answer's cells take.

    .venv/bin/python bench/cell_times.py [NAMES...]      # -> bench/results/cell-times-<date>.json
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def time_notebook(path: Path) -> list[dict]:
    import nbformat
    from nbclient import NotebookClient
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=3600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}})
    out = []
    with client.setup_kernel():
        for i, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            t0 = time.monotonic()
            client.execute_cell(cell, i)
            meta = cell.metadata.get("nbgrader", {})
            out.append({"index": i, "grade_id": meta.get("grade_id", ""), "grade": bool(meta.get("grade")),
                        "seconds": round(time.monotonic() - t0, 3)})
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("names", nargs="*", help="assignments (default: every folder of solutions/)")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    ap.add_argument("--tag", default="")
    args = ap.parse_args()
    os.environ["TILELAB_BACKEND"] = "emu"
    os.environ["TILELAB_PROGRESS"] = "0"
    names = args.names or sorted(p.name for p in (ROOT / "solutions").iterdir() if any(p.glob("*.ipynb")))
    record = {"benchmark": "cell_times", "date": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds"),
              "command": " ".join([Path(sys.executable).name] + sys.argv),
              "commit": subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True,
                                       text=True).stdout.strip(),
              "machine": {"host": platform.node(), "cores": os.cpu_count(), "python": platform.python_version()},
              "backend": "emu", "load_before": os.getloadavg(), "assignments": {}}
    for a in names:
        for path in sorted((ROOT / "solutions" / a).glob("*.ipynb")):
            t0 = time.monotonic()
            cells = time_notebook(path)
            record["assignments"].setdefault(a, {})[path.stem] = cells
            print(f"{a}/{path.name}: {len(cells)} code cells, slowest {max(c['seconds'] for c in cells):.1f} s, "
                  f"all {time.monotonic() - t0:.1f} s", flush=True)
    record["load_after"] = os.getloadavg()
    out = Path(args.out) / f"cell-times-{dt.date.today().isoformat()}{'-' + args.tag if args.tag else ''}.json"
    out.write_text(json.dumps(record, indent=1) + "\n")
    print(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
