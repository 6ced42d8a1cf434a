"""The emulator's totals in both counting modes against ncu's, on the CPU, from a recording.

bench/fidelity.py measures ncu on a GPU (bench/results/fidelity-<date>.json). This re-runs the
same launches on the emulator with counts="ptx" and counts="sass" (tilelab/emu/sass_model.py)
and says, per kernel and metric, which equal ncu's. No GPU needed.

    python bench/fidelity_sass.py [bench/results/fidelity-2026-11-29.json]
Writes bench/results/fidelity_sass-<date>.json and prints a table.
"""
from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

KEYS = ("shared_ld_requests", "shared_ld_wavefronts", "shared_st_requests", "shared_st_wavefronts",
        "global_ld_requests", "global_ld_sectors", "global_st_requests", "global_st_sectors")


def main(argv=None):
    import fidelity
    argv = sys.argv[1:] if argv is None else argv
    src = Path(argv[0]) if argv else sorted((ROOT / "bench" / "results").glob("fidelity-20*.json"))[-1]
    rec = json.loads(src.read_text())
    # the kernels/ rows (recordings before 2026-12-01 have no id; later ones name every launch)
    ncu = {r.get("id") or f"kernels/{r['file']}:{r['kernel']}": r["ncu"] for r in rec["rows"]
           if r.get("ncu") and r.get("source", "kernels") == "kernels"}
    rows, equal = [], {"ptx": 0, "sass": 0}
    for L in fidelity.launches(only="kernels/"):
        if L.id not in ncu:
            continue
        f, name, grid, block = L.file, L.name, L.grid, L.block
        row = {"file": f, "kernel": name, "grid": list(grid), "block": list(block), "ncu": ncu[L.id]}
        for mode in ("ptx", "sass"):
            m = fidelity.emulate(L, counts=mode, arch=rec.get("arch", "sm_90"))["metrics"]
            row[mode] = {key: int(m[key]) for key in KEYS}
            row[mode + "_misses"] = [key for key in KEYS if m[key] != ncu[L.id][key]]
            equal[mode] += len(KEYS) - len(row[mode + "_misses"])
        rows.append(row)
        print(f"{name:24s} ptx misses: {', '.join(row['ptx_misses']) or '-':44s} sass misses: "
              f"{', '.join(row['sass_misses']) or '-'}", flush=True)
    total = len(KEYS) * len(rows)
    print(f"equal to ncu: counts='ptx' {equal['ptx']}/{total}, counts='sass' {equal['sass']}/{total}")
    out = {"date": dt.date.today().isoformat(), "command": " ".join(["python"] + sys.argv),
           "ncu_recording": src.name, "arch": rec.get("arch"),
           "commit": subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True,
                                    text=True).stdout.strip(),
           "equal": {m: f"{v}/{total}" for m, v in equal.items()}, "rows": rows}
    p = ROOT / "bench" / "results" / f"fidelity_sass-{out['date']}.json"
    p.write_text(json.dumps(out, indent=1))
    print(f"wrote {p.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
