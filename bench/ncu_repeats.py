"""Does a launch's ncu total repeat? The same launches recorded by ncu several times in a row, one process
each, and every total's values side by side (docs/FIDELITY.md: a total that moves between runs is the GPU's
timing and set apart; one that repeats is a property of the kernel the emulator must equal).

    python bench/ncu_repeats.py --only S [--runs 3] [--budget 60] --what "why" --out DIR

On the GPU host (ncu needed). Writes DIR/fidelity-<date>-repeats.json: per launch id, per total, the list of
ncu's values, and "moves": the totals whose values differ; and the first run's rows, so that
`bench/fidelity.py --compare` reads the file as a recording.
"""
from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def record(only: str, budget: int, out: Path) -> tuple[dict, str]:
    """One bench/fidelity.py --ncu-only run in its own process; its recording and command line."""
    cmd = [sys.executable, str(ROOT / "bench" / "fidelity.py"), "--ncu-only", "--only", only,
           "--budget", str(budget), "--out", str(out)]
    subprocess.run(cmd, cwd=ROOT, check=True)
    return json.loads(next(out.glob("fidelity-*.json")).read_text()), " ".join(
        ["python", "bench/fidelity.py", *cmd[2:-1], "DIR"])


def merge(docs: list[dict]) -> dict:
    """Per launch and total, the values of every run in order, and which totals moved."""
    launches: dict[str, dict] = {}
    for doc in docs:
        for row in doc["rows"]:
            per = launches.setdefault(row["id"], {"values": {}})
            for key, value in (row.get("ncu") or {}).items():
                per["values"].setdefault(key, []).append(value)
    for per in launches.values():
        per["moves"] = sorted(k for k, v in per["values"].items() if len(set(v)) > 1)
    return launches


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", required=True, help="as bench/fidelity.py's --only")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--budget", type=int, default=60, help="seconds for each run")
    ap.add_argument("--what", required=True, help="what the repeats are for, kept in the file")
    ap.add_argument("--out", default=str(ROOT / "bench" / "results"))
    a = ap.parse_args(argv)
    docs, cmds = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for k in range(a.runs):
            doc, cmd = record(a.only, a.budget, Path(tmp) / f"run{k + 1}")
            docs.append(doc)
            cmds.append(cmd)
    # the first run's recording whole, so that bench/fidelity.py --compare reads this file too
    result = dict(docs[0], date=dt.date.today().isoformat(), what=a.what, command=cmds,
                  commit=os.environ.get("TILELAB_COMMIT") or docs[0].get("commit"), launches=merge(docs))
    out = Path(a.out) / f"fidelity-{result['date']}-repeats.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result, indent=1, default=str))
    for lid, per in result["launches"].items():
        print(lid, "moves: " + (", ".join(per["moves"]) or "none"))
        for key in per["moves"]:
            print(f"    {key}: {per['values'][key]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
